"""One table across several devices: the host's side of it (issue 27).

The host device holds the :class:`~.match.Match` (the seed and every hand, as a dealer would) and
is the only device that applies actions. A guest device holds one or more seats. For each of them it
receives only what :meth:`Game.view <py_engine.core.game.Game.view>` gives that seat, and it
sends only actions, which the host checks like any other input. This module is the protocol
without a transport: the app carries its messages over a WebRTC data channel.

Every message is one JSON object with a ``"type"``.

Host → guest, :meth:`TableHost.table_message`::

    {"type": "table", "revision": 7, "commitment": "<sha256 hex>", "deal": "<16 hex>",
     "engine": "0.6.0", "game": "time_barons", "kinds": ["human", "bot", ...], "levels": [null, "hard", ...],
     "options": {...}, "away": [3], "undo": [2],
     "seats": {"2": <view(state, 2)>}, "reveal": {"seed": 1234, "salt": "<hex>"}}

``deal`` names the game being dealt (a hash of the salt alone: a rematch, with a new salt, is a
new deal; a guest accepts another commitment only with another deal, and then shows a new game).
``engine`` is the host's engine version (a guest whose app differs draws nothing it might draw
wrong). ``game``, ``kinds``, ``levels`` and ``options`` are the table's public facts (a guest draws its
table from them and its views); ``away`` lists the seats whose phones are not connected now (the
host's app says which); ``undo`` the guest's seats that may take back their last action now.
``"reveal"`` is there once the game is over. :meth:`TableHost.refusal_message`::

    {"type": "refused", "revision": 7, "reason": "<for the player>"}

Guest → host, :func:`act_message` and :func:`undo_message`::

    {"type": "act", "revision": 7, "seat": 2, "action": ["play", 3]}
    {"type": "undo", "revision": 7, "seat": 2}

``revision`` counts every change of the table (an action, an undo). A guest's action must name
the revision it was chosen on, so an action chosen on a table that has since moved on is refused
rather than applied to a position the player never saw.

**Fairness.** At the start the host shows :attr:`TableHost.commitment`, a hash of the seed and a
secret salt. Once the game is over, the reveal lets any guest check with :func:`verify_reveal`
that the deal was fixed from the start: the host cannot have changed the seed mid-game without the
hash failing. The host phone still holds every hand. Trust it as you would trust a dealer.

>>> from py_engine.core import Match, Seat
>>> m = Match.new("time_war", [Seat("Ann", "human"), Seat("Bob", "human")], seed=7)
>>> host = TableHost(m, salt="00" * 16)
>>> msg = host.table_message([1])
>>> list(msg["seats"]), msg["revision"], msg["away"], msg["kinds"]
(['1'], 0, [], ['human', 'human'])
>>> host.receive({1}, b"not json").reason
'That message was not understood: it is not a move of this app.'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import __version__
from .action import Action
from .errors import SaveError
from .match import Match
from .safejson import UnsafeJson, loads_limited

#: The largest guest message read (bytes of UTF-8). An action is a name and a few small arguments;
#: anything longer is not a move of this app.
MAX_MESSAGE_BYTES = 2048
#: The deepest nesting a guest message may have (``{"action": [...]}`` is 2).
MAX_MESSAGE_DEPTH = 4
#: What the commitment hashes, before the seed and the salt.
COMMITMENT_PREFIX = "time-and-barons/seed/v1"

NOT_UNDERSTOOD = "That message was not understood: it is not a move of this app."


def commitment_of(seed: int, salt: str) -> str:
    """The sha256 hex digest that commits the host to ``seed`` (with the secret ``salt``).

    >>> commitment_of(7, "ab") == commitment_of(7, "ab") != commitment_of(8, "ab")
    True
    """
    return hashlib.sha256(f"{COMMITMENT_PREFIX}:{seed}:{salt}".encode()).hexdigest()


def verify_reveal(commitment: str, reveal: Mapping[str, Any]) -> bool:
    """True if ``reveal`` (``{"seed": int, "salt": str}``, from the host at the end) matches the
    ``commitment`` the host showed at the start; False for any other reveal, malformed included.

    >>> verify_reveal(commitment_of(3, "x"), {"seed": 3, "salt": "x"})
    True
    >>> verify_reveal(commitment_of(3, "x"), {"seed": 4, "salt": "x"})
    False
    """
    seed, salt = reveal.get("seed"), reveal.get("salt")
    if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(salt, str):
        return False
    return hmac.compare_digest(commitment_of(seed, salt), commitment)


def act_message(revision: int, seat: int, action: Action) -> dict[str, Any]:
    """The guest's message for playing ``action`` in ``seat`` on table ``revision``."""
    return {"type": "act", "revision": revision, "seat": seat, "action": action.to_json()}


def undo_message(revision: int, seat: int) -> dict[str, Any]:
    """The guest's message for taking back ``seat``'s last action on table ``revision``."""
    return {"type": "undo", "revision": revision, "seat": seat}


@dataclass(frozen=True)
class Move:
    """A guest message the host may apply: ``seat`` plays ``action``, or takes back its last
    action when ``action`` is None (:meth:`TableHost.check`)."""

    seat: int
    action: Action | None


@dataclass(frozen=True)
class Refusal:
    """A guest message the host did not apply. ``reason`` is written for the player; the table
    is unchanged."""

    reason: str


class TableHost:
    """The host of a table across devices: builds what each guest may receive and applies what
    guests send, after checking it (issue 27).

    ``match`` is the host's own match; the app also plays its own seats (pass-and-play humans,
    bots) on it and then calls :meth:`changed`. ``salt``: the commitment's secret (hex), drawn at
    random when not given; tests give one.
    """

    def __init__(self, match: Match, salt: str | None = None) -> None:
        self.match = match
        self.salt = salt if salt is not None else secrets.token_hex(16)
        #: Counts every change of the table since the host started (not saved: guests joining a
        #: resumed table start from the revision they are sent).
        self.revision = 0

    @property
    def deal(self) -> str:
        """Names this deal (16 hex digits, from the salt only): another deal is another game."""
        return hashlib.sha256(f"{COMMITMENT_PREFIX}/deal:{self.salt}".encode()).hexdigest()[:16]

    @property
    def commitment(self) -> str:
        """The hash of the seed and the salt, shown from the start (:func:`verify_reveal`)."""
        return commitment_of(self.match.seed, self.salt)

    def changed(self) -> None:
        """Record a change made outside :meth:`receive` (a move of the host's own seats, an undo)."""
        self.revision += 1

    def table_message(self, seats: Iterable[int], away: Iterable[int] = ()) -> dict[str, Any]:
        """What a guest holding ``seats`` receives now: each seat's view and nothing else of the
        state, the revision, the commitment, the table's public facts, and once the game is over
        the reveal. ``away``: the seats whose phones are not connected now.

        Raises:
            ValueError: a seat that is not at this table.
        """
        held = sorted(set(seats))
        n = len(self.match.seats)
        if not held or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in held):
            raise ValueError(f"seats {held!r}: a guest holds one or more of the table's {n} seats")
        m = self.match
        state = m.state
        msg: dict[str, Any] = {
            "type": "table", "revision": self.revision, "commitment": self.commitment, "deal": self.deal,
            "engine": __version__, "game": m.game.id, "kinds": [s.kind for s in m.seats], "levels": [s.level for s in m.seats],
            "options": m.options, "away": sorted(set(away)), "undo": [s for s in held if m.can_undo(s)],
            "seats": {str(s): m.game.view(state, s) for s in held},
        }
        if self.match.is_over():
            msg["reveal"] = {"seed": self.match.seed, "salt": self.salt}
        return msg

    def refusal_message(self, refusal: Refusal) -> dict[str, Any]:
        """The message that tells a guest why its last message was not applied."""
        return {"type": "refused", "revision": self.revision, "reason": refusal.reason}

    def check(self, seats: Iterable[int], data: str | bytes) -> Move | Refusal:
        """Read a guest's message, sent by the guest that holds ``seats``, without applying it:
        the :class:`Move` it asks for, legal now, or a :class:`Refusal`.

        Refused: over :data:`MAX_MESSAGE_BYTES` or :data:`MAX_MESSAGE_DEPTH`; not UTF-8, not JSON,
        not an ``"act"`` object with an int ``revision``, an int ``seat`` and an action (or an
        ``"undo"`` object with the two ints); a seat this guest does not hold; a revision other
        than the current one (the table moved on); a seat not to act now; an action the rules
        refuse (:class:`IllegalAction`'s message); an undo the rules do not allow now.
        """
        if len(data) > MAX_MESSAGE_BYTES:
            return Refusal(NOT_UNDERSTOOD)
        try:
            raw = data.encode() if isinstance(data, str) else data  # the limit counts bytes
            msg = loads_limited(raw, max_bytes=MAX_MESSAGE_BYTES, max_depth=MAX_MESSAGE_DEPTH)
        except (UnsafeJson, UnicodeEncodeError):
            return Refusal(NOT_UNDERSTOOD)
        if not isinstance(msg, dict) or msg.get("type") not in ("act", "undo"):
            return Refusal(NOT_UNDERSTOOD)
        revision, seat = msg.get("revision"), msg.get("seat")
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (revision, seat)):
            return Refusal(NOT_UNDERSTOOD)
        action: Action | None = None
        if msg["type"] == "act":
            try:
                action = Action.from_json(msg.get("action"))
            except SaveError:
                return Refusal(NOT_UNDERSTOOD)
        if seat not in set(seats):
            return Refusal("That seat is not yours: this phone plays only its own seats.")
        if revision != self.revision:
            return Refusal("The table moved on before your move arrived: look again and choose.")
        if action is None:
            if not self.match.can_undo(seat):
                return Refusal("Nothing to undo: a card was revealed or a random draw happened since.")
            return Move(seat, None)
        if seat not in self.match.to_act():
            return Refusal("It is not your turn.")
        game, state = self.match.game, self.match.state
        if action not in game.legal_actions(state, seat):
            return Refusal(game.explain_illegal(state, seat, action))
        return Move(seat, action)

    def receive(self, seats: Iterable[int], data: str | bytes) -> Refusal | None:
        """Apply a guest's message (:meth:`check`), sent by the guest that holds ``seats``.
        Returns None when it was applied (and :attr:`revision` moved on), else the
        :class:`Refusal`; a refused message changes nothing."""
        move = self.check(seats, data)
        if isinstance(move, Refusal):
            return move
        if move.action is None:
            self.match.undo(move.seat)
        else:
            self.match.apply(move.seat, move.action)
        self.revision += 1
        return None


def encode(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text, as it goes over the wire."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
