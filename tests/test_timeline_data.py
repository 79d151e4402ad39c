"""The Timeline card data: size, schema, years, and no duplicate events."""

from __future__ import annotations

import difflib
import re
from collections import Counter

from py_engine.timeline.cards import about, catalog, deck_index, format_year


def test_at_least_220_cards_in_at_least_4_decks() -> None:
    decks = Counter(c.deck for c in catalog().values())
    assert len(deck_index()) >= 4 and len(decks) >= 4
    assert sum(decks.values()) >= 220
    assert min(decks.values()) >= 50, decks


def test_every_card_has_the_fields_and_a_real_year() -> None:
    for cid, c in catalog().items():
        assert re.fullmatch(r"[a-z]{3}-\d{3}", cid), cid
        assert c.title.strip() and len(c.title) <= 40, cid
        assert isinstance(c.year, int) and c.year != 0 and -12000 <= c.year <= 2025, cid
        assert c.description.strip() and "\n" not in c.description and len(c.description) <= 140, cid
        assert c.basis.strip(), cid


def test_no_card_gives_its_year_away() -> None:
    """Neither the title nor the description may state the year."""
    for cid, c in catalog().items():
        for text in (c.title, c.description):
            numbers = {int(n) for n in re.findall(r"\d{3,4}", text)}
            assert abs(c.year) not in numbers, (cid, text)
            assert not re.search(r"\b\d{1,2}(st|nd|rd|th)[- ]century\b", text, re.I), (cid, text)


GENERIC = {"the", "of", "a", "an", "and", "in", "to", "on", "at", "by", "for", "first", "battle",
           "founded", "founding", "independence", "released", "completed", "opens", "sighted",
           "great", "fire", "dynasty", "vaccine", "games", "s", "st"}

#: Pairs that share a subject word and a close date but were reviewed as different events.
REVIEWED_DISTINCT = {("inv-052", "dis-049")}  # first nuclear reactor vs discovery of fission


def _words(title: str) -> set[str]:
    return {w for w in re.sub(r"[^a-z0-9 ]", " ", title.lower()).split() if w not in GENERIC}


def test_no_duplicate_or_near_duplicate_events() -> None:
    """No title twice; no two cards about the same subject at nearly the same date
    (a shared distinctive word within 10 years, or near-identical distinctive words
    within 25)."""
    cards = list(catalog().values())
    norm = Counter(re.sub(r"[^a-z0-9]", "", c.title.lower()) for c in cards)
    assert [t for t, k in norm.items() if k > 1] == []
    suspicious = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            gap = abs(a.year - b.year)
            wa, wb = " ".join(sorted(_words(a.title))), " ".join(sorted(_words(b.title)))
            close_title = difflib.SequenceMatcher(None, wa, wb).ratio() >= 0.8
            if ((_words(a.title) & _words(b.title) and gap <= 10) or (close_title and gap <= 25)) and (
                    (a.id, b.id) not in REVIEWED_DISTINCT):
                suspicious.append((a.id, a.title, a.year, b.id, b.title, b.year))
    assert suspicious == []


def test_years_spread_over_history() -> None:
    years = sorted(c.year for c in catalog().values())
    assert years[0] < -1000 and years[-1] > 1950
    assert sum(1 for y in years if y < 0) >= 20
    assert len({y // 100 for y in years}) >= 25  # many different centuries


def test_year_labels_and_provenance() -> None:
    assert format_year(-3000) == "3000 BCE" and format_year(1) == "1 CE"
    assert "designed" in about().lower()
