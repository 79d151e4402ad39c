"""Barons: the hex-ring fantasy land game for 2–6 players, as the Game contract.

Sources: the designer's notes (Geoff Maddock's unfinished design, web rules
version 5) and the project's specification that finishes the design (Barons
spec 1.0, cited ``B §n``). The rules live in :mod:`.turn` (the turn, the spaces,
the economy, winning) and :mod:`.combat` (fights, ranged attacks, stealing,
healing, death), as frames of :mod:`.machine`; the effect vocabulary of the
cards is interpreted by :mod:`.effects`; the board, the cards and the constants
are data (:mod:`.components`, ``data/*.json``); the end screen's final standings are
:mod:`.standings`.

State keys (beyond the core ones): ``cfg`` (the engine switches after the
variants, B §20, §23.5), ``variants`` (the variant ids chosen), ``players`` (per
seat: ``char``, ``alive``, ``adv`` adventurer, ``circuits``, ``pos``, ``hp``,
``gold``, ``res`` (resource -> cards), ``items`` (slot -> item), ``potions``
(one-use items), ``skills``, ``tracks`` (guild -> level), ``trophies``,
``skip`` (turns to miss), ``rr`` (Lucky Charm re-rolls used this turn), ``mb``
(Mighty Blow used this turn)), ``bld`` (open land -> ``[[seat, level], ...]``),
``ddeck``/``ideck`` (dungeon and item decks, top = last) with ``ddeck_grp``/
``ideck_grp`` (public groups at the bottom), ``ddisc``/``idisc`` (discard
piles), ``supply`` (skill cards in the guilds), ``rsupply`` (resource cards),
``round``, ``first``, ``active``, ``turn``, ``tf`` (once-per-turn flags),
``stack`` (frames), ``combat``, ``last_combat``, ``rolls`` (this turn's rolls,
for the dice display), ``blood`` (a character died, for First Blood),
``result``. :mod:`.state` describes them for mypy (:class:`~.state.BaronsState`, read
through :func:`~.state.bs` at the contract methods); the state stays a plain dict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from ..core import (
    Action,
    Ending,
    Game,
    MomentKind,
    Odds,
    Option,
    OptionError,
    Outcome,
    Rng,
    Standings,
    State,
    clone,
    engine_version,
)
from ..core.wording import possessive
from . import combat as _combat  # noqa: F401  (registers the combat frames)
from . import components as C
from .bot import evaluate
from .bot import evaluate_terms as bot_terms
from .machine import (
    FLOW,
    buildings,
    cfg,
    groups,
    nm,
    property_value,
    run,
    top_decision,
)
from .odds import odds as roll_odds
from .standings import final_standings, political_leader, political_score
from .standings import moment as key_moment
from .state import DECKS, BaronsState, Config, Player, bs
from .turn import init_character
from .view import board_view

VARIANT_IDS = tuple(C.variants())
DESIGNED_NOTE = (
    "Barons is Geoff Maddock's unfinished design (\u201cMonopoly meets a fantasy RPG\u201d, web rules "
    "version 5 and the opening of version 6). This app plays a completion of it: the board layout, "
    "land names and prices, four of the six characters' details, the item and skill cards, half "
    "the monsters, the treasures, outpost prices, combat details and several rulings were designed "
    "for this app to finish the game. Every card and space is marked sourced or designed in the app.")


#: Engine switches in words, for the message refusing two variants (B §23.5 keys).
SWITCH_WORDS = {"max_buildings_per_land": "how many buildings a land holds", "round_limit": "the round limit",
                "political_criterion": "how a political victory is decided", "death_mode": "what happens at 0 health"}


def resolve_config(options: Mapping[str, Any]) -> Config:
    """The engine switches for a set of options: the defaults of B §23.5 changed by
    each chosen variant's ``config`` (B §20), then the host's ``round_limit``.

    Raises:
        OptionError: two chosen variants set the same switch to different values
            (the message names both).
    """
    out = dict(C.constants())
    out["win_conditions"] = list(out["win_conditions"])
    setter: dict[str, str] = {}
    for vid in VARIANT_IDS:
        if not options.get(vid):
            continue
        for key, value in C.variants()[vid]["config"].items():
            if key in setter and out[key] != value:
                a, b = C.variants()[setter[key]]["name"], C.variants()[vid]["name"]
                raise OptionError(f"The variants \u201c{a}\u201d ({setter[key]}) and \u201c{b}\u201d ({vid}) "
                                  f"cannot be combined: they change {SWITCH_WORDS.get(key, key)} in different ways.")
            out[key] = list(value) if isinstance(value, list) else value
            setter.setdefault(key, vid)
    limit = int(options.get("round_limit") or 0)
    if limit > 0:
        out["round_limit"] = limit
    return cast(Config, out)


def _new_player(c: Config) -> Player:
    return {"char": None, "alive": True, "adv": False, "circuits": 0, "pos": C.START,
            "hp": int(c["start_health"]), "gold": int(c["start_gold"]),
            "res": dict.fromkeys(C.RESOURCES, 0), "items": {}, "potions": [], "skills": [],
            "tracks": dict.fromkeys(C.GUILDS, 0), "trophies": [], "skip": 0, "rr": 0, "mb": False}


class Barons(Game):
    """The Barons engine, 2–6 players, every variant of B §20 (see the module docstring)."""

    id = "barons"
    title = "Barons"
    min_players = 2
    max_players = 6
    private_info = False
    state_type = BaronsState
    blurb = "Build dwellings and keeps across six realms, brave the dungeons, and outlast rival barons."
    data_notes = DESIGNED_NOTE
    options = (
        Option("characters", "Characters", "choice", "pick", choices=("pick", "random"),
               labels=("Players pick in seat order", "Dealt at random"),
               help="Who plays which of the six characters."),
        Option("round_limit", "Round limit", "int", 0, min=0, max=200,
               help="0 keeps the ruleset's own limit (60 rounds; 35 in Quick Barony; none in Castles). "
                    "Any other number ends the game after that round with a political victory."),
        *(Option(v["id"], v["name"], "bool", False, help=v["help"]) for v in C.variants().values()),
    )
    #: Conformance runs (besides the defaults): together they flip every variant switch,
    #: with short round limits so random games stay quick.
    conformance_options = (
        {"classic_deeds": True, "duel_to_the_death": True, "political_most_property": True, "no_stipend": True,
         "mercy": True, "open_trading": True, "quick_barony": True, "characters": "random", "round_limit": 10},
        {"castles_v6": True, "basic_skill_tracks": True, "political_highest_value": True, "no_inn": True,
         "first_blood": True, "strict_movement": True, "tabletop_monster_roller": True, "round_limit": 10},
    )

    # ---- setup -------------------------------------------------------------------------
    def validate_setup(self, n_players: int, options: dict[str, Any]) -> None:
        """Variants that set one switch differently are refused (B §20)."""
        resolve_config(options)

    def _setup(self, state: State, rng: Rng) -> None:
        """B §8: shuffled dungeon and item decks, the guild supply (2 of each skill
        card), 6 of each resource, 50 GP and 10 health each, everyone on the White
        Outpost; characters picked in seat order (or dealt at random); then the
        first-player roll."""
        bst = bs(state)
        opts = bst["options"]
        c = resolve_config(opts)
        n = len(bst["seats"])
        ddeck, ideck = C.dungeon_deck(), C.item_deck()
        rng.shuffle(ddeck)
        rng.shuffle(ideck)
        bst.update({
            "cfg": c, "variants": [v for v in VARIANT_IDS if opts.get(v)],
            "players": [_new_player(c) for _ in range(n)],
            "bld": {x: [] for x in C.lands()}, "ddeck": ddeck, "ddeck_grp": [], "ddisc": [], "ideck": ideck,
            "ideck_grp": [], "idisc": [],
            "supply": ({s: int(C.skills()[s]["copies"]) for s in C.skills()} if c["skill_mode"] == "cards"
                       else {}),
            "rsupply": {r: int(x["copies"]) for r, x in zip(C.RESOURCES, C.board()["resources"], strict=True)},
            "round": 0, "first": 0, "active": 0, "turn": 0,
            "tf": {"ranged": False, "steal": False, "mend": False, "dodge": False, "sold": None, "offers": 0},
            "stack": [{"k": "begin"}], "combat": None, "last_combat": None, "rolls": [], "blood": False,
            "result": None})
        if opts["characters"] == "random":
            pool = list(C.characters())
            for p in range(n):
                init_character(bst, p, pool.pop(rng.below(len(pool))))
        else:
            for p in reversed(range(n)):
                bst["stack"].append({"k": "pick", "seat": p})
        run(bst)

    def setup_label(self, state: State) -> str:
        """The variants played (``default`` for none)."""
        return "+".join(bs(state)["variants"]) or "default"

    # ---- the contract ---------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """The seat owing the pending decision (usually the player whose turn it is;
        a defender in a fight, a Lucky Charm holder, a trade partner); empty at the end."""
        return FLOW.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The options of the pending decision for ``seat``; none for other seats."""
        return FLOW.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        FLOW.answer(state, seat, action)

    def outcome(self, state: State) -> Outcome | None:
        """The result (B §19), with each seat's property value as its score."""
        bst = bs(state)
        r = bst["result"]
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"],
                       tuple(float(property_value(bst, p)) for p in range(len(bst["seats"]))),
                       Ending(r["ending"]))

    def standings(self, state: State) -> Standings | None:
        """The final standings (None while the game runs): who met which condition of B §19
        (or B §20 first_blood), the political criteria of each player in their ranking order
        (B §19, or B §20 political_most_property / political_highest_value), realms with a
        keep, alive or dead, and the rounds played; see :func:`.standings.final_standings`
        for the shapes. A finished state that no longer shows its recorded end (edited by
        hand) gets the default standings of the outcome."""
        bst = bs(state)
        if bst["result"] is None:
            return None
        out = final_standings(bst)
        return out if out is not None else super().standings(state)

    def leaders(self, state: State) -> frozenset[int] | None:
        """The living baron first in the political ranking (B §19, or B §20's criterion),
        once anyone owns property; see :func:`.standings.political_leader`."""
        return political_leader(bs(state))

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """``"Ann takes the political lead (2 realms controlled, property worth 40 GP)"``: the
        first political criterion, and the property's value (B §19)."""
        bst = bs(state)
        p = min(leaders)
        score = political_score(bst, p)
        if "GP" not in score:
            score += f", property worth {property_value(bst, p)} GP"
        return f"{nm(bst, p)} takes the political lead ({score})"

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """A character's death (``"Bob dies"``: out of the game, B §14) or the last round
        of a round limit (B §19); see :func:`.standings.moment`."""
        return key_moment(bs(before), bs(after))

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why an action is refused, in words."""
        bst = bs(state)
        d = top_decision(bst)
        if d is None:
            return "The game is over."
        if d["seat"] != seat:
            return f"It is {possessive(nm(bst, d['seat']))} decision now, not yours."
        return f"\u201c{action}\u201d is not one of the choices now: {FLOW.prompt(state)}"

    #: The first engine that closes an outpost left without a sale (B §15; ``TurnFlags.unsold``).
    OUTPOSTS_CLOSE_UNSOLD = (0, 6, 1)

    def upgrade_moves(self, moves: list[tuple[int, Action]], engine: str,
                      n_players: int) -> list[tuple[int, Action]]:
        """A save from before :data:`OUTPOSTS_CLOSE_UNSOLD` (or of no known version) may open an
        outpost and leave it without a sale, then open it again with the same resources, which
        this engine no longer offers (B §15). Such a visit changed nothing, so it is left out: a
        ``trade`` straight followed by the same seat's ``done``, and a ``done`` that closes a visit
        opened just before (by moving onto the outpost or trading there) straight followed by
        the same seat's ``trade`` of that outpost (the sales that follow then belong to the
        first visit). Newer saves are left as they are.

        >>> from py_engine.core import Action
        >>> old = [(0, Action("trade", ("OUT-BLUE",))), (0, Action("done")),
        ...        (0, Action("trade", ("OUT-BLUE",))), (0, Action("sell", ("ore", 1))),
        ...        (0, Action("done")), (0, Action("end"))]
        >>> [a.name for _, a in GAME.upgrade_moves(old, "0.6.0", 2)]
        ['trade', 'sell', 'done', 'end']
        >>> landed = [(0, Action("move", ("OUT-RED",))), (0, Action("done")), (0, Action("trade", ("OUT-RED",))),
        ...           (0, Action("sell", ("fish", 1)))]
        >>> [str(a) for _, a in GAME.upgrade_moves(landed, "0.6.0", 2)]
        ['move OUT-RED', 'sell fish 1']
        >>> GAME.upgrade_moves(old, "0.6.1", 2) == old
        True
        """
        version = engine_version(engine)
        if version >= self.OUTPOSTS_CLOSE_UNSOLD:
            return moves
        out: list[tuple[int, Action]] = []
        k = 0
        while k < len(moves):
            seat, a = moves[k]
            nxt = moves[k + 1] if k + 1 < len(moves) else None
            if a.name == "trade" and nxt is not None and nxt[0] == seat and nxt[1].name == "done":
                k += 2
                continue
            opened = out[-1] if out else None
            if (a.name == "done" and nxt is not None and nxt[0] == seat and nxt[1].name == "trade"
                    and opened is not None and opened[0] == seat and opened[1].name in ("move", "trade")
                    and opened[1].args[:1] == nxt[1].args[:1]):
                k += 2
                continue
            out.append(moves[k])
            k += 1
        return out

    def mend_move(self, state: State, seat: int, action: Action, engine: str) -> list[Action] | None:
        """An older save's ``end`` where this engine already ended the seat's turn by itself is
        left out (since :data:`OUTPOSTS_CLOSE_UNSOLD` an outpost left without a sale is not
        offered again, B §15, so after such a visit "end" may be the only choice left, which is
        taken without asking). Anything else cannot be mended."""
        if (engine_version(engine) < self.OUTPOSTS_CLOSE_UNSOLD and action.name == "end"
                and seat not in self.to_act(state)):
            return []
        return None

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """Random play ends well within this many decisions (the round limit ends every
        game; 60 rounds of up to 6 players, a few dozen decisions a turn at most)."""
        c = resolve_config(options)
        rounds = int(c["round_limit"]) if c["round_limit"] is not None else 400
        return 200 + rounds * n_players * 60

    # ---- information ------------------------------------------------------------------------
    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Only the order of the dungeon and item decks is hidden (B §23.2): the unseen
        top part of each deck is re-shuffled, and so is each group of cards put on the
        bottom in random order; cards put on the bottom one by one keep their place."""
        new: State = clone(state)
        bst = bs(new)
        for deck in DECKS:
            cards = bst[deck]
            grp = groups(bst, deck)
            known = sum(grp)
            rebuilt: list[str] = []
            i = 0
            for g in grp:
                part = sorted(cards[i:i + g])
                rng.shuffle(part)
                rebuilt += part
                i += g
            top = sorted(cards[known:])
            rng.shuffle(top)
            bst[deck] = rebuilt + top
        return new

    def check_invariants(self, state: State) -> None:
        """Every card is in one place (decks, discards, players, the fight, the item on
        offer); resource and skill supplies balance; buildings respect the limits; health,
        gold and positions are valid; someone is to act until the game ends."""
        bst = bs(state)
        c = cfg(bst)
        dungeon = Counter(bst["ddeck"] + bst["ddisc"])
        items = Counter(bst["ideck"] + bst["idisc"])
        skills: Counter[str] = Counter(bst["supply"])
        res: Counter[str] = Counter(bst["rsupply"])
        for q in bst["players"]:
            dungeon.update(q["trophies"])
            items.update(q["items"].values())
            items.update(q["potions"])
            skills.update(q["skills"])
            res.update(q["res"])
            assert all(v >= 0 for v in q["res"].values()), "negative resources"
            assert q["gold"] >= 0, "negative gold"
            for slot, iid in q["items"].items():
                assert C.items()[iid]["slot"] == slot, f"{iid} in slot {slot}"
            if q["alive"]:
                assert 1 <= q["hp"] <= int(c["max_health"]), f"bad health {q['hp']}"
                assert q["pos"] in C.spaces(), f"bad position {q['pos']}"
            else:
                assert not q["items"] and not q["potions"] and not q["skills"] and not q["gold"]
            if c["skill_mode"] == "tracks":
                assert not q["skills"] and all(0 <= v <= int(c["skill_levels"]) for v in q["tracks"].values())
        fight = bst["combat"]
        if fight is not None:
            dungeon.update(s["mon"] for s in fight["side"] if "mon" in s)
        for f in bst["stack"]:
            if f["k"] == "item":
                items[f["item"]] += 1
        assert dungeon == Counter(C.dungeon_deck()), "dungeon cards lost or duplicated"
        assert items == Counter(C.item_deck()), "item cards lost or duplicated"
        if c["skill_mode"] == "cards":
            assert skills == Counter({s: int(x["copies"]) for s, x in C.skills().items()}), "skill cards"
        assert all(v >= 0 for v in bst["rsupply"].values()) and all(v >= 0 for v in bst["supply"].values())
        assert res == Counter({r: 6 for r in C.RESOURCES}), "resource cards lost or duplicated"
        for deck in DECKS:
            assert all(g > 0 for g in groups(bst, deck)) and sum(groups(bst, deck)) <= len(bst[deck])
        mk = c["max_keeps_per_land"]
        for x in C.lands():
            b = buildings(bst, x)
            seats = [p for p, _ in b]
            assert len(b) <= int(c["max_buildings_per_land"]), f"too many buildings on {x}"
            assert len(set(seats)) == len(seats), f"two buildings of one player on {x}"
            assert all(lv in (1, 2) and bst["players"][p]["alive"] for p, lv in b), f"bad building on {x}"
            assert mk is None or sum(1 for _, lv in b if lv == 2) <= int(mk), f"too many keeps on {x}"
        if bst["result"] is None:
            ask = FLOW.asking(bst)
            assert top_decision(bst) is not None and ask is not None and ask.options, "nobody to act"

    # ---- view -------------------------------------------------------------------------------------
    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table (nothing is hidden but the deck orders, B §23.2);
        see :func:`.view.board_view` for the shape."""
        return board_view(bs(state), seat)

    def prompt(self, state: State, seat: int | None) -> str:
        """The pending decision's prompt for the seat deciding; a status line for others."""
        bst = bs(state)
        if bst["result"] is not None:
            return str(bst["result"]["reason"])
        d = top_decision(bst)
        assert d is not None
        if d["seat"] == seat:
            return str(FLOW.prompt(state))
        who = nm(bst, d["seat"])
        if bst["combat"] is not None:
            return f"{who} is fighting."
        return f"Waiting for {who}."

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """A short button label for ``action``."""
        label = FLOW.label(state, action)
        return str(action) if label is None else label

    #: Decision kinds with an option that rolls dice the player chooses, and those options
    #: (see :meth:`odds`).
    ROLLING = {"fight": frozenset({"melee", "cast", "flee"}), "attack": frozenset({"attack"}),
               "actions": frozenset({"shoot", "cast", "steal", "mend"}), "start": frozenset({"rest"}),
               "land": frozenset({"forage"}), "charm": frozenset({"reroll"})}

    def odds(self, state: State, seat: int, action: Action) -> Odds | None:
        """The chance of the outcome that matters for an option that leads to a roll (issue 24
        §3; see :mod:`.odds`): a fight's attack (to win within the round limit) or running away
        (to escape), attacking an adventurer (initiative and the fight), a ranged attack, a
        theft, resting or Mending, foraging and the Lucky Charm re-roll. None for the others
        and for an action that is not legal now."""
        bst = bs(state)
        d = top_decision(bst)
        if d is None or d["seat"] != seat or action.name not in self.ROLLING.get(d["k"], ()):
            return None
        if action not in self.legal_actions(state, seat):
            return None
        return roll_odds(bst, d, action)

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """The board element an option points at: ``space:ID``, ``seat:P``, ``item:ID``,
        ``res:ID``, ``die:I``, ``char:ID``, or None."""
        return FLOW.target(state, action)

    # ---- bots ------------------------------------------------------------------------------
    #: Playouts are cut after a few decisions and scored by :meth:`evaluate` (a game
    #: lasts hundreds of decisions; dice make long playouts mostly noise). Issue 29
    #: (benchmarks/RESULTS.md, "Bot levels worth choosing"): hard beat a normal of 80
    #: iterations only 55.5 % of 200 games, while the first few iterations buy much (2 beat
    #: random play 63 %, 1 only 54 %). So normal searches 12 iterations and easy 2: hard
    #: beats normal and normal beats easy by the margins of that table.
    search_budgets = {"easy": (2, 6), "normal": (12, 8), "hard": (150, 8)}

    def evaluate(self, state: State) -> list[float] | None:
        """A heuristic share of the win per seat (dead seats 0): a softmax over a
        material score — realms with a keep (the True Baron race), realms controlled,
        property value, gold, health, skills and items — that grows sharper as the
        round limit nears (the political ranking is then close to final)."""
        return evaluate(bs(state))

    def evaluate_terms(self, state: State, seat: int) -> list[tuple[str, float]]:
        """The evaluation's material terms for ``seat``, as leads over the strongest living
        rival (:func:`.bot.evaluate_terms`)."""
        return bot_terms(bs(state), seat)


GAME = Barons()
