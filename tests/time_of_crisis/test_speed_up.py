"""The §6.8 speed-up variant: the next player acts while the previous one buys and
ends his turn, and neither may keep the other waiting forever.

With the variant, "end" is not offered to the player taking actions until the previous
player's turn is over. His free moves into and out of a provincial capital (ToC §6.3.1)
used to stay on offer, so a bot with nothing else to do moved an army out and in for ever
while the human still owed the rest of the previous turn (issue 23: over 4,000 such moves).
While the previous turn runs, an army now makes at most one free move between its player's
other choices; with nothing else left the player waits (rules.FREE_MOVES).
"""

from __future__ import annotations

import random
from pathlib import Path

from py_engine.core import Action, Match

#: Recorded from a random-play game (3 players, speed-up and short game; seats 0 and 1 are
#: random bots, seat 2 a human choosing at random): the position where the bot to act has only
#: free capital moves left while the human finishes the previous turn.
SAVE = Path(__file__).parent / "saves" / "speed_up_bot_waits.json"


def _match() -> Match:
    m = Match.load(SAVE.read_text())
    assert m.state["trail"] is not None and m.to_act() == [2, 0]
    return m


def test_a_bot_with_only_free_moves_makes_each_once_then_waits_for_the_human() -> None:
    """ToC §6.8 variant and §6.3.1: both armies may leave their capitals, once each; then
    the bot waits, and the human (finishing the previous turn) is the only seat to act,
    with the same choices as before."""
    m = _match()
    bot, human = 0, 2
    first, second = Action("leave_capital", (3,)), Action("leave_capital", (4,))
    assert m.bot_to_act() == bot
    assert m.game.legal_actions(m.state, bot) == [first, second]
    theirs = m.game.legal_actions(m.state, human)
    assert theirs
    m.apply(bot, first)
    assert m.game.legal_actions(m.state, bot) == [second], "army 3 may not go back in at once"
    m.apply(bot, second)
    assert m.game.legal_actions(m.state, bot) == []
    assert m.to_act() == [human] and m.bot_to_act() is None
    assert m.game.legal_actions(m.state, human) == theirs


def test_a_refused_second_free_move_changes_nothing() -> None:
    """Entering the capital the army just left, while waiting, is refused (state unchanged)."""
    m = _match()
    m.apply(0, Action("leave_capital", (3,)))
    before = m.save_json()
    try:
        m.apply(0, Action("enter_capital", (3,)))
    except Exception as e:  # IllegalAction
        assert type(e).__name__ == "IllegalAction"
    else:
        raise AssertionError("the army went back into the capital")
    assert m.save_json() == before


def test_once_the_previous_turn_is_over_the_armies_move_freely_again() -> None:
    """The limit lasts only while the previous player finishes: then "end" is offered and
    the bot may take the army back into its capital."""
    m = _match()
    m.apply(0, Action("leave_capital", (3,)))
    m.apply(0, Action("leave_capital", (4,)))
    rng = random.Random(1)
    while m.state["trail"] is not None:
        assert m.to_act() == [2]
        m.apply(2, rng.choice(m.game.legal_actions(m.state, 2)))
    legal = m.game.legal_actions(m.state, 0)
    assert Action("end", ()) in legal
    assert {Action("enter_capital", (3,)), Action("enter_capital", (4,))} <= set(legal)


def test_the_recorded_game_ends_when_the_bots_move_first() -> None:
    """The whole game, bots first whenever they may act (as Match.bot_to_act and the app's
    bot loop do), the human choosing at random: it ends."""
    m = _match()
    rng = random.Random(2)
    for _ in range(3000):
        if m.is_over():
            break
        bot = m.bot_to_act()
        if bot is not None:
            m.apply(bot, m.bot_action(bot))
        else:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    assert m.is_over(), f"not over after {len(m.actions)} moves"


def _finish_own_turn(s: dict, p: int) -> dict:  # type: ignore[type-arg]
    """Seat ``p`` buys nothing and refills as offered until it owes nothing more."""
    from py_engine.time_of_crisis import GAME

    from .toc import act

    for _ in range(20):
        if GAME.outcome(s) is not None or p not in GAME.to_act(s):
            return s
        legal = GAME.legal_actions(s, p)
        a = next((x for x in legal if x.name == "done"), legal[0])
        s = act(s, a.name, *a.args, seat=p)
    raise AssertionError("the turn does not end")


def test_no_turn_starts_after_the_last_one_of_the_game() -> None:
    """ToC §6.8 variant and §7.1: when the seat that ends a round ends Take Actions as Emperor
    with 60 legacy, the game ends with its turn: the next player's turn never starts (no crisis
    rolled, no card played). Any other seat doing the same starts the last round, and the next
    player's turn starts while it buys, as the variant says. For 2 to 4 players, each seat
    position, whoever went first."""
    from py_engine.time_of_crisis import GAME

    from .toc import act, table

    for n in (2, 3, 4):
        for first in (0, 1):
            for p in range(n):
                after_first = (p - first) % n
                turns = [5 if (q - first) % n < after_first else 4 for q in range(n)]
                s = table(n=n, prov={"italia": {"gov": p}}, italia=3, active=p, first=first,
                          options={"speed_up": True}, turns=turns, legacy=[60 if q == p else 30 for q in range(n)])
                t = act(s, "end")
                case = (n, first, p)
                last_seat = after_first == n - 1
                lines = [text for _, text in t["log"][len(s["log"]):]]
                started = [x for x in lines if "starts while" in x]
                if last_seat:
                    assert t["trail"] is None and not started, case
                    assert not [x for x in lines if x.startswith("Crisis roll")], case
                    t = _finish_own_turn(t, p)
                    out = GAME.outcome(t)
                    assert out is not None, case
                    assert t["turns"] == [5] * n, case
                    assert not [text for _, text in t["log"][len(s["log"]):] if text.startswith("Crisis roll")], case
                else:
                    assert t["trail"] is not None and len(started) == 1, case
                    t = _finish_own_turn(t, p)
                    assert t["last_round"] and t["trail"] is None and GAME.outcome(t) is None, case
                    assert t["turns"][p] == 5, case
