"""The Time of Crisis bot: the generic ISMCTS with a cut-off evaluation and two
honest shortcuts (py_engine/time_of_crisis/bot.py)."""

from __future__ import annotations

from typing import Any

from py_engine.core import Action, Match, Rng, Seat, make_bot
from py_engine.core.mcts import payoffs
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis.bot import THRONE, TocBot, _throne, evaluate, horizon

from .toc import table


def test_evaluate_prefers_provinces_legacy_and_the_purple() -> None:
    """More legacy, provinces, support and the Emperor's seat score higher; values
    lie in (0, 1); a cut-off playout scores the evaluation."""
    even = evaluate(table())
    assert abs(even[0] - 0.5) < 1e-9 and abs(even[1] - 0.5) < 1e-9
    ahead = table(prov={"gallia": {"gov": 0, "sup": 3}, "pannonia": {"gov": 0, "sup": 2}}, legacy=[20, 10])
    e = evaluate(ahead)
    assert 0.5 < e[0] < 1.0 and 0.0 < e[1] < 0.5
    emperor = evaluate(table(prov={"italia": {"gov": 0}}, italia=4))
    assert emperor[0] > 0.5
    assert payoffs(GAME, ahead) == e


def test_the_road_to_the_throne_counts_units_in_italia_and_senate_cards() -> None:
    """Only the Emperor can start the last round (ToC §7.1), so the evaluation values
    the throne: the Emperor gets THRONE plus half the turns left; a rival gets half of
    THRONE times the Senate votes of a usual hand (5 cards) over the votes Italia
    needs (twice its support, less one per unit in its capital, ToC §6.3.2)."""
    far = table(hands=[["military_1"] * 4 + ["senate_1"], []], avail=[[], []], discard=[[], []], italia=4)
    # A fifth of the deck is Senate 1: one vote a hand, of the 8 Italia needs.
    assert _throne(far, 0, 5.0) == 0.5 * THRONE * (1 / 8)
    near = table(hands=[["military_1"] * 4 + ["senate_1"], []], avail=[[], []], discard=[[], []], italia=4,
                 armies=[{"owner": 0, "at": "italia", "cap": True, "full": 3}])
    assert _throne(near, 0, 5.0) == 0.5 * THRONE * (1 / 5)
    assert evaluate(near)[0] > evaluate(far)[0]
    crowned = table(prov={"italia": {"gov": 0}}, italia=4)
    assert _throne(crowned, 0, 4.0) == THRONE + 2.0
    # Nobody on the throne: the end is far; the Emperor nearer the goal brings it near.
    assert horizon(far) == 9.5
    crowned["players"][0]["legacy"] = 30
    assert horizon(crowned) == 1.5 + 8.0 * 0.5
    crowned["players"][0]["legacy"] = 60
    assert horizon(crowned) == 1.0


def test_levels_are_search_bots_with_short_playouts() -> None:
    """Each level is a :class:`TocBot` with its budget and a short playout cap."""
    assert GAME.search_budgets is not None
    for level, (iterations, cap) in GAME.search_budgets.items():
        bot = make_bot(GAME, level)
        assert isinstance(bot, TocBot) and (bot.iterations, bot.rollout_limit) == (iterations, cap)
    assert make_bot(GAME, "random").level == "random"


def test_shortcuts_take_the_best_card_and_play_the_hand_first() -> None:
    """The refill choice takes the highest card (then the suit the hand lacks); in
    Take Actions the hand is played before searching."""
    bot = make_bot(GAME, "hard")
    s = table(hands=[["military_1", "castra"], []], armies=[{"owner": 0, "at": "italia"}], pts={"military": 1})
    assert bot.quick(GAME, s, 0) == Action("play", ("military_1",))
    s["players"][0]["hand"] = []
    GAME.stacks.refresh(s)
    assert len(GAME.legal_actions(s, 0)) > 1 and bot.quick(GAME, s, 0) is None
    t = table(hands=[["senate_1"], []], avail=[["military_1", "senate_1", "mob"], []])
    t = GAME.apply(t, 0, Action("end"))
    while GAME.legal_actions(t, 0)[0].name != "take":
        t = GAME.apply(t, 0, GAME.legal_actions(t, 0)[-1])
    assert bot.quick(GAME, t, 0) == Action("take", ("mob",))
    u = table(hands=[["senate_1"], []], avail=[["military_1", "senate_1", "populace_1"], []])
    u = GAME.apply(u, 0, Action("end"))
    while GAME.legal_actions(u, 0)[0].name != "take":
        u = GAME.apply(u, 0, GAME.legal_actions(u, 0)[-1])
    assert bot.quick(GAME, u, 0) in (Action("take", ("military_1",)), Action("take", ("populace_1",)))


def test_budget_scales_with_the_options() -> None:
    """Few options, few iterations (at least the floor); many, the level's cap."""
    bot = TocBot(250, rollout_limit=6, per_option=20, floor=40)
    few = table(armies=[{"owner": 0, "at": "italia", "cap": True}])
    assert bot.budget(GAME, few, 0) == 40
    many = table(prov={"gallia": {"gov": 0}}, armies=[{"owner": 0, "at": "gallia"}], pts={"military": 5, "senate": 5,
                                                                                         "populace": 5})
    assert bot.budget(GAME, many, 0) == 250


def test_each_level_searches_at_least_as_much_as_the_one_below() -> None:
    """Each level's scaling (``TimeOfCrisis.search_scaling``, issue 29): easy searches 1 iteration
    per option (at most its 30), normal 2 (at least 4, at most its 100), hard 20 (at least 40, at
    most its 250), so each searches more than the one below on every decision."""
    few = table(armies=[{"owner": 0, "at": "italia", "cap": True}])
    many = table(prov={"gallia": {"gov": 0}}, armies=[{"owner": 0, "at": "gallia"}],
                 pts={"military": 5, "senate": 5, "populace": 5})
    budgets = {name: [make_bot(GAME, lv).budget(GAME, s, 0) for lv in ("easy", "normal", "hard")]
               for name, s in (("few", few), ("many", many))}
    assert budgets == {"few": [2, 4, 40], "many": [30, 70, 250]}


def test_thinking_in_slices_gives_the_bots_move() -> None:
    """The app's sliced thinking (Match.think) honours the shortcuts and the budget
    and picks what the bot picks at once."""
    m = Match.new("time_of_crisis", [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], {}, 3)
    for _ in range(40):
        seat = m.bot_to_act()
        assert seat is not None
        expected = m.bot_action(seat)
        t = m.think()
        assert t is not None
        ticks = iter(range(10**6))

        def clock(it: Any = ticks) -> float:
            return float(next(it))

        while not t.step(max_seconds=2, clock=clock):
            assert 0.0 <= t.progress < 1.0
        assert t.action == expected
        t.apply()


def test_the_bot_decides_the_same_on_a_state_it_cannot_tell_apart() -> None:
    """The bot only looks through determinize: the true state and a re-dealt twin
    give the same choice."""
    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, hands=[[], ["mob", "castra"]],
              avail=[["senate_1"], ["tribute", "quaestor"]], pts={"military": 2, "senate": 2},
              armies=[{"owner": 0, "at": "gallia"}])
    twin = GAME.determinize(s, 0, Rng.from_seed(4))
    bot = make_bot(GAME, "easy")
    assert bot.choose(GAME, s, 0, Rng.from_seed(8)) == bot.choose(GAME, twin, 0, Rng.from_seed(8))


def test_every_level_s_search_comes_in_slices_the_page_can_run_between() -> None:
    """The app lets a bot think one short slice at a time (:class:`~py_engine.core.match.Thinking`,
    tb_ui/worker.py): every search level's decision at the start of a turn takes several
    slices of one iteration chunk each, with the same choice as in one go. (This replaces
    the e2e check that the page's timer ticked while the Time of Crisis bots thought: on a
    fast machine each of their decisions fits one browser task. Time War's game against the
    hard bot still checks the ticks in the browser, e2e/test_time_war_ui.py.)"""
    from py_engine.core import Thinking

    m = Match.new("time_of_crisis", [Seat(x, "bot", "easy") for x in ("A", "B")], {}, 3)
    # past the opening, to the first decision no shortcut takes (the hand is played first)
    while m.state["crisis"] is None or Thinking(m, m.to_act()[0], make_bot(GAME, "easy"), Rng.from_seed(5)).done:
        seat = m.to_act()[0]
        m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    seat = m.to_act()[0]
    for level in ("easy", "normal", "hard"):
        bot = make_bot(GAME, level)
        sliced = Thinking(m, seat, bot, Rng.from_seed(5))
        slices = 1
        while not sliced.step(0.0):
            slices += 1
        whole = Thinking(m, seat, bot, Rng.from_seed(5))
        assert whole.step(1e9) and whole.action == sliced.action
        assert slices >= 3 and sliced.stopped_by == "iterations", (level, slices)
