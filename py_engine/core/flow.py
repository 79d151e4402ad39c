"""One way for a rule to ask a player: a stack of frames kept in the state (issue 28 §2).

As in Rally the Troops, a game's decisions are states that each offer a prompt and a list of
actions. A game keeps ``state["frames"]``, a list of JSON-ready dicts ``{"k": kind, ...}``; the
last one is the step being resolved. For every kind the game registers a :class:`Step`:

- ``advance(state, frame) -> Ask | None``: do everything that needs nobody's choice, until the
  frame waits for one (it returns that :class:`Ask`) or is done (None: it is popped and the
  frame below resumes). It may push frames, which are resolved first.
- ``ask(state, frame) -> Ask``: the choice the waiting frame owes (who, the options). Pure: it
  is what ``to_act`` and ``legal_actions`` read.
- ``answer(state, frame, action)``: carry out the chosen option.
- optionally ``who(state, frame) -> int``: the seat that owes the choice, cheaper than
  ``ask`` (``to_act`` is asked far more often than the options, by bots above all);
- optionally the words of the choice, for the table: ``prompt(state, frame) -> str``, and per
  option ``label(state, frame, action) -> str`` and ``target(state, frame, action) -> str |
  None`` (the board element the option points at, e.g. ``"space:ID"``). They are asked only
  when a table draws the choice (:meth:`Flow.prompt`, :meth:`Flow.label`,
  :meth:`Flow.target`), never in a bot's playouts, so they are kept out of :class:`Ask`.

A game whose end can come in the middle of a frame (a death in a fight) gives the flow an
``over(state) -> bool`` test: once it holds, nothing is advanced or asked, and the frames
left stay as they were (what the table shows at the end).

:meth:`Flow.run` (after setup and after every answer) advances the top frame until someone must
choose. **The always-ask rule, written once:** a choice with a single option is taken without
asking, unless its :class:`Ask` says ``always`` (asking is itself part of the game, e.g.
choosing the card to play, or asking would reveal what the chooser may not know).

A tiny game, a counter two seats take turns to raise by one or two until it reaches 5:

>>> from py_engine.core import Action
>>> def advance(state, frame):
...     return ask(state, frame) if state["count"] < 5 else None
>>> def ask(state, frame):
...     room = 5 - state["count"]
...     return Ask(state["count"] % 2, tuple(Action("add", (k,)) for k in (1, 2) if k <= room))
>>> def answer(state, frame, action):
...     state["count"] += action.args[0]
>>> flow = Flow({"count": Step(advance, ask, answer)})
>>> state = {"count": 0, "frames": [{"k": "count"}]}
>>> flow.run(state); flow.to_act(state), flow.legal_actions(state, 0)
([0], [Action(name='add', args=(1,)), Action(name='add', args=(2,))])
>>> flow.answer(state, 0, Action("add", (2,))); flow.answer(state, 0, Action("add", (2,)))
>>> state["count"], flow.to_act(state)  # at 4 the only option (add 1) was taken unasked
(5, [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .action import Action

#: A frame: ``{"k": kind, ...}``, JSON-ready, kept in ``state["frames"]``.
Frame = dict[str, Any]


@dataclass(frozen=True)
class Ask:
    """A choice owed: ``seat`` chooses one of ``options`` (legal actions, at least one).
    ``always``: ask even when there is a single option (see the module docstring)."""

    seat: int
    options: tuple[Action, ...]
    always: bool = False


@dataclass(frozen=True)
class Step:
    """What a frame kind does: ``advance``, ``ask``, ``answer``, and optionally ``who`` and
    the words of the choice, ``prompt``, ``label`` and ``target`` (the module docstring)."""

    advance: Callable[[Any, Frame], Ask | None]
    ask: Callable[[Any, Frame], Ask]
    answer: Callable[[Any, Frame, Action], None]
    who: Callable[[Any, Frame], int] | None = None
    prompt: Callable[[Any, Frame], str] | None = None
    label: Callable[[Any, Frame, Action], str] | None = None
    target: Callable[[Any, Frame, Action], str | None] | None = None


#: :meth:`Flow.run` gives up after this many steps without a choice (a rules bug, never a
#: player's doing).
MAX_STEPS = 100_000


class Flow:
    """The steps of one game, by frame kind, and the loop that resolves its frame stack
    (``state[key]``, ``"frames"`` by default); ``over(state)``, if given, says the game has
    ended (see the module docstring). Steps may also be added later with :meth:`register`."""

    def __init__(self, steps: Mapping[str, Step] | None = None, key: str = "frames",
                 over: Callable[[Any], bool] | None = None) -> None:
        self.steps: dict[str, Step] = dict(steps or {})
        self.key = key
        self.over = over

    def register(self, kind: str, step: Step) -> None:
        """Add (or replace) the step of frames of kind ``kind``."""
        self.steps[kind] = step

    def _frames(self, state: Any) -> list[Frame]:
        frames: list[Frame] = state[self.key]
        return frames

    def _top(self, state: Any) -> Frame | None:
        """The frame owing the choice now, or None (no frame left, or the game is over)."""
        frames = self._frames(state)
        if not frames or (self.over is not None and self.over(state)):
            return None
        return frames[-1]

    def run(self, state: Any) -> None:
        """Advance until a seat must choose (the top frame waits on an :class:`Ask` with two
        or more options, or one it must always ask), no frame is left or the game is over.
        Mutates ``state``.

        Raises ValueError if a frame kind has no step, or a waiting frame offers no option;
        RuntimeError after :data:`MAX_STEPS` steps without a choice (the rules loop)."""
        frames = self._frames(state)
        over = self.over
        for _ in range(MAX_STEPS):
            if not frames or (over is not None and over(state)):
                return
            top = frames[-1]
            step = self.steps.get(top["k"])
            if step is None:
                raise ValueError(f"no step for frames of kind {top['k']!r}")
            ask = step.advance(state, top)
            if over is not None and over(state):
                return
            if ask is None:
                if frames and frames[-1] is top:
                    frames.pop()
                continue
            if frames[-1] is not top:  # advance pushed a frame: resolve it first
                continue
            if not ask.options:
                raise ValueError(f"a {top['k']!r} frame waits on a choice with no option")
            if len(ask.options) > 1 or ask.always:
                return
            step.answer(state, top, ask.options[0])
        raise RuntimeError(f"the rules are looping: {MAX_STEPS} steps without a choice")

    def asking(self, state: Any) -> Ask | None:
        """The choice owed now (the top frame's), or None when no frame is left or the game
        is over. Pure."""
        top = self._top(state)
        return None if top is None else self.steps[top["k"]].ask(state, top)

    def prompt(self, state: Any) -> str | None:
        """The words of the choice owed now (its step's ``prompt``), or None if there is no
        choice or its step has no words. Pure."""
        top = self._top(state)
        fn = None if top is None else self.steps[top["k"]].prompt
        return None if top is None or fn is None else fn(state, top)

    def label(self, state: Any, action: Action) -> str | None:
        """A short label of ``action``, one option of the choice owed now, or None. Pure."""
        top = self._top(state)
        fn = None if top is None else self.steps[top["k"]].label
        return None if top is None or fn is None else fn(state, top, action)

    def target(self, state: Any, action: Action) -> str | None:
        """The board element ``action`` (an option of the choice owed now) points at, or
        None. Pure."""
        top = self._top(state)
        fn = None if top is None else self.steps[top["k"]].target
        return None if top is None or fn is None else fn(state, top, action)

    def to_act(self, state: Any) -> list[int]:
        """``[the seat that owes the choice]``, or ``[]``. Pure."""
        top = self._top(state)
        if top is None:
            return []
        step = self.steps[top["k"]]
        return [step.who(state, top) if step.who is not None else step.ask(state, top).seat]

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """The options of the choice owed, if ``seat`` owes it; else ``[]``."""
        ask = self.asking(state)
        return list(ask.options) if ask is not None and ask.seat == seat else []

    def answer(self, state: Any, seat: int, action: Action) -> None:
        """Carry out ``action`` (one of :meth:`legal_actions`; :meth:`Game.apply` has checked
        it), then :meth:`run` on. Mutates ``state``."""
        frames = self._frames(state)
        top = frames[-1]
        self.steps[top["k"]].answer(state, top, action)
        self.run(state)
