"""Setup (ToC §3): the board by player count, the decks, the event deck, the
opening choices."""

from __future__ import annotations

import pytest

from py_engine import __version__
from py_engine.core import Match, Rng, SaveError, Seat, state_hash
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D
from py_engine.time_of_crisis.board import NEUTRAL

from .toc import NAMES, act, choices


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_by_player_count(n: int) -> None:
    """ToC §3.1–§3.3: No Place Governor provinces, removed tribes, every used tribe
    inactive at home, 9 starting cards each (3 of each suit's 1), supply of the 2–4
    cards, 15 events with Diocletian among the last four."""
    s = GAME.setup(NAMES[:n], {}, seed=5)
    npg = {"2": {"britannia", "hispania", "africa", "aegyptus", "syria", "galatia"},
           "3": {"hispania", "africa", "aegyptus"}, "4": set()}[str(n)]
    assert {pid for pid, p in s["prov"].items() if p["npg"]} == npg
    tribes = {2: {"franks", "alamanni", "goths"}, 3: {"franks", "alamanni", "goths", "sassanids"},
              4: {"franks", "alamanni", "goths", "sassanids", "nomads"}}[n]
    assert {t for v in s["barbs"].values() for t in v} == tribes
    for t in tribes:
        assert s["barbs"][D.homeland(t)][t] == [0, 10]
    for p in s["players"]:
        assert sorted(p["avail"]) == ["military_1"] * 3 + ["populace_1"] * 3 + ["senate_1"] * 3 and p["hand"] == []
    assert sum(s["supply"].values()) == 3 * (9 + 8 + 6)
    assert len(s["events"]) == 15 and "diocletian" in s["events"][-4:]
    assert GAME.to_act(s) == [s["first"]]


def test_diocletian_is_always_among_the_last_four() -> None:
    """ToC §3.1: Diocletian and three other events, shuffled, go under the deck."""
    spots = {GAME.setup(["A", "B"], {}, seed=k)["events"].index("diocletian") for k in range(60)}
    assert spots == {11, 12, 13, 14}


def test_opening_province_choice_goes_clockwise_from_the_first_player() -> None:
    """ToC §3.2: from the first player clockwise each picks a province other than
    Italia (and no No Place Governor province); then Neutral governors fill the rest
    and Italia's support is set (4 players: 8)."""
    s = GAME.setup(NAMES, {}, seed=3)
    first = s["first"]
    assert ["start", "italia"] not in choices(s)
    picks = ["gallia", "syria", "thracia", "africa"]
    for i, pid in enumerate(picks):
        assert GAME.to_act(s) == [(first + i) % 4]
        s = act(s, "start", pid)
        assert ["start", pid] not in choices(s)
    for i, pid in enumerate(picks):
        p = s["prov"][pid]
        seat = (first + i) % 4
        assert (p["gov"], p["sup"], p["mil"]) == (seat, 1, True)
        a = next(a for a in s["armies"] if a["owner"] == seat)
        assert (a["at"], a["cap"], a["full"], a["red"]) == (pid, True, 1, 0)
    assert sum(1 for p in s["prov"].values() if p["gov"] == NEUTRAL) == 8 and s["prov"]["italia"]["sup"] == 8


def test_opening_hand_is_any_five_chosen_secretly() -> None:
    """ToC §3.2: each player secretly chooses five of his nine cards; the others see
    only that he chose. The last player to choose a province chooses his hand first."""
    s = GAME.setup(["A", "B", "C"], {}, seed=4)
    for pid in ("gallia", "syria", "thracia"):
        s = act(s, "start", pid)
    last = (s["first"] + 2) % 3
    assert GAME.to_act(s) == [last]
    assert len(choices(s)) == 12 and all(sum(c[1:]) == 5 for c in choices(s))
    s = act(s, "hand", 3, 2, 0)
    me = s["players"][last]
    assert sorted(me["hand"]) == ["military_1"] * 3 + ["senate_1"] * 2 and len(me["avail"]) == 4
    other = (last + 1) % 3
    assert GAME.view(s, other)["board"]["players"][last]["hand"] is None
    assert GAME.view(s, other)["board"]["players"][last]["hand_count"] == 5


@pytest.mark.parametrize("n", [2, 3, 4])
def test_opening_asks_the_last_province_chooser_for_his_hand_at_once(n: int) -> None:
    """ToC §3.2 (issue 25 §2): provinces from the first player in turn order, then the hands,
    which the rules let be chosen in any order once every province is taken: the last player
    to choose a province goes on with his hand, then the second, third... and the first player
    last, whose first turn follows his hand. So 2n - 1 holders of the device before the first
    turn (2n - 2 hand-offs), where turn order for the hands too needed 2n + 1 holders (2n hand-offs)."""
    s = GAME.setup(NAMES[:n], {}, seed=11)
    first = s["first"]
    asked = []
    while s["crisis"] is None:
        seat = GAME.to_act(s)[0]
        asked.append((seat, choices(s)[0][0]))
        s = act(s, *choices(s)[0])
    order = [(first + i) % n for i in range(n)]
    hands = [order[-1], *order[1:-1], first]
    assert asked == [(p, "start") for p in order] + [(p, "hand") for p in hands]
    assert s["crisis"]["seat"] == first and all(len(p["hand"]) == 5 for p in s["players"])
    holders = [seat for k, (seat, _) in enumerate(asked) if k == 0 or asked[k - 1][0] != seat]
    assert len(holders) == 2 * n - 1 and holders[-1] == GAME.to_act(s)[0] == first


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_save_with_the_hands_in_the_old_order_loads_to_the_same_game(n: int) -> None:
    """Engines before 0.6.0 asked for the opening hands in turn order from the first player.
    Such a save still loads (:meth:`TimeOfCrisis.upgrade_moves` puts the hands in today's
    order; they are secret and independent), to the very same position as the game played
    in today's order; a save of today's version is replayed as it is."""
    m = Match.new("time_of_crisis", [Seat(x, "bot", "random") for x in NAMES[:n]], {}, 7)
    while len(m.actions) < 2 * n + 6:  # the opening and the first moves of the first turn
        m.apply(m.to_act()[0], GAME.legal_actions(m.state, m.to_act()[0])[-1])
    saved = m.save()
    moves = saved["actions"]
    first = m.state["first"]
    hands = moves[n:2 * n]
    in_turn_order = sorted(hands, key=lambda mv: (mv[0] - first) % n)
    assert in_turn_order != hands
    old = {**saved, "engine": "0.5.2", "actions": [*moves[:n], *in_turn_order, *moves[2 * n:]]}
    back = Match.load(old)
    assert state_hash(back.state) == state_hash(m.state) and back.notices == []
    assert back.save()["actions"] == moves
    with pytest.raises(SaveError, match="move .* cannot be replayed"):
        Match.load({**old, "engine": __version__, "state_hash": None})


def test_three_player_italia_and_first_turn() -> None:
    """ToC §3.3: three players, Italia starts at 6; after the openings the first
    player's turn begins with the Crisis."""
    s = GAME.setup(["A", "B", "C"], {}, seed=9)
    for pid in ("gallia", "syria", "thracia"):
        s = act(s, "start", pid)
    for _ in range(3):
        s = act(s, *choices(s)[0])
    assert s["prov"]["italia"]["sup"] == 6 and s["crisis"] is not None and s["crisis"]["seat"] == s["first"]


def test_options_and_description() -> None:
    """The short game (ToC §7.2) and the speed-up variant (ToC §6.8) are options."""
    d = GAME.describe()
    assert {o["name"] for o in d["options"]} == {"short_game", "speed_up"}
    assert (d["min_players"], d["max_players"], d["private_info"]) == (2, 4, True)
    assert GAME.conformance_options


def test_same_seed_same_game() -> None:
    """Setups are reproducible from the seed."""
    a = GAME.setup(["A", "B"], {}, seed=77)
    b = GAME.setup(["A", "B"], {}, seed=77)
    assert a == b
    assert Rng.from_seed(1).below(6) == Rng.from_seed(1).below(6)
