"""Timeline rules (rulebook: *Timeline* game rules, Asmodee, English rules sheet
TIMEECO03EN, by Frédéric Henry; cited as "TL <section>").

Sections of the rulebook cited: "Game setup" (TL Setup), "Gameplay" (TL Gameplay),
"Specific case" (TL Same date), "End of Game - Victory" (TL Victory).

State (beyond the core keys):

- ``timeline``: card ids face up, in timeline order (left = earliest);
- ``hands``: per seat, the card ids in front of that player (fronts are public,
  years hidden from everyone, TL Setup 4);
- ``pile``: the draw pile, top card last (order hidden); ``discard``: cards that
  left the game (the "box"), which refill the pile when it runs out (TL Gameplay);
- ``first``: the first player; ``turn``: whose turn it is; ``selected``: the card
  chosen to place (None until chosen; implied when the hand holds one card);
- ``frames``: the decisions being resolved (:mod:`py_engine.core.flow`): always
  ``[{"k": "turn"}]``, the player to act choosing a card and then its gap;
- ``round``: round number from 1; ``phase``: ``"main"`` or ``"playoff"``;
- ``contenders``: seats still in the game; ``done``: seats that correctly placed
  their last card (main phase) or their card (playoff) this round;
- ``last``: the latest placement ``{"seat", "card", "gap", "correct"}`` for feedback;
- ``result``: ``{"winners": [...], "reason": str, "ending": str}`` once over (``ending``: an
  :class:`~py_engine.core.Ending` value).

Our reading of TL Victory (written down because the rulebook is brief): a round
is one turn of each contender, from the first player clockwise. In the main phase
a player whose hand is empty sits out the rest of the round. At the round's end,
if exactly one player emptied their hand that round, they win; if several did,
they alone play on (the others are eliminated) in *playoff rounds*: at the start
of each playoff round every contender with no card draws one; each places it
(a wrong card is replaced as usual); if exactly one contender succeeds in a round
they win, if several succeed only they go on, if none succeeds all go on.
If no card is left to draw anywhere and no contender holds a card, the game is
drawn among the contenders (cannot happen with the deck sizes the setup allows,
but the rules never dead-end).

Solo (our variant, 1 seat; the daily challenge uses it): each turn is a round;
the player wins when their hand is empty. Every wrong card is still replaced, so
the score of a solo game is the number of mistakes made on the way
(:meth:`Timeline.daily_score`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from itertools import combinations
from typing import Any, TypedDict, cast

from ..core import (
    Action,
    Ending,
    Game,
    IllegalAction,
    MomentKind,
    Option,
    OptionError,
    Outcome,
    Rng,
    Standing,
    Standings,
    State,
    clone,
    ranked,
)
from ..core.daily import DailyScore
from ..core.flow import Ask, Flow, Frame, Step
from ..core.game import CoreState, canonical_json, log, reveal
from ..core.replay import Replay
from ..core.wording import plural, their, verb
from .bots import LEVELS as BOT_LEVELS
from .bots import KnowledgeBot
from .cards import Card, about, catalog, deck_cards, deck_index, format_year

SELECT = "select"
PLACE = "place"
#: The log lines :meth:`Timeline._end_round` writes when several players place their last card
#: in one round (the play-off begins) or several contenders succeed in a play-off round (only
#: they go on): the round and the names of those still in, in turn order. The state keeps no
#: other record of who went into the play-off, so :meth:`Timeline.standings` reads them here.
PLAYOFF_LINE = re.compile(r"Round (\d+): (.+) all (?:placed their last card\. They play on alone \(TL Victory\)"
                          r"|succeeded\. They play on; the others are out)\.")


def and_list(names: list[str]) -> str:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cy"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class LastPlacement(TypedDict):
    """The latest placement, for feedback: who placed which card in which gap, and whether
    it fitted (TL Gameplay)."""

    seat: int
    card: str
    gap: int
    correct: bool


class Result(TypedDict):
    """The end (TL Victory), as :class:`~py_engine.core.Outcome` gives it."""

    winners: list[int]
    reason: str
    ending: str


class TimelineState(CoreState):
    """Timeline's state (the module docstring says what each key holds). For mypy only: at
    run time it is the plain dict every engine keeps (:data:`~py_engine.core.State`)."""

    timeline: list[str]
    hands: list[list[str]]
    pile: list[str]
    discard: list[str]
    first: int
    turn: int
    selected: str | None
    round: int
    phase: str
    contenders: list[int]
    done: list[int]
    last: LastPlacement | None
    result: Result | None
    frames: list[Frame]


def tl(state: Mapping[str, Any]) -> TimelineState:
    """``state`` read as a :class:`TimelineState` (no copy, no check: a cast for mypy)."""
    return cast(TimelineState, state)


def _deck_option() -> Option:
    decks = deck_index()
    return Option("decks", "Decks", "multi", [d["id"] for d in decks],
                  choices=tuple(d["id"] for d in decks), labels=tuple(d["title"] for d in decks),
                  help="Which themed decks are shuffled together.")


class Timeline(Game):
    """The Timeline engine: 2–8 players (or one, solo) place event cards in a shared timeline."""

    id = "timeline"
    title = "Timeline"
    #: The last :meth:`daily_score` asked: ((seed, options, seats), actions, marks).
    _daily_memo: tuple[tuple[int, str, int], tuple[Any, ...], tuple[bool, ...]] | None = None
    min_players = 1
    max_players = 8
    state_type = TimelineState
    private_info = False
    blurb = "Place events in the right gap of a shared timeline. First to empty their hand wins."
    options = (
        Option("cards_per_player", "Cards per player", "int", 4, min=1, max=8,
               help="Cards dealt to each player at the start (TL Setup 4)."),
        Option("first_player", "First player", "choice", "first_seat",
               choices=("first_seat", "random"), labels=("First seat (seat the youngest there)", "Random"),
               help="The youngest player starts (TL Setup 2); seat them first, or draw at random."),
        _deck_option(),
    )
    data_notes = about()
    #: The daily challenge: a solo deal of six cards from every deck.
    daily_options = {"cards_per_player": 6, "first_player": "first_seat",
                     "decks": ["inventions", "discoveries", "events", "arts"]}

    # ---- setup -----------------------------------------------------------------
    def validate_setup(self, n_players: int, options: dict[str, Any]) -> None:
        """The chosen decks must hold every hand plus the starting card and a spare
        hand's worth of cards to draw.

        Raises:
            OptionError: too few cards for this many players.
        """
        size = len(deck_cards(options["decks"]))
        need = n_players * options["cards_per_player"] * 2 + 1
        if size < need:
            raise OptionError(
                f"The chosen decks hold {size} cards; {n_players} players with "
                f"{plural(int(options['cards_per_player']), 'card')} each need at least {need}. "
                "Add a deck or deal fewer cards.")

    def _setup(self, state: State, rng: Rng) -> None:
        """TL Setup: shuffle, deal face down, flip the starting card."""
        st = tl(state)
        n = len(st["seats"])
        opts = st["options"]
        pile = deck_cards(opts["decks"])
        rng.shuffle(pile)
        hands: list[list[str]] = [[] for _ in range(n)]
        for _ in range(opts["cards_per_player"]):
            for h in hands:
                h.append(pile.pop())
        start = pile.pop()
        first = 0 if opts["first_player"] == "first_seat" else rng.below(n)
        st.update({"timeline": [start], "hands": hands, "pile": pile, "discard": [], "first": first,
                   "turn": first, "selected": None, "round": 1, "phase": "main",
                   "contenders": list(range(n)), "done": [], "last": None, "result": None,
                   "frames": [{"k": "turn"}]})
        log(st, f"The starting card is {self._card(start).title} ({format_year(self._card(start).year)}).")
        log(st, f"{st['seats'][first]} {verb(st['seats'][first], 'plays')} first.")

    # ---- helpers ---------------------------------------------------------------
    @staticmethod
    def _card(cid: str) -> Card:
        return catalog()[cid]

    def selected_card(self, state: Mapping[str, Any]) -> str | None:
        """The card the player to act is placing: the chosen one, or the only one."""
        st = tl(state)
        if st["result"] is not None:
            return None
        hand = st["hands"][st["turn"]]
        if st["selected"] is not None:
            return str(st["selected"])
        return hand[0] if len(hand) == 1 else None

    @staticmethod
    def fits(years: list[int], gap: int, year: int) -> bool:
        """True if ``year`` is correct in ``gap`` of a timeline with these ``years``.

        Gap ``g`` lies between ``years[g-1]`` and ``years[g]``; a card with the same
        year as a neighbour is correct on either side of it (TL Same date).

        >>> Timeline.fits([1000, 1500], 1, 1500), Timeline.fits([1000, 1500], 2, 1500)
        (True, True)
        >>> Timeline.fits([1000, 1500], 0, 1200)
        False
        """
        lo_ok = gap == 0 or years[gap - 1] <= year
        hi_ok = gap == len(years) or year <= years[gap]
        return lo_ok and hi_ok

    # ---- contract --------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """The player whose turn it is (one seat), or nobody once the game is over."""
        return self.flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """``select <card id>`` while the player holds several cards and has not chosen;
        then ``place <gap>`` for every gap 0..len(timeline) (TL Gameplay)."""
        return self.flow.legal_actions(state, seat)

    # ---- the decisions (py_engine.core.flow) -----------------------------------------
    @cached_property
    def flow(self) -> Flow:
        """One standing frame, the turn: the player to act chooses a card, then its gap."""
        return Flow({"turn": Step(self._turn_advance, self._turn_ask, self._turn_answer,
                                  who=lambda state, frame: int(state["turn"]))},
                    over=lambda state: state["result"] is not None)

    def _turn_advance(self, state: TimelineState, frame: Frame) -> Ask | None:
        return self._turn_ask(state, frame)

    def _turn_ask(self, state: TimelineState, frame: Frame) -> Ask:
        """``select`` among the hand, or ``place`` in a gap once a card is chosen (or is the
        only one). Always asked: which card, and where, is the game."""
        seat = state["turn"]
        if self.selected_card(state) is None:
            return Ask(seat, tuple(Action(SELECT, (cid,)) for cid in state["hands"][seat]), always=True)
        return Ask(seat, tuple(Action(PLACE, (g,)) for g in range(len(state["timeline"]) + 1)), always=True)

    def _turn_answer(self, state: TimelineState, frame: Frame, action: Action) -> None:
        if action.name == SELECT:
            state["selected"] = str(action.args[0])
            return
        self._place(state, state["turn"], int(action.args[0]))

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why a select/place is refused, in a player's words."""
        if action.name == PLACE and self.selected_card(state) is None:
            return "Choose which card to place first."
        if action.name == PLACE:
            return f"There is no gap {action.args[0] if action.args else '?'} in the timeline."
        if action.name == SELECT and self.selected_card(state) is not None:
            return "You have already chosen a card; place it (or undo)."
        if action.name == SELECT:
            return "That card is not in your hand."
        return f"“{action}” is not a Timeline action."

    def _apply(self, state: State, seat: int, action: Action) -> None:
        self.flow.answer(state, seat, action)

    def _place(self, state: TimelineState, seat: int, gap: int) -> None:
        """TL Gameplay: flip the card; a correct card stays, a wrong one leaves the
        game and its player draws a replacement face down."""
        cid = self.selected_card(state)
        assert cid is not None
        card = self._card(cid)
        name = state["seats"][seat]
        years = [self._card(c).year for c in state["timeline"]]
        correct = self.fits(years, gap, card.year)
        state["hands"][seat].remove(cid)
        state["selected"] = None
        reveal(state)
        state["last"] = {"seat": seat, "card": cid, "gap": gap, "correct": correct}
        where = self._gap_words(state, gap)
        if correct:
            state["timeline"].insert(gap, cid)
            log(state, f"{name} placed {card.title} {where}: correct, {format_year(card.year)}.")
            if state["phase"] == "playoff" or not state["hands"][seat]:
                state["done"].append(seat)
        else:
            state["discard"].append(cid)
            log(state, f"{name} placed {card.title} {where}: wrong, it dates from "
                       f"{format_year(card.year)}. The card leaves the game.")
            drawn = self._draw(state, seat)
            if drawn:
                log(state, f"{name} draws {self._card(drawn).title}.")
        self._advance(state)

    def _draw(self, state: TimelineState, seat: int) -> str | None:
        """Draw the top card of the pile for ``seat``; an empty pile is first refilled
        by shuffling the discarded cards (TL Gameplay). None if no card is left."""
        if not state["pile"]:
            if not state["discard"]:
                log(state, "No card is left to draw.")
                return None
            state["pile"] = state["discard"]
            state["discard"] = []
            Rng(state["rng"]).shuffle(state["pile"])
            log(state, f"The draw pile is empty: the {len(state['pile'])} discarded cards are shuffled into a new pile.")
        cid: str = state["pile"].pop()
        state["hands"][seat].append(cid)
        return cid

    def _gap_words(self, state: TimelineState, gap: int) -> str:
        tl = state["timeline"]
        # ``tl`` does not yet contain the placed card when this is called.
        if not tl:
            return "in the timeline"
        if gap == 0:
            return f"before {self._card(tl[0]).title}"
        if gap >= len(tl):
            return f"after {self._card(tl[-1]).title}"
        return f"between {self._card(tl[gap - 1]).title} and {self._card(tl[gap]).title}"

    def _plays_this_round(self, state: TimelineState, seat: int) -> bool:
        return seat in state["contenders"] and bool(state["hands"][seat]) and (
            state["phase"] == "main" or seat not in state["done"])

    def _advance(self, state: TimelineState) -> None:
        """Pass the turn clockwise within the round; end the round after the last seat.

        TL Victory declares a sole finisher the winner *immediately*: in the main
        phase, once someone has emptied their hand and nobody still to play this
        round holds a single card, nobody else can finish this round and the
        remaining turns cannot change the result, so the round ends at once."""
        n = len(state["seats"])
        first = state["first"]
        pos = (state["turn"] - first) % n
        later = [(first + k) % n for k in range(pos + 1, n)]
        later = [s for s in later if self._plays_this_round(state, s)]
        if state["phase"] == "main" and state["done"] and not any(
                len(state["hands"][s]) == 1 for s in later):
            later = []
        if later:
            state["turn"] = later[0]
            return
        self._end_round(state)

    def _end_round(self, state: TimelineState) -> None:
        """TL Victory, as read in the module docstring."""
        seats = state["seats"]
        done = state["done"]
        r = state["round"]
        if len(done) == 1 and len(seats) == 1:
            self._finish(state, [0], f"{seats[0]} placed {their(seats[0])} last card: the hand is empty (solo).", Ending.GOAL)
            return
        if len(done) == 1:
            w = done[0]
            why = (f"the only player to place {their(seats[w])} last card correctly this round"
                   if state["phase"] == "main"
                   else f"the only contender to place {their(seats[w])} card correctly this round")
            self._finish(state, [w], f"{seats[w]} {verb(seats[w], 'is')} {why} (TL Victory).", Ending.GOAL)
            return
        if len(done) > 1:
            names = ", ".join(seats[s] for s in done)
            if state["phase"] == "main":
                log(state, f"Round {r}: {names} all placed their last card. They play on alone (TL Victory).")
            else:
                log(state, f"Round {r}: {names} all succeeded. They play on; the others are out.")
            state["contenders"] = sorted(done)
            state["phase"] = "playoff"
        state["done"] = []
        state["round"] = r + 1
        if state["phase"] == "playoff":
            for s in state["contenders"]:
                if not state["hands"][s]:
                    drawn = self._draw(state, s)
                    if drawn:
                        log(state, f"{seats[s]} draws {self._card(drawn).title}.")
        players = [s for s in sorted(state["contenders"], key=lambda s: (s - state["first"]) % len(seats))
                   if state["hands"][s]]
        if not players:
            self._finish(state, sorted(state["contenders"]),
                         "No cards are left to play: the game is drawn among the remaining players.",
                         Ending.STANDINGS)
            return
        state["turn"] = players[0]
        if len(seats) > 1:
            log(state, f"Round {r + 1} begins.")

    def _finish(self, state: TimelineState, winners: list[int], reason: str, ending: Ending) -> None:
        state["result"] = {"winners": winners, "reason": reason, "ending": ending.value}
        state["selected"] = None
        log(state, reason)

    def outcome(self, state: State) -> Outcome | None:
        """The winner (TL Victory) once decided, else None."""
        st = tl(state)
        res = st["result"]
        if res is None:
            return None
        return Outcome(tuple(res["winners"]), res["reason"], None, Ending(res["ending"]))

    def standings(self, state: State) -> Standings | None:
        """The final standings (None while the game runs), following TL Victory as read in
        the module docstring.

        Rows: the winner (or, in a drawn play-off, every remaining contender) first; then the
        players who went furthest in the play-off (those still in when it ended, then those
        knocked out in a later play-off round before those knocked out earlier; a play-off
        entrant is ahead of everyone who never emptied their hand); then by the fewest cards
        left. Players level on all of that share a place. The rulebook ranks only the
        winner: the rest is our order, by how close each player came to winning.

        Score: the cards left in hand (``"2 cards left"``); solo, the mistakes made on the way
        (``"1 mistake"``, as :meth:`daily_score` counts them). Details, by ending:

        - a main-round win (every player's hand changed only by correct placements, since a
          wrong card is always replaced): ``("Placed correctly", n)``, ``("Went out", "yes,
          round r" | "no")``;
        - a play-off (won, or drawn when no card is left): ``("Went out", "yes, round r" |
          "no")`` and, for the play-off's players, ``("Play-off", "won" | "drawn" | "still in
          at the end" | "out after round r")``; who went into the play-off and when is read
          from the engine's own log lines (:data:`PLAYOFF_LINE`); if a line's names fit no
          single set of seats, only the players still in at the end are known to have gone
          out (``"Went out"`` is then given for them alone);
        - solo (our variant; the goal is an empty hand): ``("Placed correctly", n)``,
          ``("Placements", n)``.

        ``rule``: ``"TL Victory"`` (``"TL Victory, solo variant"``); ``length``: the rounds
        played (``"7 rounds, 2 of them play-off rounds"``), solo the turns."""
        st = tl(state)
        res = st["result"]
        if res is None:
            return None
        seats = st["seats"]
        n = len(seats)
        winners = list(res["winners"])
        hands = [len(h) for h in st["hands"]]
        r = st["round"]
        cpp = int(st["options"]["cards_per_player"])

        def left(p: int) -> str:
            return f"{plural(hands[p], 'card')} left"

        if n == 1:
            wrong = r - cpp
            row = Standing(1, (0,), plural(wrong, "mistake"),
                           (("Placed correctly", str(cpp)), ("Placements", str(r))))
            how = f"{seats[0]} placed {their(seats[0])} last card correctly: the hand is empty, the solo goal."
            return Standings((row,), how, "TL Victory, solo variant", plural(r, "turn"))
        if st["phase"] == "main":
            w = winners[0]
            order = ranked([(p, (p in winners, -hands[p])) for p in range(n)])
            rows = tuple(Standing(place, (p,), left(p), (
                ("Placed correctly", str(cpp - hands[p])),
                ("Went out", f"yes, round {r}" if p in winners else "no"))) for place, p in order)
            how = (f"{seats[w]} {verb(seats[w], 'was')} the only player to place {their(seats[w])} last card "
                   f"correctly in round {r}.")
            return Standings(rows, how, "TL Victory", plural(r, "round"))
        # The play-off: ``hist`` lists (round, seats still in after it), from the round that
        # started it; the last entry's seats are the contenders at the end.
        hist = self._playoff_history(st)
        drawn = res["ending"] == Ending.STANDINGS.value
        played = r - 1 if drawn else r  # a drawn game ends as a new round finds no card to play
        start: int | None = None
        if hist is None:
            stage = {p: int(p in st["contenders"]) for p in range(n)}
            went = {p: "yes" for p in st["contenders"]}
        else:
            stage = {p: sum(p in still for _, still in hist) for p in range(n)}
            start = hist[0][0]
            went = {p: (f"yes, round {start}" if stage[p] else "no") for p in range(n)}
        order = ranked([(p, (p in winners, stage[p], 0 if p in winners else -hands[p])) for p in range(n)])
        top = max(stage.values())
        rows_l: list[Standing] = []
        for place, p in order:
            details: list[tuple[str, str]] = []
            if p in went:
                details.append(("Went out", went[p]))
            if p in winners:
                details.append(("Play-off", "drawn" if drawn else "won"))
            elif stage[p] == top:
                details.append(("Play-off", "still in at the end"))
            elif stage[p] and hist is not None:
                details.append(("Play-off", f"out after round {hist[stage[p]][0]}"))
            elif hist is None:
                details.append(("Play-off", "out"))
            rows_l.append(Standing(place, (p,), left(p), tuple(details)))
        if hist is None:
            how = "Several players placed their last card in the same round and played on in a play-off; "
        else:
            how = (f"{and_list([seats[p] for p in hist[0][1]])} placed their last card in round "
                   f"{start} and played on in a play-off; ")
        if drawn:
            how += (f"when round {r} began no card was left to play, so "
                    f"{and_list([seats[p] for p in winners])} share the win.")
        else:
            who = seats[winners[0]]
            how += f"{who} {verb(who, 'was')} the only one to place {their(who)} card correctly in round {r}."
        length = plural(played, "round")
        if start is not None and played > start:
            extra = played - start
            length += f", {extra} of them play-off round{'s' * (extra != 1)}"
        return Standings(tuple(rows_l), how, "TL Victory", length)

    def leaders(self, state: State) -> frozenset[int] | None:
        """The player with the fewest cards left in hand, the nearest to winning (TL Victory),
        while the main rounds last and one player has fewer than everyone else; None on a
        tie, once a player has placed their last card (the round decides, :meth:`moment`), in
        the play-off (every contender plays one card a round) and solo."""
        st = tl(state)
        if len(st["seats"]) < 2 or st["phase"] != "main" or st["done"] or st["result"] is not None:
            return None
        left = {p: len(st["hands"][p]) for p in st["contenders"]}
        low = min(left.values())
        best = [p for p, h in left.items() if h == low]
        return frozenset(best) if len(best) == 1 else None

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """``"Ann takes the lead with 2 cards left"``."""
        st = tl(state)
        p = min(leaders)
        return f"{st['seats'][p]} takes the lead with {plural(len(st['hands'][p]), 'card')} left"

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """TL Victory as read in the module docstring: the first player of a main round to
        place their last card makes it the deciding round (``"Ann placed their last card:
        this round decides"``); players left out of the play-off, or of the next play-off
        round, are out (``"Cy is out: the play-off begins"``, ``"Bob is out"``)."""
        b, a = tl(before), tl(after)
        out = [p for p in b["contenders"] if p not in a["contenders"]]
        if out:
            names = [a["seats"][p] for p in out]
            text = f"{and_list(names)} {'is' if len(out) == 1 else 'are'} out"
            return MomentKind.ELIMINATION, text + (": the play-off begins" if b["phase"] == "main" else "")
        if (a["result"] is None and a["phase"] == "main" and len(a["seats"]) > 1 and a["done"]
                and not b["done"]):
            return MomentKind.LAST_ROUND, f"{a['seats'][a['done'][0]]} placed their last card: this round decides"
        return None

    def _playoff_history(self, state: TimelineState) -> list[tuple[int, list[int]]] | None:
        """``[(round, seats still in after it)]`` for the round that began the play-off and
        every later round that narrowed it, read from the public log lines
        :meth:`_end_round` writes (:data:`PLAYOFF_LINE`): the names there are the seats that
        placed their card, in turn order, among those still in. None if a line's names fit
        no single set of seats (names with ", " in them) or no such line is found."""
        seats = state["seats"]
        n = len(seats)
        pool = sorted(range(n), key=lambda s: (s - state["first"]) % n)
        hist: list[tuple[int, list[int]]] = []
        for vis, text in state["log"]:
            m = PLAYOFF_LINE.fullmatch(text) if vis is None else None
            if m is None:
                continue
            fits = [list(c) for k in range(2, len(pool) + 1) for c in combinations(pool, k)
                    if ", ".join(seats[s] for s in c) == m.group(2)]
            if len(fits) != 1:
                return None
            pool = fits[0]
            hist.append((int(m.group(1)), pool))
        if not hist or sorted(hist[-1][1]) != sorted(state["contenders"]):
            return None
        return hist

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """Random play ends well within this (measured: see tests/test_timeline.py)."""
        return 4000 + 1000 * n_players * int(options.get("cards_per_player", 4))

    # ---- information -----------------------------------------------------------
    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Only the order of the draw pile is hidden (its contents are every card not
        seen elsewhere): shuffle it."""
        new: State = clone(state)
        new["pile"].sort()  # canonical: the result depends only on what the seat knows
        rng.shuffle(new["pile"])
        return new

    def check_invariants(self, state: State) -> None:
        """Every card of the chosen decks is in exactly one place; the timeline is in
        year order; the turn and selection are consistent."""
        st = tl(state)
        places = st["timeline"] + st["pile"] + st["discard"] + [
            c for h in st["hands"] for c in h]
        all_cards = deck_cards(st["options"]["decks"])
        assert len(places) == len(set(places)), "a card is in two places"
        assert sorted(places) == sorted(all_cards), "cards were lost or created"
        years = [self._card(c).year for c in st["timeline"]]
        assert years == sorted(years), "the timeline is out of order"
        assert st["frames"] == [{"k": "turn"}], "the turn is the only frame"
        if st["result"] is None:
            t = st["turn"]
            assert t in st["contenders"] and st["hands"][t], "the player to act has no card"
            if st["selected"] is not None:
                assert st["selected"] in st["hands"][t], "selected card not in hand"
        else:
            assert set(st["result"]["winners"]) <= set(range(len(st["seats"])))

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """``{"timeline": [card back], "players": [{"seat", "name", "hand": [card front],
        "status"}], "turn", "selected", "pile", "discard", "round", "phase", "last",
        "gaps": [{"gap", "after", "before"}], "decks": [{"id", "title"}]}``.
        Hand cards show their fronts only (no year): years are hidden from everyone."""
        st = tl(state)
        cat = catalog()
        players = []
        for s, name in enumerate(st["seats"]):
            if st["result"] is not None and s in st["result"]["winners"]:
                status = "winner"
            elif s not in st["contenders"]:
                status = "out"
            elif st["phase"] == "main" and not st["hands"][s]:
                status = "finished"
            else:
                status = "playing"
            players.append({"seat": s, "name": name, "status": status,
                            "hand": [cat[c].front() for c in st["hands"][s]],
                            "done_this_round": s in st["done"]})
        last = None
        if st["last"] is not None:
            last = {**st["last"], "name": st["seats"][st["last"]["seat"]],
                    "card": cat[st["last"]["card"]].back()}
        years = [cat[c].year for c in st["timeline"]]
        gaps = [{"gap": g, "after": format_year(years[g - 1]) if g else None,
                 "before": format_year(years[g]) if g < len(years) else None}
                for g in range(len(years) + 1)]
        decks = [{"id": d["id"], "title": d["title"]} for d in deck_index()
                 if d["id"] in st["options"]["decks"]]
        return {"timeline": [cat[c].back() for c in st["timeline"]], "players": players,
                "turn": st["turn"], "selected": self.selected_card(state),
                "pile": len(st["pile"]), "discard": len(st["discard"]),
                "round": st["round"], "phase": st["phase"], "last": last, "gaps": gaps,
                "decks": decks}

    def prompt(self, state: State, seat: int | None) -> str:
        """What the player to act must do, or whose turn it is."""
        st = tl(state)
        if st["result"] is not None:
            return str(st["result"]["reason"])
        turn = st["turn"]
        name = st["seats"][turn]
        if seat != turn:
            return f"Waiting for {name}."
        cid = self.selected_card(state)
        if cid is None:
            return f"{name}, choose a card to place."
        return f"{name}, where does {self._card(cid).title} go? Tap a gap in the timeline."

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """``select``: the card's title; ``place``: "Before/Between/After …" in years."""
        st = tl(state)
        if action.name == SELECT:
            return self._card(str(action.args[0])).title
        g = int(action.args[0])
        years = [format_year(self._card(c).year) for c in st["timeline"]]
        if g == 0:
            return f"Before {years[0]}"
        if g == len(years):
            return f"After {years[-1]}"
        return f"Between {years[g - 1]} and {years[g]}"

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """``"card:<id>"`` for select, ``"gap:<n>"`` for place."""
        return f"card:{action.args[0]}" if action.name == SELECT else f"gap:{action.args[0]}"

    # ---- daily challenge -------------------------------------------------------
    def daily_score(self, match: Any) -> DailyScore:
        """A solo deal's score: the number of mistakes (wrong placements) made
        before the hand is empty, fewer being better; ``marks`` is right/wrong per
        placement, in order. Read from the match's replay (each ``place`` action's
        ``last`` record). The app asks after every action: when the match has one action
        more than at the last call, only that action's mark is read (from the match's own
        state), not the whole game again."""
        key = (match.seed, canonical_json(match.options), len(match.seats))
        acts = tuple(match.actions)
        memo = self._daily_memo
        if memo is not None and memo[0] == key and memo[1] == acts:
            marks = list(memo[2])
        elif memo is not None and memo[0] == key and acts and memo[1] == acts[:-1]:
            marks = list(memo[2])
            if acts[-1][1].name == PLACE:
                marks.append(bool(match.state["last"]["correct"]))
        else:
            rep = Replay(match)
            marks = []
            for k, (_seat, action) in enumerate(rep.actions, 1):
                if action.name == PLACE:
                    marks.append(bool(rep.state(k)["last"]["correct"]))
        self._daily_memo = (key, acts, tuple(marks))
        wrong = marks.count(False)
        right = len(marks) - wrong
        over = match.is_over()
        mistakes = f"{wrong} mistake{'s' if wrong != 1 else ''}"
        if over:
            summary = f"All {right} cards placed with {mistakes}." if wrong else f"All {right} cards placed without a mistake!"
        else:
            summary = f"{right} card{'s' if right != 1 else ''} placed so far, {mistakes}."
        return DailyScore(tuple(marks), wrong, summary, over, True)

    # ---- bots ------------------------------------------------------------------
    def bot_levels(self) -> tuple[str, ...]:
        """``random`` (fuzzing), then ``easy``, ``normal``, ``hard`` knowledge bots."""
        return ("random", *BOT_LEVELS)

    def hint_level(self) -> str | None:
        """None: Timeline offers no hint. What a player must find out is the year of a card
        in hand, and its bots read that year (erring as a player of their level would), so
        any hint would give the answer away."""
        return None

    def own_bot(self, level: str) -> KnowledgeBot | None:
        """A :class:`~py_engine.timeline.bots.KnowledgeBot` for a knowledge level, else
        None (the random bot)."""
        return KnowledgeBot(level) if level in BOT_LEVELS else None




GAME = Timeline()

__all__ = ["GAME", "PLACE", "SELECT", "IllegalAction", "Timeline"]
