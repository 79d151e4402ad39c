"""Barons rules help, in our own words. Barons is Geoff Maddock's unfinished design (his web
rules, version 5, and the opening of version 6); the app plays the project's completion of it,
and this page says which parts were designed to finish the game (section "What was designed")."""

from __future__ import annotations

from ..html import Markup

HTML = Markup("""
<section class="panel">
<h2>The idea</h2>
<p>Two to six barons roam a six-sided world. Each side is a realm with its own colour, resource
and guild. You walk the ring, put up <strong>dwellings</strong> on the open lands, turn them into
<strong>keeps</strong>, collect tolls from everyone who lands on your buildings, gather and sell
resources, buy gear in the cities, learn skills at the guilds, and risk the dungeons for gold.</p>
<p>You win at the start of any turn if:</p>
<ul>
<li>you own a <strong>keep in every one of the six realms</strong> (the true Baron);</li>
<li>you are the <strong>last character alive</strong>;</li>
<li>you have a building on <strong>every one of the 24 open lands</strong>.</li>
</ul>
<p>If every open land carries at least one building, or the <strong>round limit</strong> (60 rounds)
passes, the game is decided <strong>politically</strong>: whoever holds the most realms wins. You
hold a realm when your buildings there are worth strictly more points than anyone else's (a dwelling
1 point, a keep 2). Ties go to the higher property value, then gold, then boss trophies.</p>
</section>

<section class="panel">
<h2>The board</h2>
<ul>
<li>42 spaces form the ring. The six corners are <strong>outposts</strong>; the White Outpost at
the top is where everybody starts.</li>
<li>Each realm's side holds, in order: two lands, its guild, a land, its city, a land.</li>
<li>Every city is the gate of a four-space <strong>dungeon passage</strong> that cuts inside the
corner and comes out on the next realm's second land. The passage is one step longer than the road
around, so it is a detour for the brave, not a shortcut.</li>
<li>Tap a realm on the board, or its name above the board, to zoom in; the realm's spaces are then
listed under the board with prices, tolls and owners.</li>
<li>On a phone the whole board is an overview: it shows the spaces, the players' tokens in their
colours and the realm names, but no small print, since text that size could not be read. Zoom in on
a realm to see the space marks, names, token initials and the dice that reach each space. The spaces
there are also smaller than a fingertip: every move is offered as a full-size button too.</li>
</ul>
</section>

<section class="panel">
<h2>Your turn</h2>
<ol>
<li><strong>Start.</strong> The game checks whether someone has won. If you stand on a city you
may rest instead of moving: you heal 1 plus one for every success on a healing roll, and your turn
ends there.</li>
<li><strong>Move.</strong> Roll as many dice as your Agility, pick <em>one</em> die and move exactly
that many spaces clockwise. If the move starts on or passes a city, you may branch into its
dungeon, but only once you are an adventurer. Inside a dungeon, or on a gate city as an adventurer,
you may crawl a single step instead of rolling. Spaces you pass do nothing.</li>
<li><strong>Fight a rival</strong> (optional). If another adventurer stands on your space, you may
attack one of them.</li>
<li><strong>Use the space</strong> (see below).</li>
<li><strong>Other actions</strong>, each once a turn: one ranged attack (bow or spell), one steal
attempt, Mending, selling at an outpost within your trade range; drink potions whenever you like.</li>
</ol>
<p><strong>Circuits.</strong> Each time you step onto the White Outpost (or come out of the
Haunted Dungeon onto the Snow Lands) you complete a circuit and collect 20 GP. After your first
circuit you are an <strong>adventurer</strong>: only adventurers fight each other, steal, shoot,
cast at rivals or choose to walk into a dungeon.</p>
</section>

<section class="panel">
<h2>The spaces</h2>
<ul>
<li><strong>Open land.</strong> First pay a toll to every other player with a building there (the
printed toll per dwelling, twice that per keep), in seat order after you. Then, on your own building,
harvest as many resource cards as your Hunting (one more on a keep) and you may upgrade a dwelling to
a keep for the land's price again. Without a building of yours you either build a dwelling (up to 3
buildings per land) or forage: roll your Hunting dice and take a resource for each 6.</li>
<li><strong>City.</strong> Buy healing at the inn (5 GP a point), then look at the top item card and
buy it for 20 GP or send it to the bottom of the deck. One permanent item per slot: a new one pushes
the old one to the bottom of the deck.</li>
<li><strong>Guild.</strong> Learn the next skill of that guild, in order, for 10 GP per level,
while a copy is left (two of each).</li>
<li><strong>Outpost.</strong> Sell resources: 8 GP for goods of the two neighbouring realms, 12 for
the next two, 16 for the two farthest.</li>
<li><strong>Dungeon.</strong> Draw a dungeon card: a treasure pays its gold; a monster must be
fought.</li>
</ul>
</section>

<section class="panel">
<h2>Tolls you cannot pay</h2>
<p>You pay with gold first. When it runs out, your creditor takes what gold you have and you choose
things to hand over until the debt is covered: a resource card counts 5 GP, an item 20 GP, a dwelling
its land's price, a keep twice that. No change is given. If everything you own is not enough, you hand
over all of it and are <strong>banished</strong> to the first space of the Ice Caves, where you draw
a dungeon card at once. Owners you had not paid yet get nothing.</p>
</section>

<section class="panel">
<h2>Fighting</h2>
<ul>
<li>Both sides roll their Agility dice; the higher total strikes first, then you take turns.</li>
<li>On your turn: attack with Strength dice (every 6 is a hit, better weapons and skills help),
cast a spell with Mana dice, drink a potion, or run away.</li>
<li>If an attack hits, the defender rolls defence dice and each 6 cancels a hit: armor against
blows and arrows, ward against spells and ghostly attacks. A monster's defence counts against spells
only if it is warded. Each hit that gets through costs 1 health.</li>
<li>Running away: roll your Guile dice; any 6 gets you out (the monster goes back under the dungeon
deck). If you fail, the next blow against you cannot be blocked.</li>
<li>A slain monster pays its treasure. A boss is kept as a trophy and gives you a free keep in the
realm whose city opens that dungeon.</li>
<li>A fight between players stops after 3 rounds. Ranged attacks (a bow's arrow, a spell) are a
single strike at a rival in range, with no answer.</li>
<li>At 0 health a character dies and the player is out. Killed by a rival, you lose your buildings,
items, gold, resources and trophies to them; killed by a monster, they go back into the game.</li>
</ul>
</section>

<section class="panel">
<h2>Characters, items and skills</h2>
<p>Each character has Strength, Agility, Mana and Guile (12 dice in all), 10 health and a small talent.
Items add dice, armor, spells or one-time tricks (potions, a smoke bomb, a teleport scroll, a toll pass,
a land grant). Each guild teaches three levels: every level adds to that guild's basic ability
(Warrior: attack dice; Healer: healing dice; Sorcerer: spell range; Hunter: Hunting; Merchant: sale
price and trade range; Thief: steal range) and brings one perk. Open a player's mat to see everything
they have and what it gives them.</p>
<p class="note">The Lucky Charm lets its owner roll one die of their own roll again once in every
turn, even while defending on someone else's turn. The app offers the re-roll only when it could
change something, and re-rolls your lowest die (for a movement roll you pick the die).</p>
</section>

<section class="panel">
<h2>Variants</h2>
<p>Set them when you start a game; some cannot be combined (the app says which).</p>
<ul>
<li><strong>Classic Deeds</strong>: each land has one owner, as in the designer's 2009 rules.</li>
<li><strong>Castles</strong>: the designer's later revision: four dwellings but one castle per land,
skill tracks, and only two ways to win.</li>
<li><strong>Six Basic Skills</strong>: skill tracks instead of skill cards.</li>
<li><strong>Duel to the Death</strong>: no round limit in fights between players.</li>
<li><strong>Most property</strong> / <strong>Highest value</strong>: other political criteria.</li>
<li><strong>No Circuit Stipend</strong>, <strong>Strict Healing</strong> (no inn), <strong>No Dungeon
Crawl</strong>.</li>
<li><strong>Mercy</strong>: nobody is knocked out; <strong>First Blood</strong>: the first death ends
the game.</li>
<li><strong>Quick Barony</strong>: 100 GP, keeps in four realms, 35 rounds.</li>
<li><strong>Open Trading</strong>: swap gold, resources and items with the other players on your turn.</li>
<li><strong>Tabletop monster roller</strong>: for real dice; the next player rolls for the monsters.</li>
</ul>
</section>

<section class="panel">
<h2>What was designed to finish the game</h2>
<p>Barons is Geoff Maddock's design, which he never finished. His notes give the world (six realms with their dungeons,
resources and guilds), the kinds of spaces, the dice rules, the turn, the combat sequence, nine
monsters, two character names, the starting gold, prices and the ways to win, plus the 2010 dwellings
rules this app plays by default. Everything else was designed for this app, and is marked
<span class="bx-dz">◇</span> on the table:</p>
<ul>
<li>the exact board layout, land names, prices and tolls, and where the dungeons run;</li>
<li>the circuit stipend, the inn, outpost prices, the debt values, boss keeps and banishment details;</li>
<li>four of the six characters and every character's numbers and talent;</li>
<li>all 28 item cards, all 18 skill cards, half the monsters and all the treasures;</li>
<li>rulings the notes leave open: what running away costs, how a fight ends, the 60-round limit,
what happens to a dead character's things, the political tie-breaks;</li>
<li>the convenience variants (no stipend, no inn, mercy, first blood, quick barony, open trading).</li>
</ul>
<p class="note">If you know the original design better, the data files of the app say, entry by
entry, what comes from the designer and what was made up.</p>
</section>
""")
