"""Rules help, written for this app in our own words (never pasted from a rulebook)."""

from __future__ import annotations

import importlib

from ..html import Markup, html

#: game id -> module with ``HTML`` (hand-written :class:`Markup`) and optionally ``PAGES``
#: (sub-pages of the rules screen: part -> (title, Markup), routed as ``rules/<game>/<part>``).
MODULES = {
    "timeline": "tb_ui.rules.timeline",
    "time_war": "tb_ui.rules.time_war",
    "time_barons": "tb_ui.rules.time_barons",
    "barons": "tb_ui.rules.barons",
    "time_of_crisis": "tb_ui.rules.time_of_crisis",
}


#: game id -> the published rulebook the rules help restates: title and edition (never a
#: file path: a player's copy of the app has only the app).
SOURCES = {
    "timeline": "Timeline game rules, Asmodee, English rules sheet TIMEECO03EN (author Frédéric Henry).",
    "time_war": ("The rules sheet of Major General: Duel of Time, as printed in the box (its publisher "
                 "and edition could not be established). Where it is silent the app decides, and says so."),
    "time_barons": ("Time Barons rulebook, second edition (WizKids, 2017, with the Core and Expansion "
                    "sets), and the designers’ card bible for that edition."),
    "time_of_crisis": ("Time of Crisis: The Roman Empire in Turmoil, 235–284 AD, rulebook of the second "
                       "edition (GMT Games, 2018)."),
}


def rules_html(game_id: str) -> Markup:
    """The rules help of ``game_id`` (Markup), ending with the rulebook it restates."""
    mod = MODULES.get(game_id)
    if mod is None:
        return html("<p>No rules help is written for {} yet.</p>", game_id)
    source = SOURCES.get(game_id)
    cite = html('<section class="panel"><h2>Source</h2><p>This help restates, in our own words: '
                "<cite>{}</cite></p></section>", source) if source else Markup()
    return html("{}{}", importlib.import_module(mod).HTML, cite)


def rules_pages(game_id: str) -> dict[str, tuple[str, Markup]]:
    """The sub-pages of ``game_id``'s rules help: part -> (title, Markup); may be empty."""
    mod = MODULES.get(game_id)
    if mod is None:
        return {}
    return dict(getattr(importlib.import_module(mod), "PAGES", {}))
