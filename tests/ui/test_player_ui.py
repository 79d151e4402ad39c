"""Unit tests of the player features of the UI layer (issue 15): routes and the
history plan, the replay viewer, the daily challenge records, the catch-up panel and
announcements, the rules' sources. Pure Python (CPython); see test_tb_ui.py."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))

from tb_ui.app import App  # noqa: E402
from tb_ui.daily import DailyRecords, share_text  # noqa: E402
from tb_ui.nav import History  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402

from py_engine.core import Match, Seat  # noqa: E402
from py_engine.games import get, ids  # noqa: E402


def make_app(day: str = "2025-03-14", storage: MemoryStorage | None = None) -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(storage or MemoryStorage(), now_ms=lambda: float(next(clock)), today=lambda: day,
               botspeed_override="instant")


def finished(game_id: str, seed: int = 1) -> Match:
    m = Match.new(game_id, [Seat("Ann"), Seat("Bot", "bot", "easy")], {}, seed, {"holder": 0})
    rng = random.Random(seed)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    return m


def test_history_plan_pushes_replaces_and_steps_back() -> None:
    h = History()
    for route, want in (("new/timeline", "push"), ("table/a", "replace"), ("rules/timeline", "push")):
        action, delta = h.plan(route)
        assert action == want, route  # the started game's table takes the form's place
        h.apply(action, delta, route)
    assert h.stack == ["library", "table/a", "rules/timeline"] and h.previous == "table/a"
    assert h.plan("table/a") == ("go", -1)           # the rules' Back button
    h.apply("go", -1, "table/a")
    assert h.previous == "library"                   # Back from the table: not the filled-in form
    assert h.plan("table/b") == ("replace", 0)       # a rematch
    assert h.plan("library") == ("go", -1)           # ‹ Games
    h.apply("push", 0, "saves")
    assert h.stack == ["library", "table/a", "saves"]
    again = History.from_entry(h.entry())
    assert again is not None and again.stack == h.stack and again.depth == h.depth
    for bad in (None, {}, {"tb": 1, "stack": [], "depth": 0}, {"tb": 1, "stack": ["library"], "depth": 3}):
        assert History.from_entry(bad) is None


def test_routes_restore_every_screen_and_refuse_a_deleted_save() -> None:
    app = make_app()
    m = finished("time_war")
    sid, _ = app.store.import_text(m.save_json())
    for route in ("library", "saves", "settings", "new/time_war", "rules/time_barons", "daily/timeline",
                  f"table/{sid}", f"replay/{sid}"):
        fresh = make_app(storage=app.storage)
        assert fresh.navigate(route), route
        assert fresh.route() == route
    assert not app.navigate("daily/time_war") and app.route() == "library"  # no daily there
    assert not app.navigate("table/nope") and app.route() == "library"
    assert not app.navigate("nonsense/x") and app.route() == "library"


def test_replay_view_steps_jumps_and_guards_hidden_hands() -> None:
    app = make_app()
    m = finished("time_war", seed=3)
    sid, _ = app.store.import_text(m.save_json())
    app.dispatch("replay-open", {"id": sid})
    rv = app.replay
    assert app.screen == "replay" and rv.k == len(m.actions)
    assert rv.watch_choices() == [0, None] and rv.watch == 0   # the human, or the table only
    html = app.render()
    assert 'data-act="play"' not in html and "Rematch" not in html
    app.dispatch("replay-to", {"k": "0"})
    app.dispatch("replay-step", {"d": "1"})
    assert rv.k == 1
    app.dispatch("replay-watch", {"value": "1"})     # the bot: refused before a reveal
    assert rv.watch == 0
    app.dispatch("replay-reveal", {"checked": True})
    app.dispatch("replay-watch", {"value": "1"})
    assert rv.watch == 1 and 'class="tw-hand' in app.render()
    app.dispatch("replay-play", {})
    assert rv.playing and app.replay_tick() and rv.k == 2
    app.dispatch("replay-to", {"value": str(rv.turns[3].end)})
    assert rv.k == rv.turns[3].end and not rv.playing
    out = app.dispatch("replay-export", {})
    assert Match.load(out["download"][1]).save_json() == m.save_json()


@pytest.mark.parametrize("game_id", ["timeline", "time_war", "time_barons", "time_of_crisis", "barons"])
def test_the_replay_viewer_never_shows_a_bot_thinking(game_id: str) -> None:
    """At a step of the replay where a bot is to act, the table shows whose turn it is, not
    "… is thinking" with a spinner: in the viewer nobody thinks, the position is shown."""
    app = make_app()
    m = finished(game_id, seed=3)
    sid, _ = app.store.import_text(m.save_json())
    app.dispatch("replay-open", {"id": sid})
    k = next(i for i, (seat, _a) in enumerate(m.actions) if m.seats[seat].kind == "bot")
    app.dispatch("replay-to", {"k": str(k)})
    html = app.render()
    assert app.replay.k == k and "is thinking" not in html and "think-bar" not in html
    # nor a spinner anywhere, nor a live "Waiting for …": who moves next (issue 48)
    assert "spinner" not in html and "thinking…" not in html and "Waiting for" not in html
    assert f"Next to move: {m.seats[m.actions[k][0]].name}" in html


def test_daily_records_streak_best_and_share_text() -> None:
    rec = DailyRecords(MemoryStorage())
    for day, score in (("2025-03-11", 3), ("2025-03-12", 1), ("2025-03-13", 2)):
        rec.put("timeline", day, {"sid": day, "finished": True, "score": score, "marks": "RW", "summary": "x"})
    rec.put("timeline", "2025-03-09", {"sid": "a", "finished": True, "score": 0, "marks": "R", "summary": "x"})
    assert rec.streak("timeline", "2025-03-14") == 3    # today not played yet: up to yesterday
    assert rec.streak("timeline", "2025-03-15") == 0
    assert rec.best("timeline") == 0 and rec.played("timeline") == 4
    # the first finished result of a day stands
    rec.put("timeline", "2025-03-13", {"sid": "other", "finished": True, "score": 0, "marks": "R", "summary": "y"})
    assert rec.get("timeline", "2025-03-13")["score"] == 2
    text = share_text("Timeline", "2025-03-13", rec.get("timeline", "2025-03-13"), 3)
    assert text.splitlines() == ["Time & Barons · Daily Timeline · 2025-03-13", "🟩🟥", "x", "Streak: 3 days"]


def test_daily_deal_is_played_on_the_table_and_recorded() -> None:
    app = make_app("2025-03-14")
    app.dispatch("daily", {"game": "timeline"})
    assert app.route() == "daily/timeline" and "Play today’s deal" in app.render()
    app.dispatch("daily-start", {"game": "timeline"})
    m = app.match
    assert app.screen == "table" and m.meta["daily"] == "2025-03-14" and len(m.seats) == 1
    hand = list(m.state["hands"][0])
    while not m.is_over():
        st = m.state
        legal = m.game.legal_actions(st, 0)
        app.dispatch("play", {"seat": "0", "n": str(st["n"]), "a": __import__("json").dumps(legal[-1].to_json())})
    rec = app.daily.get("timeline", "2025-03-14")
    assert rec["finished"] and rec["score"] == m.game.daily_score(m).score
    assert "See your result" in app.render()
    assert app.dispatch("daily-copy", {"game": "timeline"})["copy"].startswith("Time & Barons · Daily Timeline")
    again = make_app("2025-03-14")
    again.dispatch("daily-start", {"game": "timeline"})
    assert again.match.state["hands"][0] == hand   # the same deal on another device


def test_skip_catchup_and_announcements() -> None:
    app = make_app()
    app.dispatch("new", {"game": "timeline"})
    for _ in range(2):
        app.dispatch("seat-add", {})
    for i in (1, 2, 3):
        app.dispatch("seat-kind", {"i": str(i), "kind": "bot"})
    app.dispatch("start", {"fields": {}})
    m = app.match
    assert app.take_announcement() is None           # nothing happened yet
    st = m.state
    import json

    first = m.game.legal_actions(st, 0)[0]
    label = m.game.action_label(st, 0, first)
    app.dispatch("play", {"seat": "0", "n": str(st["n"]), "a": json.dumps(first.to_json())})
    assert app.take_announcement().startswith(f"Player 1 chose {label}")  # named by its label, not its JSON
    st = m.state
    app.dispatch("play", {"seat": "0", "n": str(st["n"]), "a": json.dumps(m.game.legal_actions(st, 0)[0].to_json())})
    assert "Player 1 placed" in app.take_announcement()
    assert app.bot_pending() and 'data-act="skip"' in app.render()
    app.dispatch("skip", {})
    assert app.skipping and app.bot_delay() == 0.0
    while app.bot_pending():
        assert app.bot_step()
    assert not app.skipping
    c = app.catchup()
    assert c["title"] == "While you skipped" and c["moves"] >= 3 and any("Bot" in t for t in c["lines"])
    html = app.render()
    assert 'class="catchup panel"' in html
    said = app.take_announcement()
    assert "Bot" in said and said.endswith(m.game.prompt(m.state, 0))
    app.dispatch("catchup-ok", {})
    assert app.catchup() is None


@pytest.mark.parametrize("game_id", ids())
def test_rules_and_setup_cite_no_path_outside_the_app(game_id: str) -> None:
    app = make_app()
    app.dispatch("rules", {"game": game_id})
    html = app.render()
    app.dispatch("new", {"game": game_id})
    html += app.render()
    for bad in ("shared/", "seeds/", ".txt", "RULES.md", "CARDS.md"):
        assert bad not in html, bad
    if game_id in ("timeline", "time_war", "time_barons"):
        assert "<h2>Source</h2>" in html and get(game_id).title.split()[0] in html


def test_the_library_lists_the_games_in_progress_first_the_latest_first() -> None:
    app = make_app()
    for gid in ("barons", "time_war"):  # Time War played last
        m = Match.new(gid, [Seat("Ann", "human"), Seat("Bob", "human")], {}, 4)
        seat = m.to_act()[0]
        m.apply(seat, m.game.legal_actions(m.state, seat)[0])
        app.store.import_text(m.save_json())
    app.store.import_text(finished("timeline").save_json())  # over: no place at the top
    order = re.findall(r'<article class="gamecard" data-game="(\w+)"', app.render())
    rest = [g.id for g in app.games() if g.id not in ("time_war", "barons")]
    assert order == ["time_war", "barons", *rest]
    assert order.index("timeline") == 2 + rest.index("timeline")

