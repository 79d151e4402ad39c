"""The conformance suite: every registered game, every player count, must pass it.

The pgx ``api_test`` / OpenSpiel ``random_sim_test`` idea (shared/research/prior_art.md):
random games to the end with invariants after every action; legality, immutability,
serialization, determinism and information hiding checked at random points.

Environment: ``TB_CONFORMANCE_GAMES`` random games per (game, player count)
(default 3); ``TB_CONFORMANCE_COUNTS=ends``: only each game's fewest and most players. The
same file runs inside Pyodide under Node (tests/pyodide/), with both.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_engine.core import (
    Action,
    Game,
    IllegalAction,
    Match,
    MCTSBot,
    MomentKind,
    OptionError,
    RandomBot,
    Rng,
    Seat,
    State,
    canonical_json,
    make_bot,
    state_hash,
    suggest,
)
from py_engine.core.mcts import apply_in_place
from py_engine.core.rng import KEYED
from py_engine.core.wording import bad_wording
from py_engine.games import all as all_games
from py_engine.games import get

GAMES_PER_COUNT = int(os.environ.get("TB_CONFORMANCE_GAMES", "3"))

def _allowed(game: Game, n: int, opts: dict[str, Any]) -> bool:
    """True if ``opts`` is a valid setup for ``n`` players (a listed variant may need
    more players, e.g. Time Barons' free-for-all)."""
    try:
        game.resolve_options(n, opts)
    except OptionError:
        return False
    return True


#: (game id, player count, options): every player count with the default options, plus each
#: variant a game lists in ``conformance_options`` (e.g. Time Barons' Expansion set and
#: free-for-all mode) for every player count it allows.
CASES = [(g.id, n, opts) for g in all_games() for n in range(g.min_players, g.max_players + 1)
         for opts in ({}, *g.conformance_options) if _allowed(g, n, opts)]

if os.environ.get("TB_CONFORMANCE_COUNTS") == "ends":
    # Only the fewest and the most players of each game and option set. The Pyodide run uses
    # it: there tests/parity.py has already compared every case's random games, action by
    # action, with CPython's, where this suite runs on every count.
    _counts: dict[tuple[str, str], list[int]] = {}
    for _g, _n, _o in CASES:
        _counts.setdefault((_g, json.dumps(_o, sort_keys=True)), []).append(_n)
    CASES = [(g, n, o) for g, n, o in CASES
             if n in (min(_counts[g, json.dumps(o, sort_keys=True)]), max(_counts[g, json.dumps(o, sort_keys=True)]))]


def _ids(case: tuple[str, int, dict[str, Any]]) -> str:
    extra = "".join(f"-{v}" for v in case[2].values())
    return f"{case[0]}-{case[1]}p{extra}"


def random_match(game_id: str, n: int, seed: int, stop_at: int | None = None,
                 options: dict[str, Any] | None = None) -> Match:
    """A match between random bots, played to the end (or ``stop_at`` actions)."""
    seats = [Seat(f"P{i}", "bot", "random") for i in range(n)]
    m = Match.new(game_id, seats, options or {}, seed)
    bound = m.game.max_actions(n, m.options)
    while not m.is_over() and (stop_at is None or len(m.actions) < stop_at):
        assert len(m.actions) <= bound, f"{game_id} ran past its declared bound {bound}"
        m.play_bot()
    return m


def _check_state_type(game: Game, state: State) -> None:
    """The game's typed description of its state (``Game.state_type``, what mypy checks the
    rules against) names every key of ``state``, and every key it requires is there."""
    t = game.state_type
    if t is None:
        return
    required: frozenset[str] = t.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = t.__optional_keys__  # type: ignore[attr-defined]
    keys = set(state)
    assert required <= keys, f"{game.id}: the state lacks {sorted(required - keys)}"
    assert keys <= required | optional, f"{game.id}: {t.__name__} does not name {sorted(keys - required - optional)}"


def _check_standings(game: Game, state: State, n: int) -> None:
    """The final standings (issue 24 §1) agree with the outcome: every seat in exactly one
    row, places from 1 and never falling back, the first place exactly the winners (tied rows
    of a draw included), and the view carries the same standings."""
    out = game.outcome(state)
    st = game.standings(state)
    assert out is not None and st is not None, "a finished game has standings"
    seats = [p for r in st.rows for p in r.seats]
    assert sorted(seats) == list(range(n)), f"{game.id}: standings seats {seats}"
    places = [r.place for r in st.rows]
    assert places[0] == 1 and places == sorted(places), f"{game.id}: places {places}"
    firsts = {p for r in st.rows if r.place == 1 for p in r.seats}
    assert firsts == set(out.winners), f"{game.id}: first place {firsts} but winners {out.winners}"
    assert st.how and game.view(state, None)["standings"] == st.to_json()


def _check_moment(game: Game, before: State, after: State, n: int, full: bool) -> None:
    """The key-moment contract (issue 24 §1): an action makes at most one moment, an
    elimination or a last-round trigger with a label; the leaders are None or some seats (one
    side), with a label; ``full``: also an unchanged state makes no moment."""
    found = game.moment(before, after)
    assert found is None or (found[0] in (MomentKind.ELIMINATION, MomentKind.LAST_ROUND)
                             and isinstance(found[1], str) and found[1]), f"{game.id}: moment {found}"
    if full:
        lead = game.leaders(after)
        assert lead is None or (isinstance(lead, frozenset) and lead and lead <= frozenset(range(n))), lead
        assert lead is None or game.lead_label(after, lead)
        assert game.moment(after, after) is None, f"{game.id}: a moment without a change"


def _names(game_id: str, n: int) -> list[str]:
    """Seat names that catch wording faults (issue 24 §4): a bot's default name with its level
    tag, a name ending in s (possessives), and in Timeline, whose daily challenge names its
    player "You", that name first (verbs and pronouns agree with it)."""
    names = ["Ann", "Bot 1 (normal)", "Marcus", *(f"P{i}" for i in range(3, n))][:n]
    return ["You", *names[1:]] if game_id == "timeline" else names


def _check_wording(game_id: str, texts: set[str]) -> None:
    """No log line, prompt or action label shows a fault of :data:`BAD_WORDING` ("3 movement
    dies", "1 political points", "Sand Worm's Sand Worm attacks", "(normal) (bot)", …)."""
    bad = {t: found for t in texts if (found := bad_wording(t))}
    assert not bad, f"{game_id}: bad wording:\n" + "\n".join(f"  {t!r}: {f}" for t, f in sorted(bad.items())[:20])


def _check_odds(view: dict[str, Any]) -> None:
    """Every action's odds in a view (issue 24 §3) are exact probabilities: the headline's
    chance in [0, 1], and each table's rows in [0, 1] summing to exactly 1."""
    for entry in view["actions"]:
        o = entry.get("odds")
        if o is None:
            continue
        assert set(o) >= {"what", "headline", "short", "percent", "p", "tables"}, o
        p = Fraction(*o["p"])
        assert 0 <= p <= 1 and o["what"] and o["percent"] in o["headline"], o
        for t in o["tables"]:
            ps = [Fraction(*r["p"]) for r in t["rows"]]
            assert all(0 <= x <= 1 for x in ps) and sum(ps) == 1, (entry["action"], t)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_games_reach_the_end_with_invariants(case: tuple[str, int, dict[str, Any]]) -> None:
    """Random play ends within the declared bound; invariants hold after every
    action; every seat to act has legal actions; views are JSON-ready; the bots'
    ``quiet`` test answers a bool without touching the state; the key moments' hooks keep
    their contract (:func:`_check_moment`); the log lines, prompts and action labels of these
    games are worded right (:func:`_check_wording`)."""
    game_id, n, opts = case
    game = get(game_id)
    for k in range(GAMES_PER_COUNT):
        seed = 1000 * n + k
        state = game.setup(_names(game_id, n), opts, seed)
        game.check_invariants(state)
        _check_state_type(game, state)
        rng = Rng.from_seed(seed)
        texts: set[str] = set()
        bound = game.max_actions(n, game.resolve_options(n, opts))
        steps = 0
        while game.outcome(state) is None:
            acting = game.to_act(state)
            assert acting, "no seat to act but the game is not over"
            for seat in acting:
                assert game.legal_actions(state, seat), f"seat {seat} to act has no legal action"
            if steps % 7 == 0:
                for seat in [None, *range(n)]:
                    v = game.view(state, seat)
                    json.dumps(v)
                    texts.add(v["prompt"])
                    texts.update(a["label"] for a in v["actions"])
                    _check_odds(v)
                before = state_hash(state)
                assert isinstance(game.quiet(state), bool) and state_hash(state) == before
            seat = acting[0]
            before, state = state, game.apply(state, seat, RandomBot().choose(game, state, seat, rng))
            _check_moment(game, before, state, n, steps % 7 == 0)
            game.check_invariants(state)
            _check_state_type(game, state)
            steps += 1
            assert steps <= bound, f"game did not end within {bound} actions"
        assert game.to_act(state) == []
        out = game.outcome(state)
        assert out is not None and out.winners and out.reason
        assert all(0 <= w < n for w in out.winners)
        for seat in range(n):
            assert game.legal_actions(state, seat) == []
            assert game.view(state, seat)["outcome"] == out.to_json()
        _check_standings(game, state, n)
        texts.update(text for _vis, text in state["log"])
        st = game.standings(state)
        texts.update([st.how, st.length] if st is not None else [])
        _check_wording(game_id, texts)


def _junk_actions(game: Game, state: dict[str, Any], n: int) -> st.SearchStrategy[tuple[int, Action]]:
    """Actions that are probably illegal: legal ones for the wrong seat, mutated
    arguments, unknown verbs."""
    legal_any = [a for s in range(n) for a in game.legal_actions(state, s)]
    names = sorted({a.name for a in legal_any} | {"pass", "zzz"})
    args = st.one_of(st.integers(-3, 60), st.text(max_size=8),
                     st.sampled_from([x for a in legal_any for x in a.args] or [0]))
    made = st.builds(lambda nm, a: Action(nm, tuple(a)), st.sampled_from(names),
                     st.lists(args, max_size=3))
    pool = st.sampled_from(legal_any) if legal_any else made
    return st.tuples(st.integers(-1, n), st.one_of(made, pool))


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(case: tuple[str, int, dict[str, Any]], data: st.DataObject) -> None:
    """An action not in ``legal_actions(state, seat)`` raises IllegalAction and the
    state is byte-for-byte unchanged."""
    game_id, n, opts = case
    game = get(game_id)
    seed = data.draw(st.integers(0, 10_000))
    m = random_match(game_id, n, seed, stop_at=data.draw(st.integers(0, 80)), options=opts)
    state = m.state
    before = canonical_json(state)
    seat, action = data.draw(_junk_actions(game, state, n))
    legal = game.legal_actions(state, seat) if 0 <= seat < n else []
    if action in legal:
        return
    with pytest.raises(IllegalAction) as err:
        game.apply(state, seat, action)
    assert str(err.value), "IllegalAction needs a message for the player"
    assert canonical_json(state) == before


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(seed=st.integers(0, 100_000), stop=st.integers(0, 120))
def test_state_and_save_round_trip_and_replay_is_deterministic(case: tuple[str, int, dict[str, Any]], seed: int, stop: int) -> None:
    """State JSON and Match saves round-trip exactly; the same seed and log give
    the same state hash."""
    game_id, n, opts = case
    m = random_match(game_id, n, seed, stop_at=stop, options=opts)
    text = canonical_json(m.state)
    assert canonical_json(json.loads(text)) == text
    assert json.loads(text) == m.state
    saved = m.save_json()
    again = Match.load(saved)
    assert state_hash(again.state) == state_hash(m.state)
    assert again.save_json() == saved
    replay = Match.new(game_id, m.seats, m.options, m.seed)
    for seat, a in m.actions:
        replay.apply(seat, a)
    assert state_hash(replay.state) == state_hash(m.state)
    # the game can go on from the loaded copy exactly as from the original
    if not m.is_over():
        assert again.bot_action(again.bot_to_act() or 0) == m.bot_action(m.bot_to_act() or 0)


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(seed=st.integers(0, 100_000), stop=st.integers(0, 120), det_seed=st.integers(0, 1000))
def test_view_hides_everything_determinize_resamples(case: tuple[str, int, dict[str, Any]], seed: int, stop: int, det_seed: int) -> None:
    """A seat's view is identical for the true state and a determinization for that
    seat (which differs only in what the seat cannot see); determinizations are
    valid states."""
    game_id, n, opts = case
    game = get(game_id)
    m = random_match(game_id, n, seed, stop_at=stop, options=opts)
    for seat in [None, *range(n)]:
        det = game.determinize(m.state, seat, Rng.from_seed(det_seed))
        game.check_invariants(det)
        assert game.view(det, seat) == game.view(m.state, seat)
        assert game.leaders(det) == game.leaders(m.state), "the leaders are public"
        assert game.to_act(det) == game.to_act(m.state)
        assert det["rng"] != m.state["rng"], "determinize must re-seed the RNG"


def _decision(case: tuple[str, int, dict[str, Any]], seed: int, stop: int) -> tuple[Game, Match, int] | None:
    """A random match of ``case`` stopped after ``stop`` actions, with the seat to act; None if it
    ended first."""
    game_id, n, opts = case
    m = random_match(game_id, n, seed, stop_at=stop, options=opts)
    if m.is_over():
        return None
    return m.game, m, m.game.to_act(m.state)[0]


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(seed=st.integers(0, 100_000), stop=st.integers(0, 60), a=st.integers(0, 999), b=st.integers(0, 999))
def test_determinize_depends_only_on_what_the_seat_knows(case: tuple[str, int, dict[str, Any]], seed: int, stop: int,
                                                         a: int, b: int) -> None:
    """Two states the seat cannot tell apart (the true one and a determinization of
    it) determinize identically for the same RNG, so a bot that looks only through
    ``determinize`` (the MCTS bot) chooses the same action in both: it cannot peek."""
    from py_engine.core.mcts import MCTSBot

    found = _decision(case, seed, stop)
    if found is None:
        return
    game, m, seat = found
    twin = game.determinize(m.state, seat, Rng.from_seed(a))
    assert canonical_json(game.determinize(m.state, seat, Rng.from_seed(b))) == canonical_json(
        game.determinize(twin, seat, Rng.from_seed(b)))
    if game.private_info:
        # the game's own playout cap, as its bots use (full playouts of a long game are slow)
        # and its longest quiet extension (the playout goes on while a card is half-resolved)
        cap = min((c for _i, c in (game.search_budgets or {}).values()), default=400)
        bot = MCTSBot(12, rollout_limit=cap, quiet_extra=max(game.search_quiet.values(), default=0))
        assert bot.choose(game, m.state, seat, Rng.from_seed(b)) == bot.choose(game, twin, seat, Rng.from_seed(b))


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(seed=st.integers(0, 100_000), stop=st.integers(0, 120), det_seed=st.integers(0, 1000))
def test_a_search_root_plays_exactly_like_the_state(case: tuple[str, int, dict[str, Any]], seed: int, stop: int,
                                                    det_seed: int) -> None:
    """A search determinizes from :meth:`Game.search_root`, which may leave out what only a
    player reads: the state itself is unchanged, and a determinization of the root and one
    of the state, for the same RNG, offer the same legal actions, outcome and evaluation at
    every step of the same playout."""
    found = _decision(case, seed, stop)
    if found is None:
        return
    game, m, seat = found
    before = canonical_json(m.state)
    root = game.search_root(m.state)
    assert canonical_json(m.state) == before, "search_root must not change the state"
    lean = game.determinize(root, seat, Rng.from_seed(det_seed))
    full = game.determinize(m.state, seat, Rng.from_seed(det_seed))
    rng = Rng.from_seed(det_seed)
    for _ in range(40):
        assert game.outcome(lean) == game.outcome(full)
        if game.outcome(full) is not None:
            return
        assert game.to_act(lean) == game.to_act(full)
        assert game.evaluate(lean) == game.evaluate(full)
        actor = game.to_act(full)[0]
        legal = game.search_actions(full, actor)
        assert game.search_actions(lean, actor) == legal
        a = legal[rng.below(len(legal))]
        apply_in_place(game, lean, actor, a)
        apply_in_place(game, full, actor, a)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_a_hint_is_legal_and_sees_only_what_the_seat_knows(case: tuple[str, int, dict[str, Any]]) -> None:
    """A game that offers hints (issue 24 §5, ``Game.hint_level``) makes them with a search
    bot, which sees the position only through ``determinize``: the hint is one of the legal
    actions, and the true state and a determinization of it (which the seat cannot tell
    apart) give the same hint, line of why included, for the same seed."""
    game_id = case[0]
    game = get(game_id)
    level = game.hint_level()
    if level is None:
        return
    assert hasattr(make_bot(game, level), "search"), f"{game_id}: the hint bot must search determinized states"
    found = _decision(case, 5, 25)
    if found is None:
        return
    _game, m, seat = found
    twin = game.determinize(m.state, seat, Rng.from_seed(9))
    cap = min((c for _i, c in (game.search_budgets or {}).values()), default=400)
    bot = MCTSBot(8, rollout_limit=cap, quiet_extra=max(game.search_quiet.values(), default=0))
    hint = suggest(game, m.state, seat, Rng.from_seed(4), bot)
    assert hint is not None and hint.action in game.legal_actions(m.state, seat)
    assert suggest(game, twin, seat, Rng.from_seed(4), bot) == hint


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_view_actions_match_legal_actions(case: tuple[str, int, dict[str, Any]]) -> None:
    """The view lists exactly the legal actions, each with a label, for the seat to
    act, and none for the others; an action's caution (issue 24 §2), when there is one,
    is the game's ``caution`` sentence, and an action with none has no key."""
    game_id, n, opts = case
    game = get(game_id)
    m = random_match(game_id, n, 7, stop_at=15, options=opts)
    for seat in range(n):
        v = game.view(m.state, seat)
        legal = [a.to_json() for a in game.legal_actions(m.state, seat)]
        assert [a["action"] for a in v["actions"]] == legal
        assert all(isinstance(a["label"], str) and a["label"] for a in v["actions"])
        for a in v["actions"]:
            warn = game.caution(m.state, seat, Action.from_json(a["action"]))
            assert a.get("caution", None) == warn and (warn is None or (isinstance(warn, str) and warn))
        assert v["prompt"]


def test_registry_lists_every_game_with_a_description() -> None:
    """``games.all()`` and ``describe()`` cover every registered game."""
    for g in all_games():
        d = g.describe()
        assert d["id"] == g.id and d["title"] and d["min_players"] <= d["max_players"]
        assert "random" in d["bot_levels"]
        json.dumps(d)


def _undoable(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """What :class:`Match` may take back: no chance used, nothing revealed."""
    return after["rng"] == before["rng"] and after["reveals"] == before["reveals"]


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(seed=st.integers(0, 100_000), stop=st.integers(0, 150), det_seed=st.integers(0, 1000))
def test_undoable_actions_teach_the_actor_nothing(case: tuple[str, int, dict[str, Any]], seed: int, stop: int,
                                                  det_seed: int) -> None:
    """Undo may only cross an action whose effect the actor could foresee
    (issue 9): re-deal everything hidden from the actor (``determinize``), apply
    the same action there, and the actor's view must come out identical, and the
    action must be undoable there too. Otherwise the effect depended on something
    hidden (an opponent's hand, a face-down card, a shuffled pile), the action
    taught the actor about it, and the game must mark a reveal so undo stops."""
    game_id, n, opts = case
    game = get(game_id)
    m = random_match(game_id, n, seed, stop_at=stop, options=opts)
    state = m.state
    rng = Rng.from_seed(det_seed)
    for _ in range(6):
        if game.outcome(state) is not None:
            return
        seat = game.to_act(state)[0]
        action = RandomBot().choose(game, state, seat, rng)
        after = game.apply(state, seat, action)
        if _undoable(state, after):
            det = game.determinize(state, seat, Rng.from_seed(det_seed))
            after_det = game.apply(det, seat, action)
            assert _undoable(det, after_det), (
                f"{action} used chance or revealed something in a re-dealt position but not in the "
                "real one: whether it reveals depends on hidden information")
            assert game.view(after_det, seat) == game.view(after, seat), (
                f"{action} by seat {seat} is undoable but showed the actor something hidden")
        state = after


def _secrets_in(value: Any, ints: set[int], texts: list[str], where: str) -> None:
    """Fail if ``value`` (JSON-ready) holds one of ``ints`` or a string containing one of ``texts``."""
    if isinstance(value, dict):
        for k, v in value.items():
            _secrets_in(k, ints, texts, where)
            _secrets_in(v, ints, texts, where)
    elif isinstance(value, list | tuple):
        for v in value:
            _secrets_in(v, ints, texts, where)
    elif isinstance(value, int) and not isinstance(value, bool):
        assert value not in ints, f"{where} carries a number of the deal's seed or key: {value}"
    elif isinstance(value, str):
        assert not any(t in value for t in texts), f"{where} carries the deal's seed or key: {value[:80]}"


@pytest.mark.skipif(sys.platform == "emscripten", reason="the same games in Pyodide: tests/parity.py plays keyed deals")
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_no_view_table_message_or_log_line_carries_the_seed_or_the_generator_state(
        case: tuple[str, int, dict[str, Any]]) -> None:
    """Issue 47: at an app's deal (a 256-bit seed, the keyed generator), no seat's view, no table
    message a guest phone receives before the reveal, and no log line holds the seed, or a word
    of the generator's key, in decimal or in hex; the reveal at the end holds the seed."""
    from py_engine.core.host import TableHost

    game_id, n, opts = case
    game = get(game_id)
    seed = int.from_bytes(hashlib.sha256(f"conformance/{_ids(case)}".encode()).digest(), "big")
    m = Match.new(game_id, [Seat(f"P{i}", "bot", "random") for i in range(n)], opts, seed, generator=KEYED)
    key = m.state["rng"][:8]
    ints = {seed, *key, *((seed >> (32 * i)) & 0xFFFFFFFF for i in range(8))}
    texts = [str(seed), f"{seed:x}", *(f"{w:08x}" for w in key), *(str(w) for w in key if w >= 10**6)]
    host = TableHost(m, salt="ab" * 16)
    bound = game.max_actions(n, m.options)
    while True:
        over = m.is_over()
        if len(m.actions) % 8 == 0 or over:
            for seat in range(n):
                msg = host.table_message([seat])
                reveal = msg.pop("reveal", None)
                _secrets_in(msg, ints, texts, f"the table message of seat {seat} at action {len(m.actions)}")
                if over:
                    assert reveal is not None and reveal["seed"] == seed
            _secrets_in(game.view(m.state, None), ints, texts, "a spectator's view")
        if over:
            break
        assert len(m.actions) <= bound
        m.play_bot()
        host.changed()
    _secrets_in(m.state["log"], ints, texts, "the log")
