"""The Barons rules as a stack of frames on the core decision framework, and the helpers
every part shares.

A turn is a stack of *frames* (``state["stack"]``, top = last), resolved by the core
:class:`~py_engine.core.flow.Flow` (:data:`FLOW`). An automatic frame (registered with
:func:`auto`) does its work when it reaches the top and pops itself, possibly pushing others
first; it may stay with a new ``ph`` (phase) to continue later (e.g. after a die roll the
player may re-roll with the Lucky Charm). A decision frame (registered with
:func:`decision`) waits for its ``seat`` to choose one of its options; one with no option is
dropped. The flow's always-ask rule takes a decision with a single option at once, except the
ones in :data:`ALWAYS_ASK`; once ``state["result"]`` is set nothing more is resolved.

Section citations ``B §n`` refer to the project's Barons specification 1.0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action, Rng
from ..core.flow import Ask, Flow, Step
from ..core.game import log
from . import components as C
from .effects import stats
from .state import BaronsState, Config, Deck, Player, TurnFlags

Frame = dict[str, Any]
AutoFn = Callable[[BaronsState, Frame], None]
OptionsFn = Callable[[BaronsState, Frame], list[Action]]
ActFn = Callable[[BaronsState, Frame, Action], None]
TextFn = Callable[[BaronsState, Frame], str]
LabelFn = Callable[[BaronsState, Frame, Action], str]
TargetFn = Callable[[BaronsState, Frame, Action], "str | None"]

#: Decisions shown even with a single option (the player taps to roll and to move).
ALWAYS_ASK = frozenset({"start", "move"})
#: The kinds of decision frames (the others are automatic).
DECISIONS: set[str] = set()


def _over(state: BaronsState) -> bool:
    return state["result"] is not None


#: The Barons steps by frame kind (filled by :func:`auto` and :func:`decision` as
#: :mod:`.turn` and :mod:`.combat` are imported).
FLOW = Flow(key="stack", over=_over)


def _not_a_decision(kind: str) -> Callable[..., Any]:
    def refuse(*_: Any) -> Any:  # pragma: no cover - the flow asks only decision frames
        raise RuntimeError(f"the automatic frame {kind!r} asks nobody")
    return refuse


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    """Register the handler of an automatic frame kind: called while its frame is on top (it
    may change the frame's phase and be called again) until it pops or pushes a frame, or
    the game ends."""
    def reg(fn: AutoFn) -> AutoFn:
        def advance(state: BaronsState, f: Frame) -> Ask | None:
            frames = state["stack"]
            while frames and frames[-1] is f and state["result"] is None:
                fn(state, f)
            return None
        refuse = _not_a_decision(kind)
        FLOW.register(kind, Step(advance, refuse, refuse))
        return fn
    return reg


def _seat(state: BaronsState, f: Frame) -> int:
    return int(f["seat"])


def decision(kind: str, options: OptionsFn, act: ActFn, prompt: TextFn, label: LabelFn,
             target: TargetFn | None = None) -> None:
    """Register a decision frame kind: its options (for the frame's ``seat``), its effect,
    its prompt, the label and board target of each option."""
    always = kind in ALWAYS_ASK

    def ask(state: BaronsState, f: Frame) -> Ask:
        return Ask(int(f["seat"]), tuple(options(state, f)), always)

    def advance(state: BaronsState, f: Frame) -> Ask | None:
        opts = options(state, f)
        return Ask(int(f["seat"]), tuple(opts), always) if opts else None

    DECISIONS.add(kind)
    FLOW.register(kind, Step(advance, ask, act, who=_seat, prompt=prompt, label=label, target=target))


def A(name: str, *args: int | str) -> Action:
    """Shorthand for :class:`Action`."""
    return Action(name, tuple(args))


def run(state: BaronsState) -> None:
    """Resolve frames until a decision with a choice is on top or the game ends."""
    FLOW.run(state)


def top_decision(state: BaronsState) -> Frame | None:
    """The decision frame waiting now, or None when the game is over."""
    if state["result"] is not None or not state["stack"]:
        return None
    top: Frame = state["stack"][-1]
    return top if top["k"] in DECISIONS else None


# ---- state helpers ---------------------------------------------------------------------------
def cfg(state: BaronsState) -> Config:
    """The resolved engine switches (B §20, §23.5)."""
    return state["cfg"]


def pl(state: BaronsState, p: int) -> Player:
    """Player ``p``'s record."""
    return state["players"][p]


def nm(state: BaronsState, p: int) -> str:
    """Seat ``p``'s display name."""
    return str(state["seats"][p])


def st(state: BaronsState, p: int) -> dict[str, Any]:
    """Derived values of player ``p`` (:func:`effects.stats`)."""
    q = pl(state, p)
    return stats(q, cfg(state), bool(q["adv"]))


def rng(state: BaronsState) -> Rng:
    """The game's RNG (drawing mutates ``state["rng"]``)."""
    return Rng(state["rng"])


def say(state: BaronsState, text: str) -> None:
    """A public log line."""
    log(state, text)


def push(state: BaronsState, *frames: Frame) -> None:
    """Push frames so that the FIRST given runs first (pushed last)."""
    for f in reversed(frames):
        state["stack"].append(f)


def alive(state: BaronsState) -> list[int]:
    """Seats whose character lives, in seat order."""
    return [p for p, q in enumerate(state["players"]) if q["alive"]]


def active(state: BaronsState) -> int:
    """The seat whose turn it is."""
    return int(state["active"])


def tf(state: BaronsState) -> TurnFlags:
    """This turn's once-per-turn flags."""
    return state["tf"]


# ---- dice ----------------------------------------------------------------------------------
def d6(state: BaronsState) -> int:
    """One six-sided die from the game's RNG (B §7, §23.3). Dice queued in
    ``state["loaded"]`` (a test's or a tutorial's loaded dice) come first."""
    loaded = state.get("loaded")
    if loaded:
        return int(loaded.pop(0))
    return rng(state).below(6) + 1


def dice(state: BaronsState, n: int) -> list[int]:
    """Roll ``n`` six-sided dice (B §7; 0 dice give an empty roll)."""
    return [d6(state) for _ in range(max(0, n))]


def hits(roll: list[int], thr: int) -> int:
    """Dice at or above ``thr`` (a hits roll, B §7)."""
    return sum(1 for d in roll if d >= thr)


def die_text(roll: list[int]) -> str:
    """``"[3 5 6]"``."""
    return "[" + " ".join(str(d) for d in roll) + "]" if roll else "[no dice]"


def note_roll(state: BaronsState, who: int, what: str, roll: list[int], thr: int | None, result: str) -> None:
    """Record a roll for the table's dice display (``who`` -1: a monster); the last 16
    are kept, each with the turn it was rolled in."""
    state["rolls"].append({"who": who, "what": what, "dice": list(roll), "thr": thr, "result": result,
                           "turn": state["turn"]})
    del state["rolls"][:-16]


def rerolls_left(state: BaronsState, p: int) -> int:
    """Lucky Charm re-rolls ``p`` may still make this turn (B §23.4 reroll_per_turn)."""
    return max(0, int(st(state, p)["rerolls"]) - int(pl(state, p)["rr"]))


def roll_for(state: BaronsState, f: Frame, key: str, seat: int | None, n: int, thr: int | None, what: str,
             need: int) -> bool:
    """Roll ``n`` dice into ``f[key]`` for ``seat`` (None: a monster). A hits roll has
    a threshold ``thr``; a total roll has ``thr`` None. If the roller holds a Lucky
    Charm re-roll and one more success (or a higher total) could matter — fewer than
    ``need`` hits, or a total below ``need`` — a charm decision is pushed and True
    is returned: the caller continues after it (B §7, §16 Lucky Charm)."""
    roll = dice(state, n)
    f[key] = roll
    who = -1 if seat is None else seat
    res = f"{hits(roll, thr)} hit{'s' if hits(roll, thr) != 1 else ''}" if thr is not None else f"total {sum(roll)}"
    note_roll(state, who, what, roll, thr, res)
    if seat is not None and useful_reroll(roll, thr, need) and rerolls_left(state, seat) > 0:
        state["stack"].append({"k": "charm", "seat": seat, "key": key, "thr": thr, "what": what, "need": need})
        return True
    return False


def useful_reroll(roll: list[int], thr: int | None, need: int) -> bool:
    """True if re-rolling the lowest die could improve the roll where it matters."""
    if not roll:
        return False
    if thr is None:
        return sum(roll) < need and min(roll) < 6
    return hits(roll, thr) < need and min(roll) < thr


# ---- lands and buildings ------------------------------------------------------------------
def buildings(state: BaronsState, land: str) -> list[list[int]]:
    """``[[seat, level], ...]`` on an open land, in building order (1 dwelling, 2 keep)."""
    return state["bld"][land]


def level_on(state: BaronsState, land: str, p: int) -> int:
    """``p``'s building level on ``land``: 0 none, 1 dwelling, 2 keep."""
    for q, lv in buildings(state, land):
        if q == p:
            return lv
    return 0


def keeps_on(state: BaronsState, land: str) -> int:
    """Keeps on a land."""
    return sum(1 for _, lv in buildings(state, land) if lv == 2)


def room_on(state: BaronsState, land: str) -> bool:
    """A land has room for another building (B §12.1; 1 in Classic Deeds, 4 in Castles)."""
    return len(buildings(state, land)) < int(cfg(state)["max_buildings_per_land"])


def keep_allowed(state: BaronsState, land: str) -> bool:
    """Another keep may stand on ``land`` (Castles: only one per land, B §20)."""
    mk = cfg(state)["max_keeps_per_land"]
    return mk is None or keeps_on(state, land) < int(mk)


def set_building(state: BaronsState, land: str, p: int, lvl: int) -> None:
    """Give ``p`` a building of level ``lvl`` on ``land`` (replacing a lower one);
    level 0 removes ``p``'s building."""
    b = buildings(state, land)
    for e in b:
        if e[0] == p:
            if lvl == 0:
                b.remove(e)
            else:
                e[1] = lvl
            return
    if lvl:
        b.append([p, lvl])


def price(land: str) -> int:
    """A land's price (to build a dwelling, or to upgrade it, B §4.3)."""
    return int(C.space(land)["price"])


def property_value(state: BaronsState, p: int) -> int:
    """Dwelling = land price, keep = twice the land price (B §12.1)."""
    return sum(price(x) * lv for x in C.lands() for q, lv in buildings(state, x) if q == p)


def building_points(state: BaronsState, p: int, realm: str | None = None) -> int:
    """Dwelling 1, keep 2, over all lands or one realm's (B §12.1)."""
    ls = C.lands() if realm is None else C.realm_lands()[realm]
    return sum(lv for x in ls for q, lv in buildings(state, x) if q == p)


def building_count(state: BaronsState, p: int) -> int:
    """Buildings of ``p`` (a keep counts once)."""
    return sum(1 for x in C.lands() for q, _ in buildings(state, x) if q == p)


def realm_points(state: BaronsState) -> list[dict[str, int]]:
    """Building points per seat and realm (dwelling 1, keep 2), in one pass."""
    out: list[dict[str, int]] = [dict.fromkeys(C.REALMS, 0) for _ in state["players"]]
    lr = C.land_realm()
    for x, b in state["bld"].items():
        r = lr[x]
        for q, lv in b:
            out[q][r] += lv
    return out


def realms_with_keep(state: BaronsState, p: int) -> list[str]:
    """Realms where ``p`` has a keep on at least one open land (B §19 True Baron)."""
    lr = C.land_realm()
    got = {lr[x] for x, b in state["bld"].items() for q, lv in b if q == p and lv == 2}
    return [r for r in C.REALMS if r in got]


def controlled(state: BaronsState) -> dict[str, int | None]:
    """Realm -> the seat controlling it, or None (B §19): strictly the most building
    points there; in Classic Deeds, owning at least 3 of its 4 lands (B §20)."""
    pts = realm_points(state)
    out: dict[str, int | None] = {}
    deeds = cfg(state)["land_mode"] == "deeds"
    for r in C.REALMS:
        if deeds:
            owners = [q for q in range(len(pts))
                      if sum(1 for x in C.realm_lands()[r] if level_on(state, x, q)) >= 3]
            out[r] = owners[0] if owners else None
            continue
        col = [pts[q][r] for q in range(len(pts))]
        best = max(col)
        out[r] = col.index(best) if best > 0 and col.count(best) == 1 else None
    return out


def controls(state: BaronsState, p: int, realm: str) -> bool:
    """``p`` controls ``realm`` (see :func:`controlled`)."""
    return controlled(state)[realm] == p


def realms_controlled(state: BaronsState, p: int) -> int:
    """How many realms ``p`` controls."""
    return sum(1 for v in controlled(state).values() if v == p)


# ---- decks (B §11.2, §11.5, §23.2) ------------------------------------------------------------
# A deck is a list, index 0 = bottom, top = last. ``<deck>_grp`` lists the sizes of the
# groups put on the bottom since the last shuffle, from the bottom up: their cards are
# public (B §23.2: a card put on the bottom is known to everyone), only the order inside a
# group put there in random order is not. Everything above the groups is the unseen part.
def groups(state: BaronsState, deck: Deck) -> list[int]:
    """``deck``'s public groups at the bottom (``ddeck_grp`` or ``ideck_grp``)."""
    return state["ddeck_grp"] if deck == "ddeck" else state["ideck_grp"]


def discards(state: BaronsState, deck: Deck) -> list[str]:
    """``deck``'s discard pile (``ddisc`` or ``idisc``)."""
    return state["ddisc"] if deck == "ddeck" else state["idisc"]


def put_bottom(state: BaronsState, deck: Deck, cards: list[str], shuffle: bool = False) -> None:
    """Put cards on the bottom of ``deck`` (``"ddeck"`` or ``"ideck"``), as one
    public group; several cards always go in random order (B §14: a dead character's
    items), so only a single card's place is known."""
    if not cards:
        return
    cards = list(cards)
    if shuffle or len(cards) > 1:
        rng(state).shuffle(cards)
    state[deck][0:0] = cards
    groups(state, deck).insert(0, len(cards))


def draw(state: BaronsState, deck: Deck) -> str | None:
    """Draw the top card of a deck, first shuffling its discard pile into a new
    deck if it is empty; None if both are empty (B §11.5, §16)."""
    d: list[str] = state[deck]
    if not d:
        disc = discards(state, deck)
        if not disc:
            return None
        d.extend(sorted(disc))
        disc.clear()
        rng(state).shuffle(d)
        groups(state, deck).clear()
        say(state, ("The dungeon" if deck == "ddeck" else "The item") + " discard pile is shuffled into a new deck.")
    card = d.pop()
    grp = groups(state, deck)
    if grp and sum(grp) > len(d):  # the card came from the top group
        grp[-1] -= 1
        if grp[-1] == 0:
            grp.pop()
    return card


# ---- resources -----------------------------------------------------------------------------
def gain_resource(state: BaronsState, p: int, res: str, n: int) -> int:
    """Take up to ``n`` cards of ``res`` from the supply (B §11.1 step 4); returns how many."""
    k = max(0, min(n, int(state["rsupply"][res])))
    state["rsupply"][res] -= k
    pl(state, p)["res"][res] += k
    return k


def total_resources(state: BaronsState, p: int) -> int:
    """Resource cards ``p`` holds."""
    return sum(int(v) for v in pl(state, p)["res"].values())
