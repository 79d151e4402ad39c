#!/usr/bin/env python3
"""Build the self-contained static site into ``dist/``.

    .venv/bin/python scripts/build.py [--out dist]

Needs: ``make install-play`` done (node_modules/ with pyodide, workbox-build and the vendored libraries),
and the Python packages ``build`` and ``hatchling`` in the running interpreter
(the Makefile's .venv has them). The only download is MarkupSafe's sdist from PyPI, cached in
``build/cache/`` so later builds are offline.

Layout of the result (any static host, any sub-path):

    dist/index.html, tb-page.mjs, shell.js, shell.css, manifest.webmanifest, ...   <- pwa/
    dist/tb-worker.mjs             the Web Worker that runs Python (snapshot key and wheels filled in)
    dist/tb-snapshot-worker.mjs    makes the memory snapshot it restores
    dist/icons/...                                                            <- public/
    dist/wheels/<py_engine wheel>  built from pyproject.toml
    dist/wheels/<tb_ui wheel>      the Python UI package pwa/tb_ui/, as a wheel (one download)
    dist/wheels/markupsafe-*.whl   MarkupSafe, the UI's escaping: its pure-Python code from the PyPI sdist
    dist/pyodide/                  the Pyodide runtime files the app loads + a lock file that lists nothing
    dist/vendor/                   small browser libraries from npm, each with its licence (idb: IndexedDB
                                   wrapper; idiomorph: the page patched, not replaced; panzoom: pinch/drag
                                   zoom of the Time of Crisis map; lean-qr and jsqr: QR codes drawn and
                                   read, table-qr.mjs)
    dist/version.json              engine version + build hash
    dist/sw.js                     Workbox service worker precaching all of the above
    dist/precache-manifest.json    its manifest, which the page reads on a first visit to fill
                                   the precache with what it already downloaded (not precached)

Every text file also gets precompressed twins (``.br`` when the ``brotli`` module is present,
``.gz`` always) for hosts that serve them (scripts/serve.py does); they are not precached.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "cache"

# MarkupSafe for the UI (keep in step with pyproject.toml's `ui` extra): PyPI's sdist.
MARKUPSAFE_VERSION = "3.0.4"
MARKUPSAFE_SDIST = f"markupsafe-{MARKUPSAFE_VERSION}.tar.gz"
MARKUPSAFE_SHA256 = "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
SKIP_NAMES = {"__pycache__", ".DS_Store", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def die(msg: str) -> None:
    print(f"[build] ERROR: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def skipped(path: Path) -> bool:
    return any(part in SKIP_NAMES for part in path.parts) or path.suffix in SKIP_SUFFIXES


def copy_tree(src: Path, dst: Path, seen: dict[str, Path], skip_dirs: frozenset[str] | set[str] = frozenset()) -> int:
    """Copy every file of src into dst (but not the top-level folders in skip_dirs);
    refuse two sources for one destination."""
    n = 0
    for f in sorted(src.rglob("*")):
        rel = f.relative_to(src)
        if not f.is_file() or skipped(rel) or rel.parts[0] in skip_dirs:
            continue
        key = (dst / rel).as_posix()
        if key in seen:
            die(f"{f} and {seen[key]} both want to be {key}")
        seen[key] = f
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dst / rel)
        n += 1
    return n


def npm_package_dir(name: str) -> Path:
    d = NODE_MODULES / name
    if not (d / "package.json").is_file():
        die(f"{d} missing: run `make install-play` first")
    return d


def npm_version(name: str) -> str:
    return str(json.loads((npm_package_dir(name) / "package.json").read_text())["version"])


def engine_version() -> str:
    text = (ROOT / "py_engine" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.M)
    if not m:
        die("no __version__ in py_engine/__init__.py")
    assert m is not None
    return m.group(1)


def build_wheel(out: Path) -> Path:
    tmp = ROOT / "build" / "wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp), str(ROOT)]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        die("wheel build failed (is `build`/`hatchling` installed in this Python? use .venv/bin/python)")
    wheels = sorted(tmp.glob("*.whl"))
    if len(wheels) != 1:
        die(f"expected one wheel in {tmp}, found {[w.name for w in wheels]}")
    out.mkdir(parents=True, exist_ok=True)
    dest = out / wheels[0].name
    shutil.copy2(wheels[0], dest)
    return dest


# pyodide.asm.mjs creates a one-page *shared* WebAssembly.Memory when it is evaluated, only for
# a sleep (Atomics.wait) in a retry loop on EAGAIN, which the main thread cannot use anyway.
# Creating shared memory without cross-origin isolation makes Chrome report the deprecation
# "SharedArrayBuffer will require cross-origin isolation" (Lighthouse best practices 0.81). The
# build makes that memory lazy: created on the first sleep, i.e. practically never. The exact
# text must be found once, or the build stops (check it again when Pyodide is upgraded).
SHARED_MEMORY_EAGER = ("var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
                       "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}")
SHARED_MEMORY_LAZY = ("var io=null;function so(t){try{return io??=new Int32Array(new WebAssembly.Memory("
                      "{shared:!0,initial:1,maximum:1}).buffer),Atomics.wait(io,0,0,t),!0}catch{return!1}}")


def patch_shared_memory(asm: Path) -> None:
    text = asm.read_text(encoding="utf-8")
    if text.count(SHARED_MEMORY_EAGER) != 1 or text.count("new WebAssembly.Memory({shared") != 1:
        die(f"{asm.name}: the eager shared-memory line is not there exactly once (Pyodide changed?): "
            "update SHARED_MEMORY_EAGER/LAZY in scripts/build.py")
    asm.write_text(text.replace(SHARED_MEMORY_EAGER, SHARED_MEMORY_LAZY), encoding="utf-8")


def build_pyodide(out: Path) -> None:
    src = npm_package_dir("pyodide")
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)
    patch_shared_memory(out / "pyodide.asm.mjs")
    stock = json.loads((src / "pyodide-lock.json").read_text())
    # The app installs its wheels itself (tb-worker.mjs, no micropip): the lock lists nothing.
    lock = {"info": stock["info"], "packages": {}}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# ---- the standard library, trimmed to what the app imports (issue 26 §2) -----------------------

#: Modules the running app imported in the e2e suite (the worker layer, Pyodide's own start):
#: written by scripts/trace_stdlib.py; the build adds what its own analysis finds.
STDLIB_TRACED = ROOT / "scripts" / "stdlib-traced.txt"
#: Packages kept whole: Pyodide's own Python runtime, which imports parts of itself on demand.
STDLIB_WHOLE = ("pyodide", "_pyodide")
#: Kept besides: the codecs of the Unicode encodings and Latin-1 (codecs are looked up by name
#: when text is encoded or decoded, so no import statement names them). The other 120 codecs
#: (313 KB of the 1.2 MB kept otherwise) are left out: nothing of ours reads legacy code pages.
STDLIB_ALWAYS = tuple(f"encodings.{c}" for c in ("aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16",
                                                  "utf_16_le", "utf_16_be", "utf_32", "unicode_escape",
                                                  "raw_unicode_escape"))
#: Our modules not imported under Node: the worker layer talks to a page (it starts only in the
#: app's Web Worker), and the command line (argparse) never runs in the app. The worker layer's
#: imports are read from its source.
STDLIB_NOT_IMPORTED = ("tb_ui.worker", "py_engine.__main__")


def imported_names(paths: list[Path]) -> set[str]:
    """Every absolute module name an ``import`` statement of these sources can load, wherever the
    statement is (in a function too): ``import a.b`` gives a and a.b; ``from a.b import c`` gives
    a, a.b and a.b.c (c may be a submodule). Command lines (``__main__.py``) are left out: they never
    run in the app."""
    import ast

    names: set[str] = set()

    def add(dotted: str) -> None:
        parts = dotted.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))

    for root in paths:
        for f in [root] if root.is_file() else sorted(p for p in root.rglob("*.py") if p.name != "__main__.py"):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"), str(f))):
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        add(alias.name)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    add(node.module)
                    for alias in node.names:
                        add(f"{node.module}.{alias.name}")
    return names


def zip_modules(names: list[str]) -> dict[str, str]:
    """Module name -> its file in a standard-library zip (``a/b.py`` or ``a/b/__init__.py``)."""
    found: dict[str, str] = {}
    for entry in names:
        if entry.endswith(".py"):
            mod = entry[:-3].replace("/", ".")
            found[mod.removesuffix(".__init__")] = entry
    return found


def node_imports(stdlib: Path, request: dict[str, object]) -> dict[str, list[str]]:
    """Run scripts/stdlib.mjs: Pyodide under Node with this standard library imports what
    ``request`` names; returns its report (``modules``: sys.modules after it, ``failed``)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(request, f)
    try:
        r = subprocess.run(["node", str(ROOT / "scripts" / "stdlib.mjs"), "imports", str(stdlib), f.name],
                           cwd=ROOT, capture_output=True, text=True)
    finally:
        Path(f.name).unlink()
    if r.returncode != 0:
        die(f"scripts/stdlib.mjs failed with {stdlib.name}:\n{r.stderr[-2000:]}")
    report: dict[str, list[str]] = json.loads(r.stdout.strip().splitlines()[-1])
    return report


def trim_stdlib(stdlib: Path, wheels: list[Path], pwa: Path) -> tuple[int, int, int, int]:
    """Replace Pyodide's python_stdlib.zip with one that holds only the modules the app imports:
    those the e2e runs traced (STDLIB_TRACED), every module our sources can import (any
    ``import``, also inside functions) with what those import in turn, found by importing them all
    in Pyodide under Node, the codecs in STDLIB_ALWAYS and the packages in STDLIB_WHOLE.

    The check: with the trimmed zip, Pyodide under Node must start and import every one of those
    modules and every module of our packages again; any failure stops the build, naming the
    module.

    The zip written holds bytecode only (scripts/stdlib.mjs compile): a first start compiles no
    module of the standard library (Pyodide's own start took 2.0 s under Node with sources, 0.6 s
    with bytecode). It is stored, not deflated, so its brotli twin compresses it whole (1.26 MB
    against 0.96 MB deflated sources; the difference buys the compile time).
    Returns (entries kept, entries before, bytes written, bytes before)."""
    with zipfile.ZipFile(stdlib) as z:
        infos = z.infolist()
    files = zip_modules([i.filename for i in infos])
    traced = {line.strip() for line in STDLIB_TRACED.read_text().splitlines()
              if line.strip() and not line.startswith("#")} if STDLIB_TRACED.is_file() else set()
    if not traced:
        die(f"{STDLIB_TRACED.relative_to(ROOT)} is missing or empty: run scripts/trace_stdlib.py")
    ours = imported_names([ROOT / "py_engine", pwa / "tb_ui"])
    wanted = sorted(n for n in ours | traced | set(STDLIB_ALWAYS) if n in files)
    request = {"wheels": [str(w) for w in wheels], "packages": ["py_engine", "tb_ui", "markupsafe"],
               "names": wanted, "skip": list(STDLIB_NOT_IMPORTED)}
    full = node_imports(stdlib, request)
    keep = {m for m in full["modules"] if m in files} | set(wanted)
    keep |= {".".join(m.split(".")[:i]) for m in list(keep) for i in range(1, m.count(".") + 1)}
    keep &= set(files)
    entries = {files[m] for m in keep}
    entries |= {n for n in (i.filename for i in infos)
                if n.split("/")[0] in STDLIB_WHOLE and not n.endswith("/")}
    dirs = {e.rsplit("/", 1)[0] + "/" for e in entries if "/" in e}
    kept = [i for i in infos if i.filename in entries or i.filename in dirs]
    before = stdlib.stat().st_size
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d) / stdlib.name
        with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(tmp, "w") as out:
            for info in kept:
                out.writestr(info, src.read(info.filename))
        compile_archives(tmp, stdlib.parent, [tmp])
    missing = stdlib_missing(stdlib, {**request, "names": sorted(keep)}, full["failed"])
    if missing:
        die("the trimmed standard library lacks modules the app needs:\n  " + "\n  ".join(missing))
    return len(kept), len(infos), stdlib.stat().st_size, before


def compile_archives(stdlib: Path, out: Path, archives: list[Path]) -> None:
    """Write each archive (a standard-library zip or a wheel) into ``out`` under its own name with
    its modules compiled to bytecode by Pyodide's own Python under Node, started with ``stdlib``
    (scripts/stdlib.mjs compile: unchecked hash-based .pyc in place of the sources, stored)."""
    r = subprocess.run(["node", str(ROOT / "scripts" / "stdlib.mjs"), "compile", str(stdlib), str(out),
                        *map(str, archives)], cwd=ROOT)
    if r.returncode != 0:
        die(f"scripts/stdlib.mjs could not compile {', '.join(a.name for a in archives)}")


def compile_wheels(stdlib: Path, wheels: list[Path]) -> tuple[int, int]:
    """Replace our wheels with bytecode-only ones (compile_archives). Importing every engine and
    the UI in Pyodide under Node took 0.60 s from sources and 0.12 s from bytecode; brotli
    carries the three wheels in 0.73 MB instead of 0.45 MB. Returns (bytes before, after)."""
    before = sum(w.stat().st_size for w in wheels)
    with tempfile.TemporaryDirectory() as d:
        compile_archives(stdlib, Path(d), wheels)
        for w in wheels:
            shutil.copyfile(Path(d) / w.name, w)
    return before, sum(w.stat().st_size for w in wheels)


def stdlib_missing(stdlib: Path, request: dict[str, object], failed_before: list[str]) -> list[str]:
    """The build's check of a trimmed standard library: Pyodide under Node starts with it and
    imports what ``request`` names (scripts/stdlib.mjs); returns the imports that fail with it
    but did not fail with the whole library (``failed_before``), as "module: error" lines."""
    check = node_imports(stdlib, request)
    return sorted(set(check["failed"]) - set(failed_before))



#: Browser libraries the app's own JavaScript imports, copied from node_modules into
#: dist/vendor/: npm package -> (file in the package, name in dist/vendor/).
VENDOR = {
    "idb": ("build/index.js", "idb.js"),
    "idiomorph": ("dist/idiomorph.esm.js", "idiomorph.js"),  # tb-page.mjs patches #app with it
    "@panzoom/panzoom": ("dist/panzoom.es.js", "panzoom.js"),  # the ES build (export default Panzoom)
    "lean-qr": ("index.mjs", "lean-qr.js"),  # draws the table codes as QR codes (table-qr.mjs)
    "jsqr": ("dist/jsQR.js", "jsqr.js"),  # reads them where the browser has no BarcodeDetector; UMD: sets self.jsQR
}


def build_vendor(out: Path) -> list[str]:
    """Copy each VENDOR library (and its licence) into ``out``; returns what was copied."""
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for package, (src, name) in VENDOR.items():
        pkg = npm_package_dir(package)
        shutil.copy2(pkg / src, out / name)
        for lic in ("LICENSE", "LICENSE.md", "LICENSE.txt", "MIT-License.txt"):
            if (pkg / lic).is_file():
                shutil.copy2(pkg / lic, out / f"{Path(name).stem}.LICENSE.txt")
                break
        else:
            die(f"no licence file in {pkg}: a vendored library ships with its licence")
        done.append(f"{package} {npm_version(package)}")
    return done


def write_wheel(out: Path, name: str, version: str, files: list[tuple[str, bytes]], metadata: str) -> Path:
    """A pure-Python wheel ``<name>-<version>-py3-none-any.whl`` in ``out`` holding ``files``
    (path in the wheel, bytes) and ``metadata`` (the METADATA fields after Metadata-Version).
    Deterministic: the same inputs give the same bytes (fixed timestamps, given order)."""
    dist_info = f"{name}-{version}.dist-info"
    entries = list(files)
    entries.append((f"{dist_info}/METADATA", f"Metadata-Version: 2.1\n{metadata}".encode()))
    entries.append((f"{dist_info}/WHEEL", (
        b"Wheel-Version: 1.0\nGenerator: time-and-barons scripts/build.py\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n")))
    record = "".join(
        f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}\n"
        for path, data in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return wheel


def build_ui_wheel(pwa: Path, out: Path, version: str) -> Path:
    """pwa/tb_ui/ as a pure-Python wheel (time_and_barons_ui-<version>-py3-none-any.whl), so
    the worker installs the UI with the engine in one step and the precache holds one file."""
    pkg = pwa / "tb_ui"
    if not (pkg / "__init__.py").is_file():
        die("pwa/tb_ui/__init__.py missing")
    entries: list[tuple[str, bytes]] = []
    for f in sorted(pkg.rglob("*")):
        rel = f.relative_to(pwa)
        if f.is_file() and not skipped(rel):
            entries.append((rel.as_posix(), f.read_bytes()))
    return write_wheel(out, "time_and_barons_ui", version, entries,
                       f"Name: time-and-barons-ui\nVersion: {version}\n"
                       "Summary: Time & Barons: the Python user interface (pwa/tb_ui)\n"
                       f"Requires-Python: >=3.11\nRequires-Dist: markupsafe=={MARKUPSAFE_VERSION}\n")


def build_markupsafe_wheel(out: Path) -> Path:
    """MarkupSafe (the UI's escaping, pwa/tb_ui/html.py) for Pyodide: PyPI publishes it as
    platform wheels and an sdist only, and Pyodide's own build lives on its CDN. The sdist
    (pinned by sha256, cached in build/cache/) holds the pure-Python implementation, which
    markupsafe uses whenever its optional C speedups are absent: that package, with its
    licence, becomes a py3-none-any wheel."""
    sdist = CACHE / MARKUPSAFE_SDIST
    if not sdist.is_file():
        log(f"downloading {MARKUPSAFE_SDIST} from PyPI into {CACHE.relative_to(ROOT)}/")
        CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
               "--no-binary=:all:", "-d", str(CACHE), f"markupsafe=={MARKUPSAFE_VERSION}"]
        subprocess.run(cmd, check=True)
    digest = sha256(sdist)
    if digest != MARKUPSAFE_SHA256:
        sdist.unlink()
        die(f"{MARKUPSAFE_SDIST} has sha256 {digest}, expected {MARKUPSAFE_SHA256}; deleted it, run again")
    top = f"markupsafe-{MARKUPSAFE_VERSION}"
    want = ("__init__.py", "_native.py", "py.typed")
    entries: list[tuple[str, bytes]] = []
    with tarfile.open(sdist) as tar:
        for fname in want:
            member = tar.extractfile(f"{top}/src/markupsafe/{fname}")
            if member is None:
                die(f"{MARKUPSAFE_SDIST} lacks src/markupsafe/{fname}")
            entries.append((f"markupsafe/{fname}", member.read()))
        lic = tar.extractfile(f"{top}/LICENSE.txt")
        if lic is None:
            die(f"{MARKUPSAFE_SDIST} lacks LICENSE.txt")
        licence = lic.read()
    entries.append((f"markupsafe-{MARKUPSAFE_VERSION}.dist-info/licenses/LICENSE.txt", licence))
    return write_wheel(out, "markupsafe", MARKUPSAFE_VERSION, entries,
                       f"Name: MarkupSafe\nVersion: {MARKUPSAFE_VERSION}\nLicense-Expression: BSD-3-Clause\n"
                       "Summary: Safely add untrusted strings to HTML/XML markup (pure-Python build "
                       "of the PyPI sdist, by Time & Barons' scripts/build.py)\n")


def build_first_screens(pwa: Path, out: Path) -> tuple[int, int]:
    """The first screens (issue 26 §1): the app's own renderer (tb_ui, run here in CPython on a
    first visit's empty storage) draws the library and the screens reachable from it by taps
    that only change the screen; they go into ``out`` (first-screens.html) as templates, which
    first-screens.js fetches on a first visit only (a returning player's start never reads them).
    Returns (screens, bytes written)."""
    sys.path[:0] = [str(ROOT), str(pwa)]
    try:
        from tb_ui.app import App
        from tb_ui.first import explore, templates
        from tb_ui.store import MemoryStorage
    finally:
        del sys.path[:2]
    found = explore(lambda: App(MemoryStorage(), now_ms=lambda: 0.0))
    markup = templates(found).encode()
    out.write_bytes(markup)
    return len(found.screens), len(markup)


def snapshot_key(dist: Path, wheels: list[Path]) -> str:
    """What a memory snapshot made by tb-snapshot-worker.mjs depends on: the Pyodide runtime, the
    wheels it imports, the worker and the loader. A snapshot with another key is never restored."""
    h = hashlib.sha256()
    for f in [dist / "pyodide" / "pyodide.asm.wasm", dist / "pyodide" / "pyodide.asm.mjs",
              dist / "pyodide" / "python_stdlib.zip", dist / "tb-snapshot-worker.mjs", dist / "tb-worker.mjs",
              dist / "tb-snapshot-format.mjs",
              *wheels]:
        h.update(f.name.encode() + b"\0" + sha256(f).encode() + b"\n")
    return h.hexdigest()[:16]


def tree_hash(root: Path, exclude: set[str]) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = f.relative_to(root).as_posix()
        if rel in exclude:
            continue
        h.update(rel.encode() + b"\0" + sha256(f).encode() + b"\n")
    return h.hexdigest()[:16]


# Served compressed by hosts that honour precompressed twins (scripts/serve.py does): text, wasm,
# and the archives of bytecode the build stores uncompressed (the standard library and our wheels,
# compile_archives).
COMPRESSIBLE = {".wasm", ".mjs", ".js", ".json", ".css", ".html", ".py", ".webmanifest", ".txt", ".svg", ".whl"}
COMPRESSIBLE_FILES = {"python_stdlib.zip"}


def compress_twins(dist: Path) -> tuple[int, int, int]:
    """Write <file>.gz (gzip -9) and, when the brotli module is installed, <file>.br next to each
    compressible file. Brotli at quality 11 throughout: it takes about 25 s on the 9.6 MB wasm, once
    (results are cached in build/cache/compressed/), and saves 0.36 MB of a first visit against
    quality 9 (2.74 against 3.10 MB; 1.26 against 1.43 MB for the standard library).
    Returns (files, raw bytes, smallest twin bytes)."""
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        brotli = None
        log("note: no brotli module in this Python: only .gz twins (pip install brotli)")
    store = CACHE / "compressed"
    store.mkdir(parents=True, exist_ok=True)
    n = raw = small = 0
    for f in sorted(dist.rglob("*")):
        if not f.is_file() or (f.suffix not in COMPRESSIBLE and f.name not in COMPRESSIBLE_FILES):
            continue
        data = f.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        sizes = []
        for ext, make in ((".gz", lambda d: gzip.compress(d, compresslevel=9, mtime=0)),
                          (".br", None if brotli is None else
                           lambda d: brotli.compress(d, quality=11))):
            if make is None:
                continue
            cached = store / f"{digest}{'.q11' if ext == '.br' else ''}{ext}"
            if not cached.is_file():
                tmp = cached.with_suffix(".tmp")
                tmp.write_bytes(make(data))
                tmp.replace(cached)
            shutil.copyfile(cached, f.with_name(f.name + ext))
            sizes.append(cached.stat().st_size)
        n += 1
        raw += len(data)
        small += min(sizes)
    return n, raw, small


def human(n: float) -> str:
    for unit in ("B", "KB", "MB"):
        if n < 1000 or unit == "MB":
            return f"{n:,.0f} {unit}" if unit == "B" else f"{n:,.2f} {unit}"
        n /= 1000
    return str(n)


def summary(dist: Path) -> None:
    groups: dict[str, tuple[int, int]] = {}
    total = count = 0
    for f in dist.rglob("*"):
        if not f.is_file() or f.suffix in (".br", ".gz"):
            continue
        rel = f.relative_to(dist)
        key = rel.parts[0] + "/" if len(rel.parts) > 1 else "(top level)"
        size = f.stat().st_size
        n, s = groups.get(key, (0, 0))
        groups[key] = (n + 1, s + size)
        total += size
        count += 1
    print("\n  size summary of dist/")
    for key, (n, s) in sorted(groups.items(), key=lambda kv: -kv[1][1]):
        print(f"    {key:<14} {n:>4} files  {human(s):>10}")
    print(f"    {'total':<14} {count:>4} files  {human(total):>10}")
    for big in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        print(f"    {big:<28} {human((dist / big).stat().st_size):>10}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--no-sw", action="store_true", help="skip the service worker (debugging only)")
    parser.add_argument("--full-stdlib", action="store_true",
                        help="ship Pyodide's whole standard library (scripts/trace_stdlib.py traces imports with it)")
    args = parser.parse_args()
    t0 = time.monotonic()
    dist = Path(args.out).resolve()
    pwa, public = ROOT / "pwa", ROOT / "public"
    if not (pwa / "index.html").is_file():
        die("pwa/index.html missing")
    if dist == ROOT or ROOT.is_relative_to(dist):
        die(f"refusing to use {dist} as the output folder")

    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir(parents=True)

    wheel = build_wheel(dist / "wheels")
    log(f"wheel      {wheel.name}")
    ui_wheel = build_ui_wheel(pwa, dist / "wheels", engine_version())
    log(f"ui wheel   {ui_wheel.name}")
    ms_wheel = build_markupsafe_wheel(dist / "wheels")
    log(f"markupsafe {ms_wheel.name} (pure Python, from PyPI's sdist)")
    build_pyodide(dist / "pyodide")
    log(f"pyodide    {npm_version('pyodide')} (empty lock: no micropip)")
    log(f"vendor     {', '.join(build_vendor(dist / 'vendor'))}")

    seen: dict[str, Path] = {}
    n = copy_tree(pwa, dist, seen, skip_dirs={"tb_ui"})
    m = copy_tree(public, dist, seen) if public.is_dir() else 0
    log(f"app        {n} files from pwa/, {m} from public/")

    if args.full_stdlib:
        log("stdlib     whole")
    else:
        # the wheels first, so that the standard library's analysis and check import what ships
        before, after = compile_wheels(dist / "pyodide" / "python_stdlib.zip", [wheel, ms_wheel, ui_wheel])
        log(f"wheels     compiled to bytecode: {human(after)} (stored; {human(before)} before, deflated)")
        kept, total, after, before = trim_stdlib(dist / "pyodide" / "python_stdlib.zip", [wheel, ms_wheel, ui_wheel], pwa)
        log(f"stdlib     {kept} of {total} entries kept, compiled: {human(after)} (stored; {human(before)} before, "
            "deflated), checked in Pyodide under Node with the compiled wheels")

    screens, size = build_first_screens(pwa, dist / "first-screens.html")
    log(f"first      {screens} screens drawn into first-screens.html ({human(size)}), usable before Python starts")

    key = snapshot_key(dist, [wheel, ms_wheel, ui_wheel])
    wheels = [f"./wheels/{w.name}" for w in (wheel, ms_wheel, ui_wheel)]
    loader = dist / "tb-worker.mjs"
    text = loader.read_text()
    for placeholder in ("__TB_SNAPSHOT_KEY__", "/*__TB_WHEELS__*/[]"):
        if text.count(placeholder) != 1:
            die(f"tb-worker.mjs must hold the placeholder {placeholder} exactly once")
    text = text.replace("__TB_SNAPSHOT_KEY__", key)
    loader.write_text(text.replace("/*__TB_WHEELS__*/[]", json.dumps(wheels)))
    log(f"config     tb-worker.mjs: {len(wheels)} wheels, snapshot key {key}")

    version = {
        "app": "Time & Barons",
        "version": engine_version(),
        "build": tree_hash(dist, {"version.json", "sw.js"}),
        "wheel": wheel.name,
        "ui_wheel": ui_wheel.name,
        "snapshot_key": key,
        "pyodide": npm_version("pyodide"),
    }
    (dist / "version.json").write_text(json.dumps(version, indent=2) + "\n")
    log(f"version    {version['version']} build {version['build']}")

    if not args.no_sw:
        if shutil.which("node") is None:
            die("node not found (needed for the Workbox service worker)")
        r = subprocess.run(["node", str(ROOT / "scripts" / "sw.mjs"), str(dist)], cwd=ROOT)
        if r.returncode != 0:
            die("service worker generation failed")

    n, raw, small = compress_twins(dist)
    log(f"compressed {n} files: {human(raw)} -> {human(small)} as .br/.gz twins")

    summary(dist)
    log(f"done in {time.monotonic() - t0:.1f} s -> {dist}")


if __name__ == "__main__":
    main()
