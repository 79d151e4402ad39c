"""A turn's later phases and the end (ToC §6.1, §6.4–§6.8, §7, §11): the
rulebook's Support Check, Gain Legacy, buying, Mob and end-of-game examples, and
the rest of the turn."""

from __future__ import annotations

from py_engine.core import Ending, MomentKind
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis.board import emperor

from .toc import act, choices, crisis_dice, dice, gained, logs, names, prov, table


def support_example() -> dict:  # type: ignore[type-arg]
    """ToC §6.4 example: Green (seat 0) is Emperor and governs four provinces;
    active barbarians in Thracia (support 1) and Pannonia (support 2, where an enemy
    army also holds the capital); Postumus stands in Gallia; Italia at 4 with an
    Amphitheater."""
    return table(n=4, prov={"italia": {"gov": 0, "imps": ["amphitheater"]}, "thracia": {"gov": 0, "sup": 1},
                            "pannonia": {"gov": 0, "sup": 2}, "macedonia": {"gov": 0, "sup": 2},
                            "gallia": {"gov": 2}, "hispania": {"gov": 3}, "syria": {"gov": 1}},
                 italia=4, barbs={"thracia": {"goths": [1, 0]}, "pannonia": {"goths": [2, 0]}},
                 armies=[{"owner": 1, "at": "pannonia", "cap": True}], rivals={"postumus": "gallia"})


def test_rulebook_support_check_example() -> None:
    """ToC §6.4 example: Thracia 1 → 0 (barbarians); Pannonia 2 → 1, once, though both
    barbarians and an enemy army are there; Italia 4 → 3 for Postumus; Thracia's
    governor is replaced by a Neutral, and the lost governor costs Italia one more
    (2)."""
    s = act(support_example(), "end")
    assert (prov(s, "thracia")["gov"], prov(s, "thracia")["sup"]) == (-1, 1)
    assert prov(s, "pannonia")["sup"] == 1 and prov(s, "macedonia")["sup"] == 2
    assert prov(s, "italia")["sup"] == 2 and emperor(s) == 0


def test_rulebook_gain_legacy_example() -> None:
    """ToC §6.6 example (continuing): three provinces, Emperor with Italia at 2 and an
    Amphitheater there: 2 + 3 + 1 = 6 legacy; no Emperor Turn (Postumus)."""
    s = act(support_example(), "end")
    assert s["players"][0]["legacy"] == 6 and s["players"][0]["eturns"] == 0
    assert s["players"][0]["gained"] == gained(provinces=3, improvements=1, emperor=2)


def test_emperor_turn_needs_no_pretender_or_rival() -> None:
    """ToC §6.6: the Emperor Turns marker advances only without Pretenders and Rival
    Emperors; the Emperor gains Italia's support minus the Pretender provinces."""
    s = act(table(prov={"italia": {"gov": 0}}, italia=3), "end")
    assert s["players"][0]["eturns"] == 1 and s["players"][0]["legacy"] == 3 + 1
    t = act(table(prov={"italia": {"gov": 0}, "gallia": {"gov": 1, "sup": 3, "mark": "sop"}}, italia=3), "end")
    assert t["players"][0]["eturns"] == 0 and t["players"][0]["legacy"] == (3 - 1 - 1) + 1  # −1 Italia (Pretender)
    assert t["players"][0]["gained"] == gained(provinces=1, emperor=1)


def test_pretender_legacy_only_without_other_pretenders() -> None:
    """ToC §6.6: a Pretender gains 1 per Seat of Power / Breakaway province he
    governs, unless another Pretender exists."""
    marks = {"gallia": {"gov": 0, "sup": 3, "mark": "sop"}, "britannia": {"gov": 0, "sup": 3, "mark": "brk"}}
    s = act(table(n=4, prov=marks), "end")
    assert s["players"][0]["legacy"] == 2 + 2 and s["players"][0]["gained"] == gained(provinces=2, pretender=2)
    t = act(table(n=4, prov=marks | {"syria": {"gov": 1, "sup": 3, "mark": "sop"}}), "end")
    assert t["players"][0]["legacy"] == 2 and t["players"][0]["gained"] == gained(provinces=2)


def test_expand_pretender_empire() -> None:
    """ToC §6.5: Breakaway goes on your provinces (not Italia) with support 3+ next to
    the empire as it stood at the start of the phase; FAQ 7: a Breakaway province
    below 3 stays."""
    s = table(n=4, prov={"gallia": {"gov": 0, "sup": 3, "mark": "sop"}, "hispania": {"gov": 0, "sup": 3},
                         "africa": {"gov": 0, "sup": 4}, "britannia": {"gov": 0, "sup": 2, "mark": "brk"}})
    s = act(s, "end")
    marks = {pid: p["mark"] for pid, p in s["prov"].items() if p["mark"]}
    assert marks == {"gallia": "sop", "hispania": "brk", "britannia": "brk"}  # not Africa: not next at the start


def test_rulebook_buying_example() -> None:
    """ToC §5.3 example: Galatia 4, Syria 3, Asia 3 give 10 points. A 3 for 3, a 2 for
    3 (one bought already), another 2 for 4; or a 3, a 3 for 4 and a trash for 3; or
    three trashes for 9; or a 4 for 8 (double: 4 is more than the 3 provinces)."""
    s = table(n=4, prov={"galatia": {"gov": 0, "sup": 4}, "syria": {"gov": 0, "sup": 3}, "asia": {"gov": 0, "sup": 3}},
              discard=[["military_1", "senate_1", "populace_1"], [], [], []])
    s = act(s, "end")
    assert s["main"]["stack"][-1]["pp"] == 10
    a = act(act(act(s, "buy", "foederati"), "buy", "castra"), "buy", "quaestor")
    assert a["main"]["stack"][-1]["pp"] == 0 and sorted(a["players"][0]["discard"])[:3] == ["castra", "foederati", "military_1"]
    b = act(act(act(s, "buy", "mob"), "buy", "flanking_maneuver"), "trash", "senate_1")
    assert b["main"]["stack"][-1]["pp"] == 0 and b["trash"] == ["senate_1"]
    c = act(act(act(s, "trash", "military_1"), "trash", "senate_1"), "trash", "populace_1")
    assert c["main"]["stack"][-1]["pp"] == 1 and len(c["trash"]) == 3
    assert GAME.action_label(s, 0, GAME.legal_actions(s, 0)[choices(s).index(["buy", "pretender"])]) == \
        "Buy Pretender (8 points)"
    d = act(s, "buy", "pretender")
    assert d["main"]["stack"][-1]["pp"] == 2 and d["supply"]["pretender"] == 5


def test_rulebook_mob_example() -> None:
    """ToC §11.1 example: Galatia at 4 with two mobs and Asia at 3 give 5 political
    points; at the end of the turn Galatia gets a third mob."""
    s = table(n=4, prov={"galatia": {"gov": 0, "sup": 4, "mobs": 2}, "asia": {"gov": 0, "sup": 3}},
              avail=[["senate_1"] * 5, [], [], []])
    s = act(s, "end")
    assert s["main"]["stack"][-1]["pp"] == 5
    s = act(s, "done")
    assert prov(s, "galatia")["mobs"] == 3


def test_amphitheater_stops_mob_growth_and_barbarians_wake() -> None:
    """ToC §6.8, §6.3.3: no new mob where an Amphitheater stands; inactive barbarians
    in your provinces turn active at the end of your turn."""
    s = table(prov={"gallia": {"gov": 0, "sup": 4, "mobs": 1, "imps": ["amphitheater"]}},
              barbs={"gallia": {"franks": [0, 2]}}, avail=[["senate_1"] * 5, []])
    s = act(s, "end")  # nothing to buy with 3 points: straight to the refill
    assert prov(s, "gallia")["mobs"] == 1 and s["barbs"]["gallia"]["franks"] == [2, 0]


def test_mobs_as_many_as_support_cost_the_governor() -> None:
    """ToC §11.1, §6.4: mobs equal to the support remove the governor."""
    s = table(prov={"gallia": {"gov": 0, "sup": 2, "mobs": 2}, "italia": {"gov": 1}})
    s = act(s, "end")
    assert prov(s, "gallia")["gov"] == -1 and prov(s, "gallia")["mobs"] == 0


def test_neutral_italia_support_is_the_neutral_count() -> None:
    """ToC §6.4: a Neutral governor placed in Italia sets its support to the number of
    Neutral provinces; an Emperor at 0 Italia support falls."""
    s = table(prov={"italia": {"gov": 0, "sup": 1}, "gallia": {"gov": 0, "sup": 1}}, italia=1,
              barbs={"gallia": {"franks": [1, 0]}})
    s = act(s, "end")
    assert prov(s, "italia")["gov"] == -1
    assert prov(s, "italia")["sup"] == sum(1 for p in s["prov"].values() if p["gov"] == -1)


def test_governors_lost_in_one_support_check_go_together_in_either_map_order() -> None:
    """ToC §6.4 (Italia as in §3.2): the Emperor governs Italia at support 1 with a Mob there
    and one more province at support 1 with active barbarians; ending his actions he loses
    both governors. Italia's new support counts the Neutral provinces once both are
    replaced, whether that province comes after Italia in map order (Thracia) or before it
    (Gallia): the other of the two is Neutral already, so Italia gets 3 either way."""
    for lost_with, tribe, other in (("thracia", "goths", "gallia"), ("gallia", "franks", "thracia")):
        s = table(prov={"italia": {"gov": 0, "sup": 1, "mobs": 1}, lost_with: {"gov": 0, "sup": 1},
                        "asia": {"gov": 1}, "pannonia": {"gov": 1}, "macedonia": {"gov": 1}}, italia=1,
                  barbs={lost_with: {tribe: [1, 0]}})
        assert [pid for pid, p in s["prov"].items() if p["gov"] == -1] == [other]
        t = act(s, "end")
        assert (prov(t, "italia")["gov"], prov(t, "italia")["sup"], prov(t, "italia")["mobs"]) == (-1, 3, 0), lost_with
        assert (prov(t, lost_with)["gov"], prov(t, lost_with)["sup"]) == (-1, 1)
        assert sorted(pid for pid, p in t["prov"].items() if p["gov"] == -1) == sorted(["italia", "gallia", "thracia"])
        assert emperor(t) is None


def test_refill_chooses_from_the_available_pile_and_reshuffles() -> None:
    """ToC §6.8: refill to five by choosing from the Available Pile; when it is empty
    the discard pile becomes the Available Pile (the cards kept in hand become known
    to everyone)."""
    s = table(prov={"gallia": {"gov": 0}}, hands=[["castra", "mob"], []], avail=[["senate_1"], []],
              discard=[["tribute", "military_1", "military_1"], []])
    s = act(s, "end")
    s = act(s, "done")
    assert choices(s) == [["take", "senate_1"]]
    s = act(s, "take", "senate_1")
    assert s["players"][0]["known"] == ["castra", "mob", "senate_1"] and s["players"][0]["discard"] == []
    assert choices(s) == [["take", "military_1"], ["take", "tribute"]]
    s = act(s, "take", "tribute")
    w, b = crisis_dice(2, "ira_deorum")
    with dice(w, b):
        s = act(s, "take", "military_1")
    assert s["players"][0]["hand"] == ["castra", "military_1", "mob", "senate_1", "tribute"]
    assert s["players"][0]["avail"] == ["military_1"] and s["active"] == 1


def test_discarding_from_hand_in_the_buy_phase() -> None:
    """ToC §6.7: played cards go to the discard pile, and the player may discard
    cards from his hand too."""
    s = table(prov={"gallia": {"gov": 0}}, hands=[["castra", "mob"], []])
    s = act(s, "play", "castra")
    s = act(s, "end")
    assert s["players"][0]["discard"] == ["castra"]
    s = act(s, "discard", "mob")
    assert s["players"][0]["discard"] == ["castra", "mob"] and s["players"][0]["hand"] == []


def test_upkeep_removes_your_quaestors() -> None:
    """ToC §6.1: your Quaestor markers go at the start of your turn, others' stay."""
    w, b = crisis_dice(2, "ira_deorum")
    with dice(w, b):
        s = table(prov={"gallia": {"gov": 0, "q": True}, "pannonia": {"gov": 1, "q": True}}, phase="start")
    assert not prov(s, "gallia")["q"] and prov(s, "pannonia")["q"]


def test_fought_armies_are_free_again_in_their_owners_next_turn() -> None:
    """ToC §6.3.1: an army that fought is locked until its owner's next Take Actions."""
    w, b = crisis_dice(2, "ira_deorum")
    with dice(w, b):
        s = table(armies=[{"owner": 0, "at": "italia", "fought": True}], pts={"military": 1}, phase="start")
    assert not s["armies"][0]["fought"]


def test_rulebook_emperor_bonus_example_and_the_winner() -> None:
    """ToC §7.1 example: Emperor Turns 5, 5, 3, 0 give 10, 10, 3 and nothing."""
    s = table(n=4, eturns=[5, 5, 3, 0], legacy=[50, 40, 57, 59], prov={"gallia": {"gov": 2}})
    assert GAME.emperor_bonus(s) == [10, 10, 3, 0]
    GAME._finish(s, "Test.")
    assert s["result"]["scores"] == [60, 50, 60, 59]
    assert [p["gained"]["emperor_turns"] for p in s["players"]] == [10, 10, 3, 0]
    assert s["result"]["winners"] == [2] and "most provinces" in s["result"]["reason"]
    two = table(eturns=[2, 1])
    assert GAME.emperor_bonus(two) == [10, 6]
    none = table(eturns=[0, 3])
    assert GAME.emperor_bonus(none) == [0, 10]


def test_tie_breaks_emperor_then_pretender_then_provinces_then_legions() -> None:
    """ToC §7.1: ties go to the Emperor, then a Pretender, then most provinces, then
    most legions, then a die roll."""
    s = table(prov={"italia": {"gov": 1}}, legacy=[30, 30])
    GAME._finish(s, "End.")
    assert s["result"]["winners"] == [1] and "Emperor" in s["result"]["reason"]
    t = table(prov={"gallia": {"gov": 0, "sup": 3, "mark": "sop"}}, legacy=[30, 30])
    GAME._finish(t, "End.")
    assert t["result"]["winners"] == [0] and "Pretender" in t["result"]["reason"]
    u = table(prov={"gallia": {"gov": 1}, "pannonia": {"gov": 1}, "thracia": {"gov": 0}}, legacy=[30, 30])
    GAME._finish(u, "End.")
    assert u["result"]["winners"] == [1]
    v = table(prov={"gallia": {"gov": 1}, "thracia": {"gov": 0}},
              armies=[{"owner": 0, "at": "thracia", "full": 2}, {"owner": 1, "at": "gallia"}], legacy=[30, 30])
    GAME._finish(v, "End.")
    assert v["result"]["winners"] == [0]
    w = table(prov={"gallia": {"gov": 1}, "thracia": {"gov": 0}}, legacy=[30, 30])
    with dice(2, 5):
        GAME._finish(w, "End.")
    assert w["result"]["winners"] == [1] and "rolled" in w["result"]["reason"]


def _end_turn(s: dict, crisis: tuple[int, int] | None = None) -> dict:  # type: ignore[type-arg]
    """End the actions, buy nothing, take the refill; the next crisis is scripted."""
    s = act(s, "end")
    while GAME.outcome(s) is None and s["active"] == s["tp"]["seat"] and not (
            s["main"]["stack"] and s["main"]["stack"][-1]["k"] == "actions" and s["active"] != s["tp"]["seat"]):
        c = choices(s)
        nxt = ["done"] if ["done"] in c else c[0]
        last = nxt[0] == "take" and len(s["players"][s["active"]]["hand"]) == 4
        if last and crisis is not None:
            with dice(*crisis):
                s = act(s, *nxt)
            break
        s = act(s, *nxt)
        if last:
            break
    return s


def test_last_round_starts_when_the_emperor_reaches_the_goal() -> None:
    """ToC §7.1: an Emperor ending his turn at 60+ legacy starts the last round; the
    game ends once all have had as many turns."""
    s = table(prov={"italia": {"gov": 0}}, italia=2, legacy=[58, 10], avail=[["senate_1"] * 9] * 2,
              hands=[["senate_1"] * 4, ["senate_1"] * 5])
    s0, s = s, _end_turn(s, crisis_dice(2, "ira_deorum"))
    assert s["last_round"] and s["players"][0]["legacy"] >= 60 and GAME.outcome(s) is None and s["active"] == 1
    # the key moment of the replay (issue 24 §1), and Ann leads by legacy
    assert GAME.moment(s0, s) == (MomentKind.LAST_ROUND, "The last round begins") and GAME.moment(s, s) is None
    legacy = s["players"][0]["legacy"]
    assert GAME.leaders(s) == frozenset({0}) and GAME.lead_label(s, frozenset({0})) == f"Ann takes the lead with {legacy} legacy"
    s = _end_turn(s)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "last round" in out.reason
    assert out.ending is Ending.STANDINGS


def test_short_game_goal_is_forty() -> None:
    """ToC §7.2: the short game ends at 40 legacy."""
    s = table(prov={"italia": {"gov": 0}}, italia=2, legacy=[38, 10], hands=[["senate_1"] * 4, ["senate_1"] * 5],
              options={"short_game": True}, first=1, turns=[0, 1])
    s = _end_turn(s)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)
    assert any("last round begins" in x for x in logs(s))


def test_speed_up_variant_starts_the_next_turn_at_buy() -> None:
    """ToC §6.8 variant: the next player starts when the current one begins Buy/Trash;
    both decide; the next player cannot end his actions before the other finished."""
    s = table(prov={"gallia": {"gov": 0, "sup": 4}}, hands=[["mob"], ["military_1"]], options={"speed_up": True},
              avail=[["senate_1"] * 5, ["senate_1"] * 5])
    w, b = crisis_dice(2, "ira_deorum")
    with dice(w, b):
        s = act(s, "end")
    assert GAME.to_act(s) == [0, 1] and s["active"] == 1
    assert "end" not in names(s, 1) and ["play", "military_1"] in choices(s, 1)
    assert {"buy", "done", "discard"} <= names(s, 0)
    s = act(s, "play", "military_1", seat=1)
    assert GAME.to_act(s) == [0, 1]
    s = act(s, "done", seat=0)
    while 0 in GAME.to_act(s):
        s = act(s, *choices(s, 0)[0], seat=0)
    assert GAME.to_act(s) == [1] and ["end"] in choices(s, 1) and s["turns"] == [1, 0]


def test_a_rival_emperor_costs_his_provinces_governor_support() -> None:
    """ToC §10.2, §6.4: a Rival Emperor lowers the support of the province he stands
    in (in its governor's Support Check) and, while on the map, Italia's support in
    the Emperor's."""
    s = table(n=4, prov={"syria": {"gov": 0, "sup": 3}, "italia": {"gov": 0}}, italia=5,
              rivals={"zenobia": "aegyptus", "priest_king_of_emesa": "syria"})
    s = act(s, "end")
    assert prov(s, "syria")["sup"] == 2 and prov(s, "italia")["sup"] == 4
    assert s["players"][0]["eturns"] == 0
