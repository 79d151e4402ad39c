"""The Crisis phase (ToC §6.2, §9): the table, invasions (with the rulebook's Limes
example), Ira Deorum, Pax Deorum, and one exact-state test per event card
(ToC §9, §10, §14.2; effects from data/events.json)."""

from __future__ import annotations

import pytest

from py_engine.core import Ending
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D

from .toc import act, choices, crisis_dice, dice, logs, prov, table


def start(n: int = 4, roll: tuple[int, ...] = (), **kw: object) -> dict:  # type: ignore[type-arg]
    """A table at the start of seat 0's turn, the crisis dice scripted."""
    with dice(*roll):
        return table(n=n, phase="start", **kw)  # type: ignore[arg-type]


def test_rulebook_invasion_example_with_a_limes() -> None:
    """ToC §9 example: three Goths in Asia, two Sassanids in Galatia (with a Limes),
    five active and three inactive Sassanids at home. A Sassanid result turns one
    more active (six); black 5 ≤ 6, so five invade along white 3's path (Galatia then
    Asia): one fills Galatia to three, three go to Asia (the Goths do not count),
    the last goes home active; from the Limes on they arrive inactive."""
    w, b = crisis_dice(4, "sassanids")
    home = D.homeland("sassanids")
    assert D.invasion_path("sassanids", 3) == ["galatia", "asia"]  # printed in the example
    s = start(4, (w, b, 3, 5), prov={"galatia": {"imps": ["limes"]}},
              barbs={"asia": {"goths": [3, 0]}, "galatia": {"sassanids": [2, 0]}, home: {"sassanids": [5, 3]}})
    assert s["barbs"]["galatia"]["sassanids"] == [2, 1]
    assert s["barbs"]["asia"] == {"goths": [3, 0], "sassanids": [0, 3]}
    assert s["barbs"][home]["sassanids"] == [2, 2]
    assert s["crisis"]["invasion"]["placed"] == [["galatia", 0, 1, []], ["asia", 0, 3, []]]


def test_no_invasion_when_black_exceeds_the_active_counters() -> None:
    """ToC §9: the invasion needs black ≤ active counters at home."""
    w, b = crisis_dice(4, "franks")
    home = D.homeland("franks")
    s = start(4, (w, b, 1, 3), barbs={home: {"franks": [1, 9]}})
    assert s["barbs"][home]["franks"] == [2, 8] and all("franks" not in v for r, v in s["barbs"].items() if r != home)
    assert s["crisis"]["invasion"]["invaders"] == 0


def test_leaders_invade_first() -> None:
    """ToC §9: barbarians are placed leaders first."""
    w, b = crisis_dice(4, "goths")
    path = D.invasion_path("goths", 1)
    s = start(4, (w, b, 1, 2), barbs={D.homeland("goths"): {"goths": [3, 7]}}, leaders={"cniva": D.homeland("goths")})
    assert s["leaders"]["cniva"] == path[0] and s["barbs"][path[0]]["goths"] == [1, 0]


def test_ira_deorum_stirs_every_tribe_in_play() -> None:
    """ToC §9 Ira Deorum: one inactive counter turns active in each homeland; no
    invasion. Two players: the Nomads and Sassanids are out of the game (ToC §3.3)."""
    w, b = crisis_dice(2, "ira_deorum")
    s = start(2, (w, b))
    for t in D.tribes_in_play(2):
        assert s["barbs"][D.homeland(t)][t] == [1, 9]
    assert set(D.tribes_in_play(2)) == {"franks", "alamanni", "goths"}
    assert D.homeland("nomads") not in s["barbs"]


def test_pax_deorum_lets_everyone_take_a_card_secretly() -> None:
    """ToC §9 Pax Deorum: every player, from the active one, puts one card of his
    Available Pile into his hand; the others see only that a card was taken."""
    w, b = crisis_dice(3, "pax_deorum")
    s = start(3, (w, b), hands=[["military_1"], [], []],
              avail=[["senate_1", "castra"], ["populace_1"], ["mob", "mob"]])
    assert GAME.to_act(s) == [0] and choices(s) == [["take", "castra"], ["take", "senate_1"]]
    s = act(s, "take", "castra")
    assert choices(s) == [["take", "populace_1"]]  # one kind, still asked: the pile is secret
    s = act(s, "take", "populace_1")
    s = act(s, "take", "mob")
    assert [p["hand"] for p in s["players"]] == [["castra", "military_1"], ["populace_1"], ["mob"]]
    assert "Ann takes a card." in logs(s) and not any("Castra" in x for x in logs(s))
    assert GAME.to_act(s) == [0] and s["main"]["stack"][-1]["k"] == "actions"


def draw(eid: str, n: int = 4, **kw: object) -> dict:  # type: ignore[type-arg]
    """Seat 0's crisis draws event ``eid``."""
    w, b = crisis_dice(n, "event")
    return start(n, (w, b), events=[eid, "diocletian"], **kw)


def test_event_plague_of_cyprian_stays_in_play() -> None:
    """Plague of Cyprian (data: lasting; battles get +1 hit per side, tested in
    test_combat)."""
    s = draw("plague_of_cyprian")
    assert s["lasting"] == ["plague_of_cyprian"] and s["drawn"][-1] == "plague_of_cyprian"


@pytest.mark.parametrize("eid,tribe", [("ardashir", "sassanids"), ("shapur_i", "sassanids"), ("cniva", "goths")])
def test_event_barbarian_leaders_join_their_tribe(eid: str, tribe: str) -> None:
    """ToC §10.1: the leader waits in its tribe's homeland and leads the next invasion."""
    s = draw(eid)
    lid = D.events()[eid]["params"]["leader"]
    assert s["leaders"][lid] == D.homeland(tribe)


@pytest.mark.parametrize("eid", ["priest_king_of_emesa", "postumus", "zenobia"])
def test_event_rival_emperors_rise_in_their_province(eid: str) -> None:
    """ToC §10.2: the Rival Emperor enters its province (data)."""
    s = draw(eid)
    assert s["rivals"][eid] == D.events()[eid]["params"]["province"]


def test_event_already_in_play_does_nothing_again() -> None:
    """A Rival Emperor already on the map or gone does not come again (data note)."""
    s = draw("postumus", rivals={"postumus": "gone"})
    assert s["rivals"]["postumus"] == "gone"


def test_event_palmyra_allies_sends_the_sassanids_home() -> None:
    """Palmyra Allies (data placeholder): Sassanid counters in Roman provinces go
    home inactive, leaders too."""
    home = D.homeland("sassanids")
    s = draw("palmyra_allies", barbs={"syria": {"sassanids": [2, 1]}, "galatia": {"sassanids": [1, 0]},
                                      home: {"sassanids": [3, 3]}}, leaders={"shapur_i": "syria"})
    assert s["barbs"][home]["sassanids"] == [3, 7] and s["leaders"]["shapur_i"] == home
    assert not any("sassanids" in v for r, v in s["barbs"].items() if r != home)


def test_event_ludi_saeculares() -> None:
    """Ludi Saeculares (data placeholder): Italia's mobs go; a player Emperor gains 1."""
    s = draw("ludi_saeculares", prov={"italia": {"gov": 2, "mobs": 2, "sup": 4}})
    assert prov(s, "italia")["mobs"] == 0 and s["players"][2]["legacy"] == 1
    assert "ludi_saeculares" in s["lasting"]


@pytest.mark.parametrize("eid,other", [("bad_auguries", "good_auguries"), ("good_auguries", "bad_auguries"),
                                       ("raiding_parties", "preparing_for_war"),
                                       ("preparing_for_war", "raiding_parties")])
def test_event_paired_modifiers_replace_each_other(eid: str, other: str) -> None:
    """ToC §14.2 pairs: each lasting modifier ends its opposite."""
    s = draw(eid, lasting=[other, "inflation"])
    assert s["lasting"] == ["inflation", eid]


def test_event_raiding_parties_lets_all_active_invade() -> None:
    """Raiding Parties (data placeholder): with black above the active count, all the
    active counters invade instead of none."""
    w, b = crisis_dice(4, "franks")
    home = D.homeland("franks")
    path = D.invasion_path("franks", 1)
    s = start(4, (w, b, 1, 6), barbs={home: {"franks": [1, 9]}}, lasting=["raiding_parties"])
    assert s["barbs"][path[0]]["franks"] == [2, 0]


def test_event_preparing_for_war_stirs_two() -> None:
    """Preparing for War (data placeholder): a tribe result turns two counters active."""
    w, b = crisis_dice(4, "franks")
    home = D.homeland("franks")
    s = start(4, (w, b, 1, 6), lasting=["preparing_for_war"])
    assert s["barbs"][home]["franks"] == [2, 8]


def test_event_inflation_weakens_populace_cards() -> None:
    """Inflation (data placeholder: −1 per Populace card, never below 0)."""
    s = draw("inflation", hands=[["populace_1", "mob"], [], [], []])
    s = act(s, "play", "mob")
    s = act(s, "play", "populace_1")
    assert s["tp"]["pts"]["populace"] == 2


def test_event_diocletian_ends_the_game_at_once() -> None:
    """ToC §3.1, §7.1: Diocletian ends the game immediately; scoring follows."""
    s = draw("diocletian", legacy=[10, 12, 3, 0])
    assert GAME.outcome(s) is not None and GAME.outcome(s).winners == (1,)
    assert "Diocletian" in GAME.outcome(s).reason and GAME.to_act(s) == []
    assert GAME.outcome(s).ending is Ending.STANDINGS


def test_every_event_is_covered() -> None:
    """The 15 event cards (ToC §2) each have a kind the engine resolves."""
    kinds = {e["kind"] for e in D.events().values()}
    assert len(D.events()) == 15
    assert kinds == {"battle_hits", "barbarian_leader", "rival_emperor", "send_home", "festival", "auguries",
                     "raids", "activation", "suit_penalty", "game_end"}
