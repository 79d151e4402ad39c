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
choose. **The always-ask rule, written once** (:func:`asked`): a choice with a single option is
taken without asking, unless its :class:`Ask` says ``always`` (asking is itself part of the game,
e.g. choosing the card to play, or asking would reveal what the chooser may not know).

Rules written one function per frame kind (a step that both asks and answers, as in Rally the
Troops), with questions kept in the state, a standing decision when no frame is left, or two
stacks asking at once, run on :class:`Stacks` instead, under the same rule. Every engine asks
through one of the two (``tests/test_decisions.py``).

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
    ``always``: ask even when there is a single option (see the module docstring).
    ``prompt``, and per option ``labels`` and board ``targets``: the words of the choice, for
    a game whose questions are stored with their words (:class:`Stacks`); a :class:`Flow`
    game gives them through :attr:`Step.prompt`, :attr:`Step.label` and :attr:`Step.target`."""

    seat: int
    options: tuple[Action, ...]
    always: bool = False
    prompt: str = ""
    labels: tuple[str, ...] = ()
    targets: tuple[str | None, ...] = ()


def ask_of(seat: int, prompt: str, acts: list[list[Any]], always: bool = False) -> Ask:
    """An :class:`Ask` of options given JSON-ready (``[[name, *args], ...]``, as a
    :class:`Stacks` question stores them).

    >>> ask_of(1, "Advance?", [["advance", "yes"], ["advance", "no"]]).options[0]
    Action(name='advance', args=('yes',))
    """
    return Ask(seat, tuple(Action(a[0], tuple(a[1:])) for a in acts), always, prompt)


#: What a :data:`Resolve` step returns when its frame has nothing to ask yet but must not go
#: on either: it waits for a choice owed on another stack (:class:`Stacks`).
WAIT = Ask(-1, ())


def asked(n_options: int, always: bool = False) -> bool:
    """**The always-ask rule**, the one place it is written: a choice of ``n_options`` is put
    to its seat if it has several options or must ``always`` be asked; a single option is
    taken without asking. (A planner replayed with its answers so far reads it too: only a
    choice that was asked has a recorded answer.)

    >>> asked(2), asked(1), asked(1, always=True)
    (True, False, True)
    """
    return n_options > 1 or always


def unasked(ask: Ask) -> Action | None:
    """The option :func:`asked` takes without asking (the only one, unless ``ask.always``),
    or None when the seat must be asked.

    Raises ValueError if ``ask`` offers no option (a rules bug).

    >>> unasked(Ask(0, (Action("end"),)))
    Action(name='end', args=())
    >>> unasked(Ask(0, (Action("end"),), always=True)) is None
    True
    """
    if not ask.options:
        raise ValueError(f"a choice of seat {ask.seat} offers no option")
    return None if asked(len(ask.options), ask.always) else ask.options[0]


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
            taken = unasked(ask)
            if taken is None:
                return
            step.answer(state, top, taken)
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


#: A frame kind's step in the one-function style of :class:`Stacks`: ``resolve(state, stack,
#: frame, answer)``. Called with ``answer`` None it does what needs nobody's choice and returns
#: the :class:`Ask` the frame owes (having changed nothing the question depends on, so it can
#: be asked again), :data:`WAIT`, or None once it has popped or pushed frames (the loop goes
#: on with the new top). Called with an answer (one of the options it asked) it carries it
#: out and returns the same way (e.g. the next seat's question of the same frame).
Resolve = Callable[[Any, Any, Frame, Action | None], Ask | None]


class Stacks:
    """Decisions on several frame stacks, each keeping its question in the state, for rules
    written one function per frame kind (:data:`Resolve`, as in Rally the Troops) and for
    choices owed at once on two stacks (ToC §6.8: the previous player buys while the next
    one takes actions).

    A *stack* is a dict holding a list of frames (top last) under ``frames`` (``"stack"`` by
    default) and the question it waits for under ``ask`` (``"ask"``), stored JSON-ready as
    ``{"seat", "prompt", "acts": [[name, *args], ...]}`` (so ``to_act`` and
    ``legal_actions`` cost a lookup, and a table can show the prompt of a game that is not
    running), plus ``"labels"`` and ``"targets"`` (one per option) with ``words``.
    ``keys`` name the stacks in the state: ``keys[0]`` the main stack, always there (None:
    the state itself holds its frames and question); any later key a side stack, ``None``
    while it has no frames. The side stacks' seats come first in :meth:`to_act` (a player
    finishing an earlier turn), while a seat owing choices on both answers the main stack's
    first.

    ``resolve`` maps a frame kind to its step; ``root``, if given, is the kind of the main
    stack's standing decision while it has no frame (e.g. a turn's free actions): its step is
    called with a fresh ``{"k": root}`` that is never stored, and it pushes frames to go on.
    ``over`` says the game has ended (no stack is run or asked then): a test ``over(state)``,
    or the name of a state key that is truthy once it has (e.g. ``"result"``: read without a
    call, as a search reads it at every step).

    >>> def count(state, stack, frame, answer):
    ...     if answer is not None:
    ...         state["count"] += answer.args[0]
    ...     if state["count"] >= 5:
    ...         stack["stack"].pop()
    ...         return None
    ...     room = 5 - state["count"]
    ...     return Ask(state["count"] % 2, tuple(Action("add", (k,)) for k in (1, 2) if k <= room))
    >>> stacks = Stacks({"count": count}, over=lambda state: False)
    >>> state = {"count": 0, "main": {"stack": [{"k": "count"}], "ask": None}}
    >>> stacks.run(state, state["main"]); stacks.to_act(state), state["main"]["ask"]["acts"]
    ([0], [['add', 1], ['add', 2]])
    >>> stacks.answer(state, 0, Action("add", (2,))); stacks.answer(state, 0, Action("add", (2,)))
    >>> state["count"], stacks.to_act(state)  # at 4 the only option (add 1) was taken unasked
    (5, [])
    """

    def __init__(self, resolve: Mapping[str, Resolve], over: Callable[[Any], bool] | str,
                 keys: tuple[str | None, ...] = ("main",), *, root: str | None = None,
                 frames: str = "stack", ask: str = "ask", words: bool = False) -> None:
        self.resolve: dict[str, Resolve] = dict(resolve)
        if isinstance(over, str):
            key = over
            self.over: Callable[[Any], bool] = lambda state: bool(state[key])
            self._over_key: str | None = key
        else:
            self.over = over
            self._over_key = None
        self.keys = keys
        self.root = root
        self.frames = frames
        self.ask = ask
        self.words = words
        self._main_key = keys[0]
        self._sides = keys[1:]
        #: Each option's :class:`Action`, by its JSON form: ``legal_actions`` is asked far
        #: more often than questions change (a search's every playout step).
        self._actions: dict[tuple[Any, ...], Action] = {}

    def main(self, state: Any) -> Any:
        """The main stack (the state itself when ``keys[0]`` is None)."""
        key = self._main_key
        return state if key is None else state[key]

    def stacks(self, state: Any) -> list[Any]:
        """The stacks there now: the side stacks first, the main stack last."""
        key = self._main_key
        main = state if key is None else state[key]
        if not self._sides:
            return [main]
        out = [m for m in (state[k] for k in self._sides) if m is not None]
        out.append(main)
        return out

    def store(self, stack: Any, ask: Ask) -> None:
        """Keep ``ask`` as ``stack``'s question (JSON-ready; the class docstring)."""
        q: dict[str, Any] = {"seat": ask.seat, "prompt": ask.prompt, "acts": [a.to_json() for a in ask.options]}
        if self.words:
            q["labels"] = list(ask.labels)
            q["targets"] = list(ask.targets)
        stack[self.ask] = q

    def run(self, state: Any, stack: Any, answer: Action | None = None) -> None:
        """Resolve ``stack``'s top frame (first with ``answer``, if given) until a seat must
        choose (the question is stored in the stack), the frame waits (:data:`WAIT`), the
        stack is empty (and has no ``root``) or the game is over. A question the always-ask
        rule (:func:`unasked`) takes unasked is answered at once. Mutates ``state``.

        Raises ValueError if a frame kind has no step or a question offers no option;
        RuntimeError after :data:`MAX_STEPS` steps without a choice."""
        stack[self.ask] = None
        frames = stack[self.frames]
        root = self.root if stack is self.main(state) else None
        over, over_key = self.over, self._over_key
        for _ in range(MAX_STEPS):
            if state[over_key] if over_key is not None else over(state):
                return
            if frames:
                top = frames[-1]
            elif root is not None:
                top = {"k": root}
            else:
                return
            step = self.resolve.get(top["k"])
            if step is None:
                raise ValueError(f"no step for frames of kind {top['k']!r}")
            ask = step(state, stack, top, answer)
            answer = None
            if ask is None:
                continue
            if ask is WAIT:
                return
            answer = unasked(ask)
            if answer is None:
                self.store(stack, ask)
                return
        raise RuntimeError(f"the rules are looping: {MAX_STEPS} steps without a choice")

    def to_act(self, state: Any) -> list[int]:
        """The seats owing a choice, the side stacks' first, each once; ``[]`` once the game
        is over. Pure."""
        if state[self._over_key] if self._over_key is not None else self.over(state):
            return []
        if not self._sides:  # one stack: no list to build (a search asks this at every step)
            key = self._main_key
            ask = (state if key is None else state[key])[self.ask]
            return [] if ask is None else [ask["seat"]]
        out: list[int] = []
        for m in self.stacks(state):
            ask = m[self.ask]
            if ask is not None and ask["seat"] not in out:
                out.append(ask["seat"])
        return out

    def asking(self, state: Any, seat: int) -> tuple[Any, Any] | None:
        """``(stack, question)`` that ``seat`` answers now (the main stack's first), or None.
        Pure."""
        if state[self._over_key] if self._over_key is not None else self.over(state):
            return None
        if not self._sides:
            key = self._main_key
            main = state if key is None else state[key]
            ask = main[self.ask]
            return (main, ask) if ask is not None and ask["seat"] == seat else None
        for m in reversed(self.stacks(state)):
            ask = m[self.ask]
            if ask is not None and ask["seat"] == seat:
                return m, ask
        return None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """The options of the question ``seat`` answers now, or ``[]``. Pure."""
        found = self.asking(state, seat)
        if found is None:
            return []
        cache = self._actions
        out = []
        for a in found[1]["acts"]:
            key = tuple(a)
            act = cache.get(key)
            if act is None:
                act = cache[key] = Action(a[0], key[1:])
            out.append(act)
        return out

    def answer(self, state: Any, seat: int, action: Action) -> None:
        """Carry out ``action`` (one of :meth:`legal_actions`; :meth:`Game.apply` has checked
        it) on the stack that asked it and run on. While a side stack is there, the other
        stacks are run again after it: their questions may have changed (a side stack that
        just answered and asks again is not), and an emptied side stack is dropped. Mutates
        ``state``.

        Raises ValueError if ``seat`` owes no choice."""
        found = self.asking(state, seat)
        if found is None:
            raise ValueError(f"seat {seat} owes no choice")
        acted = found[0]
        sides = self._sides
        self.run(state, acted, action)
        if not sides or (acted is self.main(state) and all(state[k] is None for k in sides)):
            return
        for k in sides:
            side = state[k]
            if self.over(state) or side is None:
                continue
            if side[self.frames] and (side[self.ask] is None or acted is not side):
                self.run(state, side)
            if not side[self.frames]:
                state[k] = None
        if not self.over(state):
            self.run(state, self.main(state))

    def refresh(self, state: Any, keep: int | None = None) -> None:
        """Ask every stored question again except ``keep``'s (e.g. after other seats'
        hidden cards were dealt anew for a search: their options may differ). Mutates
        ``state``."""
        for m in self.stacks(state):
            if m[self.ask] is not None and m[self.ask]["seat"] != keep:
                self.run(state, m)

    def clear(self, state: Any) -> None:
        """Forget every stored question (the game has ended). Mutates ``state``."""
        for m in self.stacks(state):
            m[self.ask] = None
