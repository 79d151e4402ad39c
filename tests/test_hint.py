"""Hints (issue 24 §5, py_engine/core/hint.py): the hint bot's move from the player's own
information set and one line of why (the evaluation's largest term)."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import Action, Game, Match, MCTSBot, Outcome, Rng, Seat, suggest
from py_engine.core.bots import bot_seed
from py_engine.core.game import log
from py_engine.core.hint import ONLY, average_terms, explain, largest_term, share_line, term_line
from py_engine.games import get
from py_engine.time_barons.rules import GAME as TIME_BARONS
from py_engine.time_of_crisis.bot import material, material_terms
from py_engine.time_of_crisis.state import toc
from py_engine.time_war.rules import GAME as TIME_WAR


class Race(Game):
    """A race to 5 with two terms per seat: ``steps`` (moves of 1 or 2) and ``coins`` (a
    coin per move of 1). ``evaluate_terms`` reports each as a lead over the other seat."""

    id = "race"
    title = "Race"

    def _setup(self, state: dict[str, Any], rng: Rng) -> None:
        state.update(steps=[0, 0], coins=[0, 0], turn=0)

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if max(state["steps"]) >= 5 else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        return [Action("step", (1,)), Action("step", (2,))] if seat in self.to_act(state) else []

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> None:
        k = int(action.args[0])
        state["steps"][seat] += k
        state["coins"][seat] += 1 if k == 1 else 0
        log(state, f"{seat} steps {k}")
        state["turn"] = 1 - seat

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if max(state["steps"]) < 5:
            return None
        return Outcome((0 if state["steps"][0] >= 5 else 1,), "reached 5")

    def board_view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"steps": state["steps"]}

    def prompt(self, state: dict[str, Any], seat: int | None) -> str:
        return "step"

    def evaluate_terms(self, state: dict[str, Any], seat: int) -> list[tuple[str, float]]:
        o = 1 - seat
        return [("lead in steps", float(state["steps"][seat] - state["steps"][o])),
                ("coin lead", float(state["coins"][seat] - state["coins"][o]))]


# ---- the line of why --------------------------------------------------------------------------
def test_the_largest_term_is_picked_and_worded() -> None:
    assert largest_term([("a", 1.0), ("b", 3.5), ("c", -9.0), ("d", 3.5)]) == ("b", 3.5)
    assert largest_term([]) is None
    assert term_line(("legacy lead", 12.0)) == "Keeps your legacy lead (+12)"
    assert term_line(("gold lead", 0.34)) == "Keeps your gold lead (+0.3)"
    assert term_line(("follower lead", -3.0)) == "Your follower lead is where you stand best (−3)"
    assert share_line(0.64) == "Scores 64% in the bot's playouts"


def test_the_line_is_true_of_the_position() -> None:
    """Issue 48: a lead the move makes is not "kept"; a lead of +0.0 is none; a 50% share is
    an even game, not a score."""
    assert term_line(("tech level lead", 2.0), before=0.0) == "Gives you a tech level lead (+2)"
    assert term_line(("tech level lead", 2.0), before=-2.0) == "Gives you a tech level lead (+2)"
    assert term_line(("follower lead", 5.0), before=3.0) == "Widens your follower lead (+3 → +5)"
    assert term_line(("follower lead", 5.0), before=5.0) == "Keeps your follower lead (+5)"
    assert term_line(("follower lead", 4.0), before=6.0) == "Keeps your follower lead (+4)"
    assert term_line(("lead in the race for the throne", 0.04), before=0.0) == (
        "Your lead in the race for the throne is where you stand best (even)")
    assert term_line(("gold lead", -0.04)) == "Your gold lead is where you stand best (even)"
    assert "+0.0" not in term_line(("gold lead", 0.049), before=-1.0)
    assert share_line(0.5) == share_line(0.504) == "The bot's playouts find the game even from here (50%)"
    assert share_line(0.56) == "Scores 56% in the bot's playouts"


def test_explain_picks_the_largest_term_after_the_move() -> None:
    g = Race()
    s = g.setup(["A", "B"], {}, seed=1)
    # after a step of 2: steps lead +2, coin lead 0 -> the steps lead
    assert average_terms(g, s, 0, Action("step", (2,)), Rng.from_seed(1)) == [("lead in steps", 2.0),
                                                                               ("coin lead", 0.0)]
    assert explain(g, s, 0, Action("step", (2,)), Rng.from_seed(1)) == "Gives you a lead in steps (+2)"
    # after a step of 1 from steps [0, 3] coins [0, 0]: steps lead -2, coin lead +1 -> the coins
    s2 = dict(s, steps=[0, 3])
    assert explain(g, s2, 0, Action("step", (1,)), Rng.from_seed(1), share=0.9) == "Gives you a coin lead (+1)"
    # a step of 2 from steps [2, 0]: the steps lead grows from +2 to +4
    assert explain(g, dict(s, steps=[2, 0]), 0, Action("step", (2,)), Rng.from_seed(1)) == (
        "Widens your lead in steps (+2 → +4)")
    # a step of 2 from steps [0, 3] coins [2, 0]: the coin lead (+2) stays the largest, unchanged
    assert explain(g, dict(s, steps=[0, 3], coins=[2, 0]), 0, Action("step", (2,)), Rng.from_seed(1)) == (
        "Keeps your coin lead (+2)")


def test_without_terms_the_line_is_the_searchs_estimate() -> None:
    s = TIME_WAR.setup(["A", "B"], {"scenario": "centre"}, seed=4)
    seat = TIME_WAR.to_act(s)[0]
    a = TIME_WAR.legal_actions(s, seat)[0]
    assert TIME_WAR.evaluate_terms(s, seat) == []
    assert explain(TIME_WAR, s, seat, a, Rng.from_seed(1), share=0.64) == "Scores 64% in the bot's playouts"
    assert explain(TIME_WAR, s, seat, a, Rng.from_seed(1)) == "What the bot would do here"


# ---- the hint sees only what the player sees ---------------------------------------------------
def _time_war_midgame() -> tuple[dict[str, Any], int]:
    m = Match.new("time_war", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], {"scenario": "centre"}, 11)
    while len(m.actions) < 6:
        m.play_bot()
    return m.state, m.to_act()[0]


def test_states_differing_only_in_the_opponents_hidden_hand_give_the_same_hint() -> None:
    state, seat = _time_war_midgame()
    opp = 1 - seat
    assert state["hands"][opp] and state["decks"][opp], "the opponent has hidden cards to swap"
    twin = {**state, "hands": [list(h) for h in state["hands"]], "decks": [list(d) for d in state["decks"]]}
    twin["hands"][opp][0], twin["decks"][opp][0] = state["decks"][opp][0], state["hands"][opp][0]
    assert twin["hands"][opp] != state["hands"][opp]
    assert TIME_WAR.view(twin, seat) == TIME_WAR.view(state, seat)  # the player cannot tell them apart
    bot = MCTSBot(40)
    one = suggest(TIME_WAR, state, seat, Rng.from_seed(5), bot)
    two = suggest(TIME_WAR, twin, seat, Rng.from_seed(5), bot)
    assert one is not None and one == two
    assert one.action in TIME_WAR.legal_actions(state, seat)


def test_the_match_hint_is_the_hint_bots_move_reproducibly() -> None:
    m = Match.new("time_barons", [Seat("Ann"), Seat("Bob")], {}, 3)
    seat = m.to_act()[0]
    assert m.seats[seat].kind == "human"
    thinking = m.hint(seat)
    assert thinking is not None
    while not thinking.step(60.0):
        pass
    hint = m.hint_of(thinking)
    assert hint is not None and hint.action in TIME_BARONS.legal_actions(m.state, seat)
    # what suggest() gives for the same seed: the hard bot's choice, and a term of the evaluation
    again = suggest(TIME_BARONS, m.state, seat, Rng.from_seed(thinking_seed(m, seat)))
    assert again == hint
    assert hint.reason.startswith(("Keeps your ", "Gives you a ", "Widens your ", "Your "))
    # the match moved on: the old hint is not shown
    m.apply(seat, hint.action)
    assert m.hint_of(thinking) is None


def thinking_seed(m: Match, seat: int) -> int:
    return bot_seed(m.seed, len(m.actions), seat)


def test_a_single_option_is_hinted_as_the_only_choice() -> None:
    g = Race()
    s = g.setup(["A", "B"], {}, seed=1)
    s["steps"] = [4, 0]

    class One(Race):
        def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
            return [Action("step", (1,))] if seat in self.to_act(state) else []

    hint = suggest(One(), s, 0, Rng.from_seed(1), MCTSBot(4))
    assert hint is not None and hint.action == Action("step", (1,)) and hint.reason == ONLY


def test_timeline_offers_no_hint_and_the_others_use_the_determinized_search() -> None:
    tl = get("timeline")
    assert tl.hint_level() is None
    m = Match.new("timeline", [Seat("Ann"), Seat("Bot", "bot", "hard")], {}, 1)
    assert m.hint(m.to_act()[0]) is None
    for gid in ("time_war", "time_barons", "time_of_crisis", "barons"):
        assert get(gid).hint_level() == "hard"


def test_a_hint_is_refused_for_a_seat_not_to_act() -> None:
    m = Match.new("time_war", [Seat("Ann"), Seat("Bob")], {"scenario": "centre"}, 2)
    other = 1 - m.to_act()[0]
    assert m.hint(other) is None


# ---- the games' terms ---------------------------------------------------------------------------
def test_time_barons_terms_are_leads_in_the_evaluations_weights() -> None:
    s = TIME_BARONS.setup(["A", "B"], {}, seed=2)
    base = dict(TIME_BARONS.evaluate_terms(s, 0))
    assert set(base) == {"follower lead", "tech level lead", "lead in cards in hand", "lead in sites"}
    s["players"][0]["level"] = 3  # two levels above I: 2 points each
    for x in s["sites"]:
        if x["owner"] == 1:
            x["f"] += 5
            break
    terms = dict(TIME_BARONS.evaluate_terms(s, 0))
    assert terms["tech level lead"] == base["tech level lead"] + 4.0
    assert terms["follower lead"] == base["follower lead"] - 5.0
    assert dict(TIME_BARONS.evaluate_terms(s, 1))["follower lead"] == -terms["follower lead"]


def test_time_of_crisis_terms_add_up_to_the_expected_legacy_lead() -> None:
    g = get("time_of_crisis")
    s = g.setup(["A", "B", "C"], {}, seed=4)
    st = toc(s)
    st["players"][1]["legacy"] = 9
    terms = dict(g.evaluate_terms(s, 0))
    assert terms["legacy lead"] == -9.0  # seat 1 is the strongest rival: 9 legacy more
    for p in range(3):
        assert sum(v for _l, v in material_terms(st, p, 5.0)) == pytest.approx(material(st, p, 5.0))


def test_barons_terms_are_leads_over_the_strongest_rival() -> None:
    g = get("barons")
    m = Match.new("barons", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], {"characters": "random"}, 8)
    while len(m.actions) < 3:
        m.play_bot()
    s = m.state
    before = dict(g.evaluate_terms(s, 0))
    s["players"][0]["gold"] += 90  # gold counts 1 per 45
    after = dict(g.evaluate_terms(s, 0))
    assert after["gold lead"] == pytest.approx(before["gold lead"] + 2.0)


# ---- never a move the app would ask about (issue 48) -------------------------------------------
class CautiousRace(Race):
    """The race where a step of 2 (the stronger move) is flagged as harming the mover's side."""

    def caution(self, state: dict[str, Any], seat: int, action: Action) -> str | None:
        return "This hurts you." if action == Action("step", (2,)) else None


def test_a_hint_never_suggests_a_move_the_app_would_ask_about() -> None:
    """The search prefers the step of 2 (it wins sooner); with a caution on it the hint is the
    search's next best, with that move's own share; without the caution it stays the step of 2."""
    s = Race().setup(["A", "B"], {}, seed=1)
    s["steps"] = [3, 3]  # a step of 2 wins at once, a step of 1 does not
    plain = suggest(Race(), s, 0, Rng.from_seed(2), MCTSBot(60))
    assert plain is not None and plain.action == Action("step", (2,))
    hint = suggest(CautiousRace(), s, 0, Rng.from_seed(2), MCTSBot(60))
    assert hint is not None and hint.action == Action("step", (1,))
    # a bot that answers at once (no search) is overruled the same way, in the legal order
    class Quick:
        def quick(self, game: Game, state: dict[str, Any], seat: int) -> Action:
            return Action("step", (2,))

        def choose(self, game: Game, state: dict[str, Any], seat: int, rng: Rng) -> Action:
            return Action("step", (2,))

    quick = suggest(CautiousRace(), s, 0, Rng.from_seed(2), Quick())  # type: ignore[arg-type]
    assert quick is not None and quick.action == Action("step", (1,))


def test_the_match_hint_of_a_finished_search_is_never_a_move_the_app_would_ask_about() -> None:
    """The app's path (``Match.hint`` searched in slices, then ``Match.hint_of``): the search's
    best is the step of 2; cautioned, the hint is the step of 1."""
    s = Race().setup(["A", "B"], {}, seed=1)
    s["steps"] = [3, 3]
    for game, want in ((Race(), Action("step", (2,))), (CautiousRace(), Action("step", (1,)))):
        m = Match(game, [Seat("A"), Seat("B")], {}, 1, [], {"holder": 0}, [dict(s, steps=[3, 3])])
        thinking = m.hint(0)
        assert thinking is not None
        while not thinking.step(60.0):
            pass
        assert thinking.action == Action("step", (2,))  # the search's own choice
        hint = m.hint_of(thinking)
        assert hint is not None and hint.action == want
