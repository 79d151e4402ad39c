"""Time Barons card data (``data/cards.json``) and set building.

The structure of every card (type, level, copies, cost, integrity, follower
requirements, infinite marks) comes from the project spec
shared/games/time_barons/CARDS.md (section 7); what each card *does* is code in
:mod:`py_engine.time_barons.effects`, keyed by card id. The texts in the data file
are written for this app.

Set building follows the rulebook's "Card sets" pages (cited "TB sets") and
CARDS.md section 4.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from ..core import OptionError, Rng

#: Recommended stack sizes of a custom mix, by level (TB sets, 2 players).
CUSTOM_SIZES_2P = (20, 15, 10, 5)
#: The same for 3–4 players (TB sets, "Custom mix").
CUSTOM_SIZES_34P = (28, 20, 12, 6)
#: Upgrade cost to reach level 2, 3, 4 (TB "Upgrade"): index = current level.
UPGRADE_COST = {1: 2, 2: 3, 3: 4}
TYPES = ("site", "event", "reaction", "attachment")


@cache
def data() -> dict[str, Any]:
    """The parsed ``data/cards.json``."""
    text = resources.files("py_engine.time_barons.data").joinpath("cards.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def cards() -> dict[str, dict[str, Any]]:
    """Every card by id (gameplay cards, starting sites and free-for-all cards)."""
    return {c["id"]: c for c in data()["cards"]}


def card(card_id: str) -> dict[str, Any]:
    """One card's data.

    >>> card("siege")["cost"], card("siege")["type"]
    (1, 'event')

    Raises:
        KeyError: unknown id.
    """
    return cards()[card_id]


def name(card_id: str) -> str:
    """The card's display name.

    >>> name("doomsday_laser")
    'Doomsday Laser'
    """
    return str(cards()[card_id]["name"])


def level(card_id: str) -> int:
    """The card's level, 1–4 (starting sites count as level I, CARDS.md R12)."""
    lv = cards()[card_id]["level"]
    return int(lv) if lv else 1


def gameplay_ids(card_set: str | None = None) -> list[str]:
    """Ids of gameplay cards (not starting sites nor free-for-all cards), in data
    order, optionally only those of ``card_set`` (``"core"`` or ``"expansion"``)."""
    return [c["id"] for c in data()["cards"] if c["set"] in ("core", "expansion")
            and (card_set is None or c["set"] == card_set)]


def set_list(card_set: str, level_: int | None = None) -> list[str]:
    """The cards of a printed set, one entry per copy (TB sets: with 2 players use
    all 50 cards of the set).

    >>> len(set_list("core")), len(set_list("expansion")), len(set_list("core", 4))
    (50, 50, 5)
    """
    out = []
    for cid in gameplay_ids(card_set):
        c = cards()[cid]
        if level_ is None or c["level"] == level_:
            out += [cid] * int(c["copies"])
    return out


def set_list_34(card_set: str, level_: int | None = None) -> list[str]:
    """The 3–4 player version of a printed set, one entry per copy (TB sets: with
    3–4 players use all 50 cards of the set, minus the listed cards, plus the listed
    cards of the other set; CARDS §4: 66 cards, 28/20/12/6 by level).

    >>> len(set_list_34("core")), len(set_list_34("expansion")), len(set_list_34("core", 1))
    (66, 66, 28)
    """
    adj = data()["set_adjustments"][f"{card_set}_3_4_players"]
    out = set_list(card_set)
    for cid, k in adj["remove"].items():
        for _ in range(int(k)):
            out.remove(cid)
    for cid, k in adj["add"].items():
        out += [cid] * int(k)
    out.sort(key=lambda c: (level(c), gameplay_ids().index(c)))
    return [c for c in out if level_ is None or level(c) == level_]


def validate_custom(ids: Sequence[str], n_players: int = 2) -> list[str]:
    """Check a custom card list: known gameplay cards, no more copies of a card than
    the two boxes hold, every level present, enough level I cards for the opening
    hands (5 per player).

    Raises:
        OptionError: with a message naming the problem.
    """
    known = set(gameplay_ids())
    counts: dict[str, int] = {}
    for cid in ids:
        if cid not in known:
            raise OptionError(f"custom_cards: {cid!r} is not a Time Barons gameplay card.")
        counts[cid] = counts.get(cid, 0) + 1
    for cid, k in counts.items():
        if k > int(cards()[cid]["copies"]):
            raise OptionError(f"custom_cards: only {cards()[cid]['copies']} {name(cid)} exist, not {k}.")
    for lv in range(1, 5):
        if not any(level(c) == lv for c in ids):
            raise OptionError(f"custom_cards: the custom mix has no level {lv} card.")
    if sum(1 for c in ids if level(c) == 1) < 5 * n_players:
        raise OptionError(f"custom_cards: at least {5 * n_players} level I cards are needed to deal "
                          f"{n_players} hands of 5.")
    return sorted(ids, key=lambda c: (level(c), c))


def build_stacks(card_set: str, custom: Sequence[str], rng: Rng,
                 n_players: int = 2) -> tuple[list[list[str]], str]:
    """The four draw stacks (unshuffled, level I first) and a label of what was
    dealt (TB sets).

    ``card_set``: ``core``, ``expansion`` (with 3–4 players, the set's 3–4 player
    version, :func:`set_list_34`), ``level_by_level`` (each level's stack from a
    set picked at random; with 3–4 players from the sets' 3–4 player versions,
    DESIGNED: the rulebook offers this mix for 2 players only), ``random`` (all 100
    cards shuffled and dealt to the recommended sizes, 20/15/10/5 or with 3–4
    players 28/20/12/6) or ``custom`` (the ``custom`` list).
    """
    def stack(s: str, lv: int) -> list[str]:
        return set_list(s, lv) if n_players <= 2 else set_list_34(s, lv)

    sizes = CUSTOM_SIZES_2P if n_players <= 2 else CUSTOM_SIZES_34P
    if card_set in ("core", "expansion"):
        return [stack(card_set, lv) for lv in range(1, 5)], card_set
    if card_set == "level_by_level":
        picks = [rng.choice(["core", "expansion"]) for _ in range(4)]
        return [stack(p, lv + 1) for lv, p in enumerate(picks)], "lbl:" + "".join(p[0] for p in picks)
    if card_set == "random":
        stacks = []
        for lv in range(1, 5):
            pool = set_list("core", lv) + set_list("expansion", lv)
            rng.shuffle(pool)
            stacks.append(sorted(pool[:sizes[lv - 1]]))
        return stacks, "random"
    if card_set == "custom":
        ids = validate_custom(custom, n_players)
        return [[c for c in ids if level(c) == lv] for lv in range(1, 5)], "custom"
    raise OptionError(f"unknown card set {card_set!r}")
