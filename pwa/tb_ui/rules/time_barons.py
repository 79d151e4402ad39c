"""Time Barons rules help, in our own words. The printed rulebook (second edition) is the
authority; where it is silent, the app follows the engine's rulings (py_engine/time_barons, the
"R<n>" rulings), summarised below under "Where this app decides"."""

from __future__ import annotations

from ..html import Markup

HTML = Markup("""
<section class="panel">
<h2>The idea</h2>
<p>Each baron leads a crowd of followers through the ages, from the first villages (level I) to the
far future (level IV). You build sites to house your followers and give you special powers, and you
play cards that hurt your rival's people and buildings. There are two ways to win:</p>
<ul>
<li><strong>Total victory</strong>: your opponent has no followers left anywhere. The game stops on
the spot.</li>
<li><strong>Majority victory</strong>: once three of the four draw stacks are used up, the game
stops when that turn is over, and whoever has more followers wins.</li>
</ul>
<p>Ties go to the baron at the higher level. If the levels match as well, nobody wins and the game is
a draw. The same applies if both sides lose their last follower in one blow.</p>
<p class="note">Three or four barons can play too: in teams, or each for themselves. See
<em>Three and four players</em> below; the rules before it are the same for every mode.</p>
</section>

<section class="panel">
<h2>Setting up</h2>
<ul>
<li>Each player starts with one site holding 10 followers: a <strong>Homeland</strong> with two
players, a <strong>Capital</strong> with three or four.</li>
<li>The gameplay cards are split by the numeral on their back into four face-down stacks, levels I to
IV, each shuffled.</li>
<li>Each player takes a starting hand of 5 level I cards and sets their level marker to I.</li>
<li>Spare followers and damage counters form the supply.</li>
<li>The app picks the first player at random. To make up for going first, that player has only
2 actions on their very first turn; every turn after that, for both players, has 3.</li>
</ul>
</section>

<section class="panel">
<h2>Your turn</h2>
<p>You get <strong>3 actions</strong>. Spend them in any order and on any mix of the five choices
below, using one more than once if you like. When you cannot or do not want to do more, end your
turn.</p>
<ol>
<li><strong>Draw</strong> (1 action): take one card from a stack whose level is yours or lower. At
level II you may draw from I or II, for example. There is no limit on hand size.</li>
<li><strong>Gain a follower</strong> (1 action): take one from the supply and put it on any of your
sites.</li>
<li><strong>Relocate</strong> (1 action): pick up as many of your followers as you like, from any of
your sites, and spread them over your sites however you want.</li>
<li><strong>Play a card</strong> from your hand, paying the number of actions shown in its top right
corner.</li>
<li><strong>Upgrade</strong> your level marker by one step: I to II costs 2 actions, II to III costs
3, III to IV costs 4. Reaching IV usually needs a card that gives you extra actions.</li>
</ol>
<p>On top of these, you may use the abilities of your sites during your turn (see below). Some of them
cost actions, some are free.</p>
</section>

<section class="panel">
<h2>Kinds of cards</h2>
<ul>
<li><strong>Sites</strong> (house symbol) stay in front of you until they are destroyed. Followers
live on sites, and most sites have abilities.</li>
<li><strong>Events</strong> (star) do what they say right away and are then discarded.</li>
<li><strong>Reactions</strong> (two arrows) cost nothing and may be played on either player's turn,
but only at the moment described on the card. They are discarded afterwards.</li>
<li><strong>Attachments</strong> (two circles) are slipped under a site of either player, for good or
ill, and stay there. A site can carry any number of them; they are discarded along with the
site.</li>
</ul>
<p>The discard pile lies face up and either player may look through it.</p>
</section>

<section class="panel">
<h2>Site abilities</h2>
<ul>
<li>Before an ability's text the card shows what it needs: how many of your followers must be on that
site, and how many actions it costs. Some need neither.</li>
<li>A site may use an ability as soon as it qualifies, even on the turn it was built.</li>
<li>An ordinary ability works only on its owner's turn, and each site gets one use per turn. If a
site offers two ordinary abilities, pick just one of them that turn.</li>
<li><strong>Infinite abilities</strong> (marked with the infinity sign) are freer: they work on
anybody's turn, as often as their conditions are met, and using one does not spend the site's
ordinary use for the turn.</li>
<li>A site with at least one follower on it is <em>occupied</em>. Text without an icon and colon in
front of it is just flavour, not an ability.</li>
</ul>
</section>

<section class="panel">
<h2>Damage and destruction</h2>
<ul>
<li><strong>Kill</strong>: a follower goes back to the supply. <strong>Sacrifice</strong> means
killing one of your own followers, or destroying one of your own sites.</li>
<li><strong>Damage</strong>: for each point dealt to a site, one follower there dies (while any are
left) and one red counter goes on the card.</li>
<li><strong>Integrity</strong> is the number on the shield in the card's lower right. Once the
counters on a site reach it, the site is destroyed: every follower still there dies, and the card is
discarded with whatever is attached or tucked under it. Your Homeland is no exception; losing it
has no special effect.</li>
<li><strong>Fortified</strong> sites shield their people: damage only adds counters, and the
followers die only if the site itself falls.</li>
<li><strong>Structural damage</strong> (Expansion) likewise adds counters without killing anyone, but
it still counts as damage for anything that waits for a site to be damaged.</li>
<li><strong>Steal</strong>: take an opponent's follower and put it on one of your sites. This is not
a relocate for either player.</li>
<li>Everything a single card or single ability use does to sites and followers lands at the same
moment.</li>
<li>If any part of a card cannot be carried out, that part is simply skipped. For instance, a draw
from an empty stack draws nothing.</li>
</ul>
</section>

<section class="panel">
<h2>Tucking (Expansion)</h2>
<p>Some Expansion cards tell you to tuck: slide a card from your hand face down beneath a site, which
usually makes the site stronger. You tuck only when a card or ability says so, usually one card at a
time. You may look at your own tucked cards; your opponent sees only how many there are. Any benefit
that comes with tucking is optional. When the site is destroyed, its tucked cards are discarded.</p>
</section>

<section class="panel">
<h2>Reactions and answers in this app</h2>
<p>Whenever a reaction in someone's hand, or one of their triggered infinite abilities, could answer
what just happened, the app pauses and asks that player whether to use it, also during the other
player's turn. Against a bot you just answer; with two people sharing the device, a hand-off screen
comes up first so the other player can take over without seeing your hand.</p>
</section>

<section class="panel">
<h2>Card sets and variants</h2>
<ul>
<li><strong>Core Set</strong> (diamond symbol): all 50 cards. Best for your first games.</li>
<li><strong>Expansion Set</strong> (crescent symbol): all 50 cards, adding structural damage and
tucking.</li>
<li><strong>Level-by-level mix</strong>: for each level separately, the stack comes at random from
either the Core or the Expansion. The rulebook offers it for two players; with more, the app takes
each level from the sets' larger versions.</li>
<li><strong>Custom mix</strong>: choose your own cards. For a balanced game aim for roughly half
sites and stacks of about 20, 15, 10 and 5 cards for levels I to IV (28, 20, 12 and 6 with three or
four players).</li>
<li><strong>Random mix</strong>: both sets are shuffled together and stacks of those sizes are dealt
from them.</li>
<li><strong>End of Days</strong> variant: running out of three stacks no longer ends the game. From
the start of the following turn, every player must begin each turn by destroying a site of their
own choosing, followers and all. Play goes on until only one baron has followers.</li>
</ul>
</section>

<section class="panel" id="tb-multiplayer">
<h2>Three and four players</h2>
<p>Pick the mode when you set up the game. With more barons the app uses the larger versions of the
card sets: the Core Set loses a few cards and gains 21 from the Expansion (66 cards in all), and it is
chosen for you; the Expansion Set has a matching 66-card version.</p>
<h3>Everyone, every mode</h3>
<ul>
<li>A card or ability that talks about <em>an opponent</em> hits one opponent, and you choose which.
A card that does not mention an opponent can reach several players at once: Onslaught may spread its
damage over the sites of different rivals.</li>
<li><em>You</em> and <em>your sites</em> mean you alone, never your teammate. A reaction that
answers damage to your site cannot be played when your teammate's site is hit.</li>
</ul>
<h3>Teams of two (four players)</h3>
<ul>
<li>Partners sit apart, so turns alternate between the teams: seats 1 and 3 against seats 2 and 4.
The marked Capital starts; the first three turns of the game have 2 actions, the fourth and all later
turns have 3.</li>
<li>If either partner runs out of followers, the whole team loses at once.</li>
<li>When three stacks are gone, the team with more followers in total wins; then the higher total
of the partners' levels; then it is a draw.</li>
<li>When you relocate with the relocate action, or with a card that gives you a free relocate of the
same kind (Railroad, Mission, Port), you may also hand followers and cards to your partner for free.
Cards go face down, straight into their hand: only the two of you know them. Your partner decides
where the followers go, spread over their own sites as they like. Moves that a card limits (Escape
Route, Castle, Threat, Assimilation) never allow passing.</li>
<li>Talk tactics openly if you like, but you may not show each other your hands.</li>
</ul>
<h3>Two Team Barons against a Solo Baron (three players)</h3>
<ul>
<li>The first two seats are the Team Barons, the third the Solo Baron. After looking at their hands,
the Team Barons agree who starts: the first proposes, the second decides. Every turn has 3
actions.</li>
<li>The Solo Baron plays every other turn: Team Baron, Solo Baron, the other Team Baron, Solo Baron,
and so on. The Solo Baron wins by wiping out just one of the Team Barons.</li>
<li>Each time a Team Baron moves up a level, they may also draw a card without spending an action.
Each time the Solo Baron moves up, they must also discard a card from their hand, so with an empty
hand they cannot move up, not even through a card or ability.</li>
</ul>
<h3>Free-for-all (three or four players)</h3>
<ul>
<li>Turns go round the table. Everybody's first turn has 2 actions except the last player's in the
first round.</li>
<li><strong>The Hammer</strong> starts in the middle. The first baron to move up a level takes it.
After that, you take it from whoever holds it by killing one of their followers, by damaging one of
their sites (damage that is fully prevented does not count), or by attaching any card to one of their
sites. If its holder is knocked out, it goes back to the middle for the next baron who moves up.</li>
<li>Whoever ends their own turn holding The Hammer puts a weapon token on their
<strong>Forge</strong>.</li>
<li>During your turn, as often as you like, you may spend 3 tokens to <strong>fire a weapon</strong>:
starting with the rival on your left and going round, you pick one site of each rival and deal it 3
damage, one after the other. You do not need The Hammer to fire.</li>
<li>A baron with no followers left is <strong>knocked out</strong>: their tokens go to the rival who
knocked them out (or back to the supply if nobody did, as with their own sacrifice or a Plague), and
all their cards, sites included, are discarded. The last baron with followers wins.</li>
<li>When three stacks are gone, the baron with the most followers wins; then the higher level; if
that is still tied, the tied barons share a draw.</li>
</ul>
<h3>Where the app decides (more players)</h3>
<ul>
<li>Answers to damage are asked of the players in turn from the active player round the table.</li>
<li>If the last barons in a free-for-all lose their last followers in the same blow, the higher level
wins, as in the two-player game; otherwise they draw.</li>
<li>With three players the marked Capital is always among the three dealt.</li>
</ul>
</section>

<section class="panel">
<h2>Where this app decides</h2>
<p>The rulebook leaves a few things open. This is how the app handles them:</p>
<ul>
<li>Damage is aimed by the player it comes from: they choose the sites that are hit and how the
points are shared out. Likewise, the player causing kills chooses which followers die. A card that
names someone else as the chooser overrides this.</li>
<li>When a site is about to be hit, its owner may answer first, playing answers one after another
until they choose to stop. If both players could answer, the player whose turn it is goes
first.</li>
<li>Triggered infinite abilities fire at most once for each thing that sets them off, and you may
always say no to them.</li>
<li>The supply of followers and counters never runs dry, unless you switch on the
<em>component limits</em> option; then it holds only what the box holds, and a gain gives what is
left.</li>
<li>If several effects go off at the start of your turn, you pick their order. Your number of actions
is settled before any of them run.</li>
<li>Any card-driven move of your followers between your own sites counts as a relocate, forced moves
included. Stealing and sites changing owner do not.</li>
<li>You may play a card even when it would achieve nothing, as long as you can pay for it.</li>
</ul>
</section>

<section class="panel">
<h2>Tips</h2>
<ul>
<li>Spread your people out. A crowded site is a juicy target, and some cards can flatten a site
in a single turn.</li>
<li>A big hand is tempting, but a level III card punishes barons who hoard.</li>
<li>Upgrading is strong but expensive; many games are decided before anyone reaches level IV.</li>
<li>Learn the Core Set well first. Knowing what might still be in the stacks helps you guess what
your opponent is holding.</li>
</ul>
</section>
""")
