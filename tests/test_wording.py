"""The wording helper (issue 24 §4): plurals, possessives, seat names, and the check that
rejects what a tester saw ("Roll 3 movement dies", "Bot 1 (normal) (bot) to play", …).
The check runs on every random game of the conformance suite and every table drawn by
tests/ui/test_view_only.py; here it is held to the faults it must find and the right
wording it must let through."""

from __future__ import annotations

import pytest

from py_engine.core.wording import (
    a_an,
    article,
    bad_wording,
    bare_name,
    plural,
    plural_word,
    possessive,
    seat_name,
    their,
    verb,
)


@pytest.mark.parametrize(("n", "word", "out"), [
    (3, "movement die", "3 movement dice"), (2, "Hunting die", "2 Hunting dice"), (1, "die", "1 die"),
    (0, "die", "0 dice"), (1, "political point", "1 political point"), (2, "trophy", "2 trophies"),
    (2, "half", "2 halves"), (4, "play-off round", "4 play-off rounds"), (2, "day", "2 days"),
    (2, "pass", "2 passes"), (-1, "point", "-1 point"), (5, "Guile die", "5 Guile dice"),
])
def test_plural(n: int, word: str, out: str) -> None:
    assert plural(n, word) == out


def test_plural_override_and_word() -> None:
    assert plural(2, "point of damage", "points of damage") == "2 points of damage"
    assert plural_word("army") == "armies" and plural_word("Die") == "Dice"


def test_possessive_their_and_verb() -> None:
    assert possessive("Sand Worm") == "Sand Worm's"
    assert possessive("Northern Raiders") == "Northern Raiders'"
    assert possessive("You") == "your"
    assert (their("You"), their("Ann")) == ("your", "their")
    assert [verb("You", v) for v in ("plays", "is", "was", "has", "passes", "carries")] == [
        "play", "are", "were", "have", "pass", "carry"]
    assert verb("Ann", "plays") == "plays"


def test_seat_names_never_double_their_tags() -> None:
    assert seat_name("Bot 1 (normal)", bot=True) == "Bot 1 (normal)"
    assert seat_name("Bot (hard)", bot=True) == "Bot (hard)"
    assert seat_name("Robo", bot=True) == "Robo (bot)"
    assert seat_name("Ann") == "Ann"
    assert bare_name("Bot 1 (normal)") == "Bot 1"
    assert bare_name("Bot 1 (normal) (bot)") == "Bot 1"
    assert bare_name("(bot)") == "(bot)"


@pytest.mark.parametrize("text", [
    "Roll 3 movement dies", "Forage (2 Hunting dies)", "Sand Worm's Sand Worm attacks [4 5] misses Ann.",
    "Bot 1 (normal) (bot) to play", "Buy or trash cards: 1 political points.", "You placed their last card",
    "Attack (3 die, hit on 5+)", "Ann scores 1 hits", "You plays first.", "Ann mendings 3 4 and heals 2",
    "Place Governor in Gallia (1 votes needed)", "Fertility Fest: 1 followers on which site?",
    "Build a Amphitheater in Italia (2 Populace)", "Ann hands Marcus a Iron card (worth 5 GP).",
    "Ann pays Bob 0 GP of a 8 GP toll", "P4 pays P3 5 GP of a 18 GP toll", "an unit", "Build an Basilica",
])
def test_what_the_tester_saw_is_rejected(text: str) -> None:
    assert bad_wording(text), text


@pytest.mark.parametrize("text", [
    "Roll 3 movement dice", "Forage (1 Hunting die)", "Sand Worm's attack [4 5] misses Ann.",
    "Bot 1 (normal) to play", "Buy or trash cards: 1 political point.", "You placed your last card",
    "Attack (1 die, hit on 5+)", "Ann scores 2 hits", "You play first.", "Ann mends: [3 4], heals 2",
    "Battle in Gallia: Marcus' army (1+0 legions) rolls [4] (1 hit).", "Military 1 (+1 Military)",
    "Round 12: Ann's turn.", "a 1-point card", "hit on 2+", "dice [2], 1 of 1 vote — success.",
    "Build an Amphitheater in Italia", "Ann hands Marcus an Iron card.", "of an 18 GP toll", "a unit",
    "a one-off", "an hour", "a 1-point card", "an economic victory", "a Military card", "Plan A: a Euro",
])
def test_right_wording_passes(text: str) -> None:
    assert bad_wording(text) == [], text


@pytest.mark.parametrize(("phrase", "out"), [
    ("Amphitheater", "an Amphitheater"), ("Basilica", "a Basilica"), ("Iron card", "an Iron card"),
    ("unit", "a unit"), ("hour", "an hour"), ("one-off", "a one-off"), ("8 GP toll", "an 8 GP toll"),
    ("11", "an 11"), ("18", "an 18"), ("80", "an 80"), ("1", "a 1"), ("5 GP toll", "a 5 GP toll"),
    ("economic", "an economic"), ("Military", "a Military"), ("Euro", "a Euro"),
])
def test_the_article_goes_by_the_sound(phrase: str, out: str) -> None:
    """One helper for "a"/"an" (issue 48 §4): by the first sound, numbers as said; what it makes
    is what the wording check lets through."""
    assert a_an(phrase) == out and article(phrase) == out.split()[0]
    assert bad_wording(f"Take {out} now") == []
