"""The daily challenge: records, streak and best score, the share text, the screen.

One solo deal per calendar day for each game that offers one
(:attr:`Game.daily_options`; today Timeline), dealt from the date
(:func:`py_engine.core.daily_match`), so it is the same on every device and needs
no network. The game itself is an ordinary save played on the ordinary table;
this module keeps, under ``tb:daily``, what each day came to::

    {"<game id>": {"<YYYY-MM-DD>": {"sid": "<save id>", "finished": bool,
                                     "score": int, "marks": "RWR…", "summary": str}}}

The first finished result of a day is the one that counts (replaying the deal
from a deleted save does not change it).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import daily_match

from .context import TableApp
from .events import Effects, handles
from .html import Markup, button, html, join, plural
from .parts import alerts, appbar
from .store import SaveStore

DAILY_KEY = "tb:daily"
RIGHT, WRONG = "🟩", "🟥"


class DailyRecords:
    """The ``tb:daily`` record of this device (see the module docstring)."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def _read(self) -> dict[str, Any]:
        try:
            raw = json.loads(self.storage.get(DAILY_KEY) or "{}")
        except ValueError:
            raw = {}
        return raw if isinstance(raw, dict) else {}

    def days(self, game_id: str) -> dict[str, dict[str, Any]]:
        """Day -> record for one game (only well-formed records)."""
        got = self._read().get(game_id)
        if not isinstance(got, dict):
            return {}
        return {d: r for d, r in got.items() if isinstance(d, str) and isinstance(r, dict)}

    def get(self, game_id: str, day: str) -> dict[str, Any] | None:
        return self.days(game_id).get(day)

    def put(self, game_id: str, day: str, record: dict[str, Any]) -> None:
        """Store a day's record, unless that day already has a finished one."""
        data = self._read()
        games = data.setdefault(game_id, {})
        if not isinstance(games, dict):
            games = data[game_id] = {}
        old = games.get(day)
        if isinstance(old, dict) and old.get("finished") and old.get("sid") != record.get("sid"):
            return
        if isinstance(old, dict) and old.get("finished") and not record.get("finished"):
            return
        games[day] = record
        self.storage.set(DAILY_KEY, json.dumps(data, ensure_ascii=False, sort_keys=True))

    def streak(self, game_id: str, today: str) -> int:
        """Days in a row with a finished deal, up to today (or up to yesterday while
        today's deal is not finished yet)."""
        done = {d for d, r in self.days(game_id).items() if r.get("finished")}
        try:
            day = datetime.date.fromisoformat(today)
        except ValueError:
            return 0
        if day.isoformat() not in done:
            day -= datetime.timedelta(days=1)
        n = 0
        while day.isoformat() in done:
            n += 1
            day -= datetime.timedelta(days=1)
        return n

    def best(self, game_id: str) -> int | None:
        """The best (lowest) score of a finished deal, or None."""
        found = [r.get("score") for r in self.days(game_id).values() if r.get("finished")]
        scores: list[int] = [s for s in found if isinstance(s, int) and not isinstance(s, bool)]
        return min(scores) if scores else None

    def played(self, game_id: str) -> int:
        return sum(1 for r in self.days(game_id).values() if r.get("finished"))


def pretty_day(day: str) -> str:
    """``"2025-03-14"`` -> ``"Friday 14 March 2025"``."""
    try:
        d = datetime.date.fromisoformat(day)
    except ValueError:
        return day
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def share_text(title: str, day: str, record: dict[str, Any], streak: int) -> str:
    """The result as text to share: no card named, only right/wrong in order."""
    marks = str(record.get("marks", ""))
    grid = "".join(RIGHT if m == "R" else WRONG for m in marks)
    lines = [f"Time & Barons · Daily {title} · {day}", grid, str(record.get("summary", ""))]
    if streak > 1:
        lines.append(f"Streak: {streak} days")
    return "\n".join(line for line in lines if line)


def grid_html(marks: str) -> Markup:
    """The marks as squares (a list a screen reader reads as right/wrong)."""
    items = join(
        html('<li class="dg-{}"><span class="visually-hidden">'
             '{}</span></li>', "ok" if m == "R" else "bad", "right" if m == "R" else "wrong") for m in marks)
    n_ok, n_bad = marks.count("R"), marks.count("W")
    return html('<ol class="daily-grid" aria-label="Your placements in order: {} right, {} wrong">'
                '{}</ol>', n_ok, n_bad, items)


if TYPE_CHECKING:
    class DailyHost(TableApp, Protocol):
        """What the daily challenge screen reads and does of the app, besides what every screen
        shows (:class:`~tb_ui.context.TableApp`)."""

        daily: DailyRecords
        daily_game: str
        store: SaveStore
        today: Callable[[], str]

        def games(self) -> list[Any]: ...
        def game(self, game_id: str) -> Any: ...
        def go(self, screen: str) -> None: ...
        def open_save(self, sid: str) -> bool: ...
        def start_match(self, match: Any, keep: Any = None) -> None: ...


def score_html(app: DailyHost, match: Any) -> Markup:
    """The daily score of ``match`` for its end panel."""
    score = match.game.daily_score(match)
    return html('<div class="daily-score">{}<p>{}</p></div>', grid_html(score.to_json()["marks"]), score.summary)


def record_of(match: Any, sid: str) -> dict[str, Any]:
    """The ``tb:daily`` record of a daily ``match`` saved as ``sid``."""
    score = match.game.daily_score(match).to_json()
    return {"sid": sid, "finished": score["finished"], "score": score["score"],
            "marks": score["marks"], "summary": score["summary"]}


def render(app: DailyHost) -> Markup:
    """The daily screen of ``app.daily_game``: today's deal, its result, streak,
    best score, and the text to share."""
    g = app.game(app.daily_game)
    today = app.today()
    rec = app.daily.get(g.id, today)
    streak = app.daily.streak(g.id, today)
    best = app.daily.best(g.id)
    if rec is not None and rec.get("finished"):
        text = share_text(g.title, today, rec, streak)
        body = html('<section class="panel daily-result" aria-labelledby="daily-result-title">'
                    '<h2 id="daily-result-title">Today’s result</h2>{}'
                    '<p class="daily-summary">{}</p>'
                    '<label class="daily-share-label" for="daily-share">Your result, ready to share (no card is named):</label>'
                    '<textarea id="daily-share" class="daily-share" readonly rows="{}">{}</textarea>'
                    '<div class="actions">{}'
                    '{}'
                    '{}'
                    '</div><p class="help">Come back tomorrow for a new deal.</p></section>',
                    grid_html(str(rec.get("marks", ""))), rec.get("summary", ""),
                    text.count(chr(10)) + 1, text,
                    button("Copy result", "daily-copy", "btn primary", data_game=g.id),
                    button("Share…", "daily-share", "btn", data_game=g.id),
                    button("Watch the replay", "replay-open", "btn", data_id=rec.get("sid"))
                    if rec.get("sid") and app.store.text(str(rec.get("sid"))) is not None else Markup())
    elif rec is not None and rec.get("sid") and app.store.text(str(rec["sid"])) is not None:
        body = html('<section class="panel"><h2>Today’s deal</h2><p>{}</p>'
                    '<div class="actions">{}</div></section>',
                    rec.get("summary", "In progress."),
                    button("Continue today’s deal", "resume", "btn primary big", data_id=rec["sid"]))
    else:
        body = html('<section class="panel"><h2>Today’s deal</h2>'
                    '<p>Everyone who plays today gets the same six cards, in the same order.</p>'
                    '<div class="actions">{}</div></section>',
                    button("Play today’s deal", "daily-start", "btn primary big", data_game=g.id))
    stats = html('<section class="panel daily-stats" aria-label="Your record"><ul class="daily-nums">'
                 '<li><b>{}</b><span>{} in a row</span></li>'
                 '<li><b>{}</b><span>best score (mistakes)</span></li>'
                 '<li><b>{}</b><span>{} played</span></li>'
                 '</ul></section>',
                 streak, "day" if streak == 1 else "days",
                 "–" if best is None else best,
                 app.daily.played(g.id), "deal" if app.daily.played(g.id) == 1 else "deals")
    how = html('<section class="panel"><h2>How it is scored</h2><p>You play alone with six cards. A wrong '
               'card leaves the timeline and you draw another, so you always finish; your score is the number of '
               'mistakes you made on the way ({} is perfect, fewer is better). The deal changes '
               'at midnight on this device’s calendar and needs no connection.</p>'
               '<div class="actions">{}</div></section>',
               plural(0, "mistake"),
               button("Rules", "rules", "btn ghost", data_game=g.id, aria_label="Rules of " + g.title))
    return html('{}<main class="wrap narrow" id="main">{}'
                '<h1 tabindex="-1">Daily {}</h1><p class="daily-date">{}</p>'
                '{}{}{}</main>',
                appbar(app, "daily"), alerts(app), g.title, pretty_day(today), body, stats, how)


# ---- taps (issue 49 §2: each screen answers its own, with a typed payload; tb_ui.events) -------------
@dataclass(frozen=True)
class DailyGame:
    """A tap about one game's daily challenge: ``game`` (its id; "" for the one shown)."""

    game: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> DailyGame:
        return cls(str(raw.get("game") or ""))


@handles("daily", DailyGame)
def show(app: DailyHost, p: DailyGame) -> Effects:
    """The daily challenge screen of ``p.game`` (a game without one is not shown)."""
    game_id = p.game or app.daily_game
    if game_id in [g.id for g in app.games()] and app.game(game_id).daily_options:
        app.daily_game = game_id
        app.error = app.notice = None
        app.go("daily")
    return None


@handles("daily-start", DailyGame)
def start(app: DailyHost, p: DailyGame) -> Effects:
    """Deal today's game (or reopen it if it was started here; a finished one shows its score)."""
    game_id = p.game or app.daily_game
    day = app.today()
    rec = app.daily.get(game_id, day)
    if rec and rec.get("sid") and app.store.text(str(rec["sid"])) is not None:
        if rec.get("finished"):
            app.go("daily")
        else:
            app.open_save(str(rec["sid"]))
        return None
    app.start_match(daily_match(game_id, day, "You"))
    app.go("table")
    return None


def _shared(app: DailyHost, p: DailyGame) -> str | None:
    """Today's result of ``p.game`` as the text to share, or None before it is finished."""
    game_id = p.game or app.daily_game
    day = app.today()
    rec = app.daily.get(game_id, day)
    if not rec or not rec.get("finished"):
        return None
    return share_text(app.game(game_id).title, day, rec, app.daily.streak(game_id, day))


@handles("daily-copy", DailyGame)
def copy(app: DailyHost, p: DailyGame) -> Effects:
    """``{"copy": text}``: the browser layer puts today's result on the clipboard."""
    text = _shared(app, p)
    return {"copy": text} if text else None


@handles("daily-share", DailyGame)
def share(app: DailyHost, p: DailyGame) -> Effects:
    """``{"share": text}``: the browser layer offers the device's share sheet."""
    text = _shared(app, p)
    return {"share": text} if text else None
