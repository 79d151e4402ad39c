"""Rules help, written for this app in our own words (never pasted from a rulebook)."""

from __future__ import annotations

import importlib

from ..html import Markup, button, html

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
    phones = html('<section class="panel"><h2>On several phones</h2><p>Each player can play on their own '
                  "phone, with no internet: {}</p></section>",
                  button(PHONES[0], "rules", "btn ghost small", data_game=game_id, data_part="phones"))
    return html("{}{}{}", importlib.import_module(mod).HTML, phones, cite)


#: Every game's sub-page on playing across phones (issue 27): how, what networks, and whom the
#: players trust. Our words, for the app's own feature (no rulebook covers it).
PHONES = ("Playing on several phones", Markup(
    '<section class="panel"><h2>A table across phones</h2>'
    "<p>Each player can play on their own phone, with no server and no internet: the phones talk "
    "directly over the same Wi-Fi, or over one phone’s hotspot.</p><ol>"
    "<li>On the host’s phone, start a new game and set each seat played elsewhere to "
    "<b>Phone</b>. Seats can also be played on the host’s phone (passing it) or by bots.</li>"
    "<li>At the table, tap <b>Invite</b> beside a phone seat: a code appears.</li>"
    "<li>On the other phone, tap <b>Join a table</b> in the games list and scan the code "
    "(or paste it as text). That phone then shows its own code: scan it with the host’s phone.</li>"
    "</ol></section>"
    '<section class="panel"><h2>If something goes wrong</h2><ul>'
    "<li>A phone that locks, loses Wi-Fi or reloads leaves the table for a moment: the table "
    "waits for it. The host taps <b>Invite</b> again and the phone joins its seat as it is now. "
    "The host may also play that seat on its own phone, or give it to a bot.</li>"
    "<li>The host’s phone keeps the game like any other: if it closes, open the game again from "
    "the games list and invite the phones back.</li>"
    "<li>Some networks keep phones apart (public Wi-Fi often does, and some hotspots). The app "
    "then says that the other phone could not be reached: use a phone’s hotspot, or play on "
    "one phone. A code that names an address outside the local network is refused.</li>"
    "<li>A phone that sends far more than anyone can tap is cut off, and the host is told which one. "
    "The host can also disconnect any phone, then invite it again, play its seat or give it to a "
    "bot.</li></ul></section>"
    '<section class="panel"><h2>Whom you trust</h2>'
    "<p>The host’s phone runs the game and holds every hand, as a dealer holds the deck. It "
    "shows its own seats only, and each guest phone receives only what its own seat may see.</p>"
    "<p>Every game is shuffled from a fresh 256-bit secret drawn from the phone’s own secure random "
    "source, with a shuffle that gives nothing of that secret away: a guest that sees its own cards, "
    "or every card played, cannot work out anyone else’s hand or the next card.</p>"
    "<p>At the start every phone shows the same short <b>deal seal</b>, made from the game’s setup "
    "and that secret. Each guest phone keeps the seal, and a note of every table it was shown. At "
    "the end the host reveals the secret and the whole record of moves; each guest phone checks "
    "the seal, replays the game itself and compares every table it was shown. If the deal was "
    "changed at any point, the phone says at which move. A phone that joins the same game again "
    "refuses another seal.</p>"
    "<p>What a guest cannot check: a host who wanted to peek at hands could still do so, as a "
    "dealer could. Play with people you would deal cards with. And a saved game holds its "
    "secret: a game exported from the host’s phone before its end gives the deal away.</p>"
    "</section>"))


def rules_pages(game_id: str) -> dict[str, tuple[str, Markup]]:
    """The sub-pages of ``game_id``'s rules help: part -> (title, Markup); every game has
    ``"phones"`` (:data:`PHONES`); empty for an unknown game."""
    mod = MODULES.get(game_id)
    if mod is None:
        return {}
    return {**dict(getattr(importlib.import_module(mod), "PAGES", {})), "phones": PHONES}
