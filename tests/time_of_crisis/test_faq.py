"""The rulebook's Frequently Asked Questions (ToC FAQ), one test per answer."""

from __future__ import annotations

from py_engine.time_of_crisis import components as D

from .toc import act, choices, crisis_dice, dice, names, prov, table


def test_faq1_neutral_provinces_never_lose_support() -> None:
    """ToC FAQ 1: Rival Emperors and barbarians never lower a Neutral province's
    support; support only drops in its governor's own Support Check (here the
    active player's turn passes over a Neutral province with barbarians and a Rival
    Emperor, and over another player's province)."""
    s = table(prov={"gallia": {"gov": -1, "sup": 1}, "pannonia": {"gov": 1, "sup": 2}, "italia": {"gov": 1}},
              italia=3, barbs={"gallia": {"franks": [3, 0]}, "pannonia": {"goths": [2, 0]}},
              rivals={"postumus": "gallia"})
    s = act(s, "end")
    assert prov(s, "gallia")["sup"] == 1 and prov(s, "pannonia")["sup"] == 2 and prov(s, "italia")["sup"] == 3


def test_faq2_barbarians_in_a_players_army_feel_bad_auguries() -> None:
    """ToC FAQ 2: a barbarian that joined an army is treated like a legion, Bad
    Auguries included (its 4+ becomes 5+)."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 0, "red": 1, "foed": ["franks"]}],
              barbs={"italia": {"goths": [1, 0]}}, lasting=["bad_auguries"], pts={"military": 1})
    with dice(5, 4, 1):  # reduced legion needs 6: miss; the Frank needs 5: miss; the Goth misses
        s = act(s, "battle", "army:1", "tribe:goths")
    assert s["last_battle"]["ha"] == 0


def test_faq3_basilica_applies_to_praetorian_guard() -> None:
    """ToC FAQ 3: the Basilica dice apply to Praetorian Guard's Place Governor."""
    s = table(prov={"gallia": {"gov": 0, "imps": ["basilica"]}, "pannonia": {"gov": 0, "imps": ["basilica"]}},
              italia=2, hands=[["praetorian_guard"], []], govs=[3, 1])
    s = act(s, "play", "praetorian_guard")
    s = act(s, "praetorian")
    with dice(2, 2, 2):  # one Military point plus two Basilica dice
        s = act(s, "spend", 1)
    assert s["last_pg"]["faces"] == [2, 2, 2]


def test_faq4_sassanid_leaders_in_two_player_games_do_nothing() -> None:
    """ToC FAQ 4: with two players the Sassanid leader events are resolved but never
    matter (the Sassanids are out of the game)."""
    for eid in ("ardashir", "shapur_i"):
        w, b = crisis_dice(2, "event")
        with dice(w, b):
            s = table(n=2, phase="start", events=[eid, "diocletian"])
        assert s["leaders"][D.events()[eid]["params"]["leader"]] == "box"
        assert D.homeland("sassanids") not in s["barbs"]
        assert not any(c[0] == "battle" for c in choices(s))


def test_faq5_a_leader_counts_as_a_barbarian() -> None:
    """ToC FAQ 5: a lone barbarian leader blocks improvements and costs support."""
    s = table(prov={"thracia": {"gov": 0, "sup": 2}}, leaders={"cniva": "thracia"}, pts={"populace": 3})
    assert "build" not in names(s)
    s = act(s, "end")
    assert prov(s, "thracia")["sup"] == 1


def test_faq6_armies_may_attack_active_barbarians_at_home() -> None:
    """ToC FAQ 6: an army may move into a homeland (a region) and attack the active
    barbarians there."""
    home = D.homeland("goths")
    s = table(prov={"thracia": {"gov": 0}}, armies=[{"owner": 0, "at": "thracia", "full": 2}],
              barbs={home: {"goths": [2, 8]}}, pts={"military": 2})
    d = D.distances("thracia")[home]
    assert d == 1 and ["move", 1, home] in choices(s)
    s = act(s, "move", 1, home)
    assert ["battle", "army:1", "tribe:goths"] in choices(s)


def test_faq7_breakaway_stays_below_support_three() -> None:
    """ToC FAQ 7: a Breakaway province whose support falls below 3 stays in the
    empire."""
    s = table(n=4, prov={"gallia": {"gov": 0, "sup": 3, "mark": "sop"}, "britannia": {"gov": 0, "sup": 2, "mark": "brk"}},
              barbs={"britannia": {"franks": [1, 0]}})
    s = act(s, "end")
    assert prov(s, "britannia")["sup"] == 1 and prov(s, "britannia")["mark"] == "brk"
