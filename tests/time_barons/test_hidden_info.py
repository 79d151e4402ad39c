"""Undo never crosses a point where a player learned something hidden (issue 9).

The engine marks a reveal (``state["reveals"]`` goes up, so :class:`Match` puts its
undo floor there) whenever the seat that just decided is shown, or can infer,
something hidden from it: an opponent's hand deciding whether a reaction window
opens (R5), face-down tucked cards turning face up (R11), a stack's cards milled
face up. The conformance suite checks the same property for every game at random
points (tests/test_conformance.py, ``test_undoable_actions_teach_the_actor_nothing``).
"""

from __future__ import annotations

from .tb import main_phase, pick, play, rebox, site, table, use, who


def test_onslaught_with_no_answer_in_the_opponents_hand_cannot_be_undone() -> None:
    """The audit's example: Ann plays Onslaught; Bob holds no Trade Agreement (R5),
    so he is not asked. That silence tells Ann about his hidden hand, so the play
    counts as a reveal."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)],
              hands=[["onslaught"], ["temple"]])
    before = s["reveals"]
    s = play(s, "onslaught")
    assert who(s) == 0 and s["reveals"] == before + 1


def test_a_window_that_opens_is_a_reveal_too() -> None:
    """Bob holds Trade Agreement: he is asked, which tells Ann as much as the silence."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["onslaught"], ["trade_agreement"]])
    before = s["reveals"]
    s = play(s, "onslaught")
    assert who(s) == 1 and s["reveals"] > before


def test_no_reveal_when_the_opponents_hand_is_empty_or_known() -> None:
    """Nothing is hidden, so nothing is learned: the play stays undoable."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["onslaught", "onslaught"], []])
    after = play(s, "onslaught")
    assert after["reveals"] == s["reveals"]
    s["players"][1].update(hand=["temple"], known=["temple"])
    rebox(s)
    after = play(s, "onslaught")
    assert after["reveals"] == s["reveals"]


def test_damage_windows_of_the_target_count_as_reveals() -> None:
    """Siege on Bob's site: whether Bob gets a pre-damage window (R5: Escape Route,
    Misinformation, Cannon Fodder) depends on his hand."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)], hands=[["siege"], ["temple"]])
    s["players"][1]["known"] = []
    s = play(s, "siege")
    before = s["reveals"]
    s = pick(s, "site", 3)
    assert main_phase(s) and s["reveals"] > before


def test_destroying_a_site_turns_its_hidden_tucked_cards_face_up() -> None:
    """R11: tucked cards are face down; when the site is destroyed they go to the
    face-up discard pile, which reveals them."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("farm", 0, dmg=2, tuck=["siege"])],
              hands=[["demolition"], []], levels=(4, 1))
    before = s["reveals"]
    s = play(s, "demolition")  # the only damaged site: no choice to make
    assert main_phase(s)
    assert "siege" in s["discard"] and s["reveals"] == before + 1


def test_destroying_a_site_with_only_your_own_tucks_reveals_nothing_to_you() -> None:
    """Ann tucked the card herself: she already knows it."""
    s = table(a=[site("homeland", 5), site("farm", 0, dmg=2, tuck=["siege"])], b=[site("homeland", 4)],
              hands=[["demolition"], []], levels=(4, 1))
    before = s["reveals"]
    s = play(s, "demolition")
    assert "siege" in s["discard"] and s["reveals"] == before


def test_pillage_showing_the_tucked_cards_is_a_reveal() -> None:
    """CARDS §7 Pillage mode 2 shows every tucked card before the player takes one."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("farm", 1, tuck=["siege", "onslaught"])],
              hands=[["pillage"], []])
    s = play(s, "pillage")
    before = s["reveals"]
    s = pick(s, "mode", 1)
    assert s["reveals"] == before + 1


def test_milling_a_stack_face_up_is_a_reveal() -> None:
    """CARDS §7 Alien Weapon 1: the discarded stack cards are seen by everyone."""
    s = table(a=[site("homeland", 5), site("alien_weapon")], b=[site("homeland", 4)],
              hands=[["siege", "temple"], []], levels=(4, 1))
    s = use(s, 2, 1)
    s = pick(s, "card", "temple")
    s = pick(s, "stack", 2)
    before = s["reveals"]
    s = pick(s, "num", 2)
    assert s["discard"] == ["martyr", "library"] and s["reveals"] == before + 1
