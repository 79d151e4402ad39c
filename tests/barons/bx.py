"""Helpers for exact-state Barons tests: a real setup, then the table laid out by
hand, loaded dice, and actions checked against the legal ones.

Example::

    s = new(("rendrick", "illistaire"))        # seat 0 (Ann) to start her first turn
    place(s, 0, "SNOW-L3"); s["players"][0]["gold"] = 40
    s = roll(s, 2, "SNOW-CITY")                # a movement roll of 2s, move to Winterhold
    assert top(s) == "inn"

Section citations (B §n) refer to the project's Barons specification 1.0.
"""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.barons import GAME
from py_engine.barons.machine import top_decision
from py_engine.core import Action, IllegalAction, State, canonical_json

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def new(chars: tuple[str, ...] = ("rendrick", "illistaire"), options: dict[str, Any] | None = None,
        first: int = 0) -> State:
    """A game with these characters in seat order, at the start of ``first``'s first
    turn (the first-player roll is loaded so ``first`` wins it)."""
    n = len(chars)
    s = GAME.setup(list(NAMES[:n]), {**(options or {}), "characters": "pick"}, seed=1)
    last = n - 2 if n == 6 else n - 1  # with six seats the last character is dealt without asking
    for p, c in enumerate(chars[:last + 1]):
        if p == last:
            s["loaded"] = [6 if q == first else 1 for q in range(n)]
        s = act(s, p, "character", c)
    assert [q["char"] for q in s["players"]] == list(chars)
    assert s["active"] == first and top(s) == "start"
    return s


def act(s: State, seat: int, name: str, *args: Any) -> State:
    """Apply one legal action of ``seat``; checks the invariants afterwards."""
    a = Action(name, tuple(args))
    legal = GAME.legal_actions(s, seat)
    assert a in legal, f"{a} not legal for seat {seat}; legal: {legal}"
    out = GAME.apply(s, seat, a)
    GAME.check_invariants(out)
    return out


def do(s: State, name: str, *args: Any) -> State:
    """Apply an action for the seat to act now."""
    return act(s, who(s), name, *args)


def who(s: State) -> int:
    """The seat to act."""
    seats = GAME.to_act(s)
    assert len(seats) == 1, seats
    return seats[0]


def top(s: State) -> str | None:
    """The kind of the pending decision (None: game over)."""
    d = top_decision(s)
    return None if d is None else str(d["k"])


def opts(s: State) -> list[list[Any]]:
    """The legal actions of the seat to act, as JSON."""
    return [a.to_json() for a in GAME.legal_actions(s, who(s))]


def names(s: State) -> set[str]:
    """The verbs of the legal actions."""
    return {a[0] for a in opts(s)}


def refused(s: State, name: str, *args: Any, seat: int | None = None) -> None:
    """The action is refused with a message and the state is unchanged."""
    before = canonical_json(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, who(s) if seat is None else seat, Action(name, tuple(args)))
    assert canonical_json(s) == before


def load(s: State, *dice: int) -> State:
    """Queue die results (used before the RNG); returns ``s``."""
    s["loaded"] = list(dice)
    return s


def place(s: State, p: int, pos: str) -> State:
    """Put seat ``p``'s token on ``pos``."""
    s["players"][p]["pos"] = pos
    return s


def turn_of(s: State, p: int) -> State:
    """Make it the start of ``p``'s turn (flags reset as at a turn start)."""
    s["active"] = p
    s["stack"] = [{"k": "end_turn"}, {"k": "start", "seat": p}]
    s["tf"] = {"ranged": False, "steal": False, "mend": False, "dodge": False, "sold": None, "offers": 0}
    for q in s["players"]:
        q["rr"] = 0
        q["mb"] = False
    s["combat"] = None
    return s


def roll(s: State, die: int, dest: str) -> State:
    """Roll the movement dice all showing ``die`` and move to ``dest``."""
    p = who(s)
    n = GAME.board_view(s, p)["players"][p]["derived"]["move"]
    s = do(load(s, *([die] * n)), "roll")
    return do(s, "move", dest)


def build(s: State, land: str, *owners: tuple[int, int]) -> State:
    """Lay out the buildings of ``land``: ``(seat, level)`` pairs in building order."""
    s["bld"][land] = [list(o) for o in owners]
    return s


def to_top(s: State, deck: str, *cards: str) -> State:
    """Move one copy of each card to the top of ``deck`` (``ddeck``/``ideck``), the
    last given on top; a card is taken from the deck or its discard pile."""
    disc = "ddisc" if deck == "ddeck" else "idisc"
    for c in cards:
        if c in s[deck]:
            idx = len(s[deck]) - 1 - s[deck][::-1].index(c)
            del s[deck][idx]
        else:
            s[disc].remove(c)
        s[deck].append(c)
    s[deck + "_grp"] = []
    return s


def give_item(s: State, p: int, iid: str) -> State:
    """Move an item card from the item deck to ``p`` (slot or one-use)."""
    from py_engine.barons import components as C

    s["ideck"].remove(iid)
    s["ideck_grp"] = []
    it = C.items()[iid]
    if it["kind"] == "permanent":
        s["players"][p]["items"][it["slot"]] = iid
    else:
        s["players"][p]["potions"] = sorted([*s["players"][p]["potions"], iid])
    return s


def give_skill(s: State, p: int, *sids: str) -> State:
    """Move skill cards from the guild supply to ``p``."""
    for sid in sids:
        s["supply"][sid] -= 1
        s["players"][p]["skills"].append(sid)
    return s


def monster_fight(s: State, p: int, monster: str, pos: str = "ICE-2") -> State:
    """``p`` (the active seat) lands on a dungeon space and draws ``monster``: the
    fight begins (initiative not yet rolled: load dice first)."""
    place(s, p, pos)
    to_top(s, "ddeck", monster)
    return s
