"""The Time Barons bot: the generic search with a cut-off evaluation
(``Game.evaluate``, ``Game.search_budgets``; py_engine/core/mcts.py)."""

from __future__ import annotations

import math

import pytest

from py_engine.core import Action, Rng, make_bot
from py_engine.core.mcts import MCTSBot, payoffs
from py_engine.time_barons import GAME
from py_engine.time_barons.board import exposed

from .tb import choices, mtable, site, table


def test_evaluate_favours_the_material_leader_and_trusts_a_lead_more_near_the_end() -> None:
    """More followers, levels and cards is better; the same lead is worth more when
    the draw stacks are nearly gone (majority victory, TB Game end)."""
    early = table(a=[site("homeland", 20)], b=[site("homeland", 5)],
                  stacks=[["siege"] * 9, ["library"] * 9, ["bioweapon"] * 9, ["ark"] * 4])
    late = table(a=[site("homeland", 20)], b=[site("homeland", 5)], stacks=[["siege"], [], [], []])
    e0, l0 = GAME.evaluate(early), GAME.evaluate(late)
    assert e0 is not None and l0 is not None
    assert 0.5 < e0[0] < l0[0] < 1.0 and 0.0 < l0[1] < e0[1] < 0.5
    even = GAME.evaluate(table())
    assert even is not None and abs(even[0] - 0.5) < 1e-9
    assert payoffs(GAME, early) == e0  # a cut-off playout scores the evaluation


def test_hard_at_a_free_for_all_table_counts_the_followers_one_blow_could_kill() -> None:
    """Hard's evaluation (``evaluate_exposure``, issue 46): at a free-for-all table each seat's
    material score loses half a point per follower of its most exposed site, weighted by how near
    that site is to destruction (a destroyed site kills every follower on it, TB Damage and
    destruction), and a lead counts only at the share of the draw stacks drawn (at least a
    quarter). Ann's 12 followers sit on a Capital 3 damage from destruction, Bob's 12 on a sound
    one (integrity 8): the shared evaluation finds them level, hard's puts Bob ahead."""
    assert (GAME.exposure_weight, GAME.lead_floor) == (0.5, 0.25)
    s = mtable([[site("capital", 12, dmg=5)], [site("capital", 12)], [site("capital", 6)], [site("capital", 6)]],
               options={"mode": "free_for_all"})
    assert [exposed(s, p) for p in range(4)] == [12.0, 3.0, 1.5, 1.5]
    shared, hard = GAME.evaluate(s), GAME.evaluate_exposure(s)
    assert shared is not None and hard is not None
    assert shared[0] == shared[1]
    closing = 0.5 + 0.5 * (1 - 10 / 40)  # 10 cards left of 40 stacked

    def value(lead: float) -> float:
        return 0.5 + closing * (1 / (1 + math.exp(-lead / 8)) - 0.5)

    # scores: 12 followers + 0.5 for the site, less 0.5 * exposed: 6.5, 11, 5.75, 5.75; Bob's lead
    # counts at the share of the stacks drawn (0.75), behind counts in full
    assert hard == pytest.approx([value(6.5 - 11), value(0.75 * (11 - 6.5)), value(5.75 - 11), value(5.75 - 11)])
    terms = dict(GAME.evaluate_terms(s, 0))  # the hint's terms: against the strongest rival, Bob
    assert terms["lead in safety from one blow"] == -4.5 and terms["follower lead"] == 0.0
    assert make_bot(GAME, "hard").evaluation == "evaluate_exposure"
    assert make_bot(GAME, "normal").evaluation == make_bot(GAME, "easy").evaluation == "evaluate"


def test_hard_judges_team_and_two_player_games_as_every_level_does() -> None:
    """Outside free-for-all, ``evaluate_exposure`` is exactly ``evaluate``: team games (2v2,
    the Solo Baron's 3) and 2-player games play as before issue 46."""
    worn = [site("capital", 12, dmg=5)]
    for s in (table(a=[site("homeland", 12, dmg=5)], b=[site("homeland", 4)]),
              mtable([worn, [site("capital", 12)], [site("capital", 6)], [site("capital", 6)]]),
              mtable([worn, [site("capital", 12)], [site("capital", 6)]])):
        assert GAME.evaluate_exposure(s) == GAME.evaluate(s)


def test_levels_use_short_playouts() -> None:
    """Each level is a search with its own budget and a short playout cap."""
    assert GAME.search_budgets is not None
    for level, (iterations, cap) in GAME.search_budgets.items():
        bot = make_bot(GAME, level)
        assert isinstance(bot, MCTSBot) and (bot.iterations, bot.rollout_limit) == (iterations, cap)
    # Hard follows the evaluation more closely than the default exploration, and
    # plays a cut-off playout on until nothing is half-resolved.
    hard, normal = make_bot(GAME, "hard"), make_bot(GAME, "normal")
    assert (hard.c, hard.quiet_extra) == (0.1, 30)
    assert (normal.c, normal.quiet_extra) == (MCTSBot().c, 0) == (0.7, 0)


def test_quiet_means_no_card_or_ability_half_resolved() -> None:
    """The main phase (TB Turn structure: empty resolution stack) is quiet; in the
    middle of Siege, after it is played and before its target is chosen, the state
    is not."""
    from .tb import play

    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("church", 3)], hands=[["siege"], []])
    assert GAME.quiet(s) and not s["frames"]
    mid = play(s, "siege")
    assert not GAME.quiet(mid) and mid["frames"]


def test_a_search_plays_from_a_lean_copy_without_labels() -> None:
    """``search_root`` marks a shallow copy ``lean``: its determinizations, and every state
    a playout reaches from them, keep a decision's actions but no labels, targets or prompt
    (a search reads none of them); the true state keeps its own."""
    from py_engine.core.mcts import apply_in_place

    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("church", 3)], hands=[["siege"], []])
    root = GAME.search_root(s)
    assert root["lean"] is True and "lean" not in s
    d = GAME.determinize(root, 0, Rng.from_seed(2))
    assert d["ask"]["acts"] == s["ask"]["acts"] == choices(s)
    assert (d["ask"]["labels"], d["ask"]["targets"], d["ask"]["prompt"]) == ([], [], "")
    assert "Play Siege (1 action)" in s["ask"]["labels"] and s["ask"]["prompt"]
    apply_in_place(GAME, d, 0, Action("play", ("siege",)))  # Siege asks for its target
    assert d["ask"]["acts"] == [["site", 1], ["site", 2], ["site", 3]] and d["ask"]["labels"] == []


def test_hard_playouts_stop_at_the_cap_only_when_quiet() -> None:
    """A cut-off playout of the hard level's search ends quiet (or finished) unless
    it ran out of its 30 extra decisions; normal's stops at exactly its cap of 4."""
    from py_engine.core.game import clone

    from .tb import play

    s = play(table(a=[site("homeland", 5)], b=[site("homeland", 6), site("church", 3)],
                   hands=[["siege", "library"], ["escape_route"]]), "siege")
    longer = 0
    for seed in range(6):
        for level in ("hard", "normal"):
            bot = make_bot(GAME, level)
            d = clone(s)
            bot.search(GAME, s, 0, Rng.from_seed(seed))._rollout(d)
            steps = d["n"] - s["n"]
            if level == "normal":
                assert steps == 4 or GAME.outcome(d) is not None
            else:
                assert steps <= 4 + 30
                assert GAME.quiet(d) or GAME.outcome(d) is not None or steps == 4 + 30
                longer += steps > 4
    assert longer  # some playouts were still inside a card at the cap, and went on


def test_bot_answers_a_reaction_window_on_the_opponents_turn() -> None:
    """A window owed by the non-active seat is an ordinary decision for the bot:
    the hard bot plays Escape Route to save the followers Siege would kill."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("church", 3)],
              hands=[["siege"], ["escape_route"]])
    from .tb import pick, play, sid
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "church"))
    assert ["react", "escape_route", 0] in choices(s) and GAME.to_act(s) == [1]
    for seed in (1, 2, 3):
        a = make_bot(GAME, "hard").choose(GAME, s, 1, Rng.from_seed(seed))
        assert a.to_json() == ["react", "escape_route", 0]


def test_team_bot_passes_followers_to_a_teammate_in_danger() -> None:
    """TB Team multiplayer: the team loses when either teammate runs out, so the
    hard bot (Ann, 15 followers) relocating passes followers to Cy, who has 1."""
    from .tb import mtable, pick

    s = mtable([[site("capital", 15)], [site("capital", 10)], [site("capital", 1)], [site("capital", 10)]],
               hands=[[], [], [], []])
    s = pick(s, "relocate")
    for _ in range(6):
        s = pick(s, "take", 1)
    s = pick(s, "done")
    assert choices(s) == [["num", k] for k in range(7)]
    for seed in (1, 2):
        a = make_bot(GAME, "hard").choose(GAME, s, 0, Rng.from_seed(seed))
        assert a.name == "num" and int(a.args[0]) >= 3, a


def test_team_bot_shares_out_a_large_hand() -> None:
    """With 8 cards against her teammate's none, the hard bot passes a card."""
    from .tb import mtable, pick

    s = mtable([[site("capital", 10)], [site("capital", 10)], [site("capital", 10)], [site("capital", 10)]],
               hands=[["siege", "temple", "church", "fort", "plague", "mission", "catapult", "fanaticism"], [], [], []])
    s = pick(pick(s, "relocate"), "done")
    assert ["done"] in choices(s) and len(choices(s)) == 9
    for seed in (1, 2):
        a = make_bot(GAME, "hard").choose(GAME, s, 0, Rng.from_seed(seed))
        assert a.name == "card", a


def test_a_bot_receiving_followers_places_them_on_its_own_sites() -> None:
    """The receiver owes the decision although it is not their turn; a bot
    teammate makes it (the hard bot avoids the site about to collapse)."""
    from .tb import mtable, pick, who

    s = mtable([[site("capital", 12)], [site("capital", 10)],
                [site("church", 1, dmg=2, att=["sanctions"]), site("capital", 4)], [site("capital", 10)]],
               hands=[[], [], [], []])
    s = pick(s, "relocate")
    for _ in range(3):
        s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "num", 3)
    assert who(s) == 2 and s["active"] == 0
    assert choices(s) == [["site", 3], ["site", 4]]
    for seed in (1, 2):
        a = make_bot(GAME, "hard").choose(GAME, s, 2, Rng.from_seed(seed))
        assert a.to_json() == ["site", 4]  # not the Church that Sanctions will finish off


def test_free_for_all_bot_fires_a_ready_weapon() -> None:
    """TB Free-for-all: with 3 tokens on its Forge the hard bot fires (3 damage to a
    site of each rival) rather than hoarding them."""
    from .tb import mtable

    s = mtable([[site("capital", 8)], [site("capital", 9), site("church", 3)], [site("capital", 9)],
                [site("capital", 9), site("temple", 3)]], options={"mode": "free_for_all"}, actions=0,
               forge=[3, 0, 0, 0])
    assert choices(s) == [["fire"], ["end"]]
    for seed in (1, 2):
        assert make_bot(GAME, "hard").choose(GAME, s, 0, Rng.from_seed(seed)).name == "fire"
