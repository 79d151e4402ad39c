"""Helpers for exact-state Time Barons tests: build a table, act, inspect.

A table is made from a real setup (so every core key is right) and then laid out
by hand: sites per seat, hands, levels, whose turn, actions left, stack contents.
Card conservation (``state["box"]``) is recomputed from the layout so
``check_invariants`` keeps working.

Example::

    s = table(a=[site("homeland", 5), site("catapult", 3)], b=[site("homeland", 4)],
              hands=[["siege"], []])
    s = play(s, "siege")                # main-phase action of the active seat (0)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert at(s, 1, "homeland")["f"] == 2 and at(s, 1, "homeland")["dmg"] == 2
"""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import Action, IllegalAction, State, canonical_json
from py_engine.time_barons import GAME
from py_engine.time_barons.board import site as find_site


def site(card: str, f: int = 0, dmg: int = 0, att: list[str] | None = None,
         tuck: list[str] | None = None, start: bool | None = None) -> dict[str, Any]:
    """A site spec for :func:`table`: card id, followers, damage counters,
    attachment card ids, tucked card ids (tucked by the owner, hidden)."""
    return {"card": card, "f": f, "dmg": dmg, "att": list(att or []), "tuck": list(tuck or []),
            "start": card in ("homeland", "capital") if start is None else start}


def table(a: list[dict[str, Any]] | None = None, b: list[dict[str, Any]] | None = None,
          hands: list[list[str]] | None = None, levels: tuple[int, int] = (1, 1), active: int = 0,
          actions: int = 3, stacks: list[list[str]] | None = None, discard: list[str] | None = None,
          options: dict[str, Any] | None = None, turn: int = 5) -> State:
    """A 2-player table in the active player's main phase.

    ``a``/``b``: seat 0's and seat 1's sites (default: a Homeland with 10
    followers); ``hands``; ``levels``; ``stacks``: the four draw stacks, top =
    last (default: 3 Siege in each level's stack... any filler cards are fine).
    Site ids are given in order: seat 0's sites first (1, 2, ...), then seat 1's.
    """
    s = GAME.setup(["Ann", "Bob"], options or {}, seed=1)
    s["sites"] = []
    s["next_id"] = 1
    for owner, specs in ((0, a or [site("homeland", 10)]), (1, b or [site("homeland", 10)])):
        for sp in specs:
            s["sites"].append({"id": s["next_id"], "card": sp["card"], "owner": owner, "f": sp["f"],
                               "dmg": sp["dmg"], "att": [[c, owner] for c in sp["att"]],
                               "tuck": [[c, owner, False] for c in sp["tuck"]], "used": False,
                               "start": sp["start"]})
            s["next_id"] += 1
    for p, h in enumerate(hands or [[], []]):
        s["players"][p].update(hand=list(h), known=[], level=levels[p], lof=0)
    s["stacks"] = [list(x) for x in stacks] if stacks is not None else [
        ["temple", "church", "siege"], ["conversion", "library", "martyr"], ["robotics_lab", "bioweapon"],
        ["ark", "mind_control"]]
    s["ran_out"] = [not x for x in s["stacks"]]
    s["stacked"] = max(40, sum(len(x) for x in s["stacks"]))
    s["discard"] = list(discard or [])
    s.update(active=active, actions=actions, turn=turn, frames=[], limbo=[], blocked=None, eod=False,
             result=None, log=[])
    rebox(s)
    GAME.stacks.run(s, s)
    GAME.check_invariants(s)
    return s


def mtable(sites: list[list[dict[str, Any]]], hands: list[list[str]] | None = None,
           levels: list[int] | None = None, active: int = 0, actions: int = 3,
           stacks: list[list[str]] | None = None, discard: list[str] | None = None,
           options: dict[str, Any] | None = None, turn: int = 9,
           names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee"), forge: list[int] | None = None) -> State:
    """A 3- or 4-player table (one list of site specs per seat, default mode
    ``team``) in the active player's main phase, built like :func:`table`. Site ids
    are given in seat order: seat 0's sites first (1, 2, ...), then seat 1's...
    ``forge``: weapon tokens per seat (free-for-all)."""
    n = len(sites)
    s = GAME.setup(list(names[:n]), options or {}, seed=1)
    s["sites"] = []
    s["next_id"] = 1
    for owner, specs in enumerate(sites):
        for sp in specs:
            s["sites"].append({"id": s["next_id"], "card": sp["card"], "owner": owner, "f": sp["f"],
                               "dmg": sp["dmg"], "att": [[c, owner] for c in sp["att"]],
                               "tuck": [[c, owner, False] for c in sp["tuck"]], "used": False,
                               "start": sp["start"]})
            s["next_id"] += 1
    for p in range(n):
        s["players"][p].update(hand=list((hands or [[]] * n)[p]), known=[], team_known=[],
                               level=(levels or [1] * n)[p], lof=0, forge=(forge or [0] * n)[p])
    s["stacks"] = [list(x) for x in stacks] if stacks is not None else [
        ["temple", "church", "siege"], ["conversion", "library", "martyr"], ["robotics_lab", "bioweapon"],
        ["ark", "mind_control"]]
    s["ran_out"] = [not x for x in s["stacks"]]
    s["stacked"] = max(40, sum(len(x) for x in s["stacks"]))
    s["discard"] = list(discard or [])
    s.update(active=active, actions=actions, turn=turn, frames=[], limbo=[], blocked=None, eod=False,
             result=None, log=[], hammer=None, out=[])
    if s["solo"] is not None:
        s["last_tb"] = active if active != s["solo"] else 0
    rebox(s)
    GAME.stacks.run(s, s)
    GAME.check_invariants(s)
    return s


def rebox(s: State) -> None:
    """Recompute the card-conservation record from where the cards are now."""
    box: dict[str, int] = {}
    cards = [c for st in s["stacks"] for c in st] + list(s["discard"]) + list(s["limbo"])
    cards += [c for p in s["players"] for c in p["hand"]]
    for x in s["sites"]:
        cards += [x["card"]] + [a[0] for a in x["att"]] + [t[0] for t in x["tuck"]]
    for c in cards:
        box[c] = box.get(c, 0) + 1
    s["box"] = box


def sid(s: State, owner: int, card: str, nth: int = 0) -> int:
    """The id of ``owner``'s ``nth`` site named ``card``."""
    ids = [x["id"] for x in s["sites"] if x["owner"] == owner and x["card"] == card]
    return ids[nth]


def at(s: State, owner: int, card: str, nth: int = 0) -> dict[str, Any]:
    """``owner``'s ``nth`` site named ``card`` (fails if it is not in play)."""
    x = find_site(s, sid(s, owner, card, nth))
    assert x is not None
    return x


def gone(s: State, owner: int, card: str) -> bool:
    """True if ``owner`` has no site named ``card`` in play."""
    return not any(x["owner"] == owner and x["card"] == card for x in s["sites"])


def layout(s: State) -> list[tuple[int, str, int, int, int]]:
    """Every site in play as ``(id, card, owner, followers, damage counters)``."""
    return [(x["id"], x["card"], x["owner"], x["f"], x["dmg"]) for x in s["sites"]]


def who(s: State) -> int:
    """The seat to act."""
    acting = GAME.to_act(s)
    assert acting, "nobody is to act (game over?)"
    return acting[0]


def choices(s: State) -> list[list[Any]]:
    """The pending decision's options as JSON lists, e.g. ``[["site", 3], ["pass"]]``."""
    return [a.to_json() for a in GAME.legal_actions(s, who(s))]


def pick(s: State, name: str, *args: Any, seat: int | None = None) -> State:
    """Apply ``Action(name, args)`` for the seat to act (or ``seat``); checks it is
    legal, applies it, checks invariants, and returns the new state."""
    st = who(s) if seat is None else seat
    new = GAME.apply(s, st, Action(name, tuple(args)))
    GAME.check_invariants(new)
    return new


def play(s: State, card: str) -> State:
    """The active player plays ``card`` from hand (main phase)."""
    return pick(s, "play", card)


def use(s: State, site_id: int, n: int) -> State:
    """The active player activates ability ``n`` of site ``site_id`` (main phase)."""
    return pick(s, "ability", site_id, n)


def refused(s: State, name: str, *args: Any, seat: int | None = None) -> None:
    """Assert ``Action(name, args)`` is refused with IllegalAction and the state is
    unchanged."""
    before = canonical_json(s)
    st = who(s) if seat is None else seat
    with pytest.raises(IllegalAction):
        GAME.apply(s, st, Action(name, tuple(args)))
    assert canonical_json(s) == before


def main_phase(s: State) -> bool:
    """True if the active player is back in the main phase (nothing pending)."""
    return not s["frames"] and not s["result"] and who(s) == s["active"]


def hand(s: State, p: int) -> list[str]:
    """Seat ``p``'s hand, sorted."""
    return sorted(s["players"][p]["hand"])


def pass_all(s: State) -> State:
    """Answer every pending reaction/trigger window with "pass" until the active
    player's main phase (fails if some other kind of decision is pending)."""
    while not main_phase(s) and not s["result"]:
        assert ["pass"] in choices(s) or ["no"] in choices(s), f"not a window: {s['ask']['prompt']}"
        s = pick(s, "pass") if ["pass"] in choices(s) else pick(s, "no")
    return s
