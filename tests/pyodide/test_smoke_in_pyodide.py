"""Smoke test of the engine wheel inside Pyodide (run by run_pytest_in_pyodide.mjs).

Under CPython these tests are skipped: they check the emscripten build only.
"""

import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="runs inside Pyodide only")


def test_runs_under_emscripten() -> None:
    assert sys.platform == "emscripten"
    assert sys.version_info[:2] >= (3, 14)


def test_engine_imports_from_the_wheel() -> None:
    import py_engine

    assert isinstance(py_engine.__version__, str) and py_engine.__version__
    # The engine comes from the installed wheel, not from the mounted source tree.
    assert "site-packages" in (py_engine.__file__ or "")


def test_hypothesis_works() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=25, database=None, deadline=None)
    @given(st.lists(st.integers()))
    def check(xs: list[int]) -> None:
        assert sorted(sorted(xs)) == sorted(xs)

    check()
