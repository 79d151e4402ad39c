"""The generic information-set MCTS bot (py_engine.core.mcts)."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import (
    Action,
    Game,
    IllegalAction,
    MCTSBot,
    OptionError,
    Outcome,
    Rng,
    Search,
    make_bot,
)
from py_engine.core.game import clone, log
from py_engine.core.mcts import payoffs
from py_engine.games import get


class Nim(Game):
    """Take 1 or 2 stones; whoever takes the last stone wins. From 4 stones the only
    winning move is to take 1 (leaving a multiple of 3)."""

    id = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3

    def _setup(self, state: dict[str, Any], rng: Rng) -> None:
        state.update(stones=4, turn=0, winner=None)

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("take", (k,)) for k in (1, 2) if k <= state["stones"]]

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> None:
        state["stones"] -= int(action.args[0])
        log(state, f"{seat} takes {action.args[0]}")
        if state["stones"] == 0:
            state["winner"] = seat
        else:
            state["turn"] = (seat + 1) % len(state["seats"])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return None if state["winner"] is None else Outcome((state["winner"],), "last stone")

    def board_view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"stones": state["stones"]}

    def prompt(self, state: dict[str, Any], seat: int | None) -> str:
        return "take"


class Countdown(Nim):
    """Nim from 20 stones where only a multiple of 3 left is *quiet* (a stand-in for
    a card half-resolved elsewhere)."""

    def _setup(self, state: dict[str, Any], rng: Rng) -> None:
        state.update(stones=20, turn=0, winner=None)

    def quiet(self, state: dict[str, Any]) -> bool:
        return state["stones"] % 3 == 0


def test_cut_off_playouts_go_on_until_quiet_within_the_extra_limit() -> None:
    """``quiet_extra`` plays a cut-off playout on while the state is not quiet, and
    never more than that many extra decisions; 0 cuts at the cap."""
    g = Countdown()
    s = g.setup(["A", "B"], {}, seed=1)
    for seed in range(20):
        for extra in (0, 1, 10):
            d = clone(s)
            Search(g, s, 0, Rng.from_seed(seed), rollout_limit=2, quiet_extra=extra)._rollout(d)
            steps = d["n"] - s["n"]
            if extra == 0:
                assert steps == 2
            else:
                # 16 to 18 stones after two takes; then on to the first multiple of 3 (18 to 12)
                assert 2 <= steps <= 2 + extra and (d["stones"] % 3 == 0 or steps == 2 + extra)
                if extra == 10:
                    assert d["stones"] % 3 == 0 and d["stones"] >= 12
    assert MCTSBot(5, quiet_extra=3).search(g, s, 0, Rng.from_seed(1)).quiet_extra == 3


def test_make_bot_reads_the_levels_exploration_and_quiet_extension() -> None:
    """``make_bot`` builds each level from ``search_budgets``,
    ``search_exploration`` and ``search_quiet``; unlisted levels get the defaults."""

    class Tuned(Countdown):
        search_budgets = {"easy": (10, 3), "hard": (50, 6)}
        search_exploration = {"hard": 0.2}
        search_quiet = {"hard": 7}

    g = Tuned()
    hard, easy, normal = make_bot(g, "hard"), make_bot(g, "easy"), make_bot(g, "normal")
    assert (hard.iterations, hard.rollout_limit, hard.c, hard.quiet_extra) == (50, 6, 0.2, 7)
    assert (easy.iterations, easy.rollout_limit, easy.c, easy.quiet_extra) == (10, 3, 0.7, 0)
    assert (normal.iterations, normal.rollout_limit, normal.c) == (300, 400, 0.7)
    with pytest.raises(OptionError):
        make_bot(g, "grandmaster")


def test_a_level_may_score_cut_off_playouts_with_its_own_evaluation() -> None:
    """``search_evaluation`` names, per level, the method a level's searches score cut-off
    playouts with; other levels, and :func:`payoffs` without one, use ``evaluate``."""

    class Judged(Countdown):
        search_budgets = {"easy": (10, 2), "hard": (10, 2)}
        search_evaluation = {"hard": "evaluate_stones"}

        def evaluate(self, state: dict[str, Any]) -> list[float]:
            return [0.5, 0.5]

        def evaluate_stones(self, state: dict[str, Any]) -> list[float]:
            return [state["stones"] / 100, 1 - state["stones"] / 100]

    g = Judged()
    s = g.setup(["A", "B"], {}, seed=1)
    hard, easy = make_bot(g, "hard"), make_bot(g, "easy")
    assert (hard.evaluation, easy.evaluation) == ("evaluate_stones", "evaluate")
    d = g.setup(["A", "B"], {}, seed=1)
    got = hard.search(g, s, 0, Rng.from_seed(3))._rollout(d)  # two takes of 1 or 2 stones
    assert d["stones"] in (16, 17, 18) and got == [d["stones"] / 100, 1 - d["stones"] / 100]
    d = g.setup(["A", "B"], {}, seed=1)
    assert easy.search(g, s, 0, Rng.from_seed(3))._rollout(d) == [0.5, 0.5]
    assert payoffs(g, d) == [0.5, 0.5] and payoffs(g, d, g.evaluate_stones) == g.evaluate_stones(d)
    with pytest.raises(AttributeError):
        MCTSBot(5, evaluation="evaluate_nothing").search(g, s, 0, Rng.from_seed(1))


def test_finds_the_winning_move() -> None:
    g = Nim()
    s = g.setup(["A", "B"], {}, seed=1)
    assert MCTSBot(300).choose(g, s, 0, Rng.from_seed(4)) == Action("take", (1,))


def test_three_seats_and_draw_payoffs() -> None:
    g = Nim()
    s = g.setup(["A", "B", "C"], {}, seed=1)
    assert MCTSBot(50).choose(g, s, 0, Rng.from_seed(2)) in g.legal_actions(s, 0)
    s["winner"] = 1
    assert payoffs(g, s) == [0.0, 1.0, 0.0]


def test_reproducible_and_sliceable() -> None:
    g = get("time_war")
    s = g.setup(["A", "B"], {"scenario": "centre"}, seed=3)
    seat = g.to_act(s)[0]
    bot = MCTSBot(80)
    assert bot.choose(g, s, seat, Rng.from_seed(9)) == bot.choose(g, s, seat, Rng.from_seed(9))
    whole = Search(g, s, seat, Rng.from_seed(9))
    whole.run(80)
    sliced = Search(g, s, seat, Rng.from_seed(9))
    for _ in range(8):
        sliced.run(10)
    assert whole.stats() == sliced.stats() and sliced.iterations == 80
    assert sum(v for _, v, _ in whole.stats()) == 80


def test_forced_move_is_returned_without_search() -> None:
    g = Nim()
    s = g.setup(["A", "B"], {}, seed=1)
    s["stones"] = 1
    assert MCTSBot(10_000).choose(g, s, 0, Rng.from_seed(1)) == Action("take", (1,))


def test_decides_for_the_non_active_seat() -> None:
    """A choice owed by the opponent during the active player's turn (Time War §6)."""
    g = get("time_war")
    s = g.setup(["A", "B"], {"scenario": "objectives"}, seed=1)
    s.update(active=0, start=0, hands=[["Y1", "Y2", "Y3"], s["hands"][1]],
             decks=[["Y4", "Y5", "Y6", "Y7", "Y8"], s["decks"][1]])
    s = g.apply(g.apply(s, 0, Action("select", ("Y1",))), 0, Action("place", (2, "deploy")))
    assert g.to_act(s) == [1] and s["active"] == 0
    a = MCTSBot(60).choose(g, s, 1, Rng.from_seed(5))
    assert a in [Action("move", (1,)), Action("move", (2,))]


def test_levels_are_offered_for_games_without_their_own_bots() -> None:
    g = get("time_war")
    assert g.bot_levels() == ("random", "easy", "normal", "hard")
    assert isinstance(make_bot(g, "hard"), MCTSBot) and make_bot(g, "hard").iterations > make_bot(g, "easy").iterations


def test_thinking_in_slices_gives_the_same_move_as_thinking_at_once() -> None:
    """The browser runs the search in ~30 ms slices; the move must not depend on it."""
    from py_engine.core import Match, Seat

    m = Match.new("time_war", [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], {"scenario": "raid"}, 5)
    for _ in range(6):
        seat = m.bot_to_act()
        assert seat is not None
        expected = m.bot_action(seat)
        t = m.think()
        assert t is not None
        ticks = iter(range(10**6))

        def clock(it: Any = ticks) -> float:
            return float(next(it))

        steps = 0
        while not t.step(max_seconds=2, clock=clock):  # one chunk per step
            steps += 1
            assert 0.0 <= t.progress < 1.0
        assert t.action == expected and t.progress == 1.0
        t.apply()
    stale = m.think()
    assert stale is not None
    stale.step(10)
    m.play_bot()
    with pytest.raises(IllegalAction, match="changed while the bot was thinking"):
        stale.apply()


def test_time_limited_thinking_stops_at_the_limit_and_untimed_stays_reproducible() -> None:
    """Bots that fit the device: a level's time limit ends the search early on a slow
    device; without one (tests, benchmarks) the move is the seed's move."""
    from py_engine.core import Match, Seat
    from py_engine.core.levels import TIME_LIMITS

    g = get("time_war")
    assert g.bot_time_limit("random") is None
    assert 0 < TIME_LIMITS["easy"] < TIME_LIMITS["normal"] < TIME_LIMITS["hard"] <= 2.0
    # Time War's normal may search only as long as its easy (issue 29), never longer than hard
    assert 0 < g.bot_time_limit("easy") <= g.bot_time_limit("normal") < g.bot_time_limit("hard") <= 2.0
    m = Match.new("time_war", [Seat("A", "bot", "hard"), Seat("B", "bot", "hard")], {"scenario": "raid"}, 5)
    while len(m.game.legal_actions(m.state, m.bot_to_act() or 0)) < 2:
        m.play_bot()
    expected = m.bot_action(m.bot_to_act() or 0)
    untimed = m.think()
    assert untimed is not None and untimed.time_limit is None
    while not untimed.step(0.5):
        pass
    assert untimed.action == expected and untimed.stopped_by == "iterations"
    assert untimed.iterations == make_bot(g, "hard").iterations

    # a device so slow that every clock read (one per chunk of 4 iterations, one at each end of
    # a slice) is 1/16 s later than the last: binary fractions, so no rounding decides a test
    t = m.think(time_limited=True)
    assert t is not None and t.time_limit == g.bot_time_limit("hard")
    ticks = iter(range(10**6))

    def clock(it: Any = ticks) -> float:
        return next(it) / 16

    slices = 0
    while not t.step(max_seconds=1 / 16, clock=clock):
        slices += 1
        assert t.stopped_by is None and 0.0 < t.progress < 1.0
    assert t.stopped_by == "time" and t.progress == 1.0
    assert t.time_limit <= t.elapsed < t.time_limit + 0.25
    assert 0 < t.iterations < make_bot(g, "hard").iterations
    assert slices >= 3
    assert t.action in m.game.legal_actions(m.state, t.seat)
    t.apply()
    assert m.actions[-1] == (t.seat, t.action)


def test_an_app_may_cap_a_time_limited_search_below_the_level_s_limit() -> None:
    """``Match.think(at_most=s)`` (the app's share of a whole bot turn, issue 25 §2) lowers the
    level's time limit to ``s`` and never raises it; an untimed search ignores it (reproducible)."""
    from py_engine.core import Match, Seat

    g = get("time_war")
    m = Match.new("time_war", [Seat("A", "bot", "hard"), Seat("B", "bot", "hard")], {"scenario": "raid"}, 5)
    while len(m.game.legal_actions(m.state, m.bot_to_act() or 0)) < 2:
        m.play_bot()
    low, high, untimed = m.think(True, at_most=0.25), m.think(True, at_most=60.0), m.think(at_most=0.25)
    assert low is not None and low.time_limit == 0.25
    assert high is not None and high.time_limit == g.bot_time_limit("hard")
    assert untimed is not None and untimed.time_limit is None
    ticks = iter(range(10**6))
    while not low.step(max_seconds=1 / 16, clock=lambda it=ticks: next(it) / 16):
        pass
    assert low.stopped_by == "time" and 0.25 <= low.elapsed < 0.5


def test_search_considers_only_the_games_search_actions() -> None:
    """A game may leave pointless options out of the search (Game.search_actions);
    the bot then never picks them, though they stay legal."""

    class NimNoTwo(Nim):
        def search_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
            return [a for a in self.legal_actions(state, seat) if a.args != (2,)] or self.legal_actions(state, seat)

    g = NimNoTwo()
    s = g.setup(["A", "B"], {}, 1)
    s["stones"] = 5  # the winning move would be to take 2
    assert Action("take", (2,)) in g.legal_actions(s, 0)
    for seed in range(5):
        assert MCTSBot(50).choose(g, s, 0, Rng.from_seed(seed)) == Action("take", (1,))


def test_thinking_uses_a_bots_quick_answer_and_budget() -> None:
    """Match.think honours a search bot's ``quick`` shortcut and per-decision ``budget``."""
    from dataclasses import dataclass

    from py_engine.core import Match, Seat
    from py_engine.core.match import Thinking

    @dataclass(frozen=True)
    class Quick(MCTSBot):
        def quick(self, game: Game, state: dict[str, Any], seat: int) -> Action | None:
            return Action("take", (1,))

    @dataclass(frozen=True)
    class Small(MCTSBot):
        def budget(self, game: Game, state: dict[str, Any], seat: int) -> int:
            return 8

    m = Match.new("time_war", [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], {"scenario": "raid"}, 5)
    seat = m.bot_to_act()
    assert seat is not None
    t = Thinking(m, seat, Quick(500), Rng.from_seed(1))
    assert t.done and t.action == Action("take", (1,))
    u = Thinking(m, seat, Small(500), Rng.from_seed(1))
    while not u.step(10):
        pass
    assert u._search.iterations == 8
