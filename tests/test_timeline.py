"""Timeline rules, one exact-state test per rule (TL = shared/seeds/timeline_rules.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import (
    Action,
    Ending,
    IllegalAction,
    Match,
    OptionError,
    Rng,
    Seat,
    Standing,
    Standings,
    canonical_json,
    make_bot,
)
from py_engine.games import get
from py_engine.timeline import cards as tl_cards
from py_engine.timeline.bots import KnowledgeBot
from py_engine.timeline.cards import Card, catalog, deck_cards, format_year
from py_engine.timeline.rules import Timeline

G: Timeline = get("timeline")  # type: ignore[assignment]
SEL, PLACE = "select", "place"


def by_year() -> list[str]:
    """Card ids sorted by year, only one card per year (so order is strict)."""
    seen: set[int] = set()
    out = []
    for cid, c in sorted(catalog().items(), key=lambda kv: kv[1].year):
        if c.year not in seen:
            seen.add(c.year)
            out.append(cid)
    return out


C = by_year()
Y = {cid: catalog()[cid].year for cid in C}


def table(hands: list[list[str]], timeline: list[str], pile: list[str] | None = None,
          discard: list[str] | None = None, turn: int = 0, **extra: Any) -> dict[str, Any]:
    """A mid-game state with exactly these cards (the rest of the deck in the pile,
    unless ``pile`` is given; with ``pile`` given the unused cards go to the discard
    unless ``discard`` is given too — check_invariants needs every card placed)."""
    n = len(hands)
    s = G.setup([f"P{i}" for i in range(n)], {}, seed=5)
    used = set(timeline) | {c for h in hands for c in h} | set(pile or []) | set(discard or [])
    rest = [c for c in deck_cards(s["options"]["decks"]) if c not in used]
    if pile is None:
        pile = rest
    elif discard is None:
        discard = rest
    else:
        pile = rest + pile  # leftover cards sit at the bottom of the pile
    s.update(hands=[list(h) for h in hands], timeline=list(timeline), pile=list(pile),
             discard=list(discard or []), turn=turn, first=0, selected=None, log=[])
    s.update(extra)
    G.check_invariants(s)
    return s


def test_setup_deals_hands_and_flips_the_starting_card() -> None:
    """TL Setup 3-6: 4 cards each by default, one starting card face up, rest in the pile."""
    s = G.setup(["Ann", "Bob", "Cy"], {}, seed=11)
    total = len(deck_cards(s["options"]["decks"]))
    assert [len(h) for h in s["hands"]] == [4, 4, 4]
    assert len(s["timeline"]) == 1
    assert len(s["pile"]) == total - 13 and s["discard"] == []
    assert s["turn"] == 0 and s["first"] == 0 and s["round"] == 1 and s["phase"] == "main"
    assert G.to_act(s) == [0]
    G.check_invariants(s)


def test_setup_options_cards_first_player_and_decks() -> None:
    """TL Setup 2 and 4: the number of cards is a choice; the first player may be drawn."""
    s = G.setup(["A", "B"], {"cards_per_player": 6, "decks": ["events", "arts"]}, seed=3)
    assert [len(h) for h in s["hands"]] == [6, 6]
    assert {catalog()[c].deck for c in s["pile"] + s["timeline"]} <= {"events", "arts"}
    firsts = {G.setup(["A", "B", "C"], {"first_player": "random"}, seed=k)["first"] for k in range(30)}
    assert firsts == {0, 1, 2}
    s = G.setup(["A", "B", "C"], {"first_player": "random"}, seed=4)
    assert s["turn"] == s["first"]


def test_setup_refuses_bad_options() -> None:
    with pytest.raises(OptionError, match="1–8 players"):
        G.setup([], {}, seed=1)
    with pytest.raises(OptionError, match="1–8 players"):
        G.setup([f"P{i}" for i in range(9)], {}, seed=1)
    with pytest.raises(OptionError, match="cards_per_player"):
        G.setup(["A", "B"], {"cards_per_player": 0}, seed=1)
    with pytest.raises(OptionError, match="decks"):
        G.setup(["A", "B"], {"decks": []}, seed=1)
    with pytest.raises(OptionError, match="no option"):
        G.setup(["A", "B"], {"colour": "red"}, seed=1)
    small = len(deck_cards(["arts"]))
    with pytest.raises(OptionError, match="need at least"):
        G.setup([f"P{i}" for i in range(8)], {"decks": ["arts"], "cards_per_player": 8}, seed=1)
    assert small >= 60


def test_select_then_place_correct_card_stays_face_up() -> None:
    """TL Gameplay: a correctly placed card stays in the timeline, face up."""
    s = table([[C[10], C[50]], [C[20], C[30]]], [C[40]])
    s1 = G.apply(s, 0, Action(SEL, (C[50],)))
    assert s1["selected"] == C[50] and s1["turn"] == 0 and s1["hands"] == s["hands"]
    assert G.legal_actions(s1, 0) == [Action(PLACE, (0,)), Action(PLACE, (1,))]
    s2 = G.apply(s1, 0, Action(PLACE, (1,)))
    assert s2["timeline"] == [C[40], C[50]]
    assert s2["hands"] == [[C[10]], [C[20], C[30]]]
    assert s2["pile"] == s["pile"] and s2["discard"] == []
    assert s2["last"] == {"seat": 0, "card": C[50], "gap": 1, "correct": True}
    assert s2["turn"] == 1 and s2["selected"] is None and s2["reveals"] == s["reveals"] + 1
    assert "correct" in s2["log"][-1][1] and format_year(Y[C[50]]) in s2["log"][-1][1]


def test_wrong_card_leaves_the_game_and_a_replacement_is_drawn() -> None:
    """TL Gameplay: a wrong card is discarded; its player draws the top card."""
    s = table([[C[10], C[50]], [C[20], C[30]]], [C[40]])
    top = s["pile"][-1]
    s1 = G.apply(G.apply(s, 0, Action(SEL, (C[10],))), 0, Action(PLACE, (1,)))
    assert s1["timeline"] == [C[40]]
    assert s1["discard"] == [C[10]]
    assert s1["hands"] == [[C[50], top], [C[20], C[30]]]
    assert s1["pile"] == s["pile"][:-1]
    assert s1["last"] == {"seat": 0, "card": C[10], "gap": 1, "correct": False}
    assert s1["turn"] == 1
    assert any("wrong" in t for _, t in s1["log"])


def test_gaps_grow_with_the_timeline() -> None:
    """TL Gameplay: with k cards in the timeline there are k+1 gaps to choose from."""
    s = table([[C[5]], [C[6]]], [C[1], C[2], C[3]])
    assert G.legal_actions(s, 0) == [Action(PLACE, (g,)) for g in range(4)]
    assert G.action_label(s, 0, Action(PLACE, (0,))) == f"Before {format_year(Y[C[1]])}"
    assert G.action_label(s, 0, Action(PLACE, (2,))) == f"Between {format_year(Y[C[2]])} and {format_year(Y[C[3]])}"
    assert G.action_label(s, 0, Action(PLACE, (3,))) == f"After {format_year(Y[C[3]])}"


def test_empty_pile_is_refilled_from_the_discarded_cards() -> None:
    """TL Gameplay: when the draw pile is empty the discarded cards are shuffled
    into a new pile (including the card just discarded)."""
    s = table([[C[10], C[50]], [C[20], C[30]]], [C[40]], pile=[], discard=None)
    old_discard = list(s["discard"])
    s1 = G.apply(G.apply(s, 0, Action(SEL, (C[10],))), 0, Action(PLACE, (1,)))
    drawn = s1["hands"][0][-1]
    assert s1["discard"] == []
    assert sorted(s1["pile"] + [drawn]) == sorted(old_discard + [C[10]])
    assert s1["rng"] != s["rng"]
    assert any("shuffled into a new pile" in t for _, t in s1["log"])
    G.check_invariants(s1)


def test_the_card_just_discarded_can_come_back_when_nothing_else_is_left() -> None:
    """TL Gameplay: the wrong card goes to the discard first, so with an empty pile
    and discard it is reshuffled alone and drawn straight back."""
    keep = {C[10], C[50], C[20], C[30]}
    others = [c for c in deck_cards(G.setup(["a", "b"], {}, 1)["options"]["decks"]) if c not in keep]
    s = table([[C[10], C[50]], [C[20], C[30]]], sorted(others, key=lambda c: catalog()[c].year),
              pile=[], discard=[])
    years = [catalog()[c].year for c in s["timeline"]]
    wrong_gap = next(g for g in range(len(years) + 1) if not G.fits(years, g, Y[C[10]]))
    s1 = G.apply(G.apply(s, 0, Action(SEL, (C[10],))), 0, Action(PLACE, (wrong_gap,)))
    assert s1["hands"][0] == [C[50], C[10]] and s1["discard"] == [] and s1["pile"] == []
    assert G.to_act(s1) == [1]


def test_same_year_is_correct_on_either_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """TL Same date: a card with the same year as a neighbour may go on either side."""
    twin = Card("twin", "Twin", Y[C[40]], "events", "test", "test")
    monkeypatch.setitem(catalog(), "twin", twin)
    monkeypatch.setattr(tl_cards, "deck_cards", lambda decks: [*tl_cards.catalog()])
    assert G.fits([Y[C[30]], Y[C[40]], Y[C[50]]], 1, Y[C[40]])
    assert G.fits([Y[C[30]], Y[C[40]], Y[C[50]]], 2, Y[C[40]])
    assert not G.fits([Y[C[30]], Y[C[40]], Y[C[50]]], 0, Y[C[40]])
    assert not G.fits([Y[C[30]], Y[C[40]], Y[C[50]]], 3, Y[C[40]])


def test_sole_finisher_wins_immediately() -> None:
    """TL Victory: the only player to place their last card in a round wins at once
    when nobody later in the round can also finish."""
    s = table([[C[50]], [C[20], C[30]], [C[60], C[70]]], [C[40]])
    s1 = G.apply(s, 0, Action(PLACE, (1,)))
    out = G.outcome(s1)
    assert out is not None and out.winners == (0,) and "TL Victory" in out.reason
    assert out.ending is Ending.GOAL
    assert G.to_act(s1) == [] and s1["timeline"] == [C[40], C[50]]
    assert G.view(s1, 1)["board"]["players"][0]["status"] == "winner"


def test_finisher_waits_while_a_later_player_could_also_finish() -> None:
    """TL Victory: the round goes on if a later player holds a single card; if that
    player fails, the first finisher wins at the end of the round."""
    s = table([[C[50]], [C[20]], [C[60], C[70]]], [C[40]])
    s1 = G.apply(s, 0, Action(PLACE, (1,)))
    assert G.outcome(s1) is None and s1["turn"] == 1 and s1["done"] == [0]
    s2 = G.apply(s1, 1, Action(PLACE, (2,)))  # C[20] after C[50]: wrong
    assert G.outcome(s2) is not None and G.outcome(s2).winners == (0,)  # type: ignore[union-attr]


def test_several_finishers_play_on_alone_and_draw_each_round() -> None:
    """TL Victory: several players finishing in one round play on; the others are
    eliminated; each contender draws a card for the next round."""
    s = table([[C[50]], [C[20]], [C[60], C[70]]], [C[40]])
    s1 = G.apply(s, 0, Action(PLACE, (1,)))
    s2 = G.apply(s1, 1, Action(PLACE, (0,)))  # C[20] before C[40]: correct
    assert G.outcome(s2) is None
    assert s2["phase"] == "playoff" and s2["contenders"] == [0, 1] and s2["round"] == 2
    top2, top1 = s["pile"][-2], s["pile"][-1]
    assert s2["hands"] == [[top1], [top2], [C[60], C[70]]]
    assert s2["turn"] == 0 and s2["done"] == []
    v = G.view(s2, 2)["board"]["players"]
    assert [p["status"] for p in v] == ["playing", "playing", "out"]
    assert G.legal_actions(s2, 2) == []


def _playoff(seed_pile: list[str]) -> dict[str, Any]:
    s = table([[C[50]], [C[20]], [C[60], C[70]]], [C[40]], pile=None)
    s["pile"] = [c for c in s["pile"] if c not in seed_pile] + seed_pile
    s = G.apply(s, 0, Action(PLACE, (1,)))
    return G.apply(s, 1, Action(PLACE, (0,)))


def _gap(s: dict[str, Any], cid: str, right: bool) -> int:
    years = [catalog()[c].year for c in s["timeline"]]
    return next(g for g in range(len(years) + 1) if G.fits(years, g, Y[cid]) == right)


def test_playoff_sole_success_wins() -> None:
    """TL Victory: in the playoff, the only contender to place their card wins."""
    s = _playoff([C[80], C[5]])  # P0 draws C[5], P1 draws C[80]
    assert s["hands"][:2] == [[C[5]], [C[80]]]
    s1 = G.apply(s, 0, Action(PLACE, (_gap(s, C[5], True),)))
    assert G.outcome(s1) is None and s1["turn"] == 1
    s2 = G.apply(s1, 1, Action(PLACE, (_gap(s1, C[80], False),)))
    out = G.outcome(s2)
    assert out is not None and out.winners == (0,)


def test_playoff_all_fail_plays_another_round() -> None:
    """TL Victory: if every contender fails, they play another round."""
    s = _playoff([C[80], C[5]])
    s1 = G.apply(s, 0, Action(PLACE, (_gap(s, C[5], False),)))
    s2 = G.apply(s1, 1, Action(PLACE, (_gap(s1, C[80], False),)))
    assert G.outcome(s2) is None
    assert s2["round"] == 3 and s2["contenders"] == [0, 1] and s2["turn"] == 0
    assert [len(h) for h in s2["hands"][:2]] == [1, 1]  # replacement drawn, no extra


def test_playoff_several_successes_narrow_the_field() -> None:
    """Our reading of TL Victory: several successes in a playoff round go on alone."""
    s = table([[C[50]], [C[20]], [C[45]]], [C[40]])
    s = G.apply(s, 0, Action(PLACE, (1,)))
    s = G.apply(s, 1, Action(PLACE, (0,)))
    s = G.apply(s, 2, Action(PLACE, (_gap(s, C[45], True),)))
    assert s["phase"] == "playoff" and s["contenders"] == [0, 1, 2]
    s = G.apply(s, 0, Action(PLACE, (_gap(s, s["hands"][0][0], True),)))
    s = G.apply(s, 1, Action(PLACE, (_gap(s, s["hands"][1][0], True),)))
    s = G.apply(s, 2, Action(PLACE, (_gap(s, s["hands"][2][0], False),)))
    assert G.outcome(s) is None and s["contenders"] == [0, 1] and s["round"] == 3


def test_illegal_actions_are_refused_with_the_state_unchanged() -> None:
    """Placing before choosing, choosing a card one lacks, or acting out of turn is
    refused with a message, and nothing changes."""
    s = table([[C[10], C[50]], [C[20], C[30]]], [C[40]])
    before = canonical_json(s)
    for seat, action, msg in [
        (0, Action(PLACE, (0,)), "Choose which card"),
        (0, Action(SEL, (C[20],)), "not in your hand"),
        (1, Action(SEL, (C[20],)), "not P1's turn"),
        (0, Action("jump", ()), "not a Timeline action"),
    ]:
        with pytest.raises(IllegalAction, match=msg):
            G.apply(s, seat, action)
        assert canonical_json(s) == before
    s1 = G.apply(s, 0, Action(SEL, (C[10],)))
    with pytest.raises(IllegalAction, match="no gap 5"):
        G.apply(s1, 0, Action(PLACE, (5,)))
    with pytest.raises(IllegalAction, match="already chosen"):
        G.apply(s1, 0, Action(SEL, (C[50],)))


def test_view_never_shows_the_year_of_a_card_in_hand() -> None:
    """TL Setup 4: players see the fronts of hand cards only."""
    s = G.setup(["A", "B"], {}, seed=2)
    v = G.view(s, 0)
    for p in v["board"]["players"]:
        for card in p["hand"]:
            assert set(card) == {"id", "title", "deck", "description"}
    assert all("year" in c for c in v["board"]["timeline"])


def test_undo_takes_back_a_selection_but_never_a_flip() -> None:
    """Undo may take back choosing a card, never a placement (the year was revealed)."""
    m = Match.new("timeline", [Seat("Ann"), Seat("Bob")], {}, seed=9)
    cid = m.state["hands"][0][0]
    m.apply(0, Action(SEL, (cid,)))
    assert m.can_undo(0) and not m.can_undo(1)
    m.undo(0)
    assert m.state["selected"] is None and m.actions == []
    m.apply(0, Action(SEL, (cid,)))
    m.apply(0, Action(PLACE, (0,)))
    assert not m.can_undo()
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        m.undo()


def test_knowledge_bot_confidence_and_gaps() -> None:
    """The bot puts its guess in the gap it falls in, with the normal mass between
    the neighbours as its confidence."""
    gap, conf = KnowledgeBot.best_gap([1000, 1500], 1200.0, 0.5)
    assert gap == 1 and conf == pytest.approx(1.0)
    gap, conf = KnowledgeBot.best_gap([1000, 1500], 1000.0, 50.0)
    assert gap == 1 and 0.45 < conf < 0.56
    gap, _ = KnowledgeBot.best_gap([], 5.0, 1.0)
    assert gap == 0


def test_better_knowledge_wins_more_often() -> None:
    """Hard bots (better knowledge) beat easy bots over a fixed set of seeds, and
    place correctly more often."""
    wins = {"easy": 0, "hard": 0}
    for seed in range(40):
        levels = ["hard", "easy"] if seed % 2 else ["easy", "hard"]
        m = Match.new("timeline", [Seat(lv, "bot", lv) for lv in levels], {}, seed)
        while not m.is_over():
            m.play_bot()
        out = G.outcome(m.state)
        assert out is not None
        for w in out.winners:
            wins[levels[w]] += 1
    assert wins["hard"] >= 28, wins


def test_bot_moves_are_reproducible() -> None:
    """Same state, seat and RNG seed: same bot decision."""
    s = G.setup(["A", "B"], {}, seed=21)
    bot = make_bot(G, "normal")
    assert bot.choose(G, s, 0, Rng.from_seed(5)) == bot.choose(G, s, 0, Rng.from_seed(5))


# ---- final standings (issue 24 §1) ------------------------------------------------------------
def gap_for(s: dict[str, Any], cid: str, right: bool) -> int:
    """A gap where any card ``cid`` fits (``right``) or does not."""
    years = [catalog()[c].year for c in s["timeline"]]
    return next(g for g in range(len(years) + 1) if G.fits(years, g, catalog()[cid].year) == right)


def play(s: dict[str, Any], *script: bool) -> dict[str, Any]:
    """The player to act places the first card of their hand, rightly or wrongly as
    ``script`` says, once per entry."""
    for right in script:
        seat = G.to_act(s)[0]
        cid = s["hands"][seat][0]
        if G.selected_card(s) is None:
            s = G.apply(s, seat, Action(SEL, (cid,)))
        s = G.apply(s, seat, Action(PLACE, (gap_for(s, cid, right),)))
        G.check_invariants(s)
    return s


def game(names: list[str], cards: int, seed: int = 4) -> dict[str, Any]:
    return G.setup(names, {"cards_per_player": cards}, seed=seed)


def test_standings_none_while_the_game_runs() -> None:
    """The standings appear only at the end (and in the view only then)."""
    s = game(["Ann", "Bob"], 2)
    assert G.standings(s) is None and G.view(s, 0)["standings"] is None
    s = play(s, True, False)
    assert G.outcome(s) is None and G.standings(s) is None


def test_standings_of_a_main_round_win_with_tied_losers() -> None:
    """TL Victory: Ann alone places her last card in round 2; Bob and Cy hold one card each
    (tied, 2nd), Di two (4th; she does not play in round 2: nobody after Cy could finish).
    Correct placements are the cards dealt minus the cards left."""
    s = play(game(["Ann", "Bob", "Cy", "Di"], 2), True, True, True, False, True, False, False)
    assert G.outcome(s) is not None and G.outcome(s).winners == (0,)  # type: ignore[union-attr]
    assert G.standings(s) == Standings((
        Standing(1, (0,), "0 cards left", (("Placed correctly", "2"), ("Went out", "yes, round 2"))),
        Standing(2, (1,), "1 card left", (("Placed correctly", "1"), ("Went out", "no"))),
        Standing(2, (2,), "1 card left", (("Placed correctly", "1"), ("Went out", "no"))),
        Standing(4, (3,), "2 cards left", (("Placed correctly", "0"), ("Went out", "no")))),
        "Ann was the only player to place their last card correctly in round 2.", "TL Victory", "2 rounds")
    assert G.view(s, None)["standings"] == G.standings(s).to_json()  # type: ignore[union-attr]


def test_standings_of_a_play_off_win() -> None:
    """TL Victory: Ann and Bob both go out in round 1 (Cy fails); both fail in round 2; in
    round 3 only Ann succeeds. Bob, still in the play-off, is ahead of Cy."""
    s = play(game(["Ann", "Bob", "Cy"], 1), True, True, False, False, False, True, False)
    assert G.outcome(s).winners == (0,) and s["phase"] == "playoff"  # type: ignore[union-attr]
    assert G.standings(s) == Standings((
        Standing(1, (0,), "0 cards left", (("Went out", "yes, round 1"), ("Play-off", "won"))),
        Standing(2, (1,), "1 card left", (("Went out", "yes, round 1"), ("Play-off", "still in at the end"))),
        Standing(3, (2,), "1 card left", (("Went out", "no"),))),
        "Ann and Bob placed their last card in round 1 and played on in a play-off; "
        "Ann was the only one to place their card correctly in round 3.",
        "TL Victory", "3 rounds, 2 of them play-off rounds")


def test_standings_of_a_play_off_narrowed_round_by_round() -> None:
    """Our reading of TL Victory: Ann, Bob and Cy go out in round 1; in round 2 Ann and Bob
    succeed (Cy is out); in round 3 only Bob does. Cy outlasted Di, who never went out."""
    s = play(game(["Ann", "Bob", "Cy", "Di"], 1), True, True, True, False, True, True, False, False, True)
    assert G.outcome(s).winners == (1,)  # type: ignore[union-attr]
    assert G.standings(s) == Standings((
        Standing(1, (1,), "0 cards left", (("Went out", "yes, round 1"), ("Play-off", "won"))),
        Standing(2, (0,), "1 card left", (("Went out", "yes, round 1"), ("Play-off", "still in at the end"))),
        Standing(3, (2,), "1 card left", (("Went out", "yes, round 1"), ("Play-off", "out after round 2"))),
        Standing(4, (3,), "1 card left", (("Went out", "no"),))),
        "Ann, Bob and Cy placed their last card in round 1 and played on in a play-off; "
        "Bob was the only one to place their card correctly in round 3.",
        "TL Victory", "3 rounds, 2 of them play-off rounds")


def test_standings_of_a_drawn_play_off() -> None:
    """Module docstring: both players go out in round 1 and no card is left to draw for
    the play-off: a draw, both first; the empty round 2 is not counted."""
    keep = {C[10], C[50]}
    others = [c for c in deck_cards(G.setup(["a", "b"], {}, 1)["options"]["decks"]) if c not in keep]
    s = table([[C[10]], [C[50]]], sorted(others, key=lambda c: catalog()[c].year), pile=[], discard=[],
              seats=["Ann", "Bob"])
    s = play(s, True, True)
    out = G.outcome(s)
    assert out is not None and out.winners == (0, 1) and out.ending is Ending.STANDINGS
    assert G.standings(s) == Standings((
        Standing(1, (0,), "0 cards left", (("Went out", "yes, round 1"), ("Play-off", "drawn"))),
        Standing(1, (1,), "0 cards left", (("Went out", "yes, round 1"), ("Play-off", "drawn")))),
        "Ann and Bob placed their last card in round 1 and played on in a play-off; when round 2 "
        "began no card was left to play, so Ann and Bob share the win.", "TL Victory", "1 round")


def test_standings_when_the_play_off_log_names_fit_several_seats() -> None:
    """Seat names with ", " in them: "A, B, C" could be A with "B, C" or A, B and C; the
    play-off's entrants are then not known, and only those still in at the end show
    "Went out"; the others are level on cards (1 each: 3rd, tied)."""
    s = play(game(["A", "B, C", "B", "C"], 1), True, True, False, False, True, False)
    assert G.outcome(s).winners == (0,)  # type: ignore[union-attr]
    assert G.standings(s) == Standings((
        Standing(1, (0,), "0 cards left", (("Went out", "yes"), ("Play-off", "won"))),
        Standing(2, (1,), "1 card left", (("Went out", "yes"), ("Play-off", "still in at the end"))),
        Standing(3, (2,), "1 card left", (("Play-off", "out"),)),
        Standing(3, (3,), "1 card left", (("Play-off", "out"),))),
        "Several players placed their last card in the same round and played on in a play-off; "
        "A was the only one to place their card correctly in round 2.", "TL Victory", "2 rounds")


def test_standings_of_a_solo_game_count_the_mistakes() -> None:
    """Solo (module docstring): the goal is an empty hand; the score is the mistakes, as
    the daily challenge counts them."""
    m = Match.new("timeline", [Seat("Ann", "human")], {"cards_per_player": 2}, seed=4)
    for right in (False, True, False, True):
        cid = m.state["hands"][0][0]
        if G.selected_card(m.state) is None:
            m.apply(0, Action(SEL, (cid,)))
        m.apply(0, Action(PLACE, (gap_for(m.state, cid, right),)))
    assert m.is_over() and G.daily_score(m).score == 2
    assert G.standings(m.state) == Standings(
        (Standing(1, (0,), "2 mistakes", (("Placed correctly", "2"), ("Placements", "4"))),),
        "Ann placed their last card correctly: the hand is empty, the solo goal.",
        "TL Victory, solo variant", "4 turns")


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_standings_agree_with_the_outcome_in_random_games(n: int) -> None:
    """Random games of every size: the winners are exactly the first-place rows, every seat
    stands in one row, places run from 1 without gaps other than ties."""
    for seed in range(6):
        s = G.setup([f"P{i}" for i in range(n)], {"cards_per_player": 2}, seed=seed)
        rng = Rng.from_seed(seed)
        while G.outcome(s) is None:
            seat = G.to_act(s)[0]
            acts = G.legal_actions(s, seat)
            s = G.apply(s, seat, acts[rng.below(len(acts))])
        st = G.standings(s)
        assert st is not None and st.how and st.rule.startswith("TL Victory") and st.length
        assert sorted(p for r in st.rows for p in r.seats) == list(range(n))
        assert {p for r in st.rows if r.place == 1 for p in r.seats} == set(G.outcome(s).winners)  # type: ignore[union-attr]
        assert [r.place for r in st.rows] == [1 + next(i for i, q in enumerate(st.rows) if q.place == r.place)
                                              for r in st.rows]
