"""The turn of Barons (B §8–§12, §15, §19): setup picks and the first-player roll,
the start of a turn (win check, rest, roll, crawl, teleport), movement with the
choice of die and fork, circuits and the stipend, resolving every kind of space,
tolls and debts with the player's choice of assets, banishment, the actions step
(phase D), open trading, and the win conditions with the political ranking.

Frames and decisions are registered in :mod:`.machine`; combat, ranged attacks,
stealing, healing rolls and death are in :mod:`.combat`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, NamedTuple

from ..core import Action, Ending
from ..core.game import reveal
from ..core.wording import a_an, possessive
from ..core.wording import plural as _plural
from . import components as C
from .combat import start_monster, start_pvp
from .effects import spell_of_scroll, talent_levels
from .items import drink, give_land, heal_items, item_name, merge_item
from .machine import (
    A,
    Frame,
    active,
    alive,
    auto,
    building_count,
    buildings,
    cfg,
    d6,
    decision,
    dice,
    draw,
    gain_resource,
    hits,
    keep_allowed,
    level_on,
    nm,
    note_roll,
    pl,
    price,
    property_value,
    push,
    put_bottom,
    realms_controlled,
    realms_with_keep,
    rerolls_left,
    roll_for,
    room_on,
    say,
    set_building,
    st,
    tf,
    total_resources,
)
from .state import BaronsState

#: Open trading: proposals the active player may make per turn (DESIGNED engine
#: safeguard, so a game cannot stall on offers).
MAX_OFFERS = 3
GOLD_STEPS = (5, 10, 20, 50)





# ---- setup: characters and the first player (B §8) ---------------------------------------------
def init_character(state: BaronsState, p: int, cid: str) -> None:
    """Give seat ``p`` character ``cid``: 10 health, tracks at the talent's levels."""
    q = pl(state, p)
    q["char"] = cid
    q["hp"] = int(cfg(state)["start_health"])
    q["tracks"] = talent_levels(cid)
    ch = C.characters()[cid]
    say(state, f"{nm(state, p)} plays {ch['name']} {ch['title']}.")


def _pick_opts(state: BaronsState, f: Frame) -> list[Action]:
    taken = {q["char"] for q in state["players"]}
    return [A("character", c) for c in C.characters() if c not in taken]


def _pick_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    init_character(state, f["seat"], str(a.args[0]))


def _pick_prompt(state: BaronsState, f: Frame) -> str:
    return f"{nm(state, f['seat'])}, choose your character."


def _pick_label(state: BaronsState, f: Frame, a: Action) -> str:
    ch = C.characters()[str(a.args[0])]
    return (f"{ch['name']} {ch['title']} (Str {ch['strength']}, Agi {ch['agility']}, Mana {ch['mana']}, "
            f"Guile {ch['guile']}; {ch['talent']['name']})")


decision("pick", _pick_opts, _pick_act, _pick_prompt, _pick_label,
         lambda s, f, a: f"char:{a.args[0]}")


@auto("begin")
def _begin(state: BaronsState, f: Frame) -> None:
    """B §8 step 6: everyone rolls a die; the highest goes first, ties re-roll."""
    state["stack"].pop()
    tied = alive(state)
    while True:
        rolls = {p: d6(state) for p in tied}
        for p, d in rolls.items():
            note_roll(state, p, "first player", [d], None, f"total {d}")
        best = max(rolls.values())
        say(state, "First-player roll: " + ", ".join(f"{nm(state, p)} {d}" for p, d in rolls.items()) + ".")
        tied = [p for p in tied if rolls[p] == best]
        if len(tied) == 1:
            break
    state["first"] = state["active"] = tied[0]
    state["round"] = 1
    say(state, f"{nm(state, tied[0])} goes first.")
    state["stack"].append({"k": "turn"})


# ---- the start of a turn (B §9 step 0) -------------------------------------------------------------
@auto("turn")
def _turn(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    if check_end(state):
        return
    p = active(state)
    state["turn"] += 1
    state["tf"] = {"ranged": False, "steal": False, "mend": False, "dodge": False, "sold": None, "offers": 0}
    for q in state["players"]:
        q["rr"] = 0
        q["mb"] = False
    say(state, f"Round {state['round']}: {possessive(nm(state, p))} turn.")
    me = pl(state, p)
    state["stack"].append({"k": "end_turn"})
    if me["skip"]:
        me["skip"] -= 1
        say(state, f"{nm(state, p)} is still recovering and misses this turn.")
        return
    state["stack"].append({"k": "start", "seat": p})


@auto("end_turn")
def _end_turn(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = active(state)
    n = len(state["players"])
    living = alive(state)
    if living:
        q = next((p + i) % n for i in range(1, n + 1) if (p + i) % n in living)
        first = int(state["first"])
        if (q - first) % n <= (p - first) % n:
            state["round"] += 1
        state["active"] = q
    state["stack"].append({"k": "turn"})






def _start_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    me = pl(state, p)
    pos = me["pos"]
    out = [A("roll")]
    if C.kind(pos) == "city":
        out.append(A("rest"))
    if cfg(state)["crawl_allowed"] and (C.kind(pos) == "dungeon" or (me["adv"] and C.kind(pos) == "city")):
        out.append(A("crawl"))
    if "teleport_scroll" in me["potions"]:
        out.append(A("teleport"))
    out += [A("use", i) for i in heal_items(state, p, "start")]
    return out


def _start_act(state: BaronsState, f: Frame, a: Action) -> None:
    p = f["seat"]
    me = pl(state, p)
    if a.name == "use":
        drink(state, p, str(a.args[0]))
        return
    state["stack"].pop()
    after = ({"k": "pvp"}, {"k": "resolve"}, {"k": "phase_d"})
    if a.name == "rest":
        say(state, f"{nm(state, p)} rests at {C.name(me['pos'])}.")
        state["stack"].append({"k": "heal", "seat": p, "base": 1, "what": "rest", "ph": 0})
    elif a.name == "roll":
        roll = dice(state, int(st(state, p)["move"]))
        note_roll(state, p, "movement", roll, None, "")
        say(state, f"{nm(state, p)} rolls {' '.join(map(str, roll))} to move.")
        push(state, {"k": "move", "seat": p, "dice": roll}, *after)
    elif a.name == "crawl":
        here = me["pos"]
        nxt = C.next_spaces(here)[-1]  # from a gate: into the dungeon; inside: the next space
        say(state, f"{nm(state, p)} crawls one space.")
        walk(state, p, [nxt])
        push(state, *after)
    elif a.name == "teleport":
        me["potions"].remove("teleport_scroll")
        state["idisc"].append("teleport_scroll")
        push(state, {"k": "teleport", "seat": p}, *after)


def _start_prompt(state: BaronsState, f: Frame) -> str:
    me = pl(state, f["seat"])
    return f"{nm(state, f['seat'])}, your turn: you are on {C.name(me['pos'])}. Roll to move."


def _start_label(state: BaronsState, f: Frame, a: Action) -> str:
    me = pl(state, f["seat"])
    if a.name == "roll":
        return f"Roll {_plural(int(st(state, f['seat'])['move']), 'movement die')}"
    if a.name == "rest":
        return "Rest here (heal 1 + a healing roll; your turn ends)"
    if a.name == "crawl":
        to = C.next_spaces(me["pos"])[-1]
        return f"Crawl one space to {C.name(to)}"
    if a.name == "teleport":
        return "Read the Teleport Scroll (go to any outpost)"
    return f"Drink {item_name(str(a.args[0]))}"


def _start_target(state: BaronsState, f: Frame, a: Action) -> str | None:
    if a.name == "crawl":
        return "space:" + C.next_spaces(pl(state, f["seat"])["pos"])[-1]
    return None


decision("start", _start_opts, _start_act, _start_prompt, _start_label, _start_target)


# ---- movement (B §10) ---------------------------------------------------------------------------
def routes(state: BaronsState, p: int, roll: list[int]) -> dict[str, tuple[int, list[str]]]:
    """Destination -> (die value, spaces entered) for a movement roll: one die of
    the player's choice, every fork allowed to them (only adventurers choose a
    dungeon, B §10.1)."""
    me = pl(state, p)
    return {d: (v, list(path)) for d, (v, path) in _routes(me["pos"], tuple(sorted(set(roll))), bool(me["adv"])).items()}


@cache
def _routes(pos: str, values: tuple[int, ...], adv: bool) -> dict[str, tuple[int, tuple[str, ...]]]:
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for v in values:
        for path in C.paths(pos, v):
            prev = pos
            ok = True
            for sp in path:
                if not adv and C.kind(prev) == "city" and C.kind(sp) == "dungeon":
                    ok = False
                prev = sp
            if ok:
                out.setdefault(path[-1], (v, tuple(path)))
    return out


def walk(state: BaronsState, p: int, path: list[str]) -> None:
    """Move step by step: a step onto the White Outpost, or out of the Haunted
    Dungeon onto the Snow Lands, completes a circuit, pays the stipend and makes
    the character an adventurer (B §10.2)."""
    me = pl(state, p)
    prev = me["pos"]
    for sp in path:
        if C.circuit_step(prev, sp):
            me["circuits"] += 1
            pay = int(cfg(state)["circuit_stipend"])
            me["gold"] += pay
            say(state, f"{nm(state, p)} completes a circuit" + (f" and collects {pay} GP." if pay else "."))
            if not me["adv"]:
                me["adv"] = True
                say(state, f"{nm(state, p)} is now an adventurer.")
        prev = sp
    me["pos"] = prev


def _move_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    out = [A("move", d) for d in routes(state, p, f["dice"])]
    if rerolls_left(state, p) > 0 and len(f["dice"]) > 0:
        seen: set[int] = set()
        for i, v in enumerate(f["dice"]):
            if v not in seen:
                seen.add(v)
                out.append(A("reroll", i))
    return out


def _move_act(state: BaronsState, f: Frame, a: Action) -> None:
    p = f["seat"]
    if a.name == "reroll":
        i = int(a.args[0])
        old = f["dice"][i]
        f["dice"][i] = d6(state)
        pl(state, p)["rr"] += 1
        note_roll(state, p, "movement (Lucky Charm)", f["dice"], None, "")
        say(state, f"{nm(state, p)} re-rolls {a_an(str(old))} with the Lucky Charm: {f['dice'][i]}.")
        return
    dest = str(a.args[0])
    v, path = routes(state, p, f["dice"])[dest]
    state["stack"].pop()
    via = " through the dungeon" if any(C.kind(x) == "dungeon" for x in path) and C.kind(pl(state, p)["pos"]) != "dungeon" else ""
    say(state, f"{nm(state, p)} moves {v} to {C.name(dest)}{via}.")
    walk(state, p, path)


def _move_prompt(state: BaronsState, f: Frame) -> str:
    return f"You rolled {' '.join(map(str, f['dice']))}: choose a die and where to go."


def _move_label(state: BaronsState, f: Frame, a: Action) -> str:
    if a.name == "reroll":
        return f"Re-roll the {f['dice'][int(a.args[0])]} (Lucky Charm)"
    dest = str(a.args[0])
    v, path = routes(state, f["seat"], f["dice"])[dest]
    into = any(C.kind(x) == "dungeon" for x in path) and C.kind(pl(state, f["seat"])["pos"]) != "dungeon"
    return f"Move {v} to {C.name(dest)}" + (" (into the dungeon)" if into else "")


def _move_target(state: BaronsState, f: Frame, a: Action) -> str | None:
    return f"space:{a.args[0]}" if a.name == "move" else f"die:{a.args[0]}"


decision("move", _move_opts, _move_act, _move_prompt, _move_label, _move_target)


def _tele_opts(state: BaronsState, f: Frame) -> list[Action]:
    return [A("outpost", o) for o in C.outposts()]


def _tele_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    pl(state, f["seat"])["pos"] = str(a.args[0])
    say(state, f"{nm(state, f['seat'])} teleports to the {C.name(str(a.args[0]))}.")


decision("teleport", _tele_opts, _tele_act, lambda s, f: "Choose the outpost to teleport to.",
         lambda s, f, a: f"Teleport to the {C.name(str(a.args[0]))}", lambda s, f, a: f"space:{a.args[0]}")


# ---- phase B: attack a rival on your space (B §9, §13.3) ---------------------------------------
def rivals_here(state: BaronsState, p: int) -> list[int]:
    """Other living adventurers on ``p``'s space (B §13.3)."""
    me = pl(state, p)
    if not me["alive"] or not me["adv"]:
        return []
    return [q for q in alive(state) if q != p and pl(state, q)["adv"] and pl(state, q)["pos"] == me["pos"]]


@auto("pvp")
def _pvp(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = active(state)
    if rivals_here(state, p):
        state["stack"].append({"k": "attack", "seat": p})


def _attack_opts(state: BaronsState, f: Frame) -> list[Action]:
    return [A("attack", q) for q in rivals_here(state, f["seat"])] + [A("no_attack")]


def _attack_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "attack":
        start_pvp(state, f["seat"], int(a.args[0]))


decision("attack", _attack_opts, _attack_act,
         lambda s, f: "Another adventurer shares your space. Attack?",
         lambda s, f, a: f"Attack {nm(s, int(a.args[0]))}" if a.name == "attack" else "Leave them be",
         lambda s, f, a: f"seat:{a.args[0]}" if a.name == "attack" else None)


# ---- phase C: resolve the space (B §11) ------------------------------------------------------------
@auto("resolve")
def _resolve(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = active(state)
    me = pl(state, p)
    if not me["alive"]:
        return
    pos = me["pos"]
    k = C.kind(pos)
    if k == "land":
        push(state, {"k": "tolls", "seat": p, "ph": 0}, {"k": "land_after", "seat": p})
    elif k == "city":
        push(state, {"k": "inn", "seat": p}, {"k": "city_item", "seat": p})
    elif k == "guild":
        state["stack"].append({"k": "guild", "seat": p})
    elif k == "outpost":
        state["stack"].append({"k": "sell", "seat": p, "out": pos})
    else:
        state["stack"].append({"k": "draw_dungeon", "seat": p})


# ---- tolls, debts and banishment (B §11.1, §12.3) -----------------------------------------------
def toll_due(state: BaronsState, land: str, lvl: int) -> int:
    """The toll of one building: ``toll`` for a dwelling, ``keep_toll`` for a keep."""
    sp = C.space(land)
    return int(sp["keep_toll"] if lvl == 2 else sp["toll"])


def owners_to_pay(state: BaronsState, p: int, land: str) -> list[int]:
    """Other players with a building on ``land``, in seat order from the player after ``p``."""
    n = len(state["players"])
    order = [(p + i) % n for i in range(1, n)]
    return [q for q in order if level_on(state, land, q) and pl(state, q)["alive"]]


@auto("tolls")
def _tolls(state: BaronsState, f: Frame) -> None:
    p = f["seat"]
    land = pl(state, p)["pos"]
    if f["ph"] == 0:
        if not owners_to_pay(state, p, land):
            state["stack"].pop()
            return
        s = st(state, p)
        if s["toll_dodge"] and not tf(state)["dodge"]:
            tf(state)["dodge"] = True
            f["ph"] = 1
            roll_for(state, f, "roll", p, int(s["guile_dice"]), 6, "Shadow Toll", 1)
            return
        f["ph"] = 2
        return
    if f["ph"] == 1:
        if hits(f["roll"], 6):
            say(state, f"{nm(state, p)} slips past the toll collectors (Shadow Toll).")
            state["stack"].pop()
            return
        f["ph"] = 2
        return
    if f["ph"] == 2:
        f["ph"] = 3
        if "toll_pass" in pl(state, p)["potions"]:
            state["stack"].append({"k": "tollpass", "seat": p})
        return
    state["stack"].pop()
    if f.get("waived"):
        return
    push(state, *({"k": "pay", "seat": p, "to": q, "amt": toll_due(state, land, level_on(state, land, q)),
                   "land": land} for q in owners_to_pay(state, p, land)))


def _tollpass_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "toll_pass":
        pl(state, f["seat"])["potions"].remove("toll_pass")
        state["idisc"].append("toll_pass")
        state["stack"][-1]["waived"] = True
        say(state, f"{nm(state, f['seat'])} shows a Toll Pass and pays no tolls.")


def _tolls_total(state: BaronsState, p: int) -> int:
    land = pl(state, p)["pos"]
    return sum(toll_due(state, land, level_on(state, land, q)) for q in owners_to_pay(state, p, land))


decision("tollpass", lambda s, f: [A("toll_pass"), A("pay")], _tollpass_act,
         lambda s, f: f"Tolls of {_tolls_total(s, f['seat'])} GP are due here. Use your Toll Pass?",
         lambda s, f, a: "Use the Toll Pass (pay nothing)" if a.name == "toll_pass"
         else f"Pay {_tolls_total(s, f['seat'])} GP")


def item_value(state: BaronsState, iid: str) -> int:
    """What an item counts for against a debt: 20 GP, or its classic cost (B §12.3)."""
    return C.item_cost(iid, cfg(state)["item_cost_mode"])


def assets(state: BaronsState, p: int) -> list[tuple[str, str, int]]:
    """``p``'s assets that may pay a debt: ``(kind, id, value)`` with kind ``res``
    (one card of a type), ``item`` (one item) or ``land`` (the building there) (B §12.3)."""
    me = pl(state, p)
    rv = int(cfg(state)["resource_debt_value"])
    out = [("res", r, rv) for r in C.RESOURCES if me["res"][r] > 0]
    for iid in sorted(set(me["items"].values()) | set(me["potions"])):
        out.append(("item", iid, item_value(state, iid)))
    for x in C.lands():
        lv = level_on(state, x, p)
        if lv:
            out.append(("land", x, price(x) * lv))
    return out


def asset_worth(state: BaronsState, p: int) -> int:
    """Everything ``p`` could hand over, in GP (each card and item counted)."""
    me = pl(state, p)
    rv = int(cfg(state)["resource_debt_value"])
    return (rv * total_resources(state, p) + sum(item_value(state, i) for i in me["items"].values())
            + sum(item_value(state, i) for i in me["potions"]) + property_value(state, p))


def take_item(state: BaronsState, p: int, iid: str) -> None:
    """Remove one item ``iid`` from ``p`` (a potion first, else the slotted item)."""
    me = pl(state, p)
    if iid in me["potions"]:
        me["potions"].remove(iid)
        return
    for slot, x in list(me["items"].items()):
        if x == iid:
            del me["items"][slot]
            return
    raise KeyError(iid)


def acquire(state: BaronsState, p: int, iid: str) -> None:
    """``p`` gets an item; a permanent item whose slot is filled sends the old one to
    the bottom of the item deck (B §11.2)."""
    me = pl(state, p)
    it = C.items()[iid]
    if it["kind"] == "permanent":
        old = me["items"].get(it["slot"])
        if old is not None:
            put_bottom(state, "ideck", [old])
            say(state, f"{possessive(nm(state, p))} {item_name(old)} goes to the bottom of the item deck.")
        me["items"][it["slot"]] = iid
    else:
        me["potions"].append(iid)
        me["potions"].sort()






def hand_over(state: BaronsState, p: int, q: int, kind: str, key: str, spare: list[str]) -> None:
    """Move one asset from ``p`` to ``q``."""
    if kind == "res":
        pl(state, p)["res"][key] -= 1
        pl(state, q)["res"][key] += 1
    elif kind == "item":
        take_item(state, p, key)
        merge_item(state, q, key, spare)
    else:
        give_land(state, p, q, key)


def banish(state: BaronsState, p: int) -> None:
    """B §12.3 step 5: the rest of the space is skipped, unpaid owners get nothing,
    the character goes to the first space of the Ice Caves and draws a dungeon card
    at once; the turn goes on with the actions step."""
    st_ = state["stack"]
    while st_ and st_[-1]["k"] != "phase_d":
        st_.pop()
    pl(state, p)["pos"] = C.BANISH
    say(state, f"{nm(state, p)} cannot pay and is banished to the {C.name(C.BANISH)}!")
    st_.append({"k": "draw_dungeon", "seat": p})


@auto("pay")
def _pay(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p, q, amt = f["seat"], f["to"], int(f["amt"])
    me, cr = pl(state, p), pl(state, q)
    if me["gold"] >= amt:
        me["gold"] -= amt
        cr["gold"] += amt
        say(state, f"{nm(state, p)} pays {nm(state, q)} a toll of {amt} GP.")
        return
    paid = me["gold"]
    cr["gold"] += paid
    me["gold"] = 0
    left = amt - paid
    if asset_worth(state, p) < left:
        spare: list[str] = []
        for kind, key, _ in assets(state, p):
            n = me["res"][key] if kind == "res" else 1
            if kind == "item":
                n = me["potions"].count(key) + sum(1 for x in me["items"].values() if x == key)
            for _ in range(n):
                hand_over(state, p, q, kind, key, spare)
        put_bottom(state, "ideck", sorted(spare))
        say(state, f"{nm(state, p)} owes {nm(state, q)} {amt} GP and hands over everything they own.")
        banish(state, p)
        return
    say(state, f"{nm(state, p)} pays {nm(state, q)} {paid} GP of {a_an(str(amt))} GP toll and owes {left} GP more.")
    state["stack"].append({"k": "debt", "seat": p, "to": q, "left": left})


def _debt_opts(state: BaronsState, f: Frame) -> list[Action]:
    return [A("give", k, key) for k, key, _ in assets(state, f["seat"])]


def _debt_act(state: BaronsState, f: Frame, a: Action) -> None:
    p, q = f["seat"], f["to"]
    kind, key = str(a.args[0]), str(a.args[1])
    value = next(v for k, x, v in assets(state, p) if k == kind and x == key)
    spare: list[str] = []
    hand_over(state, p, q, kind, key, spare)
    put_bottom(state, "ideck", spare)
    f["left"] -= value
    say(state, f"{nm(state, p)} hands {nm(state, q)} {_asset_name(kind, key)} (worth {value} GP).")
    if f["left"] <= 0:
        state["stack"].pop()


def _asset_name(kind: str, key: str) -> str:
    if kind == "res":
        return f"{a_an(key.capitalize())} card"
    if kind == "item":
        return item_name(key)
    return f"the building on {C.name(key)}"


def _debt_label(state: BaronsState, f: Frame, a: Action) -> str:
    kind, key = str(a.args[0]), str(a.args[1])
    value = next(v for k, x, v in assets(state, f["seat"]) if k == kind and x == key)
    if kind == "land":
        lv = level_on(state, key, f["seat"])
        return f"Give your {'keep' if lv == 2 else 'dwelling'} on {C.name(key)} ({value} GP)"
    return f"Give {_asset_name(kind, key)} ({value} GP)"


decision("debt", _debt_opts, _debt_act,
         lambda s, f: f"Your gold ran out: you still owe {nm(s, f['to'])} {f['left']} GP. Choose what to hand over (no change is given).",
         _debt_label, lambda s, f, a: (f"space:{a.args[1]}" if a.args[0] == "land" else f"{a.args[0]}:{a.args[1]}"))


# ---- open land after the tolls (B §11.1 steps 2–4) -----------------------------------------------
@auto("land_after")
def _land_after(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = f["seat"]
    me = pl(state, p)
    land = me["pos"]
    if not me["alive"] or C.kind(land) != "land":
        return
    lv = level_on(state, land, p)
    if lv:
        n = int(st(state, p)["hunting"]) + (int(cfg(state)["keep_harvest_bonus"]) if lv == 2 else 0)
        res = C.resource_of_realm()[C.space(land)["realm"]]
        got = gain_resource(state, p, res, n)
        say(state, f"{nm(state, p)} harvests {_plural(got, res.capitalize() + ' card')}.")
        if lv == 1:
            state["stack"].append({"k": "upgrade", "seat": p})
        return
    state["stack"].append({"k": "land", "seat": p})


def _land_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    me = pl(state, p)
    land = me["pos"]
    out = []
    if room_on(state, land):
        if me["gold"] >= price(land):
            out.append(A("build"))
        if "royal_land_grant" in me["potions"]:
            out.append(A("grant"))
    out.append(A("forage"))
    return out


def _land_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    p = f["seat"]
    me = pl(state, p)
    land = me["pos"]
    what = "claims" if cfg(state)["land_mode"] == "deeds" else "builds a dwelling on"
    if a.name == "build":
        me["gold"] -= price(land)
        set_building(state, land, p, 1)
        say(state, f"{nm(state, p)} {what} {C.name(land)} for {price(land)} GP.")
    elif a.name == "grant":
        me["potions"].remove("royal_land_grant")
        state["idisc"].append("royal_land_grant")
        set_building(state, land, p, 1)
        say(state, f"{nm(state, p)} {what} {C.name(land)} with a Royal Land Grant.")
    else:
        state["stack"].append({"k": "forage", "seat": p, "ph": 0})


@auto("forage")
def _forage(state: BaronsState, f: Frame) -> None:
    """A hits roll of the Hunting dice: one card of the realm's resource per hit,
    as far as the supply goes (B §11.1 steps 3–4)."""
    p = f["seat"]
    land = pl(state, p)["pos"]
    res = C.resource_of_realm()[C.space(land)["realm"]]
    if f["ph"] == 0:
        f["ph"] = 1
        roll_for(state, f, "roll", p, int(st(state, p)["hunting"]), 6, f"{nm(state, p)}: forage",
                 int(state["rsupply"][res]))
        return
    state["stack"].pop()
    got = gain_resource(state, p, res, hits(f["roll"], 6))
    say(state, f"{nm(state, p)} forages {' '.join(map(str, f['roll']))} and finds "
        f"{_plural(got, res.capitalize() + ' card')}.")


def _land_label(state: BaronsState, f: Frame, a: Action) -> str:
    land = pl(state, f["seat"])["pos"]
    deeds = cfg(state)["land_mode"] == "deeds"
    if a.name == "build":
        return f"{'Buy the land' if deeds else 'Build a dwelling'} ({price(land)} GP)"
    if a.name == "grant":
        return f"{'Take the land' if deeds else 'Build a dwelling'} free with the Royal Land Grant"
    return f"Forage ({_plural(int(st(state, f['seat'])['hunting']), 'Hunting die')})"


decision("land", _land_opts, _land_act,
         lambda s, f: f"{C.name(pl(s, f['seat'])['pos'])}: build here or forage?", _land_label,
         lambda s, f, a: "space:" + pl(s, f["seat"])["pos"])


def _upgrade_opts(state: BaronsState, f: Frame) -> list[Action]:
    me = pl(state, f["seat"])
    land = me["pos"]
    if me["gold"] >= price(land) and keep_allowed(state, land):
        return [A("upgrade"), A("no_upgrade")]
    return []


def _upgrade_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "upgrade":
        p = f["seat"]
        land = pl(state, p)["pos"]
        pl(state, p)["gold"] -= price(land)
        set_building(state, land, p, 2)
        say(state, f"{nm(state, p)} upgrades the dwelling on {C.name(land)} to a keep for {price(land)} GP.")


decision("upgrade", _upgrade_opts, _upgrade_act,
         lambda s, f: f"Upgrade your dwelling on {C.name(pl(s, f['seat'])['pos'])} to a keep?",
         lambda s, f, a: (f"Upgrade to a keep ({price(pl(s, f['seat'])['pos'])} GP)" if a.name == "upgrade"
                          else "Not now"),
         lambda s, f, a: "space:" + pl(s, f["seat"])["pos"])


# ---- city (B §11.2) ---------------------------------------------------------------------------------
def _inn_cost(state: BaronsState) -> int:
    """The inn's price of a health point. Only a game with an inn asks about it: in B §20
    no_inn (no price) the inn offers no option, so its decision is never taken or shown."""
    cost = cfg(state)["inn_cost_per_health"]
    assert cost is not None, "this game has no inn"
    return int(cost)


def _inn_opts(state: BaronsState, f: Frame) -> list[Action]:
    cost = cfg(state)["inn_cost_per_health"]
    me = pl(state, f["seat"])
    if cost is None:
        return []
    most = min(int(cfg(state)["max_health"]) - me["hp"], me["gold"] // int(cost))
    if most <= 0:
        return []
    return [A("heal", n) for n in range(1, most + 1)] + [A("no_heal")]


def _inn_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "heal":
        p, n = f["seat"], int(a.args[0])
        cost = n * _inn_cost(state)
        pl(state, p)["gold"] -= cost
        pl(state, p)["hp"] += n
        say(state, f"{nm(state, p)} pays the inn {cost} GP and heals {n} (health {pl(state, p)['hp']}).")


decision("inn", _inn_opts, _inn_act,
         lambda s, f: f"The inn heals {s['cfg']['inn_cost_per_health']} GP a point. You have {pl(s, f['seat'])['hp']} health.",
         lambda s, f, a: (f"Heal {a.args[0]} for {int(a.args[0]) * _inn_cost(s)} GP"
                          if a.name == "heal" else "No healing"))


def city_price(state: BaronsState, p: int, iid: str) -> int:
    """The price of an item at a city: 20 GP (or its classic cost), less Bargaining."""
    return max(0, C.item_cost(iid, cfg(state)["item_cost_mode"]) - int(st(state, p)["city_discount"]))


@auto("city_item")
def _city_item(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = f["seat"]
    iid = draw(state, "ideck")
    if iid is None:
        say(state, "The item deck is empty: nothing to buy.")
        return
    reveal(state)
    cost = city_price(state, p, iid)
    say(state, f"{nm(state, p)} draws {item_name(iid)} at {C.name(pl(state, p)['pos'])} ({cost} GP).")
    if pl(state, p)["gold"] >= cost:
        state["stack"].append({"k": "item", "seat": p, "item": iid, "cost": cost})
    else:
        put_bottom(state, "ideck", [iid])
        say(state, f"{nm(state, p)} cannot afford it; it goes to the bottom of the item deck.")


def _item_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    p, iid = f["seat"], f["item"]
    if a.name == "buy":
        pl(state, p)["gold"] -= int(f["cost"])
        acquire(state, p, iid)
        say(state, f"{nm(state, p)} buys {item_name(iid)} for {f['cost']} GP.")
    else:
        put_bottom(state, "ideck", [iid])
        say(state, f"{nm(state, p)} passes on {item_name(iid)}; it goes to the bottom of the item deck.")


def _item_label(state: BaronsState, f: Frame, a: Action) -> str:
    if a.name == "buy":
        it = C.items()[f["item"]]
        old = pl(state, f["seat"])["items"].get(it["slot"]) if it["kind"] == "permanent" else None
        return f"Buy {it['name']} for {f['cost']} GP" + (f" (replaces your {item_name(old)})" if old else "")
    return "Do not buy it"


decision("item", lambda s, f: [A("buy"), A("decline")], _item_act,
         lambda s, f: f"The merchant offers {item_name(f['item'])} for {f['cost']} GP. Buy it?",
         _item_label, lambda s, f, a: f"item:{f['item']}")


# ---- guild (B §11.3) ------------------------------------------------------------------------------
def next_training(state: BaronsState, p: int, guild: str) -> tuple[int, str | None] | None:
    """The next level ``p`` may train at ``guild`` and the skill card it takes (None
    for a track), or None if nothing is left to learn or no copy is in the supply."""
    me = pl(state, p)
    if cfg(state)["skill_mode"] == "tracks":
        lvl = int(me["tracks"][guild]) + 1
        return (lvl, None) if lvl <= int(cfg(state)["skill_levels"]) else None
    ladder = C.guild_skills(guild)
    held = [s for s in ladder if s["id"] in me["skills"]]
    lvl = len(held) + 1
    if lvl > len(ladder):
        return None
    card = ladder[lvl - 1]["id"]
    return (lvl, card) if state["supply"][card] > 0 else None


def _guild_of(state: BaronsState, p: int) -> str:
    return str(C.space(pl(state, p)["pos"])["guild"])


def _guild_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    nxt = next_training(state, p, _guild_of(state, p))
    if nxt is None or pl(state, p)["gold"] < nxt[0] * int(cfg(state)["training_cost_per_level"]):
        return []
    return [A("train"), A("no_train")]


def _guild_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name != "train":
        return
    p = f["seat"]
    g = _guild_of(state, p)
    nxt = next_training(state, p, g)
    assert nxt is not None
    lvl, card = nxt
    cost = lvl * int(cfg(state)["training_cost_per_level"])
    me = pl(state, p)
    me["gold"] -= cost
    if card is None:
        me["tracks"][g] = lvl
        say(state, f"{nm(state, p)} trains {g} to level {lvl} for {cost} GP.")
    else:
        state["supply"][card] -= 1
        me["skills"].append(card)
        say(state, f"{nm(state, p)} learns {C.skills()[card]['name']} ({g} {lvl}) for {cost} GP.")


def _guild_label(state: BaronsState, f: Frame, a: Action) -> str:
    if a.name != "train":
        return "Not now"
    p = f["seat"]
    g = _guild_of(state, p)
    nxt = next_training(state, p, g)
    assert nxt is not None
    lvl, card = nxt
    cost = lvl * int(cfg(state)["training_cost_per_level"])
    what = C.skills()[card]["name"] if card else f"{g} level {lvl}"
    return f"Learn {what} ({cost} GP)"


decision("guild", _guild_opts, _guild_act,
         lambda s, f: f"The {C.name(pl(s, f['seat'])['pos'])} trains {_guild_of(s, f['seat'])}s.",
         _guild_label)


# ---- selling at an outpost (B §11.4, §15) --------------------------------------------------------
def sale_price(state: BaronsState, p: int, out: str, res: str) -> int:
    """What one card of ``res`` fetches at outpost ``out`` for ``p``: the outpost's
    rate (the best of all outposts with Trade Baron) plus the sell bonus."""
    s = st(state, p)
    base = (max(int(o["buys"][res]) for o in C.outposts().values()) if s["best_outpost_rate"]
            else int(C.outposts()[out]["buys"][res]))
    return base + int(s["sell_bonus"])


def _sell_opts(state: BaronsState, f: Frame) -> list[Action]:
    me = pl(state, f["seat"])
    out = []
    for r in C.RESOURCES:
        n = me["res"][r]
        if n:
            out.append(A("sell", r, 1))
            if n > 1:
                out.append(A("sell", r, n))
    return out + [A("done")] if out else []


def _sell_act(state: BaronsState, f: Frame, a: Action) -> None:
    if a.name == "done":
        state["stack"].pop()
        if not f.get("sales"):  # left unsold: not offered again until the resources change
            tf(state).setdefault("unsold", {})[f["out"]] = dict(pl(state, f["seat"])["res"])
        return
    p, r, n = f["seat"], str(a.args[0]), int(a.args[1])
    each = sale_price(state, p, f["out"], r)
    me = pl(state, p)
    me["res"][r] -= n
    state["rsupply"][r] += n
    me["gold"] += each * n
    tf(state)["sold"] = f["out"]
    f["sales"] = int(f.get("sales", 0)) + 1
    say(state, f"{nm(state, p)} sells {n} {r.capitalize()} at the {C.name(f['out'])} for {each * n} GP.")


decision("sell", _sell_opts, _sell_act,
         lambda s, f: f"Sell resources at the {C.name(f['out'])}?",
         lambda s, f, a: (f"Sell {a.args[1]} {str(a.args[0]).capitalize()} for "
                          f"{int(a.args[1]) * sale_price(s, f['seat'], f['out'], str(a.args[0]))} GP"
                          if a.name == "sell" else "Done selling"),
         lambda s, f, a: f"res:{a.args[0]}" if a.name == "sell" else None)


# ---- dungeon space (B §11.5) ------------------------------------------------------------------------
@auto("draw_dungeon")
def _draw_dungeon(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = f["seat"]
    cid = draw(state, "ddeck")
    if cid is None:  # every dungeon card is out of the deck (B §18: cannot happen with 36 cards)
        return
    reveal(state)
    card = C.dungeon_cards()[cid]
    if card["kind"] == "treasure":
        pl(state, p)["gold"] += int(card["gold"])
        state["ddisc"].append(cid)
        say(state, f"{nm(state, p)} finds {card['name']}: {card['gold']} GP!")
        return
    say(state, f"{nm(state, p)} meets {card['name']}" + (" (a boss)!" if card["boss"] else "!"))
    start_monster(state, p, cid)


# ---- phase D: actions (B §9) -------------------------------------------------------------------------
@auto("phase_d")
def _phase_d(state: BaronsState, f: Frame) -> None:
    state["stack"].pop()
    p = active(state)
    if pl(state, p)["alive"]:
        state["stack"].append({"k": "actions", "seat": p})


def targets_within(state: BaronsState, p: int, reach: int) -> list[int]:
    """Living adventurers other than ``p`` within ``reach`` spaces (B §13.4, §13.5)."""
    here = pl(state, p)["pos"]
    return [q for q in alive(state) if q != p and pl(state, q)["adv"]
            and C.distance(here, pl(state, q)["pos"]) <= reach]


def spells_ready(state: BaronsState, p: int) -> list[dict[str, Any]]:
    """Known spells and one-use spell items of ``p`` (B §6.3, §16)."""
    sp = list(st(state, p)["spells"])
    for iid in sorted(set(pl(state, p)["potions"])):
        s = spell_of_scroll(iid)
        if s:
            sp.append(s)
    return sp


def tradeable(state: BaronsState, p: int) -> bool:
    """``p`` has gold, resources or items to swap."""
    me = pl(state, p)
    return bool(me["gold"] >= GOLD_STEPS[0] or total_resources(state, p) or me["items"] or me["potions"])


def _actions_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    me = pl(state, p)
    s = st(state, p)
    flags = tf(state)
    out = [A("use", i) for i in heal_items(state, p, "actions")]
    if s["mending"] and not flags["mend"] and me["hp"] < int(cfg(state)["max_health"]):
        out.append(A("mend"))
    if me["adv"] and not flags["ranged"]:
        if s["archery"]:
            for q in targets_within(state, p, int(s["archery_range"])):
                out.append(A("shoot", q))
                if s["mighty_blow"] and not me["mb"]:
                    out.append(A("shoot", q, "mighty"))
        for sp in spells_ready(state, p):
            for q in targets_within(state, p, int(sp["range"])):
                out.append(A("cast", q, sp["src"]))
    if me["adv"] and s["steal_range"] is not None and not flags["steal"]:
        out += [A("steal", q) for q in targets_within(state, p, int(s["steal_range"]))]
    if C.kind(me["pos"]) != "dungeon" and total_resources(state, p) and int(s["trade_range"]) >= 1:
        unsold = flags.get("unsold", {})
        for o in C.outposts():
            if (C.distance(me["pos"], o) <= int(s["trade_range"]) and flags["sold"] in (None, o)
                    and unsold.get(o) != me["res"]):
                out.append(A("trade", o))
    if cfg(state)["trading"] == "open" and flags["offers"] < MAX_OFFERS:
        out += [A("offer", q) for q in alive(state) if q != p and (tradeable(state, p) or tradeable(state, q))]
    return out + [A("end")]


def _actions_act(state: BaronsState, f: Frame, a: Action) -> None:
    p = f["seat"]
    me = pl(state, p)
    flags = tf(state)
    k = a.name
    if k == "end":
        state["stack"].pop()
    elif k == "use":
        drink(state, p, str(a.args[0]))
    elif k == "mend":
        flags["mend"] = True
        state["stack"].append({"k": "heal", "seat": p, "base": 0, "what": "Mending", "ph": 0})
    elif k == "shoot":
        flags["ranged"] = True
        mighty = len(a.args) > 1
        if mighty:
            me["mb"] = True
        q = int(a.args[0])
        say(state, f"{nm(state, p)} shoots at {nm(state, q)}" + (" with a Mighty Blow." if mighty else "."))
        state["stack"].append({"k": "strike", "att": p, "tgt": q, "type": "archery", "mighty": mighty,
                               "ctx": "ranged", "ph": 0})
    elif k == "cast":
        flags["ranged"] = True
        q, src = int(a.args[0]), str(a.args[1])
        sp = next(x for x in spells_ready(state, p) if x["src"] == src)
        if src in me["potions"]:
            me["potions"].remove(src)
            state["idisc"].append(src)
        say(state, f"{nm(state, p)} casts {sp['name']} at {nm(state, q)}.")
        state["stack"].append({"k": "strike", "att": p, "tgt": q, "type": "spell", "spell": sp, "mighty": False,
                               "ctx": "ranged", "ph": 0})
    elif k == "steal":
        flags["steal"] = True
        state["stack"].append({"k": "steal", "seat": p, "tgt": int(a.args[0]), "ph": 0})
    elif k == "trade":
        state["stack"].append({"k": "sell", "seat": p, "out": str(a.args[0])})
    elif k == "offer":
        flags["offers"] += 1
        state["stack"].append({"k": "offer_give", "seat": p, "to": int(a.args[0])})


def _actions_label(state: BaronsState, f: Frame, a: Action) -> str:
    p = f["seat"]
    k = a.name
    if k == "end":
        return "End your turn"
    if k == "use":
        return f"Drink {item_name(str(a.args[0]))}"
    if k == "mend":
        return f"Mend (healing roll, {_plural(int(st(state, p)['heal_dice']), 'die')})"
    if k == "shoot":
        q = int(a.args[0])
        return f"Shoot at {nm(state, q)}" + (" with a Mighty Blow" if len(a.args) > 1 else "")
    if k == "cast":
        q, src = int(a.args[0]), str(a.args[1])
        sp = next(x for x in spells_ready(state, p) if x["src"] == src)
        return f"Cast {sp['name']} at {nm(state, q)}"
    if k == "steal":
        return f"Try to steal from {nm(state, int(a.args[0]))}"
    if k == "trade":
        return f"Sell resources at the {C.name(str(a.args[0]))} (trade range)"
    return f"Propose a trade to {nm(state, int(a.args[0]))}"


def _actions_target(state: BaronsState, f: Frame, a: Action) -> str | None:
    if a.name in ("shoot", "cast", "steal", "offer"):
        return f"seat:{a.args[0]}"
    if a.name == "trade":
        return f"space:{a.args[0]}"
    if a.name == "use":
        return f"item:{a.args[0]}"
    return None


decision("actions", _actions_opts, _actions_act,
         lambda s, f: "Anything else this turn? Choose an action or end your turn.",
         _actions_label, _actions_target)


# ---- open trading (B §20 open_trading) --------------------------------------------------------------
def _swap_opts(state: BaronsState, who: int, verb: str) -> list[Action]:
    me = pl(state, who)
    out = [A(verb, "gold", g) for g in GOLD_STEPS if me["gold"] >= g]
    out += [A(verb, "res", r) for r in C.RESOURCES if me["res"][r]]
    out += [A(verb, "item", i) for i in sorted(set(me["items"].values()) | set(me["potions"]))]
    return out


def _swap_text(kind: str, key: Any) -> str:
    if kind == "gold":
        return f"{key} GP"
    if kind == "res":
        return f"1 {str(key).capitalize()}"
    return item_name(str(key))


def _give_opts(state: BaronsState, f: Frame) -> list[Action]:
    return _swap_opts(state, f["seat"], "put") + [A("cancel")]


def _give_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "put":
        state["stack"].append({"k": "offer_ask", "seat": f["seat"], "to": f["to"], "give": list(a.args)})


decision("offer_give", _give_opts, _give_act,
         lambda s, f: f"Trade with {nm(s, f['to'])}: what do you offer?",
         lambda s, f, a: f"Offer {_swap_text(str(a.args[0]), a.args[1])}" if a.name == "put" else "Cancel the trade")


def _ask_opts(state: BaronsState, f: Frame) -> list[Action]:
    return _swap_opts(state, f["to"], "ask") + [A("cancel")]


def _ask_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    if a.name == "ask":
        state["stack"].append({"k": "answer", "seat": f["to"], "from": f["seat"], "give": f["give"],
                               "get": list(a.args)})


decision("offer_ask", _ask_opts, _ask_act,
         lambda s, f: f"You offer {_swap_text(f['give'][0], f['give'][1])}. What do you ask of {nm(s, f['to'])}?",
         lambda s, f, a: f"Ask for {_swap_text(str(a.args[0]), a.args[1])}" if a.name == "ask" else "Cancel the trade")


def _holds(state: BaronsState, p: int, kind: str, key: Any) -> bool:
    me = pl(state, p)
    if kind == "gold":
        return bool(me["gold"] >= int(key))
    if kind == "res":
        return bool(me["res"][str(key)] > 0)
    return key in me["potions"] or key in me["items"].values()


def _hand_over(state: BaronsState, p: int, kind: str, key: Any) -> None:
    """``p`` gives up one side of a trade."""
    if kind == "gold":
        pl(state, p)["gold"] -= int(key)
    elif kind == "res":
        pl(state, p)["res"][str(key)] -= 1
    else:
        take_item(state, p, str(key))


def _receive(state: BaronsState, q: int, kind: str, key: Any) -> None:
    """``q`` gets one side of a trade (an item into its slot, B §11.2)."""
    if kind == "gold":
        pl(state, q)["gold"] += int(key)
    elif kind == "res":
        pl(state, q)["res"][str(key)] += 1
    else:
        acquire(state, q, str(key))


def _answer_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    p, q = f["from"], f["seat"]
    give, get = f["give"], f["get"]
    if a.name == "accept" and _holds(state, p, *give) and _holds(state, q, *get):
        # Both sides hand over before either receives: an item received into a filled slot
        # must not push out the very item its new owner is trading away (B §20 open_trading).
        _hand_over(state, p, give[0], give[1])
        _hand_over(state, q, get[0], get[1])
        _receive(state, q, give[0], give[1])
        _receive(state, p, get[0], get[1])
        say(state, f"{nm(state, p)} trades {_swap_text(*give)} to {nm(state, q)} for {_swap_text(*get)}.")
    else:
        say(state, f"{nm(state, q)} turns down {possessive(nm(state, p))} offer.")


decision("answer", lambda s, f: [A("accept"), A("decline")], _answer_act,
         lambda s, f: (f"{nm(s, f['seat'])}: {nm(s, f['from'])} offers {_swap_text(*f['give'])} "
                       f"for your {_swap_text(*f['get'])}. Accept?"),
         lambda s, f, a: "Accept the trade" if a.name == "accept" else "Decline")


# ---- winning (B §19) -------------------------------------------------------------------------------------
def political_key(state: BaronsState, p: int) -> tuple[int, ...]:
    """The political ranking of ``p``, compared as a tuple (B §19; B §20's other criteria)."""
    crit = cfg(state)["political_criterion"]
    me = pl(state, p)
    if crit == "property_count":
        return (building_count(state, p), property_value(state, p), me["gold"])
    if crit == "property_value":
        return (property_value(state, p), realms_controlled(state, p), me["gold"])
    return (realms_controlled(state, p), property_value(state, p), me["gold"], len(me["trophies"]))


def political_winners(state: BaronsState, among: list[int]) -> list[int]:
    """The best of ``among`` by :func:`political_key` (several on a full tie: a shared win)."""
    if not among:
        return []
    best = max(political_key(state, p) for p in among)
    return [p for p in among if political_key(state, p) == best]


CRITERION = {"realms": "most realms controlled, then property value, gold and trophies",
             "property_count": "most buildings, then property value and gold",
             "property_value": "highest property value, then realms controlled and gold"}


def finish(state: BaronsState, winners: list[int], reason: str, ending: Ending) -> None:
    """End the game (B §19): ``ending`` says which kind of end it was."""
    state["result"] = {"winners": sorted(winners), "reason": reason, "ending": ending.value}
    say(state, reason)


def _names(state: BaronsState, ps: list[int]) -> str:
    names = [nm(state, p) for p in ps]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _political(state: BaronsState, winners: list[int], why: str) -> str:
    verb = "wins" if len(winners) == 1 else "share"
    return (f"{why}: {_names(state, winners)} {verb} a political victory "
            f"({CRITERION[cfg(state)['political_criterion']]}; B §19).")


#: The ways a game of Barons ends, in the order they are checked: every character fallen,
#: First Blood (B §20), then B §19's conditions in its priority order.
EndKind = Literal["fallen", "first_blood", "last_standing", "true_baron", "the_baron", "all_claimed",
                  "round_limit"]
#: The :class:`Ending` of each way.
ENDINGS: dict[EndKind, Ending] = {
    "fallen": Ending.ELIMINATION, "first_blood": Ending.STANDINGS, "last_standing": Ending.ELIMINATION,
    "true_baron": Ending.GOAL, "the_baron": Ending.GOAL, "all_claimed": Ending.STANDINGS,
    "round_limit": Ending.STANDINGS}


class EndReached(NamedTuple):
    """A win condition met (:func:`end_reached`): its ``kind``, the seats it concerns
    (``among``: those ranked politically, or those meeting a goal), and the ``winners``."""

    kind: EndKind
    among: list[int]
    winners: list[int]


def end_reached(state: BaronsState) -> EndReached | None:
    """The first win condition met now, in priority order (B §19; switched by
    ``win_conditions``, ``death_mode``, ``keeps_needed`` and ``round_limit``), or None.
    Reads the state only: :func:`check_end` ends the game with it, and the final standings
    (:mod:`.standings`) read it again from the finished state, which it leaves unchanged."""
    c = cfg(state)
    wc = c["win_conditions"]
    living = alive(state)
    if not living:
        everyone = list(range(len(state["players"])))
        return EndReached("fallen", everyone, political_winners(state, everyone))
    if c["death_mode"] == "first_blood" and state["blood"]:
        return EndReached("first_blood", living, political_winners(state, living))
    if "last_survivor" in wc and c["death_mode"] != "respawn" and len(living) == 1:
        return EndReached("last_standing", living, living)
    if "keep_in_every_realm" in wc:
        need = int(c["keeps_needed"])
        kings = [p for p in living if len(realms_with_keep(state, p)) >= need]
        if kings:
            return EndReached("true_baron", kings, political_winners(state, kings))
    if "building_on_every_land" in wc:
        barons = [p for p in living if all(level_on(state, x, p) for x in C.lands())]
        if barons:
            return EndReached("the_baron", barons, barons[:1])
    if "all_land_claimed_political" in wc and all(buildings(state, x) for x in C.lands()):
        return EndReached("all_claimed", living, political_winners(state, living))
    limit = c["round_limit"]
    if limit is not None and state["round"] > int(limit):
        return EndReached("round_limit", living, political_winners(state, living))
    return None


def check_end(state: BaronsState) -> bool:
    """End the game if a win condition is met (:func:`end_reached`), checked at the start
    of every turn (B §19). Returns True if the game ended."""
    e = end_reached(state)
    if e is None:
        return False
    c = cfg(state)
    w = e.winners
    if e.kind == "fallen":
        reason = _political(state, w, "Every character has fallen")
    elif e.kind == "first_blood":
        reason = _political(state, w, "First blood has been spilled")
    elif e.kind == "last_standing":
        reason = f"{nm(state, w[0])} is the last baron standing (B §19)."
    elif e.kind == "true_baron":
        need = int(c["keeps_needed"])
        where = "every realm" if need >= len(C.REALMS) else f"{need} realms"
        reason = (f"{_names(state, w)} {'has' if len(w) == 1 else 'have'} a keep in {where}: "
                  f"the true Baron{'s' if len(w) > 1 else ''} (B §19).")
    elif e.kind == "the_baron":
        reason = f"{nm(state, w[0])} holds every open land: the Baron (B §19)."
    elif e.kind == "all_claimed":
        reason = _political(state, w, "Every open land has been claimed")
    else:
        reason = _political(state, w, f"The round limit ({_plural(c['round_limit'] or 0, 'round')}) is reached")
    finish(state, w, reason, ENDINGS[e.kind])
    return True
