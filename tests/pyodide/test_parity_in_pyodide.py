"""Pyodide plays the conformance suite's random games exactly as CPython does (tests/parity.py).

Run by run_pytest_in_pyodide.mjs after ``python tests/parity.py --out build/parity-cpython.json``
(``make test-pyodide`` does both): every game's digest (each action, the state every 10 actions
and at the end, each seat's final view, the outcome) must equal CPython's. Under CPython these
tests are skipped.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="runs inside Pyodide only")

from parity import CASES, _ids, keyed_seed, trace  # noqa: E402  (tests/ is on the path: its conftest)


@pytest.fixture(scope="module")
def cpython() -> dict[str, Any]:
    where = os.environ.get("TB_PARITY_FILE")
    if not where:
        pytest.skip("TB_PARITY_FILE not set (make test-pyodide writes it with tests/parity.py)")
    path = Path(where)
    if not path.is_file():
        pytest.fail(f"{path} missing: run python tests/parity.py --out {path} in CPython first")
    return dict(json.loads(path.read_text()))


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_same_games_as_cpython(case: tuple[str, int, dict[str, Any]], cpython: dict[str, Any]) -> None:
    want = cpython["digests"][_ids(case)]
    got = [trace(case[0], case[1], case[2], 1000 * case[1] + k) for k in range(len(want))]
    assert len(want) == cpython["games"] >= 1
    differ = [1000 * case[1] + k for k, (a, b) in enumerate(zip(got, want, strict=True)) if a != b]
    assert not differ, f"seeds {differ} play differently in Pyodide than in CPython {cpython['python']}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_same_keyed_deals_as_cpython(case: tuple[str, int, dict[str, Any]], cpython: dict[str, Any]) -> None:
    """The app's deals (a 256-bit seed, ``blake2b-ctr``: issue 47) play the same in both."""
    from py_engine.core.rng import KEYED

    want = cpython["keyed"][_ids(case)]
    assert trace(case[0], case[1], case[2], keyed_seed(case), KEYED) == want, (
        f"the keyed deal plays differently in Pyodide than in CPython {cpython['python']}")
