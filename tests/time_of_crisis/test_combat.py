"""Battles (ToC §8, §10, Castra, Flanking Maneuver, the combat events): the
rulebook's combat example and one test per rule.

Dice order: the attacker's dice, then the defender's; on a Roman side full
legions, reduced legions, Militia, then barbarians serving in the army; on a
barbarian side the counters, then each leader's two dice; bonus dice follow the
die that earned them within their group."""

from __future__ import annotations

from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D

from .toc import act, army_at, choices, dice, gained, names, prov, pts, table


def test_rulebook_combat_example() -> None:
    """ToC §8 combat example: Red plays Flanking Maneuver (Military 3) and attacks
    Green's army in the capital (a full and a reduced legion with a Militia, under
    Castra). Red rolls 5, 3, 3: three hits, one fewer for the Castra. Green rolls 2
    (full legion, miss), 5 (reduced, hit), 4 (Militia, miss). Red leads 2–1 and so
    gets no re-roll; Green loses the Militia first, then chooses to lose the
    reduced legion; beaten, he retreats out of the capital and loses the Castra. Red
    flips a legion, advances into the capital, then trains the legion back with
    one Military, keeping one."""
    s = table(prov={"pannonia": {"gov": 1, "sup": 2, "mil": True}},
              armies=[{"owner": 0, "at": "pannonia", "full": 3},
                      {"owner": 1, "at": "pannonia", "cap": True, "full": 1, "red": 1, "castra": True}],
              hands=[["flanking_maneuver"], []])
    s = act(s, "play", "flanking_maneuver")
    s = act(s, "battle", "army:1", "army:2")
    assert choices(s) == [["flank", "yes"], ["flank", "no"]]
    with dice(5, 3, 3, 2, 5, 4):
        s = act(s, "flank", "yes")
    assert GAME.to_act(s) == [1] and choices(s) == [["hit", "full"], ["hit", "red"]]
    assert not prov(s, "pannonia")["mil"]  # the first hit took the Militia
    s = act(s, "hit", "red")
    assert GAME.to_act(s) == [0] and choices(s) == [["advance", "yes"], ["advance", "no"]]
    green = army_at(s, 1, "pannonia")
    assert (green["full"], green["red"], green["cap"], green["castra"]) == (1, 0, False, False)
    red = army_at(s, 0, "pannonia")
    assert (red["full"], red["red"]) == (2, 1)
    assert s["players"][0]["legacy"] == 2 and s["players"][1]["legacy"] == 0
    s = act(s, "advance", "yes")
    assert army_at(s, 0, "pannonia")["cap"]
    s = act(s, "train", 1)
    red = army_at(s, 0, "pannonia")
    assert (red["full"], red["red"]) == (3, 0) and pts(s) == (1, 0, 0)
    assert s["tp"]["played"] == [["flanking_maneuver", True]]


def test_flanking_maneuver_rerolls_the_attackers_dice_when_not_winning() -> None:
    """Flanking Maneuver (data: own dice, once, only after a result that is not a
    win): the attacker may roll his own dice again and keep the new result."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], barbs={"italia": {"goths": [2, 0]}},
              hands=[["flanking_maneuver"], []])
    s = act(s, "play", "flanking_maneuver")
    s = act(s, "battle", "army:1", "tribe:goths")
    with dice(1, 4, 2):
        s = act(s, "flank", "yes")
    assert choices(s) == [["reroll", "yes"], ["reroll", "no"]]
    with dice(6, 3):  # 6 hits and earns a bonus die (3: hits a full legion too)
        s = act(s, "reroll", "yes")
    s = act(s, "advance", "no")
    assert s["last_battle"]["fa"] == [6, 3] and s["last_battle"]["ha"] == 2 and s["last_battle"]["win"] == "a"
    assert "goths" not in s["barbs"].get("italia", {})
    assert s["players"][0]["legacy"] == 2 + 2  # battle + one per barbarian removed
    assert s["players"][0]["gained"] == gained(battles=4)


def test_sixes_give_bonus_dice_without_limit() -> None:
    """ToC §8.1: each 6 earns a die with the same target, bonus dice included."""
    s = table(armies=[{"owner": 0, "at": "italia", "red": 1, "full": 0}], barbs={"italia": {"goths": [3, 0]}},
              pts={"military": 1})
    with dice(6, 6, 5, 1, 1, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    s = act(s, "advance", "no")
    lb = s["last_battle"]
    assert lb["fa"] == [6, 6, 5] and lb["ha"] == 3 and lb["win"] == "a"


def test_tie_goes_to_the_defender_and_beaten_barbarians_stay() -> None:
    """ToC §8.2: equal hits, the defender wins; barbarians that win stay put."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 2}], barbs={"italia": {"goths": [3, 0]}},
              pts={"military": 1})
    with dice(3, 1, 4, 1, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    lb = s["last_battle"]
    assert (lb["ha"], lb["hd"], lb["win"]) == (1, 1, "d")
    assert s["barbs"]["italia"]["goths"] == [2, 0] and s["players"][0]["legacy"] == 0
    a = army_at(s, 0, "italia")
    assert (a["full"], a["red"]) == (1, 1)


def test_beaten_barbarians_go_home_active_and_the_dead_inactive() -> None:
    """ToC §8.1, §8.2, §8.3: the winner gains 2 legacy and 1 per barbarian counter
    removed; survivors go home active, the removed ones inactive."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 3}], barbs={"italia": {"goths": [2, 1]}},
              pts={"military": 1})
    home = D.homeland("goths")
    before = list(s["barbs"][home]["goths"])
    with dice(3, 4, 1, 1, 1, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    # two hits on three counters: the attacker picks which (active / inactive)
    assert choices(s) == [["hit", "active"], ["hit", "inactive"]]
    s = act(s, "hit", "inactive")  # the second hit can only take an active one
    s = act(s, "advance", "no")
    assert "italia" not in s["barbs"]
    assert s["barbs"][home]["goths"] == [before[0] + 1, before[1] + 2]
    assert s["players"][0]["legacy"] == 2 + 2


def test_loss_order_militia_then_barbarians_then_legions() -> None:
    """ToC §8.1: a player takes hits on Militia first, then barbarians in his army,
    then legions (his choice between flipping a full and removing a reduced one)."""
    s = table(prov={"italia": {"gov": 0, "mil": True}},
              armies=[{"owner": 0, "at": "italia", "cap": True, "full": 1, "red": 1, "foed": ["goths"]}],
              barbs={"italia": {"franks": [3, 0]}}, pts={"military": 1})
    with dice(1, 1, 1, 1, 4, 4, 5):
        s = act(s, "battle", "army:1", "tribe:franks")
    assert not prov(s, "italia")["mil"] and army_at(s, 0, "italia")["foed"] == []
    assert choices(s) == [["hit", "full"], ["hit", "red"]] and GAME.to_act(s) == [0]
    s = act(s, "hit", "full")
    a = army_at(s, 0, "italia")
    assert (a["full"], a["red"]) == (0, 2)
    assert s["barbs"][D.homeland("goths")]["goths"][1] == D.tribes()["goths"]["counters"]  # back home inactive


def test_an_army_wiped_out_sends_its_general_home() -> None:
    """ToC §8.1: when every unit of an army is gone its general returns to the box;
    a side wiped out loses whatever the hits (ToC §8.2)."""
    s = table(armies=[{"owner": 0, "at": "italia", "red": 1, "full": 0}], barbs={"italia": {"goths": [1, 0]}},
              pts={"military": 1})
    with dice(4, 6, 1):  # the reduced legion misses; the barbarian hits and rolls a bonus die
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["armies"] == [] and s["last_battle"]["win"] == "d" and s["last_battle"]["hd"] == 1
    assert s["barbs"]["italia"]["goths"] == [1, 0] and s["players"][0]["legacy"] == 0


def test_both_sides_wiped_out_means_no_winner() -> None:
    """ToC §8.2: both eliminated, nobody wins (no legacy)."""
    s = table(armies=[{"owner": 0, "at": "italia", "red": 1, "full": 0}], barbs={"italia": {"goths": [1, 0]}},
              pts={"military": 1})
    with dice(5, 4):
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["armies"] == [] and s["last_battle"]["win"] is None and s["players"][0]["legacy"] == 0
    assert "italia" not in s["barbs"]


def test_player_defender_who_wins_gains_legacy_and_stays() -> None:
    """ToC §8.2: the winner of a battle, attacker or defender, gains 2 legacy; a
    beaten attacker does not retreat (ToC §8.3)."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}, {"owner": 1, "at": "italia", "cap": True, "full": 2}],
              pts={"military": 1})
    with dice(1, 3, 1):
        s = act(s, "battle", "army:1", "army:2")
    assert s["players"][1]["legacy"] == 2 and army_at(s, 1, "italia")["cap"]
    assert army_at(s, 0, "italia")["red"] == 1


def test_attacking_a_lone_militia() -> None:
    """ToC §6.3.3: a Militia without a general is an army of the governor; beaten,
    it cannot retreat (Militia never moves), so the capital stays held."""
    s = table(prov={"gallia": {"gov": 1, "mil": True}}, armies=[{"owner": 0, "at": "gallia", "full": 1}],
              pts={"military": 1})
    assert ["battle", "army:1", "militia:gallia"] in choices(s)
    with dice(6, 1, 1):
        s = act(s, "battle", "army:1", "militia:gallia")
    assert not prov(s, "gallia")["mil"] and s["players"][0]["legacy"] == 2
    assert choices(s)[:1] == [["advance", "yes"]]


def test_a_lone_militia_can_attack_barbarians() -> None:
    """ToC §6.3.3: a lone Militia is treated as an army for all purposes."""
    s = table(prov={"gallia": {"gov": 0, "mil": True}}, barbs={"gallia": {"franks": [1, 0]}}, pts={"military": 1})
    assert ["battle", "militia:gallia", "tribe:franks"] in choices(s)
    with dice(5, 2):
        s = act(s, "battle", "militia:gallia", "tribe:franks")
    assert s["players"][0]["legacy"] == 3 and "gallia" not in s["barbs"]
    assert "battle" not in names(s)


def test_homeland_battles_ignore_inactive_barbarians() -> None:
    """ToC §4 Army, FAQ 6: armies may enter a homeland and attack the active
    barbarians there; the inactive ones take no part."""
    home = D.homeland("goths")
    s = table(armies=[{"owner": 0, "at": home, "full": 1}], barbs={home: {"goths": [1, 9]}}, pts={"military": 1})
    with dice(3, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["barbs"][home]["goths"] == [0, 10] and s["players"][0]["legacy"] == 3


def test_a_barbarian_leader_rolls_two_dice_and_gives_a_reward() -> None:
    """ToC §10.1: a leader rolls 2 dice at 4+ and falls to one hit; beating it lets
    the winner raise support there for free or cut 2 from his first Military
    card bought this turn."""
    s = table(prov={"thracia": {"gov": 0, "sup": 2}}, armies=[{"owner": 0, "at": "thracia", "full": 2}],
              leaders={"ardashir": "thracia"}, pts={"military": 1})
    assert ["battle", "army:1", "tribe:sassanids"] in choices(s)
    with dice(4, 1, 1, 2):
        s = act(s, "battle", "army:1", "tribe:sassanids")
    assert s["leaders"]["ardashir"] == "gone"
    assert choices(s) == [["reward", "support"], ["reward", "discount"]]
    t = act(s, "reward", "support")
    assert prov(t, "thracia")["sup"] == 3
    u = act(s, "reward", "discount")
    assert u["tp"]["disc"] == ["military"] and prov(u, "thracia")["sup"] == 2


def test_cniva_hits_on_three_and_shapur_costs_the_romans_a_hit() -> None:
    """Leader powers (data, from the fan calculator): Cniva's dice hit on 3+; a Roman
    side fighting Shapur I scores one hit fewer."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], leaders={"cniva": "italia"}, pts={"military": 1})
    with dice(1, 3, 3):
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["last_battle"]["hd"] == 2 and s["armies"] == []
    t = table(armies=[{"owner": 0, "at": "italia", "full": 2}], leaders={"shapur_i": "italia"}, pts={"military": 1})
    with dice(3, 3, 1, 1):
        t = act(t, "battle", "army:1", "tribe:sassanids")
    t = act(t, "advance", "no")  # the reward is the discount (Italia is not his to raise)
    assert t["tp"]["disc"] == ["military"]
    assert t["last_battle"]["ha"] == 1 and t["last_battle"]["win"] == "a" and t["leaders"]["shapur_i"] == "gone"


def test_rival_emperor_rolls_three_dice_and_gives_a_senate_discount() -> None:
    """ToC §10.2: a Rival Emperor rolls 3 dice at 4+ and falls to one hit; the reward
    is a free support step there or −2 on the first Senate card bought."""
    s = table(n=4, armies=[{"owner": 0, "at": "syria", "full": 2}], rivals={"priest_king_of_emesa": "syria"},
              pts={"military": 1})
    with dice(3, 1, 1, 2, 3):
        s = act(s, "battle", "army:1", "rival:priest_king_of_emesa")
    s = act(s, "advance", "no")
    assert s["rivals"]["priest_king_of_emesa"] == "gone" and s["tp"]["disc"] == ["senate"]
    assert s["players"][0]["legacy"] == 2


def test_auguries_shift_roman_targets_including_foederati() -> None:
    """Bad Auguries (data: +1): a full legion needs 4, a barbarian serving in a
    Roman army 5 (FAQ 2); barbarians are unaffected. Good Auguries: −1."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1, "foed": ["franks"]}],
              barbs={"italia": {"goths": [1, 0]}}, lasting=["bad_auguries"], pts={"military": 1})
    with dice(3, 4, 4):
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["last_battle"]["ha"] == 0 and s["last_battle"]["hd"] == 1
    assert army_at(s, 0, "italia")["foed"] == []  # loss order: the barbarian in the army goes first
    t = table(armies=[{"owner": 0, "at": "italia", "full": 1}], barbs={"italia": {"goths": [1, 0]}},
              lasting=["good_auguries"], pts={"military": 1})
    with dice(2, 3):
        t = act(t, "battle", "army:1", "tribe:goths")
    t = act(t, "advance", "no")
    assert t["last_battle"]["ha"] == 1 and t["last_battle"]["hd"] == 0


def test_plague_of_cyprian_adds_a_hit_to_each_side() -> None:
    """Plague of Cyprian (data §15: lasting, +1 hit per side)."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 2}], barbs={"italia": {"goths": [1, 0]}},
              lasting=["plague_of_cyprian"], pts={"military": 1})
    with dice(1, 1, 1):
        s = act(s, "battle", "army:1", "tribe:goths")
    s = act(s, "advance", "no")
    lb = s["last_battle"]
    assert (lb["ha"], lb["hd"], lb["win"]) == (1, 1, "a")  # defender wiped out
    assert army_at(s, 0, "italia")["red"] == 1


def test_castra_takes_one_hit_off() -> None:
    """Castra (rulebook §8 example): the marked army takes one hit fewer."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1, "castra": True}], barbs={"italia": {"goths": [2, 0]}},
              pts={"military": 1})
    with dice(1, 4, 4):
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["last_battle"]["hd"] == 1 and army_at(s, 0, "italia")["red"] == 1
