"""Timeline card data: loading the deck files and formatting years.

The data lives in ``py_engine/timeline/data/*.json`` (never in code): ``decks.json``
lists the decks; each deck file holds ``cards`` with ``id``, ``title``, ``year``
(BCE negative, never 0), ``basis`` (which event the year dates) and a one-line
``description`` written for this app.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Card:
    """One Timeline card. ``year`` is an int, negative for BCE; there is no year 0."""

    id: str
    title: str
    year: int
    deck: str
    basis: str
    description: str

    def front(self) -> dict[str, Any]:
        """The face everyone sees, without the year: ``{"id", "title", "deck", "description"}``."""
        return {"id": self.id, "title": self.title, "deck": self.deck,
                "description": self.description}

    def back(self) -> dict[str, Any]:
        """Both faces: :meth:`front` plus ``year``, ``year_label`` and ``basis``."""
        return {**self.front(), "year": self.year, "year_label": format_year(self.year),
                "basis": self.basis}


def format_year(year: int) -> str:
    """A year with its era.

    >>> format_year(-44), format_year(1492)
    ('44 BCE', '1492 CE')
    """
    return f"{-year} BCE" if year < 0 else f"{year} CE"


def _read(name: str) -> Any:
    return json.loads(resources.files("py_engine.timeline.data").joinpath(name).read_text("utf-8"))


@cache
def deck_index() -> tuple[dict[str, str], ...]:
    """The decks as ``({"id", "title", "file"}, ...)`` in display order."""
    return tuple(_read("decks.json")["decks"])


@cache
def about() -> str:
    """Where the card data comes from (shown in the app)."""
    return str(_read("decks.json")["about"])


@cache
def catalog() -> dict[str, Card]:
    """Every card of every deck by id.

    Raises:
        ValueError: a deck file breaks the schema (missing field, year 0, duplicate id).
    """
    cards: dict[str, Card] = {}
    for deck in deck_index():
        data = _read(deck["file"])
        if data.get("deck") != deck["id"]:
            raise ValueError(f"{deck['file']}: deck id {data.get('deck')!r} != {deck['id']!r}")
        for c in data["cards"]:
            year = c["year"]
            if not isinstance(year, int) or isinstance(year, bool) or year == 0:
                raise ValueError(f"{c.get('id')}: bad year {year!r}")
            if c["id"] in cards:
                raise ValueError(f"duplicate card id {c['id']}")
            cards[c["id"]] = Card(c["id"], c["title"], year, deck["id"], c.get("basis", ""),
                                  c["description"])
    return cards


def deck_cards(decks: list[str]) -> list[str]:
    """Ids of the cards in the given decks, in catalog order."""
    wanted = set(decks)
    return [cid for cid, c in catalog().items() if c.deck in wanted]
