"""Take Actions (ToC §6.3): one exact-state test per action, its cost and limits,
and the rulebook's examples for Add Legion, movement and Increase Support."""

from __future__ import annotations

from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D

from .toc import act, army_at, choices, names, prov, pts, refused, table


def test_playing_cards_gives_influence_in_its_suit() -> None:
    """ToC §5.1: a card gives its value in its suit's points; the card is played
    (face up) and its event becomes available (ToC §5.2)."""
    s = table(hands=[["military_1", "castra", "senate_1"], []])
    s = act(s, "play", "castra")
    assert pts(s) == (2, 0, 0) and s["players"][0]["hand"] == ["military_1", "senate_1"]
    assert s["tp"]["played"] == [["castra", False]]
    s = act(s, "play", "senate_1")
    assert pts(s) == (2, 1, 0) and s["tp"]["played"] == [["castra", False], ["senate_1", True]]
    refused(s, "play", "castra")


def test_recruit_general_pays_the_printed_cost() -> None:
    """ToC §6.3.1 Recruit General: Military equal to the counter's cost (data)."""
    s = table(prov={"gallia": {"gov": 0}}, pts={"military": 3})
    costs = D.general_costs()
    assert [c for c in choices(s) if c[0] == "recruit_general"] == [
        ["recruit_general", i] for i, c in enumerate(costs) if c is not None and c <= 3]
    s = act(s, "recruit_general", 2)
    assert pts(s)[0] == 3 - costs[2] and s["players"][0]["gens"] == [True, False, True, False, False, False]
    refused(s, "recruit_general", 2)


def test_create_army_places_a_general_and_a_legion_in_a_governed_province() -> None:
    """ToC §6.3.1 Create Army: 1 Military, a general from the box and a full legion,
    in a province you govern (outside the capital)."""
    s = table(prov={"gallia": {"gov": 0}}, pts={"military": 1}, gens=[2, 1])
    assert ["create_army", "gallia"] in choices(s) and ["create_army", "italia"] not in choices(s)
    s = act(s, "create_army", "gallia")
    a = army_at(s, 0, "gallia")
    assert (a["full"], a["red"], a["cap"]) == (1, 0, False) and pts(s)[0] == 0
    t = table(prov={"gallia": {"gov": 0}}, pts={"military": 1}, armies=[{"owner": 0, "at": "italia"}])
    # the only claimed general leads the army in Italia: none is left in the box
    assert "create_army" not in names(t)


def test_add_legion_costs_the_legions_after_adding() -> None:
    """ToC §6.3.1 Add Legion example: a second legion costs 2, a third 3; only in a
    province you govern."""
    s = table(prov={"gallia": {"gov": 0}}, armies=[{"owner": 0, "at": "gallia"}, {"owner": 0, "at": "italia"}],
              pts={"military": 5})
    assert ["add_legion", 1] in choices(s) and ["add_legion", 2] not in choices(s)
    s = act(s, "add_legion", 1)
    assert army_at(s, 0, "gallia")["full"] == 2 and pts(s)[0] == 3
    s = act(s, "add_legion", 1)
    assert army_at(s, 0, "gallia")["full"] == 3 and pts(s)[0] == 0


def test_train_legions_flips_a_reduced_legion() -> None:
    """ToC §6.3.1 Train Legions: 1 Military per reduced legion."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 0, "red": 2}], pts={"military": 1})
    s = act(s, "train", 1)
    assert (army_at(s, 0, "italia")["full"], army_at(s, 0, "italia")["red"]) == (1, 1) and pts(s)[0] == 0
    assert "train" not in names(s)


def test_movement_costs_of_the_rulebook_example() -> None:
    """ToC §6.3.1 movement example: from Africa, Aegyptus costs 1, Italia 2, Asia 3,
    Britannia 4; a move ends outside the capital and never at sea."""
    s = table(n=4, prov={"africa": {"gov": 0}}, armies=[{"owner": 0, "at": "africa", "cap": True}],
              pts={"military": 4})
    moves = {c[2]: c for c in choices(s) if c[0] == "move"}
    assert all(D.regions()[r]["type"] != "sea" for r in moves)
    for dest, cost in (("aegyptus", 1), ("italia", 2), ("asia", 3), ("britannia", 4)):
        t = act(s, "move", 1, dest)
        a = army_at(t, 0, dest)
        assert pts(t)[0] == 4 - cost and not a["cap"], dest
    assert ["move", 1, "africa"] not in choices(s)


def test_capital_in_and_out_is_free_and_holds_one_army() -> None:
    """ToC §6.3.1: entering an empty capital or leaving it costs nothing; only one
    army fits; your own Militia stacks with your army."""
    s = table(prov={"gallia": {"gov": 0, "mil": True}},
              armies=[{"owner": 0, "at": "gallia"}, {"owner": 1, "at": "gallia"}, {"owner": 0, "at": "italia"}])
    assert ["enter_capital", 1] in choices(s)
    s = act(s, "enter_capital", 1)
    assert army_at(s, 0, "gallia")["cap"] and pts(s) == (0, 0, 0)
    assert ["enter_capital", 3] in choices(s)  # Italia's capital is empty
    s = act(s, "leave_capital", 1)
    assert not army_at(s, 0, "gallia")["cap"]
    t = table(prov={"gallia": {"gov": 1, "mil": True}}, armies=[{"owner": 0, "at": "gallia"}])
    assert ["enter_capital", 1] not in choices(t)  # another player's Militia holds it


def test_initiate_battle_costs_one_and_locks_the_army() -> None:
    """ToC §6.3.1 Initiate Battle: 1 Military; an army that fought may not move or
    start a battle again this turn."""
    from .toc import dice

    s = table(armies=[{"owner": 0, "at": "italia", "full": 2}], barbs={"italia": {"goths": [1, 0]}},
              pts={"military": 3})
    assert ["battle", "army:1", "tribe:goths"] in choices(s)
    with dice(3, 3, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    a = army_at(s, 0, "italia")
    assert a["fought"] and pts(s)[0] == 2
    assert not any(c[0] in ("move", "battle") and c[1] in (1, "army:1") for c in choices(s))


def test_disperse_mob_removes_a_mob_per_unit_and_costs_support() -> None:
    """ToC §6.3.1 Disperse Mob: 1 Military, an army in a province you govern; support
    −1 and as many mobs removed as the army has units (its Militia too)."""
    s = table(prov={"gallia": {"gov": 0, "sup": 3, "mobs": 4, "mil": True}},
              armies=[{"owner": 0, "at": "gallia", "cap": True, "full": 1, "red": 1}], pts={"military": 1})
    s = act(s, "disperse", 1)
    assert prov(s, "gallia")["mobs"] == 1 and prov(s, "gallia")["sup"] == 2 and pts(s)[0] == 0
    assert not army_at(s, 0, "gallia")["fought"]


def test_recruit_governor_pays_the_printed_cost() -> None:
    """ToC §6.3.2 Recruit Governor: Senate equal to the counter's cost (data)."""
    s = table(pts={"senate": 2})
    assert [c for c in choices(s) if c[0] == "recruit_governor"] == [
        ["recruit_governor", i] for i, c in enumerate(D.governor_costs()) if c is not None and c <= 2]
    s = act(s, "recruit_governor", 1)
    assert s["players"][0]["govs"][1] and pts(s)[1] == 2 - D.governor_costs()[1]


def test_recall_governor_leaves_a_neutral_at_one() -> None:
    """ToC §6.3.2 Recall Governor: 2 Senate; a Neutral governor on support 1; mobs
    and Militia go with the governor (ToC §6.3.3, §11.2); no Place Governor there
    this turn."""
    s = table(prov={"gallia": {"gov": 0, "sup": 3, "mobs": 1, "mil": True}}, pts={"senate": 3}, govs=[2, 1])
    s = act(s, "recall", "gallia")
    assert prov(s, "gallia") | {} == prov(s, "gallia") and prov(s, "gallia")["gov"] == -1
    assert (prov(s, "gallia")["sup"], prov(s, "gallia")["mobs"], prov(s, "gallia")["mil"]) == (1, 0, False)
    assert pts(s)[1] == 1 and ["place_governor", "gallia"] not in choices(s)


def test_increase_support_costs_the_next_space() -> None:
    """ToC §6.3.3 example: Syria from 2 to 3 costs 3 Populace; never in Italia; not
    past the top of the track."""
    s = table(n=4, prov={"syria": {"gov": 0, "sup": 2}, "italia": {"gov": 0}}, pts={"populace": 7})
    assert ["support", "italia"] not in choices(s)
    s = act(s, "support", "syria")
    assert prov(s, "syria")["sup"] == 3 and pts(s)[2] == 4
    s = act(s, "support", "syria")
    assert prov(s, "syria")["sup"] == 4 and pts(s)[2] == 0
    t = table(n=4, prov={"syria": {"gov": 0, "sup": 4}}, pts={"populace": 9})
    assert ["support", "syria"] not in choices(t)


def test_place_militia_needs_a_free_capital() -> None:
    """ToC §6.3.3 Place Militia: 2 Populace, in a governed province without one and
    with no enemy unit in the capital."""
    s = table(prov={"gallia": {"gov": 0}, "italia": {"gov": 0}}, armies=[{"owner": 1, "at": "italia", "cap": True}],
              pts={"populace": 2})
    assert ["militia", "italia"] not in choices(s)
    s = act(s, "militia", "gallia")
    assert prov(s, "gallia")["mil"] and pts(s)[2] == 0


def test_hold_games_removes_one_mob() -> None:
    """ToC §6.3.3 Hold Games: 2 Populace, one mob fewer."""
    s = table(prov={"gallia": {"gov": 0, "sup": 3, "mobs": 2}}, pts={"populace": 2})
    s = act(s, "games", "gallia")
    assert prov(s, "gallia")["mobs"] == 1 and pts(s)[2] == 0


def test_build_improvement_and_what_blocks_it() -> None:
    """ToC §6.3.3 Build an Improvement: 3 Populace, one of each kind per province; not
    with a mob, active barbarians, a Rival Emperor or another player's army in the
    capital (FAQ: a leader counts as a barbarian)."""
    s = table(prov={"gallia": {"gov": 0, "imps": ["limes"]}}, pts={"populace": 3})
    assert ["build", "gallia", "limes"] not in choices(s)
    s = act(s, "build", "gallia", "basilica")
    assert prov(s, "gallia")["imps"] == ["limes", "basilica"] and pts(s)[2] == 0
    for extra in ({"prov": {"gallia": {"gov": 0, "mobs": 1, "sup": 2}}},
                  {"barbs": {"gallia": {"franks": [1, 0]}}},
                  {"rivals": {"postumus": "gallia"}},
                  {"leaders": {"cniva": "gallia"}},
                  {"armies": [{"owner": 1, "at": "gallia", "cap": True}]}):
        base = {"prov": {"gallia": {"gov": 0}}, "pts": {"populace": 3}}
        t = table(**(base | extra))  # type: ignore[arg-type]
        assert "build" not in names(t), extra
    t = table(prov={"gallia": {"gov": 0}}, barbs={"gallia": {"franks": [0, 2]}}, pts={"populace": 3})
    assert "build" in names(t)  # inactive barbarians do not block


def test_end_actions_moves_on_and_points_are_lost() -> None:
    """ToC §5.1: unspent points are lost at the end of the turn; ending the actions
    runs Support Check, Expand and Gain Legacy, then Buy/Trash."""
    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, pts={"military": 2})
    s = act(s, "end")
    assert s["players"][0]["legacy"] == 1
    # nothing is affordable with 2 political points (a 2-value card costs 4 with one
    # province, ToC §5.3) and the hand is empty: Buy/Trash passes, the refill begins
    assert s["main"]["stack"][-1] | {} == {"k": "turn_end", "seat": 0, "ph": "refill", "pp": 2, "bought": 0,
                                           "disc": []}
    assert names(s) == {"take"}


def test_actions_out_of_turn_are_refused() -> None:
    """Only the active player takes actions; unaffordable actions are not offered."""
    s = table(prov={"gallia": {"gov": 0}}, hands=[["military_1"], ["military_1"]])
    refused(s, "play", "military_1", seat=1)
    refused(s, "create_army", "gallia")
    refused(s, "zzz")
    assert GAME.to_act(s) == [0]
