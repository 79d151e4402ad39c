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


def test_no_duplicate_or_near_duplicate_events() -> None:
    titles = [(cid, re.sub(r"[^a-z0-9 ]", "", c.title.lower())) for cid, c in catalog().items()]
    seen = Counter(t for _, t in titles)
    assert [t for t, k in seen.items() if k > 1] == []
    for i, (a, ta) in enumerate(titles):
        for b, tb in titles[i + 1:]:
            ratio = difflib.SequenceMatcher(None, ta, tb).ratio()
            assert ratio < 0.85, (a, ta, b, tb, ratio)


def test_years_spread_over_history() -> None:
    years = sorted(c.year for c in catalog().values())
    assert years[0] < -1000 and years[-1] > 1950
    assert sum(1 for y in years if y < 0) >= 20
    assert len({y // 100 for y in years}) >= 25  # many different centuries


def test_year_labels_and_provenance() -> None:
    assert format_year(-3000) == "3000 BCE" and format_year(1) == "1 CE"
    assert "designed" in about().lower()
