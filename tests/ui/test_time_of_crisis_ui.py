"""Unit tests of the Time of Crisis table (pwa/tb_ui/tables/time_of_crisis.py) in CPython.

Rendered HTML is parsed and "tapping" an element dispatches its ``data-act`` with its
other ``data-*`` attributes, as tb_ui/browser.py does (helpers of test_tb_ui.py).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.rules import rules_html  # noqa: E402
from test_tb_ui import buttons, make_app, parse, tap  # noqa: E402

from py_engine.core import Action  # noqa: E402
from py_engine.time_of_crisis import components as D  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(2024)


def start(app: App, kinds: list[str], names: list[str], **options: Any) -> None:
    app.dispatch("new", {"game": "time_of_crisis"})
    while len(app.draft["seats"]) < len(kinds):
        app.dispatch("seat-add", {})
    for i, k in enumerate(kinds):
        app.dispatch("seat-kind", {"i": str(i), "kind": k})
        app.dispatch("seat-level", {"i": str(i), "value": "easy"})
        app.dispatch("seat-name", {"i": str(i), "value": names[i]})
    for k, v in options.items():
        app.draft["options"][k] = v
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def action_buttons(html: str) -> dict[str, dict[str, Any]]:
    return {b["attrs"]["data-a"]: b for b in buttons(html, "play")}


def smoke() -> None:
    app = make_app()
    start(app, ["human", "human", "human"], ["Ann", "Bob", "Cy"])
    rng = random.Random(3)
    for _ in range(400):
        if app.handoff_seat() is not None:
            app.dispatch("handoff-ok", {})
            continue
        html = app.render()
        seat = app.acting_seat()
        btns = action_buttons(html)
        legal = [json.dumps(a.to_json(), separators=(",", ":"), ensure_ascii=False)
                 for a in app.match.game.legal_actions(app.match.state, seat)]
        assert set(legal) <= set(btns), set(legal) - set(btns)
        tap(app, btns[rng.choice(legal)])
    open("/tmp/toc.html", "w").write(app.render())
