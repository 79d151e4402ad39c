"""The JSON view of a Time of Crisis table for one seat (``Game.view``'s board).

Shape of :func:`board` (all JSON-ready; ids as in the data files)::

    {"map": {"regions": [{"id", "name", "type", "support_max"?, "tribe"?, "xy": [x, y],
                          "adjacent": [ids]}], "pretender_links": [[a, b]], "viewbox": [..]},
     "provinces": {id: {"governor": seat | -1 (Neutral) | None, "support", "support_max",
                        "mobs", "militia", "improvements", "quaestor", "marker": None|"sop"|"brk",
                        "no_place_governor", "capital": {"army": id} | {"militia": true} | None}},
     "barbarians": {region: {tribe: {"active", "inactive"}}}, "leaders": {id: where},
     "rival_emperors": {id: where}, "armies": [{"id", "owner", "region", "capital", "full",
     "reduced", "foederati": [tribes], "castra", "fought", "units"}],
     "players": [{"seat", "name", "legacy", "emperor_turns", "emperor", "pretender",
                  "provinces", "political_points", "hand": [ids] (own seat only) | None,
                  "hand_count", "known": [ids], "available": [ids] (own) | None,
                  "available_count", "discard": [ids], "deck_size",
                  "governors": {"claimed", "available", "on_map", "costs": [cost|None],
                                "bought": [bool]}, "generals": {same}}],
     "turn": {"seat", "phase", "points": {suit: n}, "played": [{"card", "event_used"}],
              "discounts", "turns", "first", "last_round", "round"},
     "buying": {"seat", "political_points", "bought"} | None,
     "supply": {card id: left}, "market": {card id: what buying it would cost ``seat`` now
     (ToC §5.3; {} for a spectator)}, "trash": [ids], "events": {"deck": n, "drawn": [ids],
     "lasting": [ids]}, "crisis": last crisis roll | None, "battle": the battle being
     fought (with "labels": [attacker, defender]) | None, "last_battle", "last_place_governor", "cards": {id: card facts},
     "goal": legacy that starts the last round, "speed_up": bool, "limits": {...}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from . import components as D
from .board import (
    army_units,
    emperor,
    governed,
    in_capital,
    is_pretender,
    legacy_goal,
    legions_on_map,
    militia_on_map,
    mob_counters,
    political_points,
)
from .combat import side_label
from .state import Player, TimeOfCrisisState

if TYPE_CHECKING:
    from .rules import TimeOfCrisis


def board(game: TimeOfCrisis, state: TimeOfCrisisState, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` may see it (None: a spectator)."""
    n = len(state["seats"])
    mp = D.raw()["map"]
    regions = [{**{k: v for k, v in r.items() if k in ("id", "name", "type", "support_max", "tribe", "status")},
                "xy": mp["layout"]["xy"].get(r["id"]), "adjacent": list(D.adjacent(r["id"]))}
               for r in mp["regions"]]
    provinces = {}
    for pid, pr in state["prov"].items():
        a = in_capital(state, pid)
        cap: dict[str, Any] | None = {"army": a["id"]} if a is not None else ({"militia": True} if pr["mil"] else None)
        provinces[pid] = {"governor": pr["gov"], "support": pr["sup"], "support_max": D.regions()[pid]["support_max"],
                          "mobs": pr["mobs"], "militia": pr["mil"], "improvements": list(pr["imps"]),
                          "quaestor": pr["q"], "marker": pr["mark"], "no_place_governor": pr["npg"], "capital": cap}
    emp = emperor(state)
    players = []
    tp = state["tp"]
    for p, pl in enumerate(state["players"]):
        own = p == seat
        played = [c for c, _ in tp["played"]] if tp["seat"] == p else []

        def leaders(key: Literal["govs", "gens"], costs: list[int | None], on_map: int, pl: Player = pl) -> dict[str, Any]:
            claimed = sum(pl[key])
            return {"claimed": claimed, "available": claimed - on_map, "on_map": on_map, "costs": costs,
                    "bought": list(pl[key])}

        players.append({
            "seat": p, "name": state["seats"][p], "legacy": pl["legacy"], "emperor_turns": pl["eturns"],
            "emperor": emp == p, "pretender": is_pretender(state, p), "provinces": governed(state, p),
            "political_points": political_points(state, p),
            "hand": sorted(pl["hand"]) if own else None, "hand_count": len(pl["hand"]), "known": sorted(pl["known"]),
            "available": sorted(pl["avail"]) if own else None, "available_count": len(pl["avail"]),
            "discard": list(pl["discard"]),
            "deck_size": len(pl["hand"]) + len(pl["avail"]) + len(pl["discard"]) + len(played),
            "governors": leaders("govs", D.governor_costs(), len(governed(state, p))),
            "generals": leaders("gens", D.general_costs(), sum(1 for a in state["armies"] if a["owner"] == p)),
        })

    armies = [{"id": a["id"], "owner": a["owner"], "region": a["at"], "capital": a["cap"], "full": a["full"],
               "reduced": a["red"], "foederati": list(a["foed"]), "castra": a["castra"], "fought": a["fought"],
               "units": army_units(state, a)} for a in state["armies"]]
    barbs = {rid: {t: {"active": v[0], "inactive": v[1]} for t, v in tribes.items()}
             for rid, tribes in state["barbs"].items()}
    battle: dict[str, Any] | None = None
    buying: dict[str, Any] | None = None
    phase = "actions"
    for m in [state["main"]] + ([state["trail"]] if state["trail"] else []):
        for f in m["stack"]:
            if f["k"] == "battle":
                battle = {k: f.get(k) for k in ("att", "dfn", "at", "stage", "fa", "fd", "ha", "hd", "win", "flank")}
                battle["labels"] = [side_label(state, str(f["att"])), side_label(state, str(f["dfn"]))]
            if f["k"] == "turn_end":
                buying = {"seat": f["seat"], "phase": f["ph"], "political_points": f["pp"], "bought": f["bought"],
                          "discounts": list(f["disc"])}
    top = state["main"]["stack"][-1]["k"] if state["main"]["stack"] else None
    if top == "opening":
        phase = "setup"
    elif top in ("crisis", "pax"):
        phase = "crisis"
    elif top == "turn_end" and buying is not None:
        phase = {"buy": "buy", "end": "end", "refill": "refill"}[buying["phase"]]
    if state["result"]:
        phase = "over"
    market: dict[str, int] = {}
    if seat is not None:
        mine = buying is not None and buying["seat"] == seat
        bought = int(buying["bought"]) if mine and buying is not None else 0
        disc = list(buying["discounts"]) if mine and buying is not None else (
            list(tp["disc"]) if state["active"] == seat else [])
        market = {cid: int(game.price(state, seat, cid, bought, disc)) for cid in D.supply_cards()}
    last_battle = state.get("last_battle")
    if last_battle is not None and not all(last_battle.get("labels") or []):
        last_battle = {**last_battle, "labels": [side_label(state, str(last_battle["att"])),
                                                 side_label(state, str(last_battle["dfn"]))]}
    goal = legacy_goal(state)
    return {
        "map": {"regions": regions, "viewbox": mp["layout"]["viewbox"],
                "pretender_links": [[x["a"], x["b"]] for x in mp["pretender_links"]], "emperor_province": D.emperor_province()},
        "provinces": provinces, "barbarians": barbs, "leaders": dict(state["leaders"]),
        "rival_emperors": dict(state["rivals"]), "armies": armies, "players": players,
        "turn": {"seat": state["active"], "phase": phase, "points": dict(tp["pts"]),
                 "played": [{"card": c, "event_used": u} for c, u in tp["played"]], "discounts": list(tp["disc"]),
                 "turns": list(state["turns"]), "first": state["first"], "last_round": state["last_round"],
                 "round": min(state["turns"]) + 1, "place_governor_targets": list(tp["pg"])},
        "buying": buying,
        "supply": dict(state["supply"]), "trash": list(state["trash"]),
        "events": {"deck": len(state["events"]), "drawn": list(state["drawn"]), "lasting": list(state["lasting"])},
        "crisis": state["crisis"], "battle": battle, "last_battle": last_battle, "market": market,
        "last_place_governor": state.get("last_pg"), "goal": goal,
        "speed_up": bool(state["options"]["speed_up"]), "players_count": n,
        "limits": {"legions_left": D.limit("legions") - legions_on_map(state),
                   "militia_left": D.limit("militia") - militia_on_map(state),
                   "mob_counters_left": D.limit("mob_counters") - mob_counters(state)},
    }
