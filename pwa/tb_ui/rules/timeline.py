"""Timeline rules help (our own words; the app's reading of the end-of-game rule
follows py_engine/timeline/rules.py)."""

from __future__ import annotations

from ..html import Markup

HTML = Markup("""
<section class="panel">
<h2>The idea</h2>
<p>Every card names something that happened: an invention, a discovery, a historical event, a work of
art. Its year is hidden on the back. Together the players build one shared timeline, oldest on the left,
newest on the right. Be the first to get rid of all your cards by slotting each one into the right place.</p>
</section>

<section class="panel">
<h2>Setting up</h2>
<ul>
<li>Everyone gets the same number of cards (four unless you change it in the options). You see the
front of every card, yours and everybody else's, but never a year until the card is placed.</li>
<li>One card is turned over to start the timeline.</li>
<li>The youngest player traditionally goes first: put them in the first seat, or let the app pick at random.</li>
</ul>
</section>

<section class="panel">
<h2>Your turn</h2>
<ol>
<li><strong>Pick a card</strong> from your hand (with a single card left, it is picked for you).
You can change your mind until you place it: tap another card, or use Undo.</li>
<li><strong>Tap a gap</strong> in the timeline: before the first card, between two cards, or after the last one.
The highlighted gaps are the places you can choose.</li>
<li>The card is turned over. <strong>Right:</strong> it stays in the timeline, showing its year, and the
timeline now has one more gap for everyone. <strong>Wrong:</strong> the card leaves the game and you draw a
new card to replace it, so your hand does not shrink.</li>
</ol>
<p>Then it is the next player's turn, in seat order. When the draw pile runs out, the cards that left the
game are shuffled into a new pile.</p>
<p><strong>Same year?</strong> A card from the same year as a card already in the timeline is right on
either side of it.</p>
</section>

<section class="panel">
<h2>Winning</h2>
<p>A <strong>round</strong> is one turn for each player still in the game, starting from the first player.
Whoever empties their hand sits out the rest of that round. When the round ends:</p>
<ul>
<li>If <strong>exactly one</strong> player placed their last card during the round, that player wins at once.</li>
<li>If <strong>several</strong> players did, only they carry on, in a <strong>play-off</strong>; everybody else is out.
At the start of each play-off round, each of them who holds no card draws one; then each tries to place a card in turn.
If exactly one of them is right that round, they win. If several are right, only those go on to the next
play-off round. If nobody is right, they all go on.</li>
<li>If no one emptied their hand, play simply continues with the next round.</li>
</ul>
<p class="note">How the app reads the end of the game: the printed rules say only that the lone player
to place their last card in a round wins, and that ties keep playing with one card per round. We read
“a round” as one turn for each remaining player, and a wrong card in the play-off is replaced as usual.
If the cards ever ran out completely with nobody able to play, the game would end in a draw among
the remaining players (the deck sizes the app allows make this practically impossible).</p>
</section>

<section class="panel">
<h2>Solo and the daily challenge</h2>
<p>Timeline can be played alone (our variant, not in the printed rules): the same turns, one player,
and the game ends when your hand is empty. A wrong card is still replaced, so you always finish.</p>
<p>The <strong>daily challenge</strong> is a solo deal of six cards from every deck. Everyone gets the
same deal on the same calendar day, on any device and without a connection, because the date picks
the deal. <strong>Your score is the number of mistakes</strong> you make before your hand is empty:
0 is perfect, and fewer is better. The first game you finish each day counts. The app keeps your
streak (days in a row with a finished deal), your best score, and a result you can share: a row of
green (right) and red (wrong) squares in the order you played, which names no card.</p>
</section>

<section class="panel">
<h2>In this app</h2>
<ul>
<li>The chips at the top show each player's cards, whether they are playing, finished for this
round, out or the winner, and whose turn it is. The pile and discard counts and the round number are next to them.</li>
<li>After every placement a banner says whether it was right and gives the card's true year.</li>
<li>The game log lists every move; open it under the cards.</li>
<li>Undo takes back a card choice you have not placed yet. A placed card cannot be taken back: its year has been seen.</li>
<li>The game is saved after every move. Closing the page is safe: it opens where you left off.</li>
<li>Bots play at three levels. They do not peek: an easy bot knows some dates and guesses the rest
roughly, a hard bot knows most of them.</li>
<li>There is no Hint button in Timeline, by choice: the only thing worth knowing here is a card's year,
and any hint would give it away. The other games hint at a move; this one leaves the dates to you.</li>
</ul>
</section>
""")
