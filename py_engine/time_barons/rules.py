"""Time Barons: tactical card combat across four technology levels.

Sources: the rulebook (shared/seeds/time_barons_rulebook.txt, cited "TB" with
its heading) and the spec shared/games/time_barons/CARDS.md (rulings "R<n>",
card rulings "CARDS §5 <card>").

How a turn is resolved. Everything that is not the active player's free choice
of an action lives on a *resolution stack* (``state["frames"]``, top = last):
planner frames (``{"k": "plan", "fn", "seat", "args", "ans"}``: a card or
ability effect, a reaction window; see :mod:`.effects`) and operation frames
(``{"k": <op>, ...}``: damage batches, gains, draws, plays...). After every
decision the core's :class:`~py_engine.core.flow.Stacks` (:attr:`TimeBarons.stacks`)
resolves frames until one needs a decision, which it stores in ``state["ask"]``
(``seat``, ``prompt``, ``acts``, ``labels``, ``targets``); with an empty stack the
active player is in the *main phase* (the stack's root decision) and may take an
action (TB Turn structure) or use a site ability. A choice with a single option is
taken unasked by the core's always-ask rule: End turn when nothing else is left
(logged as the player ending the turn), and inside a planner (never recorded).

Hidden hands and undo (issue 9). A reaction window (R5) opens only for a seat
that holds a possible answer, so whether the engine stops for an opponent tells
the player something about that opponent's hidden hand. Rather than asking every
seat at every window ("always ask": a pass-and-play hand-off for nearly every
card played, and a bot pause that says nothing), the engine counts the check as a
reveal (:meth:`TimeBarons._peek_hand`): the play stands, as a card played at a
real table does once the opponent has had the chance to answer, and undo stops
there. A check that needs no hidden card (the hand is empty or fully known) is
not a reveal. A site destroyed with face-down tucked cards, Pillage showing the
tucked cards, and cards milled from a stack are reveals for the same reason.
``state["by"]`` (the seat whose decision is being resolved) exists only while
:meth:`TimeBarons._apply` runs.

Multiplayer (TB Multiplayer rules; issue 11). Option ``mode``: ``team`` (2
players: the one-on-one game; 3: two Team Barons, seats 0 and 1, against the Solo
Baron, seat 2; 4: seats 0 and 2 against 1 and 3) or ``free_for_all`` (3–4 players,
with The Hammer and the Forges). Hidden hands are known per seat: ``known`` lists
the cards of a hand everybody knows, ``team_known`` those only the holder's team
knows (cards a teammate passed face down during a full relocate).

State keys (beyond the core ones): ``players`` (per seat: ``level``, ``hand``,
``known`` — cards in hand everybody knows, ``team_known`` — cards in hand the
holder's teammate also knows, ``lof`` — pending Loss of Faith, ``forge`` — weapon
tokens on the seat's Forge; once eliminated in free-for-all, ``out_turn`` and
``out_after`` — the turn, and how many players were out before, for the standings),
``hammer`` (the seat holding The Hammer, or None), ``out`` (eliminated seats in the
order they fell, free-for-all), ``solo`` (the Solo Baron's seat in a
3-player team game, else None), ``last_tb`` (the Team Baron who played last),
``sites`` (see :mod:`.board`), ``next_id``, ``stacks`` (4 lists, top = last),
``ran_out`` (per stack: its running out was already announced), ``discard``
(top = last), ``limbo`` (cards being resolved), ``active``, ``actions``,
``turn``, ``opening`` (action counts of the first turns), ``teams``,
``blocked`` (seat under Loss of Faith this turn), ``eod``, ``frames``, ``ask``,
``result``, ``dealt`` (label of the card set dealt), ``box`` (how many of each card
the game holds: card conservation), ``stacked`` (cards in the stacks after the deal).
:mod:`.state` describes them for mypy (:class:`~.state.TimeBaronsState`, with the
records and frames inside); the rules read the state through :func:`~.state.tbs` at the
contract methods, and their helpers take it typed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, ClassVar

from ..core import (
    Action,
    Ending,
    Game,
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
from ..core.flow import Ask, Resolve, Stacks
from ..core.game import engine_version, log, reveal
from ..core.wording import a_an, plural
from . import cards as C
from .board import (
    abilities_blocked,
    exposed,
    ffa,
    followers,
    fortified,
    from_active,
    has_att,
    hidden_to,
    integrity,
    level_of,
    opponents,
    seat_role,
    site,
    site_label,
    sites_of,
    stacks_out,
    team_of,
    threatened,
)
from .cards import UPGRADE_COST, card, level, name
from .effects import (
    PLANNERS,
    Ctx,
    Need,
    ability_usable,
    after_options,
    can_upgrade,
    card_planner,
    conditions_met,
    passing_mate,
)
from .state import (
    AbilityDoneOp,
    ActionsOp,
    BatchOp,
    CancelOp,
    CardOnSiteOp,
    CardOp,
    DrawOp,
    FinishOp,
    FirstPlayerOp,
    MillOp,
    MoveAttachmentOp,
    MoveCountersOp,
    MoveOp,
    PassCardOp,
    PlanFrame,
    PlayOp,
    PreventOp,
    RedirectOp,
    ReduceOp,
    ResetSiteOp,
    SeatOp,
    Site,
    SiteCountOp,
    StealOp,
    TimeBaronsState,
    TransferSiteOp,
    UntuckOp,
    batch_at,
    play_at,
    tbs,
)

ROMAN = ("I", "II", "III", "IV")
#: Reaction windows whose opening depends on the owner's hand (R5).
HAND_WINDOWS = frozenset({"w:predamage", "w:after", "w:trade"})
#: Operations that can take a player's last followers, and the seat that caused it
#: (TB Free-for-all: the eliminator takes the Forge tokens).
CAUSE: dict[str, Any] = {"batch": lambda f: f.get("src"), "steal": lambda f: f["seat"],
                         "transfer_site": lambda f: f["to"]}


#: Public words for decisions owed outside one's turn, by the planner asking (see ``_owed``).
OWED = (
    (("w:predamage", "card:escape_route", "card:misinformation", "card:cannon_fodder"),
     "answer the damage about to land"),
    (("w:after", "card:martyr", "card:outrage", "draw"), "answer followers lost or a site destroyed"),
    (("w:trade", "card:trade_agreement"), "answer the card just played"),
    (("w:relocated", "ab:sniper_nest", "ab:spy_agency"), "answer a relocate"),
    (("receive",), "place the followers passed to them"),
    (("evacuate",), "move followers off a site"),
    (("card:dilemma",), "choose which site to spare"),
    (("who_starts",), "choose which Team Baron starts"),
    (("w:sentient",), "repeat an ability (Sentient AI)"),
    (("power_plant",), "place the damage of their Power Plant"),
)


def _no_cause(frame: Any) -> None:
    return None


def _clone_for_search(state: State) -> State:
    """A deep copy of ``state`` sharing the parts the rules never change after setup
    (seats, options, the card box): a cheaper :func:`clone` for determinizations."""
    keep = ("seats", "options", "box")
    new: State = {k: (v if k in keep else clone(v)) for k, v in state.items() if k != "log"}
    new["log"] = list(state["log"])
    return new



def _names(state: TimeBaronsState, seats: list[int]) -> str:
    """``"Ann"``, ``"Ann and Cy"``, ``"Ann, Bob and Cy"``."""
    names = [state["seats"][p] for p in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


#: Decision prompts that deal damage or kill followers on the site picked (see
#: :meth:`TimeBarons.caution`); those removing damage or sparing a site do not.
_HARM = re.compile(r"\b(damage|kill)\b", re.I)
_KILL = re.compile(r"\bkill\b", re.I)
_NOT_HARM = re.compile(r"\b(remove|stop|spare)\b", re.I)


class TimeBarons(Game):
    """The Time Barons engine: 2 players, and 3–4 players in teams or free-for-all
    (TB Multiplayer rules)."""

    id = "time_barons"
    title = "Time Barons"
    min_players = 2
    max_players = 4
    private_info = True
    state_type = TimeBaronsState
    blurb = "Card combat across four ages: build sites, move followers, wreck your rivals' civilisations."
    options = (
        Option("mode", "Mode", "choice", "team", choices=("team", "free_for_all"),
               labels=("Teams (1 v 1, 2 v 1 or 2 v 2)", "Free-for-all (3–4 players)"),
               help="Teams: with 2 players one on one; with 3 the first two seats are the Team Barons against "
                    "the Solo Baron; with 4 seats 1 and 3 play against seats 2 and 4 (TB Multiplayer rules). "
                    "Free-for-all: everyone for themselves, with The Hammer and the Forges; the last player "
                    "with followers wins."),
        Option("card_set", "Card set", "choice", "core",
               choices=("core", "expansion", "level_by_level", "random", "custom"),
               labels=("Core set (recommended)", "Expansion set",
                       "Level-by-level mix", "Random mix", "Custom mix"),
               help="Which cards make the four draw stacks (TB Card sets). With 3–4 players the Core and "
                    "Expansion sets are the rulebook's 66-card versions for more players (the Core one is the "
                    "recommended 3–4 player set)."),
        Option("custom_cards", "Custom cards", "multi",
               [f"{cid}#{k}" for cid in C.gameplay_ids("core") for k in range(1, int(C.card(cid)["copies"]) + 1)],
               choices=tuple(f"{cid}#{k}" for cid in C.gameplay_ids()
                             for k in range(1, int(C.card(cid)["copies"]) + 1)),
               labels=tuple(f"{C.name(cid)} ({ROMAN[C.level(cid) - 1]}, {C.card(cid)['set']})"
                            + (f" copy {k}" if int(C.card(cid)["copies"]) > 1 else "")
                            for cid in C.gameplay_ids() for k in range(1, int(C.card(cid)["copies"]) + 1)),
               help="For the custom mix: the cards, one entry per copy (e.g. 'siege#1', 'siege#2'). "
                    "Recommended stacks: 20 level I, 15 level II, 10 level III, 5 level IV (3–4 players: "
                    "28, 20, 12, 6), about half sites."),
        Option("end_of_days", "End of Days", "bool", False,
               help="When 3 stacks run out the game goes on; each turn starts by destroying one of your sites."),
        Option("component_limits", "Component limits", "bool", False,
               help="Followers run out at the 55 in the box and weapon tokens at the 24 (R7); by default the "
                    "supply never runs out."),
    )
    data_notes = " ".join(C.data().get("designed", []))
    #: Listed option sets run by the conformance suite for every player count they allow.
    conformance_options = ({"card_set": "expansion"}, {"mode": "free_for_all"})

    # ---- setup -----------------------------------------------------------------
    def validate_setup(self, n_players: int, options: dict[str, Any]) -> None:
        """Free-for-all needs 3 or 4 players (TB Multiplayer rules); a custom mix must
        be a valid card list for the player count (:func:`cards.validate_custom`)."""
        if options["mode"] == "free_for_all" and n_players < 3:
            raise OptionError("Free-for-all needs 3 or 4 players; with 2 the game is one on one (mode 'team').")
        if options["card_set"] == "custom":
            C.validate_custom([c.split("#")[0] for c in options["custom_cards"]], n_players)

    def _setup(self, state: State, rng: Rng) -> None:
        """TB Setup: starting sites (Homelands for 2 players, Capitals for 3–4) with 10
        followers, four shuffled stacks, 5 level-I cards each, level markers on I.
        The marked starting site (dealt at random, CARDS §4) plays first; every
        player but the last in the first round has 2 actions on their first turn
        (TB Turn structure, Four-player rules, Free-for-all). In a 3-player team game
        the Team Barons choose who starts after seeing their hands, and every turn
        has 3 actions (TB Three-player rules)."""
        st = tbs(state)
        opts = st["options"]
        n = len(st["seats"])
        stacks, dealt = C.build_stacks(opts["card_set"], [c.split("#")[0] for c in opts["custom_cards"]], rng, n)
        for stack in stacks:
            rng.shuffle(stack)
        first = rng.below(n)
        free = opts["mode"] == "free_for_all"
        solo = 2 if n == 3 and not free else None
        if free or n == 2:
            teams = [[p] for p in range(n)]
        elif solo is not None:
            teams = [[0, 1], [2]]
        else:
            teams = [[0, 2], [1, 3]]
        st.update({"players": [{"level": 1, "hand": [], "known": [], "team_known": [], "lof": 0, "forge": 0}
                               for _ in range(n)],
                   "sites": [], "next_id": 1, "stacks": stacks, "ran_out": [not stack for stack in stacks],
                   "discard": [], "limbo": [], "active": first, "actions": 0, "turn": 0,
                   "opening": [] if solo is not None else [2] * (n - 1), "teams": teams, "blocked": None,
                   "eod": False, "frames": [], "ask": None, "result": None, "dealt": dealt, "box": {},
                   "hammer": None, "out": [], "solo": solo, "last_tb": None})
        start = "homeland" if n == 2 else "capital"
        for c in [cid for stack in stacks for cid in stack] + [start] * n:
            st["box"][c] = st["box"].get(c, 0) + 1
        for p in range(n):
            self._new_site(st, p, start)
            st["sites"][-1]["f"] = 10
            for _ in range(5):
                if stacks[0]:
                    st["players"][p]["hand"].append(stacks[0].pop())
        st["stacked"] = sum(len(stack) for stack in stacks)  # after the opening hands (for evaluate)
        if solo is not None:
            st["active"] = 0
            log(st, "The Team Barons look at their hands and choose which of them starts.")
            st["frames"].append(self._plan("who_starts", 0))
        else:
            log(st, f"{st['seats'][first]} holds the {C.name(start)} marked first player.")
            st["frames"].append({"k": "start_turn", "seat": first})
        self.stacks.run(st, st)

    def seat_roles(self, n_players: int, options: Mapping[str, Any]) -> list[str]:
        """The teams by seat (TB Team multiplayer): 3 players: two Team Barons and
        the Solo Baron; 4 players: seats 1 and 3 against 2 and 4; none otherwise."""
        if options.get("mode", "team") != "team" or n_players < 3:
            return []
        if n_players == 3:
            return ["Team Baron", "Team Baron", "Solo Baron"]
        return ["Team 1", "Team 2", "Team 1", "Team 2"][:n_players]

    def setup_label(self, state: State) -> str:
        """The card set dealt (e.g. ``core``, ``lbl:ceec``)."""
        st = tbs(state)
        return str(st["dealt"])

    @staticmethod
    def _new_site(state: TimeBaronsState, seat: int, cid: str) -> Site:
        """A site enters play; Homeland and Capital are starting sites however they
        arrive (TB Additional terms: starting sites)."""
        s: Site = {"id": state["next_id"], "card": cid, "owner": seat, "f": 0, "dmg": 0, "att": [], "tuck": [],
                   "used": False, "start": cid in ("homeland", "capital")}
        state["next_id"] += 1
        state["sites"].append(s)
        return s

    # ---- the contract ------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """The seat owing the pending decision (the active player in the main phase,
        any seat in a reaction window); empty when the game is over."""
        return self.stacks.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The pending decision's options for ``seat`` (none if not to act)."""
        return self.stacks.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        st = tbs(state)
        st["by"] = seat  # who decided: what is hidden from them must not leak unmarked
        self.stacks.answer(st, seat, action)
        del st["by"]

    @staticmethod
    def _peek_hand(state: TimeBaronsState, q: int) -> None:
        """The engine is about to decide something from ``q``'s hand (whether a
        reaction window opens). If the hand holds cards the deciding seat cannot see,
        the answer tells that seat about them, so it counts as a reveal and undo
        stops here (issue 9: no probing an opponent's hand by play-and-undo)."""
        if hidden_to(state, q, state.get("by")) > 0:
            reveal(state)

    def outcome(self, state: State) -> Outcome | None:
        """Total or majority victory (TB Game end; team and free-for-all versions, TB
        Multiplayer rules); scores are each seat's followers."""
        st = tbs(state)
        r = st["result"]
        if not r:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], tuple(float(followers(st, p))
                                                              for p in range(len(st["seats"]))),
                       Ending(r["ending"]))

    def leaders(self, state: State) -> frozenset[int] | None:
        """The side with the most followers now, the higher tech level breaking a tie (the
        majority rule, TB Game end; a team by its combined totals, TB Team multiplayer; in a
        free-for-all only players still in, TB Free-for-all); None while two sides are level."""
        st = tbs(state)
        sides = [t for t in st["teams"] if not any(p in st["out"] for p in t)]
        keys = [(sum(followers(st, p) for p in t), sum(level_of(st, p) for p in t)) for t in sides]
        if not keys:
            return None
        top = max(keys)
        best = [t for t, k in zip(sides, keys, strict=True) if k == top]
        return frozenset(best[0]) if len(best) == 1 else None

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """``"Ann takes the lead with 9 followers"``; a team: ``"Ann and Cy take the lead with
        15 followers"`` (combined)."""
        st = tbs(state)
        side = sorted(leaders)
        verb = "takes" if len(side) == 1 else "take"
        return f"{_names(st, side)} {verb} the lead with {plural(sum(followers(st, p) for p in side), 'follower')}"

    def turn_of(self, state: State) -> tuple[int, int] | None:
        """``(turn number, active seat)`` once the first turn started (TB R14); an answer to
        damage (R5) is made in the attacker's turn. None while the Team Barons choose who
        starts (the 3-player solo setup)."""
        return (state["turn"], state["active"]) if state["turn"] else None

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """A free-for-all player eliminated (no followers left, TB Free-for-all); the game's
        last turn (a third draw stack runs out: the game ends with this turn, TB Game end);
        with the End of Days variant, its start."""
        b, a = tbs(before), tbs(after)
        gone = [p for p in a["out"] if p not in b["out"]]
        if gone:
            return MomentKind.ELIMINATION, f"{_names(a, gone)} {'is' if len(gone) == 1 else 'are'} eliminated"
        if a["eod"] and not b["eod"]:
            return MomentKind.LAST_ROUND, "The End of Days begins"
        if (not a["options"]["end_of_days"] and a["result"] is None and stacks_out(a) >= 3 > stacks_out(b)):
            return MomentKind.LAST_ROUND, "A third draw stack runs out: this turn is the last"
        return None

    def standings(self, state: State) -> Standings | None:
        """The final standings (None while the game runs), in places that agree with
        :meth:`outcome`.

        Team mode (2 players one on one; 3–4 players in teams, TB Team multiplayer): a row per
        side, ``seats`` the side's seats. ``score``: its followers (``"15 followers"``,
        combined for a team); ``details``: ``("Tech level", "II")``, for a team in tie-break
        order ``("Combined followers", "15 (Ann 7, Cy 8)")`` and ``("Combined tech level",
        "3 (Ann II, Cy I)")``. A majority victory ranks the sides by followers, then tech
        level (TB Game end; TB Team multiplayer); a total victory puts the side with
        followers left first (both out at once: the higher tech level first; still equal: a
        draw, both first).

        Free-for-all (TB Free-for-all): a row per player. Those still in come first, by
        followers then tech level (the majority rule); the eliminated follow, the last to go
        first, and players eliminated at once by tech level (DESIGNED, as the engine's rule
        for the last players falling together, TB Game end); ``details``: ``("Tech level",
        "II")``, after ``("Eliminated", "turn 14")`` for an eliminated player.

        ``how``: the kind of victory (total, majority, last player standing) and what
        decided it (the tech level tie-break, a draw), with the End of Days when it was on;
        ``rule``: "TB Game end", "TB Team multiplayer", "TB Free-for-all" or "TB Game end,
        End of Days variant"; ``length``: the turns played (``"23 turns"``)."""
        st = tbs(state)
        r = st["result"]
        if not r:
            return None
        if ffa(st):
            rows, how, rule = self._ffa_standings(st, r["winners"], r["ending"] == Ending.STANDINGS.value)
        else:
            rows, how, rule = self._team_standings(st, r["winners"], r["ending"] == Ending.STANDINGS.value)
        if st["eod"]:
            how = f"The End of Days was under way. {how}"
        return Standings(rows, how, rule, plural(st["turn"], "turn"))

    def _team_standings(self, state: TimeBaronsState, winners: list[int],
                        majority: bool) -> tuple[tuple[Standing, ...], str, str]:
        """Rows, ``how`` and ``rule`` of a game in team mode (:meth:`standings`)."""
        seats = state["seats"]
        teams = [sorted(t) for t in state["teams"]]
        many = len(seats) > 2
        fol = [sum(followers(state, p) for p in t) for t in teams]
        lvl = [sum(level_of(state, p) for p in t) for t in teams]
        won = [set(t) <= set(winners) for t in teams]
        keys = [(i, (won[i], fol[i], lvl[i]) if majority else (won[i],)) for i in range(len(teams))]
        rows = []
        for place, i in ranked(keys):
            t = teams[i]
            if len(t) == 1:
                details: tuple[tuple[str, str], ...] = (("Tech level", ROMAN[lvl[i] - 1]),)
            else:
                each_f = ", ".join(f"{seats[p]} {followers(state, p)}" for p in t)
                each_l = ", ".join(f"{seats[p]} {ROMAN[level_of(state, p) - 1]}" for p in t)
                details = (("Combined followers", f"{fol[i]} ({each_f})"),
                           ("Combined tech level", f"{lvl[i]} ({each_l})"))
            rows.append(Standing(place, tuple(t), plural(fol[i], "follower"), details))
        win = self._win(state, winners)
        tech = "combined tech level" if many else "tech level"
        draw = len(winners) == len(seats)
        if majority:
            best = max(fol)
            ran_out = "Three of the four draw stacks ran out"
            if fol.count(best) == 1:
                combined = " combined" if len(winners) > 1 else ""
                how = f"{ran_out}; {win} a majority victory with {plural(best, 'follower')}{combined}."
            elif not draw:
                how = f"{ran_out} with both sides on {plural(best, 'follower')}; {win} on the higher {tech}."
            else:
                how = f"{ran_out} with both sides on {plural(best, 'follower')} and on the same {tech}: a draw."
            return tuple(rows), how, "TB Team multiplayer" if many else "TB Game end"
        lost = [t for t in teams if any(followers(state, p) == 0 for p in t)]
        if len(lost) < len(teams):
            empty = [p for t in lost for p in t if followers(state, p) == 0]
            gone = f"{_names(state, empty)} {'has' if len(empty) == 1 else 'have'} no followers left"
            side = lost[0]
            if many and side != empty:
                gone += f", so {_names(state, side)} lose"
            how = f"{gone}; {win} a total victory."
            rule = "TB Team multiplayer" if many else "TB Game end"
        elif not draw:
            how = f"Both sides lost their last followers at once; {win} on the higher {tech}."
            rule = "TB Game end"
        else:
            how = f"Both sides lost their last followers at once and on the same {tech}: a draw."
            rule = "TB Game end"
        if state["eod"] and not many:
            rule = "TB Game end, End of Days variant"
        return tuple(rows), how, rule

    def _ffa_standings(self, state: TimeBaronsState, winners: list[int],
                       majority: bool) -> tuple[tuple[Standing, ...], str, str]:
        """Rows, ``how`` and ``rule`` of a free-for-all game (:meth:`standings`)."""
        n = len(state["seats"])
        out = state["out"]
        players = state["players"]
        keys: list[tuple[int, tuple[int, int, int]]] = []
        for p in range(n):
            if p in out:
                keys.append((p, (0, players[p].get("out_after", out.index(p)), level_of(state, p))))
            else:
                keys.append((p, (1, followers(state, p), level_of(state, p))))
        rows = []
        for place, p in ranked(keys):
            tech = ("Tech level", ROMAN[level_of(state, p) - 1])
            if p in out:
                when = players[p].get("out_turn")
                details: tuple[tuple[str, str], ...] = (
                    ("Eliminated", f"turn {when}" if when is not None else "before the end"), tech)
            else:
                details = (tech,)
            rows.append(Standing(place, (p,), plural(followers(state, p), "follower"), details))
        win = self._win(state, winners)
        alive = [p for p in range(n) if p not in out]
        if majority:
            best = max(followers(state, p) for p in alive)
            top = [p for p in alive if followers(state, p) == best]
            ran_out = "Three of the four draw stacks ran out"
            if len(top) == 1:
                how = f"{ran_out}; {win} a majority victory with {plural(best, 'follower')}."
            elif len(winners) == 1:
                how = (f"{ran_out} with {_names(state, top)} tied at {plural(best, 'follower')}; "
                       f"{win} on the higher tech level.")
            elif len(winners) < len(top):
                how = (f"{ran_out} with {_names(state, top)} tied at {plural(best, 'follower')}; "
                       f"{_names(state, winners)} share the higher tech level: a draw between them.")
            else:
                how = (f"{ran_out} with {_names(state, top)} tied at {plural(best, 'follower')} and "
                       "on tech level: a draw.")
            return tuple(rows), how, "TB Free-for-all"
        if alive:
            return tuple(rows), (f"Every other player was eliminated; {_names(state, alive)}, the last "
                                 "player with followers, wins."), "TB Free-for-all"
        last = max(players[p].get("out_after", out.index(p)) for p in out)
        fell = [p for p in out if players[p].get("out_after", out.index(p)) == last]
        together = f"The last players, {_names(state, fell)}, lost their followers at once"
        if len(winners) == 1:
            how = f"{together}; {win} on the higher tech level."
        else:
            how = f"{together}; {_names(state, winners)} share the higher tech level: a draw between them."
        return tuple(rows), how, "TB Game end"

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """Random play ends well within this many decisions (measured by simulate)."""
        return 20_000

    #: Saves of engines before this one (the 0.3.0 releases before the fix) kept an eliminated
    #: player's attachments on other players' sites in a free-for-all; since, they are discarded
    #: with the player's other cards (TB Free-for-all, elimination): their start-of-turn effects
    #: (Plague, Conscription, Sanctions) are no longer asked about.
    ATTACHMENTS_LEAVE_WITH_THEIR_PLAYER = (0, 4, 0)

    def mend_move(self, state: State, seat: int, action: Action, engine: str) -> list[Action] | None:
        """An older save's choice of which start-of-turn effect goes first (``trigger j``) that
        these rules refuse (issue 50): since :data:`ATTACHMENTS_LEAVE_WITH_THEIR_PLAYER` fewer
        effects may be left to order. With several still to order, the same place in the list
        (the last one if the list got shorter); with one or none, nothing to ask (the one left
        resolves by itself): the choice is left out. Anything else cannot be mended."""
        if engine_version(engine) >= self.ATTACHMENTS_LEAVE_WITH_THEIR_PLAYER or action.name != "trigger":
            return None
        if seat not in self.to_act(state):
            return None
        triggers = [a for a in self.legal_actions(state, seat) if a.name == "trigger"]
        if not triggers:
            return []
        j = int(action.args[0]) if action.args and isinstance(action.args[0], int) else 0
        return [triggers[min(max(j, 0), len(triggers) - 1)]]

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is refused, in words."""
        st = tbs(state)
        ask = st["ask"]
        if ask is None or ask["seat"] != seat:
            return "It is not your decision now."
        return f"“{action}” is not one of the choices now: {ask['prompt']}"

    # ---- bots ------------------------------------------------------------------------
    #: Playouts are cut after 4 decisions and scored by :meth:`evaluate` (a random
    #: game lasts ~400 decisions, so full playouts would cost ~20 ms each). Issue 29
    #: (benchmarks/RESULTS.md, "Bot levels worth choosing"): past a few iterations more
    #: search buys little here (normal at 120 beat an easy of 10 only 63 % of 200 games,
    #: hard beat normal 60.5 %), while the first few buy much (2 iterations beat random
    #: play 88.8 %). So normal searches 5 iterations and easy 2: hard beats normal and
    #: normal beats easy by the margins of that table.
    search_budgets = {"easy": (2, 4), "normal": (5, 4), "hard": (300, 4)}
    #: The cut-off evaluation keeps rewards close to 0.5 (a follower is worth
    #: about 0.02), so at the default exploration (0.7) a search spreads its visits
    #: almost evenly and more iterations buy little: hard won 7 of 19 two-player
    #: games against normal. Hard explores less and follows the evaluation's
    #: differences (benchmarks/RESULTS.md, "Bot strength, move times and game length").
    search_exploration: ClassVar[dict[str, float]] = {"hard": 0.1}
    #: Hard's cut-off playouts go on, up to 30 more decisions, until no card or
    #: ability is half-resolved (:meth:`quiet`): cut in the middle of a card, a
    #: playout shows the card's cost but not its effect, so every card play would
    #: look worse than it is (benchmarks/RESULTS.md, "Time Barons: hard against normal").
    search_quiet: ClassVar[dict[str, int]] = {"hard": 30}
    #: Hard scores its cut-off playouts with :meth:`evaluate_exposure`, which at a free-for-all
    #: table also counts the followers one blow could kill (benchmarks/RESULTS.md, issue 46).
    search_evaluation: ClassVar[dict[str, str]] = {"hard": "evaluate_exposure"}

    def quiet(self, state: State) -> bool:
        """True when nothing is half-resolved: no card, ability or reaction window
        is waiting on a decision (the next decision is a main-phase one), so
        :meth:`evaluate` sees the whole effect of what was played."""
        st = tbs(state)
        return not st["frames"]

    def evaluate(self, state: State) -> list[float] | None:
        """Heuristic value of an unfinished game for each seat: a logistic of the
        side's material lead (followers, +2 per level above I, +0.5 per card in hand
        and per site; free-for-all also +0.5 per Forge token, less than the damage
        three of them deal, and +1 for The Hammer), trusted more as the draw stacks
        run down (a lead is worth more near the majority count, TB Game end), so a
        leading bot also hurries the end.

        The lead is taken over the average opponent in a 2-player game. In team
        games it is one side against the other (TB Team multiplayer: combined
        followers decide, and the team whose weakest member runs out loses, so the
        weakest member's followers count too; a sixth card and beyond in one hand
        count half, so teammates balance followers and cards by passing); both
        teammates get the same value, the team's payoff. In free-for-all it is taken
        over the strongest opponent still in, and an eliminated player is worth 0."""
        return self._evaluate(tbs(state), 0.0)

    def evaluate_exposure(self, state: State) -> list[float] | None:
        """Hard's evaluation (:attr:`search_evaluation`): :meth:`evaluate`, except at a
        free-for-all table, where it plays for its own survival and final place rather than for
        the lead (issue 46; benchmarks/RESULTS.md):

        - each seat's material score also loses :attr:`exposure_weight` per follower that one
          blow could kill (:func:`~.board.exposed`: the followers of its most exposed site,
          weighted by how near the site is to destruction; TB Damage and destruction, TB
          Free-for-all). Followers piled on one worn site are what a table of three opponents
          takes first: without this, hard's seat was knocked out in 136 of 200 four-player games;
        - a lead over the strongest opponent counts only at the share of the draw stacks drawn so
          far, at least :attr:`lead_floor` of it (the game ends at the majority count when the
          stacks run out, TB Free-for-all, and the other bots all hit whoever leads); being
          behind counts in full.

        Team and 2-player games: exactly :meth:`evaluate`."""
        st = tbs(state)
        free = ffa(st)
        return self._evaluate(st, self.exposure_weight if free else 0.0, free)

    #: Material points a seat loses per follower one blow could kill, in hard's free-for-all
    #: evaluation (:meth:`evaluate_exposure`).
    exposure_weight: ClassVar[float] = 0.5
    #: The least share of a free-for-all lead that hard's evaluation counts, early in the game
    #: (:meth:`evaluate_exposure`).
    lead_floor: ClassVar[float] = 0.25

    def _evaluate(self, st: TimeBaronsState, exposure: float, hold_back: bool = False) -> list[float]:
        """:meth:`evaluate`, with ``exposure`` points off each seat's score per follower of
        :func:`~.board.exposed` (free-for-all only; 0.0: none) and, with ``hold_back``, a
        free-for-all lead counted at the share of the draw stacks drawn (at least
        :attr:`lead_floor`)."""
        n = len(st["seats"])
        left = sum(len(stack) for stack in st["stacks"])
        drawn = max(0.0, 1.0 - left / max(1, st["stacked"]))
        closing = 0.5 + 0.5 * drawn
        free = ffa(st)
        score: list[float] = [followers(st, p) + 2 * (level_of(st, p) - 1)
                               + 0.5 * len(st["players"][p]["hand"]) + 0.5 * len(sites_of(st, p))
                               for p in range(n)]
        if free:
            for p in range(n):
                score[p] += 0.5 * int(st["players"][p]["forge"]) + (1.0 if st["hammer"] == p else 0.0)
                if exposure:
                    score[p] -= exposure * exposed(st, p)

        def squash(lead: float) -> float:
            return float(0.5 + closing * (1.0 / (1.0 + math.exp(-lead / 8.0)) - 0.5))

        out = []
        if not free and any(len(t) > 1 for t in st["teams"]):
            for p in range(n):  # cards beyond 5 are worth less: teammates share them out
                h = len(st["players"][p]["hand"])
                score[p] -= 0.25 * max(0, h - 5)
            side = {}
            for i, t in enumerate(st["teams"]):
                side[i] = sum(score[p] for p in t) / 2 + min(followers(st, p) for p in t)
            for p in range(n):
                mine = next(i for i, t in enumerate(st["teams"]) if p in t)
                out.append(squash(side[mine] - max(v for i, v in side.items() if i != mine)))
            return out
        for p in range(n):
            if p in st["out"]:
                out.append(0.0)
                continue
            others = [score[q] for q in opponents(st, p)] or [score[p]]
            lead = score[p] - (max(others) if free else sum(others) / len(others))
            if hold_back and lead > 0:
                lead *= max(self.lead_floor, drawn)
            out.append(squash(lead))
        return out

    def evaluate_terms(self, state: State, seat: int) -> list[tuple[str, float]]:
        """The terms of the hint level's evaluation (:meth:`evaluate_exposure`: hard's) for
        ``seat``, as it weighs them (followers; 2 per level above I; half a point per card in
        hand and per site; free-for-all: half per Forge token, 1 for The Hammer, and minus
        :attr:`exposure_weight` per follower one blow could kill), each as a lead: over the
        average opponent in a 2-player game, over the strongest opponent still in in
        free-for-all, and in team games the team's average member over the other side's."""
        st = tbs(state)
        n = len(st["seats"])
        free = ffa(st)

        def terms(p: int) -> list[tuple[str, float]]:
            out = [("follower lead", float(followers(st, p))), ("tech level lead", 2.0 * (level_of(st, p) - 1)),
                   ("lead in cards in hand", 0.5 * len(st["players"][p]["hand"])),
                   ("lead in sites", 0.5 * len(sites_of(st, p)))]
            if free:
                out += [("lead in Forge tokens", 0.5 * int(st["players"][p]["forge"])),
                        ("hold on The Hammer", 1.0 if st["hammer"] == p else 0.0),
                        ("lead in safety from one blow", -self.exposure_weight * exposed(st, p))]
            return out

        def mean(seats: list[int]) -> list[float]:
            rows = [terms(p) for p in seats]
            return [sum(r[i][1] for r in rows) / len(rows) for i in range(len(rows[0]))]

        mine = terms(seat)
        if not free and any(len(t) > 1 for t in st["teams"]):
            side = next(t for t in st["teams"] if seat in t)
            other = [q for t in st["teams"] if seat not in t for q in t]
            base, vs = mean(list(side)), mean(other)
            return [(label, base[i] - vs[i]) for i, (label, _v) in enumerate(mine)]
        rivals = opponents(st, seat) or [q for q in range(n) if q != seat]
        if free:
            top = max(rivals, key=lambda q: sum(v for _l, v in terms(q)))
            vs = [v for _l, v in terms(top)]
        else:
            vs = mean(rivals)
        return [(label, v - vs[i]) for i, (label, v) in enumerate(mine)]

    # ---- main phase (TB Turn structure) ----------------------------------------------
    def main_options(self, state: TimeBaronsState) -> list[tuple[Action, str, str | None]]:
        """The active player's actions in the main phase (:meth:`main_actions`) with their
        labels and board targets; in a search's state (:meth:`search_root`) every label
        is "" and every target None."""
        acts = self.main_actions(state)
        if "lean" in state:
            return [(a, "", None) for a in acts]
        return [self._main_option(state, a) for a in acts]

    def main_actions(self, state: TimeBaronsState) -> list[Action]:
        """The active player's actions in the main phase: draw, gain, relocate, play,
        upgrade (TB Core rules 1–5), site abilities (TB Abilities), end."""
        p = state["active"]
        acts = state["actions"]
        me = state["players"][p]
        out: list[Action] = []
        if acts >= 1:
            out += [Action("draw", (lv,)) for lv in range(1, me["level"] + 1) if state["stacks"][lv - 1]]
            out += [Action("gain", (x["id"],)) for x in sites_of(state, p) if not threatened(x)]
            if self._can_relocate(state, p):
                out.append(Action("relocate"))
        for cid in sorted(set(me["hand"])):
            c = card(cid)
            if c["type"] != "reaction" and c["cost"] <= acts:
                out.append(Action("play", (cid,)))
        if me["level"] < 4 and acts >= UPGRADE_COST[me["level"]] and can_upgrade(state, p):
            out.append(Action("upgrade"))
        if me["forge"] >= 3:
            out.append(Action("fire"))
        for x in sites_of(state, p):
            for ab in card(x["card"])["abilities"]:
                if ability_usable(state, x, ab["n"]):
                    out.append(Action("ability", (x["id"], ab["n"])))
        out.append(Action("end"))
        return out

    @staticmethod
    def _main_option(state: TimeBaronsState, a: Action) -> tuple[Action, str, str | None]:
        """A main-phase action with its label and board target."""
        p = state["active"]
        me = state["players"][p]
        if a.name == "draw":
            lv = int(a.args[0])
            return a, f"Draw from level {ROMAN[lv - 1]} ({len(state['stacks'][lv - 1])} left)", f"stack:{lv}"
        if a.name == "gain":
            sid = int(a.args[0])
            return a, f"Gain a follower on {site_label(state, sid)}", f"site:{sid}"
        if a.name == "relocate":
            mate = passing_mate(state, p)
            return a, "Relocate followers" + (
                f" (you may pass followers and cards to {state['seats'][mate]})" if mate is not None else ""), None
        if a.name == "play":
            c = card(str(a.args[0]))
            return a, f"Play {c['name']} ({plural(c['cost'], 'action')})", f"card:{a.args[0]}"
        if a.name == "upgrade":
            extra = " and a card" if p == state["solo"] else ""
            return a, (f"Upgrade to level {ROMAN[me['level']]} ({plural(UPGRADE_COST[me['level']], 'action')}"
                       f"{extra})"), f"level:{p}"
        if a.name == "fire":
            return a, "Fire a weapon: 3 tokens for 3 damage to a site of each opponent", f"forge:{p}"
        if a.name == "ability":
            sid, n = int(a.args[0]), int(a.args[1])
            x = site(state, sid)
            assert x is not None
            ab = card(x["card"])["abilities"][n - 1]
            return a, f"{site_label(state, sid)}: {ab.get('text') or 'ability ' + str(n)}", f"site:{sid}"
        assert a.name == "end", a
        return a, "End turn", None

    @staticmethod
    def _can_relocate(state: TimeBaronsState, p: int) -> bool:
        """A relocate can move someone, or (teams) pass followers or cards."""
        mine = sites_of(state, p)
        mate = passing_mate(state, p)
        if mate is not None and (state["players"][p]["hand"] or (
                any(x["f"] and not has_att(x, "sanctions") for x in mine)
                and any(not threatened(y) for y in sites_of(state, mate)))):
            return True
        return any(x["f"] and not has_att(x, "sanctions") and any(
            y["id"] != x["id"] and not threatened(y) for y in mine) for x in mine)

    def _main(self, state: TimeBaronsState, p: int, a: Action) -> None:
        me = state["players"][p]
        fr = state["frames"]
        if a.name == "end":
            log(state, f"{state['seats'][p]} ends the turn.")
            fr.append({"k": "end_turn", "seat": p})
        elif a.name == "draw":
            state["actions"] -= 1
            fr.append({"k": "draw", "seat": p, "stack": int(a.args[0])})
        elif a.name == "gain":
            state["actions"] -= 1
            fr.append({"k": "gain", "site": int(a.args[0]), "n": 1})
        elif a.name == "relocate":
            state["actions"] -= 1
            log(state, f"{state['seats'][p]} relocates.")
            fr.append(self._plan("relocate", p, full=True))
        elif a.name == "play":
            fr.append({"k": "play", "seat": p, "card": str(a.args[0]), "free": False, "src": "hand", "phase": 0})
        elif a.name == "upgrade":
            state["actions"] -= UPGRADE_COST[me["level"]]
            fr.append({"k": "upgrade", "seat": p})
            if p == state["solo"]:  # TB Three-player rules: the Solo Baron also discards a card
                fr.append(self._plan("upgrade_discard", p))
        elif a.name == "fire":
            me["forge"] -= 3
            log(state, f"{state['seats'][p]} fires a weapon from the Forge (3 tokens).")
            fr.append(self._plan("weapon", p, left=opponents(state, p)))
        elif a.name == "ability":
            sid, n = int(a.args[0]), int(a.args[1])
            x = site(state, sid)
            assert x is not None
            state["actions"] -= int(card(x["card"])["abilities"][n - 1]["cost"])
            x["used"] = True
            log(state, f"{state['seats'][p]} uses {site_label(state, sid)}.")
            fr.append({"k": "ability_done", "seat": p, "site": sid, "n": n, "repeat": False, "args": {}})
            fr.append(self._plan(f"ab:{x['card']}:{n}", p, site=sid, n=n))

    @staticmethod
    def _plan(fn: str, seat: int, **args: Any) -> PlanFrame:
        return {"k": "plan", "fn": fn, "seat": seat, "args": args, "ans": []}

    # ---- the resolution loop ------------------------------------------------------------
    @cached_property
    def stacks(self) -> Stacks:
        """The decisions (:class:`~py_engine.core.flow.Stacks` on ``state["frames"]`` and
        ``state["ask"]``): with no frame, the active player's main phase (``"main"``: an
        action or a site ability, TB Turn structure; End turn taken unasked when it is all
        that is left); a planner frame runs its planner with the answers so far until it
        needs one more (:class:`~.effects.Need`); any other frame is an operation, carried
        out when it comes to the top (``_op_<kind>``), followed by the checks that hold at
        every moment (:meth:`_continuous`)."""
        ops: dict[str, Resolve] = {name[4:]: self._resolve_op for name in dir(self) if name.startswith("_op_")}
        return Stacks({**ops, "plan": self._resolve_plan, "main": self._resolve_main}, over="result", keys=(None,),
                      root="main", frames="frames", ask="ask", words=True)

    def _resolve_main(self, state: TimeBaronsState, stack: Any, frame: Any, answer: Action | None) -> Ask | None:
        p = state["active"]
        if answer is not None:
            self._main(state, p, answer)
            return None
        if p in state["out"]:  # eliminated during their own turn
            state["frames"].append({"k": "end_turn", "seat": p})
            return None
        return self._ask(state, p, self._main_prompt(state), self.main_options(state))

    def _resolve_plan(self, state: TimeBaronsState, stack: Any, top: Any, answer: Action | None) -> Ask | None:
        """Run a planner with its answers so far (``answer`` recorded last); an eliminated
        player's effects lapse."""
        fr = state["frames"]
        if answer is not None:
            top["ans"].append(answer.to_json())
        if top["seat"] in state["out"]:
            fr.pop()
            return None
        if top["fn"] in HAND_WINDOWS:
            self._peek_hand(state, top["seat"])
        ctx = Ctx(state, top)
        try:
            PLANNERS[top["fn"]](ctx)
        except Need as need:
            return self._ask(state, need.seat, need.prompt, need.options)
        fr.pop()
        fr.extend(reversed(ctx.ops))
        return None

    def _resolve_op(self, state: TimeBaronsState, stack: Any, top: Any, answer: Action | None) -> Ask | None:
        assert answer is None, top  # only the main phase and planners ask
        state["frames"].pop()
        getattr(self, "_op_" + top["k"])(state, top)
        self._continuous(state, CAUSE.get(top["k"], _no_cause)(top))
        return None

    @staticmethod
    def _ask(state: TimeBaronsState, seat: int, prompt: str, opts: list[tuple[Action, str, str | None]]) -> Ask:
        """The question of ``seat``: ``opts`` as ``(action, label, board target)``; in a
        search's lean state the actions alone."""
        if "lean" in state:  # a search reads the actions alone (:meth:`search_root`)
            return Ask(seat, tuple([o[0] for o in opts]))
        return Ask(seat, tuple([o[0] for o in opts]), prompt=prompt, labels=tuple([o[1] for o in opts]),
                   targets=tuple([o[2] for o in opts]))

    def _main_prompt(self, state: TimeBaronsState) -> str:
        if "lean" in state:
            return ""
        n = state["actions"]
        return f"{state['seats'][state['active']]}: {n} action{'s' * (n != 1)} left. Choose an action or end the turn."

    def _continuous(self, state: TimeBaronsState, cause: int | None = None) -> None:
        """Checks that hold at every moment: Plague leaves an empty site; a site whose
        counters reach its integrity is destroyed (R3); a side with no followers
        loses, or in free-for-all is eliminated (TB Game end, Free-for-all).
        ``cause``: the seat whose effect just ran (the eliminator, if any)."""
        for x in state["sites"]:
            if not x["f"] and has_att(x, "plague"):
                for a in [a for a in x["att"] if a[0] == "plague"]:
                    x["att"].remove(a)
                    state["discard"].append("plague")
                log(state, f"Plague leaves the empty {site_label(state, x['id'])}.")
        doomed = [x["id"] for x in state["sites"] if x["dmg"] and x["dmg"] >= integrity(x)]
        if doomed:
            state["frames"].append({"k": "batch", "src": None, "hits": [], "kills": [], "destroy": doomed,
                                    "label": "Collapse", "phase": 0})
        self._check_total(state, cause)

    def _check_total(self, state: TimeBaronsState, cause: int | None = None) -> None:
        """Total victory (TB Game end; TB Team multiplayer: a team with a member at 0
        followers loses; if every team is out, the higher tech level wins, else a
        draw). Free-for-all: a player at 0 followers is eliminated; the last one
        with followers wins."""
        if state["result"]:
            return
        held = [0] * len(state["seats"])
        for x in state["sites"]:
            held[x["owner"]] += x["f"]
        if all(held[p] for p in range(len(held)) if p not in state["out"]):
            return
        if ffa(state):
            self._eliminations(state, cause)
            return
        out = [t for t in state["teams"] if any(held[p] == 0 for p in t)]
        alive = [t for t in state["teams"] if t not in out]
        if alive:
            winners = sorted(p for t in alive for p in t)
            if len(state["seats"]) == 2:
                why = "the other side has no followers left (TB Game end)."
            else:
                empty = [state["seats"][p] for t in out for p in t if followers(state, p) == 0]
                why = f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} no followers left (TB Team " \
                      "multiplayer: if one teammate loses, the whole team loses)."
            self._finish(state, winners, f"{self._win(state, winners)} a total victory: {why}", Ending.ELIMINATION)
        else:
            self._tiebreak(state, "Both sides lost their last followers at once", "total", Ending.ELIMINATION)

    def _eliminations(self, state: TimeBaronsState, cause: int | None) -> None:
        """TB Free-for-all: players at 0 followers are eliminated; the Forge tokens go
        to the opponent who caused it (``cause``), else to the supply; their cards
        are discarded. Each is noted with the turn and how many players were out
        before (``out_turn``, ``out_after``: the elimination order of :meth:`standings`). One player left: they win; nobody left (the last ones fell
        together): the higher tech level among them wins, else they draw (DESIGNED,
        as the 2-player rule)."""
        gone = [p for p in range(len(state["seats"])) if p not in state["out"] and followers(state, p) == 0]
        if not gone:
            return
        before = len(state["out"])
        for p in gone:
            state["players"][p]["out_turn"] = state["turn"]
            state["players"][p]["out_after"] = before
            self._eliminate(state, p, cause)
        alive = [p for p in range(len(state["seats"])) if p not in state["out"]]
        if len(alive) == 1:
            self._finish(state, alive, f"{self._win(state, alive)}: the last player with followers "
                         "(TB Free-for-all: last person standing).", Ending.ELIMINATION)
        elif not alive:
            top = max(level_of(state, p) for p in gone)
            best = [p for p in gone if level_of(state, p) == top]
            if len(best) == 1:
                self._finish(state, best, f"The last players lost their followers at once; {self._win(state, best)} "
                             "on the higher tech level (TB Game end).", Ending.ELIMINATION)
            else:
                self._finish(state, sorted(best), "The last players lost their followers at once on the same "
                             "tech level: a draw between " + " and ".join(state["seats"][p] for p in best)
                             + " (TB Game end).", Ending.ELIMINATION)

    def _eliminate(self, state: TimeBaronsState, p: int, cause: int | None) -> None:
        """Put ``p`` out of a free-for-all game (TB Free-for-all): Forge tokens to the
        eliminating opponent or the supply, The Hammer back to the middle (DESIGNED:
        unless it was taken already), and every card of theirs still in the game to
        the discard pile: the hand, the sites (with whatever is attached to or tucked
        under them, as when a site is destroyed, R3) and the attachments they placed
        on other players' sites (:meth:`_withdraw_attachments`)."""
        who = state["seats"][p]
        state["out"].append(p)
        me = state["players"][p]
        tokens, me["forge"] = me["forge"], 0
        msg = f"{who} has no followers left and is eliminated."
        if tokens:
            if cause is not None and cause != p and cause not in state["out"]:
                state["players"][cause]["forge"] += tokens
                msg += f" {state['seats'][cause]} takes the {plural(tokens, 'weapon token')} on their Forge."
            else:
                msg += f" The {plural(tokens, 'weapon token')} on their Forge go back to the supply."
        if state["hammer"] == p:
            state["hammer"] = None
            msg += " The Hammer goes back to the middle of the table."
        log(state, msg)
        if hidden_to(state, p, state.get("by")) > 0:
            reveal(state)  # their hidden hand lands face up
        state["discard"].extend(me["hand"])
        me["hand"], me["known"], me["team_known"], me["lof"] = [], [], [], 0
        for x in sites_of(state, p):
            if any(not public and by != state.get("by") for _c, by, public in x["tuck"]):
                reveal(state)
            state["discard"].extend(a[0] for a in x["att"])
            state["discard"].extend(t[0] for t in x["tuck"])
            state["discard"].append(x["card"])
            state["sites"].remove(x)
        self._withdraw_attachments(state, p)

    def _withdraw_attachments(self, state: TimeBaronsState, p: int) -> None:
        """The attachments eliminated ``p`` placed on sites of players still in go to
        the discard pile and stop acting (TB Free-for-all, elimination: the eliminated
        player's remaining cards are discarded). An attachment counts as the card of
        whoever placed it: it stays in play as a card of its own (TB Other card
        types, attachment cards), and The Hammer rule treats its later effects as the
        placer's. Which cards these are is in the state, not in a list of card ids:
        a site's ``att`` slot holds only cards of data type ``attachment`` (played
        through :func:`~.effects.card_planner`), each with the seat that placed it,
        which a Supply Depot move or an Assimilation keeps. Cards ``p`` tucked under
        other players' sites stay (DESIGNED): a tucked card is face down with no
        effect of its own and now only counts for the site (TB Tuck a card). A site
        that stood only thanks to a departing Retrofitting is destroyed at once, a
        collapse with no eliminator behind it (R3)."""
        seat = state["seats"][p]
        fallen = []
        for x in state["sites"]:
            mine = [a for a in x["att"] if a[1] == p]
            if not mine:
                continue
            standing = x["dmg"] < integrity(x)
            for a in mine:
                x["att"].remove(a)
                state["discard"].append(a[0])
                log(state, f"{name(a[0])} (placed by {seat}) leaves {site_label(state, x['id'])}.")
            if standing and x["dmg"] >= integrity(x):
                fallen.append(x["id"])
        if fallen:
            state["frames"].append({"k": "batch", "src": None, "hits": [], "kills": [], "destroy": fallen,
                                    "label": "Collapse", "phase": 0})

    @staticmethod
    def _leader(state: TimeBaronsState, per_seat: Callable[[TimeBaronsState, int], int]) -> list[int] | None:
        """The seats of the one team with the highest total of ``per_seat(state,
        seat)``, or None if teams tie."""
        totals = [sum(per_seat(state, p) for p in t) for t in state["teams"]]
        top = [t for t, v in zip(state["teams"], totals, strict=True) if v == max(totals)]
        return sorted(top[0]) if len(top) == 1 else None

    @staticmethod
    def _win(state: TimeBaronsState, winners: list[int]) -> str:
        """``"Ann wins"`` / ``"Ann and Cy win"``."""
        return " and ".join(state["seats"][p] for p in winners) + (" wins" if len(winners) == 1 else " win")

    def _tiebreak(self, state: TimeBaronsState, why: str, kind: str, ending: Ending) -> None:
        winners = self._leader(state, level_of)
        if winners is not None:
            self._finish(state, winners, f"{why}; {self._win(state, winners)} {a_an(kind)} victory on the "
                         "higher tech level (TB Game end).", ending)
        else:
            self._finish(state, list(range(len(state["seats"]))),
                         f"{why}, and the tech levels are equal: a draw (TB Game end).", ending)

    def _finish(self, state: TimeBaronsState, winners: list[int], reason: str, ending: Ending) -> None:
        state["result"] = {"winners": winners, "reason": reason, "ending": ending.value}
        state["ask"] = None
        log(state, reason)

    # ---- operations ---------------------------------------------------------------------
    def _op_start_turn(self, state: TimeBaronsState, f: SeatOp) -> None:
        """TB Turn structure, R14: the action count first (3; 2 on the opening turn;
        1 fewer under Loss of Faith), then start-of-turn effects in the player's order."""
        p = f["seat"]
        state["active"] = p
        state["turn"] += 1
        t = state["turn"]
        acts = state["opening"][t - 1] if t <= len(state["opening"]) else 3
        me = state["players"][p]
        state["blocked"] = None
        if me["lof"]:
            me["lof"] -= 1
            acts = max(0, acts - 1)
            state["blocked"] = p
        state["actions"] = acts
        if state["solo"] is not None and p != state["solo"]:
            state["last_tb"] = p
        for x in state["sites"]:
            x["used"] = False
        log(state, f"Turn {t}: {state['seats'][p]} ({acts} action{'s' * (acts != 1)}"
                   f"{', Loss of Faith' if state['blocked'] == p else ''}).")
        todo: list[list[Any]] = []
        if state["eod"]:
            todo.append(["eod", 0])
        for x in sites_of(state, p):
            for a in x["att"]:
                if a[0] in ("plague", "conscription", "sanctions"):
                    todo.append([a[0], x["id"]])
        if todo:
            state["frames"].append(self._plan("w:start", p, todo=todo))

    def _op_end_turn(self, state: TimeBaronsState, f: SeatOp) -> None:
        """End of turn: Threat leaves its site at the end of the owner's turn; the
        holder of The Hammer forges a weapon token (TB Free-for-all); with 3 stacks
        out the game ends (majority) or End of Days begins (TB Game end)."""
        p = f["seat"]
        if state["hammer"] == p:
            limit = 24 - sum(pl["forge"] for pl in state["players"])
            if not state["options"]["component_limits"] or limit > 0:
                state["players"][p]["forge"] += 1
                log(state, f"{state['seats'][p]} holds The Hammer: 1 weapon token on their Forge "
                           f"({state['players'][p]['forge']}).")
        for x in sites_of(state, p):
            for a in [a for a in x["att"] if a[0] == "threat"]:
                x["att"].remove(a)
                state["discard"].append("threat")
                log(state, f"Threat leaves {site_label(state, x['id'])}.")
        state["blocked"] = None
        if stacks_out(state) >= 3:
            if not state["options"]["end_of_days"]:
                self._majority(state)
                return
            if not state["eod"]:
                state["eod"] = True
                log(state, "Three draw stacks are gone: the End of Days begins.")
        state["frames"].append({"k": "start_turn", "seat": self.next_seat(state, p)})

    @staticmethod
    def next_seat(state: TimeBaronsState, p: int) -> int:
        """Whose turn follows ``p``'s: clockwise, skipping eliminated players; in a
        3-player team game Team Baron, Solo Baron, the other Team Baron, Solo Baron
        (TB Three-player rules)."""
        solo = state["solo"]
        if solo is not None:
            if p != solo:
                return int(solo)
            last = state["last_tb"]
            return next(q for q in state["teams"][0] if q != last) if last is not None else 0
        n = len(state["seats"])
        for i in range(1, n + 1):
            q = (p + i) % n
            if q not in state["out"]:
                return q
        return p

    def _majority(self, state: TimeBaronsState) -> None:
        if ffa(state):
            self._majority_ffa(state)
            return
        best = max(sum(followers(state, p) for p in t) for t in state["teams"])
        winners = self._leader(state, followers)
        if winners is not None:
            self._finish(state, winners, f"Three draw stacks ran out; {self._win(state, winners)} a "
                         f"majority victory with {plural(best, 'follower')} (TB Game end).", Ending.STANDINGS)
        else:
            self._tiebreak(state, f"Three draw stacks ran out with followers tied at {best}", "majority",
                           Ending.STANDINGS)

    def _majority_ffa(self, state: TimeBaronsState) -> None:
        """TB Free-for-all: at 3 empty stacks the most followers wins, then the
        higher tech level; still tied: a draw between the tied players."""
        alive = [p for p in range(len(state["seats"])) if p not in state["out"]]
        best = max(followers(state, p) for p in alive)
        top = [p for p in alive if followers(state, p) == best]
        if len(top) == 1:
            self._finish(state, top, f"Three draw stacks ran out; {self._win(state, top)} a majority victory "
                         f"with {plural(best, 'follower')} (TB Free-for-all).", Ending.STANDINGS)
            return
        lv = max(level_of(state, p) for p in top)
        lead = [p for p in top if level_of(state, p) == lv]
        names = " and ".join(state["seats"][p] for p in top)
        if len(lead) == 1:
            self._finish(state, lead, f"Three draw stacks ran out with {names} tied at {plural(best, 'follower')}; "
                         f"{self._win(state, lead)} on the higher tech level (TB Free-for-all).", Ending.STANDINGS)
        else:
            self._finish(state, lead, f"Three draw stacks ran out with {names} tied at {plural(best, 'follower')} and "
                         f"the same tech level: a draw between {' and '.join(state['seats'][p] for p in lead)} "
                         "(TB Free-for-all).", Ending.STANDINGS)

    def _op_first_player(self, state: TimeBaronsState, f: FirstPlayerOp) -> None:
        """The Team Barons' choice of who starts (TB Three-player rules)."""
        a, b = state["teams"][0]
        names = state["seats"]
        log(state, f"{names[a]} proposed {names[f['proposed']]}; {names[b]} decides that {names[f['seat']]} "
                   "starts.")
        state["frames"].append({"k": "start_turn", "seat": f["seat"]})

    def _op_actions(self, state: TimeBaronsState, f: ActionsOp) -> None:
        if f["seat"] == state["active"]:
            state["actions"] += f["n"]
            log(state, f"{state['seats'][f['seat']]} gains {f['n']} action{'s' * (f['n'] != 1)}.")

    def _op_gain(self, state: TimeBaronsState, f: SiteCountOp) -> None:
        """Followers from the supply onto a site (not onto a Threatened one; R7 caps)."""
        x = site(state, f["site"])
        if x is None or threatened(x):
            return
        n = f["n"]
        if state["options"]["component_limits"]:
            n = min(n, 55 - sum(y["f"] for y in state["sites"]))
        if n > 0:
            x["f"] += n
            log(state, f"{site_label(state, x['id'])} gains {n} follower{'s' * (n > 1)}.")

    def _op_draw(self, state: TimeBaronsState, f: DrawOp) -> None:
        """Draw the top card of a stack; a stack running out fires Bad Omen (R15)."""
        p, lv = f["seat"], f["stack"]
        st = state["stacks"][lv - 1]
        if not st or p in state["out"]:
            return
        c = st.pop()
        state["players"][p]["hand"].append(c)
        reveal(state)
        log(state, f"{state['seats'][p]} draws a level {ROMAN[lv - 1]} card.")
        log(state, f"You draw {name(c)}.", visible_to=p)
        self._check_ran_out(state)

    def _check_ran_out(self, state: TimeBaronsState) -> None:
        for i, st in enumerate(state["stacks"]):
            if not st and not state["ran_out"][i]:
                state["ran_out"][i] = True
                log(state, f"The level {ROMAN[i]} stack has run out.")
                self._bad_omen(state, 3)

    def _bad_omen(self, state: TimeBaronsState, n: int) -> None:
        for x in state["sites"]:
            for a in x["att"]:
                if a[0] == "bad_omen":
                    state["frames"].append({"k": "batch", "src": None, "hits": [[x["id"], n, False]], "kills": [],
                                            "destroy": [], "label": "Bad Omen", "phase": 0})

    def _op_mill(self, state: TimeBaronsState, f: MillOp) -> None:
        st = state["stacks"][f["stack"] - 1]
        gone = [st.pop() for _ in range(min(f["n"], len(st)))]
        state["discard"].extend(gone)
        if gone:
            reveal(state)  # the stack's hidden cards land face up
        log(state, f"Discarded from the level {ROMAN[f['stack'] - 1]} stack: {', '.join(name(c) for c in gone)}.")
        self._check_ran_out(state)

    def _op_upgrade(self, state: TimeBaronsState, f: SeatOp) -> None:
        """Advance a level marker (TB Upgrade; R12); Bad Omen answers every upgrade.
        Free-for-all: upgrading while nobody holds The Hammer claims it. 3-player
        teams: a Team Baron may then draw a card for no action (TB Three-player
        rules; R12: after every upgrade)."""
        p = f["seat"]
        me = state["players"][p]
        if me["level"] >= 4 or p in state["out"]:
            return
        me["level"] += 1
        log(state, f"{state['seats'][p]} upgrades to level {ROMAN[me['level'] - 1]}.")
        self._bad_omen(state, 1)
        if ffa(state) and state["hammer"] is None:
            state["hammer"] = p
            log(state, f"{state['seats'][p]} claims The Hammer.")
        if state["solo"] is not None and p != state["solo"]:
            state["frames"].append(self._plan("bonus_draw", p))

    def _op_lof(self, state: TimeBaronsState, f: SeatOp) -> None:
        state["players"][f["seat"]]["lof"] += 1
        log(state, f"{state['seats'][f['seat']]} will lose faith next turn.")

    def _op_discard_hand(self, state: TimeBaronsState, f: CardOp) -> None:
        self._from_hand(state, f["seat"], f["card"])
        state["discard"].append(f["card"])
        log(state, f"{state['seats'][f['seat']]} discards {name(f['card'])}.")

    @staticmethod
    def _from_hand(state: TimeBaronsState, p: int, cid: str) -> None:
        """``cid`` leaves ``p``'s hand face up: whoever knew a copy of it there no
        longer knows one (public knowledge first, then the team's)."""
        me = state["players"][p]
        me["hand"].remove(cid)
        if cid in me["known"]:
            me["known"].remove(cid)
        elif cid in me["team_known"]:
            me["team_known"].remove(cid)

    def _op_pass_card(self, state: TimeBaronsState, f: PassCardOp) -> None:
        """Pass a card face down to a teammate during a full relocate (TB Team
        multiplayer): it enters their hand at once. Both teammates know it; the
        opponents see only its level (the card back), and no longer know which of
        the passer's publicly known cards is still in hand."""
        p, q, cid = f["seat"], f["to"], f["card"]
        me, mate = state["players"][p], state["players"][q]
        if cid not in me["hand"]:
            return
        self._from_hand(state, p, cid)
        me["team_known"] += me["known"]  # the teammate saw which card came: the rest stays known to them
        me["known"] = []
        mate["hand"].append(cid)
        mate["team_known"].append(cid)
        log(state, f"{state['seats'][p]} passes a level {ROMAN[level(cid) - 1]} card face down to "
                   f"{state['seats'][q]}.")
        log(state, f"You pass {name(cid)} to {state['seats'][q]}.", visible_to=p)
        log(state, f"{state['seats'][p]} passes you {name(cid)}.", visible_to=q)

    def _op_place(self, state: TimeBaronsState, f: SiteCountOp) -> None:
        """Followers passed by a teammate land on the receiver's site (TB Team
        multiplayer: the receiver places them)."""
        x = site(state, f["site"])
        if x is None or threatened(x) or f["n"] <= 0:
            return
        x["f"] += f["n"]
        log(state, f"{state['seats'][x['owner']]} places {plural(f['n'], 'passed follower')} on "
                   f"{site_label(state, x['id'])}.")

    def _op_take_discard(self, state: TimeBaronsState, f: CardOp) -> None:
        p, cid = f["seat"], f["card"]
        state["discard"].remove(cid)
        state["players"][p]["hand"].append(cid)
        state["players"][p]["known"].append(cid)
        log(state, f"{state['seats'][p]} takes {name(cid)} from the discard pile.")

    def _op_tuck(self, state: TimeBaronsState, f: CardOnSiteOp) -> None:
        """Tuck a card from hand face down under a site (TB Tuck a card; R11)."""
        x = site(state, f["site"])
        p, cid = f["seat"], f["card"]
        if x is None or cid not in state["players"][p]["hand"]:
            return
        self._from_hand(state, p, cid)
        state["players"][p]["known"] = []  # which card went under is secret (TB Tuck a card)
        state["players"][p]["team_known"] = []
        x["tuck"].append([cid, p, False])
        log(state, f"{state['seats'][p]} tucks a card under {site_label(state, x['id'])}.")
        log(state, f"You tuck {name(cid)}.", visible_to=p)

    def _op_show_tucked(self, state: TimeBaronsState, f: SeatOp) -> None:
        """Pillage shows ``seat`` every tucked card: a reveal if any was face down
        and tucked by someone else (R11)."""
        if any(not public and by != f["seat"] for x in state["sites"] for _c, by, public in x["tuck"]):
            reveal(state)

    def _op_untuck(self, state: TimeBaronsState, f: UntuckOp) -> None:
        x = site(state, f["site"])
        if x is None or f["index"] >= len(x["tuck"]):
            return
        cid, _by, public = x["tuck"].pop(f["index"])
        state["players"][f["seat"]]["hand"].append(cid)
        if public:
            state["players"][f["seat"]]["known"].append(cid)
        log(state, f"{state['seats'][f['seat']]} takes a tucked card from {site_label(state, x['id'])}.")
        log(state, f"You take {name(cid)}.", visible_to=f["seat"])
        reveal(state)

    def _op_move(self, state: TimeBaronsState, f: MoveOp) -> None:
        """Move followers between a player's own sites; a relocate (R8) then opens
        the opponents' Sniper Nest / Spy Agency window. ``passed`` of them leave for
        the teammate (``mate``), who places them next (TB Team multiplayer)."""
        moved = 0
        for sid, n in f["take"]:
            x = site(state, sid)
            if x is not None:
                k = min(n, x["f"])
                x["f"] -= k
                moved += k
        moved -= min(moved, f.get("passed", 0))
        for sid, n in f["put"]:
            x = site(state, sid)
            if x is not None and moved:
                k = min(n, moved)
                x["f"] += k
                moved -= k
        if moved:  # a destination vanished: put the rest back where they came from
            for sid, _n in f["take"]:
                x = site(state, sid)
                if x is not None:
                    x["f"] += moved
                    moved = 0
                    break
        p = f["seat"]
        desc = ", ".join(f"{site_label(state, sid)} {n}" for sid, n in f["put"])
        if desc:
            log(state, f"{state['seats'][p]} moves followers: {desc}.")
        if f.get("passed"):
            log(state, f"{state['seats'][p]} passes {plural(f['passed'], 'follower')} to "
                       f"{state['seats'][f['mate']]}.")
        if f.get("relocate"):
            self._op_relocated(state, f)

    def _op_relocated(self, state: TimeBaronsState, f: SeatOp | MoveOp) -> None:
        """A relocate is finished: the mover's opponents may answer (Sniper Nest, Spy
        Agency; R8, CARDS §5)."""
        p = f["seat"]
        for q in reversed([q for q in from_active(state) if q in opponents(state, p)]):
            state["frames"].append(self._plan("w:relocated", q, mover=p, used=[]))

    def _op_steal(self, state: TimeBaronsState, f: StealOp) -> None:
        """Steal: followers leave an opponent's site for the stealer's sites (TB
        Damage: steal; not a relocate)."""
        x = site(state, f["frm"])
        if x is None:
            return
        k = 0
        for sid, n in f["put"]:
            y = site(state, sid)
            m = min(n, x["f"])
            if y is not None and m:
                x["f"] -= m
                y["f"] += m
                k += m
        log(state, f"{state['seats'][f['seat']]} steals {k} follower{'s' * (k != 1)} from "
                   f"{site_label(state, x['id'])}.")

    def _op_redirect(self, state: TimeBaronsState, f: RedirectOp) -> None:
        hit = batch_at(state, f["batch"])["hits"][f["hit"]]
        log(state, f"The damage is redirected from {site_label(state, hit[0])} to {site_label(state, f['site'])}.")
        hit[0] = f["site"]

    def _op_reduce(self, state: TimeBaronsState, f: ReduceOp) -> None:
        hit = batch_at(state, f["batch"])["hits"][f["hit"]]
        hit[1] = max(0, hit[1] - f["n"])

    def _op_prevent(self, state: TimeBaronsState, f: PreventOp) -> None:
        hit = batch_at(state, f["batch"])["hits"][f["hit"]]
        log(state, f"Force Field prevents the damage to {site_label(state, hit[0])}.")
        hit[1] = 0

    def _op_move_counters(self, state: TimeBaronsState, f: MoveCountersOp) -> None:
        a, b = site(state, f["frm"]), site(state, f["to"])
        if a is None or b is None:
            return
        n = min(f["n"], a["dmg"])
        a["dmg"] -= n
        b["dmg"] += n
        log(state, f"{n} counter{'s' * (n != 1)} moved from {site_label(state, a['id'])} to "
                   f"{site_label(state, b['id'])}.")

    def _op_remove_counters(self, state: TimeBaronsState, f: SiteCountOp) -> None:
        x = site(state, f["site"])
        if x is not None:
            n = min(f["n"], x["dmg"])
            x["dmg"] -= n
            log(state, f"{n} counter{'s' * (n != 1)} removed from {site_label(state, x['id'])}.")

    def _op_reset_site(self, state: TimeBaronsState, f: ResetSiteOp) -> None:
        x = site(state, f["site"])
        if x is not None:
            x["used"] = False

    def _op_cancel(self, state: TimeBaronsState, f: CancelOp) -> None:
        play_at(state, f["play"])["cancelled"] = f["by"]

    def _op_enter_site(self, state: TimeBaronsState, f: CardOp) -> None:
        """A site comes into play; Fort and Ark bring their followers (on-enter)."""
        cid = f["card"]
        if cid in state["limbo"]:
            state["limbo"].remove(cid)
        x = self._new_site(state, f["seat"], cid)
        log(state, f"{state['seats'][f['seat']]} builds {name(cid)}.")
        bonus = {"fort": 3, "ark": 10}.get(cid, 0)
        if bonus:
            state["frames"].append({"k": "gain", "site": x["id"], "n": bonus})

    def _op_rebuild(self, state: TimeBaronsState, f: CardOp) -> None:
        """Replicator: a discarded site enters play fresh for its new owner."""
        if f["card"] in state["discard"]:
            state["discard"].remove(f["card"])
            state["limbo"].append(f["card"])
            self._op_enter_site(state, f)

    def _op_attach(self, state: TimeBaronsState, f: CardOnSiteOp) -> None:
        """Attach a card to a site (TB Attachments); when-attached text applies."""
        x = site(state, f["site"])
        cid = f["card"]
        if cid in state["limbo"]:
            state["limbo"].remove(cid)
        if x is None:
            state["discard"].append(cid)
            return
        x["att"].append([cid, f["seat"]])
        log(state, f"{state['seats'][f['seat']]} attaches {name(cid)} to {site_label(state, x['id'])}.")
        if ffa(state) and state["hammer"] == x["owner"] != f["seat"]:
            self._take_hammer(state, f["seat"], "placing an attachment on a site of its holder")
        self._on_attach(state, x, cid)

    @staticmethod
    def _take_hammer(state: TimeBaronsState, p: int, how: str) -> None:
        """``p`` takes The Hammer from its holder (TB Free-for-all)."""
        holder = state["hammer"]
        assert holder is not None  # called only when someone holds it
        log(state, f"{state['seats'][p]} takes The Hammer from {state['seats'][holder]} by {how}.")
        state["hammer"] = p

    def _on_attach(self, state: TimeBaronsState, x: Site, cid: str) -> None:
        if cid == "fortify":
            x["dmg"] = 0
        elif cid == "conscription":
            state["frames"].append({"k": "gain", "site": x["id"], "n": 2})
        elif cid == "threat" and x["f"]:
            state["frames"].append(self._plan("evacuate", x["owner"], site=x["id"], what="Threat"))

    def _op_move_attachment(self, state: TimeBaronsState, f: MoveAttachmentOp) -> None:
        a, b = site(state, f["frm"]), site(state, f["to"])
        if a is None or b is None or f["index"] >= len(a["att"]):
            return
        att = a["att"].pop(f["index"])
        b["att"].append(att)
        log(state, f"{name(att[0])} moves from {site_label(state, a['id'])} to {site_label(state, b['id'])}.")
        self._on_attach(state, b, att[0])

    def _op_transfer_site(self, state: TimeBaronsState, f: TransferSiteOp) -> None:
        """Assimilation: the site changes owner with everything on it (CARDS §5)."""
        x = site(state, f["site"])
        if x is None:
            return
        old = x["owner"]
        x["owner"] = f["to"]
        log(state, f"{state['seats'][f['to']]} takes over {name(x['card'])} from {state['seats'][old]}.")

    # ---- playing a card ---------------------------------------------------------------
    def _op_play(self, state: TimeBaronsState, f: PlayOp) -> None:
        """Play a card (TB Play a card; R13): it leaves the hand (or the discard pile
        for Power Plant), its cost is paid, opponents may answer with Trade
        Agreement (R5); then it resolves and, for events and reactions, is discarded
        (or tucked under the Power Plant that replayed it)."""
        p, cid = f["seat"], f["card"]
        if f["phase"] == 0:
            if f["src"] == "hand":
                if cid not in state["players"][p]["hand"]:
                    return
                self._from_hand(state, p, cid)
            else:
                if cid not in state["discard"]:
                    return
                state["discard"].remove(cid)
            state["limbo"].append(cid)
            if not f["free"]:
                state["actions"] -= int(card(cid)["cost"])
            log(state, f"{state['seats'][p]} plays {name(cid)}.")
            f["phase"] = 1
            state["frames"].append(f)
            ix = len(state["frames"]) - 1
            for q in reversed([q for q in from_active(state) if q in opponents(state, p)]):
                self._peek_hand(state, q)
                if "trade_agreement" in state["players"][q]["hand"]:
                    state["frames"].append(self._plan("w:trade", q, play=ix))
            return
        if f.get("cancelled") is not None:
            state["limbo"].remove(cid)
            state["discard"].append(cid)
            log(state, f"{name(cid)} is cancelled.")
            state["frames"].append(self._plan("draw", p, lo=1, hi=level_of(state, f["cancelled"])))
            return
        state["frames"].append({"k": "finish", "seat": p, "card": cid, "pp": f.get("pp")})
        state["frames"].append(self._plan(card_planner(cid), p, card=cid, **f.get("ctx", {})))

    def _op_finish(self, state: TimeBaronsState, f: FinishOp) -> None:
        cid = f["card"]
        if cid not in state["limbo"]:
            return
        state["limbo"].remove(cid)
        pp = site(state, f["pp"]) if f["pp"] is not None else None
        if pp is not None:
            pp["tuck"].append([cid, pp["owner"], True])
            log(state, f"{name(cid)} is tucked under {site_label(state, pp['id'])}.")
        else:
            state["discard"].append(cid)

    def _op_ability_done(self, state: TimeBaronsState, f: AbilityDoneOp) -> None:
        """Sentient AI: after an ability of its site resolves, the owner may repeat
        it once for free (CARDS Sentient AI)."""
        x = site(state, f["site"])
        if x is None or f["repeat"] or x["card"] == "force_field" or not has_att(x, "sentient_ai"):
            return
        n = f["n"]
        if not conditions_met(state, x, n):
            return
        state["frames"].append(self._plan("w:sentient", x["owner"], site=x["id"], n=n, args=f["args"]))

    # ---- damage and kills (TB Damage and destruction; R3, R4) ------------------------------
    def _op_batch(self, state: TimeBaronsState, f: BatchOp) -> None:
        if f["phase"] == 0 and f["hits"]:
            f["phase"] = 1
            state["frames"].append(f)
            ix = len(state["frames"]) - 1
            owners = {x["owner"] for h in f["hits"] if (x := site(state, h[0])) is not None}
            for q in reversed([q for q in from_active(state) if q in owners]):
                state["frames"].append(self._plan("w:predamage", q, batch=ix, used_ff=[]))
            return
        self._apply_batch(state, f)

    def _apply_batch(self, state: TimeBaronsState, f: BatchOp) -> None:
        """Apply one batch at once: kills, then damage (killing on unfortified sites
        unless structural), destruction, then the after-windows (R4)."""
        killed = [0] * len(state["seats"])
        words: list[str] = []
        for sid, n in f["kills"]:
            x = site(state, sid)
            if x is None:
                continue
            k = min(n, x["f"])
            x["f"] -= k
            killed[x["owner"]] += k
            if k:
                words.append(f"{k} killed on {site_label(state, sid)}")
        dealt = [0, 0]  # to starting sites, to other sites (Oil Drilling)
        hurt = [0] * len(state["seats"])  # damage dealt to each seat's sites (The Hammer)
        for sid, n, structural in f["hits"]:
            x = site(state, sid)
            if x is None or n <= 0:
                continue
            dealt[0 if x["start"] else 1] += n
            hurt[x["owner"]] += n
            k = 0 if structural or fortified(x) else min(n, x["f"])
            x["f"] -= k
            killed[x["owner"]] += k
            x["dmg"] += n
            words.append(f"{n} {'structural ' if structural else ''}damage to {site_label(state, sid)}"
                         + (f" ({k} killed)" if k else ""))
        doomed = list(dict.fromkeys(
            [sid for sid in f["destroy"] if site(state, sid) is not None]
            + [x["id"] for x in state["sites"] if x["dmg"] >= integrity(x)]))
        lost: list[list[dict[str, Any]]] = [[] for _ in state["seats"]]
        plants: list[tuple[int, int]] = []
        for sid in doomed:
            x = site(state, sid)
            assert x is not None
            killed[x["owner"]] += x["f"]
            words.append(f"{site_label(state, sid)} is destroyed" + (f" ({x['f']} killed)" if x["f"] else ""))
            lost[x["owner"]].append({"card": x["card"], "n": level(x["card"]) + len(x["tuck"]) + len(x["att"])})
            if x["card"] == "power_plant" and x["tuck"]:
                plants.append((x["owner"], len(x["tuck"])))
            state["discard"].extend(a[0] for a in x["att"])
            state["discard"].extend(t[0] for t in x["tuck"])
            if any(not public and by != state.get("by") for _c, by, public in x["tuck"]):
                reveal(state)  # face-down tucked cards land face up (R11)
            state["discard"].append(x["card"])
            state["sites"].remove(x)
        label = f.get("label") or "Effect"
        if words:
            log(state, f"{label}: {'; '.join(words)}.")
        h, src = state["hammer"], f.get("src")
        if ffa(state) and h is not None and src is not None and src != h and (killed[h] or hurt[h]):
            self._take_hammer(state, src, "killing its holder's followers" if killed[h] else
                              "damaging a site of its holder")
        if f.get("oil") is not None:  # CARDS Oil Drilling: only damage dealt counts
            state["frames"].append({"k": "actions", "seat": f["oil"], "n": min(6, dealt[0] // 2 + dealt[1])})
        for owner, n in plants:
            state["frames"].append(self._plan("power_plant_destroyed", owner, n=n))
        for q in reversed(from_active(state)):
            args = {"k": killed[q], "lost": lost[q], "used": []}
            if args["k"] or args["lost"]:
                self._peek_hand(state, q)
            if after_options(state, q, args):
                state["frames"].append(self._plan("w:after", q, **args))

    # ---- information --------------------------------------------------------------------
    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see, level by level (card backs show the
        level): the draw stacks, the cards in other hands that ``seat`` cannot
        identify (:func:`board.hidden_to`: a card passed face down between teammates
        stays known to those two only), and cards tucked by others that are not
        public (R11), each tucked card keeping its place. Other teams' private
        knowledge is not part of what ``seat`` knows, so it is dropped
        (``team_known`` emptied). During a Pillage choice the player sees every
        tucked card, so those stay."""
        plain = _clone_for_search(state)
        new = tbs(plain)
        ask = new["ask"]
        pillage = ask is not None and ask["seat"] == seat and any(a[0] == "tucked" for a in ask["acts"])
        pools: list[list[str]] = [[] for _ in range(4)]
        hand_slots: list[tuple[int, int]] = []
        for p, pl in enumerate(new["players"]):
            if p == seat:
                continue
            mate = seat is not None and seat in team_of(new, p)
            keep = list(pl["known"]) + (list(pl["team_known"]) if mate else [])
            hidden = list(pl["hand"])
            for c in keep:
                hidden.remove(c)
            for c in hidden:
                pools[level(c) - 1].append(c)
                hand_slots.append((p, level(c)))
            pl["hand"] = sorted(keep)
            if not mate:
                pl["team_known"] = []
        tuck_slots: list[list[Any]] = []
        if not pillage:
            for x in new["sites"]:
                for t in x["tuck"]:
                    if t[1] != seat and not t[2]:
                        pools[level(t[0]) - 1].append(t[0])
                        tuck_slots.append(t)
        for i in range(4):
            pools[i] += new["stacks"][i]
            pools[i].sort()
            rng.shuffle(pools[i])
            new["stacks"][i] = [pools[i].pop() for _ in range(len(new["stacks"][i]))]
        for p, lv in sorted(hand_slots):
            new["players"][p]["hand"].append(pools[lv - 1].pop())
        for p in range(len(new["players"])):
            if p != seat:
                new["players"][p]["hand"].sort()
        for t in tuck_slots:
            t[0] = pools[level(t[0]) - 1].pop()
        if new["ask"] is not None and not new["result"]:
            self._refresh_ask(new)
        return plain

    def search_root(self, state: State) -> State:
        """A shallow copy of ``state`` marked ``lean`` (:meth:`Game.search_root`): its
        determinizations and every state a search plays from them store decisions by
        their actions alone, without labels, targets or prompts (the main phase's labels
        took about a tenth of a hard search's time)."""
        return {**state, "lean": True}

    def _refresh_ask(self, state: TimeBaronsState) -> None:
        """Recompute the pending decision (after re-dealing hidden cards)."""
        fr = state["frames"]
        if not fr:
            self.stacks.store(state, self._ask(state, state["active"], self._main_prompt(state),
                                               self.main_options(state)))
            return
        top = fr[-1]
        assert top["k"] == "plan", top  # the decision was a planner's (Need)
        ctx = Ctx(state, top)
        try:
            PLANNERS[top["fn"]](ctx)
        except Need as need:
            self.stacks.store(state, self._ask(state, need.seat, need.prompt, need.options))

    def check_invariants(self, state: State) -> None:
        """Every card is in exactly one place; counts never negative; no site at or
        past its integrity while a decision is asked; the one to act has choices; an
        eliminated seat holds nothing, not even an attachment on another's site."""
        st = tbs(state)
        counts: dict[str, int] = {}

        def add(cid: str) -> None:
            counts[cid] = counts.get(cid, 0) + 1

        for stack in st["stacks"]:
            for c in stack:
                add(c)
        for pl in st["players"]:
            for c in pl["hand"]:
                add(c)
            rest = list(pl["hand"])
            for c in pl["known"] + pl["team_known"]:
                assert c in rest, f"known card {c} not in hand"
                rest.remove(c)
            assert 1 <= pl["level"] <= 4 and pl["lof"] >= 0 and pl["forge"] >= 0
        for c in st["discard"] + st["limbo"]:
            add(c)
        for x in st["sites"]:
            add(x["card"])
            for a in x["att"]:
                add(a[0])
            for t in x["tuck"]:
                add(t[0])
            assert x["f"] >= 0 and x["dmg"] >= 0
            if st["ask"] is not None:
                assert x["dmg"] < integrity(x), f"{x['card']} should have been destroyed"
        assert counts == st["box"], f"card conservation broken: {counts} != {st['box']}"
        n = len(st["seats"])
        if st["result"] is None:
            assert st["ask"] is not None and st["ask"]["acts"], "nobody to act"
            assert all(followers(st, p) > 0 for p in range(n) if p not in st["out"])
            assert st["ask"]["seat"] not in st["out"], "an eliminated player is asked"
        for p in st["out"]:
            pl = st["players"][p]
            assert not pl["hand"] and not pl["forge"] and not sites_of(st, p), f"eliminated seat {p} holds things"
            assert not any(a[1] == p for x in st["sites"] for a in x["att"]), f"eliminated seat {p} attaches"
        assert st["hammer"] is None or (ffa(st) and st["hammer"] not in st["out"])
        if not ffa(st):
            assert not st["out"] and all(pl["forge"] == 0 for pl in st["players"])

    # ---- view ---------------------------------------------------------------------------
    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The table for ``seat``: players (own hand; others' hand sizes, levels of
        the backs and publicly known cards), sites with followers, damage,
        integrity, attachments, tucked cards (identities only for the tucker or if
        public), usable abilities, stacks, discard pile, actions, and what is being
        resolved."""
        st = tbs(state)
        players = []
        for p, pl in enumerate(st["players"]):
            mate = seat is not None and seat != p and seat in team_of(st, p)
            players.append({
                "seat": p, "name": st["seats"][p], "level": pl["level"], "followers": followers(st, p),
                "hand": list(pl["hand"]) if p == seat else None, "hand_count": len(pl["hand"]),
                "hand_levels": sorted(level(c) for c in pl["hand"]),
                "known": sorted(pl["known"] + (pl["team_known"] if mate else [])),
                "lof": pl["lof"], "team": next(i for i, t in enumerate(st["teams"]) if p in t),
                "role": seat_role(st, p), "forge": pl["forge"], "out": p in st["out"],
                "sites": len(sites_of(st, p))})
        usable: dict[int, list[int]] = {}
        if st["ask"] is not None and not st["frames"]:
            for a in st["ask"]["acts"]:
                if a[0] == "ability":
                    usable.setdefault(int(a[1]), []).append(int(a[2]))
        sites = []
        for x in st["sites"]:
            sites.append({
                "id": x["id"], "card": x["card"], "name": name(x["card"]), "owner": x["owner"], "f": x["f"],
                "dmg": x["dmg"], "integrity": integrity(x), "fortified": fortified(x), "start": x["start"], "used": x["used"],
                "att": [a[0] for a in x["att"]],
                "tuck": [{"card": t[0] if (t[1] == seat or t[2]) else None, "level": level(t[0])} for t in x["tuck"]],
                "usable": usable.get(x["id"], []), "blocked": abilities_blocked(st, x)})
        return {"players": players, "sites": sites, "stacks": [len(stack) for stack in st["stacks"]],
                "discard": list(st["discard"]), "limbo": list(st["limbo"]), "active": st["active"],
                "actions": st["actions"], "turn": st["turn"], "eod": st["eod"],
                "end_of_days_variant": st["options"]["end_of_days"], "card_set": st["dealt"],
                "pending": self._pending(st), "mode": "free_for_all" if ffa(st) else "team",
                "teams": [list(t) for t in st["teams"]], "hammer": st["hammer"], "solo": st["solo"],
                "next": None if st["result"] or st["turn"] == 0 else self.next_seat(st, st["active"]),
                "owed": self._owed(st)}

    @staticmethod
    def _owed(state: TimeBaronsState) -> dict[str, Any] | None:
        """Who decides outside their own turn now, and what about, in public words
        (a window's opening is public: R5), for the hand-off screen: ``{"seat",
        "what"}``; None when the active player decides."""
        ask = state["ask"]
        if ask is None or state["result"] or (ask["seat"] == state["active"] and state["turn"]):
            return None
        top = state["frames"][-1] if state["frames"] else None
        fn = top["fn"] if top is not None and top["k"] == "plan" else ""
        what = next((text for keys, text in OWED if any(fn.startswith(k) for k in keys)), "make a choice")
        return {"seat": ask["seat"], "what": what}

    def _pending(self, state: TimeBaronsState) -> dict[str, Any] | None:
        """The damage about to land, if a window is open on a batch."""
        for f in reversed(state["frames"]):
            if f["k"] == "batch" and f.get("phase") == 1:
                return {"hits": [list(h) for h in f["hits"]], "label": f.get("label", ""), "src": f.get("src")}
        return None

    def prompt(self, state: State, seat: int | None) -> str:
        """The pending decision's prompt for the seat deciding; a status line for others."""
        st = tbs(state)
        if st["result"]:
            return str(st["result"]["reason"])
        ask = st["ask"]
        assert ask is not None  # someone is asked until the game is over
        if ask["seat"] == seat:
            return str(ask["prompt"])
        who = st["seats"][ask["seat"]]
        if st["frames"]:
            return f"Waiting for {who} to decide."
        return f"{who} is taking their turn."

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """The label the rules gave this option."""
        st = tbs(state)
        ask = st["ask"]
        if ask is None:  # the game is over
            return str(action)
        try:
            return str(ask["labels"][ask["acts"].index(action.to_json())])
        except ValueError:
            return str(action)

    def caution(self, state: State, seat: int, action: Action) -> str | None:
        """Warns of damage (or kills) aimed at a site of ``seat``'s own side: its own or a
        teammate's (TB Team multiplayer; R16: teammates are never opponents), when the
        same decision offers something else (another site, or "Done"). A decision with
        only own sites to pick (Mine, Dilemma, Misinformation) is the card's price and
        asks nothing.

        Returns e.g. ``"This damages your own Capital."`` or ``"This damages Cy's
        Capital: Cy is your teammate."``; None for any other action.
        """
        st = tbs(state)
        ask = st["ask"]
        if ask is None or ask["seat"] != seat or action.name != "site" or not _HARM.search(ask["prompt"]):
            return None
        if _NOT_HARM.search(ask["prompt"]):
            return None
        x = site(st, int(action.args[0]))
        side = team_of(st, seat)
        if x is None or x["owner"] not in side:
            return None

        def ours(a: list[Any]) -> bool:
            y = site(st, int(a[1])) if a[0] == "site" and len(a) > 1 else None
            return y is not None and y["owner"] in side

        if all(ours(a) for a in ask["acts"]):
            return None
        verb = "kills followers on" if _KILL.search(ask["prompt"]) and not re.search(r"\bdamage\b", ask["prompt"],
                                                                                    re.I) else "damages"
        what = name(x["card"])
        if x["owner"] == seat:
            return f"This {verb} your own {what}."
        mate = st["seats"][x["owner"]]
        return f"This {verb} {mate}’s {what}: {mate} is your teammate."

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """The board element an option points at (``site:ID``, ``card:ID``,
        ``stack:L``, ``discard:ID``, ``level:SEAT``, ``seat:P``, ``forge:P``)."""
        st = tbs(state)
        ask = st["ask"]
        if ask is None:  # the game is over
            return None
        try:
            t = ask["targets"][ask["acts"].index(action.to_json())]
            return None if t is None else str(t)
        except ValueError:
            return None


GAME = TimeBarons()
