"""The odds of a roll a player is about to choose (issue 24 §3), and the exact dice
arithmetic the games compute them with.

:class:`Odds` is what :meth:`py_engine.core.game.Game.odds` returns for an action that
leads to a roll: the outcome that matters in words (``what``, e.g. ``"reach 5 votes"``), its
exact probability (a :class:`~fractions.Fraction`) and optional :class:`OddsTable` s, each a
whole distribution (rows of ``(label, probability)`` summing to 1). The engine writes the
words; the UI shows ``short`` beside the option's button and the tables in the decision panel.

The helpers enumerate dice exactly (no simulation) and are memoised: :func:`binomial` (hits of
``n`` dice each hitting on ``target`` or more), :func:`exploding` (the same where every 6 adds
a die, ToC §6.3.2 and §8.1) and :func:`convolve` (the sum of two independent capped counts).
Every distribution is a tuple of Fractions, index = count; a *capped* distribution's last
entry is the chance of ``cap`` or more. This module imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

Dist = tuple[Fraction, ...]
ONE = Fraction(1)
ZERO = Fraction(0)
SIXTH = Fraction(1, 6)


def percent(p: Fraction) -> str:
    """A probability as a whole percentage for a player: ``"58%"``; ``"<1%"`` and ``">99%"``
    for outcomes that round to 0 or 100 without being impossible or certain.

    >>> percent(Fraction(7, 12)), percent(Fraction(1, 1000)), percent(Fraction(999, 1000)), percent(ONE)
    ('58%', '<1%', '>99%', '100%')
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    v = (200 * p.numerator + p.denominator) // (2 * p.denominator)  # rounded, in whole numbers
    if v < 1:
        return "<1%"
    if v > 99:
        return ">99%"
    return f"{v}%"


def _check(p: Fraction, where: str) -> None:
    if not isinstance(p, Fraction) or not 0 <= p <= 1:
        raise ValueError(f"{where}: a probability must be a Fraction in [0, 1], not {p!r}")


@dataclass(frozen=True)
class OddsTable:
    """A whole distribution of one roll's outcomes: ``caption`` (e.g. ``"Your hits"``) and
    ``rows`` of ``(label, probability)``, every outcome in one row, so the probabilities sum
    to exactly 1.

    Raises:
        ValueError: a probability outside [0, 1] or rows not summing to 1.

    >>> OddsTable("Votes", (("0", Fraction(1, 2)), ("1 or more", Fraction(1, 2)))).to_json()["rows"][1]
    {'label': '1 or more', 'p': [1, 2], 'percent': '50%'}
    """

    caption: str
    rows: tuple[tuple[str, Fraction], ...]

    def __post_init__(self) -> None:
        for label, p in self.rows:
            _check(p, f"{self.caption}: {label}")
        if sum((p for _, p in self.rows), ZERO) != 1:
            raise ValueError(f"{self.caption}: the rows do not sum to 1")

    def to_json(self) -> dict[str, Any]:
        """``{"caption": str, "rows": [{"label": str, "p": [num, den], "percent": str}]}``."""
        return {"caption": self.caption,
                "rows": [{"label": label, "p": [p.numerator, p.denominator], "percent": percent(p)}
                         for label, p in self.rows]}


@dataclass(frozen=True)
class Odds:
    """The chance of the outcome that matters for an action that leads to a roll (issue 24 §3).

    ``what``: the outcome, as words that follow "chance to" (``"reach 5 votes"``, ``"win the
    fight"``); ``probability``: its exact chance; ``tables``: whole distributions
    (:class:`OddsTable`) for the panel, e.g. each side's hits in a battle; ``note``: what the
    figure assumes, in a sentence (e.g. that both keep attacking), or "".

    Raises:
        ValueError: ``probability`` is not a Fraction in [0, 1].

    >>> o = Odds("reach 5 votes", Fraction(7, 12))
    >>> o.headline, o.short
    ('Chance to reach 5 votes: 58%', '58% to reach 5 votes')
    >>> o.to_json()["p"]
    [7, 12]
    """

    what: str
    probability: Fraction
    tables: tuple[OddsTable, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        _check(self.probability, self.what)

    @property
    def percent(self) -> str:
        """The probability as :func:`percent` words (``"58%"``)."""
        return percent(self.probability)

    @property
    def headline(self) -> str:
        """``"Chance to <what>: 58%"``: the sentence for the panel and screen readers."""
        return f"Chance to {self.what}: {self.percent}"

    @property
    def short(self) -> str:
        """``"58% to <what>"``: the words beside the option's button."""
        return f"{self.percent} to {self.what}"

    def to_json(self) -> dict[str, Any]:
        """``{"what", "headline", "short", "percent": str, "p": [num, den], "note": str,
        "tables": [OddsTable JSON]}``, what a view's action entry carries under ``"odds"``."""
        p = self.probability
        return {"what": self.what, "headline": self.headline, "short": self.short, "percent": self.percent,
                "p": [p.numerator, p.denominator], "note": self.note,
                "tables": [t.to_json() for t in self.tables]}


# ---- dice ------------------------------------------------------------------------------------------
def at_least_one(n: int, target: int) -> Fraction:
    """The chance that at least one of ``n`` six-sided dice shows ``target`` or more.

    >>> at_least_one(2, 6)
    Fraction(11, 36)
    """
    return ONE - (ONE - face_chance(target)) ** max(0, n)


def face_chance(target: int) -> Fraction:
    """The chance that one six-sided die shows ``target`` or more (0 above 6, 1 at 1 or below).

    >>> face_chance(5), face_chance(7), face_chance(0)
    (Fraction(1, 3), Fraction(0, 1), Fraction(1, 1))
    """
    return Fraction(min(6, max(0, 7 - target)), 6)


@lru_cache(maxsize=4096)
def binomial(n: int, target: int) -> Dist:
    """The distribution of hits of ``n`` six-sided dice, each hitting on ``target`` or more
    (index = hits, 0..n; no die for ``n`` <= 0).

    >>> binomial(2, 4)
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    """
    q = face_chance(target)
    out = [ONE]
    for _ in range(max(0, n)):
        nxt = [ZERO] * (len(out) + 1)
        for k, p in enumerate(out):
            nxt[k] += p * (1 - q)
            nxt[k + 1] += p * q
        out = nxt
    return tuple(out)


@lru_cache(maxsize=16384)
def exploding(n: int, target: int, cap: int) -> Dist:
    """The distribution of hits of ``n`` six-sided dice where a die hits on ``target`` or
    more and every 6 adds one more die, which may add another (ToC §6.3.2 votes, §8.1 hits),
    capped at ``cap``: index ``k < cap`` is exactly ``k`` hits, index ``cap`` is ``cap`` or more.

    A die is a miss (faces below ``target`` but 6), a hit that ends (faces from ``target`` to
    5) or a 6 (a hit if 6 reaches ``target``, and one more die): the recursion on (dice left,
    hits still counted) ends because each 6 brings the cap one nearer; above 6 no die hits.

    >>> exploding(1, 2, 2)  # one die, 2+: a 1 misses; 2-5 one vote; a 6 one vote and a die again
    (Fraction(1, 6), Fraction(25, 36), Fraction(5, 36))
    """
    if cap <= 0:
        return (ONE,)
    if n <= 0 or target > 6:
        return (ONE,) + (ZERO,) * cap
    t = max(1, target)
    miss = Fraction(t - 1, 6)  # faces 1..t-1
    hit = Fraction(6 - t, 6)  # faces t..5
    rest = exploding(n - 1, target, cap)
    rest_hit = exploding(n - 1, target, cap - 1)
    again = exploding(n, target, cap - 1)
    out = [miss * p for p in rest]
    for k, p in enumerate(rest_hit):
        out[k + 1] += hit * p
    for k, p in enumerate(again):
        out[k + 1] += SIXTH * p
    return tuple(out)


def convolve(a: Sequence[Fraction], b: Sequence[Fraction], cap: int) -> Dist:
    """The distribution of the sum of two independent counts, capped at ``cap`` (the last
    entry: ``cap`` or more).

    >>> convolve(binomial(1, 4), binomial(1, 4), 1)
    (Fraction(1, 4), Fraction(3, 4))
    """
    out = [ZERO] * (cap + 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[min(cap, i + j)] += p * q
    return tuple(out)


def chance_at_least(dist: Sequence[Fraction], k: int) -> Fraction:
    """The chance of ``k`` or more in a distribution (1 for ``k`` <= 0).

    >>> chance_at_least(binomial(2, 4), 1)
    Fraction(3, 4)
    """
    return sum(dist[max(0, k):], ZERO) if k > 0 else ONE


def count_rows(dist: Sequence[Fraction], unit: str, units: str, capped: bool, top_words: str = "or more") -> tuple[
        tuple[str, Fraction], ...]:
    """Table rows ``("0 hits", p), ("1 hit", p), ...`` for a distribution; when ``capped`` the
    last row reads ``"<k> hits or more"`` (``top_words``). Rows of probability 0 are left out.

    >>> count_rows((Fraction(1, 4), Fraction(3, 4)), "hit", "hits", True)
    (('0 hits', Fraction(1, 4)), ('1 hit or more', Fraction(3, 4)))
    """
    out = []
    last = len(dist) - 1
    for k, p in enumerate(dist):
        if not p:
            continue
        text = f"{k} {unit if k == 1 else units}"
        if capped and k == last and k > 0:
            text += f" {top_words}"
        out.append((text, p))
    return tuple(out)
