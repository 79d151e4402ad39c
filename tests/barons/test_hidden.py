"""Hidden information, determinization and undo (B §23.2, §23.3)."""

from __future__ import annotations

from py_engine.barons import GAME
from py_engine.core import Action, Match, Rng, Seat, canonical_json
from tests.barons.bx import do, load, new, roll, to_top


def _without_decks(s: dict) -> dict:
    return {k: v for k, v in s.items() if k not in ("ddeck", "ideck", "rng")}


def test_only_the_unseen_deck_orders_change() -> None:
    """B §23.2: determinize re-shuffles the unseen part of each deck and nothing else."""
    s = new()
    det = GAME.determinize(s, 1, Rng.from_seed(5))
    assert canonical_json(_without_decks(det)) == canonical_json(_without_decks(s))
    assert sorted(det["ddeck"]) == sorted(s["ddeck"]) and det["ddeck"] != s["ddeck"]
    assert sorted(det["ideck"]) == sorted(s["ideck"]) and det["ideck"] != s["ideck"]
    assert GAME.view(det, 1) == GAME.view(s, 1)


def test_cards_put_on_the_bottom_stay_known() -> None:
    """B §23.2: a card put on the bottom of a deck is known to everyone: it keeps its place."""
    s = new()
    to_top(s, "ideck", "shield")
    s = roll(s, 5, "SNOW-CITY")
    s = do(s, "decline")
    for seed in range(5):
        det = GAME.determinize(s, 0, Rng.from_seed(seed))
        assert det["ideck"][0] == "shield" and det["ideck_grp"] == [1]


def test_a_draw_is_a_reveal() -> None:
    """B §23.2: drawing a hidden card is a reveal (undo may not cross it)."""
    s = new()
    before = s["reveals"]
    s = roll(s, 5, "SNOW-CITY")
    assert s["reveals"] == before + 1


def test_undo_a_move_and_a_build_but_not_a_roll() -> None:
    """B §23.3, DESIGN (Match): the roll uses the RNG so undo stops there; moving onto
    an empty land and building use neither dice nor hidden cards: both can be taken back."""
    m = Match.new("barons", [Seat("Ann"), Seat("Bob")], {"characters": "random"}, seed=11)
    seat = m.to_act()[0]
    m.apply(seat, Action("roll"))
    assert not m.can_undo()
    dice_frame = canonical_json(m.state)
    land = next(a for a in m.game.legal_actions(m.state, seat)
                if a.name == "move" and a.args[0] in ("SNOW-L1", "SNOW-L2", "SNOW-L3", "SNOW-L4"))
    m.apply(seat, land)
    assert m.can_undo(seat)
    m.apply(seat, Action("build"))
    assert m.can_undo(seat)
    m.undo(seat)
    m.undo(seat)
    assert canonical_json(m.state) == dice_frame


def test_determinize_then_the_same_choice_gives_the_same_view() -> None:
    """A choice that draws nothing (building) applied to a determinization shows the
    acting seat the same table as on the true state."""
    s = new()
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    det = GAME.determinize(s, 0, Rng.from_seed(3))
    a = GAME.apply(s, 0, Action("build"))
    b = GAME.apply(det, 0, Action("build"))
    assert GAME.view(a, 0) == GAME.view(b, 0)
