"""Time of Crisis rules help, in our own words (GMT, second edition; section numbers cited
as ToC §n), and its own page "What we could not confirm" (``rules/time_of_crisis/unconfirmed``),
built from the data files' status marks, so a player who owns the game can see where the
app guessed and how to correct it."""

from __future__ import annotations

import json
from typing import Any

from py_engine.time_of_crisis import components as D

from ..html import Markup, button, html, join

RULES = Markup("""
<section class="panel">
<h2>The idea</h2>
<p>Rome, AD 235–284. Two to four senatorial families compete for <strong>legacy</strong> while the
empire falls apart around them. You govern provinces, raise armies, fight barbarians and each
other, and try to be <strong>Emperor</strong> for as many turns as you can. When a player ends a
turn as Emperor with the legacy goal or more (60, or 40 in the short game), the round is played to
its end; the game also ends at once when the Diocletian event is drawn. Then the turns spent as
undisputed Emperor give a bonus (10, 6, 3 legacy by rank) and the most legacy wins (ToC §7).
The final table shows where each player's legacy came from: provinces, improvements, the
Emperor's share, a Pretender's markers, battles and events, then the bonus.</p>
</section>

<section class="panel">
<h2>Setting up (ToC §3.2)</h2>
<p>Starting with the first player and going round in turn order, each player picks a starting
province (not Italia) for a governor, a general and a legion. Then everyone secretly keeps five of
their nine cards as a first hand. Hands may be picked in any order, so the last player to pick a
province picks a hand straight away, and the first player picks last, just before starting the
game: in pass-and-play the device goes round once for the provinces and once more for the
hands.</p>
</section>

<section class="panel">
<h2>Your cards</h2>
<ul>
<li>Your deck holds cards of three suits: <strong>Military</strong> (red),
<strong>Senate</strong> (blue) and <strong>Populace</strong> (yellow). Each card has a value of 1
to 4; the higher cards also carry an event you may use when you play them.</li>
<li>You hold five cards. Playing a card adds its value to that suit's points for this turn; points
not spent are lost at the end of the actions.</li>
<li>At the end of your turn you refill your hand by choosing cards from your
<strong>available pile</strong>; when it is empty your discard pile becomes available again.</li>
<li>Your hand is secret. In pass-and-play the app shows a hand-off screen before each player
acts, so nobody sees another player's hand.</li>
</ul>
</section>

<section class="panel">
<h2>A turn: eight phases (ToC §6)</h2>
<ol>
<li><strong>Upkeep</strong>: your Quaestors and Castra markers go.</li>
<li><strong>Crisis</strong>: roll a white and a black die and read the crisis table: a barbarian
tribe invades, the gods grow angry (Ira Deorum) or calm (Pax Deorum), or an event card is drawn
(ToC §9, §10).</li>
<li><strong>Actions</strong>: play cards and spend their points, in any order, as often as you
can pay (below).</li>
<li><strong>Support check</strong>: each province you govern that holds active barbarians, a
Rival Emperor or an enemy army in its capital loses a support level; mobs weigh on it too, and a
province left without support is lost (ToC §6.4).</li>
<li><strong>Pretender empire</strong>: a pretender's Seat of Power may pull neighbouring
provinces into the breakaway.</li>
<li><strong>Gain legacy</strong>: one point per province you govern and per improvement in
them; the Emperor also gains Italia's support (less one per pretender province) and, if the
empire is undisputed, an Emperor Turn.</li>
<li><strong>Buy / trash</strong>: your political points are the support of your provinces
(less their mobs); spend them on new cards, or pay 3 to trash a card from your discard pile.</li>
<li><strong>End of turn</strong>: mobs grow in provinces without an Amphitheater; barbarians in
your provinces turn inactive; refill your hand.</li>
</ol>
</section>

<section class="panel">
<h2>Actions (ToC §6.3)</h2>
<h3>Military</h3>
<ul>
<li><strong>Recruit a general</strong> (its printed cost), then <strong>create an army</strong>
with it in a province you govern (1), <strong>add legions</strong> (the new legion costs the
army's size plus one), <strong>train</strong> a reduced legion back to full (1).</li>
<li><strong>Move</strong> an army: each region crossed costs 1; seas count as regions.</li>
<li><strong>Battle</strong> (1): attack barbarians, a Rival Emperor, another player's army or
Militia in the army's region. Both sides roll dice for their units and each hit reduces or removes
a unit (ToC §8); the winner gains 2 legacy, more against barbarians.</li>
<li><strong>Disperse a mob</strong> with an army in the province (1).</li>
</ul>
<h3>Senate</h3>
<ul>
<li><strong>Recruit a governor</strong> (its printed cost).</li>
<li><strong>Place Governor</strong>: spend Senate points and roll that many dice; every die of
2 or more is a vote (every die, in a Neutral province), and <strong>each 6 adds another
die</strong>. You need twice the province's support, more if the governor's own troops hold the
capital, fewer if yours do. The app shows the dice and the count. Winning Italia makes you
Emperor.</li>
<li><strong>Recall</strong> one of your governors (2).</li>
</ul>
<h3>Populace</h3>
<ul>
<li><strong>Increase support</strong> in a province you govern (the new level in points).</li>
<li><strong>Place a Militia</strong> (2), <strong>hold games</strong> to remove a mob (2),
<strong>build</strong> an Amphitheater, Basilica or Limes (3).</li>
</ul>
</section>

<section class="panel">
<h2>Buying cards (ToC §5.3)</h2>
<p>A card costs its value, <strong>doubled</strong> when the value is higher than the number of
provinces you govern, plus one for every card you have already bought this turn. Beating a
barbarian leader or a Rival Emperor takes 2 off the first card of a suit you then buy. The market
on the table shows each card's price for you now.</p>
</section>

<section class="panel">
<h2>On the table</h2>
<ul>
<li>The <strong>phase bar</strong> shows where the turn is; the prompt says what to do now.</li>
<li>The <strong>map</strong>: each province shows its governor's colour (grey: Neutral), its
support as dots, mobs, improvements, Militia, Quaestor, Seat of Power or Breakaway markers, armies
(a disc for the general, squares for legions, half-filled when reduced), barbarians (solid
triangles active, hollow inactive), Rival Emperors (gold stars) and barbarian leaders (diamonds).
Open "Map key" under the map for every symbol.</li>
<li>Regions ringed in orange are the legal choices of your current decision: tap one. Tap any
region to zoom on it and list everything there; pinch or drag to look around; "Whole map" goes
back.</li>
<li>Every option is also a button in the decision panel, so the map is only a shortcut. On a
phone the whole map draws each region smaller than a fingertip: zoom in, or use the buttons, which
are full size.</li>
<li>A region that stands for one option plays it when tapped, but an option that spends points
(a move, a new army, support, a building) first shows what it does and what it costs: tap "Do it"
to go ahead or "Cancel" to look again. The buttons name their cost and play at once.</li>
<li>The map's positions are a schematic drawing made for this app, not the printed map.</li>
</ul>
</section>
""")

#: data file -> readable title
FILES = {"map": "Map", "setup": "Setup", "barbarians": "Barbarians and invasions", "crisis": "Crisis tables",
         "cards": "Influence cards", "events": "Events", "counters": "Counters", "rules": "Rule numbers"}
KINDS = ("unconfirmed", "partial")
META = {"status", "note", "source", "sources", "id", "about"}


def _value(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v
    return text if len(text) <= 160 else text[:157] + "…"


def marked() -> list[tuple[str, str, str, str, str]]:
    """Every value of the Time of Crisis data marked unconfirmed or partly confirmed:
    ``(file, path, status, what, note)``, ``what`` the entry's name or value. Status
    marks: a ``status`` key (a string, or a list beside ``values``), or ``<key>_status``."""
    out: list[tuple[str, str, str, str, str]] = []

    def walk(f: str, node: Any, path: str) -> None:
        if isinstance(node, dict):
            st = node.get("status")
            if isinstance(st, str) and st.lower() in KINDS and path:
                rest = {k: v for k, v in node.items() if k not in META and not k.endswith(("_status", "_note"))}
                what = str(node.get("name") or _value(node.get("value", node.get("values", rest))))
                out.append((f, path, st.lower(), what, str(node.get("note", ""))))
            if isinstance(st, list) and isinstance(node.get("values"), list):
                for i, x in enumerate(st):
                    if x in KINDS:
                        out.append((f, f"{path}/values/{i}", x, _value(node["values"][i]), str(node.get("note", ""))))
            for k, v in node.items():
                if k.endswith("_status") and str(v).lower() in KINDS:
                    base = k[: -len("_status")]
                    out.append((f, f"{path}/{base}".lstrip("/"), str(v).lower(), _value(node.get(base, "")),
                                str(node.get(f"{base}_note", node.get("note", "")))))
                elif isinstance(v, (dict, list)):
                    walk(f, v, f"{path}/{k}".lstrip("/"))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                key = v["id"] if isinstance(v, dict) and "id" in v else str(i)
                walk(f, v, f"{path}/{key}")

    for f, d in D.raw().items():
        walk(f, d, "")
    return out


def unconfirmed_html() -> Markup:
    """The "What we could not confirm" page (under the screen's own heading)."""
    rows = marked()
    n_un = sum(1 for r in rows if r[2] == "unconfirmed")
    parts = [html('<section class="panel toc-unconfirmed" id="toc-unconfirmed">'
                  "<p>The rules follow the GMT second-edition rulebook. Some printed components could not be checked "
                  "against a physical copy: the app plays them with placeholders, marked with ◇ on the table. "
                  "{n_un} values are <strong>unconfirmed</strong> (a playable guess) and {n_partial} are "
                  "<strong>partly confirmed</strong>.</p>"
                  "<p>If you own the game, you can correct them: each one lives in a data file of the engine, "
                  "<code>py_engine/time_of_crisis/data/&lt;file&gt;.json</code>, at the path shown. Change the value, "
                  "set its <code>status</code> to <code>confirmed</code> (with a <code>source</code>), and run the "
                  "tests (<code>make test</code>); no Python needs to change.</p>",
                  n_un=n_un, n_partial=len(rows) - n_un)]
    for f, title in FILES.items():
        mine = [r for r in rows if r[0] == f]
        if not mine:
            continue
        items = join(
            html('<li><div class="unc-where"><code>{path}</code> <span class="unc-status {status}">{status}</span></div>'
                 '<div class="unc-value">{what}</div>{why}</li>',
                 path=path, status=status, what=what,
                 why=html('<div class="unc-why">{}</div>', note) if note else Markup())
            for _, path, status, what, note in mine)
        parts.append(html('<h2>{title} <span class="count">{f}.json · {n}</span></h2>'
                          '<ul class="unc-list" aria-label="{title}: what is not confirmed">{items}</ul>',
                          title=title, f=f, n=len(mine), items=items))
    parts.append(Markup("</section>"))
    return join(parts)


def unconfirmed_link() -> Markup:
    """The rules page's way to the "What we could not confirm" page."""
    rows = marked()
    n_un = sum(1 for r in rows if r[2] == "unconfirmed")
    return html('<section class="panel"><h2>What we could not confirm</h2><p>Some printed values could not be '
                "checked against a physical copy: {} are playable guesses and {} are partly "
                "confirmed. They are marked ◇ on the table.</p>{}</section>",
                n_un, len(rows) - n_un,
                button("What we could not confirm ›", "rules", "btn", data_game="time_of_crisis",
                       data_part="unconfirmed"))


HTML = RULES + unconfirmed_link()
PAGES = {"unconfirmed": ("What we could not confirm", unconfirmed_html())}
