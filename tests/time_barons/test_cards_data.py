"""The card data file and the test suite cover every card (issue: "every card has
its test"); stack sizes and set contents follow TB Card sets and CARDS.md §3–4."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from py_engine.core import OptionError, Rng
from py_engine.time_barons import cards as C
from py_engine.time_barons.effects import CAN, PLANNERS, card_planner

HERE = Path(__file__).parent


@cache  # parsed once for the 75 cases below, not once per case
def _test_names() -> frozenset[str]:
    names: set[str] = set()
    for f in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)


@pytest.mark.parametrize("cid", C.gameplay_ids())
def test_every_card_has_an_exact_state_test(cid: str) -> None:
    """At least one test is named after each of the 75 gameplay cards."""
    assert any(n.startswith(f"test_{cid}_") for n in _test_names()), f"no test for {cid}"


def test_sets_have_the_printed_sizes() -> None:
    """Core and Expansion: 50 cards each, 20/15/10/5 by level (TB Card sets);
    Core has 25 sites, Expansion 24 (CARDS §4); 75 distinct cards."""
    assert len(C.gameplay_ids()) == 75
    for s, sites in (("core", 25), ("expansion", 24)):
        assert [len(C.set_list(s, lv)) for lv in range(1, 5)] == [20, 15, 10, 5]
        assert sum(1 for c in C.set_list(s) if C.card(c)["type"] == "site") == sites


def test_every_card_resolves_and_every_ordinary_ability_has_an_effect() -> None:
    """Each card has a planner; each site ability has one (infinite triggered ones
    are answered in windows but also have planners for Sentient AI repeats)."""
    for cid in C.gameplay_ids():
        card_planner(cid)
        for ab in C.card(cid)["abilities"]:
            if cid == "university" and ab["n"] == 1:
                continue  # passive requirement discount (board.university_bonus)
            assert f"ab:{cid}:{ab['n']}" in PLANNERS, (cid, ab["n"])
    assert all(k.split(":")[0] in C.cards() for k in CAN)


def test_texts_are_filled_in() -> None:
    """The app shows our own card text: none is empty."""
    for c in C.data()["cards"]:
        assert c["text"], c["id"]
        assert all(a["text"] for a in c["abilities"]), c["id"]
        assert all(c.get("modes") or [True]), c["id"]


def test_mixes() -> None:
    """Level-by-level takes each level's stack whole from one set; the random mix
    deals 20/15/10/5 from both sets; a custom mix is checked (TB Card sets)."""
    stacks, label = C.build_stacks("level_by_level", [], Rng.from_seed(3))
    assert label.startswith("lbl:") and [len(s) for s in stacks] == [20, 15, 10, 5]
    for lv, (s, pick) in enumerate(zip(stacks, label[4:], strict=True), start=1):
        assert sorted(s) == sorted(C.set_list("core" if pick == "c" else "expansion", lv))
    stacks, _ = C.build_stacks("random", [], Rng.from_seed(3))
    assert [len(s) for s in stacks] == [20, 15, 10, 5]
    with pytest.raises(OptionError, match="only 1 Doomsday Laser"):
        C.validate_custom(["doomsday_laser"] * 2)
    with pytest.raises(OptionError, match="no level 4"):
        C.validate_custom(C.set_list("core", 1) + C.set_list("core", 2) + C.set_list("core", 3))
