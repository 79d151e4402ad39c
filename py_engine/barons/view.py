"""What the Barons table shows (the ``board`` part of :meth:`Game.view`).

Nothing is hidden in Barons but the order of the two decks (B §23.2), so every
seat sees the same board; only the pending decision's options differ (the core
adds them for the seat to act).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import components as C
from .effects import stats
from .machine import (
    building_count,
    building_points,
    buildings,
    cfg,
    controlled,
    groups,
    property_value,
    realms_with_keep,
    top_decision,
)
from .state import DECKS, BaronsState
from .turn import routes


def _player(state: BaronsState, p: int, ctrl: dict[str, int | None]) -> dict[str, Any]:
    """Seat ``p``'s record for the view; ``ctrl``: :func:`controlled` (computed once per view)."""
    q = state["players"][p]
    out: dict[str, Any] = {
        "seat": p, "name": state["seats"][p], "char": q["char"], "alive": q["alive"], "adv": q["adv"],
        "circuits": q["circuits"], "pos": q["pos"], "hp": q["hp"], "max_hp": int(cfg(state)["max_health"]),
        "gold": q["gold"], "res": dict(q["res"]), "items": dict(q["items"]), "potions": list(q["potions"]),
        "skills": list(q["skills"]), "tracks": dict(q["tracks"]), "trophies": list(q["trophies"]),
        "skip": q["skip"], "rerolls_used": q["rr"],
        "keeps_in": realms_with_keep(state, p), "buildings": building_count(state, p),
        "points": building_points(state, p), "value": property_value(state, p),
        "realms": sum(1 for v in ctrl.values() if v == p),
    }
    if q["char"] is None:
        return out
    ch = C.characters()[q["char"]]
    s = stats(q, cfg(state), bool(q["adv"]))
    out.update(
        char_name=ch["name"], title=ch["title"], talent=ch["talent"]["name"], talent_text=ch["talent"]["text"],
        char_source=C.provenance(ch),
        attrs={"str": s["str"], "agi": s["agi"], "mana": s["mana"], "guile": s["guile"]},
        levels=s["lv"],
        derived={"move": s["move"], "melee": s["melee"], "melee_thr": s["melee_thr"], "armor": s["armor"],
                 "ward": s["ward"], "hunting": s["hunting"], "heal_dice": s["heal_dice"],
                 "heal_thr": s["heal_thr"], "flee": s["flee"], "guile_dice": s["guile_dice"],
                 "archery_range": s["archery_range"] if s["archery"] else None,
                 "archery_dice": s["archery_dice"] if s["archery"] else None,
                 "spells": [{"name": x["name"], "range": x["range"]} for x in s["spells"]],
                 "steal_range": s["steal_range"], "trade_range": s["trade_range"],
                 "sell_bonus": s["sell_bonus"], "mending": s["mending"], "rerolls": s["rerolls"]})
    return out


def _decision(state: BaronsState) -> dict[str, Any] | None:
    d = top_decision(state)
    if d is None:
        return None
    out = {k: v for k, v in d.items() if k not in ("ph",)}
    if d["k"] == "move":
        out["reach"] = {dest: {"die": v, "path": path} for dest, (v, path) in routes(state, d["seat"], d["dice"]).items()}
    if d["k"] == "charm":
        out["roll"] = list(state["stack"][-2][d["key"]])
    return out


def _combat(c: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if c is None:
        return None
    sides = []
    for s in c["side"]:
        if "mon" in s:
            m = C.dungeon_cards()[s["mon"]]
            sides.append({"mon": s["mon"], "name": m["name"], "hp": s["hp"], "max_hp": m["health"],
                          "strength": m["strength"], "agility": m["agility"], "defense": m["defense"],
                          "traits": list(m["traits"]), "boss": m["boss"], "treasure": m["treasure"],
                          "source": C.provenance(m)})
        else:
            sides.append({"seat": s["seat"]})
    return {"kind": c["kind"], "side": sides, "turn": c.get("turn"), "round": c.get("turns", 0) // 2 + 1,
            "events": list(c["events"]), "undef": list(c.get("undef", [False, False])),
            "bonus": list(c.get("bonus", [0, 0])), "roller": c.get("roller"), "how": c.get("how"),
            "space": c.get("space")}


def board_view(state: BaronsState, seat: int | None) -> dict[str, Any]:
    """The table, the same for every seat.

    Shape: ``players`` (per seat: character, health, gold, attributes and derived
    values, items by slot, one-use items, skills or tracks, resources, trophies,
    position, realms with a keep, building count, points, property value, realms
    controlled), ``buildings`` (land -> ``[[seat, level]]``), ``control`` (realm ->
    controlling seat or None), ``decks`` (sizes, discard piles, the public cards at
    the bottom), ``supply`` (skill cards left per skill), ``rsupply``, ``round``,
    ``round_limit``, ``active``, ``first``, ``decision`` (the pending decision's
    frame: kind, seat and its data, with ``reach`` — destination -> die and path —
    for a move), ``rolls`` (this turn's dice), ``combat`` / ``last_combat``,
    ``variants`` and ``rules`` (the switches the table needs).
    """
    c = cfg(state)
    n = len(state["players"])
    known = {}
    for deck in DECKS:
        k = sum(groups(state, deck))
        known[deck] = sorted(state[deck][:k])
    ctrl = controlled(state)
    control: dict[str, int | None] = {}
    for r in C.REALMS:
        who = ctrl[r]
        control[r] = who if who is not None and state["players"][who]["alive"] else None
    lc = state["last_combat"]
    return {
        "players": [_player(state, p, ctrl) for p in range(n)],
        "buildings": {x: [list(b) for b in buildings(state, x)] for x in C.lands() if buildings(state, x)},
        "control": control,
        "decks": {"dungeon": len(state["ddeck"]), "dungeon_discard": list(state["ddisc"]),
                  "items": len(state["ideck"]), "item_discard": list(state["idisc"]),
                  "dungeon_bottom": known["ddeck"], "item_bottom": known["ideck"]},
        "supply": dict(state["supply"]), "rsupply": dict(state["rsupply"]),
        "round": state["round"], "round_limit": c["round_limit"], "active": state["active"],
        "first": state["first"], "turn": state["turn"],
        "decision": _decision(state), "rolls": [dict(r) for r in state["rolls"]],
        "combat": _combat(state["combat"]),
        "last_combat": (None if lc is None else {**(_combat({**lc, "turns": 0}) or {}), "how": lc["how"],
                                                 "turn": lc["turn"]}),
        "variants": list(state["variants"]),
        "rules": {"land_mode": c["land_mode"], "max_buildings": c["max_buildings_per_land"],
                  "max_keeps": c["max_keeps_per_land"], "keeps_needed": c["keeps_needed"],
                  "political": c["political_criterion"], "skill_mode": c["skill_mode"],
                  "death_mode": c["death_mode"], "pvp_rounds": c["pvp_round_limit"],
                  "inn_cost": c["inn_cost_per_health"], "stipend": c["circuit_stipend"],
                  "win_conditions": list(c["win_conditions"]), "trading": c["trading"],
                  "crawl": c["crawl_allowed"]},
    }
