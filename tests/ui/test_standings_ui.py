"""The end of a game on the table: the final standings (issue 24 §1), the time at the table, and
"Watch again": the replay from the start or from each key moment (issue 24 §1)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))

from tb_ui.app import IDLE_MS, App  # noqa: E402
from tb_ui.parts import ordinal  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402
from tb_ui.tables import played_minutes  # noqa: E402
from test_tb_ui import buttons, parse, start_game, tap  # noqa: E402

from py_engine.core import Match, Replay, Seat, key_moments  # noqa: E402


class Clock:
    """A clock the test moves (ms)."""

    def __init__(self) -> None:
        self.t = 1_700_000_000_000.0

    def __call__(self) -> float:
        return self.t


def play_by_taps(app: App, clock: Clock, gaps_ms: list[float], rng: random.Random) -> None:
    """Play the humans' moves at random, one per gap of ``gaps_ms`` (the clock moves by the
    gap before each move), then on to the end with no time passing."""
    m = app.match
    assert m is not None
    gaps = iter(gaps_ms)
    while not m.is_over():
        seat = app.handoff_seat()
        if seat is not None:
            app.dispatch("handoff-ok", {"seat": str(seat)})
        seat = app.acting_seat()
        assert seat is not None
        clock.t += next(gaps, 0.0)
        a = rng.choice(m.game.legal_actions(m.state, seat))
        app.dispatch("play", {"seat": str(seat), "n": str(m.state["n"]), "a": json.dumps(a.to_json())})
        assert app.error is None, app.error


@pytest.mark.parametrize("game_id", ["time_war", "timeline", "time_barons", "time_of_crisis", "barons"])
def test_the_end_panel_shows_every_seat_in_its_place_how_it_ended_and_the_time_at_the_table(game_id: str) -> None:
    clock = Clock()
    app = App(MemoryStorage(), now_ms=clock, botspeed_override="instant")
    start_game(app, ["human", "human"], ["Ann", "Bob"], game=game_id)
    # 1 min, then a 20 min pause (counts as IDLE_MS), then 2 min; the first move starts the count
    play_by_taps(app, clock, [0.0, 60_000.0, 20 * 60_000.0, 120_000.0], random.Random(5))
    m = app.match
    assert m is not None and m.is_over()
    assert m.meta["play_ms"] == 60_000 + IDLE_MS + 120_000
    assert played_minutes(m.meta) == 8
    page = app.render()
    doc = parse(page)
    text = " ".join(" ".join(doc.text).split())
    st = m.game.view(m.state, None)["standings"]
    assert st is not None and sorted(p for r in st["rows"] for p in r["seats"]) == [0, 1]
    assert "8 minutes at the table" in text
    first = next(r for r in st["rows"] if r["place"] == 1)
    out = m.game.outcome(m.state)
    assert out is not None and tuple(first["seats"]) == out.winners[:1]
    # how it ended is said once (issue 48): the heading line's reason, and the standings' own
    # line only where it cites another rule than the reason does
    same_rule = bool(st.get("rule")) and str(st["rule"]) in out.reason
    assert " ".join(out.reason.split()) in text
    assert (st["how"] in text) == (not same_rule or st["how"] == out.reason)
    assert not st["length"] or st["length"] in text
    if game_id == "time_war":  # its own table gives the points per space; the facts follow it
        assert "Score by space and scenario" in text and "Final standings" not in text
        return
    assert "Final standings" in text
    for r in st["rows"]:
        assert f'{ordinal(r["place"])} {m.seats[r["seats"][0]].name}' in text
        assert r["score"] in text
        for term, value in r["details"]:
            assert f"{term}: {value}" in text


def test_a_game_saved_before_the_count_shows_no_minutes() -> None:
    m = Match.new("time_war", [Seat("Ann", "human"), Seat("Bob", "human")], {}, 3)
    for _ in range(3):
        seat = m.to_act()[0]
        m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    assert played_minutes(m.meta) is None
    app = App(MemoryStorage(), now_ms=Clock(), botspeed_override="instant")
    app.match = m
    app._count_play_time()
    assert m.meta["play_ms"] is None and played_minutes(m.meta) is None
    assert played_minutes({"play_ms": 20_000}) == 1 and played_minutes({"play_ms": True}) is None


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


@pytest.mark.parametrize("game_id", ["time_war", "timeline", "time_barons", "time_of_crisis", "barons"])
def test_watch_again_opens_the_replay_at_the_start_or_at_a_key_moment(game_id: str) -> None:
    app = App(MemoryStorage(), now_ms=Clock(), botspeed_override="instant")
    start_game(app, ["human", "human"], ["Ann", "Bob"], game=game_id)
    play_by_taps(app, Clock(), [], random.Random(3))
    m = app.match
    assert m is not None and m.is_over()
    want = key_moments(Replay(m))
    assert want, f"{game_id}: this seeded game has key moments"
    page = app.render()
    assert "Watch again" in " ".join(parse(page).text)
    opens = buttons(page, "replay-open")
    assert opens[0]["text"] == "From the start" and opens[0]["attrs"]["data-k"] == "0"
    # one button per step, in step order, each naming its move and what happened there
    steps = sorted({x.k for x in want})
    assert [int(b["attrs"]["data-k"]) for b in opens[1:]] == steps
    for b in opens[1:]:
        k = int(b["attrs"]["data-k"])
        labels = [x.label for x in want if x.k == k]
        assert b["text"] == f"Move {k} " + "; ".join(labels) and "aria-label" not in b["attrs"]
    # the last moment: the viewer opens there, and lists the moments as chapter marks
    last = opens[-1]
    k = int(last["attrs"]["data-k"])
    tap(app, last)
    rv = app.replay
    assert app.screen == "replay" and rv is not None and rv.k == k
    view = app.render()
    assert f"Move {k} of {len(m.actions)}" in " ".join(parse(view).text)
    assert 'id="replay-moment"' in view and f'<option value="{k}" selected>Move {k} · ' in view
    # a chapter mark jumps there; the placeholder changes nothing
    app.dispatch("replay-to", {"value": str(steps[0])})
    assert rv.k == steps[0]
    app.dispatch("replay-to", {"value": ""})
    assert rv.k == steps[0]
    # back to the table, then from the start
    app.dispatch("back", {})
    app.go("table")
    tap(app, buttons(app.render(), "replay-open")[0])
    assert app.screen == "replay" and app.replay.k == 0 and app.replay.rep is rv.rep  # walked once
