"""TimeBarons.caution (issue 24 §2): a choice that damages (or kills followers on) a
site of the chooser's own side asks for a confirmation, when something else could be
chosen in the same decision; exact hand-built tables."""

from __future__ import annotations

from py_engine.core import Action
from py_engine.time_barons import GAME

from .tb import choices, mtable, pick, play, site, table


def _cautions(s: dict, seat: int = 0) -> dict[str, str]:
    """Option JSON (as text) -> caution, for the options that carry one, read from the view."""
    return {str(a["action"]): a["caution"] for a in GAME.view(s, seat)["actions"] if "caution" in a}


def test_siege_on_your_own_site_is_cautioned_not_on_the_opponents() -> None:
    """CARDS Siege: 2 damage to any site, own included (TB Damage)."""
    s = play(table(a=[site("homeland", 5), site("temple", 1)], b=[site("homeland", 4)], hands=[["siege"], []]),
              "siege")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    assert GAME.caution(s, 0, Action("site", (1,))) == "This damages your own Homeland."
    assert GAME.caution(s, 0, Action("site", (2,))) == "This damages your own Temple."
    assert GAME.caution(s, 0, Action("site", (3,))) is None
    assert _cautions(s) == {"['site', 1]": "This damages your own Homeland.",
                            "['site', 2]": "This damages your own Temple."}
    assert GAME.caution(s, 1, Action("site", (1,))) is None  # not Bob's decision


def test_onslaught_in_a_team_game_cautions_own_and_teammate_sites() -> None:
    """The tester's case: Onslaught (1 damage to each of 1-3 different sites) in a
    2 v 2 game (TB Team multiplayer: seats 0+2 against 1+3) offers Ann's own Capital
    and her teammate Cy's; both ask to confirm, the opponents' sites do not."""
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 9)], [site("capital", 9)]],
               hands=[["onslaught"], [], [], []])
    s = play(s, "onslaught")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    assert _cautions(s) == {"['site', 1]": "This damages your own Capital.",
                            "['site', 3]": "This damages Cy’s Capital: Cy is your teammate."}
    s = pick(s, "site", 2)  # the second point: "Done" is offered too, the warnings stay
    assert ["done"] in choices(s)
    assert GAME.caution(s, 0, Action("site", (1,))) == "This damages your own Capital."
    assert GAME.caution(s, 0, Action("done")) is None


def test_no_caution_when_every_choice_is_your_own_site() -> None:
    """Mine 1 (2 structural damage to your own starting site): the damage is the price
    of the ability, every option is own, nothing to confirm."""
    s = table(a=[site("homeland", 5), site("mine", 3), site("capital", 2, start=True)], b=[site("homeland", 4)])
    s = pick(s, "ability", 2, 1)
    assert choices(s) == [["site", 1], ["site", 3]]
    assert all("caution" not in a for a in GAME.view(s, 0)["actions"])


def test_the_main_phase_has_no_cautions() -> None:
    """Drawing, gaining, playing Siege (its target comes later): nothing to confirm."""
    s = table(a=[site("homeland", 5), site("church", 3)], b=[site("homeland", 4)], hands=[["siege"], []])
    assert all("caution" not in a for a in GAME.view(s, 0)["actions"])
