"""The standard library the app ships: trimmed to what it imports, compiled, and checked
(issue 26 §2; scripts/build.py ``trim_stdlib``). No browser: the built dist/ and Pyodide under
Node. That the app with it boots, plays each game and works offline is the rest of this suite."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# scripts/build.py by its path: "build" is also the name of PyPI's build tool in the venv
_spec = importlib.util.spec_from_file_location("tb_build", ROOT / "scripts" / "build.py")
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

DIST = ROOT / "dist"
STDLIB = DIST / "pyodide" / "python_stdlib.zip"


@pytest.fixture(scope="module")
def shipped() -> list[zipfile.ZipInfo]:
    with zipfile.ZipFile(STDLIB) as z:
        return z.infolist()


def test_imported_names_reads_every_import_statement_also_inside_functions(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("import a.b\nfrom c.d import e\nfrom . import local\n"
                   "def f():\n    import g\n    from h import i as j\n")
    assert build.imported_names([tmp_path]) == {"a", "a.b", "c", "c.d", "c.d.e", "g", "h", "h.i"}


def test_the_shipped_library_is_bytecode_only_stored_and_smaller(shipped: list[zipfile.ZipInfo]) -> None:
    files = [i for i in shipped if not i.filename.endswith("/")]
    assert files and all(i.compress_type == zipfile.ZIP_STORED for i in files)
    assert not [i.filename for i in files if i.filename.endswith(".py")]
    modules = build.zip_modules([i.filename[:-1] for i in files if i.filename.endswith(".pyc")])
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip") as full:
        everything = build.zip_modules(full.namelist())
    # What the app needs is in; most of the rest is not.
    for needed in ("json", "random", "fractions", "dataclasses", "asyncio", "encodings.utf_8", "pyodide.ffi"):
        assert needed in modules, needed
    for unused in ("unittest", "xml.dom.minidom", "http.server", "encodings.cp1252", "argparse"):
        assert unused in everything and unused not in modules, unused
    assert len(modules) < len(everything) / 2


def test_the_build_check_names_a_module_the_app_needs_and_the_library_lacks(tmp_path: Path) -> None:
    wheels = sorted((DIST / "wheels").glob("*.whl"))
    request = {"wheels": [str(w) for w in wheels], "packages": ["py_engine"], "names": ["fractions"],
               "skip": list(build.STDLIB_NOT_IMPORTED)}
    assert build.stdlib_missing(STDLIB, request, []) == []
    lacking = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(STDLIB) as src, zipfile.ZipFile(lacking, "w") as out:
        for info in src.infolist():
            if info.filename != "fractions.pyc":
                out.writestr(info, src.read(info.filename))
    missing = build.stdlib_missing(lacking, request, [])
    assert "fractions: ModuleNotFoundError: No module named 'fractions'" in missing
    # and the engine's packages that import it (the walk stops at a package that cannot start)
    assert "py_engine.core: ModuleNotFoundError: No module named 'fractions'" in missing
    assert all("No module named 'fractions'" in line for line in missing)
