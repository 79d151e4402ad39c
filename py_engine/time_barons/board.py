"""Queries on a Time Barons state, shared by the rules and the card effects.

Rule citations: "TB" + rulebook heading (e.g. "TB Damage and destruction"),
"R<n>" for the engine rulings of shared/games/time_barons/CARDS.md section 2.

A site in ``state["sites"]`` is a dict (:class:`~.state.Site`): ``id`` (unique int),
``card`` (card id), ``owner`` (seat), ``f`` (followers on it), ``dmg`` (damage counters),
``att`` (attachments: ``[card id, seat that placed it]``), ``tuck`` (tucked cards:
``[card id, seat that tucked it, public?]``), ``used`` (its ordinary ability
was used this turn, R9), ``start`` (a starting site).
"""

from __future__ import annotations

from typing import Any

from .cards import card, name
from .state import Site, TimeBaronsState


def site(state: TimeBaronsState, sid: int) -> Site | None:
    """The site with id ``sid`` if it is in play, else None."""
    for s in state["sites"]:
        if s["id"] == sid:
            return s
    return None


def sites_of(state: TimeBaronsState, seat: int) -> list[Site]:
    """The sites ``seat`` owns, in the order they came into play."""
    return [s for s in state["sites"] if s["owner"] == seat]


def followers(state: TimeBaronsState, seat: int) -> int:
    """How many followers ``seat`` has in play (on all their sites)."""
    return sum(s["f"] for s in state["sites"] if s["owner"] == seat)


def has_att(s: Site, card_id: str) -> bool:
    """True if an attachment ``card_id`` is on site ``s``."""
    return any(a[0] == card_id for a in s["att"])


def fortified(s: Site) -> bool:
    """Printed "fortified", or Fortify attached (TB Damage: fortified sites)."""
    return bool(card(s["card"])["fortified"]) or has_att(s, "fortify")


def integrity(s: Site) -> int:
    """Current integrity: printed, +3 per Retrofitting attached (R3)."""
    return int(card(s["card"])["integrity"]) + 3 * sum(1 for a in s["att"] if a[0] == "retrofitting")


def threatened(s: Site) -> bool:
    """Threat attached: no follower may be gained or relocated onto it."""
    return has_att(s, "threat")


def sanctioned(s: Site) -> bool:
    """Sanctions attached: its followers cannot be relocated off it."""
    return has_att(s, "sanctions")


def team_of(state: TimeBaronsState, seat: int) -> list[int]:
    """The seats on ``seat``'s team (just ``[seat]`` in 2-player games)."""
    for t in state["teams"]:
        if seat in t:
            return list(t)
    return [seat]


def opponents(state: TimeBaronsState, seat: int) -> list[int]:
    """Opponents of ``seat`` still in the game, clockwise from its left (R16:
    teammates never are; TB Free-for-all: eliminated players are out)."""
    mates = team_of(state, seat)
    n = len(state["seats"])
    out = state["out"]
    return [q for q in ((seat + i) % n for i in range(1, n)) if q not in mates and q not in out]


def teammate(state: TimeBaronsState, seat: int) -> int | None:
    """``seat``'s teammate (team games of 4, and the Team Barons of 3), or None."""
    mates = [q for q in team_of(state, seat) if q != seat]
    return mates[0] if mates else None


def ffa(state: TimeBaronsState) -> bool:
    """True in a free-for-all game (The Hammer, Forges, elimination)."""
    return bool(state["options"]["mode"] == "free_for_all")


def hidden_to(state: TimeBaronsState, q: int, by: int | None) -> int:
    """How many cards of ``q``'s hand seat ``by`` cannot identify: none of its own;
    of others', all but those everybody knows (``known``) and, for a teammate, those
    the team knows (``team_known``: cards passed face down, TB Team multiplayer)."""
    if by == q:
        return 0
    pl = state["players"][q]
    n = len(pl["hand"]) - len(pl["known"])
    if by is not None and by in team_of(state, q):
        n -= len(pl["team_known"])
    return n


def seat_role(state: TimeBaronsState, seat: int) -> str:
    """"Team Baron" / "Solo Baron" in a 3-player team game, "Team 1" / "Team 2" in
    a 4-player one, "" otherwise."""
    if state["solo"] is not None:
        return "Solo Baron" if seat == state["solo"] else "Team Baron"
    if len(state["seats"]) == 4 and not ffa(state):
        return f"Team {seat % 2 + 1}"
    return ""


def from_active(state: TimeBaronsState) -> list[int]:
    """Every seat in turn order starting with the active player (R5 reply order)."""
    n = len(state["seats"])
    return [(state["active"] + i) % n for i in range(n)]


def abilities_blocked(state: TimeBaronsState, s: Site) -> bool:
    """Sabotage on the site, or its owner under Loss of Faith this turn."""
    return has_att(s, "sabotage") or state.get("blocked") == s["owner"]


def university_bonus(state: TimeBaronsState, s: Site) -> int:
    """1 if the owner's University (another site) grants its infinite discount now."""
    for u in sites_of(state, s["owner"]):
        if u["card"] == "university" and u["id"] != s["id"] and not abilities_blocked(state, u):
            need = 0 if has_att(u, "computer_network") else card("university")["abilities"][0]["req"]
            if u["f"] >= need:
                return 1
    return 0


def requirement(state: TimeBaronsState, s: Site, n: int) -> int:
    """Followers needed on ``s`` to use its ability ``n``: printed, 0 with Computer
    Network, 1 lower (not below 0) with the owner's University (R9)."""
    if has_att(s, "computer_network"):
        return 0
    base = int(ability(s["card"], n)["req"])
    return max(0, base - university_bonus(state, s))


def ability(card_id: str, n: int) -> dict[str, Any]:
    """Ability ``n`` (1-based) of a site card."""
    ab: dict[str, Any] = card(card_id)["abilities"][n - 1]
    return ab


def meets(state: TimeBaronsState, s: Site, n: int) -> bool:
    """The site may use ability ``n`` now as far as followers and blocks go."""
    return not abilities_blocked(state, s) and s["f"] >= requirement(state, s, n)


def owned_usable(state: TimeBaronsState, seat: int, card_id: str, n: int) -> list[Site]:
    """``seat``'s sites named ``card_id`` whose ability ``n`` could fire now."""
    return [s for s in sites_of(state, seat) if s["card"] == card_id and meets(state, s, n)]


def site_label(state: TimeBaronsState, sid: int) -> str:
    """``"Library (Ann)"``; a second copy of a name gets a number: ``"Library 2 (Ann)"``."""
    s = site(state, sid)
    if s is None:
        return "a destroyed site"
    cid, owner = s["card"], s["owner"]
    nth = count = 0
    for x in state["sites"]:
        if x["card"] == cid and x["owner"] == owner:
            count += 1
            if x["id"] == sid:
                nth = count
    nm = name(cid) + (f" {nth}" if count > 1 else "")
    return f"{nm} ({state['seats'][owner]})"


def hand(state: TimeBaronsState, seat: int) -> list[str]:
    """``seat``'s hand (card ids)."""
    h: list[str] = state["players"][seat]["hand"]
    return h


def exposed(state: TimeBaronsState, seat: int) -> float:
    """How many of ``seat``'s followers one blow could kill: the followers on its most exposed
    site, each site's count weighted by how near it is to destruction (a destroyed site kills
    every follower on it, TB Damage and destruction): 1 when 3 damage or less destroys it (one
    Forge weapon's blow, TB Free-for-all, or a few cards), 0.5 when 6 or less does, else 0.25.
    0.0 for a seat with no site.

    >>> st = {"sites": [{"owner": 0, "card": "capital", "f": 12, "dmg": 0, "att": []},
    ...                 {"owner": 0, "card": "capital", "f": 5, "dmg": 5, "att": []}]}
    >>> integrity(st["sites"][0]), exposed(st, 0), exposed(st, 1)  # 12 * 0.25 against 5 * 1
    (8, 5.0, 0.0)
    """
    worst = 0.0
    for s in state["sites"]:
        if s["owner"] == seat and s["f"]:
            left = integrity(s) - s["dmg"]
            worst = max(worst, s["f"] * (1.0 if left <= 3 else 0.5 if left <= 6 else 0.25))
    return worst


def level_of(state: TimeBaronsState, seat: int) -> int:
    """``seat``'s level marker, 1–4."""
    return int(state["players"][seat]["level"])


def stacks_out(state: TimeBaronsState) -> int:
    """How many of the four draw stacks have run out (TB Game end)."""
    return sum(1 for st in state["stacks"] if not st)
