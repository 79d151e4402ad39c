"""Pretenders (ToC §12): the empire, Italia's support, and occupying a Pretender's
capitals (ToC §12.2)."""

from __future__ import annotations

from py_engine.time_of_crisis import GAME

from .toc import OTHERS, act, choices, prov, table


def empire(**kw: object) -> dict:  # type: ignore[type-arg]
    """Seat 1 is a Pretender: Seat of Power in Gallia, Breakaway in Britannia and
    Hispania; seat 0 has an army next to Gallia's capital."""
    base = dict(n=4, prov={"gallia": {"gov": 1, "sup": 3, "mark": "sop", "mil": False},
                           "britannia": {"gov": 1, "sup": 3, "mark": "brk"},
                           "hispania": {"gov": 1, "sup": 3, "mark": "brk"}, "italia": {"gov": 0}} | OTHERS,
                armies=[{"owner": 0, "at": "gallia", "full": 2}], govs=[2, 3, 2, 1])
    base.update(kw)
    return table(**base)  # type: ignore[arg-type]


def test_occupying_a_seat_of_power() -> None:
    """ToC §12.2: your army in the capital of a Seat of Power province you do not
    govern removes the marker and sends that governor home; you may put a governor
    there at support 1 (else a Neutral); all that player's Breakaway markers go, his
    governors stay."""
    s = empire()
    s = act(s, "enter_capital", 1)
    assert choices(s) == [["occupy", "mine"], ["occupy", "neutral"]]
    t = act(s, "occupy", "mine")
    assert (prov(t, "gallia")["gov"], prov(t, "gallia")["sup"], prov(t, "gallia")["mark"]) == (0, 1, None)
    assert all(p["mark"] is None for p in t["prov"].values())
    assert prov(t, "britannia")["gov"] == 1 and prov(t, "hispania")["gov"] == 1
    u = act(s, "occupy", "neutral")
    assert (prov(u, "gallia")["gov"], prov(u, "gallia")["sup"]) == (-1, 1)


def test_occupying_a_breakaway_province() -> None:
    """ToC §12.2: a Breakaway capital occupied: that marker goes, the governor goes
    home; the Seat of Power and other Breakaways stay."""
    s = empire(armies=[{"owner": 0, "at": "hispania", "full": 1}], govs=[1, 3, 2, 1])
    s = act(s, "enter_capital", 1)  # seat 0's only governor is in Italia: a Neutral goes in
    assert (prov(s, "hispania")["gov"], prov(s, "hispania")["mark"]) == (-1, None)
    assert prov(s, "gallia")["mark"] == "sop" and prov(s, "britannia")["mark"] == "brk"


def test_pretender_provinces_are_immune_to_place_governor_and_hurt_italia() -> None:
    """ToC §12.1: Pretender provinces cannot be targets of Place Governor and cost a
    player Emperor Italia support in his Support Check (ToC §6.4)."""
    s = empire(pts={"senate": 3})
    assert not {"gallia", "britannia", "hispania"} & {c[1] for c in choices(s) if c[0] == "place_governor"}
    s = act(s, "end")
    assert prov(s, "italia")["sup"] == 8 - 1
    # Emperor's legacy: Italia support minus 3 Pretender provinces, plus 1 province
    assert s["players"][0]["legacy"] == (7 - 3) + 1


def test_emperor_removes_his_own_markers() -> None:
    """ToC §6.6: an Emperor who was a Pretender removes his markers at Gain Legacy —
    after the Pretender step, which still pays him for them (the steps are in order)."""
    s = table(n=4, prov={"italia": {"gov": 0}, "gallia": {"gov": 0, "sup": 3, "mark": "sop"},
                         "britannia": {"gov": 0, "sup": 3, "mark": "brk"}}, italia=3)
    s = act(s, "end")
    assert all(p["mark"] is None for p in s["prov"].values())
    assert s["players"][0]["legacy"] == 2 + 3 + 3 and s["players"][0]["eturns"] == 1


def test_losing_a_seat_of_power_governor_ends_the_empire() -> None:
    """Engine ruling (the rulebook is silent): when a Pretender's governor leaves the
    Seat of Power province in a Support Check, the Seat of Power and his Breakaway
    markers go with it, as in ToC §12.2."""
    s = table(n=4, prov={"gallia": {"gov": 0, "sup": 1, "mark": "sop"},
                         "britannia": {"gov": 0, "sup": 3, "mark": "brk"}} | OTHERS,
              barbs={"gallia": {"franks": [1, 0]}})
    s = act(s, "end")
    assert prov(s, "gallia")["gov"] == -1 and all(p["mark"] is None for p in s["prov"].values())
    assert not GAME.legal_actions(s, 1)
