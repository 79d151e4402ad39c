"""The table's taps (issue 49 §2; :mod:`tb_ui.events`): play, ask first, undo, hand a seat to a
bot and take it back, the hand-off, a table's own view state, the log, skip, the catch-up, hints,
rematch and leaving. Each reads a typed payload; an action button that is not one is refused in
one place ("That button is not an action."). The table itself is drawn by :mod:`tb_ui.tables`.

On a guest phone (the join screen) the same buttons act at the host's table: the tap goes to the
host as a message (:class:`tb_ui.phones.GuestTable`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import Action, IllegalAction, SaveError
from py_engine.core.wording import a_an

from .events import BadPayload, Effects, NoPayload, handles, int_or_none
from .html import jattr
from .phones import HostTable, guest_table_ui, phone_seats
from .tables import table_ui
from .tutorial import refusal

NOT_AN_ACTION = "That button is not an action."


if TYPE_CHECKING:
    from .phones import GuestHost
    from .tables import MatchApp

    class TableHost(MatchApp, GuestHost, Protocol):
        """What the table's taps read and do of the app, besides what its table shows
        (:class:`~tb_ui.tables.MatchApp`): the bots, hints, the lesson's refusals and the phones
        at the table."""

        screen: str
        coach_refused: str | None
        hint: dict[str, Any] | None
        paced_last: bool
        skipped: bool
        bots_timed: bool
        net: HostTable | None
        scan: dict[str, Any] | None

        def go(self, screen: str) -> None: ...
        def label_action(self, seat: int, action: Any) -> None: ...
        def after_action(self, seat: int, action: Any) -> None: ...
        def autosave(self) -> None: ...
        def mark_seen(self, only_if_unset: bool = False) -> None: ...
        def hint_offered(self) -> bool: ...
        def hint_key(self) -> tuple[int, int, int | None]: ...
        def live_hint(self) -> dict[str, Any] | None: ...
        def guest_send(self, text: str | None, stale: str) -> None: ...
        def new_match(self, game_id: str, seats: list[Any], options: dict[str, Any],
                      phones: list[int] | None = None, keep: HostTable | None = None) -> None: ...


# ---- payloads -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ActionTap:
    """An action button: the ``action`` it plays, drawn for state ``n`` (-1 if unknown) and the
    acting ``seat`` (the page adds both from the screen; None on a guest phone's caution).
    Raises BadPayload if the button carries no action."""

    seat: int | None
    n: int
    action: Action

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> ActionTap:
        try:
            action = Action.from_json(json.loads(raw["a"]))
        except (KeyError, TypeError, ValueError, SaveError) as e:
            raise BadPayload(NOT_AN_ACTION) from e
        n = int_or_none(raw.get("n", -1))
        return cls(int_or_none(raw.get("seat")), -1 if n is None else n, action)


@dataclass(frozen=True)
class SeatOnly:
    """A tap naming a seat (None: none, or not a number)."""

    seat: int | None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> SeatOnly:
        return cls(int_or_none(raw.get("seat")))


@dataclass(frozen=True)
class Level:
    """A bot level chosen ("" if none)."""

    level: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Level:
        return cls(str(raw.get("level", "")))


@dataclass(frozen=True)
class RawTap:
    """A table's own view-state tap (a placement preview, an expanded stack), passed on as the
    page gave it to the game's renderer (``on_ui(app, data)`` of its module reads it)."""

    data: dict[str, Any]

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> RawTap:
        return cls(dict(raw))


@dataclass(frozen=True)
class LogAll:
    """The whole game log (``all``) or its latest lines."""

    all: bool

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> LogAll:
        return cls(raw.get("all") == "yes")


# ---- playing ----------------------------------------------------------------------------------------
@handles("play", ActionTap)
def play(app: TableHost, p: ActionTap) -> Effects:
    """Play the tapped action, if it was drawn for this position and this seat's turn."""
    if app.screen == "join":
        _guest_play(app, p)
        return None
    m = app.match
    if m is None or app.screen != "table":
        return None
    app.table_ui.pop("caution", None)
    if p.seat is None:
        app.error = NOT_AN_ACTION
        return None
    if p.n != m.state["n"]:
        app.error = "The game moved on since that button was drawn; nothing was changed."
        return None
    if p.seat != app.acting_seat():
        app.error = "It is not your turn."
        return None
    if _refused(app, p.seat, p.action):
        return None
    try:
        app.label_action(p.seat, p.action)
        m.apply(p.seat, p.action)
    except IllegalAction as e:
        app.error = str(e)
        return None
    app.after_action(p.seat, p.action)
    return None


def _guest_play(app: TableHost, p: ActionTap) -> None:
    g = app.guest
    if g is None or g.msg is None or g.state != "joined":
        app.error = "This phone is not at a table now: join again."
        return
    if p.seat is None:
        app.error = NOT_AN_ACTION
        return
    g.table_ui.pop("caution", None)
    app.guest_send(g.act(p.seat, p.n, p.action), "The game moved on since that button was drawn; nothing was sent.")


@handles("caution", ActionTap)
def caution(app: TableHost, p: ActionTap) -> Effects:
    """An option that harms the player's own side (its view entry has a ``caution``) or spends
    from a board tap: open its confirmation (:func:`tb_ui.parts.caution_dialog`) instead of
    playing it; nothing in the game changes."""
    a = jattr(p.action.to_json())
    g = app.guest
    if app.screen == "join" and g is not None and g.msg is not None:
        g.table_ui["caution"] = {"n": p.n, "a": a}
        return None
    m = app.match
    if m is None or app.screen != "table":
        return None
    if p.seat is None:
        app.error = NOT_AN_ACTION
        return None
    if p.n != m.state["n"] or p.seat != app.acting_seat():
        app.error = "The game moved on since that button was drawn; nothing was changed."
        return None
    if _refused(app, p.seat, p.action):
        return None
    app.table_ui["caution"] = {"n": p.n, "a": a}
    return None


def _refused(app: TableHost, seat: int, action: Action) -> bool:
    """In a lesson, a choice other than the scripted one is refused with the coach's reason
    (:func:`tb_ui.tutorial.refusal`), nothing changed; True if so."""
    why = refusal(app.match, seat, action)
    app.coach_refused = why
    return why is not None


@handles("caution-cancel", NoPayload)
def caution_cancel(app: TableHost, p: NoPayload) -> Effects:
    """Close an open confirmation without playing anything."""
    app.table_ui.pop("caution", None)
    if app.guest is not None:
        app.guest.table_ui.pop("caution", None)
    return None


@handles("reselect", ActionTap)
def reselect(app: TableHost, p: ActionTap) -> Effects:
    """Pick another card after choosing one: undo the choice, then choose again."""
    m = app.match
    seat = app.acting_seat()
    if m is None or seat is None or p.seat != seat or not m.can_undo(seat):
        app.error = "You cannot change your choice now."
        return None
    old = m.actions[-1][1]
    if refusal(m, seat, p.action) is not None and m.actions[-1][1] != p.action:
        # a lesson's scripted choice stands; the reason is the next step's own
        app.coach_refused = "Not now: in this lesson, keep the card you chose."
        return None
    m.undo(seat)
    try:
        m.apply(seat, p.action)
    except IllegalAction as e:
        m.apply(seat, old)
        app.error = str(e)
        return None
    app.after_action(seat, p.action)
    return None


@handles("undo", NoPayload)
def undo(app: TableHost, p: NoPayload) -> Effects:
    """Take back the seat's last choice (or say why it stands: :meth:`Match.why_no_undo`)."""
    g = app.guest
    if app.screen == "join" and g is not None:
        seat = g.perspective()
        app.guest_send(g.undo(seat) if seat is not None else None, "Nothing to undo.")
        return None
    m = app.match
    seat = app.acting_seat()
    if m is None or seat is None or not m.can_undo(seat):
        app.error = (m.why_no_undo(seat) if m is not None and seat is not None else None) or "Nothing to undo."
        return None
    m.undo(seat)
    app.fresh_action = None
    app.hint = None
    app.error = None
    if app.net is not None:
        app.net.changed()
    app.autosave()
    return None


# ---- a seat handed to a bot (issue 48 §3) ---------------------------------------------------------------
@handles("hand-over", Level)
def hand_over(app: TableHost, p: Level) -> Effects:
    """Let a bot of level ``p.level`` play the seat the table shows to the end (the player
    watches, and may take the seat back: "take-back"). Nothing is played or taken back; the bot
    decides from where the game stands."""
    m = app.match
    if p.level not in app.hand_over_levels():
        app.error = "This seat cannot be handed to a bot now; nothing was changed."
        return None
    seat = app.perspective()
    assert m is not None and seat is not None
    m.hand_over(seat, p.level)
    m.meta["holder"] = seat  # the table stays turned to the player watching their seat
    app.paced_last = True  # the bot's first move waits the bot speed's pause: Undo can come first
    app.hint = None
    app.table_ui.pop("caution", None)
    app.error = None
    app.notice = f"{a_an(p.level + ' bot').capitalize()} now plays for {m.seats[seat].name}. Undo takes the seat back."
    app.autosave()
    return None


@handles("take-back", SeatOnly)
def take_back(app: TableHost, p: SeatOnly) -> Effects:
    """The player takes back the seat they handed to a bot: they decide again from where the game
    stands; the bot's moves stay made."""
    m = app.match
    if m is None or m.is_over() or p.seat is None or p.seat != app.handed_seat():
        app.error = "That seat is not played by a bot for you; nothing was changed."
        return None
    m.take_back(p.seat)
    m.meta["holder"] = p.seat
    app.skipping = False
    app.fresh_action = None
    app.error = None
    app.notice = f"{m.seats[p.seat].name} plays again."
    app.autosave()
    return None


# ---- the table's other taps ----------------------------------------------------------------------------
@handles("handoff-ok", SeatOnly)
def handoff_ok(app: TableHost, p: SeatOnly) -> Effects:
    """The device reached the player the hand-off screen named."""
    seat = app.handoff_seat()
    if seat is not None and p.seat == seat:
        app.match.meta["holder"] = seat
        app.autosave()
    return None


@handles("table-ui", RawTap)
def table_view(app: TableHost, p: RawTap) -> Effects:
    """A table's own view state (a placement preview, an expanded stack): handled by the game's
    renderer (``on_ui(app, data)`` in its module); the game is unchanged."""
    if app.screen == "join" and app.guest is not None and app.guest.msg is not None:
        guest_table_ui(app, p.data)
        return None
    if app.match is None or app.screen != "table" or app.handoff_seat() is not None:
        return None
    table_ui(app, p.data)
    return None


@handles("log-toggle", NoPayload)
def log_toggle(app: TableHost, p: NoPayload) -> Effects:
    """Open or fold the game log (it opens on its latest lines)."""
    app.log_open = not app.log_open
    app.log_all = False
    return None


@handles("log-all", LogAll)
def log_all(app: TableHost, p: LogAll) -> Effects:
    """The whole game log, or only its latest lines again."""
    app.log_all = p.all
    return None


@handles("skip", NoPayload)
def skip(app: TableHost, p: NoPayload) -> Effects:
    """Skip to my turn: the bots play on at full speed (no pause, no drawing of each move); what
    they did is then listed in one panel (and the log)."""
    if app.bot_pending():
        if not app.skipped:
            app.mark_seen(only_if_unset=True)
        app.skipping = app.skipped = True
    return None


@handles("catchup-ok", NoPayload)
def catchup_ok(app: TableHost, p: NoPayload) -> Effects:
    """Hide the catch-up: it lists from now on only what happens next."""
    if app.match is not None:
        app.mark_seen()
        app.skipped = False
    return None


@handles("hint", NoPayload)
def hint(app: TableHost, p: NoPayload) -> Effects:
    """Ask for a hint: the hint bot starts thinking (stepped by the browser layer with
    ``App.hint_pending``, like a bot); the player may still act or cancel meanwhile."""
    if not app.hint_offered() or app.live_hint() is not None:
        return None
    seat = app.acting_seat()
    assert seat is not None
    thinking = app.match.hint(seat, time_limited=app.bots_timed)
    if thinking is None:
        return None
    app.hint = {"key": app.hint_key(), "thinking": thinking, "result": None, "scroll": False}
    app.error = None
    return None


@handles("hint-cancel", NoPayload)
def hint_cancel(app: TableHost, p: NoPayload) -> Effects:
    """Cancel the hint being looked for, or hide the one shown."""
    app.hint = None
    return None


@handles("rematch", NoPayload)
def rematch(app: TableHost, p: NoPayload) -> Effects:
    """The same game again, same seats and options (a table across phones keeps its phones)."""
    m = app.match
    if m is not None:
        app.new_match(m.game.id, list(m.seats), dict(m.options), phone_seats(m), keep=app.net)
    return None


@handles("leave", NoPayload)
def leave(app: TableHost, p: NoPayload) -> Effects:
    """Leave the table for the library (the game stays saved; a guest phone leaves its host's
    table, which then waits for it or hands its seat on). A guest at a game that runs is asked
    first (issue 47): leaving drops its link, and only the host can invite it back."""
    g = app.guest
    if (app.screen == "join" and g is not None and g.state == "joined" and g.msg is not None
            and "reveal" not in g.msg and not g.leaving):
        g.leaving = True
        return None
    app.error = None
    app.scan = None
    app.go("library")
    if g is not None:
        app.guest = None
        return {"link": {"op": "close-host"}}
    return None


@handles("leave-confirm", NoPayload)
def leave_confirm(app: TableHost, p: NoPayload) -> Effects:
    """The guest confirmed leaving the host's table."""
    if app.guest is not None:
        app.guest.leaving = True
    return leave(app, p)


@handles("leave-cancel", NoPayload)
def leave_cancel(app: TableHost, p: NoPayload) -> Effects:
    """The guest stays at the host's table."""
    if app.guest is not None:
        app.guest.leaving = False
    return None
