"""The Barons state described for mypy (issue 28 §3): :class:`BaronsState` and the records
it holds, read through :func:`bs` where an untyped :data:`~py_engine.core.State` comes in.

Only a description: at run time the state is the plain JSON-ready dict every engine keeps,
so saves, cloning and state hashes do not depend on it. The conformance suite holds it to
real states (``Barons.state_type``). The frames of ``stack`` stay plain dicts
(:data:`~py_engine.core.flow.Frame`): each kind has keys of its own (:mod:`.turn`,
:mod:`.combat`).

Section citations ``B §n`` refer to the project's Barons specification 1.0.
"""

# No ``from __future__ import annotations`` here: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__optional_keys__``, which the
# conformance suite checks real states against).
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..core.flow import Frame
from ..core.game import CoreState

#: The two decks, by their state key (B §11.2, §11.5).
Deck = Literal["ddeck", "ideck"]
DECKS: tuple[Deck, Deck] = ("ddeck", "ideck")


class Config(TypedDict):
    """The engine switches and constants of a game (``cfg``): the defaults of B §23.5
    (``data/rules.json``) as the chosen variants change them (B §20), with the host's
    round limit. ``None`` switches a rule off (no inn, no PvP round limit, no round limit,
    no cap on keeps per land)."""

    players_min: int
    players_max: int
    start_gold: int
    start_health: int
    max_health: int
    attribute_dice_total: int
    item_cost: int
    training_cost_per_level: int
    skill_levels: int
    skill_card_copies: int
    max_buildings_per_land: int
    keep_toll_multiplier: int
    keep_harvest_bonus: int
    base_hunting: int
    circuit_stipend: int
    inn_cost_per_health: int | None
    resource_debt_value: int
    hit_threshold: int
    min_hit_threshold: int
    healing_threshold: int
    pvp_round_limit: int | None
    round_limit: int | None
    monster_combat_round_cap: int
    boss_castle_fallback_multiplier: int
    steal_fallback_gold: int
    dungeon_track_length: int
    land_mode: Literal["dwellings", "deeds"]
    max_keeps_per_land: int | None
    keeps_needed: int
    political_criterion: Literal["realms", "property_count", "property_value"]
    win_conditions: list[str]
    skill_mode: Literal["cards", "tracks"]
    item_cost_mode: Literal["flat", "classic"]
    death_mode: Literal["eliminate", "respawn", "first_blood"]
    trading: Literal["none", "open"]
    crawl_allowed: bool
    monster_roller: Literal["engine", "left_player"]


class Player(TypedDict):
    """One seat's character and belongings (B §6, §8): the character id (None until
    picked), alive, adventurer (B §10.2), circuits completed, position, health, gold,
    resource cards by type, permanent items by slot, one-use items, skill cards, guild
    tracks (B §20 basic_skill_tracks), boss trophies, turns to miss (B §20 mercy), Lucky
    Charm re-rolls and Mighty Blow used this turn. ``fell`` is set only while the active
    player's collapse (B §20 mercy) waits for their fight to end."""

    char: str | None
    alive: bool
    adv: bool
    circuits: int
    pos: str
    hp: int
    gold: int
    res: dict[str, int]
    items: dict[str, str]
    potions: list[str]
    skills: list[str]
    tracks: dict[str, int]
    trophies: list[str]
    skip: int
    rr: int
    mb: bool
    fell: NotRequired[bool]


class TurnFlags(TypedDict):
    """What the active player has done this turn that may be done once (``tf``): a ranged
    attack (B §13.4), a theft (B §13.5), Mending (B §14), a Shadow Toll roll; the outpost
    sold at (only that one may be traded with again, B §15), open-trade offers made; and
    ``unsold``: outposts left without a sale, each with the resources held when it was left
    (it opens again only once those change, so a turn cannot open and close it forever)."""

    ranged: bool
    steal: bool
    mend: bool
    dodge: bool
    sold: str | None
    offers: int
    unsold: NotRequired[dict[str, dict[str, int]]]


class Roll(TypedDict):
    """A roll for the table's dice display: who rolled (-1: a monster), for what, the
    dice, the hit threshold (None: a total roll, B §7), the result in words, and the turn."""

    who: int
    what: str
    dice: list[int]
    thr: int | None
    result: str
    turn: int


class Side(TypedDict):
    """A side of a fight: a character (``seat``) or a monster (``mon``, its dungeon card,
    with its ``hp`` left)."""

    seat: NotRequired[int]
    mon: NotRequired[str]
    hp: NotRequired[int]


class Over(TypedDict):
    """How a fight ended: the round limit, a monster slain or a side fled (``side``: the
    winner's or the fleeing side's index), or a character died (``seat``, killed ``by``
    a seat or None) (B §13)."""

    how: Literal["limit", "slain", "fled", "died"]
    side: NotRequired[int]
    seat: NotRequired[int]
    by: NotRequired[int | None]


class Combat(TypedDict):
    """The fight under way (B §13.1–§13.3; :mod:`.combat`'s docstring says what each key
    holds)."""

    kind: Literal["monster", "pvp"]
    side: list[Side]
    turn: int
    turns: int
    undef: list[bool]
    bonus: list[int]
    acted: bool
    over: Over | None
    space: str
    events: list[str]
    roller: int | None


class LastCombat(TypedDict):
    """The last finished fight, for the table: its kind, sides, account, how it ended and
    the turn it was fought in."""

    kind: Literal["monster", "pvp"]
    side: list[Side]
    events: list[str]
    how: Literal["limit", "slain", "fled", "died"]
    turn: int


class Result(TypedDict):
    """The end (B §19), as :class:`~py_engine.core.Outcome` gives it."""

    winners: list[int]
    reason: str
    ending: str


class BaronsState(CoreState):
    """Barons' state (:mod:`.rules`' docstring says what each key holds). ``loaded`` is
    there only when a test or a tutorial queued dice (:func:`.machine.d6`)."""

    cfg: Config
    variants: list[str]
    players: list[Player]
    bld: dict[str, list[list[int]]]
    ddeck: list[str]
    ddeck_grp: list[int]
    ddisc: list[str]
    ideck: list[str]
    ideck_grp: list[int]
    idisc: list[str]
    supply: dict[str, int]
    rsupply: dict[str, int]
    round: int
    first: int
    active: int
    turn: int
    tf: TurnFlags
    stack: list[Frame]
    combat: Combat | None
    last_combat: LastCombat | None
    rolls: list[Roll]
    blood: bool
    result: Result | None
    loaded: NotRequired[list[int]]


def bs(state: Mapping[str, Any]) -> BaronsState:
    """``state`` read as a :class:`BaronsState` (no copy, no check: a cast for mypy)."""
    return cast(BaronsState, state)
