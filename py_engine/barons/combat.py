"""Combat and the other rolls of Barons: monster fights with bosses and boss keeps
(B §12.2, §13.1, §13.2), player-versus-player fights with the round limit
(B §13.3), ranged attacks (B §13.4), stealing (B §13.5), healing rolls (resting
and Mending, B §14), the Lucky Charm re-roll (B §16), health, Second Life and
death with what happens to a dead character's things (B §13.3, §14, §20 mercy and
first_blood).

``state["combat"]`` during a fight: ``kind`` (``monster``/``pvp``), ``side``
(two sides, each ``{"seat": p}`` or ``{"mon": card id, "hp": n}``), ``turn``
(index of the side to act), ``turns`` (combat turns completed; a round is one
turn by each side), ``undef`` (per side: its next defence is denied after a
failed escape), ``bonus`` (per side: Potion of Giant Strength dice), ``acted``,
``over`` (how it ended), ``space``, ``events`` (a short readable account) and
``roller`` (the seat rolling for the monster in B §20 tabletop_monster_roller, else None).
"""

from __future__ import annotations

from typing import Literal

from ..core import Action
from ..core.wording import a_an, plural, possessive
from . import components as C
from .effects import spell_of_scroll
from .items import drink, give_land, heal_items, item_name, merge_item
from .machine import (
    A,
    Frame,
    active,
    auto,
    cfg,
    d6,
    decision,
    dice,
    die_text,
    hits,
    keep_allowed,
    level_on,
    nm,
    note_roll,
    pl,
    price,
    put_bottom,
    rerolls_left,
    rng,
    roll_for,
    room_on,
    say,
    set_building,
    st,
    useful_reroll,
)
from .state import BaronsState, Combat, Side

#: Hits needed "for everything" (an attack roll: any extra hit may matter).
ALL = 99


def _event(state: BaronsState, text: str) -> None:
    c = state["combat"]
    if c is not None:
        c["events"].append(text)
    say(state, text)


def fight(state: BaronsState) -> Combat:
    """The fight under way: only a frame of a fight asks for it, and a fight's record
    stays until :func:`finish_combat` (or a death ending the turn, :func:`abort_turn`)."""
    c = state["combat"]
    assert c is not None, "no fight is under way"
    return c


def side_name(state: BaronsState, side: Side) -> str:
    """A combatant's name: the seat's name or the monster's."""
    if "mon" in side:
        return str(C.dungeon_cards()[side["mon"]]["name"])
    return nm(state, int(side["seat"]))


def _new_combat(state: BaronsState, kind: Literal["monster", "pvp"], sides: list[Side], where: str) -> Combat:
    n = len(state["players"])
    c: Combat = {"kind": kind, "side": sides, "turn": 0, "turns": 0, "undef": [False, False],
                 "bonus": [0, 0], "acted": False, "over": None, "space": where, "events": [],
                 "roller": (active(state) + 1) % n if cfg(state)["monster_roller"] == "left_player" else None}
    state["combat"] = c
    state["stack"].append({"k": "combat", "ph": "init"})
    return c


def start_monster(state: BaronsState, p: int, cid: str) -> None:
    """A monster drawn from the dungeon deck fights ``p`` (B §11.5, §13.1)."""
    m = C.dungeon_cards()[cid]
    c = _new_combat(state, "monster", [{"seat": p}, {"mon": cid, "hp": int(m["health"])}], pl(state, p)["pos"])
    c["events"].append(f"{nm(state, p)} fights {m['name']} (Str {m['strength']}, Agi {m['agility']}, "
                       f"Def {m['defense']}, health {m['health']}).")
    if c["roller"] is not None:
        c["events"].append(f"{nm(state, c['roller'])} rolls for the monster.")


def start_pvp(state: BaronsState, p: int, q: int) -> None:
    """``p`` attacks ``q`` on their shared space (B §13.3)."""
    say(state, f"{nm(state, p)} attacks {nm(state, q)}!")
    c = _new_combat(state, "pvp", [{"seat": p}, {"seat": q}], pl(state, p)["pos"])
    c["events"].append(f"{nm(state, p)} attacks {nm(state, q)}.")


def _init_dice(state: BaronsState, side: Side) -> int:
    if "mon" in side:
        return int(C.dungeon_cards()[side["mon"]]["agility"])
    return int(st(state, int(side["seat"]))["init"])


@auto("combat")
def _combat(state: BaronsState, f: Frame) -> None:
    """The fight driver: initiative (a total roll of Agility dice each, ties re-roll),
    then alternating turns until someone falls, escapes or the round limit ends it."""
    c = fight(state)
    sides = c["side"]
    if f["ph"] == "init":
        for i in (0, 1):
            f[f"i{i}"] = dice(state, _init_dice(state, sides[i]))
            note_roll(state, -1 if "mon" in sides[i] else int(sides[i]["seat"]),
                      f"{side_name(state, sides[i])}: initiative", f[f"i{i}"], None, f"total {sum(f[f'i{i}'])}")
        f["ph"] = "charm0"
        return
    if f["ph"] in ("charm0", "charm1"):
        i = int(f["ph"][-1])
        f["ph"] = "charm1" if i == 0 else "cmp"
        side = sides[i]
        if "seat" in side:
            p = int(side["seat"])
            need = sum(f[f"i{1 - i}"]) + 1
            if useful_reroll(f[f"i{i}"], None, need) and rerolls_left(state, p) > 0:
                state["stack"].append({"k": "charm", "seat": p, "key": f"i{i}", "thr": None, "what": "initiative",
                                       "need": need})
        return
    if f["ph"] == "cmp":
        a, b = sum(f["i0"]), sum(f["i1"])
        if a == b:
            _event(state, f"Initiative {a} each: both roll again.")
            f["ph"] = "init"
            return
        c["turn"] = 0 if a > b else 1
        _event(state, f"Initiative: {side_name(state, sides[0])} {a}, {side_name(state, sides[1])} {b}. "
               f"{side_name(state, sides[c['turn']])} strikes first.")
        f["ph"] = "loop"
        return
    # the loop
    if c["over"] is None and c["acted"]:
        c["acted"] = False
        c["turns"] += 1
        c["turn"] = 1 - c["turn"]
        limit = cfg(state)["pvp_round_limit"] if c["kind"] == "pvp" else cfg(state)["monster_combat_round_cap"]
        if limit is not None and c["turns"] >= 2 * int(limit):
            c["over"] = {"how": "limit"}
    if c["over"] is not None:
        state["stack"].pop()
        finish_combat(state)
        return
    side = sides[c["turn"]]
    if "mon" in side:
        c["acted"] = True
        spectral = "spectral" in C.dungeon_cards()[side["mon"]]["traits"]
        state["stack"].append({"k": "strike", "att": -1, "tgt": int(sides[1 - c["turn"]]["seat"]),
                               "type": "spell" if spectral else "monster", "ctx": "combat", "a": c["turn"],
                               "d": 1 - c["turn"], "mighty": False, "ph": 0})
    else:
        state["stack"].append({"k": "fight", "seat": int(side["seat"]), "side": c["turn"]})


def finish_combat(state: BaronsState) -> None:
    """Settle a finished fight (B §13.1 steps 4–6, §13.3): rewards, trophies and the
    boss keep, or the monster back in the deck; then, if the player whose turn it is
    fell, their turn ends at once (B §9)."""
    c = fight(state)
    over = c["over"]
    assert over is not None, "the fight is not over"
    how = over["how"]
    boss_realm: str | None = None
    hero: int | None = None
    if c["kind"] == "monster":
        hero = int(c["side"][0]["seat"])
        mon = c["side"][1]["mon"]
        card = C.dungeon_cards()[mon]
        if how == "slain":
            pl(state, hero)["gold"] += int(card["treasure"])
            _event(state, f"{nm(state, hero)} slays {card['name']} and takes {card['treasure']} GP.")
            if card["boss"]:
                pl(state, hero)["trophies"].append(mon)
                boss_realm = C.gate_realm(c["space"])
            else:
                state["ddisc"].append(mon)
        elif how == "died":
            state["ddisc"].append(mon)
        else:
            put_bottom(state, "ddeck", [mon])
            word = "The fight drags on and " if how == "limit" else ""
            _event(state, f"{word}{card['name']} goes back to the bottom of the dungeon deck.")
    elif how == "limit":
        _event(state, "The fight ends after its rounds with both still standing.")
    state["last_combat"] = {"kind": c["kind"], "side": [s.copy() for s in c["side"]], "events": list(c["events"]),
                            "how": how, "turn": state["turn"]}
    state["combat"] = None
    p = active(state)
    me = pl(state, p)
    if not me["alive"] or me.get("fell"):
        me.pop("fell", None)
        abort_turn(state)
        return
    if boss_realm is not None and hero is not None and pl(state, hero)["alive"]:
        boss_keep(state, hero, boss_realm)


def abort_turn(state: BaronsState) -> None:
    """The active character died (or collapsed): the turn ends at once (B §9)."""
    stack = state["stack"]
    while stack and stack[-1]["k"] != "end_turn":
        stack.pop()
    state["combat"] = None


# ---- a combat turn ------------------------------------------------------------------------------
def _fight_opts(state: BaronsState, f: Frame) -> list[Action]:
    p = f["seat"]
    s = st(state, p)
    me = pl(state, p)
    out = [A("melee")]
    if s["mighty_blow"] and not me["mb"]:
        out.append(A("melee", "mighty"))
    seen = set()
    for sp in s["spells"]:
        if sp["src"] not in seen:
            seen.add(sp["src"])
            out.append(A("cast", sp["src"]))
    for iid in sorted(set(me["potions"])):
        if spell_of_scroll(iid):
            out.append(A("cast", iid))
    out += [A("use", i) for i in heal_items(state, p, "combat")]
    for iid in ("giant_strength", "smoke_bomb"):
        if iid in me["potions"]:
            out.append(A("use", iid))
    out.append(A("flee"))
    return out


def _fight_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    c = fight(state)
    p, i = f["seat"], f["side"]
    me = pl(state, p)
    foe = c["side"][1 - i]
    tgt = -1 if "mon" in foe else int(foe["seat"])
    k = a.name
    if k == "melee":
        mighty = bool(a.args)
        if mighty:
            me["mb"] = True
        c["acted"] = True
        state["stack"].append({"k": "strike", "att": p, "tgt": tgt, "type": "melee", "ctx": "combat", "a": i,
                               "d": 1 - i, "mighty": mighty, "ph": 0})
    elif k == "cast":
        src = str(a.args[0])
        sp = next((x for x in st(state, p)["spells"] if x["src"] == src), None) or spell_of_scroll(src)
        assert sp is not None
        if src in me["potions"]:
            me["potions"].remove(src)
            state["idisc"].append(src)
        c["acted"] = True
        state["stack"].append({"k": "strike", "att": p, "tgt": tgt, "type": "spell", "spell": sp, "ctx": "combat",
                               "a": i, "d": 1 - i, "mighty": False, "ph": 0})
    elif k == "use":
        iid = str(a.args[0])
        if iid == "giant_strength":
            me["potions"].remove(iid)
            state["idisc"].append(iid)
            c["bonus"][i] += 2
            _event(state, f"{nm(state, p)} drinks a Potion of Giant Strength: +2 attack dice for this fight.")
        elif iid == "smoke_bomb":
            me["potions"].remove(iid)
            state["idisc"].append(iid)
            _event(state, f"{nm(state, p)} vanishes in a cloud of smoke.")
            c["over"] = {"how": "fled", "side": i}
        else:
            drink(state, p, iid)
            c["acted"] = True
    else:
        c["acted"] = True
        state["stack"].append({"k": "flee", "seat": p, "side": i, "ph": 0})


def _fight_prompt(state: BaronsState, f: Frame) -> str:
    c = fight(state)
    foe = c["side"][1 - f["side"]]
    hp = foe["hp"] if "mon" in foe else pl(state, int(foe["seat"]))["hp"]
    rnd = c["turns"] // 2 + 1
    return (f"{nm(state, f['seat'])}, round {rnd} against {side_name(state, foe)} ({hp} health left; you have "
            f"{pl(state, f['seat'])['hp']}). Your move.")


def _fight_label(state: BaronsState, f: Frame, a: Action) -> str:
    p = f["seat"]
    s = st(state, p)
    c = fight(state)
    vs_mon = "mon" in c["side"][1 - f["side"]]
    bonus = int(c["bonus"][f["side"]]) + (int(s["monster_dice"]) if vs_mon else 0)
    if a.name == "melee":
        thr = max(int(cfg(state)["min_hit_threshold"]), int(s["melee_thr"]) - (1 if a.args else 0))
        n = int(s["melee"]) + bonus
        return (f"{'Mighty Blow' if a.args else 'Attack'} ({plural(n, 'die')}, hit on {thr}+)")
    if a.name == "cast":
        src = str(a.args[0])
        sp = next((x for x in s["spells"] if x["src"] == src), None) or spell_of_scroll(src)
        assert sp is not None
        n = int(s["mana"]) + int(sp["bonus_dice"]) + int(s["spell_dice"]) + bonus
        return f"Cast {sp['name']} ({plural(n, 'die')}, hit on {sp['threshold']}+)"
    if a.name == "use":
        iid = str(a.args[0])
        free = " (free)" if iid == "giant_strength" else ""
        return f"{'Throw' if iid == 'smoke_bomb' else 'Drink'} {item_name(iid)}{free}"
    return f"Run away ({plural(int(s['flee']), 'Guile die')}, any 6 escapes)"


decision("fight", _fight_opts, _fight_act, _fight_prompt, _fight_label)


def _attack_roll(state: BaronsState, f: Frame) -> tuple[int, int, str]:
    """Dice, hit threshold and a name of the attack described by strike frame ``f``."""
    low = int(cfg(state)["min_hit_threshold"])
    if f["att"] == -1:
        m = C.dungeon_cards()[fight(state)["side"][f["a"]]["mon"]]
        return int(m["strength"]), 6, "attack"
    p = f["att"]
    s = st(state, p)
    bonus = 0
    if f["ctx"] == "combat":
        c = fight(state)
        bonus = int(c["bonus"][f["a"]]) + (int(s["monster_dice"]) if f["tgt"] == -1 else 0)
    if f["type"] == "melee":
        thr = int(s["melee_thr"]) - (1 if f["mighty"] else 0)
        return int(s["melee"]) + bonus, max(low, thr), "Mighty Blow" if f["mighty"] else "attack"
    if f["type"] == "archery":
        return int(s["archery_dice"]), max(low, 6 - (1 if f["mighty"] else 0)), "arrow"
    sp = f["spell"]
    n = int(s["mana"]) + int(sp["bonus_dice"]) + int(s["spell_dice"]) + bonus
    return n, max(low, int(sp["threshold"])), str(sp["name"])


def _defence_dice(state: BaronsState, f: Frame) -> int:
    """Armor dice against melee, archery and ordinary monster attacks; ward dice
    against spells and spectral attacks; a monster's defense against melee and
    archery, and against spells only if warded (B §13.1 step 3)."""
    magic = f["type"] == "spell"
    if f["tgt"] == -1:
        m = C.dungeon_cards()[fight(state)["side"][f["d"]]["mon"]]
        if magic and "warded" not in m["traits"]:
            return 0
        return int(m["defense"])
    s = st(state, f["tgt"])
    return int(s["ward"] if magic else s["armor"])


def _tgt_name(state: BaronsState, f: Frame) -> str:
    if f["tgt"] == -1:
        return side_name(state, fight(state)["side"][f["d"]])
    return nm(state, f["tgt"])


def _att_name(state: BaronsState, f: Frame) -> str:
    if f["att"] == -1:
        return side_name(state, fight(state)["side"][f["a"]])
    return nm(state, f["att"])


@auto("strike")
def _strike(state: BaronsState, f: Frame) -> None:
    """One attack: roll the attack dice; if any hit and the defender may defend,
    defence dice cancel a hit per 6; each remaining hit costs 1 health (B §13.1 step 3)."""
    if f["ph"] == 0:
        n, thr, what = _attack_roll(state, f)
        f["thr"], f["what"] = thr, what
        f["ph"] = 1
        roll_for(state, f, "atk", None if f["att"] == -1 else f["att"], n, thr,
                 f"{_att_name(state, f)}: {what}", ALL)
        return
    if f["ph"] == 1:
        h = hits(f["atk"], f["thr"])
        f["h"] = h
        undefended = False
        if f["ctx"] == "combat":
            undef = fight(state)["undef"]
            undefended = bool(undef[f["d"]])
            undef[f["d"]] = False
        f["ph"] = 2
        f["def"] = []
        if h == 0:
            _event(state, f"{possessive(_att_name(state, f))} {f['what']} {die_text(f['atk'])} misses {_tgt_name(state, f)}.")
            state["stack"].pop()
            return
        if undefended:
            f["undef"] = True
            return
        nd = _defence_dice(state, f)
        roll_for(state, f, "def", None if f["tgt"] == -1 else f["tgt"], nd, 6, f"{_tgt_name(state, f)}: defence", h)
        return
    state["stack"].pop()
    h = f["h"]
    blocks = min(h, hits(f["def"], 6))
    dmg = h - blocks
    words = f"{possessive(_att_name(state, f))} {f['what']} {die_text(f['atk'])} scores {plural(h, 'hit')}"
    if f.get("undef"):
        words += " (undefended)"
    elif f["def"]:
        words += f"; {_tgt_name(state, f)} blocks {blocks} {die_text(f['def'])}"
    if f["tgt"] == -1:
        c = fight(state)
        side = c["side"][f["d"]]
        side["hp"] = max(0, int(side["hp"]) - dmg)
        _event(state, f"{words}: {dmg} damage, {side_name(state, side)} has {side['hp']} health left.")
        if side["hp"] == 0:
            c["over"] = {"how": "slain", "side": f["a"]}
        return
    q = f["tgt"]
    _event(state, f"{words}: {dmg} damage to {nm(state, q)}.")
    damage(state, q, dmg, None if f["att"] == -1 else f["att"])


@auto("flee")
def _flee(state: BaronsState, f: Frame) -> None:
    """Running away: a Guile roll plus flee dice; any 6 escapes, otherwise the
    opponent's next attack cannot be defended (B §13.1 step 4)."""
    p = f["seat"]
    if f["ph"] == 0:
        f["ph"] = 1
        roll_for(state, f, "roll", p, int(st(state, p)["flee"]), 6, f"{nm(state, p)}: escape", 1)
        return
    state["stack"].pop()
    c = fight(state)
    if hits(f["roll"], 6):
        _event(state, f"{nm(state, p)} runs away {die_text(f['roll'])} and escapes.")
        c["over"] = {"how": "fled", "side": f["side"]}
    else:
        c["undef"][f["side"]] = True
        _event(state, f"{nm(state, p)} tries to run away {die_text(f['roll'])} but fails: the next attack on them "
               "cannot be defended.")


# ---- the Lucky Charm (B §16, §23.4 reroll_per_turn) ----------------------------------------------------
def _charm_act(state: BaronsState, f: Frame, a: Action) -> None:
    stack = state["stack"]
    if a.name == "keep":
        stack.pop()
        return
    below = stack[-2]
    roll = below[f["key"]]
    i = roll.index(min(roll))
    old = roll[i]
    roll[i] = d6(state)
    p = f["seat"]
    pl(state, p)["rr"] += 1
    res = plural(hits(roll, f['thr']), "hit") if f["thr"] is not None else f"total {sum(roll)}"
    note_roll(state, p, f"{f['what']} (Lucky Charm)", roll, f["thr"], res)
    say(state, f"{nm(state, p)} re-rolls {a_an(str(old))} with the Lucky Charm: {roll[i]}.")
    if not (useful_reroll(roll, f["thr"], f["need"]) and rerolls_left(state, p) > 0):
        stack.pop()


def _charm_prompt(state: BaronsState, f: Frame) -> str:
    roll = state["stack"][-2][f["key"]]
    return f"{nm(state, f['seat'])}, your {f['what']} roll is {die_text(roll)}. Re-roll the lowest die with your Lucky Charm?"


decision("charm", lambda s, f: [A("reroll"), A("keep")], _charm_act, _charm_prompt,
         lambda s, f, a: f"Re-roll the {min(s['stack'][-2][f['key']])} (Lucky Charm)" if a.name == "reroll"
         else "Keep the roll")


# ---- healing rolls, stealing ---------------------------------------------------------------------------
@auto("heal")
def _heal(state: BaronsState, f: Frame) -> None:
    """Resting (1 + a healing roll) or Mending (a healing roll): each die at or above
    the healing threshold heals 1, up to 10 (B §9 step 0b, §14)."""
    p = f["seat"]
    me = pl(state, p)
    s = st(state, p)
    top = int(cfg(state)["max_health"])
    if f["ph"] == 0:
        f["ph"] = 1
        roll_for(state, f, "roll", p, int(s["heal_dice"]), int(s["heal_thr"]), f"{nm(state, p)}: {f['what']}",
                 top - me["hp"] - int(f["base"]))
        return
    state["stack"].pop()
    gain = min(top - me["hp"], int(f["base"]) + hits(f["roll"], int(s["heal_thr"])))
    me["hp"] += gain
    say(state, f"{nm(state, p)} {'rests' if f['what'] == 'rest' else 'mends'}: {die_text(f['roll'])}, heals {gain} (health {me['hp']}).")


@auto("steal")
def _steal(state: BaronsState, f: Frame) -> None:
    """A Guile roll; any 6 takes one random resource card or one-use item of the
    target, or 10 GP (all their gold if less) if they have neither (B §13.5)."""
    p, q = f["seat"], f["tgt"]
    if f["ph"] == 0:
        f["ph"] = 1
        roll_for(state, f, "roll", p, int(st(state, p)["guile_dice"]), 6, f"{nm(state, p)}: steal", 1)
        return
    state["stack"].pop()
    if not hits(f["roll"], 6):
        say(state, f"{nm(state, p)} tries to rob {nm(state, q)} {die_text(f['roll'])} and fails.")
        return
    me, them = pl(state, p), pl(state, q)
    pool = [("res", r) for r in C.RESOURCES for _ in range(them["res"][r])] + [("item", i) for i in them["potions"]]
    if pool:
        kind, key = pool[rng(state).below(len(pool))]
        if kind == "res":
            them["res"][key] -= 1
            me["res"][key] += 1
            what = f"{a_an(key.capitalize())} card"
        else:
            them["potions"].remove(key)
            me["potions"].append(key)
            me["potions"].sort()
            what = item_name(key)
    else:
        n = min(int(cfg(state)["steal_fallback_gold"]), them["gold"])
        them["gold"] -= n
        me["gold"] += n
        what = f"{n} GP"
    say(state, f"{nm(state, p)} steals {what} from {nm(state, q)} {die_text(f['roll'])}.")


# ---- boss keeps (B §12.2) --------------------------------------------------------------------------------
def castle_sites(state: BaronsState, p: int, realm: str) -> list[str]:
    """Lands of ``realm`` where the boss keep may go: a dwelling of ``p`` to upgrade,
    or a land with room and no building of ``p`` (B §12.2; in Classic Deeds an
    unowned land); keeps limited per land in Castles (B §20)."""
    out = []
    for x in C.realm_lands()[realm]:
        lv = level_on(state, x, p)
        if not keep_allowed(state, x):
            continue
        if lv == 1 or (lv == 0 and room_on(state, x)):
            out.append(x)
    return out


def boss_keep(state: BaronsState, p: int, realm: str) -> None:
    """Grant the free keep for a slain boss, or its worth in gold if no land qualifies."""
    sites = castle_sites(state, p, realm)
    if sites:
        state["stack"].append({"k": "castle", "seat": p, "realm": realm})
        return
    gold = int(cfg(state)["boss_castle_fallback_multiplier"]) * min(price(x) for x in C.realm_lands()[realm])
    pl(state, p)["gold"] += gold
    say(state, f"No land in the {C.realms()[realm]['name']} can take a keep: {nm(state, p)} gains {gold} GP instead.")


def _castle_act(state: BaronsState, f: Frame, a: Action) -> None:
    state["stack"].pop()
    p, land = f["seat"], str(a.args[0])
    had = level_on(state, land, p)
    set_building(state, land, p, 2)
    what = "upgrades the dwelling on" if had else "builds a new keep on"
    say(state, f"{nm(state, p)} {what} {C.name(land)} to a keep for free (boss trophy)."
        if had else f"{nm(state, p)} {what} {C.name(land)} for free (boss trophy).")


decision("castle", lambda s, f: [A("castle", x) for x in castle_sites(s, f["seat"], f["realm"])], _castle_act,
         lambda s, f: f"You slew a boss: choose where your free keep goes in the {C.realms()[f['realm']]['name']}.",
         lambda s, f, a: (f"Upgrade your dwelling on {C.name(str(a.args[0]))}"
                          if level_on(s, str(a.args[0]), f["seat"]) else f"New keep on {C.name(str(a.args[0]))}"),
         lambda s, f, a: f"space:{a.args[0]}")


# ---- health and death ---------------------------------------------------------------------------------------
def damage(state: BaronsState, q: int, n: int, killer: int | None) -> None:
    """``q`` loses ``n`` health; at 0, Second Life saves once (health 5, the card goes
    back to the guild), else ``q`` dies or collapses (B §14, §17)."""
    me = pl(state, q)
    if n <= 0:
        return
    me["hp"] = max(0, me["hp"] - n)
    if me["hp"] > 0:
        return
    if st(state, q)["second_life"] and "second_life" in me["skills"]:
        me["hp"] = 5
        me["skills"].remove("second_life")
        state["supply"]["second_life"] += 1
        say(state, f"{nm(state, q)} falls, but Second Life brings them back with 5 health.")
        return
    kill(state, q, killer)


def kill(state: BaronsState, q: int, killer: int | None) -> None:
    """``q`` reaches 0 health (B §13.3, §14; B §20 mercy: collapse; first_blood)."""
    me = pl(state, q)
    c = state["combat"]
    by = f" by {nm(state, killer)}" if killer is not None else ""
    if cfg(state)["death_mode"] == "respawn":
        _collapse(state, q, killer)
        say(state, f"{nm(state, q)} collapses{by} and wakes at the White Outpost with 5 health.")
        if q == active(state):
            me["fell"] = True
    else:
        me["alive"] = False
        me["hp"] = 0
        if killer is not None:
            victor_takes(state, killer, q)
        else:
            return_to_game(state, q)
        say(state, f"{nm(state, q)} dies{by}.")
        if cfg(state)["death_mode"] == "first_blood":
            state["blood"] = True
    if c is not None and any(s.get("seat") == q for s in c["side"]):
        c["over"] = {"how": "died", "seat": q, "by": killer}


def victor_takes(state: BaronsState, p: int, q: int) -> None:
    """A killer takes the loser's buildings (merged), items (one per slot kept, the
    rest to the bottom of the item deck), gold, resources and trophies; the loser's
    skills go back to the guilds (B §13.3)."""
    me, them = pl(state, p), pl(state, q)
    for x in C.lands():
        if level_on(state, x, q):
            give_land(state, q, p, x)
    spare: list[str] = []
    for slot in list(them["items"]):
        merge_item(state, p, them["items"].pop(slot), spare)
    for iid in them["potions"]:
        me["potions"].append(iid)
    me["potions"].sort()
    them["potions"] = []
    put_bottom(state, "ideck", sorted(spare), shuffle=True)
    me["gold"] += them["gold"]
    them["gold"] = 0
    for r in C.RESOURCES:
        me["res"][r] += them["res"][r]
        them["res"][r] = 0
    me["trophies"] += them["trophies"]
    them["trophies"] = []
    _skills_back(state, q)


def return_to_game(state: BaronsState, q: int) -> None:
    """Death not caused by a player (B §14): buildings removed, items to the bottom
    of the item deck in random order, resources and skills to their supplies, gold
    to the bank, trophies to the dungeon discard pile."""
    them = pl(state, q)
    for x in C.lands():
        set_building(state, x, q, 0)
    put_bottom(state, "ideck", sorted(list(them["items"].values()) + them["potions"]), shuffle=True)
    them["items"], them["potions"] = {}, []
    for r in C.RESOURCES:
        state["rsupply"][r] += them["res"][r]
        them["res"][r] = 0
    them["gold"] = 0
    state["ddisc"] += them["trophies"]
    them["trophies"] = []
    _skills_back(state, q)


def _skills_back(state: BaronsState, q: int) -> None:
    them = pl(state, q)
    for sk in them["skills"]:
        state["supply"][sk] += 1
    them["skills"] = []


def _collapse(state: BaronsState, q: int, killer: int | None) -> None:
    """B §20 mercy: gold, resources and one-use items go to the killer (or back to
    the game); buildings, permanent items and skills stay; the character wakes at
    the White Outpost with 5 health and misses their next turn."""
    them = pl(state, q)
    if killer is not None:
        me = pl(state, killer)
        me["gold"] += them["gold"]
        for r in C.RESOURCES:
            me["res"][r] += them["res"][r]
        me["potions"] = sorted(me["potions"] + them["potions"])
    else:
        for r in C.RESOURCES:
            state["rsupply"][r] += them["res"][r]
        put_bottom(state, "ideck", sorted(them["potions"]), shuffle=True)
    them["gold"] = 0
    them["res"] = dict.fromkeys(C.RESOURCES, 0)
    them["potions"] = []
    them["pos"] = C.START
    them["hp"] = 5
    them["skip"] += 1
