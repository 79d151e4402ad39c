"""The odds of the rolls a Time of Crisis player chooses to make (issue 24 §3), exact.

- Place Governor (ToC §6.3.2): a die per influence point spent (plus Basilica dice in
  Italia, ToC §6.3.3); 2–5 is a vote, a 1 a vote only against a Neutral governor, a 6 a vote
  and one more die, without limit. :func:`place_governor` gives the chance to reach the votes
  needed, and the whole distribution of votes up to that number.
- Battle (ToC §8.1–8.2): each side's dice by unit type, every 6 one more die; the hits each
  side inflicts after Plague of Cyprian, Barbarian Leaders' effect on Roman hits and Castra
  (as :meth:`.combat.Combat._hits` counts them); the winner is the side that destroys the
  other, else the one inflicting more hits, ties to the defender, nobody if both are
  destroyed. :func:`battle` gives the attacker's chance to win and both sides' hits.
- The Flanking Maneuver re-roll: :func:`battle` with the defender's hits already known.

Not covered (no player chooses them): the crisis roll, the tie-break roll of ToC §7.1.
Nothing here rolls a die or changes a state.
"""

from __future__ import annotations

from fractions import Fraction

from ..core import Odds, OddsTable
from ..core.odds import ONE, ZERO, Dist, convolve, count_rows, exploding
from . import components as D
from .board import lasting
from .combat import castra_of, dice_groups, hit_points, is_roman, units
from .state import TimeOfCrisisState


def _votes(n: int) -> str:
    return f"{n} vote{'s' * (n != 1)}"


def place_governor(need: int, dice: int, neutral: bool) -> Odds:
    """The chance that ``dice`` Place Governor dice bring ``need`` votes (ToC §6.3.2), with
    the distribution of votes (``need`` or more in one row). ``neutral``: the province's
    governor is Neutral, so a 1 is a vote too.

    The rulebook's example (ToC §6.3.2): 5 votes needed, 4 dice.

    >>> o = place_governor(5, 4, False)
    >>> o.probability, o.short
    (Fraction(508045, 1679616), '30% to reach 5 votes')
    >>> place_governor(1, 1, True).probability  # against a Neutral governor every die is a vote
    Fraction(1, 1)
    """
    need = max(1, need)
    dist = exploding(dice, 1 if neutral else 2, need)
    rows = count_rows(dist, "vote", "votes", True)
    return Odds(f"reach {_votes(need)}", dist[need], (OddsTable("Votes", rows),),
                f"{dice} {'die' if dice == 1 else 'dice'}; each 6 adds a die.")


def _final(groups: list[tuple[int, int]], offset: int, hp: int) -> Dist:
    """The distribution of the hits a side inflicts: its ``groups`` of ``(dice, target)``
    rolled, every 6 one more die, then ``offset`` added (events, leaders, the foe's Castra;
    never below 0), capped at ``hp`` (the hits that destroy the foe: ``hp`` means "or more")."""
    cap = max(0, hp - offset)
    raw: Dist = (ONE,) + (ZERO,) * cap
    for n, target in groups:
        if n > 0:
            raw = convolve(raw, exploding(n, target, cap), cap)
    out = [ZERO] * (hp + 1)
    for r, p in enumerate(raw):
        out[hp if r == cap else min(hp, max(0, r + offset))] += p
    return tuple(out)


def _hit_rows(dist: Dist, hp: int) -> tuple[tuple[str, Fraction], ...]:
    rows = list(count_rows(dist[:hp], "hit", "hits", False))
    if dist[hp]:
        rows.append((f"{hp} {'hit' if hp == 1 else 'hits'} or more: destroyed", dist[hp]))
    return tuple(rows)


def battle_chances(ga: list[tuple[int, int]], gd: list[tuple[int, int]], off_a: int, off_d: int, hp_a: int,
                   hp_d: int, known_d: int | None = None, flank_left: bool = False) -> Odds:
    """The attacker's chance to win a battle about to be rolled (ToC §8.1, §8.2), with the
    result's distribution and the hits each side inflicts. ``ga``/``gd``: each side's dice as
    ``(dice, target)`` groups (:func:`.combat.dice_groups`); ``off_a``/``off_d``: hits each side
    adds to its roll (negative: Castra, leaders); ``hp_a``/``hp_d``: hits that destroy each
    side (:func:`.combat.hit_points`). ``known_d``: the defender's hits, already rolled (a
    Flanking Maneuver re-roll of the attacker's dice); ``flank_left``: the attacker may still
    re-roll (not counted, said in the note).

    Worked example: a full-strength legion (1 die, hits on 3+, two hits destroy it) attacks a
    lone barbarian (1 die, 4+). The legion wins when it hits (2/3) unless the barbarian scores
    two hits, a 6 and then a 4+ (1/12): 2/3 × 11/12.

    >>> o = battle_chances([(1, 3)], [(1, 4)], 0, 0, 2, 1)
    >>> o.probability, o.short
    (Fraction(11, 18), '61% to win the battle')
    >>> [(r, str(p)) for r, p in o.tables[0].rows]
    [('You win', '11/18'), ('They win (ties go to the defender)', '1/3'), ('Both destroyed: nobody wins', '1/18')]
    """
    da = _final(ga, off_a, hp_d)
    if known_d is None:
        dd = _final(gd, off_d, hp_a)
    else:
        dd = tuple(ONE if k == min(hp_a, known_d) else ZERO for k in range(hp_a + 1))
    win = lose = none = ZERO
    for x, p in enumerate(da):
        for y, q in enumerate(dd):
            ed, ea = x >= hp_d, y >= hp_a
            if ed and ea:
                none += p * q
            elif ed or (not ea and x > y):
                win += p * q
            else:
                lose += p * q
    result = tuple((label, p) for label, p in (("You win", win), ("They win (ties go to the defender)", lose),
                                                ("Both destroyed: nobody wins", none)) if p)
    tables = [OddsTable("Result", result), OddsTable("Hits you inflict", _hit_rows(da, hp_d))]
    if known_d is None:
        tables.append(OddsTable("Hits you take", _hit_rows(dd, hp_a)))
    note = "Each 6 adds a die."
    if flank_left:
        note += " A Flanking Maneuver re-roll is not counted."
    return Odds("win the battle", win, tuple(tables), note)


def battle(state: TimeOfCrisisState, att: str, dfn: str, region: str, known_d: int | None = None,
           flank_left: bool = False) -> Odds:
    """:func:`battle_chances` for a battle of ``att`` against ``dfn`` in ``region`` of
    ``state``, with each side's units as they stand now (ToC §8.1): Plague of Cyprian's extra
    hits, Barbarian Leaders' change to Roman hits and Castra counted as the battle counts them
    (:meth:`.combat.Combat._hits`)."""
    ua, ud = units(state, att, region), units(state, dfn, region)
    extra = sum(int(ev["params"]["extra_hits_per_side"]) for ev in lasting(state, "battle_hits"))
    pen_a = sum(int(D.leaders()[lid]["roman_hits"]) for lid in ud["leaders"]) if is_roman(att) else 0
    pen_d = sum(int(D.leaders()[lid]["roman_hits"]) for lid in ua["leaders"]) if is_roman(dfn) else 0
    off_a = extra + pen_a - castra_of(state, dfn)
    off_d = extra + pen_d - castra_of(state, att)
    return battle_chances(dice_groups(state, att, ua), dice_groups(state, dfn, ud), off_a, off_d,
                          hit_points(ua), hit_points(ud), known_d, flank_left)
