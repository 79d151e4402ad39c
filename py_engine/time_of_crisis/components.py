"""Time of Crisis component data: the JSON files in ``data/``, read here and
nowhere else.

Every value printed on the physical components (map, invasion paths, crisis
tables, cards, counters) lives in those files with a ``status`` of
``confirmed``, ``partial``, ``unconfirmed`` or ``designed`` (see each file's
``status_legend``), so a player who owns the game can correct a placeholder
without touching Python. The engine reads such values only through the
functions below (tests swap the data with :func:`patched` and check that the
rules follow).

Sources: the GMT 2nd-edition rulebook (cited ``ToC §n``) and the project's data
specification for what the rulebook does not print.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from copy import deepcopy
from functools import cache
from importlib import resources
from typing import Any

FILES = ("map", "setup", "barbarians", "crisis", "cards", "events", "counters", "rules")
SUITS = ("military", "senate", "populace")

_loaded: dict[str, Any] | None = None
_caches: list[Any] = []


def _read() -> dict[str, Any]:
    root = resources.files("py_engine.time_of_crisis.data")
    return {f: json.loads(root.joinpath(f + ".json").read_text("utf-8")) for f in FILES}


def raw() -> dict[str, Any]:
    """All data files as ``{file name: parsed JSON}`` (do not mutate)."""
    global _loaded
    if _loaded is None:
        _loaded = _read()
    return _loaded


def _cached(fn: Callable[..., Any]) -> Any:
    c = cache(fn)
    _caches.append(c)
    return c


@contextmanager
def patched(change: Callable[[dict[str, Any]], None]) -> Iterator[dict[str, Any]]:
    """Run with a modified copy of the data (for tests): ``change`` edits the
    dict of files in place; every derived table is rebuilt, and the original
    data is restored afterwards."""
    global _loaded
    old = raw()
    new = deepcopy(old)
    change(new)
    _loaded = new
    for c in _caches:
        c.cache_clear()
    try:
        yield new
    finally:
        _loaded = old
        for c in _caches:
            c.cache_clear()


# ---- map (ToC §4, §6.3.1, §12.1) -----------------------------------------------------------------
@_cached
def regions() -> dict[str, dict[str, Any]]:
    """Every region by id: ``name``, ``type`` (province, homeland, sea), ``support_max``."""
    return {r["id"]: r for r in raw()["map"]["regions"]}


@_cached
def provinces() -> tuple[str, ...]:
    """The province ids in map order."""
    return tuple(r for r, d in regions().items() if d["type"] == "province")


def emperor_province() -> str:
    """The province whose governor is the Emperor (ToC §4: Italia)."""
    return str(raw()["map"]["emperor_province"])


@_cached
def adjacent(region: str) -> tuple[str, ...]:
    """Regions sharing a border with ``region`` (the special links of ToC §4 included)."""
    return tuple(raw()["map"]["adjacency"][region])


@_cached
def pretender_adjacent(region: str) -> tuple[str, ...]:
    """Provinces adjacent to ``region`` for building a Pretender empire (ToC §12.1:
    also Gallia–Britannia)."""
    out = [r for r in adjacent(region) if regions()[r]["type"] == "province"]
    for link in raw()["map"]["pretender_links"]:
        if link["a"] == region:
            out.append(link["b"])
        elif link["b"] == region:
            out.append(link["a"])
    return tuple(out)


@_cached
def distances(start: str) -> dict[str, int]:
    """Movement cost (regions entered) from ``start`` to every region (ToC §6.3.1)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        r = todo.popleft()
        for q in adjacent(r):
            if q not in dist:
                dist[q] = dist[r] + 1
                todo.append(q)
    return dist


# ---- setup (ToC §3) ------------------------------------------------------------------------------
def setup() -> dict[str, Any]:
    """The setup file (No Place Governor provinces, removed tribes, Italia's start support...)."""
    d: dict[str, Any] = raw()["setup"]
    return d


def tribes_in_play(n_players: int) -> tuple[str, ...]:
    """Tribes used with ``n_players`` (ToC §3.3)."""
    gone = setup()["tribes_removed"][str(n_players)]
    return tuple(t for t in raw()["barbarians"]["tribes"] if t not in gone)


# ---- barbarians (ToC §9, §10.1) ------------------------------------------------------------------
def tribes() -> dict[str, dict[str, Any]]:
    """Every tribe by id: ``name``, ``homeland``, ``counters``."""
    d: dict[str, dict[str, Any]] = raw()["barbarians"]["tribes"]
    return d


def homeland(tribe: str) -> str:
    """The homeland region id of ``tribe``."""
    return str(tribes()[tribe]["homeland"])


@_cached
def homeland_tribe() -> dict[str, str]:
    """Homeland region id -> tribe."""
    return {d["homeland"]: t for t, d in tribes().items()}


def invasion_path(tribe: str, white: int) -> list[str]:
    """The provinces an invasion of ``tribe`` follows for white die ``white`` (ToC §9)."""
    return list(raw()["barbarians"]["invasion_paths"][tribe][str(white)]["path"])


def per_province_cap() -> int:
    """Invaders fill a province up to this many counters of their tribe (ToC §9)."""
    return int(raw()["barbarians"]["per_province_cap"]["value"])


def leaders() -> dict[str, dict[str, Any]]:
    """Barbarian leaders by id: ``tribe``, ``dice``, ``hit_on``, ``roman_hits``."""
    d: dict[str, dict[str, Any]] = raw()["barbarians"]["leaders"]
    return d


# ---- crisis (ToC §9) -----------------------------------------------------------------------------
def crisis_result(n_players: int, white: int, black: int) -> str:
    """The crisis table result for the two dice (the table of that player count)."""
    c = raw()["crisis"]
    if c["index"] != "sum":
        raise ValueError(f"unknown crisis index {c['index']!r}")
    return str(c["tables"][str(n_players)][str(white + black)])


# ---- cards (ToC §5, §14.1) -----------------------------------------------------------------------
@_cached
def cards() -> dict[str, dict[str, Any]]:
    """Every influence card by id: ``name``, ``suit``, ``value``, ``copies``,
    ``timing``, ``params``."""
    return {c["id"]: c for c in raw()["cards"]["cards"]}


def card(cid: str) -> dict[str, Any]:
    """One influence card.

    >>> card("flanking_maneuver")["suit"], card("flanking_maneuver")["value"]
    ('military', 3)
    """
    c: dict[str, Any] = cards()[cid]
    return c


def param(cid: str, key: str) -> Any:
    """The value of parameter ``key`` of card ``cid``'s event."""
    return cards()[cid]["params"][key]["value"]


def card_name(cid: str) -> str:
    """Display name of an influence card."""
    return str(cards()[cid]["name"])


@_cached
def card_order() -> dict[str, tuple[int, int]]:
    """Sort key of each card: suit (Military, Senate, Populace), then value."""
    return {c: (SUITS.index(d["suit"]), int(d["value"])) for c, d in cards().items()}


@_cached
def supply_cards() -> tuple[str, ...]:
    """Buyable cards (values 2–4, ToC §3.1), by suit then value."""
    return tuple(sorted((c for c, d in cards().items() if d["value"] > 1),
                        key=lambda c: (SUITS.index(cards()[c]["suit"]), cards()[c]["value"])))


# ---- events (ToC §9, §10, §14.2) -----------------------------------------------------------------
@_cached
def events() -> dict[str, dict[str, Any]]:
    """Every event card by id: ``number``, ``name``, ``kind``, ``lasting``, ``params``."""
    return {e["id"]: e for e in raw()["events"]["events"]}


def rival_emperors() -> dict[str, dict[str, Any]]:
    """Rival Emperors by id: ``name``, ``dice``, ``hit_on``."""
    d: dict[str, dict[str, Any]] = raw()["events"]["rival_emperors"]
    return d


# ---- counters and rule numbers -------------------------------------------------------------------
def governor_costs() -> list[int | None]:
    """Senate cost of each of a player's 6 governors (None: the at-start one)."""
    return list(raw()["counters"]["governor_costs"]["values"])


def general_costs() -> list[int | None]:
    """Military cost of each of a player's 6 generals (None: the at-start one)."""
    return list(raw()["counters"]["general_costs"]["values"])


def limit(key: str) -> int:
    """A component limit (ToC §2), e.g. ``limit("legions")``."""
    return int(raw()["counters"]["limits"][key])


def improvement_limit(imp: str) -> int:
    """How many counters of improvement ``imp`` the game has."""
    return int(raw()["counters"]["limits"]["improvements"][imp])


def improvements() -> dict[str, str]:
    """Improvement id -> display name."""
    d: dict[str, str] = raw()["counters"]["improvements"]
    return d


def rule(key: str) -> Any:
    """A rule number from ``rules.json`` (e.g. ``rule("recall_cost")``)."""
    return raw()["rules"][key]


# ---- what is unconfirmed, in plain words -------------------------------------------------------------
def unconfirmed() -> list[tuple[str, Any]]:
    """Every data value marked ``unconfirmed``: ``(path, value)`` pairs, the path
    like ``barbarians/invasion_paths/franks/1``."""
    out: list[tuple[str, Any]] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            st = node.get("status", "")
            if isinstance(st, str) and st.lower() == "unconfirmed":
                out.append((path, node))
            if isinstance(st, list) and isinstance(node.get("values"), list):
                out.extend((f"{path}/{i}", node["values"][i]) for i, x in enumerate(st) if x == "unconfirmed")
            for k, v in node.items():
                if k.endswith("_status") and str(v).lower() == "unconfirmed":
                    out.append((f"{path}/{k[:-len('_status')]}", node.get(k[:-len('_status')])))
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}/{v['id'] if isinstance(v, dict) and 'id' in v else i}")

    for f, d in raw().items():
        walk(d, f)
    return out


NOTES = (
    "Time of Crisis: some printed components could not be checked and are playable placeholders. "
    "Unconfirmed: the map borders and the four sea zones (rebuilt so the rulebook's movement example "
    "works), 29 of the 30 invasion paths, all three crisis tables and reading them by the sum of the "
    "dice, the recruit costs of the dearer governors and generals, and the card texts of Tribute's "
    "reach, Foederati on inactive barbarians, Praetorian Guard (paid in Military), Damnatio Memoriae, "
    "Quaestor, Mob, Plague of Cyprian's duration, Palmyra Allies, Ludi Saeculares, Raiding Parties, "
    "Preparing for War and Ardashir. Partly confirmed: Castra, Flanking Maneuver, Pretender, the "
    "Auguries, Inflation, Cniva and Shapur I, and where the Rival Emperors appear. Everything else "
    "follows the GMT 2nd-edition rulebook."
)
