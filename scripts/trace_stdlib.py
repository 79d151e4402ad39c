#!/usr/bin/env python3
"""Trace the standard-library modules the running app imports (issue 26 §2).

    .venv/bin/python scripts/trace_stdlib.py [e2e pytest args...]

Builds dist/ with Pyodide's whole standard library (``build.py --full-stdlib``), runs the e2e
suite (or the given tests) with ``TB_TRACE_MODULES`` set, so that each test's pages report the
Python modules they hold when the test ends (e2e/conftest.py), and writes their union, less our
own packages, to scripts/stdlib-traced.txt. scripts/build.py then ships a standard library of
those modules plus every module our sources can import (it checks the result in Pyodide under
Node). Run it again after a change that makes the app import a new kind of module at run time
(a PyScript upgrade, a new browser feature); the normal build then trims to the new list.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "scripts" / "stdlib-traced.txt"
OURS = ("py_engine", "tb_ui", "markupsafe", "__main__")


def main() -> None:
    args = sys.argv[1:] or ["e2e", "-n", "2", "--dist", "worksteal"]
    subprocess.run([sys.executable, "scripts/build.py", "--full-stdlib"], cwd=ROOT, check=True)
    with tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False) as f:
        trace = Path(f.name)
    env = {**os.environ, "TB_TRACE_MODULES": str(trace)}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=ROOT, env=env)
    names: set[str] = set()
    pages = 0
    for line in trace.read_text().splitlines():
        names.update(json.loads(line))
        pages += 1
    trace.unlink()
    if not pages:
        raise SystemExit("no page reported its modules: nothing written")
    kept = sorted(n for n in names if n.split(".")[0] not in OURS)
    OUT.write_text("# Standard-library (and Pyodide, PyScript) modules the running app imported in the e2e suite,\n"
                   f"# {pages} pages. Written by scripts/trace_stdlib.py; read by scripts/build.py.\n"
                   + "".join(n + "\n" for n in kept))
    print(f"{len(kept)} modules from {pages} pages -> {OUT.relative_to(ROOT)}"
          + ("" if r.returncode == 0 else f" (the e2e run failed: exit {r.returncode})"))


if __name__ == "__main__":
    main()
