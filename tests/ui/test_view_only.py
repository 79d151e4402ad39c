"""Every table renders from the seat's view and public data alone (issue 28 §1).

A renderer is given a :class:`~tb_ui.context.TableContext` (the seat's ``view``, its legal
actions, the game's rules object, the options) and a :class:`~tb_ui.context.TableApp`. Here it
gets a :class:`Peephole` instead of the app: the members :class:`TableApp` declares, and
nothing else, so a renderer that reached for ``app.match`` (and through it the whole state,
every hidden hand) fails. Each game is played to its end by two humans passing the device (and
a bot where the game takes three): the table, the hand-off news and the replay viewer are drawn
from a peephole at every sampled step and must equal what the app draws.
"""

from __future__ import annotations

import copy
import html
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

from tb_ui import replay  # noqa: E402
from tb_ui.app import App  # noqa: E402
from tb_ui.context import TableApp  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402
from tb_ui.tables import RENDERERS, handoff_note, render_with, table_context  # noqa: E402
from test_tb_ui import fill_form  # noqa: E402

from py_engine import games  # noqa: E402
from py_engine.core.wording import bad_wording  # noqa: E402

#: What a renderer may read of the app: TableApp's attributes and methods.
ALLOWED = frozenset(TableApp.__annotations__) | {n for n in vars(TableApp) if not n.startswith("_")}


class Peephole:
    """The app as :class:`TableApp` declares it: any other attribute fails the test."""

    def __init__(self, app: Any) -> None:
        object.__setattr__(self, "_app", app)

    def __getattr__(self, name: str) -> Any:
        if name not in ALLOWED:
            raise AssertionError(f"a table read app.{name}, which TableApp does not offer")
        return getattr(object.__getattribute__(self, "_app"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"a table set app.{name}")


def make_app() -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(MemoryStorage(), now_ms=lambda: float(next(clock)), botspeed_override="instant")


def start(app: App, game_id: str) -> None:
    """Two humans (the device passes between them) and, where the game takes three, its
    easiest bot."""
    fill_form(app, game_id)
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def same_table(app: App, where: str) -> None:
    """The table the app draws equals the one drawn through a peephole (from the same table
    view state: a renderer may note there what it has animated once)."""
    ctx = table_context(app)
    before = copy.deepcopy(app.table_ui)
    seen = render_with(Peephole(app), ctx)
    app.table_ui = before
    assert seen == render_with(app, ctx), where
    check_wording(str(seen), where, [s.name for s in app.match.seats] if app.match else [])


def check_wording(markup: str, where: str, names: list[str] | None = None) -> None:
    """The words a table shows (its text, and its aria-labels and titles) have none of the
    faults of :data:`~py_engine.core.wording.BAD_WORDING` (issue 24 §4: "Bot 1 (normal) (bot)
    to play", "1 political points", …). The seats' ``names`` are read as a name ("Bot 1 dies"
    is no number before a plural)."""
    said = re.findall(r'(?:aria-label|title)="([^"]*)"', markup)
    text = re.sub(r"<[^>]+>", "\n", markup)
    texts = [html.unescape(t) for t in [text, *said]]
    for name in sorted(names or [], key=len, reverse=True):
        texts = [t.replace(name, "Ann") for t in texts]
    bad = [f for t in texts for f in bad_wording(t)]
    assert not bad, (where, bad)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_table_renders_from_the_view_alone(game_id: str) -> None:
    app = make_app()
    start(app, game_id)
    m = app.match
    assert m is not None
    rng = random.Random(5)
    handoffs = 0
    for step in range(4000):
        if m.is_over():
            break
        look = step < 20 or step % 10 == 0
        seat = app.handoff_seat()
        if seat is not None:
            handoffs += 1
            # the hand-off news, from the spectator's view through a peephole
            note = RENDERERS[game_id].handoff_note(Peephole(app), m.game.view(m.state, None))
            assert note == handoff_note(app) and str(note) in str(app.render())
            app.dispatch("handoff-ok", {"seat": str(seat)})
        if look:
            same_table(app, f"{game_id} move {step}")
        if app.bot_pending():
            assert app.bot_step()
            continue
        seat = app.acting_seat()
        assert seat is not None
        a = rng.choice(m.game.view(m.state, seat)["actions"])
        app.dispatch("play", {"seat": str(seat), "n": str(m.state["n"]), "a": json.dumps(a["action"])})
        assert app.error is None, app.error
    else:
        raise AssertionError(f"{game_id}: not over")
    same_table(app, f"{game_id}: the end")
    assert handoffs > 0 or not m.game.private_info  # no hand-off where nothing is hidden

    # the replay viewer draws its tables through its own stand-in, which has no match at all
    app.dispatch("replay-open", {"id": app.match_id})
    view = app.replay
    assert view is not None
    length = view.rep.length
    for k in sorted({0, 1, length // 2, length}):
        app.dispatch("replay-to", {"k": str(k)})
        stage = replay.Stage(app)
        assert not hasattr(stage, "match")
        seen = render_with(Peephole(stage), replay.table_context(view))
        assert seen == render_with(replay.Stage(app), replay.table_context(view)), f"{game_id} replay at {k}"
