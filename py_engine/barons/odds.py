"""The odds of the rolls a Barons player chooses to make (issue 24 §3), exact.

- A fight's move (B §13.1, §13.3): attacking (melee, Mighty Blow, a spell) gives the chance
  to win the fight within its round limit, if the player goes on attacking the same way (a
  Mighty Blow or a scroll once, plain attacks after) and the foe with its plain attack; each
  attack is a hits roll, each defence 6 blocks a hit, Second Life counted. Running away gives
  the chance to escape (any 6 on the flee dice).
- Attacking another adventurer (B §13.3): the initiative roll (Agility dice totals, ties roll
  again) and then the fight as above, both sides with plain attacks.
- Ranged attacks (B §13.4): the damage dealt; stealing (B §13.5): the chance of any 6;
  resting and Mending (B §14): the health healed; foraging (B §11.1): the cards found; the
  Lucky Charm re-roll (B §16): the chance that the new die does better.

Not covered: the movement roll (no outcome to weigh), a dungeon's monster (the deck is
hidden until it is drawn), Shadow Toll (no player chooses it), and healing potions or Lucky
Charm re-rolls during a fight (the figure says it leaves them out). Nothing here rolls a die
or changes a state.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core import Action, Odds, OddsTable
from ..core.odds import ONE, ZERO, Dist, at_least_one, binomial, count_rows, face_chance
from ..core.wording import a_an
from . import components as C
from .combat import _attack_roll, _defence_dice, side_name
from .effects import spell_of_scroll
from .machine import cfg, nm, pl, st
from .state import BaronsState, Side

#: Health after Second Life saves a character (B §14, as :func:`.combat.damage`).
SECOND_LIFE_HP = 5


def strike_damage(n: int, thr: int, blocks: int, undefended: bool = False) -> Dist:
    """The damage of one attack (B §13.1 step 3): ``n`` dice hitting on ``thr``+, then
    ``blocks`` defence dice each cancelling a hit on a 6 (none if ``undefended``).

    >>> strike_damage(2, 5, 1)  # two dice on 5+, one armor die
    (Fraction(14, 27), Fraction(7, 18), Fraction(5, 54))
    """
    h = binomial(n, thr)
    if undefended or blocks <= 0:
        return h
    b = binomial(blocks, 6)
    out = [ZERO] * len(h)
    for k, p in enumerate(h):
        for j, q in enumerate(b):
            out[k - min(k, j)] += p * q
    return tuple(out)


@lru_cache(maxsize=256)
def _table(mine: Dist, theirs: Dist, hp_me: int, hp_foe: int, sl_me: bool, sl_foe: bool,
           turns: int | None) -> tuple[Fraction, Fraction]:
    """(win, lose) for the fight from the foe's move on: the foe strikes next with
    ``theirs``, then the player with ``mine``, in turn, for ``turns`` more turns (None: no
    limit). Memoised: every attack option of one decision shares it."""
    memo: dict[tuple[int, int, bool, bool, int, int | None], tuple[Fraction, Fraction]] = {}

    def hit(hp: int, sl: bool, d: int) -> tuple[int, bool, bool]:
        """(health, second life left, fallen) after ``d`` damage."""
        if d < hp:
            return hp - d, sl, False
        if sl:
            return SECOND_LIFE_HP, False, False
        return 0, sl, True

    def after(a: int, b: int, sa: bool, sb: bool, who: int, k: int | None) -> tuple[Fraction, Fraction, Fraction]:
        """(win, lose, chance of no damage) of side ``who``'s strike (0: me) at this state,
        the no-damage case left out of win/lose (the caller adds it)."""
        dist = mine if who == 0 else theirs
        win = lose = ZERO
        nxt = None if k is None else k - 1
        for d, p in enumerate(dist):
            if d == 0 or not p:
                continue
            if who == 0:
                b2, sb2, down = hit(b, sb, d)
                if down:
                    win += p
                    continue
                w, lo = value(a, b2, sa, sb2, 1, nxt)
            else:
                a2, sa2, down = hit(a, sa, d)
                if down:
                    lose += p
                    continue
                w, lo = value(a2, b, sa2, sb, 0, nxt)
            win += p * w
            lose += p * lo
        return win, lose, dist[0]

    def value(a: int, b: int, sa: bool, sb: bool, who: int, k: int | None) -> tuple[Fraction, Fraction]:
        key = (a, b, sa, sb, who, k)
        if key in memo:
            return memo[key]
        # no limit: V_who = X_who + q_who * V_other and back again; solve the two-step loop
        w0, l0, q0 = after(a, b, sa, sb, who, None)
        w1, l1, q1 = after(a, b, sa, sb, 1 - who, None)
        den = ONE - q0 * q1
        res = (ZERO, ZERO) if den == 0 else ((w0 + q0 * w1) / den, (l0 + q0 * l1) / den)
        memo[key] = res
        return res

    return value(hp_me, hp_foe, sl_me, sl_foe, 1, turns)


IntDist = tuple[tuple[int, ...], int]


def _ints(dist: Dist) -> IntDist:
    """A distribution as whole numbers over one denominator (cheap to hash and multiply)."""
    den = math.lcm(*(p.denominator for p in dist))
    return tuple(p.numerator * (den // p.denominator) for p in dist), den


def _after(h: int, sl: bool, d: int) -> tuple[int, bool] | None:
    """Health and Second Life after ``d`` damage, or None: fallen (B §14, §17)."""
    if d < h:
        return h - d, sl
    return (SECOND_LIFE_HP, False) if sl else None


@lru_cache(maxsize=128)
def _fall_table(then: IntDist, top: int, n: int) -> tuple[dict[tuple[int, bool], int], ...]:
    """``f[t][(health, second life)]``: the chance (a numerator over the ``t``-th power of the
    strike's denominator) that a side in that state falls at exactly its ``t``-th strike of
    ``then``, for every health up to ``top`` at once, t = 1..n (``f[0]`` is empty). One table
    serves a whole fight: every later decision starts from one of its states."""
    nums = then[0]
    states = [(h, sl) for h in range(1, max(top, SECOND_LIFE_HP) + 1) for sl in (False, True)]
    f: list[dict[tuple[int, bool], int]] = [{}]
    for t in range(1, n + 1):
        row: dict[tuple[int, bool], int] = {}
        for st0 in states:
            total = 0
            for d, q in enumerate(nums):
                if not q:
                    continue
                nxt = _after(st0[0], st0[1], d)
                if nxt is None:
                    total += q if t == 1 else 0
                elif t > 1:
                    total += q * f[t - 1][nxt]
            row[st0] = total
        f.append(row)
    return tuple(f)


def _kill_counts(first: IntDist, then: IntDist, hp: int, sl: bool, n: int) -> tuple[tuple[int, ...], int]:
    """:func:`kill_times` in whole numbers: numerators over one denominator (the first
    strike's times the others' ``n - 1`` times, powers of 6), so that nothing is reduced on
    the way; from :func:`_fall_table` after the first strike."""
    if n <= 0:  # no strike left before the round limit
        return (0,), 1
    f = _fall_table(then, max(hp, 10), max(n, 30))
    d1, dn = first[1], then[1]
    pw = [1]
    for _ in range(n):
        pw.append(pw[-1] * dn)
    out = [0] * (n + 1)
    for d, q in enumerate(first[0]):
        if not q:
            continue
        nxt = _after(hp, sl, d)
        if nxt is None:
            out[1] += q * pw[n - 1]
            continue
        for t in range(2, n + 1):
            out[t] += q * f[t - 1][nxt] * pw[n - t]
    return tuple(out), d1 * pw[max(0, n - 1)]


def kill_times(first: Dist, then: Dist, hp: int, sl: bool, n: int) -> Dist:
    """``P(T = t)`` for t = 0..n, T being the strike that fells a side of ``hp`` health
    (Second Life ``sl`` bringing it back once with 5) when struck first with damage ``first``,
    then ``then`` (index 0 is always 0; beyond ``n`` strikes is left out, so the sum is the
    chance to fall within ``n``). Each side's strikes do not depend on the other's, so a
    fight's odds follow from the two sides' kill times (:func:`fight_chances`).

    >>> kill_times((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)), 1, False, 3)
    (Fraction(0, 1), Fraction(1, 2), Fraction(1, 4), Fraction(1, 8))
    """
    nums, den = _kill_counts(_ints(first), _ints(then), hp, sl, n)
    return tuple(Fraction(x, den) for x in nums)


def _limited(first: Dist, mine: Dist, theirs: Dist, hp_me: int, hp_foe: int, sl_me: bool, sl_foe: bool,
             turns: int, me_first: bool) -> tuple[Fraction, Fraction]:
    """(win, lose) within ``turns`` turns, the player striking on the odd turns if
    ``me_first``, else on the even ones (B §13.1 turns alternate); in whole numbers over the
    product of the two sides' denominators, one division at the end."""
    odd, even = (turns + 1) // 2, turns // 2
    n_me, n_foe = (odd, even) if me_first else (even, odd)
    tm, dm = _kill_counts(_ints(first), _ints(mine), hp_foe, sl_foe, n_me)  # my strikes that fell the foe
    tf, df = _kill_counts(_ints(theirs), _ints(theirs), hp_me, sl_me, n_foe)

    def alive(counts: tuple[int, ...], den: int) -> list[int]:
        """``out[t]``: not fallen within the first ``t`` strikes (over ``den``)."""
        out, fell = [den], 0
        for x in counts[1:]:
            fell += x
            out.append(den - fell)
        return out

    sm, sf = alive(tm, dm), alive(tf, df)
    if me_first:  # my t-th strike comes before the foe's t-th
        win = sum(tm[t] * sf[min(t - 1, n_foe)] for t in range(1, n_me + 1))
        lose = sum(tf[t] * sm[min(t, n_me)] for t in range(1, n_foe + 1))
    else:
        win = sum(tm[t] * sf[min(t, n_foe)] for t in range(1, n_me + 1))
        lose = sum(tf[t] * sm[min(t - 1, n_me)] for t in range(1, n_foe + 1))
    return Fraction(win, dm * df), Fraction(lose, dm * df)


def fight_chances(first: Dist, mine: Dist, theirs: Dist, hp_me: int, hp_foe: int, sl_me: bool = False,
                  sl_foe: bool = False, turns: int | None = None, foe_first: Fraction = ZERO) -> tuple[
                      Fraction, Fraction, Fraction]:
    """``(win, lose, undecided)`` of a fight (B §13.1): the player strikes now with damage
    ``first`` (unless the foe strikes first, chance ``foe_first``), then with ``mine``, the foe
    with ``theirs``, in turn, for ``turns`` turns counting this one (None: no limit; then
    undecided is the chance neither can ever hurt the other). A side at 0 health falls; Second
    Life (``sl_me``, ``sl_foe``) brings it back once with 5 health.

    Worked example: 2 health each, the player hits for 1 damage on 1/2 of strikes, the foe on
    1/3, the player first, no limit: the player wins 3 fights in 4; with one round (a strike
    each) nobody can fall:

    >>> half, third = (Fraction(1, 2), Fraction(1, 2)), (Fraction(2, 3), Fraction(1, 3))
    >>> fight_chances(half, half, third, 2, 2)
    (Fraction(3, 4), Fraction(1, 4), Fraction(0, 1))
    >>> fight_chances(half, half, third, 2, 2, turns=2)  # one round: one strike each
    (Fraction(0, 1), Fraction(0, 1), Fraction(1, 1))
    """
    if turns is not None:
        win = lose = ZERO
        if foe_first == 0:
            win, lose = _limited(first, mine, theirs, hp_me, hp_foe, sl_me, sl_foe, turns, True)
        elif foe_first < 1:
            w, lo = _limited(first, mine, theirs, hp_me, hp_foe, sl_me, sl_foe, turns, True)
            win, lose = w * (1 - foe_first), lo * (1 - foe_first)
        if foe_first > 0:
            w, lo = _limited(first, mine, theirs, hp_me, hp_foe, sl_me, sl_foe, turns, False)
            win, lose = win + foe_first * w, lose + foe_first * lo
        return win, lose, ONE - win - lose
    nxt = None if turns is None else turns - 1
    win = lose = ZERO
    if foe_first < 1:
        for d, p in enumerate(first):
            if not p:
                continue
            if d >= hp_foe and not sl_foe:
                win += p
                continue
            b, sb = (hp_foe - d, sl_foe) if d < hp_foe else (SECOND_LIFE_HP, False)
            if turns is not None and turns <= 0:
                continue
            w, lo = _table(mine, theirs, hp_me, b, sl_me, sb, nxt)
            win += p * w
            lose += p * lo
        win, lose = win * (1 - foe_first), lose * (1 - foe_first)
    if foe_first > 0:
        w, lo = _table(mine, theirs, hp_me, hp_foe, sl_me, sl_foe, turns)
        win += foe_first * w
        lose += foe_first * lo
    return win, lose, ONE - win - lose


@lru_cache(maxsize=64)
def _sums(n: int) -> Dist:
    out: Dist = (ONE,)
    for _ in range(max(0, n)):
        nxt = [ZERO] * (len(out) + 6)
        for s, p in enumerate(out):
            for f in range(1, 7):
                nxt[s + f] += p / 6
        out = tuple(nxt)
    return out


def initiative(n_me: int, n_foe: int) -> Fraction:
    """The chance that ``n_me`` Agility dice total more than ``n_foe`` (B §13.1: ties roll
    again; no dice on either side: 1/2).

    >>> initiative(1, 1), initiative(2, 1)
    (Fraction(1, 2), Fraction(181, 201))
    """
    a, b = _sums(n_me), _sums(n_foe)
    more = sum((p * q for i, p in enumerate(a) for j, q in enumerate(b) if i > j), ZERO)
    tie = sum((p * b[i] for i, p in enumerate(a) if i < len(b)), ZERO)
    return Fraction(1, 2) if tie == 1 else more / (1 - tie)


# ---- from a state -------------------------------------------------------------------------------------
def _side_hp(state: BaronsState, side: Side) -> tuple[int, bool]:
    if "mon" in side:
        return int(side["hp"]), False
    q = int(side["seat"])
    return int(pl(state, q)["hp"]), bool(st(state, q)["second_life"] and "second_life" in pl(state, q)["skills"])


def _strike(state: BaronsState, frame: dict[str, Any], undefended: bool = False) -> Dist:
    n, thr, _ = _attack_roll(state, frame)
    return strike_damage(n, thr, _defence_dice(state, frame), undefended)


def _fight_odds(state: BaronsState, p: int, i: int, a: Action) -> Odds | None:
    c = state["combat"]
    assert c is not None
    foe = c["side"][1 - i]
    fname = side_name(state, foe)
    if a.name == "flee":
        n = int(st(state, p)["flee"])
        ok = at_least_one(n, 6)
        return Odds("escape", ok, (OddsTable("Running away", tuple(
            (label, pr) for label, pr in (("You escape", ok), ("You fail: the next attack on you cannot be blocked",
                                                                 ONE - ok)) if pr)),),
            f"{n} {'die' if n == 1 else 'dice'}; any 6 escapes.")
    if a.name not in ("melee", "cast"):
        return None
    tgt = -1 if "mon" in foe else int(foe["seat"])
    base: dict[str, Any] = {"att": p, "tgt": tgt, "ctx": "combat", "a": i, "d": 1 - i, "ph": 0}
    once = False
    if a.name == "melee":
        mighty = bool(a.args)
        first_f = {**base, "type": "melee", "mighty": mighty}
        once = mighty
    else:
        src = str(a.args[0])
        sp = next((x for x in st(state, p)["spells"] if x["src"] == src), None) or spell_of_scroll(src)
        if sp is None:
            return None
        first_f = {**base, "type": "spell", "spell": sp, "mighty": False}
        once = src in pl(state, p)["potions"]
    next_f = {**base, "type": "melee", "mighty": False} if once else first_f
    if "mon" in foe:
        spectral = "spectral" in C.dungeon_cards()[foe["mon"]]["traits"]
        foe_f: dict[str, Any] = {"att": -1, "tgt": p, "type": "spell" if spectral else "monster", "ctx": "combat",
                                 "a": 1 - i, "d": i, "mighty": False, "ph": 0}
    else:
        foe_f = {"att": tgt, "tgt": p, "type": "melee", "ctx": "combat", "a": 1 - i, "d": i, "mighty": False, "ph": 0}
    first = _strike(state, first_f, bool(c["undef"][1 - i]))
    hp_me, sl_me = _side_hp(state, c["side"][i])
    hp_foe, sl_foe = _side_hp(state, foe)
    limit = cfg(state)["pvp_round_limit"] if c["kind"] == "pvp" else cfg(state)["monster_combat_round_cap"]
    turns = None if limit is None else 2 * int(limit) - int(c["turns"])
    win, lose, rest = fight_chances(first, _strike(state, next_f), _strike(state, foe_f), hp_me, hp_foe, sl_me,
                                    sl_foe, turns)
    return _fight_result(fname, win, lose, rest, limit, first, hp_foe,
                         f"If you go on {'with plain attacks' if once else 'attacking this way'} and {fname} "
                         "with plain attacks; potions and Lucky Charm re-rolls not counted.")


def _fight_result(fname: str, win: Fraction, lose: Fraction, rest: Fraction, limit: int | None, first: Dist | None,
                  hp_foe: int, note: str) -> Odds:
    rows = [("You win", win), ("You fall", lose)]
    if rest:
        rows.append(("Both still standing after the last round" if limit is not None else
                     "Neither can hurt the other", rest))
    tables = [OddsTable("The fight", tuple(r for r in rows if r[1]))]
    if first is not None:
        capped = list(first[:hp_foe]) + [sum(first[hp_foe:], ZERO)]
        dmg = count_rows(capped if len(first) > hp_foe else first, "damage", "damage",
                         len(first) > hp_foe)
        tables.append(OddsTable("Damage of this attack", dmg))
    within = f" within {limit} rounds" if limit is not None else ""
    return Odds(f"win the fight against {fname}{within}", win, tuple(tables), note)


def _attack_odds(state: BaronsState, p: int, q: int) -> Odds:
    """Attacking ``q`` (B §13.3): initiative, then plain attacks on both sides."""
    mine_f: dict[str, Any] = {"att": p, "tgt": q, "type": "melee", "ctx": "ranged", "mighty": False, "ph": 0}
    theirs_f: dict[str, Any] = {"att": q, "tgt": p, "type": "melee", "ctx": "ranged", "mighty": False, "ph": 0}
    mine, theirs = _strike(state, mine_f), _strike(state, theirs_f)
    first = initiative(int(st(state, p)["init"]), int(st(state, q)["init"]))
    hp_me, sl_me = _side_hp(state, {"seat": p})
    hp_foe, sl_foe = _side_hp(state, {"seat": q})
    limit = cfg(state)["pvp_round_limit"]
    turns = None if limit is None else 2 * int(limit)
    win, lose, rest = fight_chances(mine, mine, theirs, hp_me, hp_foe, sl_me, sl_foe, turns, ONE - first)
    return _fight_result(nm(state, q), win, lose, rest, limit, None, hp_foe,
                         f"Both with plain attacks; you strike first {Odds('', first).percent} of the time. "
                         "Potions and Lucky Charm re-rolls not counted.")


def _ranged_odds(state: BaronsState, p: int, a: Action) -> Odds | None:
    q = int(a.args[0])
    if a.name == "shoot":
        f: dict[str, Any] = {"att": p, "tgt": q, "type": "archery", "ctx": "ranged", "mighty": len(a.args) > 1,
                             "ph": 0}
    else:
        sp = next((x for x in st(state, p)["spells"] if x["src"] == str(a.args[1])), None) or spell_of_scroll(
            str(a.args[1]))
        if sp is None:
            return None
        f = {"att": p, "tgt": q, "type": "spell", "spell": sp, "ctx": "ranged", "mighty": False, "ph": 0}
    dist = _strike(state, f)
    hp = int(pl(state, q)["hp"])
    capped = dist if len(dist) <= hp else tuple(dist[:hp]) + (sum(dist[hp:], ZERO),)
    rows = count_rows(capped, "damage", "damage", len(dist) > hp)
    return Odds(f"wound {nm(state, q)}", ONE - dist[0], (OddsTable("Damage", rows),))


def odds(state: BaronsState, frame: dict[str, Any], a: Action) -> Odds | None:
    """The odds of option ``a`` of the decision ``frame`` (the top of the stack), or None
    for an option that rolls nothing (see the module's list)."""
    k, p = frame["k"], int(frame["seat"])
    s = st(state, p)
    if k == "fight":
        return _fight_odds(state, p, int(frame["side"]), a)
    if k == "attack" and a.name == "attack":
        return _attack_odds(state, p, int(a.args[0]))
    if k == "actions" and a.name in ("shoot", "cast"):
        return _ranged_odds(state, p, a)
    if k == "actions" and a.name == "steal":
        n = int(s["guile_dice"])
        ok = at_least_one(n, 6)
        return Odds(f"rob {nm(state, int(a.args[0]))}", ok, (OddsTable("Stealing", tuple(
            r for r in (("Something taken", ok), ("Nothing", ONE - ok)) if r[1])),), f"{n} Guile dice; any 6 steals.")
    if (k == "actions" and a.name == "mend") or (k == "start" and a.name == "rest"):
        top, hp = int(cfg(state)["max_health"]), int(pl(state, p)["hp"])
        base = 1 if a.name == "rest" else 0
        if hp >= top:
            return None
        room = top - hp
        dist = [ZERO] * (room + 1)
        for h, pr in enumerate(binomial(int(s["heal_dice"]), int(s["heal_thr"]))):
            dist[min(room, base + h)] += pr
        return Odds("heal to full health", dist[room],
                    (OddsTable("Health healed", count_rows(dist, "health", "health", False)),))
    if k == "land" and a.name == "forage":
        res = C.resource_of_realm()[C.space(pl(state, p)["pos"])["realm"]]
        room = int(state["rsupply"][res])
        got = [ZERO] * (room + 1)
        for h, pr in enumerate(binomial(int(s["hunting"]), 6)):
            got[min(room, h)] += pr
        return Odds(f"find {a_an(res.capitalize())} card", ONE - got[0],
                    (OddsTable("Cards found", count_rows(got, "card", "cards", False)),))
    if k == "charm" and a.name == "reroll":
        roll = state["stack"][-2][frame["key"]]
        old = min(roll)
        if frame["thr"] is not None:
            return Odds("turn the die into a hit", face_chance(int(frame["thr"])))
        return Odds(f"roll higher than {old}", Fraction(6 - old, 6))
    return None
