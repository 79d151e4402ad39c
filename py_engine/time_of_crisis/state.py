"""The Time of Crisis state described for mypy (issue 28 §3).

:class:`TimeOfCrisisState` extends :class:`~py_engine.core.game.CoreState` with the board
(described in :mod:`.board`) and the flow keys (described in :mod:`.rules`); the nested
records have a ``TypedDict`` each. The rules read a state through :func:`toc` at the
contract methods and their helpers take the typed state, so mypy checks every line of the
rule code. At run time the state is the plain dict every engine keeps
(:data:`~py_engine.core.State`): saves, cloning and state hashes do not depend on this module.

Rule citations: ``ToC §n`` = the GMT 2nd-edition rulebook.
"""

# No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from
# evaluated annotations (a string annotation counts as a required key at run time, where the
# conformance suite compares the keys with real states).
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..core.game import CoreState

#: The three suits of influence cards and points (ToC §5).
Suit = Literal["military", "senate", "populace"]
#: A Pretender marker: Seat of Power or Breakaway (ToC §12.1).
Mark = Literal["sop", "brk"]
#: Who won a battle: the attacker (``"a"``), the defender (``"d"``), or None if both
#: sides were wiped out (ToC §8.2).
Winner = Literal["a", "d"] | None
#: An option as JSON: ``[action name, *args]``.
Act = list[Any]
#: A card played this turn: ``[card id, its event used]`` (ToC §5.2).
Played = list[Any]


class Province(TypedDict):
    """A province (ToC §4): its governor (a seat, ``NEUTRAL`` or None for none), support,
    mobs, Militia in the capital, improvements, Quaestor marker, Pretender marker (always
    the governor's) and No Place Governor marker (ToC §3.3)."""

    gov: int | None
    sup: int
    mobs: int
    mil: bool
    imps: list[str]
    q: bool
    mark: Mark | None
    npg: bool


class Army(TypedDict):
    """A general's army (ToC §6.3.1): its owner, region, whether it stands in the
    provincial capital, full-strength and reduced legions, the tribe of each barbarian
    serving in it (Foederati), a Castra marker, and whether it fought this turn."""

    id: int
    owner: int
    at: str
    cap: bool
    full: int
    red: int
    foed: list[str]
    castra: bool
    fought: bool


class Player(TypedDict):
    """A seat's family (ToC §3, §5): hand, the cards in it everyone knows, Available Pile
    (unordered), discard pile, legacy and where it came from (:data:`LEGACY_SOURCES`, summing
    to ``legacy``), Emperor Turns, and which of the 6 governors and 6 generals are claimed."""

    hand: list[str]
    known: list[str]
    avail: list[str]
    discard: list[str]
    legacy: int
    gained: dict[str, int]
    eturns: int
    govs: list[bool]
    gens: list[bool]


#: Where legacy comes from, the keys of a player's ``gained``: the Gain Legacy phase (ToC §6.6)
#: for each province governed, each improvement there, the Emperor's share of Italia's support
#: and a lone Pretender's markers; battles won (§8.2); events (§5.2); the Emperor Turns bonus at
#: the end (§7.1).
LEGACY_SOURCES = ("provinces", "improvements", "emperor", "pretender", "battles", "events", "emperor_turns")


def gain_legacy(player: Player, source: str, n: int) -> None:
    """Add ``n`` legacy to ``player`` (a ``players`` entry), counted under ``source`` (one of
    :data:`LEGACY_SOURCES`). Raises KeyError for another source."""
    player["gained"][source] += n
    player["legacy"] += n


class Points(TypedDict):
    """Influence points to spend this turn, per suit (ToC §6.3)."""

    military: int
    senate: int
    populace: int


class TurnPlay(TypedDict):
    """The active player's turn (``tp``): his points, the cards played (ToC §5.2), the
    provinces targeted by Place Governor and those recalled this turn (ToC §6.3.2), the
    discounts won on beaten leaders (ToC §10), the Militia that fought; ``free_moved``,
    only while the previous player finishes his turn (ToC §6.8 variant): the armies that
    made a free move into or out of a capital since the player's last other choice."""

    seat: int
    pts: Points
    played: list[Played]
    pg: list[str]
    recalled: list[str]
    disc: list[Suit]
    mil_fought: list[str]
    free_moved: NotRequired[list[int]]


class Units(TypedDict):
    """What a side of a battle has (ToC §8.1): legions full and reduced, Militia (0/1),
    Foederati, active and inactive barbarians, barbarian leaders, a Rival Emperor (0/1)."""

    full: int
    red: int
    mil: int
    foed: int
    active: int
    inactive: int
    leaders: list[str]
    rival: int


class Question(TypedDict):
    """The decision a stack waits for: who answers, the prompt and the options."""

    seat: int
    prompt: str
    acts: list[Act]


# ---- frames (see :mod:`.rules`: the core steps a stack's top frame) ------------------------------------------------
class OpeningFrame(TypedDict):
    """The opening (ToC §3.2): ``i`` counts starting provinces, then opening hands."""

    k: Literal["opening"]
    i: int


class TurnFrame(TypedDict):
    """A player's turn (ToC §6) up to Buy/Trash: its start, Take Actions, then the
    Support Check, Expand and Gain Legacy."""

    k: Literal["turn"]
    seat: int
    ph: Literal["start", "actions", "after"]


class CrisisFrame(TypedDict):
    """The crisis roll of ``seat``'s turn (ToC §6.2, §9)."""

    k: Literal["crisis"]
    seat: int


class PaxFrame(TypedDict):
    """Pax Deorum (ToC §9): ``i`` counts the players who took their card."""

    k: Literal["pax"]
    i: int


class ActionsFrame(TypedDict):
    """Take Actions (ToC §6.3)."""

    k: Literal["actions"]
    seat: int


class OccupyFrame(TypedDict):
    """``seat``'s army occupies the capital of a Pretender province (ToC §12.2);
    ``done`` once the old governor is gone."""

    k: Literal["occupy"]
    seat: int
    prov: str
    done: bool


class PlaceGovernorFrame(TypedDict):
    """Place Governor in ``prov`` paid with ``suit`` (ToC §6.3.2). Once the dice are
    rolled (``stage`` is set): the votes, dice, votes needed, success, and the former
    governor (``old``, on success only), for Damnatio Memoriae."""

    k: Literal["pg"]
    seat: int
    prov: str
    suit: Suit
    stage: NotRequired[Literal["damnatio"]]
    votes: NotRequired[int]
    faces: NotRequired[list[int]]
    need: NotRequired[int]
    ok: NotRequired[bool]
    old: NotRequired[int | None]


class BattleFrame(TypedDict):
    """A battle (ToC §8; :mod:`.combat`): ``seat`` attacks with side ``att`` the side
    ``dfn`` in region ``at``, through its stages. Dice rolled (``fa``/``fd``) and hits
    (``ra``/``rd`` rolled, ``ha``/``hd`` inflicted), the winner, the historical figures
    killed (``dead``) and the rewards still owed for them (``[figure, province | None]``,
    ToC §10); ``ua``/``ud``, the sides' units once rolled; ``left_a``/``left_d``, hits
    still to take while they are allocated. ``la``/``ld`` stay 0 (nothing reads them)."""

    k: Literal["battle"]
    seat: int
    att: str
    dfn: str
    at: str
    stage: Literal["flank", "roll", "reroll", "alloc", "resolve", "reward", "advance"]
    flank: bool
    fa: list[int]
    fd: list[int]
    ra: int
    rd: int
    ha: int
    hd: int
    win: Winner
    la: int
    ld: int
    dead: list[str]
    killed: int
    rewards: list[list[Any]]
    ua: NotRequired[Units]
    ud: NotRequired[Units]
    left_a: NotRequired[int]
    left_d: NotRequired[int]


class TurnEndFrame(TypedDict):
    """Buy/Trash, End of Turn and the refill (ToC §6.7, §6.8): the political points left,
    cards bought, discounts not yet used."""

    k: Literal["turn_end"]
    seat: int
    ph: Literal["buy", "end", "refill"]
    pp: int
    bought: int
    disc: list[Suit]


Frame = (OpeningFrame | TurnFrame | CrisisFrame | PaxFrame | ActionsFrame | OccupyFrame | PlaceGovernorFrame
         | BattleFrame | TurnEndFrame)


class Machine(TypedDict):
    """A stack of frames (top = last) and the decision it waits for (see :mod:`.rules`)."""

    stack: list[Frame]
    ask: Question | None


# ---- what the view shows of the past -------------------------------------------------------------------------
class Invasion(TypedDict):
    """A tribe's crisis result (ToC §9): counters turned active, the two dice, its
    strength, invaders, the path and the placements ``[province, active, inactive,
    [leaders]]``."""

    tribe: str
    flipped: int
    white: int
    black: int
    strength: int
    invaders: int
    path: list[str]
    placed: list[list[Any]]


class Crisis(TypedDict):
    """The last crisis roll (ToC §6.2): whose turn, the dice and the result; the
    invasion or the event drawn, if that was the result."""

    seat: int
    white: int
    black: int
    result: str
    invasion: NotRequired[Invasion]
    event: NotRequired[str | None]


class LastBattle(TypedDict):
    """The last battle fought, for the view (:class:`BattleFrame`'s keys of the same
    names); ``labels`` are left empty, the view names the sides."""

    att: str
    dfn: str
    at: str
    fa: list[int]
    fd: list[int]
    ha: int
    hd: int
    win: Winner
    flank: bool
    labels: list[str]


class LastPlaceGovernor(TypedDict):
    """The last Place Governor roll (ToC §6.3.2), for the view."""

    seat: int
    prov: str
    faces: list[int]
    votes: int
    need: int
    ok: bool


class Result(TypedDict):
    """The end (ToC §7.1), as :class:`~py_engine.core.Outcome` gives it, scores in legacy."""

    winners: list[int]
    reason: str
    scores: list[int]
    ending: str


class TimeOfCrisisState(CoreState):
    """Time of Crisis's state (:mod:`.board` says what the board keys hold, :mod:`.rules`
    the flow keys). ``last_pg`` appears with the first Place Governor roll. For mypy only:
    at run time it is the plain dict every engine keeps (:data:`~py_engine.core.State`)."""

    prov: dict[str, Province]
    barbs: dict[str, dict[str, list[int]]]
    leaders: dict[str, str]
    rivals: dict[str, str]
    armies: list[Army]
    next_army: int
    players: list[Player]
    supply: dict[str, int]
    trash: list[str]
    box: dict[str, int]
    events: list[str]
    drawn: list[str]
    lasting: list[str]
    first: int
    active: int
    turns: list[int]
    last_round: bool
    result: Result | None
    tp: TurnPlay
    crisis: Crisis | None
    last_battle: LastBattle | None
    last_pg: NotRequired[LastPlaceGovernor]
    main: Machine
    trail: Machine | None


def toc(state: Mapping[str, Any]) -> TimeOfCrisisState:
    """``state`` read as a :class:`TimeOfCrisisState` (no copy, no check: a cast for mypy)."""
    return cast(TimeOfCrisisState, state)
