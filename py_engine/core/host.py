"""One table across several devices: the host's side of it and a guest's check of it (issues 27, 47).

The host device holds the :class:`~.match.Match` (the seed and every hand, as a dealer would) and
is the only device that applies actions. A guest device holds one or more seats. For each of them it
receives only what :meth:`Game.view <py_engine.core.game.Game.view>` gives that seat, and it
sends only actions, which the host checks like any other input. This module is the protocol
without a transport: the app carries its messages over a WebRTC data channel.

Every message is one JSON object with a ``"type"``.

Host → guest, :meth:`TableHost.table_message`::

    {"type": "table", "revision": 7, "commitment": "<sha256 hex>", "deal": "<16 hex>",
     "engine": "0.8.0", "game": "time_barons", "kinds": ["human", "bot", ...], "levels": [null, "hard", ...],
     "options": {...}, "away": [3], "undo": [2],
     "seats": {"2": <view(state, 2)>},
     "reveal": {"game": ..., "names": [...], "options": {...}, "seed": <int>, "generator": "blake2b-ctr",
                "salt": "<hex>", "journal": [[0, ["play", 3]], [1, ["pass"]], [1], ...]}}

``revision`` counts the changes of the table: it is the length of the table's *journal*, every
action applied (``[seat, action]``) and every action taken back (``[seat]``), in order, kept with
the game (:attr:`TableHost.journal`), so a host that reloads goes on counting where it stopped.
Revision ``r`` shows the position after the journal's first ``r`` entries. ``deal`` names the
game being dealt (a hash of the salt alone: a rematch, with a new salt, is a new deal). ``engine``
is the host's engine version (a guest whose app differs draws nothing it might draw wrong).
``game``, ``kinds``, ``levels`` and ``options`` are the table's public facts (a guest draws its
table from them and its views); ``away`` lists the seats whose phones are not connected now;
``undo`` the guest's seats that may take back their last action now. ``"reveal"`` is there once the
game is over. :meth:`TableHost.refusal_message`::

    {"type": "refused", "revision": 7, "reason": "<for the player>"}

Guest → host, :func:`act_message` and :func:`undo_message`::

    {"type": "act", "revision": 7, "seat": 2, "action": ["play", 3]}
    {"type": "undo", "revision": 7, "seat": 2}

A guest's action must name the revision it was chosen on, so an action chosen on a table that has
since moved on is refused rather than applied to a position the player never saw.

**The seal** (issue 47). At the start the host shows :attr:`TableHost.commitment`, a hash of the
game's setup (game, seat names, options, the seed and its generator, :func:`sealed_setup`) and a
secret salt. The deal's generator is the cryptographic ``blake2b-ctr`` with a 256-bit seed
(:mod:`py_engine.core.rng`), so no guest can work the seed out from the cards it sees. A guest keeps
the seal of a deal from the first message and a digest of every view it receives
(:class:`Ledger`). Once the game is over the host reveals the setup, the salt and the journal; the
guest checks the reveal against the seal, replays the journal from the revealed seed with its own
engine and compares every view it received with the view the replay gives its seat at that
revision (:class:`RevealCheck`). A host that changed anything of the deal mid-game (a deck
rearranged, a seed swapped) shows a view that the sealed deal does not give, and the check names
the first such revision. The host still sees every hand, as a dealer could.

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
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..games import get, ids
from .action import Action
from .errors import EngineError, IllegalAction, OptionError, SaveError
from .game import State, canonical_json
from .match import Match
from .rng import GENERATORS
from .safejson import UnsafeJson, loads_limited

#: The largest guest message read (bytes of UTF-8). An action is a name and a few small arguments;
#: anything longer is not a move of this app.
MAX_MESSAGE_BYTES = 2048
#: The deepest nesting a guest message may have (``{"action": [...]}`` is 2).
MAX_MESSAGE_DEPTH = 4
#: What the commitment hashes, before the setup and the salt.
COMMITMENT_PREFIX = "time-and-barons/deal/v2"

NOT_UNDERSTOOD = "That message was not understood: it is not a move of this app."
GAME_OVER = "The game is over: its moves can no longer be taken back."

#: A journal entry: ``[seat, action]`` (an action applied) or ``[seat]`` (the seat's last action
#: taken back), ``action`` as :meth:`Action.to_json` gives it.
JournalEntry = list[Any]


def sealed_setup(match: Match) -> dict[str, Any]:
    """What the seal commits the host to: ``{"game", "names", "options", "seed", "generator"}``,
    everything :meth:`Game.setup <py_engine.core.game.Game.setup>` deals the game from."""
    return {"game": match.game.id, "names": [s.name for s in match.seats], "options": match.options,
            "seed": match.seed, "generator": match.generator}


def commitment_of(setup: Mapping[str, Any], salt: str) -> str:
    """The sha256 hex digest that commits the host to ``setup`` (:func:`sealed_setup`) with the
    secret ``salt``.

    >>> a = {"game": "timeline", "names": ["A", "B"], "options": {}, "seed": 7, "generator": "blake2b-ctr"}
    >>> commitment_of(a, "ab") == commitment_of(dict(a), "ab") != commitment_of({**a, "seed": 8}, "ab")
    True
    """
    return hashlib.sha256(f"{COMMITMENT_PREFIX}:{canonical_json(dict(setup))}:{salt}".encode()).hexdigest()


def _setup_of(reveal: Mapping[str, Any]) -> dict[str, Any] | None:
    """The sealed setup a reveal names, or None if it is malformed."""
    game, names, options = reveal.get("game"), reveal.get("names"), reveal.get("options")
    seed, generator = reveal.get("seed"), reveal.get("generator")
    if (isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(game, str)
            or not isinstance(names, list) or not all(isinstance(n, str) for n in names)
            or not isinstance(options, dict) or generator not in GENERATORS):
        return None
    return {"game": game, "names": names, "options": options, "seed": seed, "generator": generator}


def verify_reveal(commitment: str, reveal: Mapping[str, Any]) -> bool:
    """True if ``reveal`` (the setup of :func:`sealed_setup` and the ``salt``, from the host at
    the end) matches the ``commitment`` the host showed at the start; False for any other reveal,
    malformed included.

    >>> setup = {"game": "timeline", "names": ["A", "B"], "options": {}, "seed": 3, "generator": "blake2b-ctr"}
    >>> verify_reveal(commitment_of(setup, "x"), {**setup, "salt": "x"})
    True
    >>> verify_reveal(commitment_of(setup, "x"), {**setup, "seed": 4, "salt": "x"})
    False
    """
    setup, salt = _setup_of(reveal), reveal.get("salt")
    if setup is None or not isinstance(salt, str) or not isinstance(commitment, str):
        return False
    return hmac.compare_digest(commitment_of(setup, salt), commitment)


def view_digest(view: Any) -> str:
    """A digest (32 hex digits of sha256) of a view as it travels: the view is read back from
    its wire JSON first, so the host's view and the one a guest parsed digest alike."""
    wire = json.loads(encode(view))
    return hashlib.sha256(canonical_json(wire).encode()).hexdigest()[:32]


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


def journal_line(journal: Iterable[JournalEntry]) -> list[tuple[int, Action]]:
    """The actions a journal leaves in play, in order (each ``[seat]`` entry takes back the one
    before it).

    Raises:
        SaveError: an entry that is not ``[seat, action]`` or ``[seat]``, or an undo with no
            action to take back.

    >>> journal_line([[0, ["a"]], [1, ["b"]], [1], [1, ["c"]]])
    [(0, Action(name='a', args=())), (1, Action(name='c', args=()))]
    """
    line: list[tuple[int, Action]] = []
    for i, entry in enumerate(journal, 1):
        if (not isinstance(entry, list) or len(entry) not in (1, 2) or isinstance(entry[0], bool)
                or not isinstance(entry[0], int)):
            raise SaveError(f"entry {i} of the table's journal is unreadable")
        if len(entry) == 1:
            if not line:
                raise SaveError(f"entry {i} of the table's journal takes back an action that is not there")
            line.pop()
        else:
            line.append((entry[0], Action.from_json(entry[1])))
    return line


class TableHost:
    """The host of a table across devices: builds what each guest may receive and applies what
    guests send, after checking it (issue 27).

    ``match``: the host's own match; the app also plays its own seats on it (pass-and-play humans,
    bots, undo) and then calls :meth:`changed`. ``salt``: the commitment's secret (hex), drawn at
    random when not given; tests give one. ``journal``: the table's journal kept from before (a
    host that reloads; the app keeps it in the save's meta), used as it is (the same list, which
    :meth:`changed` extends) when it leads to the match's actions, else started anew from them.
    """

    def __init__(self, match: Match, salt: str | None = None, journal: list[JournalEntry] | None = None) -> None:
        self.match = match
        self.salt = salt if salt is not None else secrets.token_hex(16)
        try:
            fits = journal is not None and journal_line(journal) == match.actions
        except SaveError:
            fits = False
        if journal is None or not fits:
            journal = journal if journal is not None else []
            journal[:] = [[s, a.to_json()] for s, a in match.actions]
        #: Every change of the table in order (the module docstring); :attr:`revision` is its length.
        self.journal: list[JournalEntry] = journal
        self._line: list[tuple[int, Action]] = list(match.actions)

    @property
    def revision(self) -> int:
        """How many changes the table has seen: the journal's length."""
        return len(self.journal)

    @property
    def deal(self) -> str:
        """Names this deal (16 hex digits, from the salt only): another deal is another game."""
        return hashlib.sha256(f"{COMMITMENT_PREFIX}/deal:{self.salt}".encode()).hexdigest()[:16]

    @property
    def commitment(self) -> str:
        """The hash of the sealed setup and the salt, shown from the start (:func:`verify_reveal`)."""
        return commitment_of(sealed_setup(self.match), self.salt)

    def changed(self) -> int:
        """Record the changes of the match's actions made outside :meth:`receive` (a move of the
        host's own seats, an undo) in the journal; returns how many entries were added."""
        now, line = self.match.actions, self._line
        same = 0
        for a, b in zip(line, now, strict=False):
            if a != b:
                break
            same += 1
        added = 0
        for seat, _ in reversed(line[same:]):
            self.journal.append([seat])
            added += 1
        for seat, action in now[same:]:
            self.journal.append([seat, action.to_json()])
            added += 1
        self._line = list(now)
        return added

    def reveal(self) -> dict[str, Any]:
        """What the host reveals once the game is over: the sealed setup, the salt and the
        journal (:class:`RevealCheck`)."""
        return {**sealed_setup(self.match), "salt": self.salt, "journal": list(self.journal)}

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
        self.changed()
        m = self.match
        state = m.state
        over = m.is_over()
        msg: dict[str, Any] = {
            "type": "table", "revision": self.revision, "commitment": self.commitment, "deal": self.deal,
            "engine": __version__, "game": m.game.id, "kinds": [s.kind for s in m.seats], "levels": [s.level for s in m.seats],
            "options": m.options, "away": sorted(set(away)),
            "undo": [] if over else [s for s in held if m.can_undo(s)],
            "seats": {str(s): m.game.view(state, s) for s in held},
        }
        if over:
            msg["reveal"] = self.reveal()
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
        refuse (:class:`IllegalAction`'s message); an undo the rules do not allow now, or once the
        game is over (the reveal has shown the seed).
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
        self.changed()
        if revision != self.revision:
            return Refusal("The table moved on before your move arrived: look again and choose.")
        if action is None:
            if self.match.is_over():
                return Refusal(GAME_OVER)
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
        self.changed()
        return None


def encode(message: Mapping[str, Any]) -> str:
    """A message as compact JSON text, as it goes over the wire."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# ---- the guest's side of the seal (issue 47) ----------------------------------------------------
@dataclass
class Ledger:
    """What a guest keeps of one deal at a host's table: the seal (``commitment``) of the first
    message of the deal, the table's setup as that message showed it (``game``, ``options``), and
    the digest of every view received (:func:`view_digest`), by revision and seat:
    ``views[revision][seat]``. JSON-ready through :meth:`to_json` (a guest keeps it on the device,
    so a reload or a rejoin checks the same deal)."""

    deal: str
    commitment: str
    game: str
    options: dict[str, Any]
    views: dict[int, dict[int, str]] = field(default_factory=dict)

    @classmethod
    def start(cls, msg: Mapping[str, Any]) -> Ledger:
        """The ledger of the deal of a (well-formed) table message, with that message recorded."""
        ledger = cls(str(msg["deal"]), str(msg["commitment"]), str(msg["game"]), dict(msg["options"]))
        ledger.record(msg)
        return ledger

    def record(self, msg: Mapping[str, Any]) -> None:
        """Keep the digests of the views of a table message of this deal."""
        seats = msg["seats"]
        at = self.views.setdefault(int(msg["revision"]), {})
        for s, view in seats.items():
            at[int(s)] = view_digest(view)

    def to_json(self) -> dict[str, Any]:
        """``{"deal", "commitment", "game", "options", "views": {"<revision>": {"<seat>": digest}}}``."""
        return {"deal": self.deal, "commitment": self.commitment, "game": self.game, "options": self.options,
                "views": {str(r): {str(s): d for s, d in v.items()} for r, v in self.views.items()}}

    @classmethod
    def from_json(cls, d: Any) -> Ledger:
        """Read :meth:`to_json`'s form back.

        Raises:
            SaveError: malformed.
        """
        try:
            views = {int(r): {int(s): str(h) for s, h in v.items()} for r, v in d["views"].items()}
            ledger = cls(str(d["deal"]), str(d["commitment"]), str(d["game"]), dict(d["options"]), views)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise SaveError("a kept deal seal is unreadable") from None
        return ledger


#: :attr:`RevealCheck.outcome` values.
CHECKING, HONEST, CHANGED = "checking", "honest", "changed"


class RevealCheck:
    """A guest's check of a host's reveal (issue 47), done in slices (:meth:`step`) so a phone
    stays responsive while it replays a long game.

    The reveal must match the ledger's seal and setup; the journal is then replayed from the
    revealed seed with this device's own engine (every action must be legal where it stands,
    every undo may take back only an action after which no card was revealed and nothing was
    drawn), and at every revision the ledger holds, the view the replay gives each seat must have
    the digest the guest received. :attr:`outcome` is :data:`CHECKING` until done, then
    :data:`HONEST` or :data:`CHANGED`; :attr:`revision` names the first revision that differed
    (None when the seal itself failed or all matched) and :attr:`message` says it for the player.
    """

    def __init__(self, ledger: Ledger, reveal: Any) -> None:
        self.ledger = ledger
        self.outcome = CHECKING
        self.message = "Checking the deal against its seal…"
        self.revision: int | None = None
        #: Views compared so far.
        self.compared = 0
        self._states: list[State] = []
        self._journal: list[Any] = []
        self._at = 0
        setup = _setup_of(reveal) if isinstance(reveal, dict) else None
        if setup is None or not verify_reveal(ledger.commitment, reveal):
            self._fail(None, "The host’s reveal does not match the seal shown at the start: the deal may have been changed.")
            return
        if setup["game"] != ledger.game or setup["options"] != ledger.options or setup["game"] not in ids():
            self._fail(None, "The host’s reveal names another game than the one at its table: the table cannot be trusted.")
            return
        journal = reveal.get("journal")
        if not isinstance(journal, list):
            self._fail(None, "The host revealed no record of the game’s moves, so the deal cannot be checked: the table cannot be trusted.")
            return
        last = max(ledger.views, default=0)
        if last > len(journal):
            self._fail(last, f"The host’s record of the game stops before move {last}, which this phone was shown: "
                             "the table cannot be trusted.")
            return
        self.game = get(setup["game"])
        try:
            self._states = [self.game.setup(setup["names"], setup["options"], setup["seed"], setup["generator"])]
        except (OptionError, ValueError):
            self._fail(0, "The host’s reveal does not deal a game this app can play: the table cannot be trusted.")
            return
        self._journal = journal
        self._compare(0)

    @property
    def done(self) -> bool:
        """True once :attr:`outcome` is known."""
        return self.outcome != CHECKING

    def _fail(self, revision: int | None, message: str) -> None:
        self.outcome, self.revision, self.message = CHANGED, revision, message
        self._states = []

    def _compare(self, r: int) -> None:
        want = self.ledger.views.get(r)
        if not want or self.done:
            return
        state = self._states[-1]
        for seat, digest in sorted(want.items()):
            if not 0 <= seat < len(state["seats"]) or view_digest(self.game.view(state, seat)) != digest:
                self._fail(r, f"At move {r} the host’s table showed this phone something that the sealed deal "
                              "does not give: the deal was changed during the game.")
                return
            self.compared += 1

    def _entry(self, r: int, entry: Any) -> None:
        if (not isinstance(entry, list) or len(entry) not in (1, 2) or isinstance(entry[0], bool)
                or not isinstance(entry[0], int)):
            self._fail(r, f"The host’s record of move {r} is unreadable: the table cannot be trusted.")
            return
        states = self._states
        if len(entry) == 1:
            if len(states) < 2 or states[-1]["rng"] != states[-2]["rng"] or states[-1]["reveals"] != states[-2]["reveals"]:
                self._fail(r, f"At move {r} the host took back a move the rules do not let anyone take back: "
                              "the table cannot be trusted.")
                return
            states.pop()
            return
        try:
            action = Action.from_json(entry[1])
            states.append(self.game.apply(states[-1], entry[0], action))
        except (SaveError, IllegalAction, EngineError) as e:
            self._fail(r, f"Move {r} of the host’s record cannot be played ({e}): the table cannot be trusted.")

    def step(self, max_seconds: float = 0.03, clock: Callable[[], float] | None = None) -> bool:
        """Replay for about ``max_seconds``; True once :attr:`outcome` is known."""
        now = clock or time.perf_counter
        start = now()
        while not self.done:
            if self._at >= len(self._journal):
                if self.game.outcome(self._states[-1]) is None:
                    self._fail(self._at, "The host revealed the deal of a game that is not over: the table cannot be trusted.")
                    break
                n = self.compared
                self.outcome = HONEST
                self.message = (f"Every table this phone was shown ({n} view{'s' if n != 1 else ''}) matches the sealed "
                                "deal replayed from its seed: the deal was fixed from the start.")
                break
            self._at += 1
            self._entry(self._at, self._journal[self._at - 1])
            if not self.done:
                self._compare(self._at)
            if now() - start >= max_seconds:
                break
        return self.done

    def run(self) -> RevealCheck:
        """Check to the end at once (tests, the CLI); returns self."""
        while not self.step(1.0):
            pass
        return self
