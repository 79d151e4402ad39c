"""The UI tests' deals: reproducible from ``random``, unless a test asks for the app's own.

The app deals every new game from the platform's cryptographic source with the cryptographic
generator (:func:`tb_ui.app.new_deal`, issue 47), so no two runs would deal alike. These tests
play exact positions that their seeds were chosen for (``random.seed(N)`` in each module), so
here new games take their seed from ``random`` and the fast ``xoshiro128**``, as the app did
before engine 0.7.0. A test marked ``app_deals`` gets the app's own deals.

Every region a table keeps between renders (:class:`tb_ui.regions.RegionMemo`) is checked here
against the same region drawn again.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))

from py_engine.core.rng import XOSHIRO  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "app_deals: new games use the app's own cryptographic deals")
    import tb_ui.regions

    # every region a table keeps between renders is drawn again and compared (an input left out of
    # its memo's key fails the test that changed it)
    tb_ui.regions.RegionMemo.check = True


@pytest.fixture(autouse=True)
def _reproducible_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("app_deals") is None:
        import tb_ui.app

        monkeypatch.setattr(tb_ui.app, "new_deal", lambda: (random.randrange(1, 2**31), XOSHIRO))
