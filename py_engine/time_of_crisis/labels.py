"""Button labels and board targets of Time of Crisis options, made on demand for
the view (the rules keep only the bare actions, so searching bots pay nothing
for words).

:func:`describe` gives ``(label, target)``; targets name board elements:
``province:<id>``, ``region:<id>``, ``capital:<id>``, ``army:<id>``,
``card:<id>`` (a card in the hand), ``supply:<id>``, ``discard:<id>``,
``tribe:<tribe>@<region>``, ``rival:<id>``, ``general:<seat>:<i>``,
``governor:<seat>:<i>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Action
from ..core.wording import a_an, plural, possessive
from . import components as D
from .board import army, governed, region_name
from .combat import side_label
from .state import Frame, TimeOfCrisisState

if TYPE_CHECKING:
    from .rules import TimeOfCrisis

SUIT = {"military": "Military", "senate": "Senate", "populace": "Populace"}


def _army_where(state: TimeOfCrisisState, aid: Any) -> str:
    a = army(state, int(aid))
    return region_name(a["at"]) if a is not None else "?"


def _frame(game: TimeOfCrisis, state: TimeOfCrisisState, seat: int) -> Frame | None:
    for m in (state["main"], state["trail"]):
        if m is not None and m["ask"] is not None and m["ask"]["seat"] == seat and m["stack"]:
            return m["stack"][-1]
    return None


#: The points each paid Take Actions option spends, by action name (ToC §6.3): a fixed number
#: of a suit, or None where it depends on the position (:func:`cost`).
_FIXED: dict[str, tuple[str, str]] = {
    "create_army": ("military", "1"), "train": ("military", "1"), "battle": ("military", "1"),
    "disperse": ("military", "1"), "recall": ("senate", "recall_cost"), "militia": ("populace", "militia_cost"),
    "games": ("populace", "games_cost"), "build": ("populace", "build_cost"),
}


def cost(game: TimeOfCrisis, state: TimeOfCrisisState, seat: int, action: Action) -> tuple[int, str, int] | None:
    """What one of ``seat``'s current options spends: ``(points, pool, have)``, ``pool`` one of
    ``"military"``, ``"senate"``, ``"populace"`` (the Take Actions points, ToC §6.3) or
    ``"political"`` (the Political Points of Buy/Trash, ToC §6.4), ``have`` the points in that
    pool now; None for an option that spends none (a card play, a free move, an event, a
    choice in a roll or a battle). Place Governor spends its points in the step that follows
    (``spend``, ToC §6.3.2), unless the pool holds a single point: then choosing the
    province spends it.

    >>> from py_engine.games import get
    >>> g = get("time_of_crisis")
    >>> s = g.setup(["Ann", "Bob"], None, 1)
    >>> s["tp"]["pts"]["military"] = 3
    >>> cost(g, s, 0, Action("recruit_general", (2,))), cost(g, s, 0, Action("end"))
    ((2, 'military', 3), None)
    """
    n, a = action.name, action.args
    pts = state["tp"]["pts"]
    k: int
    pool: str
    if n in _FIXED:
        pool, what = _FIXED[n]
        k = 1 if what == "1" else int(D.rule(what))
    elif n == "recruit_general":
        k, pool = int(D.general_costs()[int(a[0])] or 0), "military"
    elif n == "recruit_governor":
        k, pool = int(D.governor_costs()[int(a[0])] or 0), "senate"
    elif n == "add_legion":
        ar = army(state, int(a[0]))
        k, pool = (ar["full"] + ar["red"] + 1 if ar else 0), "military"
    elif n == "move":
        ar = army(state, int(a[0]))
        k, pool = (D.distances(ar["at"]).get(str(a[1]), 0) if ar else 0), "military"
    elif n == "support":
        k, pool = state["prov"][str(a[0])]["sup"] + 1, "populace"
    elif n in ("place_governor", "praetorian"):
        # the points go on dice in the step that follows, which asks how many; with one
        # point in the pool there is nothing to ask and the choice spends it at once
        pool = "senate" if n == "place_governor" else str(D.param("praetorian_guard", "suit"))
        if int(pts[pool]) != 1:  # type: ignore[literal-required]
            return None
        k = 1
    elif n in ("buy", "trash", "spend"):
        f = _frame(game, state, seat)
        if f is None:
            return None
        if n == "spend":
            if f["k"] != "pg":
                return None
            k, pool = int(a[0]), str(f["suit"])
        else:
            if f["k"] != "turn_end":
                return None
            k = (game.price(state, seat, str(a[0]), f["bought"], f["disc"], len(governed(state, seat)))
                 if n == "buy" else int(D.rule("trash_cost")))
            return (k, "political", int(f["pp"])) if k > 0 else None
    else:
        return None
    return (k, pool, int(pts[pool])) if k > 0 else None  # type: ignore[literal-required]


def describe(game: TimeOfCrisis, state: TimeOfCrisisState, seat: int, action: Action) -> tuple[str, str | None]:
    """``(label, target)`` of one of ``seat``'s current options."""
    a = action.args
    n = action.name
    f = _frame(game, state, seat)
    # the frame asking: Place Governor, a battle, an occupation or Buy/Trash (None: another one)
    pg = f if f is not None and f["k"] == "pg" else None
    bf = f if f is not None and f["k"] == "battle" else None
    of = f if f is not None and f["k"] == "occupy" else None
    te = f if f is not None and f["k"] == "turn_end" else None
    pts = state["tp"]["pts"]
    if n == "play":
        c = D.card(str(a[0]))
        v = max(0, int(c["value"]) - game._suit_penalty(state).get(c["suit"], 0))
        return f"Play {c['name']} (+{v} {SUIT[c['suit']]})", f"card:{a[0]}"
    if n == "end":
        return "End your actions", None
    if n == "recruit_general":
        return f"Recruit a general ({D.general_costs()[int(a[0])]} Military)", f"general:{seat}:{a[0]}"
    if n == "recruit_governor":
        return f"Recruit a governor ({D.governor_costs()[int(a[0])]} Senate)", f"governor:{seat}:{a[0]}"
    if n == "create_army":
        return f"Create an army in {region_name(str(a[0]))} (1 Military)", f"province:{a[0]}"
    if n == "add_legion":
        ar = army(state, int(a[0]))
        k = ar["full"] + ar["red"] + 1 if ar else 0
        return f"Add a legion to the army in {_army_where(state, a[0])} ({k} Military)", f"army:{a[0]}"
    if n == "train":
        return f"Train a legion of the army in {_army_where(state, a[0])} (1 Military)", f"army:{a[0]}"
    if n == "move":
        ar = army(state, int(a[0]))
        d = D.distances(ar["at"]).get(str(a[1]), 0) if ar else 0
        return (f"Move the army from {_army_where(state, a[0])} to {region_name(str(a[1]))} ({d} Military)",
                f"region:{a[1]}")
    if n == "enter_capital":
        return f"Move the army into {possessive(_army_where(state, a[0]))} capital (free)", f"army:{a[0]}"
    if n == "leave_capital":
        return f"Move the army out of {possessive(_army_where(state, a[0]))} capital (free)", f"army:{a[0]}"
    if n == "battle":
        att, dfn = str(a[0]), str(a[1])
        if att.startswith("army:"):
            where = _army_where(state, att[5:])
            region = army(state, int(att[5:]))["at"]  # type: ignore[index]
            who = "Attack"
        else:
            region = att[8:]
            where = region_name(region)
            who = f"Militia of {where} attacks"
        kind, ref = dfn.split(":", 1)
        target = f"tribe:{ref}@{region}" if kind == "tribe" else f"capital:{ref}" if kind == "militia" else dfn
        return f"{who} {side_label(state, dfn)} in {where} (1 Military)", target
    if n == "disperse":
        return f"Disperse the mob in {_army_where(state, a[0])} with this army (1 Military)", f"army:{a[0]}"
    if n == "place_governor":
        pid = str(a[0])
        return f"Place Governor in {region_name(pid)} ({plural(game.votes_needed(state, seat, pid), 'vote')} needed)", f"province:{pid}"
    if n == "recall":
        return f"Recall your governor from {region_name(str(a[0]))} ({D.rule('recall_cost')} Senate)", f"province:{a[0]}"
    if n == "support":
        s = state["prov"][str(a[0])]["sup"] + 1
        return f"Increase support in {region_name(str(a[0]))} to {s} ({s} Populace)", f"province:{a[0]}"
    if n == "militia":
        return f"Place a Militia in {region_name(str(a[0]))} ({D.rule('militia_cost')} Populace)", f"province:{a[0]}"
    if n == "games":
        return f"Hold games in {region_name(str(a[0]))} ({D.rule('games_cost')} Populace)", f"province:{a[0]}"
    if n == "build":
        return (f"Build {a_an(D.improvements()[str(a[1])])} in {region_name(str(a[0]))} ({D.rule('build_cost')} Populace)",
                f"province:{a[0]}")
    if n == "castra":
        return f"Castra: fortify the army in {_army_where(state, a[0])}", f"army:{a[0]}"
    if n == "praetorian":
        pid = D.param("praetorian_guard", "target")
        return (f"Praetorian Guard: Place Governor in {region_name(pid)} paid with "
                f"{SUIT[D.param('praetorian_guard', 'suit')]}", f"province:{pid}")
    if n == "tribute":
        return f"Tribute: the {D.tribes()[str(a[1])]['name']} in {region_name(str(a[0]))} turn inactive", f"tribe:{a[1]}@{a[0]}"
    if n == "foederati":
        t = D.tribes()[str(a[2])]["name"]
        return (f"Foederati: an {a[3]} {t} counter from {region_name(str(a[1]))} for the army in "
                f"{_army_where(state, a[0])}", f"tribe:{a[2]}@{a[1]}")
    if n == "quaestor":
        return f"Quaestor in {region_name(str(a[0]))}", f"province:{a[0]}"
    if n == "mob":
        return f"Mob: stir a mob in {region_name(str(a[0]))}", f"province:{a[0]}"
    if n == "pretender":
        return f"Pretender: your Seat of Power in {region_name(str(a[0]))}", f"province:{a[0]}"
    if n == "start":
        return region_name(str(a[0])), f"province:{a[0]}"
    if n == "hand":
        ids = sorted(set(state["players"][seat]["avail"]), key=lambda c: D.SUITS.index(D.card(c)["suit"]))
        words = ", ".join(f"{k} {SUIT[D.card(c)['suit']]}" for c, k in zip(ids, a, strict=False) if k)
        return words, None
    if n == "take":
        return D.card_name(str(a[0])), f"card:{a[0]}"
    if n == "spend":
        extra = game._basilica_dice(state, seat) if pg is not None and pg["prov"] == D.emperor_province() else 0
        k = int(a[0])
        return f"Spend {k} ({k + extra} {'die' if k + extra == 1 else 'dice'})", None
    if n == "damnatio":
        old = pg.get("old") if pg is not None else None
        who = state["seats"][old] if isinstance(old, int) and old >= 0 else "the deposed Emperor"
        return (f"Erase {possessive(who)} Emperor Turns", None) if a[0] == "yes" else ("Do not use it", None)
    if n == "flank":
        return ("Declare Flanking Maneuver", None) if a[0] == "yes" else ("Fight without it", None)
    if n == "reroll":
        return ("Re-roll my dice", None) if a[0] == "yes" else ("Keep the result", None)
    if n == "hit":
        what = str(a[0])
        hit_words = {"militia": "The Militia", "foed": "A barbarian serving in the army",
                 "full": "Reduce a full-strength legion", "red": "Remove a reduced legion",
                 "rival": "The Rival Emperor", "active": "An active barbarian", "inactive": "An inactive barbarian"}
        if what.startswith("leader:"):
            return str(D.leaders()[what[7:]]["name"]), None
        return hit_words.get(what, what), None
    if n == "reward":
        if a[0] == "support":
            rpid = (bf["rewards"] if bf is not None else [[None, None]])[0][1]
            return f"Free Increase Support in {region_name(rpid) if rpid else '?'}", f"province:{rpid}" if rpid else None
        beaten = (bf["rewards"] if bf is not None else [[None, None]])[0][0]
        suit = "military" if beaten in D.leaders() else "senate"
        return f"−2 on the first {SUIT[suit]} card you buy this turn", None
    if n == "advance":
        side = None if bf is None else bf["att"] if bf["win"] == "a" else bf["dfn"]
        ar = army(state, int(str(side)[5:])) if side and str(side).startswith("army:") else None
        dest = str(ar["at"]) if ar else None
        if a[0] == "yes":
            return f"Advance into the capital{' of ' + region_name(dest) if dest else ''}", f"capital:{dest}" if dest else None
        return "Stay outside", None
    if n == "occupy":
        opid = of["prov"] if of is not None else None
        if a[0] == "mine":
            return f"Place your governor in {region_name(opid) if opid else '?'}", f"province:{opid}"
        return "Place a Neutral governor", f"province:{opid}"
    if n == "buy":
        cid = str(a[0])
        cost = game.price(state, seat, cid, te["bought"] if te is not None else 0, te["disc"] if te is not None else [],
                          len(governed(state, seat)))
        return f"Buy {D.card_name(cid)} ({plural(cost, 'point')})", f"supply:{cid}"
    if n == "trash":
        return f"Trash {D.card_name(str(a[0]))} from your discard pile ({plural(int(D.rule('trash_cost')), 'point')})", f"discard:{a[0]}"
    if n == "discard":
        return f"Discard {D.card_name(str(a[0]))} from your hand", f"card:{a[0]}"
    if n == "done":
        return "Finish buying", None
    _ = pts
    return str(action), None
