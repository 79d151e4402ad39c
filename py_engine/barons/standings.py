"""The final standings of a game of Barons (issue 24 §1), for the end screen.

The finished state is the state in which a win condition was met at the start of a turn
(B §19), unchanged since, so :func:`~.turn.end_reached` tells again which condition it was
and who met it. Places follow the result: the winners first; then whoever met the same
condition but lost the tie (a second true Baron); then the living before the dead (a dead
character is out of the game, B §14, and a political victory is scored among the living);
then the political ranking (B §19, or the criterion of B §20 ``political_most_property`` /
``political_highest_value``). Everything read is public (B §23.2).

Section citations ``B §n`` refer to the project's Barons specification 1.0.
"""

from __future__ import annotations

from ..core import MomentKind, Standing, Standings, ranked
from ..core.wording import plural as _plural
from . import components as C
from .machine import (
    alive,
    building_count,
    cfg,
    nm,
    pl,
    property_value,
    realms_controlled,
    realms_with_keep,
)
from .state import BaronsState
from .turn import CRITERION, EndReached, end_reached, political_key

#: The variant (B §20) behind each political criterion other than the default.
CRITERION_VARIANT = {"property_count": "political_most_property", "property_value": "political_highest_value"}



def _names(state: BaronsState, ps: list[int]) -> str:
    names = [nm(state, p) for p in ps]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def criteria(state: BaronsState, p: int) -> list[tuple[str, str]]:
    """``p``'s political criteria as (term, value) pairs, in the order they rank players
    (B §19: realms controlled, property value, gold, trophies; B §20 most property: buildings,
    property value, gold; highest value: property value, realms controlled, gold)."""
    me = pl(state, p)
    realms = ("Realms controlled", str(realms_controlled(state, p)))
    value = ("Property value", f"{property_value(state, p)} GP")
    gold = ("Gold", f"{me['gold']} GP")
    crit = cfg(state)["political_criterion"]
    if crit == "property_count":
        return [("Buildings", str(building_count(state, p))), value, gold]
    if crit == "property_value":
        return [value, realms, gold]
    return [realms, value, gold, ("Trophies", str(len(me["trophies"])))]


def political_score(state: BaronsState, p: int) -> str:
    """``p``'s first political criterion in words (``"2 realms controlled"``, ``"3 buildings"``,
    ``"property worth 40 GP"``), B §19 or B §20's criterion."""
    crit = cfg(state)["political_criterion"]
    if crit == "property_count":
        return _plural(building_count(state, p), "building")
    if crit == "property_value":
        return f"property worth {property_value(state, p)} GP"
    return _plural(realms_controlled(state, p), "realm") + " controlled"


def rounds_played(state: BaronsState) -> int:
    """Rounds in which at least one turn was played: the round under way counts unless the
    game ended on its very first turn (a round starts with the first living seat from the
    first player on, B §9)."""
    r = int(state["round"])
    living = alive(state)
    if not living:
        return r
    n, first = len(state["players"]), int(state["first"])
    opener = min(living, key=lambda q: (q - first) % n)
    return r - 1 if int(state["active"]) == opener else r


def _rule(state: BaronsState, e: EndReached) -> str:
    """The rule that ended the game: B §19 (or §20 first_blood), with the variants of B §20
    that changed the condition met or the ranking that named the winners."""
    c = cfg(state)
    chosen = set(state["variants"])
    deeds = c["land_mode"] == "deeds"
    political = e.kind in ("fallen", "first_blood", "all_claimed", "round_limit") or (
        e.kind == "true_baron" and len(e.among) > 1)
    crit = c["political_criterion"]
    extra: list[str] = []
    if e.kind == "true_baron" and "quick_barony" in chosen:
        extra.append("quick_barony")
    if e.kind == "round_limit" and "quick_barony" in chosen and not state["options"].get("round_limit"):
        extra.append("quick_barony")
    if deeds and (e.kind in ("the_baron", "all_claimed") or (political and crit != "property_count")):
        extra.append("classic_deeds")
    if political and crit in CRITERION_VARIANT:
        extra.append(CRITERION_VARIANT[crit])
    if e.kind == "first_blood":
        return "B §20 " + ", ".join(["first_blood", *extra])
    return "B §19" + ("; §20 " + ", ".join(extra) if extra else "")


def _how(state: BaronsState, e: EndReached) -> str:
    c = cfg(state)
    w = _names(state, e.winners)
    ranked_by = f"ranked politically by {CRITERION[c['political_criterion']]}"
    deeds = c["land_mode"] == "deeds"
    barons = "the surviving barons" if len(alive(state)) < len(state["players"]) else "the barons"
    if e.kind == "fallen":
        return f"No character survived, so all the barons were {ranked_by}."
    if e.kind == "first_blood":
        dead = [p for p, q in enumerate(state["players"]) if not q["alive"]]
        return (f"{_names(state, dead)} died, which ends a First Blood game; the survivors were "
                f"{ranked_by}.")
    if e.kind == "last_standing":
        return f"Every other character died, leaving {w} the last baron standing."
    if e.kind == "true_baron":
        need = int(c["keeps_needed"])
        where = "every realm" if need >= len(C.REALMS) else f"{need} realms"
        if len(e.among) == 1:
            return f"{w} held a keep in {where} and became the true Baron."
        return (f"{_names(state, e.among)} held a keep in {where} at once; among them the political "
                f"ranking ({CRITERION[c['political_criterion']]}) named the true "
                f"Baron{'s' if len(e.winners) > 1 else ''}: {w}.")
    if e.kind == "the_baron":
        return f"{w} {'owned' if deeds else 'had a building on'} every open land and became the Baron."
    if e.kind == "all_claimed":
        return (f"Every open land {'had an owner' if deeds else 'held a building'}, so {barons} were "
                f"{ranked_by}.")
    return f"The {c['round_limit']}-round limit was reached, so {barons} were {ranked_by}."


def final_standings(state: BaronsState) -> Standings | None:
    """The standings of a finished game, or None while it runs (or if the finished state no
    longer shows the end that was recorded, e.g. a state edited by hand).

    Shapes: a :class:`~py_engine.core.Standing` per seat (Barons has no teams). ``score``:
    ``"dead"`` for a dead character; the winner's title after a goal or elimination end
    (``"true Baron"``, ``"the Baron"``, ``"last baron standing"``); otherwise the first
    political criterion (``"2 realms controlled"``, ``"5 buildings"``, ``"property worth
    85 GP"``). ``details``, in ranking order: what the condition met counts (``Realms with a
    keep`` after a true Baron end, ``Open lands held`` after the Baron's), the political
    criteria (:func:`criteria`), ``Realms with a keep`` (if not listed yet) and ``Character``
    (alive or dead). ``how`` names the condition met; ``rule`` cites B §19 (or §20
    first_blood) and the variants that changed it; ``length`` is the rounds played (the
    round under way included, :func:`rounds_played`) and the turns."""
    res = state["result"]
    if res is None:
        return None
    e = end_reached(state)
    if e is None or sorted(e.winners) != sorted(res["winners"]):
        return None
    n = len(state["players"])
    titles = {"true_baron": "true Baron", "the_baron": "the Baron", "last_standing": "last baron standing"}
    keys = [(p, (p in e.winners, p in e.among, pl(state, p)["alive"], political_key(state, p)))
            for p in range(n)]
    rows = []
    for place, p in ranked(keys):
        living = pl(state, p)["alive"]
        keeps = ("Realms with a keep", str(len(realms_with_keep(state, p))))
        first: list[tuple[str, str]] = []
        if e.kind == "true_baron":
            first = [keeps]
        elif e.kind == "the_baron":
            held = sum(1 for x in C.lands() if any(q == p for q, _ in state["bld"][x]))
            first = [("Open lands held", f"{held} of {len(C.lands())}")]
        details = [*first, *criteria(state, p), *([] if e.kind == "true_baron" else [keeps]),
                   ("Character", "alive" if living else "dead")]
        if not living:
            score = "dead"
        elif p in e.winners and e.kind in titles:
            score = titles[e.kind]
        else:
            score = political_score(state, p)
        rows.append(Standing(place, (p,), score, tuple(details)))
    rounds = rounds_played(state)
    return Standings(tuple(rows), _how(state, e), _rule(state, e),
                     f"{_plural(rounds, 'round')}, {_plural(int(state['turn']), 'turn')}")


def political_leader(state: BaronsState) -> frozenset[int] | None:
    """The living baron ranked first politically now (B §19, or B §20's criterion: the ranking
    that decides a political victory), once someone owns property (before that, gold alone
    would name a leader at every purchase); None on a full tie or when nobody lives."""
    living = alive(state)
    if not living:
        return None
    keys = {p: political_key(state, p) for p in living}
    best = max(keys.values())
    top = [p for p in living if keys[p] == best]
    return frozenset(top) if len(top) == 1 and any(best[:2]) else None


def moment(before: BaronsState, after: BaronsState) -> tuple[MomentKind, str] | None:
    """A character's death, which puts its baron out of the game (B §14; not with respawning,
    where a character collapses and wakes again, B §20), or the last round's start when the
    game has a round limit (B §19)."""
    dead = [p for p, q in enumerate(after["players"]) if not q["alive"] and before["players"][p]["alive"]]
    if dead:
        return MomentKind.ELIMINATION, f"{_names(after, dead)} {'dies' if len(dead) == 1 else 'die'}"
    limit = cfg(after)["round_limit"]
    if limit is not None and after["result"] is None and before["round"] < int(limit) == after["round"]:
        return MomentKind.LAST_ROUND, f"The last round begins (round {limit})"
    return None
