"""Learn by playing (issue 45): a guided first game for a title, played by the real engine.

A lesson is data, one file per game (``tb_ui/tutorials/<game id>.json``): the seats, options and
seed of a fixed deal, and the script of that game's first moves, every one with the coach's line
and the rule it teaches::

    {"game": "timeline", "title": "Learn Timeline", "about": str,
     "seats": [{"name", "kind", "level"?}], "options": {...}, "seed": int,
     "steps": [{"seat": int, "action": [name, *args], "coach": str, "rule": "TL Gameplay"}],
     "summary": [str, ...]}

The lesson is an ordinary saved match whose ``meta["tutorial"]`` names its game, so it survives
a reload like any game. Step ``i`` is the script's move once ``i`` moves were made
(``len(match.actions)``): the player's steps are the one choice the table rings (the hint's ring,
``data-hint``) while the coach says why; any other choice is refused with the coach's reason and
nothing changes (:func:`refusal`); the bots' steps are played by :class:`ScriptBot`. When the
script is over the lesson ends, the game with it: the table shows the summary and "Play a real
game". Hints and handing a seat to a bot are off in a lesson.

The script is checked against the engine by tests/ui/test_tutorial.py: every step is a legal
action where it comes, so an engine change that breaks a lesson fails CI.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import Action, Match, Seat
from py_engine.games import ids as game_ids

from .events import BadPayload, Effects, handles

#: The longest coach line (characters): it is pinned under the table's bar on a phone.
MAX_COACH = 200


@dataclass(frozen=True)
class Step:
    """One scripted move: ``seat`` plays ``action``; ``coach`` says what to do and why (shown
    before the move), ``rule`` is the rulebook section it teaches (e.g. ``"TL Gameplay"``)."""

    seat: int
    action: Action
    coach: str
    rule: str


@dataclass(frozen=True)
class Lesson:
    """A game's lesson (see the module docstring for the file it is read from)."""

    game: str
    title: str
    about: str
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]
    seed: int
    steps: tuple[Step, ...]
    summary: tuple[str, ...]

    def new_match(self) -> Match:
        """The lesson's deal as a new match (``meta["tutorial"]`` = the game; the device is
        turned to the learner). Raises the engine's OptionError if the options are wrong."""
        holder = next(i for i, s in enumerate(self.seats) if s.kind == "human")
        return Match.new(self.game, list(self.seats), dict(self.options), self.seed,
                         {"holder": holder, "tutorial": self.game})


def _lesson_from(doc: Mapping[str, Any]) -> Lesson:
    """Read a lesson document. Raises ValueError (with what is wrong) for a malformed one."""
    try:
        seats = tuple(Seat(str(s["name"]), str(s["kind"]), s.get("level")) for s in doc["seats"])
        steps = tuple(Step(int(s["seat"]), Action.from_json(s["action"]), str(s["coach"]), str(s["rule"]))
                      for s in doc["steps"])
        lesson = Lesson(str(doc["game"]), str(doc["title"]), str(doc["about"]), seats,
                        dict(doc.get("options") or {}), int(doc["seed"]), steps,
                        tuple(str(x) for x in doc["summary"]))
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"a malformed lesson: {e!r}") from e
    if sum(1 for s in seats if s.kind == "human") != 1:
        raise ValueError("a lesson has exactly one human seat")
    if not steps or not lesson.summary:
        raise ValueError("a lesson has steps and a summary")
    too_long = [i for i, s in enumerate(steps) if not s.coach or len(s.coach) > MAX_COACH]
    if too_long:
        raise ValueError(f"coach lines empty or over {MAX_COACH} characters: steps {too_long}")
    return lesson


@cache
def lesson(game_id: str) -> Lesson | None:
    """The lesson of ``game_id`` (read once), or None if the game has none yet. Raises
    ValueError if its file is malformed (tests/ui/test_tutorial.py reads every one)."""
    if game_id not in game_ids():
        return None
    f = resources.files("tb_ui").joinpath("tutorials", f"{game_id}.json")
    if not f.is_file():
        return None
    return _lesson_from(json.loads(f.read_text("utf-8")))


def lesson_of(match: Any) -> Lesson | None:
    """The lesson ``match`` is (``meta["tutorial"]``), or None for an ordinary game."""
    gid = match.meta.get("tutorial") if match is not None else None
    return lesson(gid) if isinstance(gid, str) and gid == match.game.id else None


def step_of(match: Any) -> tuple[int, Step] | None:
    """``(i, step)``: the scripted move to make now, or None (not a lesson, or its script is
    over)."""
    les = lesson_of(match)
    if les is None or match.is_over():
        return None
    i = len(match.actions)
    return (i, les.steps[i]) if i < len(les.steps) else None


def finished(match: Any) -> bool:
    """True for a lesson whose script has been played (or whose game ended)."""
    les = lesson_of(match)
    return les is not None and (match.is_over() or len(match.actions) >= len(les.steps))


def refusal(match: Any, seat: int, action: Action) -> str | None:
    """Why the lesson refuses ``seat`` playing ``action`` now (None: it is the scripted move, or
    the match is not a lesson). The game is not changed either way."""
    les = lesson_of(match)
    if les is None:
        return None
    now = step_of(match)
    if now is None:
        return "This lesson is over: start a real game to play on."
    _, step = now
    if step.seat != seat:
        return f"Not yet: in this lesson, {match.seats[step.seat].name} moves first."
    if step.action != action:
        label = str(match.game.action_label(match.state, step.seat, step.action))
        return f"Not yet: in this lesson, tap the ringed choice ({label})."
    return None


class ScriptBot:
    """A bot that plays the lesson's scripted move (:meth:`quick`, read by
    :class:`py_engine.core.Thinking` before any search)."""

    level = "script"

    def __init__(self, action: Action) -> None:
        self.action = action

    def quick(self, game: Any, state: Any, seat: int) -> Action:
        return self.action

    def choose(self, game: Any, state: Any, seat: int, rng: Any) -> Action:
        return self.action


def coach_view(match: Any, refused: str | None = None) -> dict[str, Any] | None:
    """What the table shows of a lesson (``TableContext.coach``), or None for an ordinary game:
    ``{"title", "step" (1-based), "steps", "text", "rule", "action" (the learner's ringed
    action as JSON, or None on a bot's step), "refused" (the last refused tap's reason, or
    None), "done" (the script is over), "summary", "game"}``."""
    les = lesson_of(match)
    if les is None:
        return None
    now = step_of(match)
    base = {"title": les.title, "steps": len(les.steps), "summary": list(les.summary), "game": les.game,
            "refused": refused}
    if now is None:
        return {**base, "step": len(les.steps), "text": "", "rule": "", "action": None, "done": True}
    i, step = now
    human = match.seats[step.seat].kind == "human"
    return {**base, "step": i + 1, "text": step.coach, "rule": step.rule,
            "action": step.action.to_json() if human else None, "done": False}


# ---- taps -------------------------------------------------------------------------------------------
if TYPE_CHECKING:
    class LessonHost(Protocol):
        """What the Learn tap does of the app: start the lesson's match, or say why not."""

        error: str | None
        notice: str | None

        def start_match(self, match: Any, keep: Any = None) -> None: ...


@dataclass(frozen=True)
class LessonGame:
    """A tap naming the game whose lesson to start (``game``). Raises BadPayload for a game
    without a lesson."""

    game: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> LessonGame:
        gid = str(raw.get("game", ""))
        if lesson(gid) is None:
            raise BadPayload("There is no lesson for that game yet.")
        return cls(gid)


@handles("learn", LessonGame)
def learn(app: LessonHost, p: LessonGame) -> Effects:
    """Start the lesson of ``p.game`` from its first step, as a new saved game."""
    les = lesson(p.game)
    assert les is not None
    app.error = app.notice = None
    app.start_match(les.new_match())
    return None
