"""Crisis results, event cards, invasions and the influence-card events of Time of
Crisis (ToC §9, §10, §12.1, the card texts of the data files).

These are plain functions of the state; none asks a decision except where a
caller says so. Which event does what, and with which numbers, comes from
``data/events.json`` and ``data/cards.json`` (many values there are
placeholders; see :mod:`.data`).
"""

from __future__ import annotations

from typing import Any

from ..core import Rng
from ..core.game import log
from ..core.wording import possessive
from . import components as D
from .board import (
    NEUTRAL,
    add_barbs,
    barbs,
    can_add_mob,
    emperor,
    governed,
    italia,
    lasting,
    leaders_at,
    markers_used,
    region_name,
    set_barbs,
)
from .state import Invasion, TimeOfCrisisState, gain_legacy


def roll(state: TimeOfCrisisState) -> int:
    """One six-sided die from the state's RNG."""
    return Rng(state["rng"]).below(6) + 1


def name_of(state: TimeOfCrisisState, seat: int | None) -> str:
    """A seat's display name; ``Neutral`` for the Neutral faction."""
    if seat is None:
        return "nobody"
    return "Neutral" if seat == NEUTRAL else str(state["seats"][seat])


# ---- barbarians (ToC §9) ----------------------------------------------------------------------------
def activate(state: TimeOfCrisisState, tribe: str, n: int) -> int:
    """Turn up to ``n`` inactive counters of ``tribe`` in its homeland active; return how many."""
    home = D.homeland(tribe)
    a, i = barbs(state, home, tribe)
    k = min(n, i)
    set_barbs(state, home, tribe, a + k, i - k)
    return k


def home_strength(state: TimeOfCrisisState, tribe: str) -> int:
    """Active counters of ``tribe`` in its homeland, leaders included (they are counters)."""
    home = D.homeland(tribe)
    return barbs(state, home, tribe)[0] + len(leaders_at(state, home, tribe))


def invade(state: TimeOfCrisisState, tribe: str, n: int, white: int) -> list[list[Any]]:
    """``n`` active counters of ``tribe`` leave their homeland along the path of white
    die ``white``: leaders first, each province filled up to the cap of that tribe's
    counters; from a province with a Limes on, invaders arrive inactive (leaders have
    no inactive side); the rest go home active (ToC §9, §6.3.3 Limes). Returns the
    placements ``[province, active, inactive, [leaders]]``."""
    home = D.homeland(tribe)
    ldrs = leaders_at(state, home, tribe)
    n = min(n, home_strength(state, tribe))
    movers_leaders = ldrs[:n]
    counters = n - len(movers_leaders)
    a, i = barbs(state, home, tribe)
    set_barbs(state, home, tribe, a - counters, i)
    cap = D.per_province_cap()
    limes = False
    placed: list[list[Any]] = []
    for pid in D.invasion_path(tribe, white):
        if not movers_leaders and not counters:
            break
        limes = limes or "limes" in state["prov"][pid]["imps"]
        there = sum(barbs(state, pid, tribe)) + len(leaders_at(state, pid, tribe))
        room = max(0, cap - there)
        go_l = movers_leaders[:room]
        movers_leaders = movers_leaders[len(go_l):]
        room -= len(go_l)
        go_c = min(room, counters)
        counters -= go_c
        for lid in go_l:
            state["leaders"][lid] = pid
        if go_c:
            add_barbs(state, pid, tribe, 0 if limes else go_c, go_c if limes else 0)
        if go_l or go_c:
            placed.append([pid, 0 if limes else go_c, go_c if limes else 0, go_l])
    if counters:
        add_barbs(state, home, tribe, counters, 0)
    # leaders that found no room stay at home (they never left)
    return placed


def tribe_result(state: TimeOfCrisisState, tribe: str) -> Invasion:
    """A tribe's crisis result (ToC §9): activation, a second roll, perhaps an invasion."""
    n_act = 1
    for ev in lasting(state, "activation"):
        n_act = int(ev["params"]["activations"])
    flipped = activate(state, tribe, n_act)
    white, black = roll(state), roll(state)
    strength = home_strength(state, tribe)
    n = black if black <= strength else 0
    if not n and strength and any(ev["params"].get("all_active_invade_on_fail") for ev in lasting(state, "raids")):
        n = strength
    name = D.tribes()[tribe]["name"]
    info: Invasion = {"tribe": tribe, "flipped": flipped, "white": white, "black": black, "strength": strength,
                      "invaders": n, "path": D.invasion_path(tribe, white), "placed": []}
    if n:
        info["placed"] = invade(state, tribe, n, white)
        where = "; ".join(f"{region_name(p[0])} {p[1] + p[2] + len(p[3])}" + (" (inactive)" if p[2] else "")
                          for p in info["placed"]) or "nowhere"
        log(state, f"The {name} invade with {n} (black {black}, white {white}): {where}.")
    else:
        log(state, f"The {name} stir ({flipped} turned active) but do not invade (black {black} > {strength} active).")
    return info


def ira_deorum(state: TimeOfCrisisState) -> None:
    """Ira Deorum: one inactive counter of every tribe in play turns active (ToC §9)."""
    for tribe in D.tribes_in_play(len(state["seats"])):
        activate(state, tribe, 1)
    log(state, "Ira Deorum: every tribe stirs in its homeland.")


# ---- event cards (ToC §9, §10) ----------------------------------------------------------------------
def draw_event(state: TimeOfCrisisState) -> str | None:
    """Draw and resolve the top event card; return its id (None if the deck is empty)."""
    if not state["events"]:
        return None
    eid: str = state["events"].pop(0)
    state["drawn"].append(eid)
    ev = D.events()[eid]
    log(state, f"Event: {ev['name']}.")
    resolve_event(state, eid)
    return eid


def resolve_event(state: TimeOfCrisisState, eid: str) -> None:
    """What event ``eid`` does, by its ``kind`` in the data (game end is left to the caller)."""
    ev = D.events()[eid]
    kind, par = ev["kind"], ev["params"]
    if ev["lasting"]:
        for other in ev.get("replaces", []):
            if other in state["lasting"]:
                state["lasting"].remove(other)
                log(state, f"{D.events()[other]['name']} ends.")
        if eid not in state["lasting"]:
            state["lasting"].append(eid)
    if kind == "rival_emperor":
        rid = eid
        if state["rivals"].get(rid) == "box":
            state["rivals"][rid] = par["province"]
            log(state, f"{D.rival_emperors()[rid]['name']} claims the purple in {region_name(par['province'])}.")
    elif kind == "barbarian_leader":
        lid = par["leader"]
        tribe = D.leaders()[lid]["tribe"]
        if tribe not in D.tribes_in_play(len(state["seats"])):
            # ToC FAQ: resolved as normal, but the tribe never activates: nothing happens
            log(state, f"The {D.tribes()[tribe]['name']} are not in this game: {D.leaders()[lid]['name']} never comes.")
        elif state["leaders"].get(lid) == "box":
            state["leaders"][lid] = D.homeland(tribe)
            log(state, f"{D.leaders()[lid]['name']} leads the {D.tribes()[tribe]['name']}.")
    elif kind == "send_home":
        tribe = par["tribe"]
        home = D.homeland(tribe)
        back = 0
        for pid in D.provinces():
            a, i = barbs(state, pid, tribe)
            if a or i:
                set_barbs(state, pid, tribe, 0, 0)
                if par["side"] == "inactive":
                    add_barbs(state, home, tribe, 0, a + i)
                else:
                    add_barbs(state, home, tribe, a + i, 0)
                back += a + i
            for lid in leaders_at(state, pid, tribe):
                state["leaders"][lid] = home
                back += 1
        log(state, f"{back} {D.tribes()[tribe]['name']} counter{'s' * (back != 1)} go home.")
    elif kind == "festival":
        pid = par["province"]
        if par.get("remove_mobs"):
            state["prov"][pid]["mobs"] = 0
        emp = emperor(state)
        if emp is not None and par.get("emperor_legacy"):
            gain_legacy(state["players"][emp], "events", int(par["emperor_legacy"]))
            log(state, f"{name_of(state, emp)} gains {par['emperor_legacy']} legacy.")


# ---- influence-card events (data/cards.json) --------------------------------------------------------------
def pretender_empire(state: TimeOfCrisisState, seat: int, capital: str) -> list[str]:
    """The provinces that join a new Pretender empire with its Seat of Power in
    ``capital``: provinces ``seat`` governs (not Italia) with enough support, linked
    to the capital through such provinces (ToC §12.1; Gallia–Britannia count as
    linked), capital first, as far as the player's markers reach."""
    need = int(D.param("pretender", "min_support"))

    def ok(pid: str) -> bool:
        p = state["prov"][pid]
        return p["gov"] == seat and pid != italia() and p["sup"] >= need and not p["mark"]

    room = D.limit("seat_of_power_breakaway_per_player") - markers_used(state, seat)
    out = [capital]
    todo = [capital]
    while todo:
        r = todo.pop(0)
        for q in D.pretender_adjacent(r):
            if q not in out and ok(q):
                out.append(q)
                todo.append(q)
    return out[:room]


def expand_pretender(state: TimeOfCrisisState, seat: int) -> list[str]:
    """ToC §6.5: Breakaway markers on provinces ``seat`` governs (not Italia) with
    support 3+ next to a province of his empire as it stood at the start."""
    empire = [pid for pid, p in state["prov"].items() if p["mark"] and p["gov"] == seat]
    if not any(state["prov"][pid]["mark"] == "sop" for pid in empire):
        return []
    room = D.limit("seat_of_power_breakaway_per_player") - markers_used(state, seat)
    added: list[str] = []
    for pid in governed(state, seat):
        p = state["prov"][pid]
        if len(added) >= room:
            break
        if pid != italia() and not p["mark"] and p["sup"] >= 3 and any(q in empire for q in D.pretender_adjacent(pid)):
            p["mark"] = "brk"
            added.append(pid)
    if added:
        log(state, f"{possessive(name_of(state, seat))} empire grows: {', '.join(region_name(p) for p in added)}.")
    return added


def add_mob(state: TimeOfCrisisState, pid: str, n: int = 1) -> int:
    """Add up to ``n`` mobs to ``pid`` as far as the Mob counters reach (ToC §2, §11)."""
    k = 0
    while k < n and can_add_mob(state, pid):
        state["prov"][pid]["mobs"] += 1
        k += 1
    return k
