"""Time of Crisis (GMT, 2nd edition): the rules engine for 2–4 players.

Source: the GMT 2nd-edition rulebook, cited ``ToC §n`` (its FAQ as ``ToC FAQ``);
component values come from ``data/*.json`` (see :mod:`.data`).

How a turn is resolved. Everything happens on frame stacks resolved by the core's
:class:`~py_engine.core.flow.Stacks` (:attr:`TimeOfCrisis.stacks`): a stack holds frames
(``{"k": kind, ...}``, top = last) and the decision it waits for (``ask``: ``seat``,
``prompt``, ``acts``). After every decision the core steps the top frame (``step_<kind>``)
until one needs a decision, taking a single option unasked by its always-ask rule. A step
that asks changes nothing before asking, so a pending question can always be recomputed
(``determinize`` does, after re-dealing hidden cards). ``state["main"]`` is the game's
stack; ``state["trail"]`` exists only with the §6.8 speed-up variant, while the previous
player finishes Buy/Trash and End of Turn as the next one starts.

Flow keys of the state (the board is described in :mod:`.board`): ``first``
(first player), ``active`` (whose turn), ``turns`` (turns completed per seat),
``last_round``, ``result``, ``tp`` (the active player's turn: ``pts`` influence
per suit, ``played`` ``[card, event used]``, ``pg`` provinces targeted by Place
Governor, ``recalled``, ``disc`` discounts won, ``mil_fought``), ``supply``,
``trash``, ``box`` (every card of the game: conservation), ``events`` (the
event deck, top first), ``drawn``, ``lasting``,
``crisis``, ``last_battle`` and ``last_pg`` (for the view; ``last_pg`` from the
first Place Governor on). The state is typed for mypy in :mod:`.state`
(:class:`~.state.TimeOfCrisisState`, read through :func:`~.state.toc` at the
contract methods).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, ClassVar, cast

from ..core import (
    Action,
    Ending,
    Game,
    MomentKind,
    Odds,
    Option,
    Outcome,
    Rng,
    Standing,
    Standings,
    State,
    clone,
    engine_version,
    ranked,
)
from ..core.flow import WAIT, Ask, Stacks, ask_of
from ..core.game import log, reveal
from ..core.wording import a_an, possessive
from ..core.wording import plural as _plural
from . import components as D
from .board import (
    NEUTRAL,
    active_barbarians,
    armies_at,
    armies_of,
    army,
    army_units,
    barbs,
    can_add_mob,
    capital_units,
    deck_of,
    emperor,
    generals_free,
    gov,
    governed,
    governors_free,
    improvements_used,
    in_capital,
    is_pretender,
    italia,
    lasting,
    leaders_at,
    legacy_goal,
    legions_of,
    legions_on_map,
    markers_on_map,
    markers_used,
    militia_alone,
    militia_on_map,
    mob_counters,
    neutral_count,
    neutral_italia_support,
    political_points,
    pretender_provinces,
    pretenders,
    region_name,
    rivals_at,
    rivals_on_map,
    set_barbs,
    support_max,
    tribes_at,
)
from .bot import TocBot, evaluate
from .bot import evaluate_terms as bot_terms
from .combat import Combat, side_label
from .effects import (
    add_mob,
    draw_event,
    expand_pretender,
    ira_deorum,
    name_of,
    pretender_empire,
    roll,
    tribe_result,
)
from .labels import cost, describe
from .odds import battle, place_governor
from .state import (
    LEGACY_SOURCES,
    Act,
    ActionsFrame,
    Army,
    Crisis,
    CrisisFrame,
    Machine,
    OccupyFrame,
    OpeningFrame,
    PaxFrame,
    PlaceGovernorFrame,
    Player,
    Question,
    Suit,
    TimeOfCrisisState,
    TurnEndFrame,
    TurnFrame,
    TurnPlay,
    gain_legacy,
    toc,
)
from .view import board

#: The free Take Actions moves (ToC §6.3.1: into and out of a provincial capital, at no cost).
#: While the previous player finishes his turn (the §6.8 speed-up variant) and "end" is not
#: yet offered, each army makes at most one of them between the player's other choices
#: (``tp["free_moved"]`` lists those that did): a second one would only undo the first, and a
#: player with nothing else to do would otherwise never stop choosing (he waits instead).
FREE_MOVES = ("enter_capital", "leave_capital")
#: A question among hidden cards is asked even with a single option: taking it at once would
#: show the others that the hidden pile holds one kind of card (ToC §6.8, §9).
HIDDEN_PILE = True
SUIT_NAME = {"military": "Military", "senate": "Senate", "populace": "Populace"}


def _tp(seat: int) -> TurnPlay:
    return {"seat": seat, "pts": {"military": 0, "senate": 0, "populace": 0}, "played": [], "pg": [],
            "recalled": [], "disc": [], "mil_fought": []}



def _cname(cid: str) -> str:
    return D.card_name(cid)


class TimeOfCrisis(Combat, Game):
    """The Time of Crisis engine (ToC §3–§12)."""

    id = "time_of_crisis"
    title = "Time of Crisis"
    min_players = 2
    max_players = 4
    private_info = True
    state_type = TimeOfCrisisState
    blurb = "Roman families buy influence, raise legions and fight barbarians for the purple, 235–284 AD."
    options = (
        Option("short_game", "Short game", "bool", False,
               help="The last round starts when the Emperor ends his turn with 40 legacy instead of 60 (ToC §7.2)."),
        Option("speed_up", "Speed-up variant", "bool", False,
               help="The next player starts his turn while the current one buys cards and refills his hand "
                    "(ToC §6.8 variant)."),
    )
    data_notes = D.NOTES
    conformance_options = ({"short_game": True, "speed_up": True},)

    # ---- setup (ToC §3) ------------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        st = toc(state)
        n = len(st["seats"])
        su = D.setup()
        npg = su["no_place_governor"][str(n)]
        st["prov"] = {pid: {"gov": None, "sup": 0, "mobs": 0, "mil": False, "imps": [], "q": False, "mark": None,
                            "npg": pid in npg} for pid in D.provinces()}
        st["barbs"] = {}
        for t in D.tribes_in_play(n):
            set_barbs(st, D.homeland(t), t, 0, int(D.tribes()[t]["counters"]))
        start = sorted(c for c, k in su["starting_deck"].items() for _ in range(int(k)))
        players: list[Player] = []
        for _ in range(n):
            players.append({"hand": [], "known": [], "avail": list(start), "discard": [], "legacy": 0,
                            "gained": dict.fromkeys(LEGACY_SOURCES, 0), "eturns": 0,
                            "govs": [c is None for c in D.governor_costs()],
                            "gens": [c is None for c in D.general_costs()]})
        ev = su["event_deck"]
        others = sorted(e for e in D.events() if e != ev["set_aside"])
        rng.shuffle(others)
        mix = int(ev["bottom_mix"])
        bottom = others[:mix] + [ev["set_aside"]]
        rng.shuffle(bottom)
        first = rng.below(n)
        box = {c: int(D.card(c)["copies"]) for c in D.supply_cards()}
        box.update({c: n * int(k) for c, k in su["starting_deck"].items()})
        st.update({
            "leaders": {lid: "box" for lid in D.leaders()}, "rivals": {rid: "box" for rid in D.rival_emperors()},
            "armies": [], "next_army": 1, "players": players,
            "supply": {cid: int(D.card(cid)["copies"]) for cid in D.supply_cards()}, "trash": [], "box": box,
            "events": others[mix:] + bottom, "drawn": [], "lasting": [], "first": first, "active": first,
            "turns": [0] * n, "last_round": False, "result": None, "tp": _tp(first), "crisis": None,
            "last_battle": None,
            "main": {"stack": [{"k": "turn", "seat": first, "ph": "start"}, {"k": "opening", "i": 0}], "ask": None},
            "trail": None})
        log(st, f"{st['seats'][first]} is the first player.")
        self.stacks.run(st, st["main"])

    # ---- the contract -----------------------------------------------------------------------------------
    @cached_property
    def stacks(self) -> Stacks:
        """The decisions (:class:`~py_engine.core.flow.Stacks`): ``state["main"]``, and
        ``state["trail"]`` while the §6.8 speed-up variant lets the previous player finish
        Buy/Trash and End of Turn as the next one starts. Each frame kind's step is its
        ``step_<kind>`` method; a question is asked even with one option on the Take
        Actions menu (ending one's actions is a choice) and among hidden cards
        (:data:`HIDDEN_PILE`)."""
        kinds = ("opening", "turn", "crisis", "pax", "actions", "pg", "occupy", "turn_end", "battle")
        return Stacks({k: getattr(self, "step_" + k) for k in kinds}, over="result", keys=("main", "trail"))

    def to_act(self, state: State) -> list[int]:
        """The seats owing a decision: usually one; two in the speed-up variant while
        one player buys and the next takes actions (the one finishing his turn is
        listed first)."""
        return self.stacks.to_act(state)

    def _ask_for(self, state: TimeOfCrisisState, seat: int) -> tuple[Machine, Question] | None:
        """The question ``seat`` answers now; the main stack's first if both ask it."""
        found = self.stacks.asking(state, seat)
        return None if found is None else (cast(Machine, found[0]), cast(Question, found[1]))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The pending decision's options for ``seat`` (none if it is not to act)."""
        return self.stacks.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        self.stacks.answer(state, seat, action)

    def outcome(self, state: State) -> Outcome | None:
        """The winner after the last round or Diocletian (ToC §7.1)."""
        r = toc(state)["result"]
        if not r:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], tuple(float(x) for x in r["scores"]), Ending(r["ending"]))

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """Random play ends well within this many decisions (Diocletian is among the
        last four events, ToC §3.1)."""
        return 20_000

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is refused, in words."""
        found = self._ask_for(toc(state), seat)
        if found is None:
            return "It is not your decision now."
        return f"“{action}” is not one of the choices now: {found[1]['prompt']}"

    # ---- opening (ToC §3.2) -------------------------------------------------------------------------------
    def step_opening(self, state: TimeOfCrisisState, m: Machine, f: OpeningFrame, ans: Action | None) -> Ask | None:
        """ToC §3.2: the starting provinces in turn order from the first player, then the
        opening hands. The hands are secret and chosen once every province is taken, in an
        order the rules leave open (:func:`hand_order`): the last player to choose a province
        chooses his hand at once, the first player last, so that his hand leads into his
        first turn (in pass-and-play the device changes hands 2n - 2 times before it)."""
        n = len(state["seats"])
        i = f["i"]
        seat = (state["first"] + (i if i < n else hand_order(n)[i - n] if i < 2 * n else 0)) % n
        if i < n:
            if ans is None:
                opts = [["start", pid] for pid in D.provinces()
                        if pid != italia() and state["prov"][pid]["gov"] is None and not state["prov"][pid]["npg"]]
                return ask_of(seat, "Choose your starting province.", opts)
            pid = str(ans.args[0])
            su = D.setup()
            pr = state["prov"][pid]
            pr.update({"gov": seat, "sup": int(su["start_support"]), "mil": bool(su["start_forces"]["militia"])})
            self._new_army(state, seat, pid, int(su["start_forces"]["legions_full"]), cap=bool(su["start_forces"]["in_capital"]))
            log(state, f"{state['seats'][seat]} starts in {region_name(pid)}.")
            f["i"] += 1
            if f["i"] == n:
                for pr in state["prov"].values():
                    if pr["gov"] is None and not pr["npg"]:
                        pr.update({"gov": NEUTRAL, "sup": int(su["start_support"])})
                state["prov"][italia()]["sup"] = int(su["italia_start_support"][str(n)])
            return None
        if i < 2 * n:
            if ans is None:
                me = state["players"][seat]
                have = {c: me["avail"].count(c) for c in set(me["avail"])}
                ids = sorted(have, key=lambda c: D.SUITS.index(D.card(c)["suit"]))
                size = int(D.setup()["hand_size"])
                opts = [["hand", *combo] for combo in _combos([have[c] for c in ids], size)]
                return ask_of(seat, "Choose your opening hand of five cards (secretly).", opts)
            me = state["players"][seat]
            ids = sorted(set(me["avail"]), key=lambda c: D.SUITS.index(D.card(c)["suit"]))
            for c, k in zip(ids, ans.args, strict=True):
                for _ in range(int(k)):
                    me["avail"].remove(c)
                    me["hand"].append(c)
            me["hand"].sort()
            log(state, f"{state['seats'][seat]} picks an opening hand.")
            f["i"] += 1
            return None
        m["stack"].pop()
        return None

    def _new_army(self, state: TimeOfCrisisState, seat: int, pid: str, full: int, cap: bool = False) -> Army:
        a: Army = {"id": state["next_army"], "owner": seat, "at": pid, "cap": cap, "full": full, "red": 0, "foed": [],
                   "castra": False, "fought": False}
        state["next_army"] += 1
        state["armies"].append(a)
        return a

    # ---- a turn (ToC §6) -----------------------------------------------------------------------------------
    def step_turn(self, state: TimeOfCrisisState, m: Machine, f: TurnFrame, ans: Action | None) -> Ask | None:
        p = f["seat"]
        ph = f["ph"]
        if ph == "start":
            state["active"] = p
            state["tp"] = _tp(p)
            n_turn = state["turns"][p] + 1
            log(state, f"— {possessive(state['seats'][p])} turn {n_turn} —")
            self._upkeep(state, p)
            f["ph"] = "actions"
            m["stack"].append({"k": "crisis", "seat": p})
            return None
        if ph == "actions":
            for a in armies_of(state, p):
                a["fought"] = False
            f["ph"] = "after"
            m["stack"].append({"k": "actions", "seat": p})
            return None
        if ph == "after":
            self._support_check(state, p)
            expand_pretender(state, p)
            self._gain_legacy(state, p)
            m["stack"].pop()
            self._start_buy(state, m, p)
            return None
        raise AssertionError(ph)

    def _upkeep(self, state: TimeOfCrisisState, p: int) -> None:
        """ToC §6.1: the player's Quaestors and Castra markers go."""
        for pid in governed(state, p):
            state["prov"][pid]["q"] = False
        for a in armies_of(state, p):
            a["castra"] = False

    def _start_buy(self, state: TimeOfCrisisState, m: Machine, p: int) -> None:
        """ToC §6.7 begins: played cards go to the discard pile. With the §6.8 variant
        the next player's turn starts now, unless this turn ends the game."""
        me = state["players"][p]
        tp = state["tp"]
        me["discard"].extend(c for c, _ in tp["played"])
        tp["played"] = []
        frame: TurnEndFrame = {"k": "turn_end", "seat": p, "ph": "buy", "pp": political_points(state, p),
                               "bought": 0, "disc": list(tp["disc"])}
        n = len(state["seats"])
        if state["options"]["speed_up"] and not self._last_turn(state, p) and state["trail"] is None:
            state["trail"] = {"stack": [frame], "ask": None}
            m["stack"].append({"k": "turn", "seat": (p + 1) % n, "ph": "start"})
            log(state, f"{state['seats'][(p + 1) % n]} starts while {state['seats'][p]} buys (speed-up variant).")
        else:
            m["stack"].append(frame)

    @staticmethod
    def _last_turn(state: TimeOfCrisisState, p: int) -> bool:
        """True if ``p``'s turn, past Gain Legacy, is the game's last (ToC §7.1): the last
        round is on, or this Emperor's legacy starts it when his turn ends, and every other
        seat has had one turn more than ``p`` so far. No turn starts after it, not even with
        the §6.8 variant."""
        last = state["last_round"] or (emperor(state) == p and state["players"][p]["legacy"] >= legacy_goal(state))
        turns = state["turns"]
        return last and all(t == turns[p] + 1 for q, t in enumerate(turns) if q != p)

    # ---- crisis (ToC §6.2, §9) ---------------------------------------------------------------------------
    def step_crisis(self, state: TimeOfCrisisState, m: Machine, f: CrisisFrame, ans: Action | None) -> Ask | None:
        p = f["seat"]
        m["stack"].pop()
        n = len(state["seats"])
        white, black = roll(state), roll(state)
        res = D.crisis_result(n, white, black)
        info: Crisis = {"seat": p, "white": white, "black": black, "result": res}
        state["crisis"] = info
        label = D.tribes()[res]["name"] if res in D.tribes() else res.replace("_", " ").title()
        log(state, f"Crisis roll {white}+{black}: {label}.")
        if res in D.tribes():
            if res in D.tribes_in_play(n):
                info["invasion"] = tribe_result(state, res)
        elif res == "ira_deorum":
            ira_deorum(state)
        elif res == "pax_deorum":
            log(state, "Pax Deorum: every player takes one card from the Available Pile.")
            m["stack"].append({"k": "pax", "i": 0})
        elif res == "event":
            eid = draw_event(state)
            info["event"] = eid
            reveal(state)
            if eid is not None and D.events()[eid]["kind"] == "game_end":
                self._finish(state, "Diocletian was drawn: the game ends at once (ToC §7.1).")
        else:
            raise ValueError(f"unknown crisis result {res!r}")
        return None

    def step_pax(self, state: TimeOfCrisisState, m: Machine, f: PaxFrame, ans: Action | None) -> Ask | None:
        """Pax Deorum (ToC §9): each player, from the active one round the table,
        secretly takes one card from his Available Pile (an empty pile first takes
        the discard pile, as when refilling, ToC §6.8; with neither, nothing)."""
        n = len(state["seats"])
        while f["i"] < n:
            seat = (state["active"] + f["i"]) % n
            me = state["players"][seat]
            if not me["avail"]:
                self._reshuffle(state, seat)
            if not me["avail"]:
                f["i"] += 1
                continue
            if ans is None:
                return ask_of(seat, "Pax Deorum: take one card from your Available Pile into your hand.",
                              [["take", c] for c in sorted(set(me["avail"]), key=_card_order)], always=HIDDEN_PILE)
            self._take(state, seat, str(ans.args[0]))
            ans = None
            f["i"] += 1
        m["stack"].pop()
        return None

    def _reshuffle(self, state: TimeOfCrisisState, seat: int) -> None:
        """An empty Available Pile takes the discard pile (ToC §6.8); every card left in
        the hand is then known to all."""
        me = state["players"][seat]
        if me["avail"] or not me["discard"]:
            return
        me["avail"] = sorted(me["discard"])
        me["discard"] = []
        me["known"] = sorted(me["hand"])
        reveal(state)
        log(state, f"{possessive(state['seats'][seat])} discard pile becomes the Available Pile.")

    def _take(self, state: TimeOfCrisisState, seat: int, cid: str) -> None:
        me = state["players"][seat]
        me["avail"].remove(cid)
        me["hand"].append(cid)
        me["hand"].sort()
        log(state, f"{state['seats'][seat]} takes a card.")

    # ---- Take Actions (ToC §6.3) -------------------------------------------------------------------------
    def step_actions(self, state: TimeOfCrisisState, m: Machine, f: ActionsFrame, ans: Action | None) -> Ask | None:
        p = f["seat"]
        if ans is None:
            occ = self._occupation(state, p)
            if occ is not None:
                m["stack"].append({"k": "occupy", "seat": p, "prov": occ, "done": False})
                return None
            opts = self.main_options(state, p)
            if state["trail"] is not None:
                opts = [o for o in opts if o[0] != "end"]
                if not opts:
                    return WAIT  # until the previous player is done (§6.8)
            pts = state["tp"]["pts"]
            return ask_of(p, f"{state['seats'][p]}: take actions — {pts['military']} Military, {pts['senate']} Senate, "
                             f"{pts['populace']} Populace points.", opts, always=True)
        self._do(state, m, p, ans)
        return None

    def main_options(self, state: TimeOfCrisisState, p: int) -> list[Act]:
        """Every Take Actions choice of ``p`` as JSON actions (ToC §6.3): play a card,
        use a played card's event, the Military, Senate and Populace actions, or end."""
        tp = state["tp"]
        pts = tp["pts"]
        mil, sen, pop = pts["military"], pts["senate"], pts["populace"]
        me = state["players"][p]
        prov = state["prov"]
        mine = governed(state, p)
        out: list[Act] = [["play", cid] for cid in sorted(set(me["hand"]), key=_card_order)]
        out += self._event_options(state, p, mine)
        regions = D.regions()
        # Military (ToC §6.3.1)
        if mil >= 1:
            for i, cost in enumerate(D.general_costs()):
                if cost is not None and not me["gens"][i] and cost <= mil:
                    out.append(["recruit_general", i])
        legions_left = legions_on_map(state) < D.limit("legions")
        mine_armies = [a for a in state["armies"] if a["owner"] == p]
        if mil >= 1 and legions_left and sum(me["gens"]) > len(mine_armies):
            out += [["create_army", pid] for pid in mine]
        for a in mine_armies:
            aid, at = a["id"], a["at"]
            if at in mine and legions_left and a["full"] + a["red"] + 1 <= mil:
                out.append(["add_legion", aid])
            if a["red"] and mil >= 1:
                out.append(["train", aid])
            if not a["fought"]:
                if mil >= 1:
                    for dest, d in D.distances(at).items():
                        if 0 < d <= mil and regions[dest]["type"] != "sea":
                            out.append(["move", aid, dest])
                pr = prov.get(at)
                waiting = state["trail"] is not None and aid in tp.get("free_moved", ())
                if pr is not None and not waiting:
                    if a["cap"]:
                        out.append(["leave_capital", aid])
                    elif in_capital(state, at) is None and (not pr["mil"] or pr["gov"] == p):
                        out.append(["enter_capital", aid])
                if mil >= 1:
                    out += [["battle", f"army:{aid}", t] for t in self._battle_targets(state, p, at)]
            if at in mine and prov[at]["mobs"] and mil >= 1:
                out.append(["disperse", aid])
        if mil >= 1:
            for pid in mine:
                if prov[pid]["mil"] and pid not in tp["mil_fought"] and militia_alone(state, pid):
                    out += [["battle", f"militia:{pid}", t] for t in self._battle_targets(state, p, pid)]
        # Senate (ToC §6.3.2)
        if sen >= 1:
            for i, cost in enumerate(D.governor_costs()):
                if cost is not None and not me["govs"][i] and cost <= sen:
                    out.append(["recruit_governor", i])
            if sum(me["govs"]) > len(mine):
                out += [["place_governor", pid] for pid in D.provinces() if self._pg_allowed(state, p, pid)]
        if sen >= D.rule("recall_cost"):
            out += [["recall", pid] for pid in mine]
        # Populace (ToC §6.3.3)
        if pop >= 1:
            it = italia()
            mil_ok = pop >= D.rule("militia_cost") and militia_on_map(state) < D.limit("militia")
            for pid in mine:
                pr = prov[pid]
                if pid != it and pr["sup"] < support_max(pid) and pop >= pr["sup"] + 1:
                    out.append(["support", pid])
                if mil_ok and not pr["mil"] and not self._enemy_in_capital(state, pid, p):
                    out.append(["militia", pid])
                if pr["mobs"] and pop >= D.rule("games_cost"):
                    out.append(["games", pid])
                if pop >= D.rule("build_cost") and self._can_build(state, pid, p):
                    for imp in D.improvements():
                        if imp not in pr["imps"] and improvements_used(state, imp) < D.improvement_limit(imp):
                            out.append(["build", pid, imp])
        out.append(["end"])
        return out

    @staticmethod
    def _suit_penalty(state: TimeOfCrisisState) -> dict[str, int]:
        pen: dict[str, int] = {}
        for ev in lasting(state, "suit_penalty"):
            pen[ev["params"]["suit"]] = pen.get(ev["params"]["suit"], 0) + int(ev["params"]["penalty"])
        return pen

    @staticmethod
    def _enemy_in_capital(state: TimeOfCrisisState, pid: str, p: int) -> bool:
        a = in_capital(state, pid)
        return a is not None and a["owner"] != p

    def _can_build(self, state: TimeOfCrisisState, pid: str, p: int) -> bool:
        """ToC §6.3.3: no Mob, active barbarians, Rival Emperor or other player's
        army in the capital."""
        pr = state["prov"][pid]
        return not (pr["mobs"] or active_barbarians(state, pid) or rivals_at(state, pid)
                    or self._enemy_in_capital(state, pid, p))

    @staticmethod
    def _battle_targets(state: TimeOfCrisisState, p: int, region: str) -> list[str]:
        """Enemies ``p`` may attack in ``region`` (ToC §6.3.1 Initiate Battle, ToC §4
        Army, FAQ: active barbarians in their homeland)."""
        out = [f"army:{a['id']}" for a in armies_at(state, region) if a["owner"] != p]
        pr = state["prov"].get(region)
        if pr is not None and militia_alone(state, region) and pr["gov"] != p:
            out.append(f"militia:{region}")
        home = D.regions()[region]["type"] == "homeland"
        for t in tribes_at(state, region):
            a, i = barbs(state, region, t)
            if a or (i and not home) or leaders_at(state, region, t):
                out.append(f"tribe:{t}")
        out += [f"rival:{r}" for r in rivals_at(state, region)]
        return out

    def _pg_allowed(self, state: TimeOfCrisisState, p: int, pid: str) -> bool:
        """ToC §6.3.2, §3.3, §12.1: a Place Governor target."""
        pr = state["prov"][pid]
        tp = state["tp"]
        return (pr["gov"] != p and not pr["npg"] and not pr["mark"] and pid not in tp["pg"]
                and pid not in tp["recalled"])

    def votes_needed(self, state: TimeOfCrisisState, p: int, pid: str) -> int:
        """Votes to replace the governor of ``pid`` (ToC §6.3.2): twice the support,
        +1 per unit of the governor in the capital, −1 per unit of ``p`` there (at
        least 1); a Quaestor adds its votes (data)."""
        pr = state["prov"][pid]
        g = pr["gov"]
        need = 2 * pr["sup"] + capital_units(state, pid, g) - capital_units(state, pid, p)
        need = max(1, need)
        if pr["q"] and g is not None and g >= 0 and g != p:
            need += int(D.param("quaestor", "votes_added"))
        return int(need)

    def _event_options(self, state: TimeOfCrisisState, p: int, mine: list[str]) -> list[Act]:
        """Events of played cards not yet used (ToC §5.2; card texts in the data)."""
        tp = state["tp"]
        ready = {c for c, used in tp["played"] if not used}
        if not ready:
            return []
        out: list[Act] = []
        prov = state["prov"]
        markers_left = markers_on_map(state) < D.limit("quaestor_castra_markers")
        if "castra" in ready and markers_left:
            which = D.param("castra", "armies")
            out += [["castra", a["id"]] for a in armies_of(state, p)
                    if not a["castra"] and (which == "general" or (which == "governed" and a["at"] in mine))]
        if "praetorian_guard" in ready:
            pg_suit: Suit = D.param("praetorian_guard", "suit")
            if tp["pts"][pg_suit] >= 1:
                pid = D.param("praetorian_guard", "target")
                ok = self._pg_allowed(state, p, pid) and governors_free(state, p) > 0
                if ok and D.param("praetorian_guard", "needs_army_in_italia"):
                    ok = any(a["at"] == pid for a in armies_of(state, p))
                if ok:
                    out.append(["praetorian"])
        if "tribute" in ready:
            kinds = D.param("tribute", "regions")
            for rid, tribes in state["barbs"].items():
                if kinds == "any" or D.regions()[rid]["type"] == kinds:
                    out += [["tribute", rid, t] for t, (act, _i) in tribes.items() if act]
        if "foederati" in ready:
            reach = int(D.param("foederati", "reach"))
            inactive_ok = bool(D.param("foederati", "inactive_allowed"))
            for a in armies_of(state, p):
                near = [a["at"]] + (list(D.adjacent(a["at"])) if reach >= 1 else [])
                for rid in near:
                    for t, (act, ina) in sorted(state["barbs"].get(rid, {}).items()):
                        if act:
                            out.append(["foederati", a["id"], rid, t, "active"])
                        if ina and inactive_ok:
                            out.append(["foederati", a["id"], rid, t, "inactive"])
        if "quaestor" in ready and markers_left:
            out += [["quaestor", pid] for pid in mine if not prov[pid]["q"]]
        if "mob" in ready:
            others = D.param("mob", "targets") == "other_players"
            out += [["mob", pid] for pid in D.provinces() if can_add_mob(state, pid) and (
                not others or ((g := prov[pid]["gov"]) is not None and g >= 0 and g != p))]
        if ("pretender" in ready and emperor(state) != p and not is_pretender(state, p)
                and markers_used(state, p) < D.limit("seat_of_power_breakaway_per_player")):
            need = int(D.param("pretender", "min_support"))
            out += [["pretender", pid] for pid in mine
                    if pid != italia() and prov[pid]["sup"] >= need and not prov[pid]["mark"]]
        return out

    def _use_event(self, state: TimeOfCrisisState, cid: str) -> None:
        for entry in state["tp"]["played"]:
            if entry[0] == cid and not entry[1]:
                entry[1] = True
                return
        raise AssertionError(f"no unused {cid}")

    def _do(self, state: TimeOfCrisisState, m: Machine, p: int, a: Action) -> None:
        """Carry out a Take Actions choice (costs per ToC §6.3)."""
        tp = state["tp"]
        pts = tp["pts"]
        me = state["players"][p]
        prov = state["prov"]
        who = state["seats"][p]
        name = a.name
        args = a.args
        if name in FREE_MOVES:
            if state["trail"] is not None:
                tp.setdefault("free_moved", []).append(int(args[0]))
        else:
            tp.pop("free_moved", None)
        if name == "end":
            log(state, f"{who} ends the actions.")
            m["stack"].pop()
        elif name == "play":
            cid = str(args[0])
            me["hand"].remove(cid)
            if cid in me["known"]:
                me["known"].remove(cid)
            c = D.card(cid)
            suit: Suit = c["suit"]
            v = max(0, int(c["value"]) - self._suit_penalty(state).get(suit, 0))
            pts[suit] += v
            tp["played"].append([cid, c["value"] == 1])
            log(state, f"{who} plays {c['name']} (+{v} {SUIT_NAME[c['suit']]}).")
        elif name in ("recruit_general", "recruit_governor"):
            i = int(args[0])
            general = name == "recruit_general"
            cost = (D.general_costs() if general else D.governor_costs())[i]
            assert cost is not None
            pts["military" if general else "senate"] -= cost
            me["gens" if general else "govs"][i] = True
            log(state, f"{who} recruits a {'general' if general else 'governor'}.")
        elif name == "create_army":
            pid = str(args[0])
            pts["military"] -= 1
            self._new_army(state, p, pid, 1)
            log(state, f"{who} raises an army in {region_name(pid)}.")
        elif name == "add_legion":
            ar = army(state, int(args[0]))
            assert ar is not None
            pts["military"] -= ar["full"] + ar["red"] + 1
            ar["full"] += 1
            log(state, f"{who} adds a legion to the army in {region_name(ar['at'])}.")
        elif name == "train":
            ar = army(state, int(args[0]))
            assert ar is not None
            pts["military"] -= 1
            ar["red"] -= 1
            ar["full"] += 1
            log(state, f"{who} trains a legion in {region_name(ar['at'])}.")
        elif name == "move":
            ar = army(state, int(args[0]))
            assert ar is not None
            dest = str(args[1])
            pts["military"] -= D.distances(ar["at"])[dest]
            log(state, f"{possessive(who)} army moves from {region_name(ar['at'])} to {region_name(dest)}.")
            ar.update({"at": dest, "cap": False, "castra": False})
        elif name in ("enter_capital", "leave_capital"):
            ar = army(state, int(args[0]))
            assert ar is not None
            ar["cap"] = name == "enter_capital"
            ar["castra"] = False
            log(state, f"{possessive(who)} army {'enters' if ar['cap'] else 'leaves'} the capital of {region_name(ar['at'])}.")
        elif name == "battle":
            pts["military"] -= 1
            att, dfn = str(args[0]), str(args[1])
            region = army(state, int(att[5:]))["at"] if att.startswith("army:") else att[8:]  # type: ignore[index]
            log(state, f"{who} attacks {side_label(state, dfn)} in {region_name(region)}.")
            m["stack"].append(self.new_battle(state, p, att, dfn, region))
        elif name == "disperse":
            ar = army(state, int(args[0]))
            assert ar is not None
            pts["military"] -= 1
            pr = prov[ar["at"]]
            k = min(pr["mobs"], army_units(state, ar))
            pr["mobs"] -= k
            pr["sup"] = max(0, pr["sup"] - 1)
            log(state, f"{who} disperses {k} mob{'s' * (k != 1)} in {region_name(ar['at'])} (support now {pr['sup']}).")
        elif name == "place_governor":
            pid = str(args[0])
            tp["pg"].append(pid)
            m["stack"].append({"k": "pg", "seat": p, "prov": pid, "suit": "senate"})
        elif name == "praetorian":
            self._use_event(state, "praetorian_guard")
            pid = D.param("praetorian_guard", "target")
            tp["pg"].append(pid)
            log(state, f"{who} calls on the Praetorian Guard.")
            m["stack"].append({"k": "pg", "seat": p, "prov": pid, "suit": D.param("praetorian_guard", "suit")})
        elif name == "recall":
            pid = str(args[0])
            pts["senate"] -= int(D.rule("recall_cost"))
            tp["recalled"].append(pid)
            self._to_neutral(state, pid)
            log(state, f"{who} recalls the governor of {region_name(pid)}.")
        elif name == "support":
            pid = str(args[0])
            pts["populace"] -= prov[pid]["sup"] + 1
            prov[pid]["sup"] += 1
            log(state, f"{who} raises support in {region_name(pid)} to {prov[pid]['sup']}.")
        elif name == "militia":
            pid = str(args[0])
            pts["populace"] -= int(D.rule("militia_cost"))
            prov[pid]["mil"] = True
            log(state, f"{who} raises a Militia in {region_name(pid)}.")
        elif name == "games":
            pid = str(args[0])
            pts["populace"] -= int(D.rule("games_cost"))
            prov[pid]["mobs"] -= 1
            log(state, f"{who} holds games in {region_name(pid)}.")
        elif name == "build":
            pid, imp = str(args[0]), str(args[1])
            pts["populace"] -= int(D.rule("build_cost"))
            prov[pid]["imps"].append(imp)
            log(state, f"{who} builds {a_an(D.improvements()[imp])} in {region_name(pid)}.")
        elif name == "castra":
            self._use_event(state, "castra")
            ar = army(state, int(args[0]))
            assert ar is not None
            ar["castra"] = True
            log(state, f"{who} fortifies the army in {region_name(ar['at'])} (Castra).")
        elif name == "tribute":
            self._use_event(state, "tribute")
            rid, t = str(args[0]), str(args[1])
            act, ina = barbs(state, rid, t)
            set_barbs(state, rid, t, 0, act + ina)
            log(state, f"{who} pays Tribute: {act} {D.tribes()[t]['name']} in {region_name(rid)} turn inactive.")
        elif name == "foederati":
            self._use_event(state, "foederati")
            ar = army(state, int(args[0]))
            assert ar is not None
            rid, t, side = str(args[1]), str(args[2]), str(args[3])
            act, ina = barbs(state, rid, t)
            set_barbs(state, rid, t, act - (side == "active"), ina - (side == "inactive"))
            if len(ar["foed"]) < ar["full"] + ar["red"]:
                ar["foed"].append(t)
                log(state, f"{who} enlists {a_an(D.tribes()[t]['name'][:-1])} from {region_name(rid)} as Foederati.")
            else:
                home = D.homeland(t)
                h_act, h_ina = barbs(state, home, t)
                set_barbs(state, home, t, h_act, h_ina + 1)
                log(state, f"{who} sends {a_an(D.tribes()[t]['name'][:-1])} from {region_name(rid)} home (Foederati).")
        elif name == "quaestor":
            self._use_event(state, "quaestor")
            prov[str(args[0])]["q"] = True
            log(state, f"{who} places a Quaestor in {region_name(str(args[0]))}.")
        elif name == "mob":
            self._use_event(state, "mob")
            pid = str(args[0])
            k = add_mob(state, pid, int(D.param("mob", "mobs_added")))
            log(state, f"{who} stirs {k} mob{'s' * (k != 1)} in {region_name(pid)}.")
        elif name == "pretender":
            self._use_event(state, "pretender")
            cap = str(args[0])
            empire = pretender_empire(state, p, cap)
            prov[cap]["mark"] = "sop"
            for pid in empire[1:]:
                prov[pid]["mark"] = "brk"
            log(state, f"{who} claims the purple: Seat of Power in {region_name(cap)}"
                       + (f", Breakaway {', '.join(region_name(x) for x in empire[1:])}" if empire[1:] else "") + ".")
        else:
            raise AssertionError(f"unknown action {a}")

    # ---- Place Governor (ToC §6.3.2) -------------------------------------------------------------------------
    def step_pg(self, state: TimeOfCrisisState, m: Machine, f: PlaceGovernorFrame, ans: Action | None) -> Ask | None:
        p, pid, suit = f["seat"], f["prov"], f["suit"]
        tp = state["tp"]
        if f.get("stage", "amount") == "amount":
            extra = self._basilica_dice(state, p) if pid == italia() else 0
            need = self.votes_needed(state, p, pid)
            have = tp["pts"][suit]
            if ans is None:
                return ask_of(p, f"Place Governor in {region_name(pid)}: {_plural(need, 'vote')} needed. How many "
                                 f"{SUIT_NAME[suit]} points will you spend?"
                              + (f" (+{_plural(extra, 'Basilica die')})" if extra else ""),
                              [["spend", k] for k in range(1, have + 1)])
            k = int(ans.args[0])
            tp["pts"][suit] -= k
            neutral = gov(state, pid) == NEUTRAL
            votes, faces = 0, []
            dice = k + extra
            while dice:
                d = roll(state)
                faces.append(d)
                dice -= 1
                if d >= 2 or neutral:
                    votes += 1
                if d == 6:
                    dice += 1
            ok = votes >= need
            f.update({"stage": "damnatio", "votes": votes, "faces": faces, "need": need, "ok": ok})
            state["last_pg"] = {"seat": p, "prov": pid, "faces": faces, "votes": votes, "need": need, "ok": ok}
            log(state, f"{state['seats'][p]} seeks {region_name(pid)}: dice {faces}, {votes} of {_plural(need, 'vote')} — "
                       f"{'success' if ok else 'failure'}.")
            if ok:
                old = gov(state, pid)
                f["old"] = old
                self._place_governor(state, p, pid)
            return None
        dm = [c for c, used in tp["played"] if c == "damnatio_memoriae" and not used]
        old = f.get("old")
        if (f["ok"] and pid == italia() and dm and old is not None and old >= 0 and old != p
                and D.param("damnatio_memoriae", "effect") == "reset_emperor_turns"):
            if ans is None:
                return ask_of(p, f"Use Damnatio Memoriae on {state['seats'][old]}?",
                              [["damnatio", "yes"], ["damnatio", "no"]])
            if ans.args[0] == "yes":
                self._use_event(state, "damnatio_memoriae")
                state["players"][old]["eturns"] = 0
                log(state, f"Damnatio Memoriae: {possessive(state['seats'][old])} Emperor Turns are erased.")
        m["stack"].pop()
        return None

    @staticmethod
    def _basilica_dice(state: TimeOfCrisisState, p: int) -> int:
        """ToC §6.3.3 Basilica: one die per governed province with a Basilica."""
        return sum(1 for pid in governed(state, p) if "basilica" in state["prov"][pid]["imps"])

    def _place_governor(self, state: TimeOfCrisisState, p: int, pid: str) -> None:
        """A successful Place Governor (ToC §6.3.2)."""
        was_emperor = emperor(state) == p
        pr = state["prov"][pid]
        self._replace(state, pid, p, max(1, pr["sup"] - 1))
        if pid == italia():
            pr["sup"] = min(support_max(pid), len(governed(state, p)))
            log(state, f"{state['seats'][p]} is the new Emperor (Italia support {pr['sup']}).")
        elif was_emperor:
            it = state["prov"][italia()]
            it["sup"] = min(support_max(italia()), it["sup"] + 1)

    def _replace(self, state: TimeOfCrisisState, pid: str, new: int | None, sup: int, batch: bool = False) -> None:
        """The governor of ``pid`` is replaced (ToC §6.3.2, §11.2, §12.2): mobs,
        Militia and Quaestor go, a Pretender marker goes (a Seat of Power takes the
        owner's Breakaways with it); an Emperor losing a governor loses 1 Italia
        support at once (unless ``batch``: the Support Check counts them itself).
        With no Neutral governor left (ToC §2: 8 counters) the province stays empty."""
        pr = state["prov"][pid]
        old = pr["gov"]
        emp = emperor(state)
        if pr["mark"] == "sop":
            for q in state["prov"].values():
                if q["gov"] == old and q["mark"] == "brk":
                    q["mark"] = None
        pr.update({"mark": None, "mobs": 0, "mil": False, "q": False})
        if new == NEUTRAL and old != NEUTRAL and neutral_count(state) >= D.limit("neutral_governors"):
            new = None
        pr["gov"] = new
        pr["sup"] = sup
        if old is not None and old >= 0 and old == emp and pid != italia() and not batch:
            it = state["prov"][italia()]
            it["sup"] = max(0, it["sup"] - 1)

    def _to_neutral(self, state: TimeOfCrisisState, pid: str, batch: bool = False) -> None:
        """A Neutral governor on support 1 (in Italia: support = Neutral provinces,
        ToC §6.4)."""
        self._replace(state, pid, NEUTRAL, 1, batch)
        if pid == italia():
            state["prov"][pid]["sup"] = neutral_italia_support(state)

    # ---- occupation of a Pretender capital (ToC §12.2) ----------------------------------------------------------
    @staticmethod
    def _occupation(state: TimeOfCrisisState, p: int) -> str | None:
        for a in armies_of(state, p):
            pr = state["prov"].get(a["at"])
            if a["cap"] and pr is not None and pr["mark"] and pr["gov"] != p:
                return str(a["at"])
        return None

    def step_occupy(self, state: TimeOfCrisisState, m: Machine, f: OccupyFrame, ans: Action | None) -> Ask | None:
        p, pid = f["seat"], f["prov"]
        pr = state["prov"][pid]
        if not f["done"]:
            old, kind = pr["gov"], pr["mark"]
            self._replace(state, pid, None, 1)
            f["done"] = True
            log(state, f"{state['seats'][p]} occupies {region_name(pid)}: the "
                       f"{'Seat of Power' if kind == 'sop' else 'Breakaway'} falls and {possessive(name_of(state, old))} governor goes home.")
        opts: list[Act] = [["occupy", "mine"]] if governors_free(state, p) > 0 else []
        opts.append(["occupy", "neutral"])
        if ans is None:
            return ask_of(p, f"{region_name(pid)} is free: whose governor?", opts)
        choice = ans.args[0]
        if choice == "mine":
            pr.update({"gov": p, "sup": 1})
        else:
            self._to_neutral(state, pid)
        m["stack"].pop()
        return None

    # ---- Support Check, Expand, Gain Legacy (ToC §6.4–§6.6) ----------------------------------------------------
    def _support_check(self, state: TimeOfCrisisState, p: int) -> None:
        prov = state["prov"]
        was_emperor = emperor(state) == p
        hurt = []
        for pid in governed(state, p):
            pr = prov[pid]
            ar = in_capital(state, pid)
            if active_barbarians(state, pid) or rivals_at(state, pid) or (ar is not None and ar["owner"] != p):
                pr["sup"] = max(0, pr["sup"] - 1)
                hurt.append(pid)
        if was_emperor and (any(q != p for q in pretenders(state)) or rivals_on_map(state)):
            it = prov[italia()]
            it["sup"] = max(0, it["sup"] - 1)
            hurt.append(italia() + " (Emperor)")
        if hurt:
            log(state, f"Support check: {state['seats'][p]} loses support in "
                       f"{', '.join(region_name(h.split(' ')[0]) for h in hurt)}.")
        lost = [pid for pid in governed(state, p) if prov[pid]["sup"] == 0 or prov[pid]["mobs"] >= prov[pid]["sup"]]
        # the governors lost in one check go together: Italia's new support counts the Neutral
        # provinces once all of them are replaced, whatever their map order (ToC §6.4, as §3.2)
        for pid in lost:
            self._replace(state, pid, NEUTRAL, 1, batch=True)
        if italia() in lost:
            prov[italia()]["sup"] = neutral_italia_support(state)
        if lost:
            log(state, f"{state['seats'][p]} loses the governor{'s' * (len(lost) > 1)} of "
                       f"{', '.join(region_name(x) for x in lost)}.")
        if emperor(state) == p and lost:
            it = prov[italia()]
            it["sup"] = max(0, it["sup"] - len(lost))
            if it["sup"] == 0:
                self._to_neutral(state, italia(), batch=True)
                log(state, f"{state['seats'][p]} is deposed: Italia's support is gone.")

    def _gain_legacy(self, state: TimeOfCrisisState, p: int) -> None:
        """ToC §6.6, each part counted under its source (:data:`LEGACY_SOURCES`)."""
        me = state["players"][p]
        prov = state["prov"]
        before = me["legacy"]
        if is_pretender(state, p) and pretenders(state) == [p]:
            gain_legacy(me, "pretender", sum(1 for pid in governed(state, p) if prov[pid]["mark"]))
        if emperor(state) == p:
            for pid in governed(state, p):
                if prov[pid]["mark"] == "sop":
                    for q in prov.values():
                        if q["gov"] == p and q["mark"] == "brk":
                            q["mark"] = None
                prov[pid]["mark"] = None
            gain_legacy(me, "emperor", max(0, prov[italia()]["sup"] - len(pretender_provinces(state))))
            if not pretenders(state) and not rivals_on_map(state):
                me["eturns"] += 1
        mine = governed(state, p)
        gain_legacy(me, "provinces", len(mine))
        gain_legacy(me, "improvements", sum(len(prov[pid]["imps"]) for pid in mine))
        log(state, f"{state['seats'][p]} gains {me['legacy'] - before} legacy (now {me['legacy']}).")

    # ---- Buy/Trash and End of Turn (ToC §6.7, §6.8) ----------------------------------------------------------
    def price(self, state: TimeOfCrisisState, p: int, cid: str, bought: int, disc: Sequence[str], n_gov: int | None = None) -> int:
        """ToC §5.3: value (double above the provinces governed) + cards bought this
        turn; a beaten leader / Rival Emperor takes 2 off the first card of its suit."""
        c = D.card(cid)
        v = int(c["value"])
        if n_gov is None:
            n_gov = len(governed(state, p))
        base = v if v <= n_gov else 2 * v
        cost = base + bought - (2 if c["suit"] in disc else 0)
        return max(0, cost)

    def step_turn_end(self, state: TimeOfCrisisState, m: Machine, f: TurnEndFrame, ans: Action | None) -> Ask | None:
        p = f["seat"]
        me = state["players"][p]
        if f["ph"] == "buy":
            if ans is None:
                opts: list[Act] = []
                if f["pp"] > 0 or f["disc"]:
                    n_gov = len(governed(state, p))
                    supply = state["supply"]
                    opts += [["buy", cid] for cid in D.supply_cards()
                             if supply[cid] > 0 and self.price(state, p, cid, f["bought"], f["disc"], n_gov) <= f["pp"]]
                if f["pp"] >= D.rule("trash_cost"):
                    opts += [["trash", cid] for cid in sorted(set(me["discard"]), key=_card_order)]
                opts += [["discard", cid] for cid in sorted(set(me["hand"]), key=_card_order)]
                opts.append(["done"])
                return ask_of(p, f"Buy or trash cards: {_plural(f['pp'], 'political point')}.", opts)
            cid = str(ans.args[0]) if ans.args else ""
            if ans.name == "buy":
                cost = self.price(state, p, cid, f["bought"], f["disc"])
                suit = D.card(cid)["suit"]
                if suit in f["disc"]:
                    f["disc"].remove(suit)
                f["pp"] -= cost
                f["bought"] += 1
                state["supply"][cid] -= 1
                me["discard"].append(cid)
                log(state, f"{state['seats'][p]} buys {_cname(cid)} for {cost}.")
            elif ans.name == "trash":
                f["pp"] -= int(D.rule("trash_cost"))
                me["discard"].remove(cid)
                state["trash"].append(cid)
                log(state, f"{state['seats'][p]} trashes {_cname(cid)}.")
            elif ans.name == "discard":
                me["hand"].remove(cid)
                if cid in me["known"]:
                    me["known"].remove(cid)
                me["discard"].append(cid)
                log(state, f"{state['seats'][p]} discards {_cname(cid)}.")
            else:
                f["ph"] = "end"
            return None
        if f["ph"] == "end":
            for pid in governed(state, p):
                pr = state["prov"][pid]
                if pr["mobs"] and "amphitheater" not in pr["imps"]:
                    add_mob(state, pid)
                for t in list(state["barbs"].get(pid, {})):
                    act, ina = barbs(state, pid, t)
                    set_barbs(state, pid, t, act + ina, 0)
            f["ph"] = "refill"
            return None
        if f["ph"] == "refill":
            size = int(D.setup()["hand_size"])
            while len(me["hand"]) < size:
                if not me["avail"]:
                    self._reshuffle(state, p)
                if not me["avail"]:
                    break
                if ans is None:
                    return ask_of(p, f"Refill your hand: choose a card from your Available Pile "
                                     f"({size - len(me['hand'])} to go).",
                                  [["take", c] for c in sorted(set(me["avail"]), key=_card_order)], always=HIDDEN_PILE)
                self._take(state, p, str(ans.args[0]))
                ans = None
            m["stack"].pop()
            self._end_turn(state, m, p)
            return None
        raise AssertionError(f["ph"])

    def _end_turn(self, state: TimeOfCrisisState, m: Machine, p: int) -> None:
        """ToC §7.1: an Emperor ending his turn at the legacy goal starts the last
        round; the game ends when everyone has had as many turns."""
        n = len(state["seats"])
        state["turns"][p] += 1
        goal = legacy_goal(state)
        if not state["last_round"] and emperor(state) == p and state["players"][p]["legacy"] >= goal:
            state["last_round"] = True
            log(state, f"{state['seats'][p]} ends the turn as Emperor with {state['players'][p]['legacy']} legacy: "
                       "the last round begins.")
        if state["last_round"] and len(set(state["turns"])) == 1:
            self._finish(state, "The last round is over (ToC §7.1).")
            return
        if m is state["main"]:
            m["stack"].append({"k": "turn", "seat": (p + 1) % n, "ph": "start"})

    # ---- the end (ToC §7.1) -------------------------------------------------------------------------------
    def emperor_bonus(self, state: TimeOfCrisisState) -> list[int]:
        """The Emperor Turns bonus per seat: by rank among players with at least one
        turn, tied players sharing the higher bonus (ToC §7.1)."""
        table = [int(x) for x in D.rule("emperor_bonus")]
        et = [pl["eturns"] for pl in state["players"]]
        out = []
        for v in et:
            if v <= 0:
                out.append(0)
                continue
            rank = sum(1 for w in et if w > v)
            out.append(table[rank] if rank < len(table) else 0)
        return out

    def _finish(self, state: TimeOfCrisisState, why: str) -> None:
        n = len(state["seats"])
        bonus = self.emperor_bonus(state)
        for p in range(n):
            if bonus[p]:
                gain_legacy(state["players"][p], "emperor_turns", bonus[p])
                log(state, f"{state['seats'][p]} receives {bonus[p]} legacy for {state['players'][p]['eturns']} "
                           "Emperor turns.")
        legacy = [pl["legacy"] for pl in state["players"]]
        tied = [p for p in range(n) if legacy[p] == max(legacy)]
        how = "the most legacy"
        emp = emperor(state)
        for label, key in (("is Emperor", lambda q: q == emp), ("is a Pretender", lambda q: is_pretender(state, q)),
                           ("governs the most provinces", lambda q: len(governed(state, q))),
                           ("commands the most legions", lambda q: legions_of(state, q))):
            if len(tied) == 1:
                break
            vals = {q: int(key(q)) for q in tied}
            best = max(vals.values())
            if list(vals.values()).count(best) < len(tied):
                tied = [q for q in tied if vals[q] == best]
                how = f"the most legacy; tied, the winner {label}"
        while len(tied) > 1:
            rolls = {q: roll(state) for q in tied}
            top = max(rolls.values())
            tied = [q for q in tied if rolls[q] == top]
            how = "the most legacy; tied, the winner rolled highest"
        w = tied[0]
        reason = f"{why} {state['seats'][w]} wins with {legacy[w]} legacy ({how})."
        state["result"] = {"winners": [w], "reason": reason, "scores": legacy, "ending": Ending.STANDINGS.value}
        self.stacks.clear(state)
        log(state, reason)

    def leaders(self, state: State) -> frozenset[int] | None:
        """The player with the most legacy now (ToC §7.1 ranks by legacy), None on a tie."""
        legacy = [pl["legacy"] for pl in toc(state)["players"]]
        top = max(legacy)
        best = [p for p, x in enumerate(legacy) if x == top]
        return frozenset(best) if len(best) == 1 else None

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """``"Ann takes the lead with 23 legacy"``."""
        st = toc(state)
        p = min(leaders)
        return f"{st['seats'][p]} takes the lead with {st['players'][p]['legacy']} legacy"

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """The last round's trigger: an Emperor ends his turn at the legacy goal (ToC §7.1; 40
        in the short game, §7.2). No player is ever eliminated."""
        if toc(after)["last_round"] and not toc(before)["last_round"]:
            return MomentKind.LAST_ROUND, "The last round begins"
        return None

    #: The parts of the state a player sees change on the map or the dice: governors and support,
    #: barbarians, leaders, Rival Emperors, armies, the crisis roll, battles, Place Governor rolls,
    #: events. Playing a card, taking one, spending points or choosing a card to buy change none.
    WATCHED = ("prov", "barbs", "leaders", "rivals", "armies", "crisis", "last_battle", "last_pg", "events", "lasting")

    def paced(self, before: State, after: State) -> bool:
        """A bot's action is worth a pause when it changed the map or rolled dice (a governor
        placed, an army moved or recruited, a battle, a crisis roll, an event): issue 25 §2."""
        b, a = toc(before), toc(after)
        return any(b.get(k) != a.get(k) for k in self.WATCHED)

    #: The first rules-engine version that asks for the opening hands in :func:`hand_order`
    #: (:meth:`step_opening`); before it they went in turn order from the first player.
    HANDS_FROM_THE_LAST = (0, 6, 0)

    #: Saves of engines before this one (the 0.3.0 releases before the fix) may hold repeated free
    #: capital moves of one army while the previous player finished his turn (the §6.8 speed-up):
    #: one free move per army between its player's other choices since (:data:`FREE_MOVES`).
    FREE_MOVES_ONCE = (0, 4, 0)

    def upgrade_moves(self, moves: list[tuple[int, Action]], engine: str,
                      n_players: int) -> list[tuple[int, Action]]:
        """The moves of an older save, as this engine asks for them (issue 50):

        - before :data:`FREE_MOVES_ONCE`, each run of free capital moves a player made between
          two of his other choices keeps, per army, only its net move (ToC §6.3.1: into or out
          of a provincial capital, free): an even number of them is left out, of an odd number
          the first stays. Moving in and out again changed nothing, and these rules allow one
          free move per army between other choices during the §6.8 speed-up;
        - before :data:`HANDS_FROM_THE_LAST` (or of no known version), the opening hands, held in
          turn order from the first player, are put in today's order (:func:`hand_order`, ToC
          §3.2). The hands are secret and independent, so the game is the same.

        Moves of another shape are left as they are.

        >>> from py_engine.core import Action
        >>> old = [(1, Action("start", ("gallia",))), (0, Action("start", ("asia",))),
        ...        (1, Action("hand", (3, 2, 0))), (0, Action("hand", (2, 3, 0)))]
        >>> [s for s, _ in GAME.upgrade_moves(old, "0.5.2", 2)]
        [1, 0, 0, 1]
        >>> GAME.upgrade_moves(old, "0.6.0", 2) == old
        True
        >>> loop = [(0, Action("leave_capital", (3,))), (1, Action("buy", ("x",))), (0, Action("enter_capital", (3,))),
        ...         (0, Action("leave_capital", (3,))), (0, Action("leave_capital", (5,))), (0, Action("end"))]
        >>> [(s, str(a)) for s, a in GAME.upgrade_moves(loop, "0.3.0", 2)]
        [(0, 'leave_capital 3'), (1, 'buy x'), (0, 'leave_capital 5'), (0, 'end')]
        """
        version = engine_version(engine)
        if version < self.FREE_MOVES_ONCE:
            moves = net_free_moves(moves)
        n = n_players
        if version >= self.HANDS_FROM_THE_LAST or len(moves) < 2 * n:
            return moves
        starts, hands = moves[:n], moves[n:2 * n]
        first = starts[0][0]
        in_turn_order = [(first + i) % n for i in range(n)]
        if ([s for s, _ in starts] != in_turn_order or [s for s, _ in hands] != in_turn_order
                or any(a.name != "start" for _, a in starts) or any(a.name != "hand" for _, a in hands)):
            return moves
        return [*starts, *(hands[k] for k in hand_order(n)), *moves[2 * n:]]

    #: The sources of legacy before the end (:data:`LEGACY_SOURCES` but the Emperor Turns
    #: bonus) and how the final standings name them.
    LEGACY_FROM = (("provinces", "From provinces governed"), ("improvements", "From improvements"),
                   ("emperor", "As Emperor, from Italia's support"), ("pretender", "As the only Pretender"),
                   ("battles", "From battles won"), ("events", "From events"))

    def standings(self, state: State) -> Standings | None:
        """The final standings (None while the game runs), ToC §7.1 (§7.2 for the short game).

        One row per player, by legacy after the Emperor Turns bonus, ties broken as the rules
        break them: the Emperor, then a Pretender, then the most provinces governed, then the
        most legions; the winner of a tie the die roll settled comes first (the rolls are not
        kept: the players he beat share the next place). Score: ``"62 legacy"``. Details, in
        that order: where the legacy came from, each source the player gained any from
        (:data:`LEGACY_FROM`, e.g. ``("From provinces governed", "31")``), then
        ``("Legacy before the bonus", n)``, ``("Emperor Turns", n)``, ``("Emperor
        Turns bonus", "+10")``, ``("Emperor", "yes" | "no")``, ``("Pretender", "yes" | "no")``,
        ``("Provinces", n)``, ``("Legions", n)``, and ``("Die roll", "won" | "lost")`` for the
        players whose tie only the die settled.

        ``how``: Diocletian drawn (at whose crisis), or the last round played out (a turn
        ended as Emperor at the legacy goal, :meth:`_end_turn`); ``length``: rounds and
        turns, the last turn cut short when Diocletian came."""
        st = toc(state)
        res = st["result"]
        if not res:
            return None
        n = len(st["seats"])
        bonus = self.emperor_bonus(st)
        emp = emperor(st)
        legacy = [int(x) for x in res["scores"]]
        winner = res["winners"][0]

        def key(p: int) -> tuple[int, bool, bool, int, int]:
            return (legacy[p], p == emp, is_pretender(st, p), len(governed(st, p)), legions_of(st, p))

        rolled = {p for p in range(n) if key(p) == key(winner)}
        rows: list[Standing] = []
        for place, p in ranked([(p, (p == winner, key(p))) for p in range(n)]):
            _, is_emp, is_pret, provs, legions = key(p)
            gained = st["players"][p]["gained"]
            details = [(label, str(gained[src])) for src, label in self.LEGACY_FROM if gained[src]]
            details += [("Legacy before the bonus", str(legacy[p] - bonus[p])),
                       ("Emperor Turns", str(st["players"][p]["eturns"])),
                       ("Emperor Turns bonus", f"+{bonus[p]}"),
                       ("Emperor", "yes" if is_emp else "no"), ("Pretender", "yes" if is_pret else "no"),
                       ("Provinces", str(provs)), ("Legions", str(legions))]
            if len(rolled) > 1 and p in rolled:
                details.append(("Die roll", "won" if p == winner else "lost"))
            rows.append(Standing(place, (p,), f"{legacy[p]} legacy", tuple(details)))
        drawn = st["drawn"]
        crisis = st["crisis"]
        if drawn and D.events()[drawn[-1]]["kind"] == "game_end":
            a = crisis["seat"] if crisis is not None else st["active"]
            done = st["turns"][a]
            rounds, turns = done + 1, n * done + (a - st["first"]) % n + 1
            how = (f"{D.events()[drawn[-1]]['name']} was drawn at the crisis of {possessive(st['seats'][a])} turn "
                   f"{done + 1}, ending the game at once.")
            rule = "ToC §7.1"
            length = f"{_plural(rounds, 'round')} ({_plural(turns, 'turn')}, the last one cut short)"
        else:
            short = bool(st["options"]["short_game"])
            goal = legacy_goal(st)
            rounds = st["turns"][0]
            how = (f"An Emperor ended his turn with {goal} legacy or more, so the last round was played; "
                   f"the game ended once every player had taken {_plural(rounds, 'turn')}.")
            rule = "ToC §7.1, §7.2" if short else "ToC §7.1"
            length = f"{_plural(rounds, 'round')} ({_plural(n * rounds, 'turn')})"
        return Standings(tuple(rows), how, rule, length)

    # ---- information -------------------------------------------------------------------------------------
    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see: each other player's hand (apart from the
        cards everyone knows are in it) and Available Pile, from their pooled
        cards; and the order of the event deck, Diocletian staying among the cards
        that were the bottom four (ToC §3.1). (The log holds no private lines.)"""
        new: State = clone(state)
        st = toc(new)
        for q, pl in enumerate(st["players"]):
            if q == seat:
                continue
            hidden = list(pl["hand"])
            for c in pl["known"]:
                hidden.remove(c)
            pool = sorted(hidden + pl["avail"])
            rng.shuffle(pool)
            k = len(hidden)
            pl["hand"] = sorted(pl["known"] + pool[:k])
            pl["avail"] = sorted(pool[k:])
        deck = st["events"]
        dio = D.setup()["event_deck"]["set_aside"]
        bottom = int(D.setup()["event_deck"]["bottom_mix"]) + 1
        rest = sorted(e for e in deck if e != dio)
        rng.shuffle(rest)
        if dio in deck:
            zone = min(bottom, len(deck))
            pos = len(deck) - zone + rng.below(zone)
            rest.insert(pos, dio)
        st["events"] = rest
        self.stacks.refresh(st, seat)
        return new

    def check_invariants(self, state: State) -> None:
        """Conservation of cards, barbarians, legions and markers; support in range;
        one army per capital; someone to act while the game is on."""
        st = toc(state)
        n = len(st["seats"])
        box: dict[str, int] = {}
        for cid, k in st["supply"].items():
            box[cid] = box.get(cid, 0) + k
        for c in st["trash"]:
            box[c] = box.get(c, 0) + 1
        for p in range(n):
            pl = st["players"][p]
            for c in deck_of(st, p):
                box[c] = box.get(c, 0) + 1
            rest = list(pl["hand"])
            for c in pl["known"]:
                assert c in rest, f"known card {c} not in hand"
                rest.remove(c)
            assert governors_free(st, p) >= 0 and generals_free(st, p) >= 0, "counters overused"
            assert markers_used(st, p) <= D.limit("seat_of_power_breakaway_per_player")
        assert {c: k for c, k in box.items() if k} == st["box"], f"card conservation broken: {box}"
        for t in D.tribes_in_play(n):
            total = sum(v.get(t, (0, 0))[0] + v.get(t, (0, 0))[1] for v in st["barbs"].values())
            total += sum(a["foed"].count(t) for a in st["armies"])
            assert total == D.tribes()[t]["counters"], f"{t}: {total} counters"
        for rid, v in st["barbs"].items():
            for t, (act, ina) in v.items():
                assert act >= 0 and ina >= 0 and (act or ina), (rid, t)
                assert t in D.tribes_in_play(n), f"{t} is not in this game"
        for p, pl in enumerate(st["players"]):
            assert sorted(pl["gained"]) == sorted(LEGACY_SOURCES) and min(pl["gained"].values()) >= 0, p
            assert sum(pl["gained"].values()) == pl["legacy"], f"seat {p}: legacy {pl['legacy']} from {pl['gained']}"
        assert legions_on_map(st) <= D.limit("legions")
        assert militia_on_map(st) <= D.limit("militia")
        assert markers_on_map(st) <= D.limit("quaestor_castra_markers")
        assert neutral_count(st) <= D.limit("neutral_governors")
        for imp in D.improvements():
            assert improvements_used(st, imp) <= D.improvement_limit(imp)
        assert mob_counters(st) <= D.limit("mob_counters")
        for pid, pr in st["prov"].items():
            assert 0 <= pr["sup"] <= support_max(pid), (pid, pr["sup"])
            assert pr["mobs"] >= 0
            caps = [a for a in armies_at(st, pid) if a["cap"]]
            assert len(caps) <= 1, f"two armies in the capital of {pid}"
            if pr["mil"]:
                assert pr["gov"] is not None and pr["gov"] >= 0, f"militia without a player governor in {pid}"
                assert not caps or caps[0]["owner"] == pr["gov"], f"militia shares {pid}'s capital with an enemy"
            if pr["mark"]:
                assert pr["gov"] is not None and pr["gov"] >= 0 and pid != italia()
            if pr["npg"]:
                assert pr["gov"] is None
        for a in st["armies"]:
            assert a["full"] >= 0 and a["red"] >= 0 and a["full"] + a["red"] + len(a["foed"]) > 0
            assert D.regions()[a["at"]]["type"] != "sea" or st["result"] is not None
            assert not a["cap"] or D.regions()[a["at"]]["type"] == "province"
        for at in st["leaders"].values():
            assert at in ("box", "gone") or at in D.regions()
        if st["result"] is None:
            acting = self.to_act(state)
            assert acting, "nobody to act"
            for s in acting:
                assert self.legal_actions(state, s), f"seat {s} has no choice"

    # ---- view ---------------------------------------------------------------------------------------------
    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The table for ``seat`` (see :func:`.view.board`)."""
        return board(self, toc(state), seat)

    def prompt(self, state: State, seat: int | None) -> str:
        """The pending decision's prompt for the seat deciding; a status line for others."""
        st = toc(state)
        if st["result"]:
            return str(st["result"]["reason"])
        found = self._ask_for(st, seat) if seat is not None else None
        if found is not None:
            return str(found[1]["prompt"])
        acting = self.to_act(state)
        names = " and ".join(st["seats"][s] for s in acting)
        return f"Waiting for {names}."

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """A button label for one of ``seat``'s options (see :mod:`.labels`)."""
        return describe(self, toc(state), seat, action)[0]

    def caution(self, state: State, seat: int, action: Action) -> str | None:
        """Warns of a Place Governor roll (ToC §6.3.2) with fewer dice than the votes it
        needs, so that only bonus dice from sixes could carry it: choosing the province
        (``place_governor``) when all of ``seat``'s Senate points (and Basilica dice for
        Italia) are too few, and spending (``spend``) fewer points than would do (when no
        spend could reach the votes, none is warned of: the province's choice was). The
        sentence gives the exact chance (:func:`pg_chance`). None for any other action.

        E.g. ``"2 dice for 4 votes: only bonus dice from sixes could reach them
        (a 4% chance)."``
        """
        st = toc(state)
        if action.name == "place_governor":
            pid = str(action.args[0])
            have = int(st["tp"]["pts"]["senate"])
            dice = have + (self._basilica_dice(st, seat) if pid == italia() else 0)
            need = self.votes_needed(st, seat, pid)
            if dice >= need:
                return None
            chance = pg_chance(dice, need, gov(st, pid) == NEUTRAL)
            return (f"Your {_plural(have, 'Senate point')} give {_dice(dice)} for {need} votes: "
                    f"only bonus dice from sixes could reach them ({_percent(chance)} at most).")
        if action.name != "spend":
            return None
        found = self._ask_for(st, seat)
        if found is None or not found[0]["stack"]:
            return None
        f = found[0]["stack"][-1]
        if f["k"] != "pg" or f.get("stage", "amount") != "amount":
            return None
        pid = f["prov"]
        extra = self._basilica_dice(st, seat) if pid == italia() else 0
        dice = int(action.args[0]) + extra
        need = self.votes_needed(st, seat, pid)
        if dice >= need or int(st["tp"]["pts"][f["suit"]]) + extra < need:
            return None  # enough dice; or no spend could reach (asked when choosing the province)
        chance = pg_chance(dice, need, gov(st, pid) == NEUTRAL)
        return (f"{_dice(dice).capitalize()} for {need} votes: only bonus dice from sixes could reach them "
                f"({_percent(chance)}).")

    #: The words of a pool of points in :meth:`spends`.
    POOL_WORDS = {"military": "Military point", "senate": "Senate point", "populace": "Populace point",
                  "political": "Political Point"}

    def spends(self, state: State, seat: int, action: Action) -> str | None:
        """What a paid option spends, with the points of that pool the seat has now (the Take
        Actions costs of ToC §6.3, Buy and Trash's Political Points of §6.4, the points a
        Place Governor spends on dice, §6.3.2); None for an option that spends nothing (see
        :func:`.labels.cost`).

        E.g. ``"This spends 2 Military points of your 5."``
        """
        c = cost(self, toc(state), seat, action)
        if c is None:
            return None
        k, pool, have = c
        return f"This spends {_plural(k, self.POOL_WORDS[pool])} of your {have}."

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """The board element an option points at: ``province:<id>``, ``region:<id>``,
        ``capital:<id>``, ``army:<id>``, ``card:<id>`` (hand), ``supply:<id>``,
        ``discard:<id>``, ``tribe:<tribe>@<region>``, ``rival:<id>``,
        ``general:<seat>:<i>``, ``governor:<seat>:<i>`` (see :mod:`.labels`)."""
        return describe(self, toc(state), seat, action)[1]

    #: The action names that lead to a roll the player chooses (see :meth:`odds`).
    ROLLING = frozenset({"spend", "place_governor", "praetorian", "battle", "reroll"})

    def odds(self, state: State, seat: int, action: Action) -> Odds | None:
        """The chance of the outcome that matters for an action that leads to a roll (issue 24
        §3; see :mod:`.odds`): ``spend k`` in a Place Governor, to reach the votes needed with
        those dice (ToC §6.3.2; Basilica dice in Italia, §6.3.3); ``place_governor`` and
        ``praetorian``, the same if every point of the suit is spent; ``battle``, the
        attacker's chance to win with each side's hits (ToC §8); ``reroll yes`` (Flanking
        Maneuver), the chance to win with new dice against the defender's hits. None for every
        other action."""
        if action.name not in self.ROLLING:
            return None
        st = toc(state)
        found = self._ask_for(st, seat)
        if found is None:
            return None
        m, q = found
        if [action.name, *action.args] not in q["acts"]:
            return None
        f = m["stack"][-1]
        name, args = action.name, action.args
        if name == "spend" and f["k"] == "pg":
            pid = f["prov"]
            extra = self._basilica_dice(st, seat) if pid == italia() else 0
            return place_governor(self.votes_needed(st, seat, pid), int(args[0]) + extra,
                                  gov(st, pid) == NEUTRAL)
        if name in ("place_governor", "praetorian") and f["k"] == "actions":
            pid = str(args[0]) if name == "place_governor" else str(D.param("praetorian_guard", "target"))
            suit: Suit = "senate" if name == "place_governor" else D.param("praetorian_guard", "suit")
            have = st["tp"]["pts"][suit]
            extra = self._basilica_dice(st, seat) if pid == italia() else 0
            o = place_governor(self.votes_needed(st, seat, pid), have + extra, gov(st, pid) == NEUTRAL)
            points = f"{have} {SUIT_NAME[suit]} point{'s' * (have != 1)}"
            return Odds(f"{o.what} with all {points}", o.probability, o.tables,
                        f"If you spend all {points}: " + o.note)
        if name == "battle" and f["k"] == "actions":
            att, dfn = str(args[0]), str(args[1])
            a = army(st, int(att[5:])) if att.startswith("army:") else None
            region = a["at"] if a is not None else att[8:]
            flank = any(c == "flanking_maneuver" and not used for c, used in st["tp"]["played"])
            return battle(st, att, dfn, region, flank_left=flank)
        if name == "reroll" and args and args[0] == "yes" and f["k"] == "battle":
            return battle(st, f["att"], f["dfn"], f["at"], known_d=f["hd"])
        return None

    # ---- bots ---------------------------------------------------------------------------------------------
    #: Iterations per decision (at most) and playout cap per level; a playout is cut
    #: after a few decisions and scored by :meth:`evaluate` (see :mod:`.bot`).
    search_budgets = {"easy": (30, 6), "normal": (100, 6), "hard": (250, 6)}
    #: Per level, the iterations a decision gets per option and the least it gets (within the
    #: level's budget above; see :class:`.bot.TocBot`). Issue 29 (benchmarks/RESULTS.md, "Bot
    #: levels worth choosing"): past a few iterations per option more search buys little (hard
    #: won 66.5 % against a normal of 20 per option, at least 40; a wider hard no more), while
    #: the first ones buy much. So hard searches 20 per option, at least 40; normal 2 per
    #: option, at least 4; easy 1 per option: each beats the level below by the margins there.
    search_scaling: ClassVar[dict[str, tuple[int, int]]] = {"easy": (1, 1), "normal": (2, 4),
                                                            "hard": (20, 40)}

    def search_actions(self, state: State, seat: int) -> list[Action]:
        """What the search considers: every legal action except moving an army out
        of its capital for free (moving away already leaves it; in and out again
        changes nothing and could loop forever)."""
        legal = self.legal_actions(state, seat)
        kept = [a for a in legal if a.name != "leave_capital"]
        return kept or legal

    def own_bot(self, level: str) -> TocBot | None:
        """The search bot of :mod:`.bot` with this level's budget, or None for a level
        without one (``random``)."""
        if level in self.search_budgets:
            iterations, cap = self.search_budgets[level]
            per_option, floor = self.search_scaling[level]
            return TocBot(iterations, c=self.search_exploration.get(level, TocBot.c), rollout_limit=cap,
                          per_option=per_option, floor=floor)
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """Heuristic value per seat of an unfinished game (see :mod:`.bot`)."""
        return evaluate(toc(state))

    def evaluate_terms(self, state: State, seat: int) -> list[tuple[str, float]]:
        """The evaluation's terms for ``seat``, in expected legacy, as leads over the
        strongest rival (:func:`.bot.evaluate_terms`)."""
        return bot_terms(toc(state), seat)


def net_free_moves(moves: list[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """``moves`` with each run of a player's free capital moves (:data:`FREE_MOVES`, between two of
    his other choices; other players' moves between them do not end it) reduced to each army's
    net move: an even number of moves of one army goes, of an odd number the first stays
    (:meth:`TimeOfCrisis.upgrade_moves`)."""
    drop: set[int] = set()
    runs: dict[int, dict[Any, list[int]]] = {}

    def close(seat: int) -> None:
        for idx in runs.pop(seat, {}).values():
            drop.update(idx if len(idx) % 2 == 0 else idx[1:])

    for k, (seat, a) in enumerate(moves):
        if a.name in FREE_MOVES and a.args:
            runs.setdefault(seat, {}).setdefault(a.args[0], []).append(k)
        else:
            close(seat)
    for seat in list(runs):
        close(seat)
    return [m for k, m in enumerate(moves) if k not in drop]


def hand_order(n: int) -> list[int]:
    """The order in which ``n`` players choose their opening hands (ToC §3.2), as places
    after the first player in turn order: the last to choose a province, then the second,
    the third..., and the first player last.

    >>> hand_order(2), hand_order(3), hand_order(4)
    ([1, 0], [2, 1, 0], [3, 1, 2, 0])
    """
    return [n - 1, *range(1, n - 1), 0]


def _combos(caps: list[int], total: int) -> list[list[int]]:
    """Every way to take ``total`` cards with at most ``caps[i]`` of kind i."""
    if not caps:
        return [[]] if total == 0 else []
    out = []
    for k in range(min(caps[0], total), -1, -1):
        for rest in _combos(caps[1:], total - k):
            out.append([k, *rest])
    return out


def _card_order(cid: str) -> tuple[int, int]:
    key: tuple[int, int] = D.card_order()[cid]
    return key


def _target_id(side: str, region: str) -> str:
    kind, ref = side.split(":", 1)
    if kind == "tribe":
        return f"tribe:{ref}@{region}"
    if kind == "militia":
        return f"capital:{ref}"
    return side


GAME = TimeOfCrisis()


@cache
def pg_chance(dice: int, need: int, neutral: bool) -> Fraction:
    """The exact chance that a Place Governor roll of ``dice`` dice gets at least ``need``
    votes (ToC §6.3.2): a 2–5 is a vote, a 6 a vote and a bonus die (no limit), a 1 a
    vote only against a Neutral governor. Enumerated, not simulated.

    >>> pg_chance(2, 2, True)
    Fraction(1, 1)
    >>> pg_chance(1, 2, False)  # the die must be a 6, then the bonus die not a 1
    Fraction(5, 36)
    >>> pg_chance(1, 2, True)  # a 6, then anything
    Fraction(1, 6)
    """
    if need <= 0:
        return Fraction(1)
    if dice <= 0:
        return Fraction(0)
    one = pg_chance(dice - 1, need - 1 if neutral else need, neutral)
    mid = pg_chance(dice - 1, need - 1, neutral)
    six = pg_chance(dice, need - 1, neutral)
    return (one + 4 * mid + six) / 6


def _percent(p: Fraction) -> str:
    """A chance in words: ``"a 4% chance"``, ``"an 8% chance"``, ``"less than a 1% chance"``."""
    if p < Fraction(1, 100):
        return "less than a 1% chance"
    n = round(float(p) * 100)
    return f"{'an' if str(n).startswith('8') or n in (11, 18) else 'a'} {n}% chance"


def _dice(n: int) -> str:
    """``"1 die"``, ``"2 dice"``."""
    return f"{n} {'die' if n == 1 else 'dice'}"
