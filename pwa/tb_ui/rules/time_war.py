"""Time War (Major General: Duel of Time) rules help, in our own words. The app's
readings of what the printed sheet leaves open follow py_engine/time_war/rules.py
and its data file (entries flagged "designed")."""

from __future__ import annotations

from ..html import Markup

HTML = Markup("""
<section class="panel">
<h2>The idea</h2>
<p>Two generals fight over a strip of five spaces: your base, three battlefield spaces and the enemy
base. Each turn you lay one command card beside the board. Its two halves are orders for two spaces,
and one of them is an order <em>your opponent</em> must carry out. After both of you have played all
eight cards, the player holding the more valuable ground wins.</p>
</section>

<section class="panel">
<h2>Setting up</h2>
<ul>
<li>Yellow sits at space 1, Red at space 5. Each side starts with three units on its base, three on
the space in front of it and two in the middle; the remaining two wait in the supply.</li>
<li>Each side has the same eight command cards, shuffled; you hold three. Your hand is secret, but
both sides know which cards are still to come.</li>
<li>One scenario card is in force (drawn at random unless you pick one). It adds a way to score.</li>
<li>Who starts is drawn at random.</li>
</ul>
</section>

<section class="panel">
<h2>Your turn</h2>
<ol>
<li><strong>Play a card.</strong> Pick a card, then where it goes: it always covers two neighbouring
spaces. Choose which of its two commands you keep: that half lies on the space nearer to you and is
yours; the other half lies one space further on and belongs to your opponent. New cards may cover
older ones, wholly or half; only the top half on each space counts.</li>
<li><strong>Carry out all five spaces</strong>, starting from your own base and moving towards the
enemy. On each space the visible command is carried out by the player it belongs to, which may be your
opponent even though it is your turn. Orders must be obeyed if they can be; if a command cannot do
anything, that space is skipped.</li>
<li><strong>Draw</strong> a card if your deck has any left.</li>
</ol>
</section>

<section class="panel">
<h2>The six commands</h2>
<p>“Forward” always means towards the enemy of whoever carries out the command.</p>
<ul>
<li><strong>Deploy</strong>: bring one unit from your supply onto this space.</li>
<li><strong>Move</strong>: move one or more of your units here one space forward.</li>
<li><strong>Push</strong>: some of your units here step forward, each shoving one unit (any colour)
on that space one space further on. Units shoved against the far end of the board stay put.</li>
<li><strong>Charge</strong>: one of your units here moves forward and destroys one unit there, of either
colour. Destroyed units go back to their owner's supply.</li>
<li><strong>Sabotage</strong>: destroy one unit on this space, of either colour.</li>
<li><strong>Rally</strong>: bring one of your units from any other space to this one.</li>
</ul>
</section>

<section class="panel">
<h2>Scoring and winning</h2>
<p>You control a space when you have more units there than your opponent. Spaces are worth more the
further they are from your base: 1 for your base up to 5 for the enemy base. After the sixteenth turn
(both decks and hands empty) add up the spaces you control and your scenario points. The higher total
wins; equal totals are a draw, and the app offers a rematch. The optional <em>match of two</em> plays a
second game with the other player starting and adds both games together.</p>
</section>

<section class="panel">
<h2>Scenarios</h2>
<ul>
<li><strong>War of Attrition</strong>: whenever a unit is destroyed, its owner's opponent takes a
white cube from a pool of ten (even if you destroyed your own). One point per cube.</li>
<li><strong>Hold the Centre</strong>: at the end of every turn, whoever controls the middle takes a
white cube. One point per cube.</li>
<li><strong>Strategic Objectives</strong>: markers sit on the three battlefield spaces (two in the
middle). Each marker on a space you control adds a point.</li>
<li><strong>Deep Raid</strong>: at the end of your own turn, a cube if you have a unit in the enemy base.</li>
<li><strong>Lost Legion</strong>: three neutral units start in the middle. They can be pushed and
charged but not sabotaged, and never count for control. Each one you destroy by charging is a trophy
worth two points.</li>
</ul>
<p class="note">What the app decided: the printed sheet does not say which commands share a card,
exactly where a card may lie, who each half belongs to, or what the scenario cards say. This app uses a
design made for it: cards cover two neighbouring spaces, the half nearer your base is yours, and the
scenarios above. If you own the physical game, your cards may differ.</p>
</section>

<section class="panel">
<h2>In this app</h2>
<ul>
<li>The board is turned towards whoever holds the device: your base is at the bottom, so
“forward” for you is up. Each command beside a space has a coloured edge and a small pointer on the
side of the player it belongs to, and that player's letter: a round <strong>Y</strong> for Yellow, a
square <strong>R</strong> for Red (white cubes are a hollow <strong>W</strong>). Tap a command that
covers older ones to see them.</li>
<li>While placing, each choice shows which command lands on which space and for whom; tap one to see
it on the board with the order in which the five spaces will then run, and play it from there.</li>
<li>During the execution the space being carried out is highlighted; when a command needs a choice
(how many units, which colour, where from), the player it belongs to is asked, with a hand-off screen
first if that is the other person at the table.</li>
<li>Undo takes back picking a card before you lay it; once laid, the card has been seen.</li>
<li>Bots search ahead by playing out many possible futures. They never look at your hand: they only
imagine hands that fit what they have seen.</li>
</ul>
</section>
""")
