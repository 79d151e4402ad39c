"""The replay viewer: any saved or finished game, step by step, on its own table.

Built on :class:`py_engine.core.Replay` (the match's own replay, no second rules
path). The position after ``k`` actions is drawn by the game's table renderer from
:meth:`Game.view` of the seat chosen to watch, with no actions and no undo
(:class:`~tb_ui.context.TableContext` ``mode="replay"``), so another seat's hand
stays hidden exactly as it was in play. Which seats may be watched
(:meth:`ReplayView.watch_choices`): every seat of a game without hidden
information; otherwise the table only (no hand), or the single human's own seat,
until the game is over and the players choose to reveal the hands.

A finished game's key moments (``py_engine.core.key_moments``: lead changes, eliminations, the
last round's trigger; issue 24 §1) are found in the same walk through its states that opening
at its end takes anyway (:func:`walk`); the viewer lists them as chapter marks ("Key
moments"), and the end panel opens the viewer at one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import Moment, Replay, key_moments

from .context import TableApp, TableContext
from .events import BadPayload, Effects, NoPayload, handles, int_or_none, truthy
from .html import Markup, attrs, button, html, join, plural
from .tables import render_with

#: Seconds between two steps of autoplay.
AUTOPLAY_SECONDS = 0.9
#: 24×24 icons of the step buttons (filled with currentColor; fonts lack ⏮ ⏭ on some devices).
FIRST = Markup('<path d="M6 5h2v14H6zM19 5v14L9 12z"/>')
PREV = Markup('<path d="M16 5v14L6 12z"/>')
NEXT = Markup('<path d="M8 5v14l10-7z"/>')
LAST = Markup('<path d="M16 5h2v14h-2zM5 5v14l10-7z"/>')


def _icon(path: Markup) -> Markup:
    return html('<svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">{}</svg>', path)


def marks(moments: list[Moment]) -> list[tuple[int, str]]:
    """``(step, label)`` per step of ``moments`` (in step order), the labels of moments at
    the same step joined ("The last round begins: one card each; Bob takes the lead…")."""
    out: list[tuple[int, str]] = []
    for m in moments:
        if out and out[-1][0] == m.k:
            out[-1] = (m.k, f"{out[-1][1]}; {m.label}")
        else:
            out.append((m.k, m.label))
    return out


def walk(match: Any) -> tuple[Replay, list[tuple[int, str]]]:
    """The replay of ``match`` and its key moments (:func:`marks`), found by walking its
    states once (which leaves the replay ready to jump anywhere cheaply)."""
    rep = Replay(match)
    return rep, marks(key_moments(rep))


@dataclass
class ReplayView:
    """The replay on screen: the save ``sid``, its match, the step ``k`` (actions
    applied), the watched seat (None: the table only), revealed hands, autoplay, and the key
    moments of a finished game (``(step, label)``, see :func:`walk`)."""

    sid: str
    match: Any
    rep: Any
    k: int
    watch: int | None
    reveal: bool = False
    playing: bool = False
    turns: list[Any] = field(default_factory=list)
    moments: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def open(cls, sid: str, match: Any, k: int | None = None,
             walked: tuple[Replay, list[tuple[int, str]]] | None = None) -> ReplayView:
        """The viewer on ``match`` at step ``k`` (None: a finished game at its end, an
        unfinished one at the start); ``walked``: its :func:`walk` if already made (a
        finished game is walked here otherwise: opening at its end walks it anyway)."""
        over = bool(match.is_over())
        rep, moments = walked if walked is not None else walk(match) if over else (Replay(match), [])
        view = cls(sid, match, rep, 0, None, turns=rep.turns(), moments=moments)
        choices = view.watch_choices()
        view.watch = next((s for s in choices if s is not None), None)
        view.set_step(k if k is not None else rep.length if over else 0)
        return view

    @property
    def over(self) -> bool:
        return bool(self.match.is_over())

    def watch_choices(self) -> list[int | None]:
        """Seats that may be watched now (None: the table only, no hand)."""
        m = self.match
        seats = list(range(len(m.seats)))
        if not m.game.private_info or (self.over and self.reveal):
            return [*seats, None]
        humans = [i for i, s in enumerate(m.seats) if s.kind == "human"]
        return [humans[0], None] if len(humans) == 1 else [None]

    def state(self) -> Any:
        return self.rep.state(self.k)

    def set_step(self, k: int) -> None:
        self.k = max(0, min(self.rep.length, int(k)))
        if self.k >= self.rep.length:
            self.playing = False

    def lines_at(self, k: int) -> list[str]:
        """Log lines the watched seat saw appear with action ``k`` (1-based)."""
        if k <= 0:
            return []
        before = len(self.rep.state(k - 1)["log"])
        after = self.rep.state(k)["log"]
        w = self.watch
        return [text for vis, text in after[before:] if vis is None or vis == w]

    def caption(self) -> str:
        """"Move 12 of 80 · Ann" (who made the move shown)."""
        if self.k == 0:
            return f"Setup · {plural(self.rep.length, 'move')} to replay"
        seat = self.rep.actions[self.k - 1][0]
        return f"Move {self.k} of {self.rep.length} · {self.match.seats[seat].name}"


if TYPE_CHECKING:
    class ReplayHost(TableApp, Protocol):
        """What the replay viewer reads and does of the app, besides what every screen shows
        (:class:`~tb_ui.context.TableApp`)."""

        replay: Any
        screen: str

        def open_replay(self, sid: str, k: int | None = None) -> bool: ...


class Stage:
    """The app as a table renderer sees it during a replay (a :class:`~tb_ui.context.TableApp`):
    the app's messages and log setting; no bot thinking, no hand-off, no catch-up, no
    table-local state."""

    def __init__(self, app: TableApp) -> None:
        self._app = app
        self.table_ui: dict[str, Any] = {}
        self.error: str | None = app.error
        self.notice: str | None = app.notice
        self.save_error: str | None = app.save_error
        self.skipping = False
        self.log_open: bool = app.log_open
        self.log_all: bool = app.log_all
        self.match_id: str | None = app.match_id

    def storage_problem(self) -> str | None:
        return self._app.storage_problem()

    def catchup(self) -> dict[str, Any] | None:
        return None

    def thinking_progress(self) -> float | None:
        return None

    def bot_pending(self) -> bool:
        return False

    def handoff_seat(self) -> int | None:
        return None


def table_context(view: ReplayView) -> TableContext:
    """The watched seat's table at step ``view.k``: read-only, under the replay bar."""
    m = view.match
    state = view.state()
    watch = view.watch
    kinds = [s.kind for s in m.seats]
    if watch is not None:
        kinds[watch] = "human"  # the renderers draw the hand of the seat "holding the device"
    return TableContext(view=m.game.view(state, watch), perspective=watch, acting=None, actions=[],
                        can_undo=False, reselect=False, n=int(state["n"]), fresh=None, kinds=kinds,
                        levels=[s.level for s in m.seats], game=m.game, mode="replay",
                        controls=controls(view), options=dict(m.options))


def controls(view: ReplayView) -> Markup:
    """The replay bar: step, jump to a turn, autoplay, whose view, reveal, export."""
    length = view.rep.length
    k = view.k
    step_btns = join([
        button(_icon(FIRST), "replay-to", "btn icon", data_k=0, aria_label="Back to the setup", disabled=k == 0),
        button(_icon(PREV), "replay-step", "btn icon", data_d=-1, aria_label="Back one move", disabled=k == 0),
        button("Pause" if view.playing else "Play", "replay-play", "btn primary small replay-play",
               aria_pressed="true" if view.playing else "false",
               aria_label="Pause the replay" if view.playing else "Play the replay",
               disabled=k >= length and not view.playing),
        button(_icon(NEXT), "replay-step", "btn icon", data_d=1, aria_label="Forward one move", disabled=k >= length),
        button(_icon(LAST), "replay-to", "btn icon", data_k=length, aria_label="To the last move", disabled=k >= length)])
    cur = view.rep.turn_at(k)
    opts = [html('<option{}>Setup</option>', attrs(value=0, selected=cur == -1))]
    for i, t in enumerate(view.turns):
        opts.append(html('<option{}>Turn {} · '
                         '{}</option>', attrs(value=t.end, selected=i == cur), i + 1, view.match.seats[t.seat].name))
    jump = html('<label class="replay-field"><span>Jump to</span>'
                '<select{}>{}</select></label>',
                attrs(id="replay-turn", data_act="replay-to", aria_label="Jump to a turn"), join(opts))
    watch_opts = join(
        html('<option{}>'
             '{}</option>',
             attrs(value="" if s is None else s, selected=s == view.watch),
             "The table only (no hand)" if s is None else view.match.seats[s].name)
        for s in view.watch_choices())
    chapters = Markup()
    if view.moments:  # the key moments as chapter marks
        marks_ = [html('<option{}>Key moments…</option>', attrs(value="", selected=all(m != k for m, _ in view.moments)))]
        marks_ += [html('<option{}>Move {} · {}</option>', attrs(value=m, selected=m == k), m, label)
                   for m, label in view.moments]
        chapters = html('<label class="replay-field replay-moments"><span>Moments</span>'
                        '<select{}>{}</select></label>',
                        attrs(id="replay-moment", data_act="replay-to", aria_label="Jump to a key moment"),
                        join(marks_))
    watch = html('<label class="replay-field"><span>Watch as</span>'
                 '<select{}>{}</select></label>',
                 attrs(id="replay-watch", data_act="replay-watch", aria_label="Watch the game as"), watch_opts)
    reveal = Markup()
    if view.over and view.match.game.private_info:
        reveal = html('<label class="switch replay-reveal"><input{}>'
                      '<span class="switch-track" aria-hidden="true"></span><span>Reveal every hand</span></label>',
                      attrs(type="checkbox", role="switch", data_act="replay-reveal", checked=view.reveal))
    lines = view.lines_at(k)
    what = html('<p class="replay-what">{}</p>', " ".join(lines)) if lines else Markup()
    export = button("Export replay", "replay-export", "btn small", aria_label="Export replay: a file another device opens in its replay viewer")
    pct = round(100 * k / length) if length else 100
    return html('<section class="replay-bar" aria-label="Replay controls">'
                '<div class="replay-row"><p class="replay-caption" id="replay-caption">{}</p>'
                '<progress class="replay-progress" max="100" value="{}" aria-label="Replay position">{}%</progress></div>'
                '<div class="replay-row replay-steps" role="group" aria-label="Step through the game">{}</div>'
                '<div class="replay-row replay-opts">{}{}{}{}{}</div>'
                '{}</section>',
                view.caption(), pct, pct, step_btns, jump, chapters, watch, reveal, export, what)


def render(app: ReplayHost) -> Markup:
    """The replay screen: the game's own table, read-only, under the replay bar."""
    view = app.replay
    return render_with(Stage(app), table_context(view))


# ---- taps (issue 49 §2: each screen answers its own, with a typed payload; tb_ui.events) -------------
def _viewer(app: ReplayHost) -> ReplayView | None:
    """The replay on screen, or None (a tap left over from a replay that was closed)."""
    rv: ReplayView | None = app.replay if app.screen == "replay" else None
    return rv


@dataclass(frozen=True)
class OpenReplay:
    """Open save ``id``'s replay at step ``k`` (None: where :meth:`ReplayView.open` opens it)."""

    id: str
    k: int | None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> OpenReplay:
        return cls(str(raw.get("id", "")), int_or_none(raw.get("k")))


@dataclass(frozen=True)
class Step:
    """Step ``d`` moves (negative: back). Raises BadPayload if ``d`` is not a whole number."""

    d: int

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Step:
        d = int_or_none(raw.get("d", 1))
        if d is None:
            raise BadPayload("That replay step could not be read.")
        return cls(d)


@dataclass(frozen=True)
class StepTo:
    """Go to step ``k`` (a select's ``value``, or a button's ``k``); None: not a step, ignored."""

    k: int | None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> StepTo:
        return cls(int_or_none(raw.get("value", raw.get("k", 0))))


@dataclass(frozen=True)
class Watch:
    """Watch as seat ``seat`` (None: the table only, no hand)."""

    seat: int | None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Watch:
        v = str(raw.get("value", ""))
        return cls(int(v) if v.isdigit() else None)


@dataclass(frozen=True)
class Reveal:
    """Show every hand of a finished game (``checked``) or not."""

    checked: bool

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Reveal:
        return cls(truthy(raw.get("checked")))


@handles("replay-open", OpenReplay)
def open_replay(app: ReplayHost, p: OpenReplay) -> Effects:
    """Open a save's replay (the end panel's "Watch again": at the start or a key moment)."""
    app.error = app.notice = None
    app.open_replay(p.id, p.k)
    return None


@handles("replay-step", Step)
def step(app: ReplayHost, p: Step) -> Effects:
    rv = _viewer(app)
    if rv is not None:
        rv.playing = False
        rv.set_step(rv.k + p.d)
    return None


@handles("replay-to", StepTo)
def step_to(app: ReplayHost, p: StepTo) -> Effects:
    rv = _viewer(app)
    if rv is not None and p.k is not None:
        rv.playing = False
        rv.set_step(p.k)
    return None


@handles("replay-play", NoPayload)
def play(app: ReplayHost, p: NoPayload) -> Effects:
    """Play or pause the replay (played from the start again once it reached its end)."""
    rv = _viewer(app)
    if rv is not None:
        if not rv.playing and rv.k >= rv.rep.length:
            rv.set_step(0)
        rv.playing = not rv.playing
    return None


@handles("replay-watch", Watch)
def watch(app: ReplayHost, p: Watch) -> Effects:
    """Watch as another seat, if that seat may be watched now (:meth:`ReplayView.watch_choices`)."""
    rv = _viewer(app)
    if rv is not None and p.seat in rv.watch_choices():
        rv.watch = p.seat
    return None


@handles("replay-reveal", Reveal)
def reveal(app: ReplayHost, p: Reveal) -> Effects:
    """Reveal (or hide again) every hand of a finished game."""
    rv = _viewer(app)
    if rv is not None and rv.over:
        rv.reveal = p.checked
        if rv.watch not in rv.watch_choices():
            rv.watch = None
    return None


@handles("replay-export", NoPayload)
def export(app: ReplayHost, p: NoPayload) -> Effects:
    """The replayed game as a file to open on another device: ``{"download": (name, text)}``."""
    rv = _viewer(app)
    if rv is None:
        return None
    safe = "".join(c for c in rv.match.game.id if c.isalnum() or c in "-_")
    app.notice = "Exported. Open the file on another device with Saved games → Import: it opens in the replay viewer."
    return {"download": (f"time-and-barons-replay-{safe}-{rv.sid}.json", rv.match.save_json())}
