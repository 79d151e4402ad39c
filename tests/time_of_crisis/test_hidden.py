"""Hidden information: hands, Available Piles and the event deck order; what the
view shows; determinization (re-dealing consistently with what a seat has seen);
reveals and undo."""

from __future__ import annotations

import json
from collections import Counter

from py_engine.core import Action, Match, Rng, Seat
from py_engine.time_of_crisis import GAME

from .toc import act, crisis_dice, dice, table


def test_view_shows_own_cards_and_only_counts_of_others() -> None:
    """A seat sees its hand and Available Pile; of the others only counts, their
    public discard piles and the cards known to be in their hands."""
    s = table(hands=[["castra", "mob"], ["tribute"]], avail=[["senate_1"], ["populace_1", "quaestor"]],
              discard=[["military_1"], ["senate_1"]])
    v = GAME.view(s, 0)["board"]["players"]
    assert v[0]["hand"] == ["castra", "mob"] and v[0]["available"] == ["senate_1"]
    assert v[1]["hand"] is None and v[1]["available"] is None and v[1]["hand_count"] == 1
    assert v[1]["available_count"] == 2 and v[1]["discard"] == ["senate_1"]
    spectator = GAME.view(s, None)["board"]["players"]
    assert all(p["hand"] is None for p in spectator)
    json.dumps(GAME.view(s, 0))


def test_determinize_redeals_others_cards_from_their_pool() -> None:
    """Another player's hand and Available Pile are re-dealt from their union (a
    multiset everyone can work out); known cards stay in the hand; the seat's own
    cards do not change."""
    s = table(hands=[["castra"], ["tribute", "mob", "senate_1"]], avail=[["senate_1"], ["populace_1", "quaestor"]])
    s["players"][1]["known"] = ["mob"]
    seen = set()
    for k in range(30):
        d = GAME.determinize(s, 0, Rng.from_seed(k))
        me, other = d["players"][0], d["players"][1]
        assert me["hand"] == ["castra"] and me["avail"] == ["senate_1"]
        assert Counter(other["hand"] + other["avail"]) == Counter(["tribute", "mob", "senate_1", "populace_1", "quaestor"])
        assert len(other["hand"]) == 3 and "mob" in other["hand"]
        seen.add(tuple(other["hand"]))
    assert len(seen) > 3


def test_determinize_keeps_diocletian_in_the_bottom_four() -> None:
    """ToC §3.1: the re-sampled event deck keeps Diocletian where it may be."""
    s = table(events=["inflation", "cniva", "zenobia", "postumus", "ardashir", "diocletian"])
    spots = {GAME.determinize(s, 0, Rng.from_seed(k))["events"].index("diocletian") for k in range(60)}
    assert spots == {2, 3, 4, 5}


def test_log_has_no_private_lines() -> None:
    """Cards taken secretly are logged without their names, so the log holds nothing
    a seat may not see (and determinizations need not filter it)."""
    w, b = crisis_dice(2, "pax_deorum")
    with dice(w, b):
        s = table(phase="start", avail=[["castra"], ["mob"]])
    s = act(act(s, "take", "castra"), "take", "mob")
    assert all(v is None for v, _ in s["log"]) and not any("Castra" in t or "Mob" in t for _, t in s["log"])


def test_reshuffle_and_event_draw_are_reveals() -> None:
    """Undo stops where hidden information was shown: a discard pile turned into the
    Available Pile (the hand becomes known) and an event card drawn."""
    s = table(hands=[["mob"] * 4, []], avail=[[], []], discard=[["castra"], []])
    before = s["reveals"]
    s = act(act(s, "end"), "done")
    assert s["reveals"] == before + 1 and s["players"][0]["known"] == ["mob"] * 4
    w, b = crisis_dice(2, "event")
    with dice(w, b):
        t = table(phase="start", events=["inflation", "diocletian"])
    assert t["reveals"] == 1


def test_undo_takes_back_a_card_but_not_a_die_roll() -> None:
    """Match undo: playing a card can be taken back; a Place Governor roll cannot."""
    m = Match.new("time_of_crisis", [Seat("A"), Seat("B")], {}, 11)
    while m.state["main"]["stack"][-1]["k"] != "actions":
        seat = m.to_act()[0]
        m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    seat = m.to_act()[0]
    before = m.state
    card = next(a for a in GAME.legal_actions(m.state, seat) if a.name == "play")
    m.apply(seat, card)
    assert m.can_undo(seat)
    m.undo(seat)
    assert m.state == before
    m.apply(seat, Action("end"))
    assert m.can_undo(seat)  # Support Check and Gain Legacy roll no dice
    while m.state["active"] == seat:
        s = m.to_act()[0]
        m.apply(s, m.game.legal_actions(m.state, s)[-1])
    assert not m.can_undo()  # the next player's crisis roll was made


def test_a_bot_sees_the_same_thing_in_a_determinization() -> None:
    """Determinizing twice (from a determinization) gives the same result for the
    same RNG: a bot's search depends only on what its seat knows."""
    s = table(hands=[["castra"], ["tribute", "mob"]], avail=[["senate_1"], ["populace_1", "quaestor"]])
    twin = GAME.determinize(s, 0, Rng.from_seed(3))
    assert GAME.determinize(s, 0, Rng.from_seed(9)) == GAME.determinize(twin, 0, Rng.from_seed(9))
