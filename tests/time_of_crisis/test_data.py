"""Component data (data/*.json): what is confirmed stays marked so, every value
marked unconfirmed is read from the data and nowhere else (each is changed here
and the rules must follow), and the rulebook's numbers the data must reproduce.

The data transcribes the project's data specification (section 13, with the
corrections of section 15); statuses are ``confirmed``, ``partial``,
``unconfirmed`` or ``designed``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D
from py_engine.time_of_crisis.effects import invade

from .toc import act, choices, crisis_dice, dice, gained, prov, table


def test_the_map_reproduces_the_rulebook() -> None:
    """ToC §4, §6.3.1: 12 provinces, 5 homelands; adjacency is symmetric; Hispania–
    Africa and Thracia–Asia touch; from Africa: Aegyptus 1, Italia 2, Asia 3,
    Britannia 4; Gallia–Britannia are linked only for Pretenders."""
    regs = D.regions()
    assert len(D.provinces()) == 12 and sum(1 for r in regs.values() if r["type"] == "homeland") == 5
    for r in regs:
        for q in D.adjacent(r):
            assert r in D.adjacent(q), (r, q)
    assert "africa" in D.adjacent("hispania") and "asia" in D.adjacent("thracia")
    d = D.distances("africa")
    assert {k: d[k] for k in D.raw()["map"]["confirmed_distances_from_africa"]} == {
        "aegyptus": 1, "italia": 2, "asia": 3, "britannia": 4}
    assert "britannia" not in D.adjacent("gallia") and "britannia" in D.pretender_adjacent("gallia")
    assert set(D.raw()["map"]["layout"]["xy"]) == set(regs)
    # every region has a short name for the whole-map view (issue 25 §1), no two alike
    short = D.raw()["map"]["layout"]["short"]
    assert set(short) == set(regs) and len(set(short.values())) == len(short)
    assert all(1 <= len(s) <= 5 for s in short.values()), short


def test_statuses_are_kept() -> None:
    """The statuses of the specification: one invasion path confirmed of 30, the crisis
    tables and the adjacency unconfirmed, card names confirmed, recruit costs mixed."""
    paths = D.raw()["barbarians"]["invasion_paths"]
    confirmed = [(t, w) for t, d in paths.items() for w, x in d.items() if x["status"] == "confirmed"]
    assert confirmed == [("sassanids", "3")]
    assert D.raw()["crisis"]["tables_status"] == "unconfirmed" and D.raw()["crisis"]["index_status"] == "unconfirmed"
    assert D.raw()["map"]["adjacency_status"] == "unconfirmed"
    assert all(c["status"] == "confirmed" for c in D.cards().values() if c["value"] == 1)
    assert D.raw()["counters"]["governor_costs"]["status"] == [
        "confirmed", "partial", "partial", "partial", "unconfirmed", "unconfirmed"]
    assert D.events()["diocletian"]["status"] == "confirmed"
    assert {e: D.events()[e]["status"] for e in ("palmyra_allies", "ludi_saeculares", "raiding_parties",
                                                   "preparing_for_war")} == dict.fromkeys(
        ("palmyra_allies", "ludi_saeculares", "raiding_parties", "preparing_for_war"), "unconfirmed")
    assert D.raw()["map"]["layout"]["status"] == "designed"


def test_second_search_corrections_are_applied() -> None:
    """The specification's section 15 overrides: Plague of Cyprian is a lasting +1 hit
    per side; Auguries are ±1; Cniva hits on 3+; Shapur I costs the Romans a hit;
    Flanking Maneuver re-rolls only a result that is not a win; Tribute turns
    barbarians inactive; Quaestor adds votes; Foederati reaches an adjacent region;
    Ludi Saeculares is lasting."""
    ev = D.events()
    assert ev["plague_of_cyprian"]["lasting"] and ev["plague_of_cyprian"]["params"] == {"extra_hits_per_side": 1}
    assert ev["good_auguries"]["params"]["roman_target"] == -1 and ev["bad_auguries"]["params"]["roman_target"] == 1
    assert D.leaders()["cniva"]["hit_on"] == 3 and D.leaders()["shapur_i"]["roman_hits"] == -1
    assert D.param("flanking_maneuver", "only_if_not_winning") is True
    assert D.param("tribute", "result") == "inactive" and D.param("quaestor", "votes_added") == 1
    assert D.param("foederati", "reach") == 1 and ev["ludi_saeculares"]["lasting"]


def test_card_counts() -> None:
    """ToC §2: 105 influence cards, per suit 12 × 1, 9 × 2, 8 × 3, 6 × 4; 15 events."""
    cards = D.cards()
    assert sum(c["copies"] for c in cards.values()) == 105
    for suit in D.SUITS:
        assert sorted((c["value"], c["copies"]) for c in cards.values() if c["suit"] == suit) == [
            (1, 12), (2, 9), (3, 8), (4, 6)]
    assert len(D.events()) == 15


def test_data_notes_say_what_is_unconfirmed() -> None:
    """``Game.data_notes`` (shown in the app) names the placeholders in plain words."""
    notes = GAME.data_notes
    for words in ("map borders", "invasion paths", "crisis tables", "recruit costs", "Palmyra Allies",
                  "Ludi Saeculares", "Raiding Parties", "Preparing for War"):
        assert words in notes
    assert GAME.describe()["data_notes"] == notes


# ---- every unconfirmed value is read from the data -------------------------------------------------
def patch(change: Callable[[dict[str, Any]], None]) -> Any:
    """Shorthand for :func:`components.patched`."""
    return D.patched(change)


def test_adjacency_and_sea_zones_come_from_data() -> None:
    """map/adjacency, map/regions (sea zones): drop the western sea and moves from
    Africa to Italia cost 3 instead of 2."""
    s = table(n=4, armies=[{"owner": 0, "at": "africa"}], pts={"military": 3})
    assert act(s, "move", 1, "italia")["tp"]["pts"]["military"] == 1

    def no_west_sea(d: dict[str, Any]) -> None:
        m = d["map"]
        m["regions"] = [r for r in m["regions"] if r["id"] != "mare_occidentale"]
        del m["adjacency"]["mare_occidentale"]
        for k in m["adjacency"]:
            m["adjacency"][k] = [x for x in m["adjacency"][k] if x != "mare_occidentale"]
        del m["layout"]["xy"]["mare_occidentale"]

    with patch(no_west_sea):
        assert D.distances("africa")["italia"] == 3
        t = table(n=4, armies=[{"owner": 0, "at": "africa"}], pts={"military": 3})
        assert act(t, "move", 1, "italia")["tp"]["pts"]["military"] == 0


UNCONFIRMED_PATHS = [(t, int(w)) for t, d in D.raw()["barbarians"]["invasion_paths"].items()
                     for w, x in d.items() if x["status"] == "unconfirmed"]


@pytest.mark.parametrize("tribe,white", UNCONFIRMED_PATHS)
def test_invasion_paths_come_from_data(tribe: str, white: int) -> None:
    """barbarians/invasion_paths: change a path and the invaders follow it."""
    def change(d: dict[str, Any]) -> None:
        d["barbarians"]["invasion_paths"][tribe][str(white)]["path"] = ["macedonia", "italia"]

    with patch(change):
        s = table(n=4, barbs={D.homeland(tribe): {tribe: [5, 5]}})
        placed = invade(s, tribe, 5, white)
    assert placed == [["macedonia", 3, 0, []], ["italia", 2, 0, []]]


def test_crisis_tables_and_their_index_come_from_data() -> None:
    """crisis/tables, crisis/index: the result follows the table; an index the
    engine does not know is refused with a clear error."""
    def all_pax(d: dict[str, Any]) -> None:
        d["crisis"]["tables"]["2"] = {str(k): "pax_deorum" for k in range(2, 13)}

    with patch(all_pax):
        assert {D.crisis_result(2, w, b) for w in range(1, 7) for b in range(1, 7)} == {"pax_deorum"}
        with dice(6, 6):
            s = table(phase="start")
        assert s["crisis"]["result"] == "pax_deorum"

    def other_index(d: dict[str, Any]) -> None:
        d["crisis"]["index"] = "white_then_black"

    with patch(other_index), pytest.raises(ValueError, match="crisis index"):
        D.crisis_result(2, 3, 4)


@pytest.mark.parametrize("kind,index", [("governor_costs", i) for i, x in enumerate(
    D.raw()["counters"]["governor_costs"]["status"]) if x == "unconfirmed"] + [("general_costs", i) for i, x in enumerate(
    D.raw()["counters"]["general_costs"]["status"]) if x == "unconfirmed"])
def test_recruit_costs_come_from_data(kind: str, index: int) -> None:
    """counters/*_costs: a changed printed cost is the price paid."""
    def change(d: dict[str, Any]) -> None:
        d["counters"][kind]["values"][index] = 1

    verb = "recruit_governor" if kind == "governor_costs" else "recruit_general"
    suit = "senate" if kind == "governor_costs" else "military"
    assert [verb, index] not in choices(table(pts={suit: 1}))
    with patch(change):
        s = table(pts={suit: 1})
        s = act(s, verb, index)
    assert s["tp"]["pts"][suit] == 0


def test_castra_armies_come_from_data() -> None:
    """cards castra/armies: 'governed' limits Castra to armies in your provinces."""
    kw: dict[str, Any] = dict(prov={"gallia": {"gov": 0}}, armies=[{"owner": 0, "at": "gallia"},
                                                                   {"owner": 0, "at": "italia"}],
                              played=[["castra", False]])
    assert {c[1] for c in choices(table(**kw)) if c[0] == "castra"} == {1, 2}

    def change(d: dict[str, Any]) -> None:
        next(c for c in d["cards"]["cards"] if c["id"] == "castra")["params"]["armies"]["value"] = "governed"

    with patch(change):
        assert {c[1] for c in choices(table(**kw)) if c[0] == "castra"} == {1}


def _card_param(cid: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        next(c for c in d["cards"]["cards"] if c["id"] == cid)["params"][key]["value"] = value
    return change


def test_praetorian_guard_payment_and_condition_come_from_data() -> None:
    """cards praetorian_guard/suit, /needs_army_in_italia."""
    kw: dict[str, Any] = dict(played=[["praetorian_guard", False]], govs=[2, 1])
    assert ["praetorian"] in choices(table(pts={"military": 2}, **kw))
    with patch(_card_param("praetorian_guard", "suit", "senate")):
        assert ["praetorian"] not in choices(table(pts={"military": 2}, **kw))
        s = act(table(pts={"senate": 2}, **kw), "praetorian")
        assert s["main"]["stack"][-1]["suit"] == "senate"
    with patch(_card_param("praetorian_guard", "needs_army_in_italia", True)):
        assert ["praetorian"] not in choices(table(pts={"military": 2}, **kw))
        assert ["praetorian"] in choices(table(pts={"military": 2}, armies=[{"owner": 0, "at": "italia"}], **kw))


def test_tribute_regions_come_from_data() -> None:
    """cards tribute/regions: 'any' lets Tribute reach a homeland too."""
    home = D.homeland("franks")
    kw: dict[str, Any] = dict(barbs={home: {"franks": [3, 7]}}, played=[["tribute", False]])
    assert ["tribute", home, "franks"] not in choices(table(**kw))
    with patch(_card_param("tribute", "regions", "any")):
        assert ["tribute", home, "franks"] in choices(table(**kw))


def test_foederati_inactive_barbarians_come_from_data() -> None:
    """cards foederati/inactive_allowed."""
    kw: dict[str, Any] = dict(armies=[{"owner": 0, "at": "gallia"}], barbs={"gallia": {"franks": [0, 2]}},
                              played=[["foederati", False]])
    assert ["foederati", 1, "gallia", "franks", "inactive"] in choices(table(**kw))
    with patch(_card_param("foederati", "inactive_allowed", False)):
        assert not any(c[0] == "foederati" for c in choices(table(**kw)))


def test_damnatio_memoriae_effect_comes_from_data() -> None:
    """cards damnatio_memoriae/effect: 'none' and the card asks nothing."""
    kw: dict[str, Any] = dict(prov={"italia": {"gov": 1}, "gallia": {"gov": 0}}, italia=1,
                              played=[["damnatio_memoriae", False]], pts={"senate": 2}, eturns=[0, 3], govs=[2, 2])
    with patch(_card_param("damnatio_memoriae", "effect", "none")):
        s = act(table(**kw), "place_governor", "italia")
        with dice(4, 4):
            s = act(s, "spend", 2)
        assert s["players"][1]["eturns"] == 3 and s["main"]["stack"][-1]["k"] == "actions"


def test_quaestor_votes_come_from_data() -> None:
    """cards quaestor/votes_added."""
    s = table(prov={"gallia": {"gov": 1, "sup": 2, "q": True}})
    with patch(_card_param("quaestor", "votes_added", 3)):
        assert GAME.votes_needed(s, 0, "gallia") == 7


def test_mob_count_and_targets_come_from_data() -> None:
    """cards mob/mobs_added, mob/targets."""
    with patch(_card_param("mob", "mobs_added", 2)):
        s = act(table(prov={"gallia": {"gov": 1, "sup": 3}}, played=[["mob", False]]), "mob", "gallia")
        assert prov(s, "gallia")["mobs"] == 2
    with patch(_card_param("mob", "targets", "other_players")):
        t = table(prov={"gallia": {"gov": 1, "sup": 3}, "italia": {"gov": 0}}, played=[["mob", False]])
        assert {c[1] for c in choices(t) if c[0] == "mob"} == {"gallia"}


def _event_param(eid: str, **params: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        next(e for e in d["events"]["events"] if e["id"] == eid)["params"].update(params)
    return change


def test_palmyra_allies_comes_from_data() -> None:
    """events palmyra_allies: another tribe, sent home active."""
    home = D.homeland("goths")
    w, b = crisis_dice(4, "event")
    with patch(_event_param("palmyra_allies", tribe="goths", side="active")), dice(w, b):
        s = table(n=4, phase="start", events=["palmyra_allies", "diocletian"], barbs={"thracia": {"goths": [1, 1]},
                                                                                          home: {"goths": [0, 8]}})
    assert s["barbs"][home]["goths"] == [2, 8]


def test_ludi_saeculares_comes_from_data() -> None:
    """events ludi_saeculares: the Emperor's legacy gain."""
    w, b = crisis_dice(2, "event")
    with patch(_event_param("ludi_saeculares", emperor_legacy=3)), dice(w, b):
        s = table(phase="start", events=["ludi_saeculares", "diocletian"], prov={"italia": {"gov": 1}})
    assert s["players"][1]["legacy"] == 3 and s["players"][1]["gained"] == gained(events=3)


def test_raiding_parties_and_preparing_for_war_come_from_data() -> None:
    """events raiding_parties, preparing_for_war."""
    w, b = crisis_dice(2, "franks")
    home = D.homeland("franks")
    with patch(_event_param("preparing_for_war", activations=4)), dice(w, b, 1, 6):
        s = table(phase="start", lasting=["preparing_for_war"])
    assert s["barbs"][home]["franks"] == [4, 6]
    with patch(_event_param("raiding_parties", all_active_invade_on_fail=False)), dice(w, b, 1, 6):
        t = table(phase="start", lasting=["raiding_parties"], barbs={home: {"franks": [2, 8]}})
    assert t["barbs"][home]["franks"] == [3, 7]


def test_ardashirs_power_comes_from_data() -> None:
    """barbarians leaders/ardashir (power): give him Shapur's and the Romans lose a hit."""
    def change(d: dict[str, Any]) -> None:
        d["barbarians"]["leaders"]["ardashir"]["roman_hits"] = -1

    with patch(change):
        s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], leaders={"ardashir": "italia"}, pts={"military": 1})
        with dice(3, 1, 1):
            s = act(s, "battle", "army:1", "tribe:sassanids")
    assert s["last_battle"]["ha"] == 0


#: Each unconfirmed data path (prefix) and the test above that changes it.
COVERED = {
    "map/adjacency": test_adjacency_and_sea_zones_come_from_data,
    "map/regions/": test_adjacency_and_sea_zones_come_from_data,
    "barbarians/invasion_paths/": test_invasion_paths_come_from_data,
    "barbarians/leaders/ardashir/power": test_ardashirs_power_comes_from_data,
    "crisis/index": test_crisis_tables_and_their_index_come_from_data,
    "crisis/tables": test_crisis_tables_and_their_index_come_from_data,
    "counters/governor_costs/": test_recruit_costs_come_from_data,
    "counters/general_costs/": test_recruit_costs_come_from_data,
    "cards/cards/castra/params/armies": test_castra_armies_come_from_data,
    "cards/cards/praetorian_guard/params/": test_praetorian_guard_payment_and_condition_come_from_data,
    "cards/cards/tribute/params/regions": test_tribute_regions_come_from_data,
    "cards/cards/foederati/params/inactive_allowed": test_foederati_inactive_barbarians_come_from_data,
    "cards/cards/damnatio_memoriae/params/effect": test_damnatio_memoriae_effect_comes_from_data,
    "cards/cards/quaestor/params/votes_added": test_quaestor_votes_come_from_data,
    "cards/cards/mob/params/": test_mob_count_and_targets_come_from_data,
    "events/events/palmyra_allies": test_palmyra_allies_comes_from_data,
    "events/events/ludi_saeculares": test_ludi_saeculares_comes_from_data,
    "events/events/raiding_parties": test_raiding_parties_and_preparing_for_war_come_from_data,
    "events/events/preparing_for_war": test_raiding_parties_and_preparing_for_war_come_from_data,
}


def test_every_unconfirmed_value_has_a_test_that_changes_it() -> None:
    """Every value marked unconfirmed in the data is covered by one of the tests
    above (a new placeholder without such a test fails here)."""
    missing = [p for p, _ in D.unconfirmed() if not any(p.startswith(k) for k in COVERED)]
    assert not missing, f"unconfirmed data without a test that changes it: {missing}"
    assert len(D.unconfirmed()) >= 29 + 4 + 1 + 1


def test_engine_code_names_no_unconfirmed_region() -> None:
    """The sea zones are unconfirmed: no engine module may name one (they come only
    from the map data)."""
    from importlib import resources

    seas = [r for r, d in D.regions().items() if d["type"] == "sea"]
    root = resources.files("py_engine.time_of_crisis")
    for f in root.iterdir():
        if f.name.endswith(".py"):
            text = f.read_text("utf-8")
            assert not [s for s in seas if s in text], f.name
