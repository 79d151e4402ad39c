"""Helpers for exact-state Time of Crisis tests: lay out a table, script the dice,
act, inspect.

A table is made from a real setup (so every key is right) and then laid out by
hand: provinces (governor, support, mobs, improvements...), armies, barbarians,
hands and piles, influence points, whose turn. It starts in the active player's
Take Actions phase unless told otherwise.

Dice are scripted: ``with dice(3, 5, 6): ...`` makes the engine roll 3, 5, 6 in
that order and fails if it rolls more or fewer.

Example::

    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, hands=[["senate_1"], []])
    s = act(s, "play", "senate_1")
    assert s["tp"]["pts"]["senate"] == 1
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from py_engine.core import Action, IllegalAction, State, canonical_json
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import combat as C
from py_engine.time_of_crisis import components as D
from py_engine.time_of_crisis import effects as E
from py_engine.time_of_crisis import rules as R
from py_engine.time_of_crisis.board import NEUTRAL, set_barbs
from py_engine.time_of_crisis.state import LEGACY_SOURCES

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: For 4-player tables: provinces of seats 2 and 3, so that fewer than the 8 Neutral
#: governors are in use and a vacated province can take one (ToC §2).
OTHERS = {"syria": {"gov": 2}, "aegyptus": {"gov": 3}, "africa": {"gov": 2}}


class Dice:
    """Scripted dice: ``roll`` returns the next value; ``left`` those not rolled yet."""

    def __init__(self, values: list[int]) -> None:
        self.left = list(values)
        self.rolled: list[int] = []

    def roll(self, state: State) -> int:
        assert self.left, f"the engine rolled more dice than scripted (after {self.rolled})"
        v = self.left.pop(0)
        self.rolled.append(v)
        return v


@contextmanager
def dice(*values: int, exact: bool = True) -> Iterator[Dice]:
    """Script the next dice the engine rolls (all modules roll through these)."""
    d = Dice(list(values))
    mp = pytest.MonkeyPatch()
    for mod in (E, C, R):
        mp.setattr(mod, "roll", d.roll)
    try:
        yield d
    finally:
        mp.undo()
    if exact:
        assert not d.left, f"dice not rolled: {d.left} (rolled {d.rolled})"


def gained(**sources: int) -> dict[str, int]:
    """A player's ``gained`` (where his legacy came from, ToC §6.6, §7.1, §8.2, §5.2): the given
    sources, every other one 0."""
    return dict.fromkeys(LEGACY_SOURCES, 0) | sources


def table(n: int = 2, prov: dict[str, dict[str, Any]] | None = None, armies: list[dict[str, Any]] | None = None,
          barbs: dict[str, dict[str, list[int]]] | None = None, hands: list[list[str]] | None = None,
          avail: list[list[str]] | None = None, discard: list[list[str]] | None = None,
          pts: dict[str, int] | None = None, played: list[list[Any]] | None = None, active: int = 0,
          options: dict[str, Any] | None = None, lasting: list[str] | None = None,
          legacy: list[int] | None = None, eturns: list[int] | None = None, italia: int | None = None,
          govs: list[int] | None = None, gens: list[int] | None = None, leaders: dict[str, str] | None = None,
          rivals: dict[str, str] | None = None, events: list[str] | None = None, first: int = 0,
          turns: list[int] | None = None, phase: str = "actions") -> State:
    """A table in seat ``active``'s Take Actions phase (``phase="actions"``).

    ``prov``: per province, fields to set over the default (Neutral governor at
    support 1; No Place Governor provinces of that player count stay empty; past
    the 8 Neutral governors, the last provinces in map order have no governor);
    ``italia``: Italia's support (default: the setup value); ``armies``: dicts with
    ``owner``, ``at``, optional ``cap``, ``full``, ``red``, ``foed``, ``castra``,
    ``fought`` (ids 1, 2, ... in order); ``barbs``: ``{region: {tribe: [active,
    inactive]}}`` (the rest of each tribe waits inactive at home unless the homeland
    is given); ``hands``/``avail``/``discard``: card ids per seat (default: hand
    empty, Available Pile = the 9 starting cards); ``pts``: the active player's
    influence points; ``played``: ``[card, event used]`` already played this turn;
    ``govs``/``gens``: how many governor/general counters each seat has claimed
    (default: as many as it has on the map, at least the at-start one).
    """
    s = GAME.setup(NAMES[:n], options or {}, seed=1)
    npg = D.setup()["no_place_governor"][str(n)]
    for pid, p in s["prov"].items():
        p.update(gov=None if pid in npg else NEUTRAL, sup=0 if pid in npg else 1, mobs=0, mil=False, imps=[], q=False,
                 mark=None, npg=pid in npg)
    s["prov"][D.emperor_province()]["sup"] = D.setup()["italia_start_support"][str(n)] if italia is None else italia
    for pid, fields in (prov or {}).items():
        s["prov"][pid].update(fields)
    neutral = [pid for pid, p in s["prov"].items() if p["gov"] == NEUTRAL]
    cap = D.limit("neutral_governors")
    for pid in [q for q in neutral if q not in (prov or {}) and q != D.emperor_province()][max(0, cap - (len(neutral) - len(
            [q for q in neutral if q not in (prov or {}) and q != D.emperor_province()]))):]:
        s["prov"][pid].update(gov=None)  # only 8 Neutral governors exist (ToC §2)
    s["armies"] = []
    for i, a in enumerate(armies or [], start=1):
        s["armies"].append({"id": i, "owner": a["owner"], "at": a["at"], "cap": a.get("cap", False),
                            "full": a.get("full", 1), "red": a.get("red", 0), "foed": list(a.get("foed", [])),
                            "castra": a.get("castra", False), "fought": a.get("fought", False)})
    s["next_army"] = len(s["armies"]) + 1
    s["barbs"] = {}
    given = barbs or {}
    for tribe in D.tribes_in_play(n):
        home = D.homeland(tribe)
        used = sum(sum(v.get(tribe, [0, 0])) for r, v in given.items() if r != home)
        used += sum(a["foed"].count(tribe) for a in s["armies"])
        if home in given and tribe in given[home]:
            act, ina = given[home][tribe]
        else:
            act, ina = 0, D.tribes()[tribe]["counters"] - used
        set_barbs(s, home, tribe, act, ina)
    for r, v in given.items():
        for tribe, (act, ina) in v.items():
            if r != D.homeland(tribe):
                set_barbs(s, r, tribe, act, ina)
    start = sorted(c for c, k in D.setup()["starting_deck"].items() for _ in range(int(k)))
    for p in range(n):
        pl = s["players"][p]
        pl["hand"] = sorted((hands or [[]] * n)[p]) if hands else []
        pl["avail"] = sorted(avail[p]) if avail else list(start)
        pl["discard"] = list(discard[p]) if discard else []
        pl["known"] = []
        pl["legacy"] = legacy[p] if legacy else 0
        pl["gained"] = dict.fromkeys(LEGACY_SOURCES, 0)  # a table's legacy so far: from provinces
        pl["gained"]["provinces"] = pl["legacy"]
        pl["eturns"] = eturns[p] if eturns else 0
        n_gov = sum(1 for x in s["prov"].values() if x["gov"] == p)
        n_gen = sum(1 for a in s["armies"] if a["owner"] == p)
        pl["govs"] = [i < (govs[p] if govs else max(1, n_gov)) for i in range(6)]
        pl["gens"] = [i < (gens[p] if gens else max(1, n_gen)) for i in range(6)]
    s["leaders"] = {lid: "box" for lid in D.leaders()} | (leaders or {})
    s["rivals"] = {rid: "box" for rid in D.rival_emperors()} | (rivals or {})
    s["lasting"] = list(lasting or [])
    if events is not None:
        s["events"] = list(events)
    s["supply"] = {cid: int(D.card(cid)["copies"]) for cid in D.supply_cards()}
    for p in range(n):
        for c in s["players"][p]["hand"] + s["players"][p]["avail"] + s["players"][p]["discard"] + (
                [c for c, _ in played] if played and p == active else []):
            if c in s["supply"]:
                s["supply"][c] -= 1
    s["trash"] = []
    tp = R._tp(active)
    tp["pts"].update(pts or {})
    tp["played"] = [list(x) for x in (played or [])]
    s.update(tp=tp, active=active, first=first, turns=list(turns or [0] * n), last_round=False, result=None,
             log=[], trail=None, crisis=None, last_battle=None)
    rebox(s)
    if phase == "actions":
        s["main"] = {"stack": [{"k": "turn", "seat": active, "ph": "after"}, {"k": "actions", "seat": active}],
                     "ask": None}
    elif phase == "start":
        s["main"] = {"stack": [{"k": "turn", "seat": active, "ph": "start"}], "ask": None}
    else:
        raise ValueError(phase)
    GAME.stacks.run(s, s["main"])
    GAME.check_invariants(s)
    return s


def rebox(s: State) -> None:
    """Recompute the card-conservation record from where the cards are now."""
    from py_engine.time_of_crisis.board import deck_of

    box: dict[str, int] = {}
    cards = [c for c, k in s["supply"].items() for _ in range(k)] + list(s["trash"])
    for p in range(len(s["seats"])):
        cards += deck_of(s, p)
    for c in cards:
        box[c] = box.get(c, 0) + 1
    s["box"] = box


def who(s: State) -> int:
    """The (first) seat to act."""
    acting = GAME.to_act(s)
    assert acting, "nobody is to act (game over?)"
    return acting[0]


def choices(s: State, seat: int | None = None) -> list[list[Any]]:
    """The pending options as JSON lists, e.g. ``[["play", "senate_1"], ["end"]]``."""
    return [a.to_json() for a in GAME.legal_actions(s, who(s) if seat is None else seat)]


def names(s: State, seat: int | None = None) -> set[str]:
    """The verbs among the pending options."""
    return {c[0] for c in choices(s, seat)}


def act(s: State, name: str, *args: Any, seat: int | None = None) -> State:
    """Apply ``Action(name, args)`` for the seat to act (or ``seat``): checks it is
    legal, applies it, checks invariants, returns the new state."""
    st = who(s) if seat is None else seat
    new = GAME.apply(s, st, Action(name, tuple(args)))
    GAME.check_invariants(new)
    return new


def refused(s: State, name: str, *args: Any, seat: int | None = None) -> None:
    """``Action(name, args)`` raises IllegalAction and changes nothing."""
    before = canonical_json(s)
    st = who(s) if seat is None else seat
    with pytest.raises(IllegalAction):
        GAME.apply(s, st, Action(name, tuple(args)))
    assert canonical_json(s) == before


def prov(s: State, pid: str) -> dict[str, Any]:
    """Province ``pid``'s record."""
    p: dict[str, Any] = s["prov"][pid]
    return p


def army_at(s: State, owner: int, region: str) -> dict[str, Any]:
    """``owner``'s (first) army in ``region``."""
    for a in s["armies"]:
        if a["owner"] == owner and a["at"] == region:
            found: dict[str, Any] = a
            return found
    raise AssertionError(f"no army of {owner} in {region}")


def logs(s: State) -> list[str]:
    """The public log lines."""
    return [t for v, t in s["log"] if v is None]


def pts(s: State) -> tuple[int, int, int]:
    """The active player's (Military, Senate, Populace) points."""
    p = s["tp"]["pts"]
    return p["military"], p["senate"], p["populace"]


def end_actions(s: State) -> State:
    """End the Take Actions phase (Support Check, Expand, Gain Legacy run)."""
    return act(s, "end")


def finish_buying(s: State) -> State:
    """Answer "done" in Buy/Trash."""
    return act(s, "done")


def crisis_dice(n: int, result: str) -> tuple[int, int]:
    """A (white, black) pair that gives ``result`` on the crisis table of ``n``
    players (read from the data, whatever it holds)."""
    for w in range(1, 7):
        for b in range(1, 7):
            if D.crisis_result(n, w, b) == result:
                return w, b
    raise AssertionError(f"no roll gives {result} with {n} players")


def path_die(tribe: str, path: list[str]) -> int:
    """The white die whose invasion path for ``tribe`` is ``path`` (data)."""
    for w in range(1, 7):
        if D.invasion_path(tribe, w) == path:
            return w
    raise AssertionError(f"no path {path} for {tribe}")
