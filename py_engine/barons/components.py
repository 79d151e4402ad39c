"""Barons components: the data files under ``data/`` and the lookups built on them.

Every entry of the data files keeps the provenance mark of the project's Barons
specification (version 1.0): ``SOURCED (notes)`` for what the designer's notes
give, ``SOURCED (v6)`` for his later web rules, ``DESIGNED`` for what was made to
finish the game. Sections are cited as ``B §n``.

The board (B §4): 42 outer spaces (index 0..41, clockwise from the White
Outpost) and six one-way dungeon passages of 4 spaces. A space is named by its id
(``"SNOW-L1"``, ``"ICE-2"``...). Movement follows the ``next`` edges; distance
(range) is the shortest path over the same edges taken as undirected (B §4.2).
"""

from __future__ import annotations

import json
from collections import deque
from functools import cache
from importlib import resources
from typing import Any

Entry = dict[str, Any]

#: Realm ids in board order (B §5).
REALMS = ("SNOW", "DESERT", "EMERALD", "CERULEAN", "FIRE", "BLACK")
#: Guilds in the order of the realms that teach them (B §5).
GUILDS = ("Healer", "Thief", "Hunter", "Merchant", "Warrior", "Sorcerer")
#: Resource ids in realm order (B §15).
RESOURCES = ("pelts", "spice", "lumber", "fish", "iron", "crystals")
#: Permanent item slots (B §16).
SLOTS = ("weapon", "bow", "armor", "shield", "focus", "orb", "amulet", "relic", "boots", "cloak",
         "ring", "charm", "tool")
START = "OUT-WHITE"
BANISH = "ICE-1"


def _load(name: str) -> Any:
    text = resources.files("py_engine.barons.data").joinpath(name).read_text("utf-8")
    return json.loads(text)


@cache
def board() -> dict[str, Any]:
    """The parsed ``data/board.json``: ``outer_loop``, ``dungeon_tracks``,
    ``realms``, ``resources``, ``outposts``."""
    loaded: dict[str, Any] = _load("board.json")
    return loaded


@cache
def rules_data() -> dict[str, Any]:
    """The parsed ``data/rules.json``: ``constants``, ``constants_src``,
    ``variants`` and ``rulings`` (B §20, §23.5)."""
    loaded: dict[str, Any] = _load("rules.json")
    return loaded


@cache
def characters() -> dict[str, Entry]:
    """The six characters by id (B §6.2)."""
    return {c["id"]: c for c in _load("characters.json")["characters"]}


@cache
def items() -> dict[str, Entry]:
    """Item cards by id (B §16)."""
    return {c["id"]: c for c in _load("items.json")["items"]}


@cache
def skills() -> dict[str, Entry]:
    """Skill cards by id (B §17)."""
    return {c["id"]: c for c in _load("skills.json")["skills"]}


@cache
def dungeon_cards() -> dict[str, Entry]:
    """Dungeon cards by id, monsters and treasures (B §18); each gets ``kind``
    ``"monster"`` or ``"treasure"``."""
    d = _load("dungeon.json")
    out: dict[str, Entry] = {}
    for m in d["monsters"]:
        out[m["id"]] = {**m, "kind": "monster"}
    for t in d["treasures"]:
        out[t["id"]] = {**t, "kind": "treasure"}
    return out


@cache
def spaces() -> dict[str, Entry]:
    """Every space by id: outer spaces (with ``index``) and dungeon spaces."""
    b = board()
    return {s["id"]: s for s in b["outer_loop"] + b["dungeon_tracks"]}


@cache
def outer_ids() -> tuple[str, ...]:
    """Outer space ids by index 0..41."""
    return tuple(s["id"] for s in board()["outer_loop"])


@cache
def lands() -> tuple[str, ...]:
    """The 24 open lands in board order."""
    return tuple(s["id"] for s in board()["outer_loop"] if s["type"] == "land")


@cache
def land_realm() -> dict[str, str]:
    """Open land -> its realm."""
    return {x: str(spaces()[x]["realm"]) for x in lands()}


@cache
def realm_lands() -> dict[str, tuple[str, ...]]:
    """Realm id -> its four open lands."""
    return {r: tuple(x for x in lands() if spaces()[x]["realm"] == r) for r in REALMS}


@cache
def outposts() -> dict[str, Entry]:
    """Outposts by space id, with their ``buys`` rates (B §15)."""
    return {o["id"]: o for o in board()["outposts"]}


@cache
def realms() -> dict[str, Entry]:
    """Realms by id (B §5)."""
    return {r["id"]: r for r in board()["realms"]}


@cache
def resource_of_realm() -> dict[str, str]:
    """Realm id -> resource id."""
    return {r["id"]: r["resource"].lower() for r in board()["realms"]}


def space(sid: str) -> Entry:
    """One space's data. Raises ``KeyError`` for an unknown id."""
    return spaces()[sid]


def kind(sid: str) -> str:
    """``land``, ``city``, ``guild``, ``outpost`` or ``dungeon``."""
    return str(spaces()[sid]["type"])


def realm_of(sid: str) -> str | None:
    """The realm a space belongs to (dungeon spaces: the realm of their gate), or
    None for an outpost."""
    r = spaces()[sid].get("realm")
    return str(r) if r else None


def next_spaces(sid: str) -> list[str]:
    """Movement edges out of ``sid`` (a city leads to the next space and into its
    dungeon)."""
    return list(spaces()[sid]["next"])


def name(sid: str) -> str:
    """A space's display name."""
    return str(spaces()[sid]["name"])


def gate_realm(sid: str) -> str:
    """The realm whose city is the gate of dungeon space ``sid`` (B §4.1, §12.2)."""
    return str(spaces()[sid]["realm"])


@cache
def distances() -> dict[str, dict[str, int]]:
    """All-pairs shortest path lengths over the undirected movement graph (B §4.2)."""
    adj: dict[str, set[str]] = {s: set() for s in spaces()}
    for s, d in spaces().items():
        for t in d["next"]:
            adj[s].add(t)
            adj[t].add(s)
    out: dict[str, dict[str, int]] = {}
    for s in spaces():
        dist = {s: 0}
        q = deque([s])
        while q:
            u = q.popleft()
            for v in adj[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    q.append(v)
        out[s] = dist
    return out


def distance(a: str, b: str) -> int:
    """Range between two spaces (B §4.2).

    >>> distance("SNOW-CITY", "ICE-1"), distance("ICE-4", "DESERT-L2"), distance("OUT-WHITE", "BLACK-L4")
    (1, 1, 1)
    """
    return distances()[a][b]


def paths(start: str, steps: int) -> list[list[str]]:
    """Every route of exactly ``steps`` forward steps from ``start`` (B §10.1): each
    is the list of spaces entered. At most two routes exist (one fork per move).

    >>> [p[-1] for p in paths("SNOW-CITY", 5)]
    ['DESERT-GUILD', 'DESERT-L2']
    """
    return [list(p) for p in _paths(start, steps)]


@cache
def _paths(start: str, steps: int) -> tuple[tuple[str, ...], ...]:
    out: list[list[str]] = [[]]
    for _ in range(steps):
        nxt = []
        for p in out:
            here = p[-1] if p else start
            for t in next_spaces(here):
                nxt.append([*p, t])
        out = nxt
    return tuple(tuple(p) for p in out)


def circuit_step(a: str, b: str) -> bool:
    """True if the step ``a -> b`` completes a circuit: it enters the White Outpost
    or leaves the Haunted Dungeon onto the Snow Lands (B §10.2)."""
    return b == START or (a == "HAUNTED-4" and b == "SNOW-L2")


def constants() -> dict[str, Any]:
    """The default constants and engine switches (B §23.5)."""
    c: dict[str, Any] = rules_data()["constants"]
    return c


def variants() -> dict[str, Entry]:
    """The named variants by id (B §20)."""
    return {v["id"]: v for v in rules_data()["variants"]}


def item_cost(item_id: str, mode: str) -> int:
    """The price of an item: flat 20 GP, or its ``classic_cost`` in Classic Deeds (B §16)."""
    it = items()[item_id]
    return int(it["classic_cost"] if mode == "classic" else it["cost"])


def dungeon_deck() -> list[str]:
    """The 36 dungeon cards, one entry per copy, in data order (B §18)."""
    return [cid for cid, c in dungeon_cards().items() for _ in range(int(c["copies"]))]


def item_deck() -> list[str]:
    """The 36 item cards, one entry per copy, in data order (B §16)."""
    return [cid for cid, c in items().items() for _ in range(int(c["copies"]))]


def guild_skills(guild: str) -> list[Entry]:
    """The three skill cards of a guild, by level (B §17)."""
    return sorted((s for s in skills().values() if s["guild"] == guild), key=lambda s: int(s["level"]))


def provenance(entry: Entry) -> str:
    """``"sourced"`` (all from the designer), ``"designed"`` (all made to finish the
    game) or ``"mixed"`` (its ``source`` names both), from the entry's mark (B §0)."""
    src = str(entry.get("source", ""))
    if "DESIGNED" not in src:
        return "sourced"
    return "mixed" if "SOURCED" in src else "designed"
