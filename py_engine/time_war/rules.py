"""Major General: Duel of Time ("Time War"), the 2-player command-card battle.

Sources: the rules sheet (shared/seeds/time_war_rules.txt, cited "TW rules") and
the spec shared/games/time_war/RULES.md (cited "TW §n"), which fixes what the
sheet leaves open; the parts the spec marks DESIGNED live in data/time_war.json.

Seat 0 plays Yellow (base = space 1), seat 1 plays Red (base = space 5). Spaces
are stored by index 0..4 (absolute id − 1). Colour indices: 0 yellow, 1 red,
2 white (white cubes are units only in the ``garrison`` scenario, TW §8.5).

State (beyond the core keys): ``units`` [[y, r, w] × 5]; ``supply`` [y, r];
``stacks``: per space the halves played there, bottom first, each
``[command, facing seat, card id]`` (the top one is the visible command, TW §3.4);
``hands`` / ``decks`` per seat (deck top = last); ``scenario`` id; ``reserve``
(white cubes left to win); ``held`` [y, r] white cubes won (points or trophies);
``markers`` per space (``objectives``); ``active``; ``start`` (starting player of
this game); ``turn`` 1..16; ``selected`` card; ``frames``: the decisions being resolved
(:mod:`py_engine.core.flow`): ``{"k": "turn"}`` at the bottom (the active player chooses a
card and where to lay it), and while a played card is carried out ``{"k": "execute",
"pos"}`` (the position in this turn's execution order, TW §5.2; waiting there means the
facing player owes a choice, :func:`pending`); ``steps``: this turn's execution record for the
UI; ``last_play`` ({"card", "seat", "turn"}: the card those steps come from);
``game_no`` / ``carry`` for the two-game match variant; ``result``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache, cached_property
from importlib import resources
from typing import Any, TypedDict, cast

from ..core import (
    Action,
    Ending,
    Game,
    MomentKind,
    Option,
    Outcome,
    Rng,
    Standing,
    Standings,
    State,
    clone,
    ranked,
)
from ..core.flow import Ask, Flow, Frame, Step
from ..core.game import CoreState, log, reveal
from ..core.wording import a_an
from ..core.wording import plural as _plural

COLOURS = ("yellow", "red", "white")
SELECT, PLACE = "select", "place"


class Pending(TypedDict):
    """A decision the facing player owes: carry out ``command`` on space ``space``."""

    space: int
    command: str
    player: int


class ExecStep(TypedDict):
    """One executed space of this turn, for the UI (TW §5.2)."""

    space: int
    command: str
    player: int
    text: str


class LastPlay(TypedDict):
    """The card whose execution ``steps`` record, who played it, and on which turn."""

    card: str
    seat: int
    turn: int


class Result(TypedDict):
    """The end (TW §7): as :class:`~py_engine.core.Outcome` gives it, scores in points."""

    winners: list[int]
    reason: str
    scores: list[int]
    ending: str


class TimeWarState(CoreState):
    """Time War's state (the module docstring says what each key holds). For mypy only: at
    run time it is the plain dict every engine keeps (:data:`~py_engine.core.State`)."""

    units: list[list[int]]
    supply: list[int]
    stacks: list[list[list[Any]]]
    hands: list[list[str]]
    decks: list[list[str]]
    scenario: str
    reserve: int
    held: list[int]
    markers: list[int]
    active: int
    start: int
    turn: int
    selected: str | None
    frames: list[Frame]
    steps: list[ExecStep]
    last_play: LastPlay | None
    game_no: int
    carry: list[int]
    result: Result | None


def tw(state: Mapping[str, Any]) -> TimeWarState:
    """``state`` read as a :class:`TimeWarState` (no copy, no check: a cast for mypy)."""
    return cast(TimeWarState, state)


def pending(state: Mapping[str, Any]) -> Pending | None:
    """The command the facing player must choose how to carry out now (TW §6), or None:
    the execution frame waiting on top of the frame stack."""
    frames = state["frames"]
    if not frames or frames[-1]["k"] != "execute":
        return None
    s = order(state["active"])[frames[-1]["pos"]]
    stack = state["stacks"][s][-1]
    return {"space": s, "command": str(stack[0]), "player": int(stack[1])}


@cache
def data() -> dict[str, Any]:
    """The game data (spaces, deck, scenarios) from ``data/time_war.json``."""
    text = resources.files("py_engine.time_war.data").joinpath("time_war.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def scenarios() -> dict[str, dict[str, Any]]:
    """Scenario definitions by id (TW §8)."""
    return {s["id"]: s for s in data()["scenarios"]}


def card_halves(card: str) -> tuple[str, str]:
    """The two commands of a card id like ``"Y4"`` (TW §3.3).

    >>> card_halves("R4")
    ('move', 'push')
    """
    entry = data()["deck"][int(card[1:]) - 1]
    return entry["halves"][0], entry["halves"][1]


def ahead(space: int, player: int) -> int | None:
    """The space one ahead of ``space`` for ``player`` (TW §2), or None past the
    opponent's base."""
    b = space + (1 if player == 0 else -1)
    return b if 0 <= b <= 4 else None


def order(active: int) -> list[int]:
    """Execution order: from the active player's base toward the opponent's (TW §5.2)."""
    return [0, 1, 2, 3, 4] if active == 0 else [4, 3, 2, 1, 0]


def _space_name(s: int) -> str:
    return str(data()["spaces"][s]["name"])


class TimeWar(Game):
    """The Time War engine (2 players)."""

    id = "time_war"
    title = "Time War"
    min_players = 2
    max_players = 2
    private_info = True
    state_type = TimeWarState
    blurb = "Major General: Duel of Time. Lay command cards that both generals must obey."
    options = (
        Option("scenario", "Scenario", "choice", "random",
               choices=("random", *(s["id"] for s in data()["scenarios"])),
               labels=("Random", *(s["name"] for s in data()["scenarios"])),
               help="One scenario card is in force; drawn at random unless you agree on one (TW §4.2)."),
        Option("match_of_two", "Match of two games", "bool", False,
               help="Play twice with the starting player swapped and add the scores (TW §7)."),
    )
    conformance_options = ({"match_of_two": True, "scenario": "garrison"},)
    data_notes = data()["provenance"]["designed"]

    # ---- setup -----------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        """TW §4: units 3/3/2, scenario, shuffled decks, 3 cards each, random start."""
        st = tw(state)
        scen = st["options"]["scenario"]
        if scen == "random":
            scen = rng.choice(sorted(scenarios()))
        st.update({"scenario": scen, "game_no": 1, "carry": [0, 0], "result": None})
        self._new_game(st, rng, start=rng.below(2))
        log(st, f"Scenario: {scenarios()[scen]['name']}.")
        st["frames"] = [{"k": "turn"}]
        self.flow.run(st)

    def _new_game(self, state: TimeWarState, rng: Rng, start: int) -> None:
        d = data()
        sc = scenarios()[state["scenario"]]
        decks = []
        for letter in ("Y", "R"):
            deck = [f"{letter}{e['n']}" for e in d["deck"]]
            rng.shuffle(deck)
            decks.append(deck)
        hands = [[decks[p].pop() for _ in range(d["starting_hand"])] for p in (0, 1)]
        units = [[y, r, sc["neutral"][s]] for s, (y, r) in enumerate(d["setup_units"])]
        on_board = [sum(u[p] for u in units) for p in (0, 1)]
        state.update({"units": units, "supply": [d["units_per_colour"] - on_board[p] for p in (0, 1)],
                      "stacks": [[] for _ in range(5)], "hands": hands, "decks": decks,
                      "reserve": sc["reserve"], "held": [0, 0], "markers": list(sc["markers"]),
                      "active": start, "start": start, "turn": 1, "selected": None,
                      "steps": [], "last_play": None})
        log(state, f"{self._name(state, start)} ({COLOURS[start].title()}) plays first.")

    # ---- helpers ---------------------------------------------------------------
    @staticmethod
    def _name(state: TimeWarState, seat: int) -> str:
        return str(state["seats"][seat])

    def selected_card(self, state: Mapping[str, Any]) -> str | None:
        """The card the active player is placing: chosen, or the only one in hand."""
        st = tw(state)
        if pending(st) is not None or st["result"] is not None:
            return None
        hand = st["hands"][st["active"]]
        if st["selected"] is not None:
            return str(st["selected"])
        return hand[0] if len(hand) == 1 else None

    @staticmethod
    def control(state: Mapping[str, Any], s: int) -> int | None:
        """Who Controls space ``s``: strictly more own units (TW §7); white never counts."""
        st = tw(state)
        y, r = st["units"][s][0], st["units"][s][1]
        return 0 if y > r else 1 if r > y else None

    def space_points(self, state: Mapping[str, Any], p: int) -> list[int]:
        """What each of the five spaces (by index) is worth to seat ``p`` on this board: its
        value to ``p`` plus the scenario's markers on it if ``p`` Controls it, else 0 (TW §2,
        §7, §8.3)."""
        st = tw(state)
        sc = scenarios()[st["scenario"]]
        return [data()["spaces"][s]["value"][p] + st["markers"][s] * sc["points_per_marker"]
                if self.control(state, s) == p else 0 for s in range(5)]

    def scores(self, state: Mapping[str, Any]) -> list[int]:
        """Current score of each seat: values of controlled spaces, scenario points
        (TW §7, §8), plus the first game's scores in a match of two."""
        st = tw(state)
        sc = scenarios()[st["scenario"]]
        return [sum(self.space_points(state, p)) + st["held"][p] * sc["points_per_white"] + st["carry"][p]
                for p in (0, 1)]

    @staticmethod
    def visible(state: Mapping[str, Any], s: int) -> tuple[str, int] | None:
        """The visible command of space ``s`` and the seat it faces, or None."""
        st = tw(state)
        stack = st["stacks"][s]
        return (stack[-1][0], stack[-1][1]) if stack else None

    # ---- command options (TW §6) -------------------------------------------------
    def options_for(self, state: Mapping[str, Any], command: str, s: int, e: int) -> list[Action]:
        """Every legal way for executor ``e`` to carry out ``command`` on space ``s``
        (TW §6); empty if nothing can be done."""
        st = tw(state)
        u = st["units"]
        b = ahead(s, e)
        own = u[s][e]
        if command == "deploy":
            return [Action("deploy")] if st["supply"][e] > 0 else []
        if command == "move":
            return [Action("move", (n,)) for n in range(1, own + 1)] if b is not None else []
        if command == "push":
            if b is None or own == 0 or sum(u[b]) == 0:
                return []
            acts = []
            for n in range(1, min(own, sum(u[b])) + 1):
                for y in range(min(n, u[b][0]) + 1):
                    for r in range(min(n - y, u[b][1]) + 1):
                        w = n - y - r
                        if w <= u[b][2]:
                            acts.append(Action("push", (n, y, r, w)))
            return acts
        if command == "charge":
            if b is None or own == 0:
                return []
            return [Action("charge", (COLOURS[k],)) for k in range(3) if u[b][k] > 0]
        if command == "sabotage":
            return [Action("sabotage", (COLOURS[k],)) for k in (0, 1) if u[s][k] > 0]
        if command == "rally":
            return [Action("rally", (t + 1,)) for t in range(5) if t != s and u[t][e] > 0]
        raise ValueError(f"unknown command {command!r}")

    def _gain(self, state: TimeWarState, p: int) -> bool:
        if state["reserve"] > 0:
            state["reserve"] -= 1
            state["held"][p] += 1
            return True
        return False

    def _destroy(self, state: TimeWarState, s: int, k: int, e: int) -> str:
        """Destroy one unit of colour ``k`` on ``s`` (executor ``e``); scenario gains."""
        state["units"][s][k] -= 1
        note = ""
        if k < 2:
            state["supply"][k] += 1
            if scenarios()[state["scenario"]]["gain_on_destroy"] and self._gain(state, 1 - k):
                note = f" {COLOURS[1 - k].title()} takes a white cube (TW §8.1)."
        else:
            state["held"][e] += 1
            note = f" {COLOURS[e].title()} keeps it as a trophy (TW §8.5)."
        return note

    def _execute(self, state: TimeWarState, command: str, s: int, e: int, action: Action) -> str:
        """Carry out one option; return the log text."""
        u = state["units"]
        who = COLOURS[e].title()
        b = ahead(s, e)
        if action.name == "deploy":
            state["supply"][e] -= 1
            u[s][e] += 1
            return f"{who} deploys a unit on {_space_name(s)}."
        if action.name == "move":
            n = int(action.args[0])
            assert b is not None
            u[s][e] -= n
            u[b][e] += n
            return f"{who} moves {n} from {_space_name(s)} to {_space_name(b)}."
        if action.name == "push":
            n, y, r, w = (int(x) for x in action.args)
            assert b is not None
            c = ahead(b, e)
            for k, cnt in enumerate((y, r, w)):
                if c is not None:
                    u[b][k] -= cnt
                    u[c][k] += cnt
            u[s][e] -= n
            u[b][e] += n
            pushed = ", ".join(f"{cnt} {COLOURS[k]}" for k, cnt in enumerate((y, r, w)) if cnt)
            dest = f"to {_space_name(c)}" if c is not None else "but they cannot go further"
            return f"{who} pushes with {n} into {_space_name(b)}: {pushed} pushed {dest}."
        if action.name == "charge":
            k = COLOURS.index(str(action.args[0]))
            assert b is not None
            u[s][e] -= 1
            note = self._destroy(state, b, k, e)
            u[b][e] += 1
            return f"{who} charges into {_space_name(b)} and destroys {a_an(COLOURS[k])} unit.{note}"
        if action.name == "sabotage":
            k = COLOURS.index(str(action.args[0]))
            note = self._destroy(state, s, k, e)
            return f"{who} sabotages {a_an(COLOURS[k])} unit on {_space_name(s)}.{note}"
        if action.name == "rally":
            t = int(action.args[0]) - 1
            u[t][e] -= 1
            u[s][e] += 1
            return f"{who} rallies a unit from {_space_name(t)} to {_space_name(s)}."
        raise ValueError(action.name)

    # ---- contract --------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """The facing player owing a choice, else the active player; none once over."""
        return self.flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The options of the decision owed (:meth:`_turn_ask`, :meth:`_exec_ask`), if
        ``seat`` owes it: the ways to carry out a pending command (TW §6); else
        ``select <card>`` then ``place <j> <self command>`` for j = 1..4 counted from the
        player's base (TW §3.2)."""
        return self.flow.legal_actions(state, seat)

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why an action is refused, in a player's words."""
        p = pending(state)
        if p is not None:
            return (f"{COLOURS[p['player']].title()} must now carry out {p['command']} on "
                    f"{_space_name(p['space'])}; “{action}” is not one of the ways to do it.")
        if action.name == PLACE and self.selected_card(state) is None:
            return "Choose a command card first."
        if action.name == SELECT:
            return "That card is not in your hand." if self.selected_card(state) is None else (
                "You have already chosen a card; place it (or undo).")
        return f"“{action}” is not allowed now."

    def placement(self, active: int, j: int, self_cmd: str, card: str) -> list[tuple[int, str, int]]:
        """Where a card placed at position ``j`` with ``self_cmd`` kept lands:
        ``[(space index, command, facing seat), ...]`` (TW §3.2)."""
        a, b = card_halves(card)
        other = b if self_cmd == a else a
        if active == 0:
            return [(j - 1, self_cmd, 0), (j, other, 1)]
        return [(5 - j, self_cmd, 1), (4 - j, other, 0)]

    def _apply(self, state: State, seat: int, action: Action) -> None:
        self.flow.answer(state, seat, action)

    # ---- the decisions (py_engine.core.flow) ----------------------------------------
    @cached_property
    def flow(self) -> Flow:
        """A turn (choose a card, lay it) and the execution of the card laid (TW §5)."""
        return Flow({"turn": Step(self._turn_advance, self._turn_ask, self._turn_answer,
                                  who=lambda state, frame: int(state["active"])),
                     "execute": Step(self._exec_advance, self._exec_ask, self._exec_answer,
                                     who=self._exec_who)})

    def _turn_advance(self, state: TimeWarState, frame: Frame) -> Ask | None:
        return self._turn_ask(state, frame) if state["result"] is None else None

    def _turn_ask(self, state: TimeWarState, frame: Frame) -> Ask:
        """``select <card>`` then ``place <j> <self command>`` for j = 1..4 counted from the
        player's base (TW §3.2); with one card left it is the card to lay. Always asked:
        which card and where is the game."""
        active = state["active"]
        card = self.selected_card(state)
        if card is None:
            return Ask(active, tuple(Action(SELECT, (c,)) for c in state["hands"][active]), always=True)
        halves = card_halves(card)
        return Ask(active, tuple(Action(PLACE, (j, cmd)) for j in range(1, 5) for cmd in halves), always=True)

    def _turn_answer(self, state: TimeWarState, frame: Frame, action: Action) -> None:
        seat = state["active"]
        if action.name == SELECT:
            state["selected"] = str(action.args[0])
            return
        card = self.selected_card(state)
        assert card is not None
        j, cmd = int(action.args[0]), str(action.args[1])
        state["hands"][seat].remove(card)
        state["selected"] = None
        laid = self.placement(seat, j, cmd, card)
        for s, command, face in laid:
            state["stacks"][s].append([command, face, card])
        reveal(state)
        state["last_play"] = {"card": card, "seat": seat, "turn": state["turn"]}
        parts = [f"{command} on {_space_name(s)} for {COLOURS[face].title()}" for s, command, face in laid]
        log(state, f"Turn {state['turn']}: {self._name(state, seat)} plays {card}: {'; '.join(parts)}.")
        state["steps"] = []
        state["frames"].append({"k": "execute", "pos": 0})

    def _exec_advance(self, state: TimeWarState, frame: Frame) -> Ask | None:
        """Execute spaces in order (TW §5.2) until one offers a choice; then the turn ends."""
        seq = order(state["active"])
        pos = int(frame["pos"])
        while pos < 5:
            s = seq[pos]
            vis = self.visible(state, s)
            if vis is not None:
                command, e = vis
                options = self.options_for(state, command, s, e)
                if options:
                    frame["pos"] = pos
                    return Ask(e, tuple(options))
                text = f"{command.title()} on {_space_name(s)} for {COLOURS[e].title()}: nothing to do."
                state["steps"].append({"space": s, "command": command, "player": e, "text": text})
                log(state, text)
            pos += 1
        frame["pos"] = pos
        self._end_turn(state)
        return None

    def _exec_ask(self, state: TimeWarState, frame: Frame) -> Ask:
        """The facing player carries out the visible command (TW §6); a single way is taken
        without asking."""
        p = pending(state)
        assert p is not None
        return Ask(p["player"], tuple(self.options_for(state, p["command"], p["space"], p["player"])))

    @staticmethod
    def _exec_who(state: TimeWarState, frame: Frame) -> int:
        """The facing player of the command being carried out."""
        s = order(state["active"])[frame["pos"]]
        return int(state["stacks"][s][-1][1])

    def _exec_answer(self, state: TimeWarState, frame: Frame, action: Action) -> None:
        p = pending(state)
        assert p is not None
        text = self._execute(state, p["command"], p["space"], p["player"], action)
        state["steps"].append({"space": p["space"], "command": p["command"], "player": p["player"], "text": text})
        log(state, text)
        frame["pos"] = int(frame["pos"]) + 1

    def _end_turn(self, state: TimeWarState) -> None:
        """TW §5.3–5.4: draw, scenario end-of-turn effects, end check, pass."""
        a = state["active"]
        if state["decks"][a]:
            state["hands"][a].append(state["decks"][a].pop())
            reveal(state)  # the drawn card was hidden in the deck: undo may not cross it
        sc = scenarios()[state["scenario"]]
        if sc["gain_centre_each_turn"]:
            ctl = self.control(state, 2)
            if ctl is not None and self._gain(state, ctl):
                log(state, f"{COLOURS[ctl].title()} holds the Middle and takes a white cube (TW §8.2).")
        if sc["gain_raid_own_turn"]:
            enemy_base = 4 if a == 0 else 0
            if state["units"][enemy_base][a] > 0 and self._gain(state, a):
                log(state, f"{COLOURS[a].title()} raids the enemy base and takes a white cube (TW §8.4).")
        if not any(state["hands"]) and not any(state["decks"]):
            self._end_game(state)
            return
        state["active"] = 1 - a
        state["turn"] += 1

    def _end_game(self, state: TimeWarState) -> None:
        """TW §7: score; a tie is a draw. In a match of two, the first game's scores
        carry over and the other player starts the second game."""
        sc = self.scores(state)
        if state["options"]["match_of_two"] and state["game_no"] == 1:
            log(state, f"Game 1 ends: Yellow {sc[0]}, Red {sc[1]}. Game 2: the other player starts.")
            state["carry"] = sc
            state["game_no"] = 2
            self._new_game(state, Rng(state["rng"]), start=1 - state["start"])
            return
        names = [self._name(state, p) for p in (0, 1)]
        if sc[0] == sc[1]:
            reason = f"Draw, {sc[0]} to {sc[1]} (TW §7: a tie is a draw; play again)."
            winners = [0, 1]
        else:
            w = 0 if sc[0] > sc[1] else 1
            reason = f"{names[w]} ({COLOURS[w].title()}) wins {sc[w]} to {sc[1 - w]} (TW §7)."
            winners = [w]
        state["result"] = {"winners": winners, "reason": reason, "scores": sc, "ending": Ending.STANDINGS.value}
        log(state, reason)

    def outcome(self, state: State) -> Outcome | None:
        """Winner by points, or a draw (both seats) on a tie (TW §7)."""
        st = tw(state)
        r = st["result"]
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], tuple(float(x) for x in r["scores"]), Ending(r["ending"]))

    def standings(self, state: State) -> Standings | None:
        """The final standings (None while the game runs): a row per seat, the higher total
        first, both on place 1 for a draw (TW §7: no tie-break). ``score``: the points
        (``"12 points"``; in a match of two the sum of both games). ``details``: this game's
        points per space (``("Yellow base", "1")``... all five, 0 where the seat Controls
        nothing; with the ``objectives`` markers: ``"5 (3 + 2 markers)"``) and the scenario's
        points (``("Hold the Centre", "4 (4 white cubes)")``, TW §8), preceded in a match of
        two by ``("Game 1", "9 points"), ("Game 2", "7 points")`` and with the spaces named
        ``"Game 2: Yellow base"``. ``how``: who scored more (or the draw); ``rule`` "TW §7";
        ``length``: ``"16 turns"``, or ``"2 games of 16 turns"``."""
        st = tw(state)
        r = st["result"]
        if r is None:
            return None
        sc = scenarios()[st["scenario"]]
        total = r["scores"]
        match = st["game_no"] == 2
        rows = []
        for place, p in ranked([(p, total[p]) for p in (0, 1)]):
            details: list[tuple[str, str]] = []
            game = total[p] - st["carry"][p]
            if match:
                details += [("Game 1", _plural(st["carry"][p], "point")), ("Game 2", _plural(game, "point"))]
            prefix = "Game 2: " if match else ""
            for s, pts in enumerate(self.space_points(st, p)):
                m = st["markers"][s] * sc["points_per_marker"] if pts else 0
                text = f"{pts} ({pts - m} + {_plural(m, 'marker')})" if m else str(pts)
                details.append((prefix + _space_name(s), text))
            if sc["points_per_white"]:
                held = st["held"][p]
                what = _plural(held, "trophy", "trophies") if any(sc["neutral"]) else _plural(held, "white cube")
                details.append((prefix + str(sc["name"]), f"{held * sc['points_per_white']} ({what})"))
            rows.append(Standing(place, (p,), _plural(total[p], "point"), tuple(details)))
        names = [f"{st['seats'][p]} ({COLOURS[p].title()})" for p in (0, 1)]
        played = "Both games of the match are over" if match else "Both players have laid all their cards"
        over = " over the two games" if match else ""
        if total[0] == total[1]:
            how = f"{played} and both sides have {_plural(total[0], 'point')}{over}: a draw, to be replayed."
        else:
            w = 0 if total[0] > total[1] else 1
            how = f"{played}; {names[w]} has more points{over}, {total[w]} to {total[1 - w]}."
        length = f"2 games of {_plural(st['turn'], 'turn')}" if match else _plural(st["turn"], "turn")
        return Standings(tuple(rows), how, "TW §7", length)

    def setup_label(self, state: State) -> str:
        """The scenario in force (drawn at random unless chosen)."""
        st = tw(state)
        return str(st["scenario"])

    def leaders(self, state: State) -> frozenset[int] | None:
        """The seat with more points now (:meth:`scores`: Controlled spaces, scenario points and,
        in a match of two, the first game's score, TW §7), None while the scores are level."""
        sc = self.scores(state)
        return None if sc[0] == sc[1] else frozenset({0 if sc[0] > sc[1] else 1})

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """``"Ann takes the lead, 7 points to 5"``."""
        p = min(leaders)
        sc = self.scores(state)
        return f"{self._name(tw(state), p)} takes the lead, {sc[p]} points to {sc[1 - p]}"

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """The last round: the turn after which each player holds one card and no deck is left
        (each lays their last card, TW §7); in a match of two, in the second game only."""
        b, a = tw(before), tw(after)
        if a["result"] is not None or (a["options"]["match_of_two"] and a["game_no"] == 1):
            return None

        def last(st: TimeWarState) -> bool:
            return not any(st["decks"]) and [len(h) for h in st["hands"]] == [1, 1]

        return (MomentKind.LAST_ROUND, "The last round begins: one card each") if last(a) and not last(b) else None

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """16 turns of at most 1 select + 1 place + 5 choices, per game."""
        return 16 * 7 * (2 if options.get("match_of_two") else 1)

    # ---- bots ------------------------------------------------------------------
    #: Easy searches 20 iterations (the core's easy: 60) with full playouts; normal and hard
    #: keep the core's 300 and 1,200 (:data:`~py_engine.core.levels.SEARCH_LEVELS`). With the
    #: shorter normal below, a 60-iteration easy was nearly as strong as normal on a phone
    #: (normal won 62.5 % of 48 games); against this easy it won 84.8 % of 200 (issue 29).
    search_budgets = {"easy": (20, 400)}

    def bot_time_limit(self, level: str) -> float | None:
        """Seconds a bot of ``level`` may search per decision in the app: the core's limits
        (:data:`~py_engine.core.levels.TIME_LIMITS`), but 0.3 s for ``normal`` (not 0.6 s).

        On a phone the limit, not the iteration budget, ends most Time War searches (normal's
        300 iterations take about 0.14 s of CPU here, 1 s or more on a phone at CPU x4). With
        0.6 s normal searched 60 % as long as hard there, and hard won 64 % of 200 games
        against it where it wins 74.5 % on iteration budgets; at 0.3 s it won 75.5 %
        (benchmarks/RESULTS.md, "Bot levels worth choosing", issue 29). On a desktop normal
        still ends most searches on its iterations.

        >>> TimeWar().bot_time_limit("normal"), TimeWar().bot_time_limit("hard")
        (0.3, 1.0)
        """
        return 0.3 if level == "normal" else super().bot_time_limit(level)

    # ---- information -----------------------------------------------------------
    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Hands and deck order are hidden (TW §9.19): re-deal each hidden hand from
        that player's unplayed cards, and reshuffle every deck."""
        new: State = clone(state)
        for p in (0, 1):
            if p == seat:
                new["decks"][p].sort()
                rng.shuffle(new["decks"][p])
                continue
            pool = sorted(new["hands"][p] + new["decks"][p])  # canonical: depends on the seat's knowledge only
            rng.shuffle(pool)
            k = len(new["hands"][p])
            new["hands"][p] = pool[:k]
            new["decks"][p] = pool[k:]
            if p == new["active"] and new["selected"] is not None:
                # the choice is not shown either: re-sample it among the dealt hand
                new["selected"] = new["hands"][p][0]
        return new

    def check_invariants(self, state: State) -> None:
        """10 units per colour between board and supply; white cubes conserved; each
        player's 8 cards in exactly one place; every played card has two halves."""
        st = tw(state)
        u = st["units"]
        for p in (0, 1):
            assert sum(x[p] for x in u) + st["supply"][p] == 10, "unit count broken"
            assert all(x[p] >= 0 for x in u) and st["supply"][p] >= 0
        sc = scenarios()[st["scenario"]]
        whites = sum(x[2] for x in u) + st["reserve"] + sum(st["held"]) + sum(st["markers"])
        assert whites == sc["reserve"] + sum(sc["markers"]) + sum(sc["neutral"]), "white cubes broken"
        played = [h[2] for st in st["stacks"] for h in st]
        for p, letter in ((0, "Y"), (1, "R")):
            mine = [c for c in played if c[0] == letter]
            assert all(mine.count(c) == 2 for c in set(mine)), "a played card lost a half"
            cards = sorted(set(mine)) + st["hands"][p] + st["decks"][p]
            assert sorted(cards) == sorted(f"{letter}{n}" for n in range(1, 9)), "cards lost"
        if st["result"] is None:
            assert [f["k"] for f in st["frames"]] in (["turn"], ["turn", "execute"]), "frames broken"
            owed = pending(st)
            if owed is not None:
                assert len(self.options_for(state, owed["command"], owed["space"], owed["player"])) > 1
            else:
                assert st["hands"][st["active"]], "active player has no card"

    # ---- presentation ----------------------------------------------------------
    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Spaces (units, stack, control, values, markers), players (own hand if
        ``seat``; counts and the public set of unplayed cards otherwise), scenario,
        scores, the pending choice, this turn's execution steps and ``last_play`` (the card,
        seat and turn those steps belong to)."""
        st = tw(state)
        d = data()
        spaces = []
        for s in range(5):
            spaces.append({
                "id": s + 1, "name": d["spaces"][s]["name"], "kind": d["spaces"][s]["kind"],
                "values": d["spaces"][s]["value"], "units": list(st["units"][s]),
                "markers": st["markers"][s], "control": self.control(state, s),
                "stack": [{"command": h[0], "faces": h[1], "card": h[2]} for h in st["stacks"][s]],
            })
        players = []
        sc = self.scores(state)
        for p in (0, 1):
            unplayed = sorted(st["hands"][p] + st["decks"][p])
            players.append({
                "seat": p, "name": st["seats"][p], "colour": COLOURS[p], "score": sc[p],
                "hand": list(st["hands"][p]) if seat == p else None,
                "hand_count": len(st["hands"][p]), "deck_count": len(st["decks"][p]),
                "unplayed": unplayed, "supply": st["supply"][p], "held": st["held"][p],
            })
        scen = scenarios()[st["scenario"]]
        return {
            "spaces": spaces, "players": players, "active": st["active"], "turn": st["turn"],
            "scenario": {"id": scen["id"], "name": scen["name"], "reserve": st["reserve"]},
            "pending": pending(st), "steps": list(st["steps"]),
            "last_play": dict(st["last_play"]) if st["last_play"] else None,
            "selected": self.selected_card(state) if seat == st["active"] else None,
            "exec_order": [s + 1 for s in order(st["active"])], "game_no": st["game_no"],
            "carry": list(st["carry"]),
            "cards": {str(e["n"]): {"halves": e["halves"], "general": e["general"]} for e in d["deck"]},
        }

    def prompt(self, state: State, seat: int | None) -> str:
        """What the seat to act must decide."""
        st = tw(state)
        if st["result"] is not None:
            return str(st["result"]["reason"])
        p = pending(st)
        actor = self.to_act(state)[0]
        name = self._name(st, actor)
        if seat != actor:
            return f"Waiting for {name}."
        if p is not None:
            return f"{name}, carry out {p['command']} on {_space_name(p['space'])}."
        if self.selected_card(state) is None:
            return f"{name}, choose a command card to play."
        return f"{name}, choose where to lay the card and which command you keep."

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """Short labels: the card, the placement in words, or the choice."""
        if action.name == SELECT:
            a, b = card_halves(str(action.args[0]))
            return f"{action.args[0]}: {a.title()} / {b.title()}"
        if action.name == PLACE:
            card = self.selected_card(state)
            assert card is not None
            laid = self.placement(seat, int(action.args[0]), str(action.args[1]), card)
            return "; ".join(f"{c.title()} on {_space_name(s)} ({'you' if f == seat else 'opponent'})"
                             for s, c, f in laid)
        if action.name == "move":
            return f"Move {action.args[0]}"
        if action.name == "push":
            n, y, r, w = action.args
            parts = [f"{c} {COLOURS[k]}" for k, c in enumerate((y, r, w)) if c]
            return f"Push with {n}: {', '.join(parts)}"
        if action.name in ("charge", "sabotage"):
            return f"{action.name.title()} {a_an(str(action.args[0]))} unit"
        if action.name == "rally":
            return f"Rally from {_space_name(int(action.args[0]) - 1)}"
        return action.name.title()

    def caution(self, state: State, seat: int, action: Action) -> str | None:
        """Warns when a charge or a sabotage would destroy one of ``seat``'s own units while the
        same decision offers a unit of another colour (TW §6: a command must be carried out, but
        the player it faces chooses the unit; own units may be chosen). A decision whose only
        target is an own unit is the command's price and asks nothing.

        Returns ``"This destroys one of your own units."`` or None.

        >>> from py_engine.core import Action
        >>> GAME.caution({}, 0, Action("move", (1,))) is None
        True
        """
        if action.name not in ("charge", "sabotage") or not action.args or action.args[0] != COLOURS[seat]:
            return None
        if not any(a.name == action.name and a.args and a.args[0] != COLOURS[seat]
                   for a in self.legal_actions(state, seat)):
            return None
        return "This destroys one of your own units."

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """``card:<id>``, ``place:<j>:<command>``, ``space:<id>`` for rally sources."""
        if action.name == SELECT:
            return f"card:{action.args[0]}"
        if action.name == PLACE:
            return f"place:{action.args[0]}:{action.args[1]}"
        if action.name == "rally":
            return f"space:{action.args[0]}"
        return None


GAME = TimeWar()
