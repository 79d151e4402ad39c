#!/usr/bin/env python3
"""Build the self-contained static site into ``dist/``.

    .venv/bin/python scripts/build.py [--out dist]

Needs: ``make install-play`` done (node_modules/ with pyodide, @pyscript/core, workbox-build),
and the Python packages ``build`` and ``hatchling`` in the running interpreter
(the Makefile's .venv has them). The only download is micropip's wheel from PyPI,
cached in ``build/cache/`` so later builds are offline.

Layout of the result (any static host, any sub-path):

    dist/index.html, main.py, shell.js, shell.css, manifest.webmanifest, ...   <- pwa/
    dist/icons/...                                                            <- public/
    dist/tb_ui/...                 the Python UI package, when pwa/tb_ui/ exists
    dist/wheels/<py_engine wheel>  built from pyproject.toml
    dist/pyodide/                  the Pyodide runtime + micropip + a rewritten lock file
    dist/pyscript/                 @pyscript/core/dist without source maps
    dist/vendor/                   small browser libraries from npm (idb: IndexedDB wrapper)
    dist/pyscript.json             PyScript config (interpreter, packages, files)
    dist/version.json              engine version + build hash
    dist/sw.js                     Workbox service worker precaching all of the above
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "cache"

MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of PyPI's micropip 0.11.1 wheel (not the one in the stock pyodide-lock.json,
# which describes Pyodide's own rebuild on its CDN).
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

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


def copy_tree(src: Path, dst: Path, seen: dict[str, Path]) -> int:
    """Copy every file of src into dst; refuse two sources for one destination."""
    n = 0
    for f in sorted(src.rglob("*")):
        rel = f.relative_to(src)
        if not f.is_file() or skipped(rel):
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


def micropip_wheel() -> Path:
    wheel = CACHE / MICROPIP_WHEEL
    if not wheel.is_file():
        log(f"downloading {MICROPIP_WHEEL} from PyPI into {CACHE.relative_to(ROOT)}/")
        CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
               "--only-binary=:all:", "--python-version", "3.14", "-d", str(CACHE), f"micropip=={MICROPIP_VERSION}"]
        subprocess.run(cmd, check=True)
    digest = sha256(wheel)
    if digest != MICROPIP_SHA256:
        wheel.unlink()
        die(f"{MICROPIP_WHEEL} has sha256 {digest}, expected {MICROPIP_SHA256}; deleted it, run again")
    return wheel


def build_pyodide(out: Path) -> None:
    src = npm_package_dir("pyodide")
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)
    wheel = micropip_wheel()
    shutil.copy2(wheel, out / wheel.name)
    stock = json.loads((src / "pyodide-lock.json").read_text())
    entry = dict(stock["packages"]["micropip"])
    if entry.get("version") != MICROPIP_VERSION:
        die(f"pyodide-lock.json lists micropip {entry.get('version')}, we ship {MICROPIP_VERSION}: update MICROPIP_*")
    # The browser checks the lock file's sha256 as Subresource Integrity: it must be
    # the hash of the file we ship. Every other entry is dropped (we ship none of them).
    entry.update(file_name=wheel.name, sha256=sha256(out / wheel.name))
    lock = {"info": stock["info"], "packages": {"micropip": entry}}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def build_pyscript(out: Path) -> int:
    src = npm_package_dir("@pyscript/core") / "dist"
    return copy_tree(src, out, {})


#: Browser libraries the app's own JavaScript imports, copied from node_modules into
#: dist/vendor/: npm package -> (file in the package, name in dist/vendor/).
VENDOR = {"idb": ("build/index.js", "idb.js")}


def build_vendor(out: Path) -> list[str]:
    """Copy each VENDOR library (and its licence) into ``out``; returns what was copied."""
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for package, (src, name) in VENDOR.items():
        pkg = npm_package_dir(package)
        shutil.copy2(pkg / src, out / name)
        for lic in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
            if (pkg / lic).is_file():
                shutil.copy2(pkg / lic, out / f"{Path(name).stem}.LICENSE.txt")
                break
        done.append(f"{package} {npm_version(package)}")
    return done


def ui_files(pwa: Path) -> dict[str, str]:
    """PyScript `files`: each file of the pwa/tb_ui package, fetched from the same
    relative URL into the same relative path of Python's working directory
    (/home/pyodide, which is on sys.path), so `import tb_ui` works."""
    pkg = pwa / "tb_ui"
    if not pkg.is_dir():
        return {}
    files = {}
    for f in sorted(pkg.rglob("*")):
        rel = f.relative_to(pwa)
        if f.is_file() and not skipped(rel):
            files[f"./{rel.as_posix()}"] = f"./{rel.as_posix()}"
    if "./tb_ui/__init__.py" not in files:
        log("warning: pwa/tb_ui/ has no __init__.py (it will import as a namespace package)")
    return files


def tree_hash(root: Path, exclude: set[str]) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = f.relative_to(root).as_posix()
        if rel in exclude:
            continue
        h.update(rel.encode() + b"\0" + sha256(f).encode() + b"\n")
    return h.hexdigest()[:16]


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
        if not f.is_file():
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
    build_pyodide(dist / "pyodide")
    log(f"pyodide    {npm_version('pyodide')} + micropip {MICROPIP_VERSION} (lock rewritten)")
    n = build_pyscript(dist / "pyscript")
    log(f"pyscript   {npm_version('@pyscript/core')} ({n} files)")

    log(f"vendor     {', '.join(build_vendor(dist / 'vendor'))}")

    seen: dict[str, Path] = {}
    n = copy_tree(pwa, dist, seen)
    m = copy_tree(public, dist, seen) if public.is_dir() else 0
    log(f"app        {n} files from pwa/, {m} from public/")

    files = ui_files(pwa)
    config: dict[str, object] = {
        "interpreter": "./pyodide/pyodide.mjs",
        "packages": [f"./wheels/{wheel.name}"],
    }
    if files:
        config["files"] = files
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    log(f"config     pyscript.json ({len(files)} UI files)")

    version = {
        "app": "Time & Barons",
        "version": engine_version(),
        "build": tree_hash(dist, {"version.json", "sw.js"}),
        "wheel": wheel.name,
        "pyodide": npm_version("pyodide"),
        "pyscript": npm_version("@pyscript/core"),
    }
    (dist / "version.json").write_text(json.dumps(version, indent=2) + "\n")
    log(f"version    {version['version']} build {version['build']}")

    if not args.no_sw:
        if shutil.which("node") is None:
            die("node not found (needed for the Workbox service worker)")
        r = subprocess.run(["node", str(ROOT / "scripts" / "sw.mjs"), str(dist)], cwd=ROOT)
        if r.returncode != 0:
            die("service worker generation failed")

    summary(dist)
    log(f"done in {time.monotonic() - t0:.1f} s -> {dist}")


if __name__ == "__main__":
    main()
