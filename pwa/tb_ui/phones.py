"""A table across phones in the app (issue 27): the host's phone seats and a guest's table.

The host phone holds the match. A seat played on another phone is a human seat listed in the
match's ``meta["phones"]`` (so the autosave keeps it, and a host that reloads finds its phone seats
again); :class:`HostTable` follows each such phone's link and writes what to send into an outbox
that the browser layer empties onto the links (:mod:`tb_ui.worker`, then ``pwa/tb-page.mjs``). The messages are those of
:mod:`py_engine.core.host`: a guest receives only its seat's view and the table's public facts,
and sends only actions, checked like any other input.

A guest phone holds no match: :class:`GuestTable` keeps the host's latest message and draws the
seat's table from the view in it, with the same table renderers as a table on one device (they
draw from a :class:`~tb_ui.context.TableContext` only).

Neither class touches the network: the browser layer makes the links (``pwa/table-link.mjs``),
draws and reads the QR codes (``pwa/table-qr.mjs``) and calls back ``joined``, ``lost``,
``message``... The link's states, as the host's table shows them per phone seat: ``away`` (no
link: invite), ``inviting`` (its code is shown, waiting for the guest's), ``joining`` (the guest's
code was taken, the link is opening), ``here``.
"""

from __future__ import annotations

import itertools
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from py_engine import __version__
from py_engine.core import Match, Seat
from py_engine.core.host import (
    HONEST,
    Ledger,
    Move,
    Refusal,
    RevealCheck,
    TableHost,
    act_message,
    encode,
    undo_message,
)
from py_engine.core.safejson import UnsafeJson, loads_limited
from py_engine.games import get as get_game
from py_engine.games import ids as game_ids

from .context import TableApp, TableContext
from .events import Effects, NoPayload, handles, int_or_none
from .html import Markup, attrs, button, html, join, plural
from .parts import alerts, appbar
from .replay import Stage
from .tables import RENDERERS, render_with

#: The largest host message a guest reads (bytes): a view of the busiest game is tens of KB.
MAX_TABLE_BYTES = 4_000_000
#: States of a phone seat's link on the host (module docstring).
PHONE_STATES = ("away", "inviting", "joining", "here")
_SALT = re.compile(r"^[0-9a-f]{32}$")
_SESSIONS = itertools.count(1)


def phone_seats(match: Match) -> list[int]:
    """The seats of ``match`` played on other phones (``meta["phones"]``), sorted; [] if none or
    unreadable (a save edited by hand: its seats are then played on this device)."""
    raw = match.meta.get("phones")
    if not isinstance(raw, list):
        return []
    n = len(match.seats)
    return sorted({s for s in raw if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n
                   and match.seats[s].kind == "human"})


def short_commitment(commitment: str) -> str:
    """The first 12 hex digits of a commitment in groups of four, to read aloud and compare
    between phones: ``"3f2a 9c1b 07de"``."""
    c = commitment[:12]
    return " ".join(c[i:i + 4] for i in range(0, len(c), 4))


@dataclass
class Phone:
    """One phone seat's link as the host sees it: ``state`` (:data:`PHONE_STATES`), the host's
    code while inviting (None while it is being made), why the last attempt failed, and how many
    of its messages were refused since it joined (``refused``, the latest reason in
    ``last_refusal``): the host is told (issue 47)."""

    state: str = "away"
    code: str | None = None
    error: str | None = None
    refused: int = 0
    last_refusal: str | None = None


def flooded(name: str) -> str:
    """What the host is told when ``name``'s phone sent more messages than a player can (its
    link's budget, ``pwa/table-link.mjs``) and was disconnected."""
    return (f"{name}’s phone sent too many messages and was disconnected. Invite it again, or play the "
            "seat here or let a bot play it.")


class HostTable:
    """The host's side of a table across phones, for the match on the table.

    ``match``: the host's match, with its phone seats in ``meta["phones"]``; the commitment's
    salt is kept in ``meta["salt"]`` (drawn here the first time) and the table's journal (every
    change, :class:`~py_engine.core.host.TableHost`) in ``meta["journal"]``, so a host that
    reloads shows the same commitment and goes on counting revisions where it stopped, and its
    reveal at the end lets every guest replay the whole game. ``phones`` and ``session``: the
    links of the table this one follows, kept (a rematch keeps the phones that are here, or a
    seat handed from a phone to this device).
    """

    def __init__(self, match: Match, phones: dict[int, Phone] | None = None, session: int | None = None) -> None:
        #: Which links this table uses: a new number for a new table, the old one when ``phones``
        #: are kept (a rematch). The browser layer closes every link of another session.
        self.session = session if session is not None else next(_SESSIONS)
        salt = match.meta.get("salt")
        if not isinstance(salt, str) or not _SALT.match(salt):
            salt = match.meta["salt"] = secrets.token_hex(16)
        journal = match.meta.get("journal")
        self.host = TableHost(match, salt, journal if isinstance(journal, list) else None)
        match.meta["journal"] = self.host.journal
        old = phones or {}
        self.phones: dict[int, Phone] = {s: old.get(s) or Phone() for s in phone_seats(match)}
        #: (seat, message text) to send, in order; the browser layer empties it (:meth:`take`).
        self.outbox: list[tuple[int, str]] = []
        self.broadcast()

    @property
    def match(self) -> Match:
        return self.host.match

    def away(self) -> list[int]:
        """The phone seats whose phones are not connected now."""
        return [s for s, p in self.phones.items() if p.state != "here"]

    def broadcast(self) -> None:
        """Send every connected phone its seat's table as it is now."""
        away = self.away()
        for s, p in self.phones.items():
            if p.state == "here":
                self.outbox.append((s, encode(self.host.table_message([s], away))))

    def changed(self) -> None:
        """The table changed on the host (any action, an undo): every phone is told."""
        self.host.changed()
        self.broadcast()

    def take(self) -> list[tuple[int, str]]:
        """The messages to send now, in order (and the outbox emptied). A table message says the
        whole table, so of several queued for one phone since the last send only the latest is
        sent (a phone redraws once for a burst of changes)."""
        last = {seat: i for i, (seat, text) in enumerate(self.outbox) if text.startswith('{"type":"table"')}
        out = [(seat, text) for i, (seat, text) in enumerate(self.outbox)
               if not text.startswith('{"type":"table"') or last[seat] == i]
        self.outbox = []
        return out

    # ---- a phone's link (called by the browser layer) ---------------------------------------
    def _phone(self, seat: int) -> Phone:
        if seat not in self.phones:
            raise KeyError(f"seat {seat} is not played on another phone")
        return self.phones[seat]

    def inviting(self, seat: int) -> None:
        """A code for ``seat`` is being made."""
        p = self._phone(seat)
        p.state, p.code, p.error = "inviting", None, None

    def offered(self, seat: int, code: str) -> None:
        """The host's code for ``seat`` is ready to show."""
        p = self._phone(seat)
        if p.state == "inviting":
            p.code = code

    def joining(self, seat: int) -> None:
        """The guest's code for ``seat`` was taken: the link is opening."""
        self._phone(seat).state = "joining"

    def retry(self, seat: int, why: str) -> None:
        """The guest's code for ``seat`` could not be read: back to showing the same invitation."""
        p = self._phone(seat)
        if p.state == "joining" and p.code is not None:
            p.state, p.error = "inviting", why

    def joined(self, seat: int) -> None:
        """The link of ``seat`` is open: its phone gets the table (and the others who is away)."""
        p = self._phone(seat)
        p.state, p.code, p.error, p.refused, p.last_refusal = "here", None, None, 0, None
        self.broadcast()

    def lost(self, seat: int, why: str | None = None) -> None:
        """The link of ``seat`` closed or never opened (``why``: what to tell the host)."""
        if seat not in self.phones:
            return
        p = self.phones[seat]
        was_here = p.state == "here"
        p.state, p.code, p.error = "away", None, why
        if was_here:
            self.broadcast()

    def receive(self, seat: int, text: str) -> Move | None:
        """A message from the phone of ``seat``: the move to apply (the app applies it and then
        calls :meth:`changed`), or None when it was refused (the refusal is queued for that
        phone) or came from a phone that is not at the table."""
        if self.phones.get(seat, Phone()).state != "here":
            return None
        move = self.host.check([seat], text)
        if isinstance(move, Refusal):
            p = self.phones[seat]
            p.refused += 1
            p.last_refusal = move.reason
            self.outbox.append((seat, encode(self.host.refusal_message(move))))
            return None
        return move

    def waiting_for(self) -> list[int]:
        """The phone seats to act now whose phones are not connected: the table waits for them."""
        m = self.match
        if m.is_over():
            return []
        return [s for s in m.to_act() if s in self.phones and self.phones[s].state != "here"]


def add_phone_seats(meta: dict[str, Any], seats: list[int]) -> None:
    """Mark ``seats`` of a new match as played on other phones (``meta["phones"]``)."""
    if seats:
        meta["phones"] = sorted(seats)


# ---- the guest ----------------------------------------------------------------------------------
class Seals(Protocol):
    """Where a guest phone keeps the deal seals it saw (``tb_ui.store.SealBook`` on the device)."""

    def get(self, deal: str) -> Ledger | None:
        """The ledger of ``deal``, or None if this phone never saw it."""
        ...

    def put(self, ledger: Ledger) -> None:
        """Keep ``ledger`` (written through to the device)."""
        ...


@dataclass
class GuestTable:
    """A guest phone's table: where joining stands and the host's latest message.

    ``state``: ``scan`` (read the host's code), ``answering`` (making this phone's code),
    ``answer`` (show :attr:`code` to the host), ``joined`` (the link is open; the table arrives
    with the host's first message), ``lost`` (the link closed: join again with a new code).

    The seal (issue 47): the first message of a deal starts its :class:`~py_engine.core.host.Ledger`
    (the commitment, the table's setup, the digest of every view received), kept in ``seals``
    (on the device: a rejoin or a reload of this phone keeps it). A later message of the same
    deal with another commitment, or another game or options, is refused, however the phone
    joined again; a message of another deal is a new game (a rematch), and the player is told.
    Once the host reveals the deal at the end, :attr:`check` replays the game from the revealed
    seed and compares every view received (the browser layer steps it in slices).
    """

    state: str = "scan"
    code: str | None = None
    msg: dict[str, Any] | None = None
    #: The commitment of the deal on the table (the reveal at the end is checked against it).
    commitment: str | None = None
    #: The deal the commitment belongs to (``"deal"`` of the host's messages): another deal is a
    #: new game at the table (a rematch), with its own commitment.
    deal: str | None = None
    #: A line for the player about the table itself (a new game began), shown once.
    news: str | None = None
    table_ui: dict[str, Any] = field(default_factory=dict)
    #: The revision of the table last drawn with an action just sent (buttons of that revision
    #: are not sent twice).
    sent: int | None = None
    #: The device's kept seals (None: kept for this table only, as in tests of one message).
    seals: Seals | None = None
    #: What this phone received under the deal on the table.
    ledger: Ledger | None = None
    #: The check of the host's reveal, once it came (the game is over).
    check: RevealCheck | None = None
    #: The player tapped "‹ Games" at a running table: the question "leave the table?" is open.
    leaving: bool = False

    @property
    def seats(self) -> list[int]:
        """The seats this phone plays (from the host's message), [] before it."""
        return sorted(int(s) for s in self.msg["seats"]) if self.msg else []

    def receive(self, text: str) -> str | None:
        """Read a message of the host. Returns what to tell the player (a refusal's reason, a
        message that could not be read or cannot be trusted), or None. A table message replaces
        the table shown."""
        try:
            msg = loads_limited(text.encode(), max_bytes=MAX_TABLE_BYTES, max_depth=64)
        except (UnsafeJson, UnicodeEncodeError):
            return "The host’s phone sent something this app cannot read."
        if not isinstance(msg, dict):
            return "The host’s phone sent something this app cannot read."
        if msg.get("type") == "refused":
            self.sent = None
            return str(msg.get("reason") or "The host did not take that move.")
        if msg.get("type") != "table":
            return None  # a kind of message of a later version: nothing to do with it
        problem = table_problem(msg)
        if problem:
            return problem
        deal, commitment = str(msg.get("deal")), str(msg["commitment"])
        kept = self.ledger if self.ledger is not None and self.ledger.deal == deal else None
        if kept is None and self.seals is not None:
            kept = self.seals.get(deal)
        if kept is not None and kept.commitment != commitment:
            return (f"The host’s phone shows another seal for this game’s deal ({short_commitment(commitment)}) than "
                    f"this phone saw when it first joined ({short_commitment(kept.commitment)}): the deal was changed, "
                    "so this table can no longer be trusted.")
        if kept is not None and (kept.game != msg["game"] or kept.options != msg["options"]):
            return ("The host’s phone changed this game’s setup in the middle of the game: this table can no longer "
                    "be trusted.")
        if self.deal is not None and deal != self.deal:
            self.table_ui = {}
            self.check = None
            self.news = "A new game began at the host’s table, with a new deal seal."
        ledger = kept if kept is not None else Ledger(deal, commitment, str(msg["game"]), dict(msg["options"]))
        ledger.record(msg)
        if self.seals is not None:
            self.seals.put(ledger)
        self.ledger, self.commitment, self.deal = ledger, commitment, deal
        # the table's own view state (the map shown, a fold-out open) stays across moves, as on
        # the host's own table; only a confirmation asked at the last position goes
        self.table_ui.pop("caution", None)
        self.msg = msg
        self.sent = None
        if "reveal" in msg and self.check is None:
            self.check = RevealCheck(ledger, msg["reveal"])
        return None

    def reveal_checked(self) -> bool | None:
        """Once the game is over and the check of the host's reveal is done: True if every view
        this phone received matches the sealed deal, False if not; None while the game runs or
        the check is under way."""
        c = self.check
        if c is None or not c.done:
            return None
        return c.outcome == HONEST

    def checking(self) -> bool:
        """True while the reveal's check has work left (the browser layer steps it)."""
        return self.check is not None and not self.check.done

    def link_note(self) -> str | None:
        """The connection, for the table's pinned bar: the link lost, or who is away."""
        if self.state == "lost":
            return "The link to the host’s phone was lost: join again."
        if not self.msg or "reveal" in self.msg:
            return None
        names = list(self.msg["seats"][str(self.seats[0])]["seats"]) if self.seats else []
        away = [names[s] for s in self.msg["away"] if isinstance(s, int) and 0 <= s < len(names)]
        if away:
            return f"Not connected: {', '.join(away)}. The table waits for them."
        return None

    def perspective(self) -> int | None:
        """The seat drawn: the first of this phone's seats to act, else its first seat."""
        if not self.msg:
            return None
        held = self.seats
        for s in held:
            if self.msg["seats"][str(s)]["actions"]:
                return s
        return held[0] if held else None

    def context(self) -> TableContext:
        """The seat's table as the renderers draw it (the view the host sent, nothing else).

        Raises:
            RuntimeError: no table has arrived yet."""
        msg = self.msg
        if msg is None:
            raise RuntimeError("no table from the host yet")
        seat = self.perspective()
        view = msg["seats"][str(seat)]
        acting = seat if view["actions"] and self.sent != msg["revision"] else None
        return TableContext(
            view=view, perspective=seat, acting=acting, actions=view["actions"] if acting is not None else [],
            can_undo=seat in msg["undo"] and self.sent != msg["revision"],
            reselect=False, n=int(msg["revision"]), fresh=None, kinds=list(msg["kinds"]),
            levels=list(msg["levels"]), game=get_game(msg["game"]), options=dict(msg["options"]),
            guest=True, link=self.link_note())

    def act(self, seat: int, n: int, action: Any) -> str | None:
        """The message playing ``action`` (an :class:`~py_engine.core.Action`) for ``seat`` on
        the table of revision ``n`` as drawn, or None when that button is out of date (another
        revision, or a move already sent from it)."""
        if not self.msg or n != self.msg["revision"] or self.sent == n or seat not in self.seats:
            return None
        self.sent = n
        return encode(act_message(n, seat, action))

    def undo(self, seat: int) -> str | None:
        """The message taking back ``seat``'s last action, or None if the host does not offer it."""
        if not self.msg or seat not in self.msg["undo"] or self.sent == self.msg["revision"]:
            return None
        self.sent = int(self.msg["revision"])
        return encode(undo_message(int(self.msg["revision"]), seat))


def table_problem(msg: dict[str, Any]) -> str | None:
    """Why a host's table message cannot be drawn on this phone (another app version, a game
    this phone does not have, a malformed message), or None."""
    engine = msg.get("engine")
    if engine != __version__:
        return (f"The host’s app ({engine}) is not this phone’s ({__version__}): open the app on both "
                "phones while online once so that both update, then join again.")
    seats = msg.get("seats")
    ok = (msg.get("game") in game_ids() and isinstance(msg.get("revision"), int)
          and isinstance(msg.get("commitment"), str) and isinstance(msg.get("kinds"), list)
          and isinstance(msg.get("levels"), list) and isinstance(msg.get("options"), dict)
          and isinstance(msg.get("undo"), list) and isinstance(msg.get("away"), list)
          and isinstance(seats, dict) and bool(seats)
          and all(isinstance(v, dict) and isinstance(v.get("actions"), list) for v in seats.values()))
    if not ok:
        return "The host’s phone sent a table this app cannot draw."
    try:
        [int(s) for s in seats or {}]
    except ValueError:
        return "The host’s phone sent a table this app cannot draw."
    return None


if TYPE_CHECKING:
    class GuestHost(TableApp, Protocol):
        """An app that may be a guest at another phone's table."""

        guest: GuestTable | None


if TYPE_CHECKING:
    class PhonesHost(GuestHost, Protocol):
        """What the phone seats and the join screen read and do of the app, besides what every
        screen shows (:class:`~tb_ui.context.TableApp`)."""

        match: Any
        screen: str
        net: HostTable | None
        scan: dict[str, Any] | None

        @property
        def seals(self) -> Seals: ...
        def go(self, screen: str) -> None: ...
        def bot_levels(self, game_id: str) -> list[str]: ...
        def attach_net(self, match: Any, keep: HostTable | None = None) -> None: ...
        def fresh_pacing(self) -> None: ...
        def autosave(self) -> None: ...


# ---- drawing -------------------------------------------------------------------------------------
class GuestStage(Stage):
    """The app as a table renderer sees it on a guest phone (a :class:`~tb_ui.context.TableApp`):
    the replay viewer's stand-in (no bot thinks here, no device is passed, no catch-up) with the
    guest table's own view state, and nothing of this phone's storage (the game is the host's)."""

    def __init__(self, app: TableApp, guest: GuestTable) -> None:
        super().__init__(app)
        self.table_ui = guest.table_ui
        self.save_error = None
        self.match_id = None

    def storage_problem(self) -> str | None:
        return None  # nothing of the host's game is kept on a guest phone


def guest_table_ui(app: GuestHost, data: dict[str, Any]) -> None:
    """A ``table-ui`` tap on a guest phone's table: its renderer changes the guest's view state."""
    g = app.guest
    if g is None or g.msg is None:
        return
    mod = RENDERERS.get(str(g.msg["game"]))
    if mod is not None:
        mod.on_ui(GuestStage(app, g), data)


def qr_code(code: str, label: str, field_id: str) -> Markup:
    """A code as a QR code (``canvas[data-qr]``: the browser layer draws it with
    ``pwa/table-qr.mjs``) and as text to copy (the fallback where no camera reads it)."""
    return html('<div class="qr-box"><canvas{canvas}></canvas>'
                '<label class="qr-text" for="{id}">Or copy this code and send it: '
                "<textarea{field}>{code}</textarea></label></div>",
                canvas=attrs(class_="qr", data_qr=code, role="img", aria_label=label, width=264, height=264),
                id=field_id, code=code,
                field=attrs(id=field_id, class_="code-text", readonly=True, rows=3, spellcheck="false",
                            autocomplete="off"))


def code_form(act: str, label: str, scan_label: str, purpose: str, seat: int | None = None) -> Markup:
    """Read the other phone's code: the camera, a photo of it, or the text pasted. ``purpose``:
    ``"answer"`` (the host reads a guest's code for ``seat``) or ``"offer"`` (a guest reads the
    host's)."""
    data = {"data_for": purpose, "data_seat": seat}
    return html('<div class="code-read">{scan}'
                '<label class="btn ghost file-btn">Read a photo of the code<input{photo}></label>'
                '<form class="code-form"{form}><label>{label}<textarea{field}></textarea></label>'
                '<button type="submit" class="btn">Join with this code</button></form></div>',
                scan=button(scan_label, "scan", "btn primary", **data),
                photo=attrs(type="file", accept="image/*", class_="visually-hidden", data_act="scan-photo", **data),
                form=attrs(data_act=act, data_seat=seat),
                label=label,
                field=attrs(name="code", rows=3, spellcheck="false", autocomplete="off", class_="code-text"))


def scan_panel(app: PhonesHost) -> Markup:
    """The camera's picture while it looks for a code (``[data-scan]``: the browser layer puts its
    camera's ``<video>`` there, the same element across renders), and Cancel."""
    if app.scan is None:
        return Markup()
    return html('<div class="scan-panel" role="dialog" aria-label="Reading a code with the camera">'
                '<p>Point the camera at the code on the other phone.</p><div class="scan-video" data-scan="1"></div>'
                "{}</div>", button("Cancel", "scan-cancel", "btn"))


def phones_panel(app: PhonesHost) -> Markup:
    """The host's panel of the phone seats (issue 27): each phone's link, its invitation (a QR
    code and the text code, then the guest's code read by camera, photo or paste), and what to do
    with a seat whose phone is gone; and the deal's seal."""
    net = app.net
    if net is None:
        return Markup()
    m = net.match
    rows = []
    for seat, p in net.phones.items():
        name = m.seats[seat].name
        if p.state == "here":
            refused = Markup()
            if p.refused:
                refused = html('<span class="phone-refused" role="status">{} from it refused (latest: {})</span>',
                               plural(p.refused, "message"), p.last_refusal or "")
            body = html('<span class="phone-state">{name}’s phone is connected.</span>{refused}'
                        '<span class="phone-actions">{drop}</span>',
                        name=name, refused=refused,
                        drop=button("Disconnect", "phone-drop", "btn ghost small", data_seat=seat,
                                    aria_label=f"Disconnect {name}’s phone"))
        elif p.state == "joining":
            body = html('<span class="phone-state" role="status">Connecting to {name}’s phone…</span>'
                        '<span class="phone-actions">{cancel}</span>', name=name,
                        cancel=button("Cancel", "phone-drop", "btn ghost small", data_seat=seat,
                                      aria_label=f"Stop connecting to {name}’s phone"))
        elif p.state == "inviting":
            if p.code is None:
                body = html('<span class="phone-state" role="status">Making a code for {}’s phone…</span>', name)
            else:
                body = html('<p class="phone-step"><b>1.</b> On {name}’s phone, open Time &amp; Barons, tap '
                            "“Join a table” and read this code.</p>{qr}"
                            '<p class="phone-step"><b>2.</b> Then read the code {name}’s phone shows.</p>{read}{cancel}',
                            name=name, qr=qr_code(p.code, f"The code for {name}’s phone", f"phone-code-{seat}"),
                            read=code_form("phone-answer", f"{name}’s code", f"Scan {name}’s code", "answer", seat),
                            cancel=button("Cancel", "phone-cancel", "btn ghost", data_seat=seat))
        else:
            to_act = seat in m.to_act() and not m.is_over()
            state = (html("{}’s phone is not connected: the table waits for it.", name) if to_act
                     else html("{}’s phone is not connected.", name))
            body = html('<span class="phone-state">{state}</span><span class="phone-actions">{invite}{here}{bot}</span>',
                        state=state,
                        invite=button(f"Invite {name}’s phone", "phone-invite", "btn primary small", data_seat=seat),
                        here=button("Play it on this device", "phone-local", "btn small", data_seat=seat),
                        bot=button("Let a bot play it", "phone-bot", "btn ghost small", data_seat=seat))
        error = html('<p class="alert alert-error" role="alert">{}</p>', p.error) if p.error else Markup()
        rows.append(html('<li class="phone"{}>{}{}</li>', attrs(data_phone=seat, data_state=p.state), body, error))
    return html('<section class="phones" aria-label="Phones at this table"><ul class="phone-list">{rows}</ul>'
                '<p class="seal">Deal sealed: <code>{seal}</code>. {help}</p>{scan}</section>',
                rows=join(rows), seal=short_commitment(net.host.commitment),
                help=button("How phones play together", "rules", "btn ghost small", data_game=m.game.id,
                            data_part="phones"),
                scan=scan_panel(app))


def guest_screen(app: PhonesHost) -> Markup:
    """A guest phone's screen: joining (the host's code read, this phone's code shown), then the
    seat's table as the host sends it."""
    g = app.guest
    if g is None:  # the join screen always has one (App.navigate makes it)
        g = app.guest = GuestTable(seals=app.seals)
    if g.state == "joined" and g.msg is not None or g.state == "lost" and g.msg is not None:
        return _guest_table(app, g)
    if g.state == "answering":
        body = Markup('<p class="phone-state" role="status">Making this phone’s code…</p>')
    elif g.state == "answer" and g.code is not None:
        body = html('<p class="phone-step"><b>2.</b> Show this code to the host’s phone (it taps “Scan”), or send '
                    "it the text.</p>{}"
                    '<p class="phone-state" role="status">Waiting for the host’s phone…</p>',
                    qr_code(g.code, "This phone’s code, for the host", "guest-code"))
    elif g.state == "joined":
        body = Markup('<p class="phone-state" role="status">Connected. Waiting for the table…</p>')
    else:
        body = html('<p class="phone-step"><b>1.</b> On the host’s phone, start a game with a seat played on '
                    "“Phone”, and tap “Invite” beside it. Then read its code here.</p>{}"
                    '<p class="help">Both phones must be on the same Wi-Fi or on one phone’s hotspot; nothing goes '
                    "through the internet.</p>",
                    code_form("join-code", "The host’s code", "Scan the host’s code", "offer"))
    return html('{appbar}<main class="wrap join" id="main">{alerts}<h1 tabindex="-1">Join a table</h1>{body}{scan}'
                '<p>{rules}</p></main>',
                appbar=appbar(app, "join"), alerts=alerts(app), body=body, scan=scan_panel(app),
                rules=button("How phones play together", "rules", "btn ghost small", data_game="timeline",
                             data_part="phones"))


def _guest_table(app: PhonesHost, g: GuestTable) -> Markup:
    msg = g.msg
    assert msg is not None
    ctx = g.context()
    if g.state == "lost":
        ctx.acting, ctx.actions, ctx.can_undo = None, [], False
    notes = []
    if g.leaving:
        notes.append(html('<div class="leave-ask" role="alertdialog" aria-labelledby="leave-q" aria-describedby="leave-why">'
                          '<p><b id="leave-q">Leave the host’s table?</b> <span id="leave-why">Your seat waits for you '
                          "there: to come back, the host invites this phone again.</span></p>"
                          '<div class="actions">{}{}</div></div>',
                          button("Leave the table", "leave-confirm", "btn danger"),
                          button("Stay", "leave-cancel", "btn", data_autofocus=True)))
    if g.state == "lost":
        notes.append(html('<p class="alert alert-error" role="alert">The link to the host’s phone was lost. When '
                          "the host’s phone is back, ask it to invite this seat again, then join. {}</p>",
                          button("Join again", "join", "btn small")))
    seal = short_commitment(g.commitment or "")
    checked = g.reveal_checked()
    if g.checking():
        notes.append(html('<p class="seal" role="status"><span class="spinner" aria-hidden="true"></span>The host '
                          "revealed the deal: checking every table this phone was shown against the seal "
                          "<code>{}</code>…</p>", seal))
    elif checked is True and g.check is not None:
        notes.append(html('<p class="seal ok" role="status">Seal <code>{}</code> checked. {}</p>', seal, g.check.message))
    elif checked is False and g.check is not None:
        notes.append(html('<p class="alert alert-error" role="alert">{}</p>', g.check.message))
    else:
        notes.append(html('<p class="seal">At the host’s table · deal sealed: <code>{}</code></p>', seal))
    strip = html('<section class="phones guest-strip" aria-label="This phone at the host’s table">{}</section>',
                 join(notes))
    return html("{}{}", strip, render_with(GuestStage(app, g), ctx))


# ---- taps (issue 49 §2: each screen answers its own, with a typed payload; tb_ui.events) -------------
def _code(raw: Mapping[str, Any]) -> str:
    """The other phone's code from a tap: the form's ``code`` field, or the camera's ``code``."""
    fields = raw.get("fields")
    typed = fields.get("code") if isinstance(fields, Mapping) else None
    return str(typed or raw.get("code") or "").strip()


@dataclass(frozen=True)
class PhoneTap:
    """A tap about the host's phone seat ``seat`` (None: not a seat) with the other phone's
    ``code`` (typed, pasted or read by the camera; "" if none) and, for the camera, what it
    reads ``for_`` ("answer": a guest's code for that seat; else the host's code, on a guest)."""

    seat: int | None
    code: str = ""
    for_: str = ""

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> PhoneTap:
        return cls(int_or_none(raw.get("seat")), _code(raw), str(raw.get("for") or ""))


def _phone_seat(app: PhonesHost, p: PhoneTap) -> tuple[HostTable, int] | None:
    """The host's table and ``p.seat`` if that is one of its phone seats now, else None."""
    net = app.net
    return (net, p.seat) if net is not None and p.seat is not None and p.seat in net.phones else None


@handles("phone-invite", PhoneTap)
def invite(app: PhonesHost, p: PhoneTap) -> Effects:
    """Show a code for a phone seat (a new one: a code opens one link, once)."""
    found = _phone_seat(app, p)
    if found is None or app.screen != "table":
        return None
    net, seat = found
    net.inviting(seat)
    return {"link": {"op": "offer", "seat": seat}}


@handles("phone-answer", PhoneTap)
def answer(app: PhonesHost, p: PhoneTap) -> Effects:
    """The guest's code for a phone seat, typed, pasted or read by the camera."""
    found = _phone_seat(app, p)
    if found is None:
        return None
    net, seat = found
    app.scan = None
    if not p.code:
        net.phones[seat].error = "Paste the code shown on the other phone, or scan it."
        return None
    net.joining(seat)
    return {"link": {"op": "accept", "seat": seat, "code": p.code}}


@handles("phone-cancel", PhoneTap)
def cancel(app: PhonesHost, p: PhoneTap) -> Effects:
    """Put an invitation away (its code no longer opens anything)."""
    found = _phone_seat(app, p)
    if found is None:
        return None
    net, seat = found
    net.lost(seat)
    app.scan = None
    return {"link": {"op": "close", "seat": seat}}


@handles("phone-drop", PhoneTap)
def drop(app: PhonesHost, p: PhoneTap) -> Effects:
    """The host disconnects a phone (or stops connecting to it): its seat waits, as when a
    phone leaves, and can be invited again, played here or given to a bot."""
    found = _phone_seat(app, p)
    if found is None:
        return None
    net, seat = found
    net.lost(seat, f"You disconnected {app.match.seats[seat].name}’s phone.")
    app.scan = None
    return {"link": {"op": "close", "seat": seat}}


@handles("phone-local", PhoneTap)
def play_here(app: PhonesHost, p: PhoneTap) -> Effects:
    """Play a phone seat on this device instead (pass and play)."""
    return _unphone(app, p, None)


@handles("phone-bot", PhoneTap)
def give_to_bot(app: PhonesHost, p: PhoneTap) -> Effects:
    """Let a bot play a phone seat (its phone is gone)."""
    return _unphone(app, p, "normal")


def _unphone(app: PhonesHost, p: PhoneTap, level: str | None) -> Effects:
    found = _phone_seat(app, p)
    m = app.match
    if found is None or m is None:
        return None
    keep, seat = found
    if level is not None:
        levels = app.bot_levels(m.game.id)
        m.seats[seat] = Seat(m.seats[seat].name, "bot", level if level in levels else levels[0])
    m.meta["phones"] = [s for s in phone_seats(m) if s != seat]
    keep.lost(seat)
    app.attach_net(m, keep)
    if app.net is not None:
        app.net.changed()
    app.fresh_pacing()
    app.autosave()
    return {"link": {"op": "close", "seat": seat}}


@handles("scan", PhoneTap)
def scan(app: PhonesHost, p: PhoneTap) -> Effects:
    """Open the camera to read the other phone's code (the browser layer reads it)."""
    if p.for_ == "answer":
        seat = _phone_seat(app, p)
        if seat is not None:
            app.scan = {"for": "answer", "seat": seat}
    elif app.screen == "join" and app.guest is not None:
        app.scan = {"for": "offer"}
    return None


@handles("scan-cancel", NoPayload)
def scan_cancel(app: PhonesHost, p: NoPayload) -> Effects:
    app.scan = None
    return None


@handles("join", NoPayload)
def join_table(app: PhonesHost, p: NoPayload) -> Effects:
    """Join a table hosted on another phone: read its code."""
    app.error = app.notice = None
    closing = app.guest is not None and app.guest.state in ("joined", "answer", "answering")
    app.guest = GuestTable(seals=app.seals)
    app.scan = None
    app.go("join")
    return {"link": {"op": "close-host"}} if closing else None


@handles("join-code", PhoneTap)
def join_code(app: PhonesHost, p: PhoneTap) -> Effects:
    """The host's code, typed, pasted or read by the camera: make this phone's answer."""
    if app.guest is None:
        app.guest = GuestTable(seals=app.seals)
    app.scan = None
    app.go("join")
    if not p.code:
        app.error = "Paste the code shown on the host’s phone, or scan it."
        return None
    app.error = None
    app.guest.state = "answering"
    return {"link": {"op": "answer", "code": p.code}}
