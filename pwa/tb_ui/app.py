"""The app's state and its reactions to taps: pure Python, no browser imports.

The browser layer (``pwa/tb-page.mjs`` on the page, :mod:`tb_ui.worker` in the app's Web
Worker, issue 44) turns each delegated DOM event into ``app.dispatch(act, data)`` (``act`` is the
element's ``data-act``, ``data`` its other ``data-*`` attributes plus
``value``/``checked``/``fields``), then patches ``#app`` with ``app.render()``. Bots are stepped
by the worker layer with :meth:`App.bot_pending`, :meth:`App.bot_delay` and :meth:`App.bot_step`.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from py_engine.core import Match, SaveError, Thinking
from py_engine.core.rng import KEYED, Rng, new_seed
from py_engine.games import all as all_games
from py_engine.games import get as get_game
from py_engine.games import ids as game_ids

from . import screen_new, screen_saves, screen_settings, screen_table, screens, tutorial  # noqa: F401  (the screens register their taps; replay, daily too)
from .daily import DailyRecords, record_of
from .events import BadPayload, Effects, NoPayload, event, handles
from .html import Markup, as_markup
from .phones import GuestTable, HostTable, add_phone_seats, flooded, phone_seats
from .replay import ReplayView, walk
from .rules import rules_pages
from .screen_new import default_seat_name  # noqa: F401  (kept importable from the app)
from .store import (
    BOT_DELAY,
    BOT_SPEEDS,
    MAX_SAVE_BYTES,
    PACE_PAUSES,
    RUN_THINK_SECONDS,
    THINK_FLOOR_SECONDS,
    SaveStore,
    SealBook,
    Storage,
    StorageFull,
    load_settings,
    odd_id_message,
    valid_id,
)
from .tables import own_last_turn

SCREENS = ("library", "new", "table", "saves", "rules", "settings", "replay", "daily", "join")
#: Lines of a catch-up panel / announcement shown before "…and N more".
CATCHUP_LINES = 12
#: A pause between two actions longer than this (ms) counts as this long in the time at the
#: table (the game was left and taken up again).
IDLE_MS = 5 * 60_000
ANNOUNCE_LINES = 4
#: The new-game form's events: :meth:`App.dispatch` drops them when no form is open (a tap
#: left over from a form that is gone), so their handlers may read :attr:`App.form`.
FORM_EVENTS = frozenset({"seat-add", "seat-remove", "seat-kind", "seat-level", "seat-name", "opt", "opt-step",
                         "start"})


def new_deal() -> tuple[int, str]:
    """The seed and random generator of a new game's deal (every new game, rematch and game of
    bots; the daily challenge keeps its public deal of the date, :mod:`py_engine.core.daily`):
    256 bits from the platform's cryptographic source and the cryptographic ``blake2b-ctr``
    (:mod:`py_engine.core.rng`), so no player, nor a guest phone at the table, can work out a
    hand from the cards they see (issue 47)."""
    return new_seed(), KEYED


def _default_time(ms: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))


def _default_today() -> str:
    return time.strftime("%Y-%m-%d", time.localtime())


class App:
    """Everything the UI knows; :meth:`render` draws it, :meth:`dispatch` changes it."""

    def __init__(self, storage: Storage, *, now_ms: Callable[[], float] | None = None,
                 format_time: Callable[[float], str] | None = None,
                 botspeed_override: str | None = None,
                 bottime: str | None = None,
                 today: Callable[[], str] | None = None) -> None:
        self.storage = storage
        #: The device's calendar date, "YYYY-MM-DD" (the daily challenge's seed).
        self.today = today or _default_today
        self.daily = DailyRecords(storage)
        self.daily_game = "timeline"
        self.replay: Any = None              # the replay viewer's ReplayView
        self.skipping = False                # "skip to my turn": bots at full speed
        self.skipped = False                 # the catch-up panel says "while you skipped"
        #: The route Back returns to (set by the browser layer from the history).
        self.prev_route: str | None = None
        self._mark: tuple[int, int, int] | None = None   # (match, log length, actions) at the human's last move
        self._ann: tuple[Any, ...] | None = None        # what was last announced
        self._labels: dict[int, tuple[int, str]] = {}   # action index -> (seat, label)
        self.now_ms = now_ms or (lambda: time.time() * 1000)
        self.format_time = format_time or _default_time
        self.store = SaveStore(storage, self.now_ms)
        self.settings = load_settings(storage)
        self.botspeed_override = botspeed_override if botspeed_override in BOT_SPEEDS else None
        #: False when the page was opened with ``?bottime=full``: bots (and hints) then search
        #: to their whole iteration budget whatever the device's speed, so their moves are
        #: the ones :meth:`Match.bot_action` gives (reproducible from the save). Otherwise a
        #: decision also stops at the level's time limit, so a slow phone never waits long.
        self.bots_timed = bottime != "full"
        self.screen = "library"
        self.match: Any = None
        self.match_id: str | None = None
        self.error: str | None = None        # shown on the current screen (role=alert)
        self.notice: str | None = None       # a success message (role=status)
        self.save_error: str | None = None   # autosave failed
        self.draft: dict[str, Any] | None = None
        self.draft_error: str | None = None
        self.rules_game = "timeline"
        self.rules_part = ""                 # a sub-page of the rules help (tb_ui.rules.rules_pages)
        self.back_to = "library"
        self.log_open = False
        self.log_all = False
        self.confirm_delete: str | None = None
        #: A save of an older rules engine that stops replaying before its end (issue 50), shown
        #: in Saved games with its reason and the choice to resume it or export it:
        #: ``{"id": sid, "message": str}``; None otherwise.
        self.older: dict[str, str] | None = None
        self.fresh_action: tuple[int, Any] | None = None  # the action to animate once
        self.table_ui: dict[str, Any] = {}   # a table's own view state (previews, open stacks)
        self.paced_last = True  # the last action was an event to pause after (bot_delay)
        self._pause_seat: int | None = None  # the bot whose run of decisions is being paced
        self._paused = 0.0  # seconds of pause taken in that run
        self._thought = 0.0  # seconds its searches took
        self._pending_pause = 0.0
        self.thinking: Any = None            # the bot decision being computed (Thinking)
        #: A lesson's reason for the learner's last refused tap (tb_ui.tutorial.refusal), shown
        #: by the coach until the next move.
        self.coach_refused: str | None = None
        self._coach_scrolled: tuple[int, int] | None = None  # the lesson step last brought into view
        #: The finished match's replay and key moments (replay.walk), with the match (id,
        #: actions) they belong to: walked once for the end panel and the viewer.
        self._walked: tuple[int, int, Any] | None = None
        #: The hint asked at the human's decision (issue 24 §5): ``{"key": (match id, actions,
        #: seat), "thinking": Thinking, "result": Hint | None, "scroll": bool}``, or None.
        self.hint: dict[str, Any] | None = None
        self._last_screen = ""
        #: The host's side of a table across phones (issue 27), while the match on the table has
        #: seats played on other phones; None otherwise.
        self.net: HostTable | None = None
        #: This phone's side of a table hosted on another phone (the "join" screen), or None.
        self.guest: GuestTable | None = None
        #: The deal seals this phone saw as a guest (issue 47), kept on the device.
        self.seals = SealBook(storage)
        #: The camera is open to read a code: ``{"for": "answer", "seat": s}`` (the host reads a
        #: guest's code) or ``{"for": "offer"}`` (a guest reads the host's); None when closed.
        self.scan: dict[str, Any] | None = None
        self._to_host: list[str] = []  # a guest's messages to its host, not sent yet

    # ---- start -------------------------------------------------------------------
    def boot(self) -> None:
        """Open the table directly if an unfinished game was on it (reload/killed tab)."""
        sid = self.store.current()
        if sid is None:
            return
        entry = self.store.entry(sid) or {}
        if entry.get("over"):
            return
        self.open_save(sid)

    # ---- helpers -------------------------------------------------------------------
    @property
    def botspeed(self) -> str:
        return self.botspeed_override or self.settings["botspeed"]

    def theme(self) -> str:
        return str(self.settings["theme"])

    def games(self) -> list[Any]:
        return all_games()

    def game(self, game_id: str) -> Any:
        return get_game(game_id)

    def go(self, screen: str) -> None:
        self.screen = screen
        self.confirm_delete = None
        if screen != "replay" and self.replay is not None:
            self.replay.playing = False
        if screen != "table":
            self.skipping = False

    # ---- routes (tb_ui.nav: one browser-history entry per screen) -------------------
    def route(self) -> str:
        """The route of the screen shown: ``library``, ``saves``, ``settings``,
        ``new/<game>``, ``rules/<game>``, ``table/<save id>``, ``replay/<save id>``,
        ``daily/<game>``."""
        s = self.screen
        if s == "table" and self.match is not None and self.match_id:
            return f"table/{self.match_id}"
        if s == "new" and self.draft is not None:
            return f"new/{self.draft['game']}"
        if s == "rules":
            return f"rules/{self.rules_game}" + (f"/{self.rules_part}" if self.rules_part else "")
        if s == "replay" and self.replay is not None:
            return f"replay/{self.replay.sid}"
        if s == "daily":
            return f"daily/{self.daily_game}"
        return s if s in ("library", "saves", "settings", "join") else "library"

    def navigate(self, route: str) -> bool:
        """Show the screen of ``route`` (Back, Forward, a reload). Returns False (and
        shows the library, saying why if useful) if it cannot be shown any more, such
        as a deleted save."""
        screen, _, arg = str(route).partition("/")
        self.error = self.notice = None
        self.draft_error = None
        if screen in ("library", "saves", "settings") and not arg:
            self.go(screen)
            return True
        if screen == "join" and not arg:
            if self.guest is None:
                self.guest = GuestTable(seals=self.seals)
            self.go("join")
            return True
        if screen == "rules" and "/" in arg:  # a sub-page: rules/<game>/<part>
            game_id, _, part = arg.partition("/")
            if game_id in game_ids() and part in rules_pages(game_id):
                self.rules_game, self.rules_part = game_id, part
                self.go("rules")
                return True
        if screen in ("new", "rules", "daily") and arg in game_ids():
            if screen == "new":
                if self.draft is None or self.draft["game"] != arg:
                    self.draft = screen_new.new_draft(self, arg)
            elif screen == "rules":
                self.rules_game, self.rules_part = arg, ""
            elif not self.game(arg).daily_options:
                self.go("library")
                return False
            else:
                self.daily_game = arg
            self.go(screen)
            return True
        if screen == "table" and arg:
            if self.match is not None and self.match_id == arg:
                self.go("table")
                return True
            if self.store.text(arg) is not None and self.open_save(arg):
                return True
        if screen == "replay" and arg:
            if self.replay is not None and self.replay.sid == arg:
                self.go("replay")
                return True
            if self.open_replay(arg):
                return True
        self.go("library")
        return False

    def storage_problem(self) -> str | None:
        """Why games are not being kept on this device right now (shown on every screen),
        or None."""
        return self.storage.problem()

    def autosave(self) -> None:
        if self.match is None or self.match_id is None:
            return
        try:
            les = tutorial.lesson_of(self.match)
            self.store.put(self.match_id, self.match,
                           lesson=(les.title, tutorial.finished(self.match)) if les is not None else None)
            self.store.set_current(self.match_id)
            self.save_error = None
            day = self.match.meta.get("daily")
            if isinstance(day, str):
                self.daily.put(self.match.game.id, day, record_of(self.match, self.match_id))
        except StorageFull as e:
            self.save_error = ("This game could not be saved on this device (storage is full or "
                               f"disabled: {e}). Export or delete old saves to free space.")

    def load_save(self, sid: str) -> tuple[Any, str | None]:
        """``(match, None)`` for save ``sid``, or ``(None, why)``; None, None if it is gone."""
        text = self.store.text(sid)
        if text is None:
            return None, None
        if not valid_id(sid):
            return None, odd_id_message(sid)
        try:
            return Match.load(text), None
        except SaveError as e:
            return None, str(e)
        except Exception as e:  # never let a bad save break the app
            return None, f"This save could not be opened ({type(e).__name__}: {e})."

    def open_save(self, sid: str) -> bool:
        """Load save ``sid`` onto the table; on failure show why and keep it listed. A save of
        an older rules engine that cannot be replayed to its end is not opened at once: Saved
        games says why (the version and the move) and offers to resume it after its last move
        these rules allow, as a new saved game, or to export it (issue 50); the file itself is
        never changed."""
        match, msg = self.load_save(sid)
        if match is None and msg is None:
            self.error = "That save no longer exists."
            return False
        if match is not None and match.stopped is not None:
            self.older = {"id": sid, "message": match.stopped.message()}
            if self.store.current() == sid:
                self.store.set_current(None)
            self.error = self.notice = None
            self.go("saves")
            return False
        if match is not None:
            if self.match is not match:
                self.attach_net(match)
            self.match, self.match_id = match, sid
            if (self.store.entry(sid) or {}).get("listing_damaged"):
                try:  # the game opened: its listing can be written anew from it
                    self.store.put(sid, match, touch=False)
                except StorageFull:
                    pass
            self.store.set_current(sid)
            self._reset_marks()
            if match.notices:  # e.g. a save from another engine version, resumed anyway
                self.notice = " ".join(match.notices)
            self.fresh_action = None
            self.table_ui = {}
            self.thinking = None
            self.hint = None
            self.coach_refused = None
            self.log_open = False
            self.log_all = False
            self.go("table")
            return True
        assert msg is not None
        self.store.mark_damaged(sid, msg)
        if self.store.current() == sid:
            self.store.set_current(None)
        self.error = f"This saved game could not be opened: {msg}"
        return False

    def walked(self) -> Any:
        """The replay of the finished match on the table and its key moments
        (:func:`tb_ui.replay.walk`), walked once per match; None while it runs."""
        m = self.match
        if m is None or not m.is_over():
            return None
        if self._walked is None or self._walked[:2] != (id(m), len(m.actions)):
            self._walked = (id(m), len(m.actions), walk(m))
        return self._walked[2]

    def key_moments(self) -> list[tuple[int, str]]:
        """``(step, label)`` of each key moment of the finished match on the table (issue 24
        §1: the end panel's "Watch again"), [] while it runs."""
        w = self.walked()
        return list(w[1]) if w is not None else []

    def open_replay(self, sid: str, k: int | None = None) -> bool:
        """Open save ``sid`` in the replay viewer at step ``k`` (None: a finished game at its
        end, an unfinished one at the start); on failure say why."""
        walked = None
        if self.match is not None and self.match_id == sid:
            match = self.match
            walked = self.walked()
        else:
            match, msg = self.load_save(sid)
            if match is None:
                self.error = (f"This saved game could not be replayed: {msg}" if msg
                              else "That save no longer exists.")
                return False
        self.replay = ReplayView.open(sid, match, k, walked)
        self.log_open = False
        self.log_all = False
        self.go("replay")
        return True

    def _reset_marks(self) -> None:
        m = self.match
        self._mark = (id(m), len(m.state["log"]), len(m.actions)) if m is not None else None
        self.skipping = self.skipped = False
        self._labels = {}
        self.fresh_pacing()

    def fresh_pacing(self) -> None:
        """A table (re)opened: the first bot move comes after a whole pause, and no bot's run of
        decisions has begun (:meth:`bot_delay`)."""
        self.paced_last, self._pause_seat, self._paused, self._thought = True, None, 0.0, 0.0

    # ---- the table -----------------------------------------------------------------
    def human_seats(self) -> list[int]:
        """Every human seat, those played on other phones included."""
        return [i for i, s in enumerate(self.match.seats) if s.kind == "human"]

    def local_humans(self) -> list[int]:
        """The human seats played on this device (not on another phone, issue 27)."""
        phones = set(phone_seats(self.match))
        return [i for i in self.human_seats() if i not in phones]

    def _local_to_act(self) -> list[int]:
        """The human seats of this device to act now."""
        phones = set(phone_seats(self.match))
        return [s for s in self.match.humans_to_act() if s not in phones]

    def handoff_seat(self) -> int | None:
        """The seat to pass the device to, if the hand-off screen must show now.

        It shows when the next human to act differs from the human who last acted
        (or confirmed a hand-off), and the game has private information or the
        "hand-off screen" setting is on. Never with fewer than two human seats."""
        m = self.match
        if m is None or m.is_over():
            return None
        humans = self._local_to_act()
        if not humans or len(self.local_humans()) < 2:
            return None
        if not (m.game.private_info or self.settings["handoff"]):
            return None
        nxt = humans[0]
        return None if m.meta.get("holder") == nxt else nxt

    def perspective(self) -> int | None:
        """The seat whose view the table shows: the human to act, else the human
        holding the device, else the first human, else a spectator (None)."""
        m = self.match
        if not m.is_over():
            humans = self._local_to_act()
            if humans:
                return int(humans[0])
        holder = m.meta.get("holder")
        if isinstance(holder, int) and 0 <= holder < len(m.seats) and holder not in phone_seats(m):
            return holder
        hs = self.local_humans()
        return hs[0] if hs else None

    def acting_seat(self) -> int | None:
        """The human seat the UI may act for now (None while a bot is to act, the
        hand-off screen shows, the game is over, or a lesson's script is: issue 45)."""
        m = self.match
        if m is None or m.is_over() or self.handoff_seat() is not None or tutorial.finished(m):
            return None
        humans = self._local_to_act()
        return int(humans[0]) if humans else None

    def label_action(self, seat: int, action: Any) -> None:
        """Remember how to name an action about to be applied (announcements)."""
        m = self.match
        try:
            label = str(m.game.action_label(m.state, seat, action))
        except Exception:  # a label must never stop play
            label = str(action)
        self._labels = {k: v for k, v in self._labels.items() if k >= len(m.actions) - 50}
        self._labels[len(m.actions)] = (seat, label)

    def _count_play_time(self) -> None:
        """Add the time since the last action to ``meta["play_ms"]``, a pause counting at
        most :data:`IDLE_MS` (the game was left); a game saved before the app counted has
        ``None`` there (unknown, not shown)."""
        meta, now = self.match.meta, self.now_ms()
        last, played = meta.get("last_ms"), meta.get("play_ms", 0 if len(self.match.actions) <= 1 else None)
        if isinstance(played, (int, float)) and isinstance(last, (int, float)):
            played += max(0.0, min(now - last, IDLE_MS))
        meta["play_ms"] = played
        meta["last_ms"] = now

    def after_action(self, seat: int, action: Any) -> None:
        self._count_play_time()
        self.paced_last = True  # a bot's own action says otherwise (bot_apply)
        self.hint = None  # a hint is for one decision
        self.coach_refused = None
        if self.match.seats[seat].kind == "human" and seat not in phone_seats(self.match):
            self._pause_seat = None  # the next bot's run of decisions starts afresh
            self.match.meta["holder"] = seat
            self._mark = (id(self.match), len(self.match.state["log"]), len(self.match.actions))
            self.skipped = False
        if not self.bot_pending():
            self.skipping = False
        self.fresh_action = (seat, action)
        self.error = None
        if self.net is not None:
            self.net.changed()
        self.autosave()

    def bot_pending(self) -> bool:
        """True if a bot must move now (the browser then waits :meth:`bot_delay`)."""
        m = self.match
        return self.screen == "table" and m is not None and not m.is_over() and self._bot_seat() is not None

    def _bot_seat(self) -> int | None:
        """The bot seat to move now (``Match.bot_to_act``; in a lesson, the seat of the script's
        step if it is a bot's and that seat is to act: issue 45), or None."""
        m = self.match
        if tutorial.lesson_of(m) is None:
            seat: int | None = m.bot_to_act()
            return seat
        now = tutorial.step_of(m)
        if now is None or m.seats[now[1].seat].kind != "bot" or now[1].seat not in m.to_act():
            return None
        return now[1].seat

    def bot_delay(self) -> float:
        """Seconds to wait before the next bot action: the bot speed's pause after an event a
        player watches (``Game.paced``: a human's action, or a bot's that changed what is
        seen), none between the steps of one event or while skipping to the player's turn.
        One bot's run of decisions pauses :data:`PACE_PAUSES` full pauses at most; its later
        events pause a quarter as long, so a busy turn (many battles, many moves) stays short
        and the catch-up panel tells it afterwards (issue 25 §2)."""
        if self.skipping or not self.paced_last:
            return 0.0
        base = BOT_DELAY[self.botspeed]
        m = self.match
        spent = self._paused if m is not None and m.bot_to_act() == self._pause_seat else 0.0
        return max(base / 4, min(base, PACE_PAUSES * base - spent))

    def bot_step(self) -> bool:
        """Let the bot to act move (one action, thought through at once). Returns
        True if one moved."""
        thinking = self.bot_thinker()
        if thinking is None:
            return False
        while not thinking.step(60.0):
            pass
        return self.bot_apply(thinking)

    def bot_thinker(self) -> Any:
        """The bot decision to compute now (:meth:`Match.think`, stepped in slices by
        the browser layer), or None."""
        if not self.bot_pending():
            self.thinking = None
            return None
        self._pending_pause = self.bot_delay()  # the pause the browser takes before this move
        # a bot's run of decisions searches RUN_THINK_SECONDS in all at most (each decision at
        # least THINK_FLOOR_SECONDS), so a slow phone's bot turn stays short (issue 25 §2)
        spent = self._thought if self.match.bot_to_act() == self._pause_seat else 0.0
        at_most = max(THINK_FLOOR_SECONDS, RUN_THINK_SECONDS - spent)
        scripted = tutorial.step_of(self.match)
        if scripted is not None:  # a lesson's bot plays the script (bot_pending: it is that bot's move)
            step, m = scripted[1], self.match
            self.thinking = Thinking(m, step.seat, tutorial.ScriptBot(step.action), Rng.from_seed(m.seed))
            return self.thinking
        self.thinking = self.match.think(time_limited=self.bots_timed, at_most=at_most)
        return self.thinking

    def thinking_progress(self) -> float | None:
        """How far the bot to act has got with its decision (0..1), or None if no bot
        is to act now. 0 while it waits before thinking (bot speed)."""
        if not self.bot_pending():
            return None
        t = self.thinking
        if t is None or t.match is not self.match or t.n != len(self.match.actions):
            return 0.0
        return float(t.progress)

    def bot_apply(self, thinking: Any) -> bool:
        """Apply a finished decision if the game has not moved meanwhile (the player
        may have left the table while the bot was thinking)."""
        m = self.match
        if self.thinking is thinking:
            self.thinking = None
        if (m is not thinking.match or not self.bot_pending() or thinking.action is None
                or len(m.actions) != thinking.n or self._bot_seat() != thinking.seat):
            return False
        self.label_action(thinking.seat, thinking.action)
        if thinking.seat != self._pause_seat:  # a new bot's run of decisions
            self._pause_seat, self._paused, self._thought = thinking.seat, 0.0, 0.0
        self._paused += self._pending_pause
        self._thought += thinking.elapsed
        before = m.state
        m.apply(thinking.seat, thinking.action)
        self.after_action(thinking.seat, thinking.action)
        self.paced_last = m.game.paced(before, m.state)
        return True

    # ---- hints (issue 24 §5) ------------------------------------------------------------
    def hint_offered(self) -> bool:
        """True if the Hint button shows now: a human is to decide at the table, the game
        offers hints (:meth:`Game.hint_level`), the "hints" setting is on, and it is not a
        competition: exactly one human plays (against bots; never with several people at the
        table, where a hint would help one of them) and it is not a daily challenge."""
        m = self.match
        return (self.screen == "table" and m is not None and bool(self.settings.get("hints"))
                and len(self.human_seats()) == 1 and not m.meta.get("daily") and not m.meta.get("tutorial")
                and m.game.hint_level() is not None and self.acting_seat() is not None)

    def hint_key(self) -> tuple[int, int, int | None]:
        m = self.match
        return (id(m), len(m.actions), self.acting_seat())

    def live_hint(self) -> dict[str, Any] | None:
        """The hint asked for this very decision, or None (dropping one the game moved past)."""
        h = self.hint
        if h is not None and (h["key"] != self.hint_key() or not self.hint_offered()):
            self.hint = h = None
        return h

    def hint_pending(self) -> Any:
        """The hint decision to step now (a :class:`~py_engine.core.Thinking`), or None."""
        h = self.live_hint()
        return h["thinking"] if h is not None and h["result"] is None else None

    def hint_step(self) -> bool:
        """Think the pending hint through at once (tests; the browser steps it in slices).
        Returns True if a hint is now shown."""
        thinking = self.hint_pending()
        if thinking is None:
            return False
        while not thinking.step(60.0):
            pass
        return self.hint_finish(thinking)

    def hint_finish(self, thinking: Any) -> bool:
        """Show a finished hint (its line of why computed now) if it is still wanted; counts
        it in the match's ``meta["hints"]`` (the end panel shows the count)."""
        h = self.live_hint()
        if h is None or h["thinking"] is not thinking or not thinking.done:
            return False
        result = self.match.hint_of(thinking)
        if result is None:
            self.hint = None
            return False
        h["result"], h["scroll"] = result, True
        meta = self.match.meta
        meta["hints"] = (meta["hints"] if isinstance(meta.get("hints"), int) else 0) + 1
        self.autosave()
        return True

    def take_hint_scroll(self) -> bool:
        """True once after a hint is shown, or a lesson's step for the learner comes (the
        browser layer then scrolls the ringed option's board target or button into view)."""
        coach = self.coach_view() if self.screen == "table" else None
        if coach is not None and coach["action"] is not None and self.acting_seat() is not None:
            key = (id(self.match), int(coach["step"]))
            if self._coach_scrolled != key:
                self._coach_scrolled = key
                return True
        h = self.live_hint()
        if h is None or not h["scroll"]:
            return False
        h["scroll"] = False
        return True

    def hint_view(self) -> dict[str, Any] | None:
        """The hint as a table draws it (:attr:`tb_ui.context.TableContext.hint`): None if not
        offered, else idle, thinking (with its progress) or ready (the action, its label and
        the line of why)."""
        if not self.hint_offered():
            return None
        h = self.live_hint()
        if h is None:
            return {"state": "idle"}
        result = h["result"]
        if result is None:
            return {"state": "thinking", "progress": float(h["thinking"].progress)}
        seat = h["key"][2]
        label = str(self.match.game.action_label(self.match.state, seat, result.action))
        return {"state": "ready", "action": result.action.to_json(), "label": label, "reason": result.reason}

    def coach_view(self) -> dict[str, Any] | None:
        """The lesson's coach for the table (:func:`tb_ui.tutorial.coach_view`), or None for an
        ordinary game."""
        return tutorial.coach_view(self.match, self.coach_refused) if self.match is not None else None

    # ---- catching up and announcing ----------------------------------------------------
    def catchup(self) -> dict[str, Any] | None:
        """What the bots did since the human holding the device last moved, once it
        is that human's turn again (or the game ended): ``{"title", "lines", "more",
        "moves"}``, shown when a bot turn passed (a run of one bot's moves; issue 48: in
        every game whose bots move between the player's turns, what they did is said where
        the player looks), or two where the game's table has its own "Last turn" summary
        (:func:`tb_ui.tables.own_last_turn`: Time War), or the player skipped to their
        turn. None otherwise."""
        m = self.match
        if m is None or self.screen != "table" or self._mark is None or self._mark[0] != id(m):
            return None
        if self.skipping or self.handoff_seat() is not None:
            return None
        if not m.is_over() and self.acting_seat() is None:
            return None
        _mid, log_from, n_from = self._mark
        bots = [s for s, _a in m.actions[n_from:] if m.seats[s].kind == "bot"]
        turns = sum(1 for i, s in enumerate(bots) if i == 0 or bots[i - 1] != s)
        if turns < (2 if own_last_turn(m.game.id) else 1) and not (self.skipped and bots):
            return None
        viewer = self.perspective()
        lines = [t for vis, t in m.state["log"][log_from:] if vis is None or vis == viewer]
        if not lines:
            return None
        title = "While you skipped" if self.skipped else "Since your last move"
        shown = lines[-CATCHUP_LINES:]
        return {"title": title, "lines": shown, "more": len(lines) - len(shown), "moves": turns}

    def take_announcement(self) -> str | None:
        """Plain words for the moves made since the last call (for the page's
        ``aria-live`` region), or None if nothing new happened. A human's own choice
        is named by its label; others' moves by the game log lines the viewer may
        see (on the hand-off screen: public lines only). Ends with the prompt when
        the viewer is to act. In the replay viewer: the move shown."""
        if self.screen == "replay" and self.replay is not None:
            rv = self.replay
            key: tuple[Any, ...] = ("replay", rv.sid, rv.k, rv.watch)
            if self._ann == key:
                return None
            first = self._ann is None or self._ann[:2] != key[:2]
            self._ann = key
            if first:
                return f"Replay of {rv.match.game.title}: {rv.caption()}."
            return " ".join([rv.caption() + ".", *rv.lines_at(rv.k)])
        g = self.guest
        if self.screen == "join" and g is not None and g.msg is not None:
            return self._guest_announcement(g)
        m = self.match
        if m is None or self.screen != "table":
            self._ann = None
            return None
        key = (id(m), len(m.actions), len(m.state["log"]))
        if self._ann is None or self._ann[0] != id(m) or self.skipping:
            if not self.skipping:
                self._ann = key
            return None
        if self._ann == key:
            return None
        _mid, n0, log0 = self._ann
        self._ann = key
        if len(m.actions) < n0:
            return "Your last choice was taken back."
        viewer = None if self.handoff_seat() is not None else self.perspective()
        lines = [t for vis, t in m.state["log"][log0:] if vis is None or vis == viewer]
        if not lines:
            for k in range(n0, len(m.actions)):
                seat, label = self._labels.get(k, (m.actions[k][0], ""))
                name = m.seats[seat].name
                if label and (seat == viewer or not m.game.private_info):
                    lines.append(f"{name} chose {label}.")
                else:
                    lines.append(f"{name} made a choice.")
        if len(lines) > ANNOUNCE_LINES:
            lines = [f"{len(lines) - ANNOUNCE_LINES} earlier lines are in the game log.", *lines[-ANNOUNCE_LINES:]]
        acting = self.acting_seat()
        if acting is not None and acting == viewer and not m.is_over():
            lines.append(str(m.game.prompt(m.state, acting)))
        return " ".join(lines) or None

    def _guest_announcement(self, g: GuestTable) -> str | None:
        """A guest phone's announcement: the log lines its seat may read that came since the
        table last drawn, then its prompt when it is to act (the first table: only the prompt)."""
        assert g.msg is not None
        seat = g.perspective()
        view = g.msg["seats"][str(seat)]
        key = ("guest", g.deal, int(g.msg["revision"]), len(view["log"]))
        if self._ann == key:
            return None
        prev, self._ann = self._ann, key
        lines: list[str] = []
        if prev is not None and prev[:2] == key[:2] and len(prev) == 4:
            lines = [str(t) for t in view["log"][int(prev[3]):]]
        if len(lines) > ANNOUNCE_LINES:
            lines = [f"{len(lines) - ANNOUNCE_LINES} earlier lines are in the game log.", *lines[-ANNOUNCE_LINES:]]
        if view["actions"]:
            lines.append(str(view["prompt"]))
        return " ".join(lines) or None

    def new_match(self, game_id: str, seats: list[Any], options: dict[str, Any],
                  phones: list[int] | None = None, keep: HostTable | None = None) -> None:
        """Start a match and put it on the table (raises OptionError); ``phones``: the human
        seats played on other phones (issue 27), ``keep``: their links (a rematch)."""
        seed, generator = new_deal()
        meta: dict[str, Any] = {"holder": None}
        add_phone_seats(meta, phones or [])
        match = Match.new(game_id, seats, options, seed, meta, generator)
        self.start_match(match, keep)

    def attach_net(self, match: Any, keep: HostTable | None = None) -> None:
        """Follow the phone seats of ``match`` (:class:`HostTable`), or none; ``keep``: the table
        whose links go on (a rematch keeps its phones); any other table's links are closed by the
        browser layer."""
        if not phone_seats(match):
            self.net = None
        elif keep is not None:
            self.net = HostTable(match, keep.phones, keep.session)
        else:
            self.net = HostTable(match)
        self.scan = None

    def start_match(self, match: Any, keep: HostTable | None = None) -> None:
        """Put a new match on the table under a new save id and save it; ``keep``: the table
        across phones whose links it takes over (a rematch)."""
        self.attach_net(match, keep)
        self.match, self.match_id = match, self.store.new_id()
        self._reset_marks()
        self.fresh_action = None
        self.table_ui = {}
        self.thinking = None
        self.hint = None
        self.coach_refused = None
        self.log_open = False
        self.log_all = False
        self.error = None
        self.go("table")
        self.autosave()

    # ---- dispatch --------------------------------------------------------------------
    def dispatch(self, act: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """React to one UI event. Returns effects for the browser layer:
        ``{"render": bool, "download": (file name, text) | None}``."""
        data = dict(data or {})
        registered = event(act)
        effects: dict[str, Any] = {"render": True, "download": None}
        if registered is None or (act in FORM_EVENTS and self.draft is None):
            return effects  # unknown, or a tap left over from a new-game form that is gone
        try:
            out = registered.run(self, data)
        except BadPayload as e:  # a tap whose values cannot be read: refused, nothing done
            self.error = str(e)
            return effects
        except Exception as e:  # keep the app alive; show what happened
            traceback.print_exc()
            self.error = f"Something went wrong: {type(e).__name__}: {e}"
            return effects
        if isinstance(out, dict):
            effects.update(out)
        return effects

    # navigation (its taps are registered below the class: go, back, rules, dismiss)
    def go_to(self, to: str) -> None:
        """A navigation link to screen ``to`` (the table only while a match is open; the rules
        through :meth:`open_rules`); an unknown screen changes nothing."""
        if to in SCREENS and to not in ("table", "rules"):
            self.error = self.notice = None
            if to == "new" and self.draft is None:
                self.draft = screen_new.new_draft(self, self.games()[0].id)
            self.go(to)
        elif to == "table" and self.match is not None:
            self.error = None
            self.go("table")

    def back(self) -> None:
        """A screen's own Back button: the screen Back would show (the browser layer
        then steps back in the history instead of adding an entry)."""
        self.error = None
        if self.prev_route:
            self.navigate(self.prev_route)
        elif self.back_to == "table" and self.match is not None:
            self.go("table")
        else:
            self.go(self.back_to if self.back_to in SCREENS and self.back_to not in ("table", "replay") else "library")

    def open_rules(self, game_id: str, part: str) -> None:
        """The rules help of ``game_id`` ("": the game at the table, else Timeline's), or its
        sub-page ``part`` (:func:`tb_ui.rules.rules_pages`; an unknown one: the rules page)."""
        game_id = game_id or (self.match.game.id if self.match else "timeline")
        if self.screen != "rules":
            self.back_to = self.screen if self.screen != "replay" else "library"
        self.rules_game = game_id
        self.rules_part = part if part in rules_pages(game_id) else ""
        self.go("rules")

    # the new-game form: the screen is tb_ui.screen_new
    def bot_levels(self, game_id: str) -> list[str]:
        """The bot levels the new-game form offers for ``game_id`` (without "random", unless
        it is the only one)."""
        levels = [lv for lv in self.game(game_id).bot_levels() if lv != "random"]
        return levels or list(self.game(game_id).bot_levels())

    @property
    def form(self) -> dict[str, Any]:
        """The new-game form being filled in (:attr:`draft`), for the handlers of
        :data:`FORM_EVENTS`, which :meth:`dispatch` calls only while a form is open.

        Raises:
            RuntimeError: no form is open."""
        if self.draft is None:
            raise RuntimeError("no new-game form is open")
        return self.draft

    # the table: its taps are tb_ui.screen_table's
    def mark_seen(self, only_if_unset: bool = False) -> None:
        """The catch-up (:meth:`catchup`) lists from now on only what happens next (``only_if_unset``:
        unless it already counts from an earlier point of this match)."""
        m = self.match
        if m is None or (only_if_unset and self._mark is not None and self._mark[0] == id(m)):
            return
        self._mark = (id(m), len(m.state["log"]), len(m.actions))

    # a seat handed to a bot (issue 48 §3)
    def hand_over_levels(self) -> list[str]:
        """The bot levels the seat the table shows may be handed to ("Let a bot finish for
        me"), weakest first; [] where it may not: the game is over or not on this device's
        table, no human of this device holds that seat, the game is a daily deal (its result
        is the player's own), or the table spans phones (the guests play with the host's
        seats as they were agreed)."""
        m = self.match
        if (m is None or self.screen != "table" or m.is_over() or m.meta.get("daily") or self.net is not None
                or self.handoff_seat() is not None or m.meta.get("tutorial")):
            return []
        seat = self.perspective()
        if seat is None or seat not in self.local_humans():
            return []
        return self.bot_levels(m.game.id)

    def handed_seat(self) -> int | None:
        """The seat the table shows, when its player handed it to a bot ("hand-over")
        and the game runs: the table offers to take it back. None otherwise (tb_ui.screen_table)."""
        m = self.match
        if m is None or self.screen != "table" or m.is_over():
            return None
        seat = self.perspective()
        return seat if seat is not None and seat in m.handed() else None

    # replays: the screen is tb_ui.replay
    def replay_tick(self) -> bool:
        """One step of autoplay; returns False once it stops."""
        rv = self.replay if self.screen == "replay" else None
        if rv is None or not rv.playing:
            return False
        rv.set_step(rv.k + 1)
        return bool(rv.playing)

    # the daily challenge: the screen is tb_ui.daily
    # saves: the screen is tb_ui.screen_saves
    def import_refusal(self, name: str, size: int) -> str | None:
        """The message refusing a file of ``size`` bytes before it is read (too large to
        be a save or a backup of ours), or None."""
        if size > MAX_SAVE_BYTES:
            return (f"Could not import {name}: the file is too large ({size:,} bytes; a save of this app "
                    f"is at most {MAX_SAVE_BYTES:,}), so it is not a Time & Barons save. "
                    "Your other saved games are unchanged.")
        return None

    # ---- a table across phones (issue 27): the host ------------------------------------------
    # The taps are tb_ui.phones's. The browser layer carries out the "link" effects (make a code,
    # take the other phone's code, close a link) and calls back the phone_* / guest_* methods below.
    def phone_offered(self, seat: int, code: str) -> None:
        """The browser made the code of ``seat``'s invitation."""
        if self.net is not None and seat in self.net.phones:
            self.net.offered(seat, code)

    def phone_joined(self, seat: int) -> None:
        """The link of ``seat`` is open: its phone gets its table."""
        if self.net is not None and seat in self.net.phones:
            self.net.joined(seat)
            self.notice = f"{self.match.seats[seat].name}’s phone joined the table."

    def phone_retry(self, seat: int, why: str) -> None:
        """The guest's code for ``seat`` could not be read (mistyped, the wrong code): the
        invitation stands, its code is shown again, with ``why``."""
        if self.net is not None and seat in self.net.phones:
            self.net.retry(seat, why)

    def phone_lost(self, seat: int, why: str | None = None) -> None:
        """The link of ``seat`` closed (or never opened: ``why`` says what failed; ``"flood"``:
        the link closed itself because the phone sent more than a player can, issue 47)."""
        if self.net is not None and seat in self.net.phones:
            if why == "flood":
                why = flooded(self.match.seats[seat].name)
            self.net.lost(seat, why)

    def phone_message(self, seat: int, text: str) -> bool:
        """A message from the phone of ``seat``: its move is applied like a move made here.
        Returns True when the table changed (the page is drawn again), False when the message
        was refused (its refusal is queued for that phone alone: a phone that sends junk never
        makes the host redraw, issue 47) or came from no phone at the table."""
        if self.net is None or self.match is None:
            return False
        move = self.net.receive(seat, text)
        if move is None:
            return False
        m = self.match
        if move.action is None:
            m.undo(move.seat)
            self.fresh_action = None
            self.net.changed()
            self.autosave()
            return True
        self.label_action(move.seat, move.action)
        m.apply(move.seat, move.action)
        self.after_action(move.seat, move.action)
        return True

    def phone_refusals(self) -> int:
        """Messages refused from the phones at this table so far (the browser layer redraws the
        host's phone panel, at its own pace, when this grows)."""
        return sum(p.refused for p in self.net.phones.values()) if self.net is not None else 0

    def link_note(self) -> str | None:
        """The host's connection line for the table's pinned bar (issue 47): the phone seats the
        table waits for, or None."""
        if self.net is None or self.match is None:
            return None
        waiting = self.net.waiting_for()
        if not waiting:
            return None
        names = ", ".join(self.match.seats[s].name for s in waiting)
        return f"Waiting for {names}: {'that phone is' if len(waiting) == 1 else 'those phones are'} not connected."

    def scan_failed(self, why: str) -> None:
        """The camera could not be opened or read (the text code remains)."""
        scan, self.scan = self.scan, None
        if scan is not None and scan.get("for") == "answer" and self.net is not None:
            p = self.net.phones.get(int(scan["seat"]))
            if p is not None:
                p.error = why
                return
        self.error = why

    def outbox(self) -> list[tuple[int | str, str]]:
        """Messages to send now: ``(seat, text)`` to a guest's phone, ``("host", text)`` from this
        guest phone to its host. The browser layer sends them after every change."""
        out: list[tuple[int | str, str]] = []
        if self.net is not None:
            out.extend(self.net.take())
        if self._to_host:
            out.extend(("host", t) for t in self._to_host)
            self._to_host = []
        return out

    # ---- a table across phones: the guest --------------------------------------------------------
    def guest_answered(self, code: str) -> None:
        """This phone's code is ready: the host reads it."""
        if self.guest is not None and self.guest.state == "answering":
            self.guest.state, self.guest.code = "answer", code

    def guest_joined(self) -> None:
        """The link to the host is open; the table comes with its first message."""
        if self.guest is not None:
            self.guest.state, self.guest.code = "joined", None
            self.error = None

    def guest_failed(self, why: str) -> None:
        """Joining failed (a wrong code, a network that keeps phones apart...)."""
        if self.guest is not None:
            self.guest.state, self.guest.code = ("lost" if self.guest.msg else "scan"), None
        self.error = why

    def guest_lost(self) -> None:
        """The link to the host closed."""
        if self.guest is not None and self.guest.state == "joined":
            self.guest.state = "lost"

    def guest_message(self, text: str) -> None:
        """A message from the host: the table to draw, or why the last move was refused."""
        if self.guest is None:
            return
        problem = self.guest.receive(text)
        self.error = problem
        if problem is None:
            self.notice, self.guest.news = self.guest.news, None

    def guest_send(self, text: str | None, stale: str) -> None:
        if text is None:
            self.error = stale
            return
        self.error = None
        self._to_host.append(text)

    # ---- render ------------------------------------------------------------------
    def render(self) -> Markup:
        """The markup of ``#app`` for the current screen: what :func:`tb_ui.html.as_markup`
        gives, so a renderer that returned a plain str is shown as text, never parsed."""
        page = as_markup(screens.render(self))
        self.fresh_action = None  # animate a placement once
        return page

    def title(self) -> str:
        return screens.title(self)


# ---- navigation taps (the App's own; every screen's are in its module: tb_ui.events) ---------------
@dataclass(frozen=True)
class GoTo:
    """A navigation link: the screen ``to`` (default: the library)."""

    to: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> GoTo:
        return cls(str(raw.get("to") or "library"))


@dataclass(frozen=True)
class RulesTap:
    """The rules help of ``game`` ("": the game at the table), its sub-page ``part`` ("": none)."""

    game: str
    part: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> RulesTap:
        return cls(str(raw.get("game") or ""), str(raw.get("part") or ""))


@handles("go", GoTo)
def _go(app: App, p: GoTo) -> Effects:
    app.go_to(p.to)
    return None


@handles("back", NoPayload)
def _back(app: App, p: NoPayload) -> Effects:
    app.back()
    return None


@handles("rules", RulesTap)
def _rules(app: App, p: RulesTap) -> Effects:
    app.open_rules(p.game, p.part)
    return None


@handles("dismiss", NoPayload)
def _dismiss(app: App, p: NoPayload) -> Effects:
    """Hide the error or notice shown."""
    app.error = app.notice = None
    return None



if TYPE_CHECKING:  # the screens' Protocols exist for mypy only (nothing of them in the app's heap)
    from .daily import DailyHost
    from .first import Driven
    from .phones import PhonesHost
    from .replay import ReplayHost

    def _hosts(app: App) -> tuple[screen_saves.SavesHost, screen_settings.SettingsHost, screen_new.NewGameHost,
                                  tutorial.LessonHost, DailyHost, ReplayHost, PhonesHost, screen_table.TableHost,
                                  screens.AppHost, Driven]:
        """The App is the host of every screen: each screen module names what it reads and does
        of the app as a Protocol, and mypy checks here that :class:`App` has all of it."""
        return (app, app, app, app, app, app, app, app, app, app)
