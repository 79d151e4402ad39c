"""A deal no guest can work out (issue 47 §1): the seed search that read every hand of the old
scheme, reproduced at a reduced size, finds nothing on the app's deals.

The attack, as a guest at a table across phones ran it on engine 0.6: the app drew a seed below
2**31 and dealt with ``xoshiro128**``; from its own first table message (its five dealt Time Barons
cards) the guest tried every seed, kept those that deal the same hand, and read every other hand
and every future draw from the one left. Here the seeds are 12 bits (a search of 4,096 deals, a
second or two) instead of 31; the method is the same. The app's deals (:func:`tb_ui.app.new_deal`)
are 256-bit seeds of the platform's cryptographic source dealt by ``blake2b-ctr``, whose outputs say
nothing of its key: no search of a seed space can be run, and the one a guest could run finds
nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from py_engine.core import Match, Seat
from py_engine.core.host import TableHost, encode
from py_engine.core.rng import KEYED, SEED_BITS, XOSHIRO, generator_words, keyed_words, new_seed
from py_engine.games import get

ROOT = Path(__file__).resolve().parents[1]
SEARCH_BITS = 12


def _hand(view: dict[str, Any], seat: int) -> list[str]:
    return list(view["board"]["players"][seat]["hand"])


def _first_message(seed: int, generator: str) -> tuple[Match, dict[str, Any]]:
    """A two-player Time Barons table (the guest holds seat 1) and the guest's first message."""
    m = Match.new("time_barons", [Seat("Host"), Seat("Guest")], {}, seed, generator=generator)
    return m, json.loads(encode(TableHost(m, salt="77" * 16).table_message([1])))


def _search(seen: list[str], bits: int) -> list[int]:
    """Every seed below ``2**bits`` whose ``xoshiro128**`` deal gives seat 1 the hand ``seen``."""
    game = get("time_barons")
    return [s for s in range(1 << bits)
            if _hand(game.view(game.setup(["Host", "Guest"], {}, s, XOSHIRO), 1), 1) == seen]


def _read_back(m: Match, candidates: list[int]) -> list[int]:
    """The candidates whose deal gives the host's hand and every stack's order exactly as ``m``
    dealt them: what the guest reads back from the seed it found."""
    game = get("time_barons")
    out = []
    for s in candidates:
        deal = game.setup(["Host", "Guest"], {}, s, XOSHIRO)
        if deal["players"][0]["hand"] == m.state["players"][0]["hand"] and deal["stacks"] == m.state["stacks"]:
            out.append(s)
    return out


def test_the_old_scheme_gives_every_hand_away_to_a_seed_search() -> None:
    seed = 2_741  # an old-scheme seed, below the search's 2**12
    m, msg = _first_message(seed, XOSHIRO)
    seen = _hand(msg["seats"]["1"], 1)
    assert msg["seats"]["1"]["board"]["players"][0]["hand"] is None  # the host's hand is hidden...
    found = _search(seen, SEARCH_BITS)
    # ... yet a few candidates deal the guest this hand, the seed among them (a move or two more
    # tells them apart), and the seed deals the host's hand and every stack's order exactly
    assert seed in found and len(found) <= 16
    assert _read_back(m, found) == [seed]


def test_the_same_search_finds_nothing_on_the_app_s_deals() -> None:
    """The guest's hand alone matches a few of the small space's deals by chance (a hand of five
    level-I cards is no rare thing), but none of them is the host's deal: nothing is read back."""
    for _ in range(2):
        m, msg = _first_message(new_seed(), KEYED)
        assert _read_back(m, _search(_hand(msg["seats"]["1"], 1), SEARCH_BITS)) == []


def test_new_seeds_span_256_bits_of_the_cryptographic_source() -> None:
    seeds = [new_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert max(s.bit_length() for s in seeds) > SEED_BITS - 8 >= 128
    assert min(s.bit_length() for s in seeds) >= 128  # fails with odds 64 / 2**128
    # every bit position is used: the OR of 64 seeds has (almost surely) all 256 bits set
    acc = 0
    for s in seeds:
        acc |= s
    assert acc.bit_count() == SEED_BITS


def test_nearby_seeds_deal_unrelated_games_and_the_key_hides_the_seed() -> None:
    """The key is a hash of the seed: seeds one apart share no key word, and no key word is a
    word of the seed."""
    a, b = keyed_words(10**70), keyed_words(10**70 + 1)
    assert a[8:] == b[8:] == [0, 0] and not set(a[:8]) & set(b[:8])
    seed = new_seed()
    words = {(seed >> (32 * i)) & 0xFFFFFFFF for i in range(8)}
    assert not words & set(generator_words(seed, KEYED)[:8])


def test_the_app_deals_every_new_game_with_a_new_cryptographic_seed() -> None:
    sys.path.insert(0, str(ROOT / "pwa"))
    from tb_ui.app import new_deal

    deals = [new_deal() for _ in range(4)]
    assert {g for _, g in deals} == {KEYED}
    assert len({s for s, _ in deals}) == 4 and all(s.bit_length() > 128 for s, _ in deals)


def test_a_save_names_its_generator_and_an_older_save_deals_as_it_did() -> None:
    from py_engine.core import SaveError

    m = Match.new("timeline", [Seat("A"), Seat("B")], {}, new_seed(), generator=KEYED)
    seat = m.to_act()[0]
    m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    save = m.save()
    assert save["generator"] == KEYED and save["seed"] == m.seed
    again = Match.load(m.save_json())
    assert (again.generator, again.state, again.notices) == (KEYED, m.state, [])
    # a save written before engine 0.7.0 names no generator: it was dealt by xoshiro128**
    old = Match.new("timeline", [Seat("A"), Seat("B")], {}, 99).save()
    del old["generator"]
    loaded = Match.load(old)
    assert loaded.generator == XOSHIRO and loaded.state == Match.new("timeline", [Seat("A"), Seat("B")], {}, 99).state
    try:
        Match.load({**save, "generator": "dice-cup-v9"})
    except SaveError as e:
        assert e.reason == "newer" and "random generator this app does not know" in str(e)
    else:
        raise AssertionError("an unknown generator was accepted")
