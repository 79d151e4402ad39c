"""Battles of Time of Crisis (ToC §8, §10, the Castra / Flanking Maneuver cards
and the Auguries, Plague of Cyprian and leader events).

A battle is one frame on the resolution stack (see :mod:`.rules`) that walks
through stages: ``flank`` (declare Flanking Maneuver), ``roll``, ``reroll``,
``alloc`` (hits are taken one at a time; a choice is asked only where the rules
leave one), ``resolve`` (winner, legacy, retreat, barbarians home), ``reward``
(a Barbarian Leader or Rival Emperor beaten) and ``advance``.

A *side* is named by a string: ``army:<id>`` (a general's army), ``militia:<province>``
(a lone Militia, an army commanded by the governor), ``tribe:<tribe>`` (all the
barbarians of one tribe in the region; in a homeland only the active ones) or
``rival:<id>`` (a Rival Emperor).
"""

from __future__ import annotations

from typing import Any, Literal

from ..core import Action
from ..core.flow import Ask, ask_of
from ..core.game import log
from ..core.wording import a_an, plural, possessive
from . import components as D
from .board import (
    NEUTRAL,
    army,
    army_units,
    barbs,
    capital_free,
    italia,
    lasting,
    leaders_at,
    region_name,
    set_barbs,
    support_max,
)
from .effects import name_of, roll
from .state import BattleFrame, Machine, Suit, TimeOfCrisisState, Units, gain_legacy


# ---- sides -----------------------------------------------------------------------------------------
def side_owner(state: TimeOfCrisisState, side: str) -> int | None:
    """The seat commanding a side (None for barbarians and Rival Emperors)."""
    kind, ref = side.split(":", 1)
    if kind == "army":
        a = army(state, int(ref))
        return None if a is None else int(a["owner"])
    if kind == "militia":
        g = state["prov"][ref]["gov"]
        return g if g is not None and g >= 0 else None
    return None


def is_roman(side: str) -> bool:
    """Armies and Militia are Roman; tribes and Rival Emperors are not."""
    return side.startswith(("army:", "militia:"))


def units(state: TimeOfCrisisState, side: str, region: str) -> Units:
    """What a side has now: ``full``, ``red``, ``mil`` (0/1), ``foed`` (count),
    ``active``, ``inactive``, ``leaders`` (ids), ``rival`` (0/1)."""
    u: Units = {"full": 0, "red": 0, "mil": 0, "foed": 0, "active": 0, "inactive": 0, "leaders": [], "rival": 0}
    kind, ref = side.split(":", 1)
    if kind == "army":
        a = army(state, int(ref))
        if a is not None:
            u.update({"full": a["full"], "red": a["red"], "foed": len(a["foed"])})
            u["mil"] = army_units(state, a) - a["full"] - a["red"] - len(a["foed"])
    elif kind == "militia":
        u["mil"] = 1 if state["prov"][ref]["mil"] else 0
    elif kind == "tribe":
        act, ina = barbs(state, region, ref)
        home = D.regions()[region]["type"] == "homeland"
        u.update({"active": act, "inactive": 0 if home else ina, "leaders": leaders_at(state, region, ref)})
    elif kind == "rival":
        u["rival"] = 1 if state["rivals"].get(ref) == region else 0
    return u


def hit_points(u: Units) -> int:
    """Hits that eliminate the side: 2 per full legion, 1 per other unit."""
    return int(2 * u["full"] + u["red"] + u["mil"] + u["foed"] + u["active"] + u["inactive"] + len(u["leaders"]) + u["rival"])


def dice_groups(state: TimeOfCrisisState, side: str, u: Units) -> list[tuple[int, int]]:
    """``(dice, target)`` per unit type (ToC §8.1); Roman targets shift with the Auguries."""
    c = D.rule("combat")
    hit, dice = c["hit_on"], c["dice"]
    if is_roman(side):
        m = sum(int(ev["params"]["roman_target"]) for ev in lasting(state, "auguries"))
        return [(u["full"] * dice["legion"], hit["full"] + m), (u["red"] * dice["legion"], hit["reduced"] + m),
                (u["mil"] * dice["militia"], hit["militia"] + m), (u["foed"] * dice["barbarian"], hit["barbarian"] + m)]
    groups = [((u["active"] + u["inactive"]) * dice["barbarian"], hit["barbarian"])]
    groups += [(int(D.leaders()[lid]["dice"]), int(D.leaders()[lid]["hit_on"])) for lid in u["leaders"]]
    if u["rival"]:
        r = D.rival_emperors()[side.split(":", 1)[1]]
        groups.append((int(r["dice"]), int(r["hit_on"])))
    return groups


def roll_groups(state: TimeOfCrisisState, groups: list[tuple[int, int]]) -> tuple[int, list[int]]:
    """Roll the dice; every 6 adds a die with the same target (ToC §8.1). Returns
    ``(hits, faces)``."""
    hits = 0
    faces: list[int] = []
    for n, target in groups:
        while n > 0:
            d = roll(state)
            faces.append(d)
            n -= 1
            if d >= target:
                hits += 1
            if d == 6:
                n += 1
    return hits, faces


def castra_of(state: TimeOfCrisisState, side: str) -> int:
    """Hits a side's Castra prevents."""
    if side.startswith("army:"):
        a = army(state, int(side[5:]))
        if a is not None and a["castra"]:
            return int(D.param("castra", "hits_prevented"))
    return 0


def army_strength(full: int, reduced: int, foederati: int) -> str:
    """An army's units in words (ToC §8.1: full and reduced legions, foederati).

    >>> army_strength(2, 1, 0), army_strength(0, 1, 0), army_strength(1, 0, 2), army_strength(0, 0, 0)
    ('2 full legions and 1 reduced legion', '1 reduced legion', '1 full legion and 2 foederati', 'no legions')
    """
    parts = [plural(n, what) for n, what in ((full, "full legion"), (reduced, "reduced legion")) if n]
    if foederati:
        parts.append(f"{foederati} foederati")
    if not parts:
        return "no legions"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def side_label(state: TimeOfCrisisState, side: str) -> str:
    """A readable name of a side: ``"Bob's army (2 full legions and 1 reduced legion)"``,
    ``"Ann's Militia of Gallia"``, ``"the Goths"``, a Rival Emperor's name."""
    kind, ref = side.split(":", 1)
    if kind == "army":
        a = army(state, int(ref))
        if a is None:
            return "a destroyed army"
        return f"{possessive(name_of(state, a['owner']))} army ({army_strength(a['full'], a['red'], len(a['foed']))})"
    if kind == "militia":
        return f"{possessive(name_of(state, state['prov'][ref]['gov']))} Militia of {region_name(ref)}"
    if kind == "tribe":
        return f"the {D.tribes()[ref]['name']}"
    return str(D.rival_emperors()[ref]["name"])


# ---- the battle frame --------------------------------------------------------------------------------
class Combat:
    """Mixin of the rules class: the ``battle`` frame (ToC §8)."""

    def new_battle(self, state: TimeOfCrisisState, seat: int, att: str, dfn: str, region: str) -> BattleFrame:
        """The frame of a battle ``att`` (an army of ``seat``) against ``dfn``."""
        return {"k": "battle", "seat": seat, "att": att, "dfn": dfn, "at": region, "stage": "flank", "flank": False,
                "fa": [], "fd": [], "ra": 0, "rd": 0, "ha": 0, "hd": 0, "win": None, "la": 0, "ld": 0,
                "dead": [], "killed": 0, "rewards": []}

    def _hits(self, state: TimeOfCrisisState, f: BattleFrame) -> None:
        """Final hits each side inflicts: rolled, Plague of Cyprian, Shapur I, Castra."""
        extra = sum(int(ev["params"]["extra_hits_per_side"]) for ev in lasting(state, "battle_hits"))
        ua, ud = f["ua"], f["ud"]
        pen_a = sum(int(D.leaders()[lid]["roman_hits"]) for lid in ud["leaders"])
        pen_d = sum(int(D.leaders()[lid]["roman_hits"]) for lid in ua["leaders"])
        ha = max(0, f["ra"] + extra + (pen_a if is_roman(f["att"]) else 0))
        hd = max(0, f["rd"] + extra + (pen_d if is_roman(f["dfn"]) else 0))
        f["ha"] = max(0, ha - castra_of(state, f["dfn"]))
        f["hd"] = max(0, hd - castra_of(state, f["att"]))
        ea = f["hd"] >= hit_points(ua)
        ed = f["ha"] >= hit_points(ud)
        if ea and ed:
            f["win"] = None
        elif ed:
            f["win"] = "a"
        elif ea:
            f["win"] = "d"
        else:
            f["win"] = "a" if f["ha"] > f["hd"] else "d"

    def step_battle(self, state: TimeOfCrisisState, m: Machine, f: BattleFrame, ans: Action | None) -> Ask | None:
        p = f["seat"]
        tp = state["tp"]
        st = f["stage"]
        if st == "flank":
            fm = [i for i, (c, used) in enumerate(tp["played"]) if c == "flanking_maneuver" and not used]
            if fm and ans is None:
                return ask_of(p, "Declare Flanking Maneuver for this battle?", [["flank", "yes"], ["flank", "no"]])
            if fm and ans is not None and ans.args[0] == "yes":
                tp["played"][fm[0]][1] = True
                f["flank"] = True
                log(state, f"{name_of(state, p)} declares a Flanking Maneuver.")
            f["stage"] = "roll"
            return None
        if st == "roll":
            f["ua"] = units(state, f["att"], f["at"])
            f["ud"] = units(state, f["dfn"], f["at"])
            f["ra"], f["fa"] = roll_groups(state, dice_groups(state, f["att"], f["ua"]))
            f["rd"], f["fd"] = roll_groups(state, dice_groups(state, f["dfn"], f["ud"]))
            self._hits(state, f)
            log(state, f"Battle in {region_name(f['at'])}: {side_label(state, f['att'])} rolls {f['fa']} "
                       f"({plural(f['ha'], 'hit')}), {side_label(state, f['dfn'])} rolls {f['fd']} ({plural(f['hd'], 'hit')}).")
            only_losing = bool(D.param("flanking_maneuver", "only_if_not_winning"))
            f["stage"] = "reroll" if f["flank"] and (f["win"] != "a" or not only_losing) else "alloc"
            return None
        if st == "reroll":
            if ans is None:
                return ask_of(p, f"You inflict {plural(f['ha'], 'hit')} and take {f['hd']}. Re-roll your dice "
                                 "(Flanking Maneuver)?", [["reroll", "yes"], ["reroll", "no"]])
            if ans.args[0] == "yes":
                f["ra"], f["fa"] = roll_groups(state, dice_groups(state, f["att"], f["ua"]))
                self._hits(state, f)
                log(state, f"Flanking Maneuver: the re-roll gives {f['fa']} ({plural(f['ha'], 'hit')}).")
            f["stage"] = "alloc"
            return None
        if st == "alloc":
            if "left_d" not in f:
                f["left_d"], f["left_a"] = f["ha"], f["hd"]
            if f["left_d"] > 0:
                q = self._allocate(state, f, "d", ans)
                if q is not None:
                    return q
                ans = None
            q = self._allocate(state, f, "a", ans)
            if q is not None:
                return q
            f["stage"] = "resolve"
            return None
        if st == "resolve":
            self._resolve(state, f)
            f["stage"] = "reward"
            return None
        if st == "reward":
            while f["rewards"]:
                what, pid = f["rewards"][0]
                opts: list[list[Any]] = []
                pr = state["prov"].get(pid) if pid else None
                if pr is not None and pr["gov"] == p and pid != italia() and pr["sup"] < support_max(pid):
                    opts.append(["reward", "support"])
                suit: Suit = "military" if what in D.leaders() else "senate"
                opts.append(["reward", "discount"])
                if ans is None:
                    return ask_of(p, "You beat a historical figure: choose your reward (ToC §10).", opts)
                choice = ans.args[0]
                ans = None
                f["rewards"].pop(0)
                if choice == "support":
                    state["prov"][pid]["sup"] += 1
                    log(state, f"{name_of(state, p)} raises support in {region_name(pid)} to {state['prov'][pid]['sup']}.")
                else:
                    tp["disc"].append(suit)
                    log(state, f"{name_of(state, p)} takes a −2 discount on {a_an(str(suit))} card.")
            f["stage"] = "advance"
            return None
        if st == "advance":
            side = f["att"] if f["win"] == "a" else f["dfn"] if f["win"] == "d" else None
            a = army(state, int(side[5:])) if side and side.startswith("army:") else None
            if (a is not None and not a["cap"] and D.regions()[a["at"]]["type"] == "province"
                    and capital_free(state, a["at"])):
                if ans is None:
                    return ask_of(int(a["owner"]), f"Advance into the capital of {region_name(a['at'])}?",
                                  [["advance", "yes"], ["advance", "no"]])
                if ans.args[0] == "yes":
                    a["cap"] = True
                    a["castra"] = False
                    log(state, f"{possessive(name_of(state, a['owner']))} army advances into the capital of {region_name(a['at'])}.")
            # empty labels: the view names the sides (:func:`.view.board`)
            state["last_battle"] = {"att": f["att"], "dfn": f["dfn"], "at": f["at"], "fa": f["fa"], "fd": f["fd"],
                                    "ha": f["ha"], "hd": f["hd"], "win": f["win"], "flank": f["flank"],
                                    "labels": ["", ""]}
            m["stack"].pop()
            return None
        raise AssertionError(f"unknown battle stage {st}")

    # ---- taking hits ---------------------------------------------------------------------------------
    def _allocate(self, state: TimeOfCrisisState, f: BattleFrame, who: Literal["a", "d"],
                  ans: Action | None) -> Ask | None:
        """Apply the hits waiting on side ``who`` ("a"/"d") one by one; ask where a
        player has a choice (ToC §8.1: his own units in the order Militia, barbarians,
        legions; the barbarians he hits as he likes)."""
        side = f["att"] if who == "a" else f["dfn"]
        key: Literal["left_a", "left_d"] = "left_a" if who == "a" else "left_d"
        while f[key] > 0:
            u = units(state, side, f["at"])
            hp = hit_points(u)
            if hp == 0:
                f[key] = 0
                break
            opts = self._hit_options(state, side, u)
            if f[key] >= hp:  # every unit goes: in the order the rules give (ToC §8.1)
                choice = opts[0][1]
            elif ans is not None:
                choice, ans = str(ans.args[0]), None
            else:
                owner = side_owner(state, side) if is_roman(side) else None
                if owner is not None:
                    return ask_of(owner, f"Your army takes a hit ({f[key]} left): which legion?", opts)
                # the hitting side chooses among barbarians; a neutral province's Militia is a
                # single option, taken unasked
                return ask_of(f["seat"], f"Allocate your hits on {side_label(state, side)} ({f[key]} left).", opts)
            self._take_hit(state, f, side, choice)
            f[key] -= 1
        return None

    @staticmethod
    def _hit_options(state: TimeOfCrisisState, side: str, u: Units) -> list[list[Any]]:
        if is_roman(side):
            if u["mil"]:
                return [["hit", "militia"]]
            if u["foed"]:
                return [["hit", "foed"]]
            return ([["hit", "full"]] if u["full"] else []) + ([["hit", "red"]] if u["red"] else [])
        if u["rival"]:
            return [["hit", "rival"]]
        out = [["hit", "leader:" + lid] for lid in u["leaders"]]
        if u["active"]:
            out.append(["hit", "active"])
        if u["inactive"]:
            out.append(["hit", "inactive"])
        return out

    def _take_hit(self, state: TimeOfCrisisState, f: BattleFrame, side: str, what: str) -> None:
        kind, ref = side.split(":", 1)
        region = f["at"]
        if kind in ("army", "militia"):
            a = army(state, int(ref)) if kind == "army" else None
            if what == "militia":
                pid = a["at"] if a is not None else ref
                state["prov"][pid]["mil"] = False
            elif what == "foed" and a is not None:
                tribe = a["foed"].pop()
                home = D.homeland(tribe)
                act, ina = barbs(state, home, tribe)
                set_barbs(state, home, tribe, act, ina + 1)
            elif what == "full" and a is not None:
                a["full"] -= 1
                a["red"] += 1
            elif what == "red" and a is not None:
                a["red"] -= 1
            if a is not None and a["full"] + a["red"] + len(a["foed"]) == 0:
                state["armies"].remove(a)
                log(state, f"{possessive(name_of(state, a['owner']))} army in {region_name(region)} is destroyed; "
                           "its general goes home.")
            return
        if kind == "rival":
            state["rivals"][ref] = "gone"
            f["dead"].append(ref)
            f["killed"] += 1
            return
        tribe = ref
        home = D.homeland(tribe)
        if what.startswith("leader:"):
            lid = what[7:]
            state["leaders"][lid] = "gone"
            f["dead"].append(lid)
        else:
            act, ina = barbs(state, region, tribe)
            if what == "active":
                act -= 1
            else:
                ina -= 1
            set_barbs(state, region, tribe, act, ina)
            h_act, h_ina = barbs(state, home, tribe)
            set_barbs(state, home, tribe, h_act, h_ina + 1)
        f["killed"] += 1

    # ---- after the hits --------------------------------------------------------------------------------
    def _resolve(self, state: TimeOfCrisisState, f: BattleFrame) -> None:
        """ToC §8.2–8.4, §10: legacy to the winner, retreat, survivors home, rewards."""
        win = f["win"]
        for side in (f["att"], f["dfn"]):
            if side.startswith("army:"):
                a = army(state, int(side[5:]))
                if a is not None:
                    a["fought"] = True
        if f["att"].startswith("militia:"):
            state["tp"]["mil_fought"].append(f["att"][8:])
        winner_side = f["att"] if win == "a" else f["dfn"] if win == "d" else None
        loser_side = f["dfn"] if win == "a" else f["att"] if win == "d" else None
        bonus = int(D.rule("battle_legacy"))
        if winner_side is not None:
            owner = side_owner(state, winner_side)
            if owner is not None and owner != NEUTRAL:
                gain = bonus + (f["killed"] if winner_side == f["att"] and f["dfn"].startswith("tribe:") else 0)
                gain_legacy(state["players"][owner], "battles", gain)
                log(state, f"{name_of(state, owner)} wins the battle (+{gain} legacy).")
            else:
                log(state, f"{side_label(state, winner_side)} win{'s' * winner_side.startswith('rival:')} the battle.")
        else:
            log(state, "Both sides are wiped out: nobody wins.")
        if loser_side is not None and loser_side.startswith("army:") and loser_side == f["dfn"]:
            a = army(state, int(loser_side[5:]))
            if a is not None and a["cap"]:
                a["cap"] = False
                a["castra"] = False
                log(state, f"{possessive(name_of(state, a['owner']))} army retreats out of the capital.")
        if loser_side is not None and loser_side.startswith("tribe:"):
            tribe = loser_side[6:]
            home = D.homeland(tribe)
            if f["at"] != home:
                act, ina = barbs(state, f["at"], tribe)
                set_barbs(state, f["at"], tribe, 0, 0)
                h_act, h_ina = barbs(state, home, tribe)
                set_barbs(state, home, tribe, h_act + act + ina, h_ina)
                for lid in leaders_at(state, f["at"], tribe):
                    state["leaders"][lid] = home
        if win == "a" and is_roman(f["att"]):
            for who in f["dead"]:
                pid = f["at"] if f["at"] in state["prov"] else None
                f["rewards"].append([who, pid])
