#!/usr/bin/env python3
"""Download the pure-Python wheels that the Pyodide test run needs, once.

    python3 tests/pyodide/fetch_wheels.py [--dest build/cache/pyodide-wheels]

Reads requirements-pyodide.txt beside this file (exact pins). A wheel already in the
cache is not downloaded again, so warm runs need no network. Stdlib only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def pins() -> list[tuple[str, str]]:
    out = []
    for line in (HERE / "requirements-pyodide.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==([A-Za-z0-9_.+-]+)", line)
        if not m:
            raise SystemExit(f"fetch_wheels: not an exact pin: {line!r}")
        out.append((m.group(1), m.group(2)))
    return out


def cached(dest: Path, name: str, version: str) -> Path | None:
    norm = re.sub(r"[-_.]+", "_", name).lower()
    for whl in dest.glob("*.whl"):
        dist, ver = whl.name.split("-")[:2]
        if re.sub(r"[-_.]+", "_", dist).lower() == norm and ver == version:
            return whl
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", default=str(ROOT / "build" / "cache" / "pyodide-wheels"))
    args = parser.parse_args()
    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in pins() if cached(dest, n, v) is None]
    if missing:
        print(f"fetch_wheels: downloading {', '.join(missing)}", flush=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--only-binary=:all:", "--python-version", "3.14", "--platform", "any",
               "-d", str(dest), *missing]
        subprocess.run(cmd, check=True)
    for n, v in pins():
        whl = cached(dest, n, v)
        if whl is None:
            raise SystemExit(f"fetch_wheels: {n}=={v} did not arrive in {dest}")
        if not whl.name.endswith("-none-any.whl"):
            raise SystemExit(f"fetch_wheels: {whl.name} is not a pure-Python wheel")
    print(f"fetch_wheels: {len(pins())} wheels ready in {dest}", flush=True)


if __name__ == "__main__":
    main()
