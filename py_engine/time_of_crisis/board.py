"""Queries on a Time of Crisis state, shared by the rules, combat, events, view
and bot.

State layout (beyond the core keys; see :mod:`.rules` for the flow keys; typed for mypy in
:mod:`.state`):

- ``prov``: province id -> ``{"gov": seat | -1 (Neutral) | None (no governor),
  "sup": support, "mobs": int, "mil": militia in the capital, "imps": [improvement
  ids], "q": Quaestor marker, "mark": None | "sop" | "brk", "npg": No Place
  Governor marker}``. A Seat of Power / Breakaway marker always belongs to the
  province's governor.
- ``barbs``: region id -> ``{tribe: [active, inactive]}`` (sparse: empty entries
  are removed) for provinces and homelands.
- ``leaders`` / ``rivals``: id -> ``"box"`` (not yet in play), ``"gone"``
  (removed from the game) or the region id where the counter stands. Leaders are
  always active; Rival Emperors stand in a province outside the capital.
- ``armies``: ``[{"id", "owner", "at": region, "cap": in the provincial capital,
  "full": full-strength legions, "red": reduced legions, "foed": [tribe of each
  barbarian serving in the army], "castra": bool, "fought": bool}]``.
- ``players``: per seat ``{"hand", "known" (cards in hand every seat knows),
  "avail" (Available Pile, unordered), "discard", "legacy", "eturns" (Emperor
  Turns), "govs"/"gens" (claimed flag of each of the 6 counters)}``.

Rule citations: ``ToC §n`` = the GMT 2nd-edition rulebook.
"""

from __future__ import annotations

from typing import Any

from . import components as D
from .state import Army, TimeOfCrisisState

NEUTRAL = -1


def italia() -> str:
    """Id of the Emperor's province (ToC §4)."""
    return D.emperor_province()


def gov(state: TimeOfCrisisState, pid: str) -> int | None:
    """The governor of province ``pid``: a seat, ``NEUTRAL`` or None."""
    return state["prov"][pid]["gov"]


def emperor(state: TimeOfCrisisState) -> int | None:
    """The seat governing Italia (the Emperor, ToC §4), or None if Neutral/nobody."""
    g = state["prov"][italia()]["gov"]
    return g if g is not None and g >= 0 else None


def governed(state: TimeOfCrisisState, seat: int) -> list[str]:
    """Provinces governed by ``seat``, in map order."""
    return [pid for pid, p in state["prov"].items() if p["gov"] == seat]


def neutral_count(state: TimeOfCrisisState) -> int:
    """Provinces governed by the Neutral faction."""
    return sum(1 for p in state["prov"].values() if p["gov"] == NEUTRAL)


def is_pretender(state: TimeOfCrisisState, seat: int) -> bool:
    """A player with a Seat of Power in a province he governs (ToC §4, §12)."""
    return any(p["mark"] == "sop" and p["gov"] == seat for p in state["prov"].values())


def pretenders(state: TimeOfCrisisState) -> list[int]:
    """Every Pretender seat."""
    seats: set[int] = set()
    for p in state["prov"].values():
        if p["mark"] == "sop":
            assert p["gov"] is not None, "a Seat of Power belongs to the province's governor"
            seats.add(p["gov"])
    return sorted(seats)


def pretender_provinces(state: TimeOfCrisisState) -> list[str]:
    """Provinces with a Seat of Power or Breakaway marker (ToC §4)."""
    return [pid for pid, p in state["prov"].items() if p["mark"]]


def markers_used(state: TimeOfCrisisState, seat: int) -> int:
    """Seat of Power / Breakaway markers of ``seat`` on the map."""
    return sum(1 for p in state["prov"].values() if p["mark"] and p["gov"] == seat)


def rivals_on_map(state: TimeOfCrisisState) -> list[str]:
    """Rival Emperors on the map."""
    return [r for r, at in state["rivals"].items() if at not in ("box", "gone")]


def rivals_at(state: TimeOfCrisisState, region: str) -> list[str]:
    """Rival Emperors in ``region``."""
    return [r for r, at in state["rivals"].items() if at == region]


def leaders_at(state: TimeOfCrisisState, region: str, tribe: str | None = None) -> list[str]:
    """Barbarian leaders in ``region`` (of ``tribe`` if given)."""
    ls = D.leaders()
    return [lid for lid, at in state["leaders"].items() if at == region and (tribe is None or ls[lid]["tribe"] == tribe)]


def barbs(state: TimeOfCrisisState, region: str, tribe: str) -> list[int]:
    """``[active, inactive]`` counters of ``tribe`` in ``region`` (a copy)."""
    return list(state["barbs"].get(region, {}).get(tribe, (0, 0)))


def set_barbs(state: TimeOfCrisisState, region: str, tribe: str, active: int, inactive: int) -> None:
    """Set the counters of ``tribe`` in ``region`` (keeps ``barbs`` sparse)."""
    assert active >= 0 and inactive >= 0, (region, tribe, active, inactive)
    reg = state["barbs"].setdefault(region, {})
    if active or inactive:
        reg[tribe] = [active, inactive]
    else:
        reg.pop(tribe, None)
        if not reg:
            del state["barbs"][region]


def add_barbs(state: TimeOfCrisisState, region: str, tribe: str, active: int = 0, inactive: int = 0) -> None:
    """Add (or with negative numbers remove) counters of ``tribe`` in ``region``."""
    a, i = barbs(state, region, tribe)
    set_barbs(state, region, tribe, a + active, i + inactive)


def tribes_at(state: TimeOfCrisisState, region: str) -> list[str]:
    """Tribes with counters or leaders in ``region``."""
    out = set(state["barbs"].get(region, {}))
    out.update(D.leaders()[lid]["tribe"] for lid in leaders_at(state, region))
    return sorted(out)


def active_barbarians(state: TimeOfCrisisState, region: str) -> bool:
    """True if an active barbarian (leaders count, ToC FAQ) not in a player's army is
    in ``region`` (ToC §6.4: they cost support)."""
    return any(v[0] for v in state["barbs"].get(region, {}).values()) or bool(leaders_at(state, region))


def army(state: TimeOfCrisisState, aid: int) -> Army | None:
    """The army with id ``aid``, or None."""
    for a in state["armies"]:
        if a["id"] == aid:
            return a
    return None


def armies_of(state: TimeOfCrisisState, seat: int) -> list[Army]:
    """The armies led by ``seat``'s generals."""
    return [a for a in state["armies"] if a["owner"] == seat]


def armies_at(state: TimeOfCrisisState, region: str) -> list[Army]:
    """The armies in ``region`` (capital or not)."""
    return [a for a in state["armies"] if a["at"] == region]


def in_capital(state: TimeOfCrisisState, pid: str) -> Army | None:
    """The general's army in the provincial capital of ``pid``, if any."""
    for a in state["armies"]:
        if a["at"] == pid and a["cap"]:
            return a
    return None


def capital_free(state: TimeOfCrisisState, pid: str) -> bool:
    """No army (a general's or a lone Militia) in the capital of ``pid`` (ToC §6.3.1)."""
    return in_capital(state, pid) is None and not state["prov"][pid]["mil"]


def militia_alone(state: TimeOfCrisisState, pid: str) -> bool:
    """A Militia not stacked with a general: an army of its own, commanded by the
    governor (ToC §6.3.3)."""
    p = state["prov"][pid]
    return bool(p["mil"]) and in_capital(state, pid) is None


def army_units(state: TimeOfCrisisState, a: Army) -> int:
    """Units of army ``a``: legions, barbarians serving in it, and the Militia
    stacked with it in the capital of a province its owner governs."""
    n = a["full"] + a["red"] + len(a["foed"])
    if a["cap"] and state["prov"][a["at"]]["mil"] and state["prov"][a["at"]]["gov"] == a["owner"]:
        n += 1
    return int(n)


def capital_units(state: TimeOfCrisisState, pid: str, seat: int | None) -> int:
    """Units commanded by ``seat`` in the provincial capital of ``pid`` (ToC §6.3.2)."""
    if seat is None or seat < 0:
        return 0
    a = in_capital(state, pid)
    if a is not None:
        return army_units(state, a) if a["owner"] == seat else 0
    p = state["prov"][pid]
    return 1 if p["mil"] and p["gov"] == seat else 0


def legions_on_map(state: TimeOfCrisisState) -> int:
    """Legions in play (ToC §2: 33 in the game)."""
    return sum(a["full"] + a["red"] for a in state["armies"])


def legions_of(state: TimeOfCrisisState, seat: int) -> int:
    """Legions commanded by ``seat`` (ToC §7.1 tie-break)."""
    return sum(a["full"] + a["red"] for a in state["armies"] if a["owner"] == seat)


def militia_on_map(state: TimeOfCrisisState) -> int:
    """Militia counters in play."""
    return sum(1 for p in state["prov"].values() if p["mil"])


def mob_counters(state: TimeOfCrisisState) -> int:
    """Mob counters needed for the mobs on the map (a counter shows 1 or 2, ToC §11)."""
    per = D.limit("mob_counter_max")
    return sum(-(-p["mobs"] // per) for p in state["prov"].values())


def can_add_mob(state: TimeOfCrisisState, pid: str) -> bool:
    """A Mob counter is left for one more mob in ``pid`` (ToC §2: components are limited)."""
    per = D.limit("mob_counter_max")
    m = state["prov"][pid]["mobs"]
    extra = -(-(m + 1) // per) - (-(-m // per))
    return bool(mob_counters(state) + extra <= D.limit("mob_counters"))


def improvements_used(state: TimeOfCrisisState, imp: str) -> int:
    """Counters of improvement ``imp`` on the map."""
    return sum(1 for p in state["prov"].values() if imp in p["imps"])


def markers_on_map(state: TimeOfCrisisState) -> int:
    """Quaestor and Castra markers in play (one shared pool of counters, ToC §2)."""
    return sum(1 for p in state["prov"].values() if p["q"]) + sum(1 for a in state["armies"] if a["castra"])


def governors_free(state: TimeOfCrisisState, seat: int) -> int:
    """Governors in ``seat``'s Available Leaders box."""
    return int(sum(state["players"][seat]["govs"])) - len(governed(state, seat))


def generals_free(state: TimeOfCrisisState, seat: int) -> int:
    """Generals in ``seat``'s Available Leaders box."""
    return int(sum(state["players"][seat]["gens"])) - len(armies_of(state, seat))


def political_points(state: TimeOfCrisisState, seat: int) -> int:
    """Support minus mobs over the provinces ``seat`` governs (ToC §5.3, §11.1)."""
    return sum(max(0, state["prov"][pid]["sup"] - state["prov"][pid]["mobs"]) for pid in governed(state, seat))


def legacy_goal(state: TimeOfCrisisState) -> int:
    """The legacy at which an Emperor ending his turn starts the last round (ToC §7.1: 60,
    or 40 in the short game, §7.2)."""
    return int(D.rule("end_legacy")["short" if state["options"]["short_game"] else "normal"])


def neutral_italia_support(state: TimeOfCrisisState) -> int:
    """Italia's support under a Neutral governor: the number of Neutral provinces, on its
    track (ToC §3.2, §6.4)."""
    return max(0, min(support_max(italia()), neutral_count(state)))


def support_max(pid: str) -> int:
    """Top of the support track of ``pid`` (4; Italia 8, ToC §5.3)."""
    return int(D.regions()[pid]["support_max"])


def lasting(state: TimeOfCrisisState, kind: str) -> list[dict[str, Any]]:
    """The lasting events in force of ``kind`` (their data)."""
    evs = D.events()
    return [evs[e] for e in state["lasting"] if evs[e]["kind"] == kind]


def deck_of(state: TimeOfCrisisState, seat: int) -> list[str]:
    """Every card ``seat`` owns (hand, Available Pile, discard, played this turn)."""
    pl = state["players"][seat]
    played = [c for c, _ in state["tp"]["played"]] if state["tp"]["seat"] == seat else []
    out: list[str] = pl["hand"] + pl["avail"] + pl["discard"] + played
    return out


def region_name(rid: str) -> str:
    """Display name of a region."""
    return str(D.regions()[rid]["name"])
