"""Influence-card events (ToC §5.2; what each card does is in data/cards.json,
several parts reconstructed): one exact-state test per card."""

from __future__ import annotations

from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D

from .toc import act, army_at, choices, crisis_dice, dice, names, prov, pts, refused, table


def test_an_event_needs_its_card_played_and_works_once_per_card() -> None:
    """ToC §5.2: the event of a played card may be used during the turn, once."""
    s = table(armies=[{"owner": 0, "at": "italia"}, {"owner": 0, "at": "gallia"}], hands=[["castra", "castra"], []])
    assert "castra" not in names(s)
    s = act(s, "play", "castra")
    s = act(s, "castra", 1)
    assert army_at(s, 0, "italia")["castra"] and ["castra", 2] not in choices(s)
    s = act(s, "play", "castra")
    s = act(s, "castra", 2)
    assert army_at(s, 0, "gallia")["castra"] and s["tp"]["played"] == [["castra", True], ["castra", True]]


def test_castra_goes_when_the_army_moves_and_at_upkeep() -> None:
    """Castra (ToC §6.1, §8 example): the marker leaves with a move and at the next
    Upkeep."""
    s = table(armies=[{"owner": 0, "at": "italia", "castra": True}], pts={"military": 1})
    s = act(s, "move", 1, "gallia")
    assert not army_at(s, 0, "gallia")["castra"]
    w, b = crisis_dice(2, "ira_deorum")
    with dice(w, b):
        t = table(armies=[{"owner": 0, "at": "italia", "castra": True}, {"owner": 1, "at": "gallia", "castra": True}],
                  phase="start")
    assert not army_at(t, 0, "italia")["castra"] and army_at(t, 1, "gallia")["castra"]


def test_praetorian_guard_is_a_place_governor_in_italia_paid_in_military() -> None:
    """Praetorian Guard (data: Military points, one die each), Basilica dice count
    (ToC FAQ 3)."""
    s = table(prov={"gallia": {"gov": 0, "imps": ["basilica"]}}, italia=2, hands=[["praetorian_guard"], []],
              govs=[2, 1])
    s = act(s, "play", "praetorian_guard")
    assert ["praetorian"] in choices(s)
    s = act(s, "praetorian")
    assert choices(s) == [["spend", k] for k in range(1, 5)]
    with dice(2, 3, 4, 5, 5):
        s = act(s, "spend", 4)
    assert prov(s, "italia")["gov"] == 0 and prov(s, "italia")["sup"] == 2 and pts(s) == (0, 0, 0)
    assert s["tp"]["pg"] == ["italia"] and s["last_pg"]["votes"] == 5


def test_tribute_turns_a_tribe_inactive_anywhere() -> None:
    """Tribute (data: the active counters of one tribe in a province turn inactive;
    any province, governed or not)."""
    s = table(barbs={"gallia": {"franks": [2, 1], "alamanni": [1, 0]}}, hands=[["tribute"], []])
    s = act(s, "play", "tribute")
    assert {tuple(c) for c in choices(s) if c[0] == "tribute"} == {("tribute", "gallia", "franks"),
                                                                   ("tribute", "gallia", "alamanni")}
    s = act(s, "tribute", "gallia", "franks")
    assert s["barbs"]["gallia"] == {"franks": [0, 3], "alamanni": [1, 0]} and pts(s)[1] == 2


def test_foederati_joins_the_army_or_sends_the_barbarian_home() -> None:
    """Foederati (data: a barbarian, not a leader, from the army's region or an
    adjacent one; it joins if the army has fewer barbarians than legions, otherwise
    it goes home inactive)."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], barbs={"gallia": {"franks": [1, 1]}},
              hands=[["foederati", "foederati"], []])
    s = act(s, "play", "foederati")
    assert ["foederati", 1, "gallia", "franks", "active"] in choices(s)
    assert ["foederati", 1, "gallia", "franks", "inactive"] in choices(s)
    s = act(s, "foederati", 1, "gallia", "franks", "active")
    assert army_at(s, 0, "italia")["foed"] == ["franks"] and s["barbs"]["gallia"]["franks"] == [0, 1]
    s = act(s, "play", "foederati")
    home = D.homeland("franks")
    before = list(s["barbs"][home]["franks"])
    s = act(s, "foederati", 1, "gallia", "franks", "inactive")
    assert army_at(s, 0, "italia")["foed"] == ["franks"] and "gallia" not in s["barbs"]
    assert s["barbs"][home]["franks"] == [before[0], before[1] + 1]


def test_foederati_do_not_cost_support_and_fight_as_units() -> None:
    """ToC §6.4: only non-Foederati barbarians cost support; a barbarian in the army
    counts as a unit (Place Governor votes, ToC §6.3.2)."""
    s = table(prov={"gallia": {"gov": 1, "sup": 2}},
              armies=[{"owner": 0, "at": "gallia", "cap": True, "full": 1, "foed": ["franks"]}])
    assert GAME.votes_needed(s, 0, "gallia") == 2
    t = table(prov={"italia": {"gov": 0}}, armies=[{"owner": 0, "at": "italia", "foed": ["franks"]}], italia=3)
    t = act(t, "end")
    assert prov(t, "italia")["sup"] == 3


def test_damnatio_memoriae_erases_the_deposed_emperors_turns() -> None:
    """Damnatio Memoriae (timing confirmed: during a Place Governor; effect data
    placeholder): after taking Italia from a player, his Emperor Turns go to 0."""
    s = table(prov={"italia": {"gov": 1}, "gallia": {"gov": 0}}, italia=1, hands=[["damnatio_memoriae"], []],
              eturns=[0, 3], govs=[2, 2])
    s = act(s, "play", "damnatio_memoriae")
    s = act(s, "place_governor", "italia")
    with dice(4, 4):
        s = act(s, "spend", 2)
    assert choices(s) == [["damnatio", "yes"], ["damnatio", "no"]]
    s = act(s, "damnatio", "yes")
    assert s["players"][1]["eturns"] == 0 and s["tp"]["played"] == [["damnatio_memoriae", True]]


def test_quaestor_makes_replacing_the_governor_harder() -> None:
    """Quaestor (data placeholder: +1 vote needed for others' Place Governor); it
    goes at its owner's next Upkeep (ToC §6.1)."""
    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, hands=[["quaestor"], []])
    s = act(s, "play", "quaestor")
    s = act(s, "quaestor", "gallia")
    assert prov(s, "gallia")["q"]
    assert GAME.votes_needed(s, 1, "gallia") == 4 + D.param("quaestor", "votes_added")
    assert GAME.votes_needed(s, 0, "gallia") == 4  # no effect on yourself


def test_mob_adds_a_mob_anywhere() -> None:
    """Mob (data placeholder: one Mob counter in any province)."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3}}, hands=[["mob"], []])
    s = act(s, "play", "mob")
    assert {c[1] for c in choices(s) if c[0] == "mob"} == set(D.provinces())
    s = act(s, "mob", "gallia")
    assert prov(s, "gallia")["mobs"] == 1 and pts(s)[2] == 3


def test_mob_counters_run_out() -> None:
    """ToC §2, §11: 16 Mob counters (each shows 1 or 2): at most 32 mobs."""
    many = {pid: {"mobs": 4} for pid in D.provinces()[:8]}
    s = table(prov=many, hands=[["mob"], []])
    s = act(s, "play", "mob")
    assert "mob" not in names(s)


def test_pretender_claims_a_connected_empire() -> None:
    """Pretender (ToC §12.1; eligibility data): Seat of Power in a province you
    govern (not Italia) with support 3+, Breakaway on your provinces with support
    3+ linked to it, Gallia–Britannia counting as linked."""
    s = table(n=4, prov={"gallia": {"gov": 0, "sup": 3}, "britannia": {"gov": 0, "sup": 4},
                         "hispania": {"gov": 0, "sup": 2}, "italia": {"gov": 1}, "syria": {"gov": 0, "sup": 4}},
              hands=[["pretender"], [], [], []])
    s = act(s, "play", "pretender")
    assert {c[1] for c in choices(s) if c[0] == "pretender"} == {"gallia", "britannia", "syria"}
    s = act(s, "pretender", "gallia")
    marks = {pid: p["mark"] for pid, p in s["prov"].items() if p["mark"]}
    assert marks == {"gallia": "sop", "britannia": "brk"}


def test_pretender_is_not_for_the_emperor() -> None:
    """Pretender (data): only a player who is not the Emperor."""
    s = table(prov={"gallia": {"gov": 0, "sup": 3}, "italia": {"gov": 0}}, hands=[["pretender"], []])
    s = act(s, "play", "pretender")
    assert "pretender" not in names(s)
    refused(s, "pretender", "gallia")
