"""The host's side of a table across devices (issue 27, :mod:`py_engine.core.host`).

For every game: a scripted game in which every seat is a guest playing only from the messages it
receives. Every message sent to a guest is exactly its seats' ``view`` plus the revision and the
seed's commitment, so it holds no more than the view does (that a view hides everything another
seat holds is the conformance suite's ``test_view_hides_everything_determinize_resamples``).
Malformed, foreign, stale or illegal guest messages are refused with the table unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from py_engine import __version__
from py_engine.core import Action, Match, SaveError, Seat, state_hash
from py_engine.core.host import (
    CHANGED,
    GAME_OVER,
    HONEST,
    MAX_MESSAGE_BYTES,
    NOT_UNDERSTOOD,
    Ledger,
    Move,
    Refusal,
    RevealCheck,
    TableHost,
    act_message,
    commitment_of,
    encode,
    journal_line,
    sealed_setup,
    undo_message,
    verify_reveal,
    view_digest,
)
from py_engine.core.rng import Rng
from py_engine.games import all as all_games

#: (game, seats, options, how the seats sit on guest phones; [] = a phone per team): each game's
#: fewest players (two at least: a table across phones), one guest per seat; Time Barons 2 v 2 as two phones with a team each; Barons
#: with six phones.
TABLES: list[tuple[str, int, dict[str, Any], list[list[int]]]] = [
    *[(g.id, max(g.min_players, 2), {}, [[s] for s in range(max(g.min_players, 2))]) for g in all_games()],
    ("time_barons", 4, {"mode": "team"}, []),
    ("barons", 6, {}, [[s] for s in range(6)]),
]
#: Actions played per scripted game (or to the end): enough for hands, draws and reveals.
ACTIONS = 120


def _ids(t: tuple[str, int, dict[str, Any], list[list[int]]]) -> str:
    return f"{t[0]}-{t[1]}p-" + (f"{len(t[3])}phones" if t[3] else "a-phone-per-team")


def _table(game_id: str, n: int, options: dict[str, Any], seed: int = 11) -> TableHost:
    m = Match.new(game_id, [Seat(f"P{i}", "human") for i in range(n)], options, seed)
    return TableHost(m, salt="5a" * 16)


def _expected(host: TableHost, seats: list[int]) -> dict[str, Any]:
    m = host.match
    out: dict[str, Any] = {"type": "table", "revision": host.revision, "commitment": commitment_of(sealed_setup(m), host.salt),
                           "deal": host.deal,
                           "engine": __version__, "game": m.game.id, "kinds": ["human"] * len(m.seats), "levels": [None] * len(m.seats),
                           "options": m.options, "away": [],
                           "undo": [] if m.is_over() else [s for s in seats if m.can_undo(s)],
                           "seats": {str(s): m.game.view(m.state, s) for s in seats}}
    if m.is_over():
        out["reveal"] = {"game": m.game.id, "names": [s.name for s in m.seats], "options": m.options,
                         "seed": m.seed, "generator": m.generator, "salt": host.salt,
                         "journal": [[seat, a.to_json()] for seat, a in m.actions]}
    return out


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_guests_receive_only_their_seats_views_and_play_from_them(table: tuple[str, int, dict[str, Any],
                                                                               list[list[int]]]) -> None:
    game_id, n, options, phones = table
    host = _table(game_id, n, options)
    if not phones:
        phones = [list(team) for team in host.match.state["teams"]]
        assert len(phones) == 2 and all(len(team) == 2 for team in phones)
    rng = Rng.from_seed(5)
    commitment = host.commitment
    for _ in range(ACTIONS):
        # what each phone receives: its seats' views, to the key, through the wire's JSON
        received = [json.loads(encode(host.table_message(seats))) for seats in phones]
        for seats, msg in zip(phones, received, strict=True):
            assert msg == json.loads(encode(_expected(host, seats)))
            assert msg["commitment"] == commitment
        if host.match.is_over():
            break
        # a phone with a seat to act plays a choice it was shown (never one from the host's state)
        acting = [(i, s) for i, seats in enumerate(phones) for s in seats if s in host.match.to_act()]
        i, seat = acting[rng.below(len(acting))]
        shown = received[i]["seats"][str(seat)]["actions"]
        assert shown, f"{game_id}: seat {seat} is to act but was shown no action"
        choice = shown[rng.below(len(shown))]["action"]
        before = host.revision
        reply = host.receive(phones[i], encode({"type": "act", "revision": received[i]["revision"], "seat": seat,
                                                "action": choice}))
        assert reply is None, reply
        assert host.revision == before + 1
        assert host.match.actions[-1] == (seat, Action.from_json(choice))


def test_the_reveal_at_the_end_matches_the_commitment_from_the_start() -> None:
    host = _table("timeline", 2, {}, seed=4)
    start = host.table_message([0])
    assert "reveal" not in start
    while not host.match.is_over():
        seat = host.match.to_act()[0]
        view = host.table_message([seat])["seats"][str(seat)]
        assert host.receive([seat], encode({"type": "act", "revision": host.revision, "seat": seat,
                                            "action": view["actions"][0]["action"]})) is None
    end = host.table_message([1])
    reveal = end["reveal"]
    assert (reveal["seed"], reveal["salt"], reveal["generator"], reveal["names"]) == (4, host.salt, "xoshiro128**", ["P0", "P1"])
    assert verify_reveal(start["commitment"], reveal)
    # a host that changed the seed, the generator, a name or an option mid-game could not show a reveal that matches
    for changed in ({"seed": 5}, {"seed": "4"}, {"seed": True}, {"generator": "blake2b-ctr"}, {"names": ["P0", "Px"]},
                    {"options": {**reveal["options"], "cards_per_player": 5}}, {"salt": "00" * 16}):
        assert not verify_reveal(start["commitment"], {**reveal, **changed}), changed
    assert not verify_reveal(start["commitment"], {})


def _mid_game(game_id: str, n: int) -> TableHost:
    """A table some actions in (past the deal), every seat a guest."""
    host = _table(game_id, n, {}, seed=23)
    rng = Rng.from_seed(9)
    for _ in range(15):
        if host.match.is_over():
            break
        seat = host.match.to_act()[0]
        legal = host.match.game.legal_actions(host.match.state, seat)
        assert host.receive([seat], encode(act_message(host.revision, seat, legal[rng.below(len(legal))]))) is None
    assert not host.match.is_over()
    return host


def _bad_messages(host: TableHost) -> list[tuple[str, list[int], str | bytes, str]]:
    """(what, the sender's seats, the message, the reason expected) for one table position."""
    m = host.match
    seat = m.to_act()[0]
    other = next(s for s in range(len(m.seats)) if s != seat)
    legal = m.game.legal_actions(m.state, seat)
    good = act_message(host.revision, seat, legal[0])
    illegal = Action("no_such_move", (99,))
    waiting = [s for s in range(len(m.seats)) if s not in m.to_act()]
    cases: list[tuple[str, list[int], str | bytes, str]] = [
        ("garbage bytes", [seat], b"\xff\xfe\x00garbage", NOT_UNDERSTOOD),
        ("not JSON", [seat], "play the queen", NOT_UNDERSTOOD),
        ("a JSON list", [seat], json.dumps([good]), NOT_UNDERSTOOD),
        ("another type", [seat], encode({**good, "type": "chat"}), NOT_UNDERSTOOD),
        ("no revision", [seat], encode({k: v for k, v in good.items() if k != "revision"}), NOT_UNDERSTOOD),
        ("a text seat", [seat], encode({**good, "seat": str(seat)}), NOT_UNDERSTOOD),
        ("a boolean revision", [seat], encode({**good, "revision": True}), NOT_UNDERSTOOD),
        ("a malformed action", [seat], encode({**good, "action": [{"card": 1}]}), NOT_UNDERSTOOD),
        ("an action that is no list", [seat], encode({**good, "action": "pass"}), NOT_UNDERSTOOD),
        ("too deep", [seat], encode({**good, "pad": [[[[[[1]]]]]]}), NOT_UNDERSTOOD),
        ("oversized", [seat], encode({**good, "pad": "x" * MAX_MESSAGE_BYTES}), NOT_UNDERSTOOD),
        ("oversized in bytes", [seat], encode({**good, "pad": "é" * (MAX_MESSAGE_BYTES // 2)}), NOT_UNDERSTOOD),
        ("a seat the phone does not hold", [other], encode(good), "That seat is not yours"),
        ("a stale revision", [seat], encode({**good, "revision": host.revision - 1}), "The table moved on"),
        ("a revision from the future", [seat], encode({**good, "revision": host.revision + 1}), "The table moved on"),
        ("a move the rules refuse", [seat], encode(act_message(host.revision, seat, illegal)), ""),
    ]
    if waiting:
        w = waiting[0]
        cases.append(("a seat not to act", [w], encode({**good, "seat": w}), "It is not your turn"))
    return cases


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_malformed_foreign_stale_or_illegal_guest_messages_change_nothing(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    host = _mid_game(game_id, max(game.min_players, 2))
    for what, seats, data, reason in _bad_messages(host):
        state, revision, actions = state_hash(host.match.state), host.revision, list(host.match.actions)
        reply = host.receive(seats, data)
        assert isinstance(reply, Refusal), what
        assert reply.reason.startswith(reason) and reply.reason, (what, reply.reason)
        assert (state_hash(host.match.state), host.revision, host.match.actions) == (state, revision, actions), what
        refusal = host.refusal_message(reply)
        assert refusal == {"type": "refused", "revision": revision, "reason": reply.reason}
    # and the table still takes a good move afterwards
    seat = host.match.to_act()[0]
    legal = host.match.game.legal_actions(host.match.state, seat)
    assert host.receive([seat], encode(act_message(host.revision, seat, legal[0]))) is None


def test_a_move_of_the_host_s_own_seats_makes_guests_earlier_choices_stale() -> None:
    host = _table("time_war", 2, {})
    seat = host.match.to_act()[0]
    shown = host.table_message([seat])
    legal = host.match.game.legal_actions(host.match.state, seat)
    host.match.apply(seat, legal[0])  # the host phone's own seat moved (pass-and-play, a bot)
    host.changed()
    reply = host.receive([seat], encode(act_message(shown["revision"], seat, legal[0])))
    assert isinstance(reply, Refusal) and reply.reason.startswith("The table moved on")


def test_table_messages_are_only_for_the_table_s_seats() -> None:
    host = _table("time_war", 2, {})
    for seats in ([], [2], [-1], [True]):
        with pytest.raises(ValueError):
            host.table_message(seats)


def test_a_guest_takes_back_its_own_last_choice_while_the_rules_allow_it() -> None:
    """Undo across phones follows the match's own rule (no chance or reveal since, the seat's
    own action): Time War's first deployment is taken back, and only by the seat that made it."""
    host = _table("time_war", 2, {})
    seat = host.match.to_act()[0]
    other = 1 - seat
    before = state_hash(host.match.state)
    legal = host.match.game.legal_actions(host.match.state, seat)
    assert host.receive([seat], encode(act_message(host.revision, seat, legal[0]))) is None
    msg = host.table_message([seat])
    if not msg["undo"]:
        pytest.skip("the first action drew a card: nothing to undo here")
    assert msg["undo"] == [seat]
    refused = host.receive([other], encode(undo_message(host.revision, other)))
    assert isinstance(refused, Refusal) and refused.reason.startswith("Nothing to undo")
    stale = host.receive([seat], encode(undo_message(host.revision - 1, seat)))
    assert isinstance(stale, Refusal) and stale.reason.startswith("The table moved on")
    assert host.check([seat], encode(undo_message(host.revision, seat))) == Move(seat, None)
    revision = host.revision
    assert host.receive([seat], encode(undo_message(revision, seat))) is None
    assert state_hash(host.match.state) == before and host.revision == revision + 1
    assert host.table_message([seat])["undo"] == []


def test_check_reads_a_move_without_applying_it() -> None:
    host = _table("timeline", 2, {})
    seat = host.match.to_act()[0]
    legal = host.match.game.legal_actions(host.match.state, seat)
    before, revision = state_hash(host.match.state), host.revision
    assert host.check([seat], encode(act_message(revision, seat, legal[0]))) == Move(seat, legal[0])
    assert (state_hash(host.match.state), host.revision, host.match.actions) == (before, revision, [])


def test_the_table_message_carries_the_public_facts_and_who_is_away() -> None:
    m = Match.new("time_barons", [Seat("Ann", "human"), Seat("Bo", "bot", "hard"), Seat("Cy", "human"),
                                  Seat("Di", "bot", "easy")], {"mode": "team"}, seed=3)
    host = TableHost(m, salt="00")
    msg = host.table_message([2], away=[2, 0])
    assert (msg["game"], msg["kinds"], msg["levels"]) == ("time_barons", ["human", "bot", "human", "bot"],
                                                          [None, "hard", None, "easy"])
    assert msg["options"] == m.options and msg["away"] == [0, 2] and list(msg["seats"]) == ["2"]


# ---- the seal proves every view (issue 47 §3) -----------------------------------------------------
def _guest_game(game_id: str, n: int, options: dict[str, Any], seed: int, tamper_at: int | None = None,
                undo_every: int = 0) -> tuple[TableHost, Ledger, list[list[int]]]:
    """A game of guests at a keyed deal, every seat on its own phone, played by random choices of
    what each phone was shown; each phone keeps a :class:`Ledger` of every message. ``tamper_at``:
    after that many actions the host's app reverses every draw stack of its state (a host that
    changes the deal mid-game); ``undo_every``: a seat takes back its move every so many actions."""
    m = Match.new(game_id, [Seat(f"P{i}", "human") for i in range(n)], options, seed, generator="blake2b-ctr")
    host = TableHost(m, salt="3c" * 16)
    phones = [[s] for s in range(n)]
    ledger: Ledger | None = None
    rng = Rng.from_seed(seed)
    for k in range(400):
        for seats in phones:
            msg = json.loads(encode(host.table_message(seats)))
            ledger = Ledger.start(msg) if ledger is None else ledger
            ledger.record(msg)
        if m.is_over():
            break
        if tamper_at is not None and k == tamper_at:
            for stack in m.state["stacks"]:
                stack.reverse()
        seat = m.to_act()[rng.below(len(m.to_act()))]
        if undo_every and k % undo_every == undo_every - 1 and m.can_undo():
            last = m.actions[-1][0]
            assert host.receive([last], encode(undo_message(host.revision, last))) is None
            continue
        legal = m.game.legal_actions(m.state, seat)
        assert host.receive([seat], encode(act_message(host.revision, seat, legal[rng.below(len(legal))]))) is None
    assert ledger is not None
    return host, ledger, phones


def _play_out(host: TableHost) -> None:
    m, rng = host.match, Rng.from_seed(1)
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.game.legal_actions(m.state, seat)
        host.receive([seat], encode(act_message(host.revision, seat, legal[rng.below(len(legal))])))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_an_honest_table_passes_the_guest_s_replay_of_every_view(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    host, ledger, _ = _guest_game(game_id, max(game.min_players, 2), {}, seed=31, undo_every=7)
    _play_out(host)
    end = json.loads(encode(host.table_message([0])))
    ledger.record(end)
    assert end["undo"] == [] and "reveal" in end
    check = RevealCheck(ledger, end["reveal"])
    steps = 0
    while not check.step(0.0):  # a slice per step: the check goes on where it stopped
        steps += 1
    assert (check.outcome, check.revision) == (HONEST, None), check.message
    assert steps > 1 and check.compared == sum(len(v) for v in ledger.views.values())
    assert "fixed from the start" in check.message
    assert any(len(e) == 1 for e in host.journal) or game_id != "time_war"  # undos are in the journal


def _first_difference(host: TableHost, ledger: Ledger) -> int | None:
    """The oracle: the first revision at which a phone's view differs from an honest replay of the
    journal through :class:`Match` (apply and undo, the host's own path)."""
    m = host.match
    honest = Match.new(m.game.id, list(m.seats), m.options, m.seed, generator=m.generator)
    for r in range(len(host.journal) + 1):
        if r:
            entry = host.journal[r - 1]
            if len(entry) == 1:
                honest.undo()
            else:
                honest.apply(entry[0], Action.from_json(entry[1]))
        for seat, digest in ledger.views.get(r, {}).items():
            if view_digest(m.game.view(honest.state, seat)) != digest:
                return r
    return None


def test_a_host_that_rearranges_the_decks_mid_game_is_named_at_the_first_view_that_differs() -> None:
    host, ledger, _ = _guest_game("time_barons", 2, {}, seed=8, tamper_at=12)
    _play_out(host)
    end = json.loads(encode(host.table_message([1])))
    ledger.record(end)
    expected = _first_difference(host, ledger)
    assert expected is not None and expected > 12
    # the seal itself still matches: the seed and salt revealed are the ones committed to
    assert verify_reveal(ledger.commitment, end["reveal"])
    check = RevealCheck(ledger, end["reveal"]).run()
    assert (check.outcome, check.revision) == (CHANGED, expected)
    assert f"At move {expected} " in check.message


def test_a_reveal_that_does_not_fit_its_seal_or_its_table_is_refused() -> None:
    host, ledger, _ = _guest_game("timeline", 2, {}, seed=5)
    _play_out(host)
    reveal = json.loads(encode(host.table_message([0])))["reveal"]
    assert RevealCheck(ledger, reveal).run().outcome == HONEST
    cases = {
        "another seed": {**reveal, "seed": reveal["seed"] + 1},
        "no journal": {k: v for k, v in reveal.items() if k != "journal"},
        "a journal cut short": {**reveal, "journal": reveal["journal"][:3]},
        "a move that is not legal": {**reveal, "journal": [[0, ["no_such_move"]], *reveal["journal"][1:]]},
        "an undo over a draw": {**reveal, "journal": [*reveal["journal"][:1], [0], *reveal["journal"][1:]]},
        "a game not over": {**reveal, "journal": reveal["journal"][:-1]},
        "not a reveal": "seed",
    }
    for what, bad in cases.items():
        check = RevealCheck(ledger, bad).run()
        assert check.outcome == CHANGED, what
        assert "trusted" in check.message or "changed" in check.message, (what, check.message)


def test_the_journal_survives_the_host_s_reload_and_its_revision_goes_on() -> None:
    host, _, _ = _guest_game("time_war", 2, {}, seed=3, undo_every=5)
    m = host.match
    saved = json.loads(json.dumps(host.journal))
    again = Match.load(m.save_json())
    resumed = TableHost(again, host.salt, saved)
    assert resumed.journal is saved and resumed.revision == host.revision
    assert resumed.commitment == host.commitment
    # a journal that does not lead to the match's moves (edited, or another game's) starts anew
    wrong = TableHost(again, host.salt, [[0]])
    assert journal_line(wrong.journal) == again.actions and wrong.revision == len(again.actions)


def test_once_the_game_is_over_no_guest_may_take_a_move_back() -> None:
    host = _table("timeline", 2, {}, seed=4)
    _play_out(host)
    seat = host.match.actions[-1][0]
    reply = host.receive([seat], encode(undo_message(host.revision, seat)))
    assert isinstance(reply, Refusal) and reply.reason == GAME_OVER


def test_a_ledger_is_kept_as_json() -> None:
    _, ledger, _ = _guest_game("timeline", 2, {}, seed=6)
    again = Ledger.from_json(json.loads(json.dumps(ledger.to_json())))
    assert again == ledger
    for bad in ({}, {"views": []}, None, {**ledger.to_json(), "views": {"x": {}}}):
        with pytest.raises(SaveError):
            Ledger.from_json(bad)
