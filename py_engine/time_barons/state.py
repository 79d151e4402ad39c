"""The Time Barons state, described for mypy (issue 28 §3).

:class:`TimeBaronsState` names every key of a Time Barons state (the docstring of
:mod:`.rules` says what each one holds) and the records kept inside it: the players, the
sites, the pending decision, the result, and the frames of the resolution stack (planner
frames and operation frames, :mod:`.rules`). It is for mypy only: at run time a state is the
plain JSON-ready dict every engine keeps (:data:`~py_engine.core.State`), read as a
:class:`TimeBaronsState` through :func:`tbs`, so saves, cloning and state hashes do not
depend on it.

Rule citations as in :mod:`.board`.
"""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in
# annotations it evaluates, and the conformance suite reads ``__required_keys__``.
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..core.game import CoreState

#: An action in its JSON form, ``[name, *args]`` (:meth:`~py_engine.core.Action.to_json`).
ActionJson = list[int | str]
#: An attachment on a site: ``[card id, seat that placed it]`` (TB Attachments).
Attached = list[Any]
#: A card tucked under a site: ``[card id, seat that tucked it, public?]`` (TB Tuck a card; R11).
Tucked = list[Any]
#: One hit of a damage batch: ``[site id, damage, structural?]`` (the flag is a bool, which
#: is an int to mypy).
Hit = list[int]


class Player(TypedDict):
    """One seat's own things: level marker (1–4), hand (card ids), the cards of the hand
    everybody knows (``known``) and those only the holder's team knows (``team_known``, TB
    Team multiplayer), pending Loss of Faith (``lof``) and weapon tokens on the Forge
    (``forge``, TB Free-for-all). Once a free-for-all player is eliminated: the turn it
    happened on (``out_turn``) and how many players were out before (``out_after``; players
    eliminated at once share it), for the final standings."""

    level: int
    hand: list[str]
    known: list[str]
    team_known: list[str]
    lof: int
    forge: int
    out_turn: NotRequired[int]
    out_after: NotRequired[int]


class Site(TypedDict):
    """A site in play (see :mod:`.board`): unique ``id``, ``card`` id, ``owner`` seat,
    followers ``f``, damage counters ``dmg``, attachments ``att``, tucked cards ``tuck``,
    ``used`` (its ordinary ability was used this turn, R9), ``start`` (a starting site)."""

    id: int
    card: str
    owner: int
    f: int
    dmg: int
    att: list[Attached]
    tuck: list[Tucked]
    used: bool
    start: bool


class Ask(TypedDict):
    """The decision owed now: ``seat`` picks one of ``acts`` (actions as JSON), shown with
    ``labels`` and pointing at the board elements ``targets`` (``site:ID``, ``card:ID``...,
    or None), under ``prompt``."""

    seat: int
    prompt: str
    acts: list[ActionJson]
    labels: list[str]
    targets: list[str | None]


class Result(TypedDict):
    """The end (TB Game end; TB Multiplayer rules), as :class:`~py_engine.core.Outcome`
    gives it: ``ending`` is an :class:`~py_engine.core.Ending` value."""

    winners: list[int]
    reason: str
    ending: str


# ---- the resolution stack --------------------------------------------------------------

class PlanFrame(TypedDict):
    """A planner waiting to run or to be answered (:mod:`.effects`): the planner key
    ``fn`` (``card:<id>``, ``ab:<id>:<n>``, ``w:<window>``...), the ``seat`` it plans for,
    its ``args`` (planner-specific), and the answers given so far (``ans``)."""

    k: Literal["plan"]
    fn: str
    seat: int
    args: dict[str, Any]
    ans: list[ActionJson]


class SeatOp(TypedDict):
    """An operation on one seat: a turn starts or ends (TB Turn structure), an upgrade
    (TB Upgrade), a Loss of Faith to come, a finished relocate (R8), Pillage showing the
    tucked cards (R11)."""

    k: Literal["start_turn", "end_turn", "upgrade", "lof", "relocated", "show_tucked"]
    seat: int


class CardOp(TypedDict):
    """A card moves for ``seat``: discarded from the hand, taken from the discard pile,
    a site entering play, a discarded site rebuilt (Replicator)."""

    k: Literal["discard_hand", "take_discard", "enter_site", "rebuild"]
    seat: int
    card: str


class CardOnSiteOp(TypedDict):
    """``seat`` puts ``card`` on site ``site``: tucked from the hand (TB Tuck a card) or
    attached (TB Attachments)."""

    k: Literal["tuck", "attach"]
    seat: int
    card: str
    site: int


class SiteCountOp(TypedDict):
    """``n`` followers gained from the supply or placed after a pass (TB Team
    multiplayer), or ``n`` counters removed, on site ``site``."""

    k: Literal["gain", "place", "remove_counters"]
    site: int
    n: int


class ResetSiteOp(TypedDict):
    """Site ``site`` may use an ability again this turn (Bank)."""

    k: Literal["reset_site"]
    site: int


class DrawOp(TypedDict):
    """``seat`` draws the top card of the level ``stack`` stack (R6)."""

    k: Literal["draw"]
    seat: int
    stack: int


class MillOp(TypedDict):
    """``n`` cards from the top of the level ``stack`` stack go to the discard pile
    (Alien Weapon)."""

    k: Literal["mill"]
    stack: int
    n: int


class ActionsOp(TypedDict):
    """``seat`` gains ``n`` actions (only in its own turn)."""

    k: Literal["actions"]
    seat: int
    n: int


class FirstPlayerOp(TypedDict):
    """The Team Barons' choice of who starts: ``seat``, after ``proposed`` was proposed
    (TB Three-player rules)."""

    k: Literal["first_player"]
    seat: int
    proposed: int


class PassCardOp(TypedDict):
    """``seat`` passes ``card`` face down to its teammate ``to`` (TB Team multiplayer)."""

    k: Literal["pass_card"]
    seat: int
    to: int
    card: str


class UntuckOp(TypedDict):
    """``seat`` takes the tucked card at ``index`` under site ``site`` into its hand
    (Pillage)."""

    k: Literal["untuck"]
    seat: int
    site: int
    index: int


class MoveOp(TypedDict):
    """``seat`` moves followers between its own sites: ``take`` and ``put`` are
    ``[site id, n]`` pairs (TB Relocate). In a full relocate of a team game ``passed`` of
    them go to the teammate ``mate``; ``relocate``: the move is a relocate that opponents
    may answer at once (R8)."""

    k: Literal["move"]
    seat: int
    take: list[list[int]]
    put: list[list[int]]
    relocate: NotRequired[bool]
    passed: NotRequired[int]
    mate: NotRequired[int]


class StealOp(TypedDict):
    """``seat`` steals followers from site ``frm`` onto its own sites, ``put`` as
    ``[site id, n]`` pairs (TB Damage: steal)."""

    k: Literal["steal"]
    seat: int
    frm: int
    put: list[list[int]]


class RedirectOp(TypedDict):
    """Hit ``hit`` of the batch frame at index ``batch`` goes to site ``site`` instead
    (Misinformation)."""

    k: Literal["redirect"]
    batch: int
    hit: int
    site: int


class ReduceOp(TypedDict):
    """Hit ``hit`` of the batch frame at index ``batch`` deals ``n`` less (Cannon Fodder)."""

    k: Literal["reduce"]
    batch: int
    hit: int
    n: int


class PreventOp(TypedDict):
    """Force Field ``by`` prevents hit ``hit`` of the batch frame at index ``batch``."""

    k: Literal["prevent"]
    batch: int
    hit: int
    by: int


class MoveCountersOp(TypedDict):
    """``n`` counters move from site ``frm`` to site ``to`` (Mason's Guild)."""

    k: Literal["move_counters"]
    frm: int
    to: int
    n: int


class MoveAttachmentOp(TypedDict):
    """The attachment at ``index`` on site ``frm`` moves to site ``to`` (Supply Depot)."""

    k: Literal["move_attachment"]
    frm: int
    index: int
    to: int


class CancelOp(TypedDict):
    """Trade Agreement played by ``by`` cancels the play frame at index ``play`` (R5)."""

    k: Literal["cancel"]
    play: int
    by: int


class TransferSiteOp(TypedDict):
    """Site ``site`` changes owner to ``to``, with everything on it (Assimilation)."""

    k: Literal["transfer_site"]
    site: int
    to: int


class PlayOp(TypedDict):
    """``seat`` plays ``card`` (TB Play a card; R13) from its hand or, for Power Plant,
    from the discard pile (``src``; ``pp``: the Power Plant that replays it), paying its
    cost unless ``free``. ``phase`` 0: not yet paid; 1: paid, opponents' Trade Agreement
    window opened (R5). ``ctx``: arguments for the card's planner (a reaction's
    trigger); ``cancelled``: the seat whose Trade Agreement cancelled it."""

    k: Literal["play"]
    seat: int
    card: str
    free: bool
    src: Literal["hand", "discard"]
    phase: int
    pp: NotRequired[int]
    ctx: NotRequired[dict[str, Any]]
    cancelled: NotRequired[int]


class FinishOp(TypedDict):
    """A played card has resolved: it leaves limbo for the discard pile, or is tucked
    under Power Plant ``pp`` (None if not replayed by one)."""

    k: Literal["finish"]
    seat: int
    card: str
    pp: int | None


class AbilityDoneOp(TypedDict):
    """Ability ``n`` of site ``site`` (used by ``seat``) has resolved: Sentient AI may
    repeat it unless this was the repeat (``repeat``); ``args``: what a repeat needs."""

    k: Literal["ability_done"]
    seat: int
    site: int
    n: int
    repeat: bool
    args: dict[str, Any]


class BatchOp(TypedDict):
    """One batch of damage and kills, applied at once (R4): ``hits``, ``kills`` (``[site
    id, n]``), sites destroyed outright (``destroy``), the seat whose effect it is (``src``,
    None for none), a ``label`` for the log. ``phase`` 1: the owners' pre-damage windows
    are open (R5). ``oil``: the seat that gains actions for the damage dealt (Oil
    Drilling)."""

    k: Literal["batch"]
    src: int | None
    hits: list[Hit]
    kills: list[list[int]]
    destroy: list[int]
    label: str
    phase: int
    oil: NotRequired[int]


#: A frame of the resolution stack (``state["frames"]``, top = last): a planner frame or an
#: operation frame, told apart by ``k``.
Frame = (PlanFrame | SeatOp | CardOp | CardOnSiteOp | SiteCountOp | ResetSiteOp | DrawOp | MillOp
         | ActionsOp | FirstPlayerOp | PassCardOp | UntuckOp | MoveOp | StealOp | RedirectOp | ReduceOp
         | PreventOp | MoveCountersOp | MoveAttachmentOp | CancelOp | TransferSiteOp | PlayOp | FinishOp
         | AbilityDoneOp | BatchOp)


class TimeBaronsState(CoreState):
    """Time Barons' state (the docstring of :mod:`.rules` says what each key holds). For
    mypy only: at run time it is the plain dict every engine keeps
    (:data:`~py_engine.core.State`). ``by`` exists only while an action is applied."""

    players: list[Player]
    sites: list[Site]
    next_id: int
    stacks: list[list[str]]
    ran_out: list[bool]
    discard: list[str]
    limbo: list[str]
    active: int
    actions: int
    turn: int
    opening: list[int]
    teams: list[list[int]]
    blocked: int | None
    eod: bool
    frames: list[Frame]
    ask: Ask | None
    result: Result | None
    dealt: str
    box: dict[str, int]
    hammer: int | None
    out: list[int]
    solo: int | None
    last_tb: int | None
    stacked: int
    by: NotRequired[int]
    #: Only in a search's copy (:meth:`.rules.TimeBarons.search_root`): decisions are stored
    #: without labels, targets or prompts.
    lean: NotRequired[bool]


def tbs(state: Mapping[str, Any]) -> TimeBaronsState:
    """``state`` read as a :class:`TimeBaronsState` (no copy, no check: a cast for mypy)."""
    return cast(TimeBaronsState, state)


def batch_at(state: TimeBaronsState, ix: int) -> BatchOp:
    """The batch frame at index ``ix`` of the stack, which a pre-damage window or an answer
    to it names (R5): it stays below them until they are resolved."""
    f = state["frames"][ix]
    assert f["k"] == "batch", f
    return f


def play_at(state: TimeBaronsState, ix: int) -> PlayOp:
    """The play frame at index ``ix`` of the stack, which a Trade Agreement window or the
    cancel it plans names (R5): it stays below them until they are resolved."""
    f = state["frames"][ix]
    assert f["k"] == "play", f
    return f
