"""What every Time Barons card, ability and reaction window does.

Each effect is a *planner*: a plain function of a :class:`Ctx` that asks its
decisions one at a time (:meth:`Ctx.ask`) and records the operations to perform
(:meth:`Ctx.op` and helpers). A planner never changes the state: the rules run it
again from the start with the answers given so far (kept in the frame as JSON),
so a half-made choice is saved with the game like any other state. When a
planner needs an answer it raises :class:`Need`; when it returns, its operations
are pushed on the resolution stack (py_engine/time_barons/rules.py).

Design rule: a choice of a card from a hand is always the *last* question of a
planner (the card then leaves the hand at once), so a planner in progress never
holds hidden information (needed by ``determinize``).

Citations: "TB <heading>" for the rulebook, "R<n>" and "CARDS §5 <card>" for the
rulings of shared/games/time_barons/CARDS.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ..core import Action
from ..core.flow import asked
from ..core.wording import plural, possessive
from .board import (
    abilities_blocked,
    ability,
    hand,
    integrity,
    level_of,
    meets,
    opponents,
    owned_usable,
    requirement,
    sanctioned,
    site,
    site_label,
    sites_of,
    teammate,
    threatened,
)
from .cards import card, level, name
from .state import BatchOp, Frame, Hit, PlanFrame, Site, TimeBaronsState, batch_at, play_at

Option = tuple[Action, str, str | None]


class Need(Exception):
    """Raised by a planner that needs a decision: ``seat`` chooses one of
    ``options`` (``(action, label, board target)``) under ``prompt``."""

    def __init__(self, seat: int, prompt: str, options: list[Option]) -> None:
        super().__init__(prompt)
        self.seat, self.prompt, self.options = seat, prompt, options


class Ctx:
    """The planner's view of one frame: the state (read-only), the frame's seat
    and arguments, the answers recorded so far, and the operations planned."""

    def __init__(self, state: TimeBaronsState, frame: PlanFrame) -> None:
        self.s = state
        self.seat: int = frame["seat"]
        self.args: dict[str, Any] = frame.get("args", {})
        self.ans: list[list[Any]] = frame.get("ans", [])
        self.i = 0
        self.ops: list[Frame] = []
        #: A search's state (:meth:`.rules.TimeBarons.search_root`): it stores no labels, so
        #: the builders of the most frequent decisions leave them "".
        self.lean = "lean" in state

    # ---- decisions ---------------------------------------------------------------
    def ask(self, options: list[Option], prompt: str, seat: int | None = None) -> Action:
        """The chosen option's action. A single option is taken without asking (the core's
        always-ask rule, :func:`~py_engine.core.flow.asked`: so it is never recorded).
        ``options`` must not be empty."""
        assert options, prompt
        if not asked(len(options)):
            return options[0][0]
        if self.i < len(self.ans):
            a = Action.from_json(self.ans[self.i])
            self.i += 1
            return a
        raise Need(self.seat if seat is None else seat, prompt, options)

    def ask_lazy(self, count: int, options: Callable[[], list[Option]], prompt: str,
                 seat: int | None = None) -> Action:
        """:meth:`ask` for a decision with ``count`` options that ``options()``
        builds (with their labels) only when the decision is really asked: a planner
        replaying its recorded answers skips that work."""
        if asked(count) and self.i < len(self.ans):
            a = Action.from_json(self.ans[self.i])
            self.i += 1
            return a
        return self.ask(options(), prompt, seat)

    def choose_site(self, cands: list[int], prompt: str, seat: int | None = None,
                    label: Callable[[int], str] | None = None) -> int | None:
        """One of the site ids ``cands`` (None if there is none)."""
        if not cands:
            return None
        lab = label or (lambda sid: site_label(self.s, sid))
        a = self.ask([(Action("site", (sid,)), "" if self.lean else lab(sid), f"site:{sid}") for sid in cands],
                     prompt, seat)
        return int(a.args[0])

    def choose_number(self, lo: int, hi: int, prompt: str, label: Callable[[int], str] = str) -> int:
        """An integer from ``lo`` to ``hi`` (``hi >= lo``)."""
        a = self.ask([(Action("num", (k,)), label(k), None) for k in range(lo, hi + 1)], prompt)
        return int(a.args[0])

    def choose_mode(self, card_id: str) -> int:
        """Which of the card's modes (0-based)."""
        modes = card(card_id).get("modes") or []
        a = self.ask([(Action("mode", (k,)), f"{name(card_id)}: {m or f'mode {k + 1}'}", None)
                      for k, m in enumerate(modes)], f"{name(card_id)}: choose one.")
        return int(a.args[0])

    def choose_opponent(self, prompt: str, ok: Callable[[int], bool] = lambda p: True) -> int | None:
        """An opponent of the frame's seat (R16); None if no opponent qualifies."""
        opps = [p for p in opponents(self.s, self.seat) if ok(p)]
        if not opps:
            return None
        a = self.ask([(Action("opp", (p,)), self.s["seats"][p], f"seat:{p}") for p in opps], prompt)
        return int(a.args[0])

    def choose_hand_card(self, prompt: str, ok: Callable[[str], bool] = lambda c: True,
                         allow_none: bool = False) -> str | None:
        """A card from the seat's hand (one option per distinct card)."""
        opts: list[Option] = [(Action("card", (c,)), name(c), f"card:{c}")
                              for c in sorted(set(hand(self.s, self.seat))) if ok(c)]
        if allow_none:
            opts.append((Action("pass"), "None", None))
        if not opts:
            return None
        a = self.ask(opts, prompt)
        return str(a.args[0]) if a.name == "card" else None

    def yes_no(self, prompt: str, yes: str, no: str = "No", seat: int | None = None) -> bool:
        """A yes/no decision."""
        return self.ask([(Action("yes"), yes, None), (Action("no"), no, None)], prompt, seat).name == "yes"

    def alloc(self, total: int, cands: list[int], prompt: str, *, cap: dict[int, int] | None = None,
              max_sites: int | None = None, at_least: int | None = None, verb: str = "1 damage to",
              seat: int | None = None) -> dict[int, int]:
        """Assign up to ``total`` points one at a time to sites among ``cands``
        (each multiset reachable once: sites are taken in ``cands`` order).

        ``cap``: per-site maximum; ``max_sites``: how many different sites;
        ``at_least``: points before "done" is offered (default ``total``: all that
        can be placed). Returns ``{site id: points}``.
        """
        big = 10**6

        def room(sid: int, got_: dict[int, int]) -> int:
            return big if cap is None else cap.get(sid, 0) - got_.get(sid, 0)

        def capacity(got_: dict[int, int], start: int) -> int:
            """Most further points placeable on ``cands[start:]`` (monotone order)."""
            later = cands[start:]
            chosen = sum(room(x, got_) for x in later if x in got_)
            fresh = sorted((room(x, got_) for x in later if x not in got_), reverse=True)
            allowed = len(fresh) if max_sites is None else max(0, max_sites - len(got_))
            return min(big, chosen + sum(fresh[:allowed]))

        target = min(total if at_least is None else at_least, capacity({}, 0))
        got: dict[int, int] = {}
        pos = 0
        placed = 0
        while placed < total:
            ok: list[int] = []
            for j in range(pos, len(cands)):
                sid = cands[j]
                if room(sid, got) <= 0:
                    continue
                if max_sites is not None and sid not in got and len(got) >= max_sites:
                    continue
                after = {**got, sid: got.get(sid, 0) + 1}
                if placed + 1 + capacity(after, j) < target:
                    continue
                ok.append(sid)
            if not ok:
                break
            done = placed >= target

            def options(ok: list[int] = ok, done: bool = done) -> list[Option]:
                opts: list[Option] = [(Action("site", (sid,)), "" if self.lean else f"{verb} {site_label(self.s, sid)}",
                                       f"site:{sid}") for sid in ok]
                return opts + ([(Action("done"), "Done", None)] if done else [])

            a = self.ask_lazy(len(ok) + done, options, f"{prompt} ({placed} of {total} so far)", seat)
            if a.name == "done":
                break
            sid = int(a.args[0])
            got[sid] = got.get(sid, 0) + 1
            pos = cands.index(sid)
            placed += 1
        return got

    # ---- planned operations ------------------------------------------------------
    def op(self, f: Frame) -> None:
        """Plan an operation frame (see rules.py ``_op_*``)."""
        self.ops.append(f)

    def plan(self, fn: str, seat: int | None = None, **args: Any) -> None:
        """Plan a further planner, run after the operations planned before it."""
        self.ops.append({"k": "plan", "fn": fn, "seat": self.seat if seat is None else seat,
                         "args": args, "ans": []})

    def batch(self, hits: list[Hit] | None = None, kills: list[list[int]] | None = None,
              destroy: list[int] | None = None, src: int | None | Literal["me"] = "me", label: str = "") -> None:
        """Plan one batch of damage and kills (R4): ``hits`` ``[site, n, structural]``,
        ``kills`` ``[site, n]``, ``destroy`` site ids (sacrificed sites)."""
        hits = [h for h in (hits or []) if h[1] > 0]
        kills = [k for k in (kills or []) if k[1] > 0]
        if hits or kills or destroy:
            self.op({"k": "batch", "src": self.seat if src == "me" else src, "hits": hits, "kills": kills,
                     "destroy": list(destroy or []), "label": label, "phase": 0})

    def damage(self, sid: int | None, n: int, structural: bool = False, label: str = "") -> None:
        """Plan ``n`` damage to one site."""
        if sid is not None:
            self.batch(hits=[[sid, n, structural]], label=label)

    def gain(self, sid: int | None, n: int) -> None:
        """Plan ``n`` followers from the supply onto a site."""
        if sid is not None and n > 0:
            self.op({"k": "gain", "site": sid, "n": n})

    def draw(self, k: int, max_level: int | None = None, min_level: int = 1, seat: int | None = None) -> None:
        """Plan ``k`` draws, each from a stack of the drawer's choice between
        ``min_level`` and ``max_level`` (default: the drawer's level; R6)."""
        who = self.seat if seat is None else seat
        top = level_of(self.s, who) if max_level is None else max_level
        for _ in range(k):
            self.plan("draw", seat=who, lo=min_level, hi=top)

    def actions(self, n: int) -> None:
        """Plan ``n`` extra actions for the seat (only meaningful in its turn)."""
        if n:
            self.op({"k": "actions", "seat": self.seat, "n": n})


# ---- lookups used by planners -------------------------------------------------------

def all_sites(s: TimeBaronsState) -> list[int]:
    """Every site in play."""
    return [x["id"] for x in s["sites"]]


def own(s: TimeBaronsState, seat: int, receive: bool = False) -> list[int]:
    """``seat``'s sites (only those that can receive followers if ``receive``)."""
    return [x["id"] for x in sites_of(s, seat) if not (receive and threatened(x))]


def opp_sites(s: TimeBaronsState, seat: int) -> list[int]:
    """Sites of every opponent of ``seat``."""
    opps = opponents(s, seat)
    return [x["id"] for x in s["sites"] if x["owner"] in opps]


def S(s: TimeBaronsState, sid: int) -> Site:
    """The site (asserted in play)."""
    x = site(s, sid)
    assert x is not None, sid
    return x


PLANNERS: dict[str, Callable[[Ctx], None]] = {}
#: Extra conditions for activating an ordinary ability: ``"card:n"`` -> test(state, site).
CAN: dict[str, Callable[[TimeBaronsState, Site], bool]] = {}


def planner(key: str) -> Callable[[Callable[[Ctx], None]], Callable[[Ctx], None]]:
    """Register a planner under ``key`` (``card:<id>``, ``ab:<id>:<n>``, ``w:<window>``...)."""
    def deco(fn: Callable[[Ctx], None]) -> Callable[[Ctx], None]:
        PLANNERS[key] = fn
        return fn
    return deco


def _has_hand(s: TimeBaronsState, x: Site) -> bool:
    return bool(hand(s, x["owner"]))


# ---- generic planners ---------------------------------------------------------------

@planner("draw")
def p_draw(g: Ctx) -> None:
    """One draw from a stack between levels ``lo`` and ``hi`` (R6; none left: nothing)."""
    lo, hi = g.args["lo"], min(4, g.args["hi"])
    opts: list[Option] = [(Action("stack", (lv,)), f"Level {'I II III IV'.split()[lv - 1]} stack "
                          f"({len(g.s['stacks'][lv - 1])} left)", f"stack:{lv}")
                          for lv in range(lo, hi + 1) if g.s["stacks"][lv - 1]]
    if opts:
        a = g.ask(opts, "Draw from which stack?")
        g.op({"k": "draw", "seat": g.seat, "stack": int(a.args[0])})


def passing_mate(s: TimeBaronsState, seat: int) -> int | None:
    """The teammate ``seat`` may pass followers and cards to during a full
    relocate (TB Team multiplayer), or None (no teammate)."""
    return teammate(s, seat)


def relocate(g: Ctx, *, src: list[int] | None = None, dst: list[int] | None = None,
             must_all: bool = False, most: int | None = None, what: str = "Relocate", full: bool = False) -> None:
    """Plan a relocate of the frame seat's followers (TB Relocate; R8 for limited
    ones): take followers off sites in ``src`` (all own), then put each on a site
    in ``dst`` (all own that can receive). ``must_all``: every follower on the
    ``src`` sites must go; ``most``: at most this many move. ``full``: a full
    relocate, during which a Team Baron may also pass followers (placed by the
    receiver) and cards face down to the teammate (TB Team multiplayer; never in a
    limited relocate: Escape Route, Castle, Threat, Assimilation)."""
    s, p = g.s, g.seat
    mate = passing_mate(s, p) if full else None
    sources = [x for x in sites_of(s, p) if (src is None or x["id"] in src) and not sanctioned(x) and x["f"]]
    dests = [x["id"] for x in sites_of(s, p) if (dst is None or x["id"] in dst) and not threatened(x)]
    if (not sources or not dests) and mate is None:
        return
    to_mate = mate is not None and bool(own(s, mate, receive=True))
    taken: dict[int, int] = {}
    if sources and (dests or to_mate):
        if must_all:
            for x in sources:
                taken[x["id"]] = x["f"]
        else:
            pos, k = 0, 0
            while most is None or k < most:
                left = [x for x in sources[pos:] if x["f"] > taken.get(x["id"], 0)]
                if not left:
                    break

                def options(left: list[Site] = left, k: int = k) -> list[Option]:
                    opts: list[Option] = [(Action("take", (x["id"],)), "" if g.lean else (
                        f"Take a follower from {site_label(s, x['id'])} ({x['f'] - taken.get(x['id'], 0)} there)"),
                        f"site:{x['id']}") for x in left]
                    return opts + [(Action("done"), "Done taking" if k else "Move nobody", None)]

                a = g.ask_lazy(len(left) + 1, options, f"{what}: pick up followers ({k} in hand)")
                if a.name == "done":
                    break
                sid = int(a.args[0])
                taken[sid] = taken.get(sid, 0) + 1
                pos = [x["id"] for x in sources].index(sid)
                k += 1
    total = sum(taken.values())
    passed = 0
    if total and mate is not None and to_mate:
        mname = s["seats"][mate]
        low = 0 if dests else total
        passed = g.choose_number(low, total, f"{what}: pass how many of {plural(total, 'follower')} to {mname}? "
                                 f"{mname} places them.",
                                 lambda n: "Pass none" if n == 0 else f"Pass {n} to {mname}")
    put = {}
    if total - passed:
        put = g.alloc(total - passed, dests, f"{what}: place the {total - passed} follower"
                      f"{'s' * (total - passed > 1)} you picked up", verb="Put a follower on")
    if mate is None:
        if total:
            g.op({"k": "move", "seat": p, "take": [[k_, v] for k_, v in taken.items()],
                  "put": [[k_, v] for k_, v in put.items()], "relocate": True})
        return
    if total:
        g.op({"k": "move", "seat": p, "take": [[k_, v] for k_, v in taken.items()],
              "put": [[k_, v] for k_, v in put.items()], "passed": passed, "mate": mate})
    g.plan("pass_cards", mate=mate, followers=passed, moved=bool(total), what=what)


@planner("relocate")
def p_relocate(g: Ctx) -> None:
    """A relocate (full, or limited by ``args``)."""
    relocate(g, src=g.args.get("src"), dst=g.args.get("dst"), must_all=g.args.get("must_all", False),
             most=g.args.get("most"), what=g.args.get("what", "Relocate"), full=g.args.get("full", False))


@planner("pass_cards")
def p_pass_cards(g: Ctx) -> None:
    """During a full relocate: pass cards from hand face down to the teammate, one
    at a time (TB Team multiplayer); then the teammate places any passed followers,
    and the relocate is finished (opponents' Sniper Nest / Spy Agency, R8)."""
    mate = g.args["mate"]
    mname = g.s["seats"][mate]
    opts: list[Option] = [(Action("card", (c,)), f"Pass {name(c)} to {mname}", f"card:{c}")
                          for c in sorted(set(hand(g.s, g.seat)))]
    opts.append((Action("done"), "Pass no more cards" if g.args.get("gave") else "Pass no cards", None))
    a = g.ask(opts, f"{g.args['what']}: pass cards face down to {mname}? (one at a time)")
    if a.name == "card":
        g.op({"k": "pass_card", "seat": g.seat, "to": mate, "card": str(a.args[0])})
        g.plan("pass_cards", **{**g.args, "gave": True})
        return
    if g.args["followers"]:
        g.plan("receive", seat=mate, n=g.args["followers"], giver=g.seat)
    if g.args["moved"]:
        g.op({"k": "relocated", "seat": g.seat})


@planner("receive")
def p_receive(g: Ctx) -> None:
    """The teammate places the followers passed to them across their own sites
    (TB Team multiplayer: the receiver decides)."""
    n = g.args["n"]
    got = g.alloc(n, own(g.s, g.seat, receive=True),
                  f"{g.s['seats'][g.args['giver']]} passed you {n} follower{'s' * (n > 1)}: place them",
                  verb="Place a follower on")
    for sid, k in got.items():
        g.op({"k": "place", "site": sid, "n": k})


def can_upgrade(s: TimeBaronsState, seat: int) -> bool:
    """The Solo Baron must discard a card to upgrade (TB Three-player rules; R12:
    every upgrade, so with an empty hand they cannot upgrade at all)."""
    return seat != s["solo"] or bool(hand(s, seat))


def upgrade(g: Ctx) -> None:
    """Plan an upgrade of the frame seat by an effect, with the Solo Baron's discard."""
    if g.seat == g.s["solo"]:
        g.plan("upgrade_discard")
    g.op({"k": "upgrade", "seat": g.seat})


@planner("upgrade_discard")
def p_upgrade_discard(g: Ctx) -> None:
    """The Solo Baron's extra upgrade cost: discard a card (TB Three-player rules)."""
    c = g.choose_hand_card("Solo Baron: discard a card to upgrade.")
    if c is not None:
        g.op({"k": "discard_hand", "seat": g.seat, "card": c})


@planner("bonus_draw")
def p_bonus_draw(g: Ctx) -> None:
    """A Team Baron who upgraded may draw a card for no action (TB Three-player rules)."""
    lv = level_of(g.s, g.seat)
    opts: list[Option] = [(Action("stack", (k,)), f"Draw from the level {'I II III IV'.split()[k - 1]} stack "
                           f"({len(g.s['stacks'][k - 1])} left)", f"stack:{k}")
                          for k in range(1, lv + 1) if g.s["stacks"][k - 1]]
    if opts:
        a = g.ask(opts + [(Action("no"), "No card", None)], "Team Baron's upgrade bonus: draw a card for free?")
        if a.name == "stack":
            g.op({"k": "draw", "seat": g.seat, "stack": int(a.args[0])})


@planner("who_starts")
def p_who_starts(g: Ctx) -> None:
    """3-player team game: after seeing their hands the Team Barons choose which of
    them starts (TB Three-player rules). The first Team Baron proposes; the second,
    who has seen the proposal (table talk is public), decides."""
    a, b = g.s["teams"][0]
    names = g.s["seats"]
    prop = g.ask([(Action("first", (a,)), f"I start ({names[a]})", f"seat:{a}"),
                  (Action("first", (b,)), f"{names[b]} starts", f"seat:{b}")],
                 f"Team Barons: who should start? Propose it; {names[b]} then decides.")
    p0 = int(prop.args[0])
    other = b if p0 == a else a
    final = g.ask([(Action("first", (p0,)), f"Agree: {names[p0]} starts", f"seat:{p0}"),
                   (Action("first", (other,)), f"No: {names[other]} starts", f"seat:{other}")],
                  f"{names[a]} proposes that {names[p0]} starts. Who starts?", seat=b)
    g.op({"k": "first_player", "seat": int(final.args[0]), "proposed": p0})


@planner("weapon")
def p_weapon(g: Ctx) -> None:
    """Fire a weapon (TB Free-for-all): 3 damage to one site of each opponent, one
    opponent at a time, clockwise from the player's left; each shot lands (with its
    reaction windows) before the next site is chosen."""
    left = [q for q in g.args["left"] if q not in g.s["out"] and sites_of(g.s, q)]
    if not left:
        return
    q = left[0]
    g.damage(g.choose_site(own(g.s, q), f"Weapon: 3 damage to which of {possessive(g.s['seats'][q])} sites?"), 3,
             label="Weapon")
    if left[1:]:
        g.plan("weapon", left=left[1:])


@planner("gain_any")
def p_gain_any(g: Ctx) -> None:
    """Gain ``n`` followers spread as the seat wishes over its own sites."""
    n = g.args["n"]
    got = g.alloc(n, own(g.s, g.seat, receive=True), f"Place {n} new follower{'s' * (n > 1)}",
                  verb="A follower on")
    for sid, k in got.items():
        g.gain(sid, k)


@planner("place:site")
def site_card(g: Ctx) -> None:
    """A site card: it comes into play for its player (on-enter text applies)."""
    g.op({"k": "enter_site", "seat": g.seat, "card": g.args["card"]})


@planner("place:attachment")
def attachment_card(g: Ctx) -> None:
    """An attachment: attach it to any site in play (TB Attachment cards)."""
    cid = g.args["card"]
    sid = g.choose_site(all_sites(g.s), f"Attach {name(cid)} to which site?")
    if sid is not None:
        g.op({"k": "attach", "seat": g.seat, "card": cid, "site": sid})


# ---- Core set, level I ---------------------------------------------------------------

@planner("ab:catapult:1")
@planner("ab:catapult:2")
@planner("ab:mortar:1")
def p_one_damage(g: Ctx) -> None:
    """Catapult, Mortar ability 1: 1 damage to one site (any owner, R2)."""
    g.damage(g.choose_site(all_sites(g.s), "Deal 1 damage to which site?"), 1)


@planner("ab:temple:1")
def p_temple(g: Ctx) -> None:
    """Temple: sacrifice 1 follower here, then +1 action."""
    g.batch(kills=[[g.args["site"], 1]], label="Temple")
    g.actions(1)


CAN["mission:1"] = CAN["mission:2"] = CAN["farm:1"] = CAN["port:1"] = CAN["bank:1"] = _has_hand
CAN["alien_weapon:1"] = _has_hand


@planner("ab:mission:1")
def p_mission1(g: Ctx) -> None:
    """Mission 1: discard a card, then a full relocate for free."""
    g.plan("relocate", full=True)
    c = g.choose_hand_card("Mission: discard which card?")
    assert c is not None  # CAN: a card in hand
    g.ops.insert(0, {"k": "discard_hand", "seat": g.seat, "card": c})


@planner("ab:mission:2")
def p_mission2(g: Ctx) -> None:
    """Mission 2: discard a card, then 2 followers onto Mission."""
    c = g.choose_hand_card("Mission: discard which card?")
    assert c is not None  # CAN: a card in hand
    g.op({"k": "discard_hand", "seat": g.seat, "card": c})
    g.gain(g.args["site"], 2)


@planner("ab:church:1")
def p_church(g: Ctx) -> None:
    """Church: 1 follower onto any site you own."""
    g.gain(g.choose_site(own(g.s, g.seat, receive=True), "Church: place a follower on which site?"), 1)


@planner("card:siege")
def p_siege(g: Ctx) -> None:
    """Siege: 2 damage to one site."""
    g.damage(g.choose_site(all_sites(g.s), "Siege: 2 damage to which site?"), 2, label="Siege")


@planner("card:fanaticism")
def p_fanaticism(g: Ctx) -> None:
    """Fanaticism: sacrifice 0–3 followers from one own site, that much damage to one
    site; one batch (R4)."""
    src = g.choose_site([x for x in own(g.s, g.seat) if S(g.s, x)["f"]], "Fanaticism: sacrifice from which site?")
    if src is None:
        return
    k = g.choose_number(0, min(3, S(g.s, src)["f"]), "Fanaticism: sacrifice how many?",
                        lambda n: f"Sacrifice {n}")
    if k == 0:
        return
    tgt = g.choose_site(all_sites(g.s), f"Fanaticism: {k} damage to which site?")
    assert tgt is not None  # the sacrificing site at least is in play
    g.batch(hits=[[tgt, k, False]], kills=[[src, k]], label="Fanaticism")


@planner("card:divine_inspiration")
@planner("ab:alien_monolith:1")
def p_divine(g: Ctx) -> None:
    """Divine Inspiration, Alien Monolith 1: draw from the stack one level above
    yours; nothing at level IV (CARDS §5)."""
    lv = level_of(g.s, g.seat)
    if lv < 4:
        g.draw(1, max_level=lv + 1, min_level=lv + 1)


@planner("card:display_of_power")
def p_display(g: Ctx) -> None:
    """Display of Power: sacrifice an own site of printed cost ≥ 2, then +3 actions."""
    cands = [x for x in own(g.s, g.seat) if int(card(S(g.s, x)["card"])["cost"]) >= 2]
    sid = g.choose_site(cands, "Display of Power: sacrifice which site?")
    if sid is not None:
        g.batch(destroy=[sid], label="Display of Power")
        g.actions(3)


def _hit(g: Ctx) -> tuple[BatchOp, Hit]:
    frame = batch_at(g.s, g.args["batch"])
    return frame, frame["hits"][g.args["hit"]]


@planner("card:escape_route")
def p_escape(g: Ctx) -> None:
    """Escape Route: before the damage lands, move up to 3 followers off the
    threatened site to one other own site (a limited relocate, R8)."""
    _, hit = _hit(g)
    x = site(g.s, hit[0])
    if x is None or sanctioned(x) or not x["f"]:
        return
    dest = g.choose_site([d for d in own(g.s, g.seat, receive=True) if d != x["id"]],
                         "Escape Route: move followers to which site?")
    if dest is None:
        return
    k = g.choose_number(1, min(3, x["f"]), "Escape Route: move how many?", lambda n: f"Move {n}")
    g.op({"k": "move", "seat": g.seat, "take": [[x["id"], k]], "put": [[dest, k]], "relocate": True})


@planner("card:misinformation")
def p_misinformation(g: Ctx) -> None:
    """Misinformation: the whole pending damage goes to another own site instead."""
    _, hit = _hit(g)
    dest = g.choose_site([d for d in own(g.s, g.seat) if d != hit[0]], "Misinformation: send the damage where?")
    if dest is not None:
        g.op({"k": "redirect", "batch": g.args["batch"], "hit": g.args["hit"], "site": dest})


# ---- Core set, level II --------------------------------------------------------------

CAN["military_base:1"] = lambda s, x: x["f"] > 0


@planner("ab:military_base:1")
def p_military_base(g: Ctx) -> None:
    """Military Base: sacrifice ≥1 here, that much damage to one site (one batch)."""
    x = S(g.s, g.args["site"])
    k = g.choose_number(1, x["f"], "Military Base: sacrifice how many?", lambda n: f"Sacrifice {n}")
    tgt = g.choose_site(all_sites(g.s), f"Military Base: {k} damage to which site?")
    assert tgt is not None  # the Military Base at least is in play
    g.batch(hits=[[tgt, k, False]], kills=[[x["id"], k]], label="Military Base")


@planner("ab:library:1")
def p_draw_one(g: Ctx) -> None:
    """Library 1: draw a card."""
    g.draw(1)


def _library_cands(s: TimeBaronsState, seat: int) -> list[str]:
    return sorted({c for c in s["discard"] if level(c) <= level_of(s, seat)})


CAN["library:2"] = lambda s, x: bool(_library_cands(s, x["owner"]))


@planner("ab:library:2")
def p_library2(g: Ctx) -> None:
    """Library 2: take a discarded card of your level or lower, then discard one."""
    cands = _library_cands(g.s, g.seat)
    a = g.ask([(Action("card", (c,)), f"Take {name(c)}", f"discard:{c}") for c in cands],
              "Library: take which card from the discard pile?")
    g.op({"k": "take_discard", "seat": g.seat, "card": str(a.args[0])})
    g.plan("discard_one")


@planner("discard_one")
def p_discard_one(g: Ctx) -> None:
    """Discard one card from hand."""
    c = g.choose_hand_card("Discard which card?")
    if c is not None:
        g.op({"k": "discard_hand", "seat": g.seat, "card": c})


CAN["railroad:1"] = lambda s, x: True


@planner("ab:railroad:1")
def p_railroad(g: Ctx) -> None:
    """Railroad: a full relocate without paying an action."""
    relocate(g, full=True)


@planner("card:conversion")
def p_conversion(g: Ctx) -> None:
    """Conversion: 3 followers spread over your sites."""
    g.plan("gain_any", n=3)


@planner("card:shelling")
def p_shelling(g: Ctx) -> None:
    """Shelling: 3 damage split over 1–3 sites."""
    got = g.alloc(3, all_sites(g.s), "Shelling: assign 3 damage", max_sites=3)
    g.batch(hits=[[sid, n, False] for sid, n in got.items()], label="Shelling")


@planner("card:blockade")
def p_blockade(g: Ctx) -> None:
    """Blockade: kill 1 on each occupied site of one opponent (one batch)."""
    opp = g.choose_opponent("Blockade which opponent?")
    if opp is not None:
        g.batch(kills=[[x["id"], 1] for x in sites_of(g.s, opp) if x["f"]], label="Blockade")


@planner("card:loss_of_faith")
def p_loss_of_faith(g: Ctx) -> None:
    """Loss of Faith: the opponent's next turn has 1 action fewer and no abilities."""
    opp = g.choose_opponent("Loss of Faith on which opponent?")
    if opp is not None:
        g.op({"k": "lof", "seat": opp})


# ---- Core set, level III -------------------------------------------------------------

@planner("ab:missile_silo:1")
def p_silo1(g: Ctx) -> None:
    """Missile Silo 1: 2 damage to one site."""
    g.damage(g.choose_site(all_sites(g.s), "Missile Silo: 2 damage to which site?"), 2, label="Missile Silo")


@planner("ab:missile_silo:2")
@planner("ab:mortar:2")
def p_two_sites(g: Ctx) -> None:
    """Missile Silo 2, Mortar 2: 1 damage to each of 2 different sites."""
    sites = all_sites(g.s)
    got = g.alloc(2, sites, "1 damage to each of 2 different sites", cap={x: 1 for x in sites})
    g.batch(hits=[[sid, 1, False] for sid in got], label=name(S(g.s, g.args["site"])["card"]))


@planner("ab:robotics_lab:1")
def p_robotics(g: Ctx) -> None:
    """Robotics Lab: +1 action."""
    g.actions(1)


def _steal_cands(s: TimeBaronsState, seat: int) -> list[int]:
    return [x for x in opp_sites(s, seat) if S(s, x)["f"]]


CAN["radio_station:1"] = CAN["radio_station:2"] = lambda s, x: bool(
    _steal_cands(s, x["owner"]) and own(s, x["owner"], receive=True))


@planner("ab:radio_station:1")
@planner("ab:radio_station:2")
def p_radio(g: Ctx) -> None:
    """Radio Station: steal 1 follower from an opponent's site onto one of yours."""
    src = g.choose_site(_steal_cands(g.s, g.seat), "Steal a follower from which site?")
    dst = g.choose_site(own(g.s, g.seat, receive=True), "Put the stolen follower on which site?")
    if src is not None and dst is not None:
        g.op({"k": "steal", "seat": g.seat, "frm": src, "put": [[dst, 1]]})


@planner("card:air_strike")
def p_air_strike(g: Ctx) -> None:
    """Air Strike: the opponent's level I sites take 2, level II sites 1 (one batch)."""
    opp = g.choose_opponent("Air Strike on which opponent?")
    if opp is None:
        return
    hits = [[x["id"], {1: 2, 2: 1}.get(level(x["card"]), 0), False] for x in sites_of(g.s, opp)]
    g.batch(hits=hits, label="Air Strike")


@planner("card:bioweapon")
def p_bioweapon(g: Ctx) -> None:
    """Bioweapon: kill one per card in the opponent's hand over ≤2 of their sites."""
    opp = g.choose_opponent("Bioweapon on which opponent?")
    if opp is None:
        return
    h = len(hand(g.s, opp))
    cands = [x["id"] for x in sites_of(g.s, opp) if x["f"]]
    got = g.alloc(h, cands, f"Bioweapon: kill {h}", cap={x: S(g.s, x)["f"] for x in cands}, max_sites=2,
                  verb="Kill a follower on")
    g.batch(kills=[[sid, n] for sid, n in got.items()], label="Bioweapon")


@planner("card:archaeology")
def p_archaeology(g: Ctx) -> None:
    """Archaeology: draw 3 from lower stacks, or take any discarded card."""
    if g.choose_mode("archaeology") == 0:
        lv = level_of(g.s, g.seat)
        if lv > 1:
            g.draw(3, max_level=lv - 1)
        return
    cands = sorted(set(g.s["discard"]))
    if cands:
        a = g.ask([(Action("card", (c,)), f"Take {name(c)}", f"discard:{c}") for c in cands],
                  "Archaeology: take which card from the discard pile?")
        g.op({"k": "take_discard", "seat": g.seat, "card": str(a.args[0])})


@planner("card:ruthless_efficiency")
def p_ruthless(g: Ctx) -> None:
    """Ruthless Efficiency: start choosing sacrifices and discards (≤ 6 in all)."""
    g.plan("ruthless", sac=[], n=0)


@planner("ruthless")
def p_ruthless_step(g: Ctx) -> None:
    """One more sacrifice or discard for Ruthless Efficiency, or done: then the
    sacrifices happen as one batch and +1 action per item."""
    sac: list[list[int]] = g.args["sac"]
    n: int = g.args["n"]
    taken = {a: b for a, b in sac}
    opts: list[Option] = []
    if n < 6:
        for x in sites_of(g.s, g.seat):
            if x["f"] > taken.get(x["id"], 0):
                opts.append((Action("site", (x["id"],)), f"Sacrifice a follower on {site_label(g.s, x['id'])}",
                             f"site:{x['id']}"))
        for c in sorted(set(hand(g.s, g.seat))):
            opts.append((Action("card", (c,)), f"Discard {name(c)}", f"card:{c}"))
    opts.append((Action("done"), f"Done (+{n} action{'s' * (n != 1)})", None))
    a = g.ask(opts, f"Ruthless Efficiency: sacrifice followers or discard cards ({n} of 6)")
    if a.name == "done":
        g.batch(kills=sac, label="Ruthless Efficiency")
        g.actions(n)
    elif a.name == "site":
        taken[int(a.args[0])] = taken.get(int(a.args[0]), 0) + 1
        g.plan("ruthless", sac=[[k, v] for k, v in taken.items()], n=n + 1)
    else:
        g.op({"k": "discard_hand", "seat": g.seat, "card": str(a.args[0])})
        g.plan("ruthless", sac=sac, n=n + 1)


# ---- Core set, level IV --------------------------------------------------------------

@planner("ab:doomsday_laser:1")
def p_laser(g: Ctx) -> None:
    """Doomsday Laser: 8 damage to one site."""
    g.damage(g.choose_site(all_sites(g.s), "Doomsday Laser: 8 damage to which site?"), 8, label="Doomsday Laser")


@planner("card:mind_control")
def p_mind_control(g: Ctx) -> None:
    """Mind Control: steal every follower of one opponent's site (a steal)."""
    src = g.choose_site(_steal_cands(g.s, g.seat), "Mind Control: take every follower of which site?")
    if src is None:
        return
    k = S(g.s, src)["f"]
    put = g.alloc(k, own(g.s, g.seat, receive=True), f"Mind Control: place the {k} stolen followers",
                  verb="A follower on")
    if put:
        g.op({"k": "steal", "seat": g.seat, "frm": src, "put": [[a, b] for a, b in put.items()]})


# ---- Expansion, level I --------------------------------------------------------------

@planner("ab:battering_ram:1")
def p_ram1(g: Ctx) -> None:
    """Battering Ram 1: 1 structural damage to one site."""
    g.damage(g.choose_site(all_sites(g.s), "Battering Ram: 1 structural damage to which site?"), 1, True,
             label="Battering Ram")


@planner("ab:battering_ram:2")
def p_ram2(g: Ctx) -> None:
    """Battering Ram 2: sacrifice the Ram, 2 structural damage to one site (one batch)."""
    me = g.args["site"]
    tgt = g.choose_site([x for x in all_sites(g.s) if x != me], "Battering Ram: 2 structural damage to which site?")
    g.batch(hits=[[tgt, 2, True]] if tgt is not None else [], destroy=[me], label="Battering Ram")


@planner("ab:barracks:1")
def p_barracks1(g: Ctx) -> None:
    """Barracks 1: 2 followers onto Barracks."""
    g.gain(g.args["site"], 2)


CAN["barracks:2"] = lambda s, x: x["f"] > 0


@planner("ab:barracks:2")
def p_barracks2(g: Ctx) -> None:
    """Barracks 2: sacrifice 1 here, 1 damage to one site (one batch)."""
    tgt = g.choose_site(all_sites(g.s), "Barracks: 1 damage to which site?")
    assert tgt is not None  # the Barracks at least is in play
    g.batch(hits=[[tgt, 1, False]], kills=[[g.args["site"], 1]], label="Barracks")


@planner("ab:farm:1")
def p_farm1(g: Ctx) -> None:
    """Farm 1: tuck a card under Farm, then 1 follower onto any own site."""
    g.plan("place_one", what="Farm")
    c = g.choose_hand_card("Farm: tuck which card?")
    assert c is not None  # CAN: a card in hand
    g.ops.insert(0, {"k": "tuck", "seat": g.seat, "card": c, "site": g.args["site"]})


@planner("place_one")
def p_place_one(g: Ctx) -> None:
    """Place 1 gained follower on an own site."""
    g.gain(g.choose_site(own(g.s, g.seat, receive=True), f"{g.args['what']}: place a follower on which site?"), 1)


@planner("ab:farm:2")
def p_farm2(g: Ctx) -> None:
    """Farm 2: one follower onto Farm per card tucked under it."""
    g.gain(g.args["site"], len(S(g.s, g.args["site"])["tuck"]))


CAN["castle:1"] = lambda s, x: not threatened(x) and any(
    y["f"] and not sanctioned(y) for y in sites_of(s, x["owner"]) if y["id"] != x["id"])
CAN["castle:2"] = lambda s, x: x["f"] > 0 and not sanctioned(x) and any(
    not threatened(y) for y in sites_of(s, x["owner"]) if y["id"] != x["id"])


@planner("ab:castle:1")
def p_castle1(g: Ctx) -> None:
    """Castle 1: move any of your followers from other sites onto Castle."""
    me = g.args["site"]
    relocate(g, src=[x for x in own(g.s, g.seat) if x != me], dst=[me], what="Castle")


@planner("ab:castle:2")
def p_castle2(g: Ctx) -> None:
    """Castle 2: move any followers from Castle onto your other sites."""
    me = g.args["site"]
    relocate(g, src=[me], dst=[x for x in own(g.s, g.seat) if x != me], what="Castle")


def _damaged_own(s: TimeBaronsState, seat: int) -> list[int]:
    return [x["id"] for x in sites_of(s, seat) if x["dmg"]]


CAN["masons_guild:1"] = CAN["masons_guild:2"] = lambda s, x: bool(_damaged_own(s, x["owner"])) and len(
    sites_of(s, x["owner"])) > 1


@planner("ab:masons_guild:1")
@planner("ab:masons_guild:2")
def p_masons(g: Ctx) -> None:
    """Mason's Guild: move 1 (ability 2: every) counter from one own site to
    another own site; not damage (CARDS Mason's Guild note)."""
    src = g.choose_site(_damaged_own(g.s, g.seat), "Mason's Guild: move counters from which site?")
    if src is None:
        return
    dst = g.choose_site([x for x in own(g.s, g.seat) if x != src], "Mason's Guild: onto which site?")
    assert dst is not None  # CAN: the owner has another site
    n = 1 if g.args["n"] == 1 else S(g.s, src)["dmg"]
    g.op({"k": "move_counters", "frm": src, "to": dst, "n": n})


CAN["alien_monolith:1"] = lambda s, x: level_of(s, x["owner"]) < 4
CAN["alien_monolith:2"] = lambda s, x: level_of(s, x["owner"]) < 4 and can_upgrade(s, x["owner"])


@planner("ab:alien_monolith:2")
def p_monolith2(g: Ctx) -> None:
    """Alien Monolith 2: sacrifice the Monolith, then upgrade for free (R12)."""
    g.batch(destroy=[g.args["site"]], label="Alien Monolith")
    upgrade(g)


CAN["mine:1"] = lambda s, x: any(y["start"] for y in sites_of(s, x["owner"]))


@planner("ab:mine:1")
def p_mine1(g: Ctx) -> None:
    """Mine 1: 2 structural damage to your own starting site, +1 action."""
    start = [x["id"] for x in sites_of(g.s, g.seat) if x["start"]]
    g.damage(g.choose_site(start, "Mine: which starting site takes 2 structural damage?"), 2, True, label="Mine")
    g.actions(1)


@planner("ab:mine:2")
def p_mine2(g: Ctx) -> None:
    """Mine 2: 1 structural damage to an own non-starting site, +1 action."""
    cands = [x["id"] for x in sites_of(g.s, g.seat) if not x["start"]]
    g.damage(g.choose_site(cands, "Mine: which site takes 1 structural damage?"), 1, True, label="Mine")
    g.actions(1)


@planner("card:onslaught")
def p_onslaught(g: Ctx) -> None:
    """Onslaught: 1 damage to each of 1–3 different sites."""
    sites = all_sites(g.s)
    got = g.alloc(3, sites, "Onslaught: 1 damage to each of up to 3 sites", cap={x: 1 for x in sites}, at_least=1)
    g.batch(hits=[[sid, 1, False] for sid in got], label="Onslaught")


@planner("card:radicalism")
def p_radicalism(g: Ctx) -> None:
    """Radicalism: damage to an opponent's site equal to that opponent's level."""
    sid = g.choose_site(opp_sites(g.s, g.seat), "Radicalism: which opponent's site?")
    if sid is not None:
        g.damage(sid, level_of(g.s, S(g.s, sid)["owner"]), label="Radicalism")


@planner("card:fertility_fest")
def p_fertility(g: Ctx) -> None:
    """Fertility Fest: +1 on up to 3 own sites, or +N on one (N = an opponent's
    occupied sites)."""
    if g.choose_mode("fertility_fest") == 0:
        cands = own(g.s, g.seat, receive=True)
        got = g.alloc(3, cands, "Fertility Fest: +1 follower on each of up to 3 sites",
                      cap={x: 1 for x in cands}, at_least=1, verb="A follower on")
        for sid in got:
            g.gain(sid, 1)
        return
    opp = g.choose_opponent("Fertility Fest: count which opponent's occupied sites?")
    if opp is None:
        return
    n = sum(1 for x in sites_of(g.s, opp) if x["f"])
    if n:
        g.gain(g.choose_site(own(g.s, g.seat, receive=True), f"Fertility Fest: {plural(n, 'follower')} on which site?"), n)


@planner("card:cannon_fodder")
def p_cannon_fodder(g: Ctx) -> None:
    """Cannon Fodder: sacrifice followers (any own sites) to cut the pending damage
    by 1 each; the sacrifice is its own batch (CARDS §5)."""
    _, hit = _hit(g)
    cands = [x["id"] for x in sites_of(g.s, g.seat) if x["f"]]
    got = g.alloc(hit[1], cands, f"Cannon Fodder: sacrifice followers to stop {hit[1]} damage",
                  cap={x: S(g.s, x)["f"] for x in cands}, at_least=1, verb="Sacrifice a follower on")
    k = sum(got.values())
    g.op({"k": "reduce", "batch": g.args["batch"], "hit": g.args["hit"], "n": k})
    g.batch(kills=[[a, b] for a, b in got.items()], label="Cannon Fodder")


def _tucked_anywhere(s: TimeBaronsState) -> list[tuple[int, int, str]]:
    return [(x["id"], j, t[0]) for x in s["sites"] for j, t in enumerate(x["tuck"])]


@planner("card:pillage")
def p_pillage(g: Ctx) -> None:
    """Pillage: 3 damage to an unoccupied site, or look at every tucked card and
    take one."""
    if g.choose_mode("pillage") == 0:
        g.damage(g.choose_site([x["id"] for x in g.s["sites"] if not x["f"]],
                               "Pillage: 3 damage to which unoccupied site?"), 3, label="Pillage")
        return
    g.op({"k": "show_tucked", "seat": g.seat})  # the player now sees every tucked card
    g.plan("pillage_take")


@planner("pillage_take")
def p_pillage_take(g: Ctx) -> None:
    """Pillage mode 2: the tucked cards are shown to the player, who takes one."""
    cands = _tucked_anywhere(g.s)
    if cands:
        a = g.ask([(Action("tucked", (sid, j)), f"Take {name(c)} from under {site_label(g.s, sid)}", f"site:{sid}")
                   for sid, j, c in cands], "Pillage: take which tucked card?")
        g.op({"k": "untuck", "seat": g.seat, "site": int(a.args[0]), "index": int(a.args[1])})


# ---- Expansion, level II -------------------------------------------------------------

CAN["port:2"] = lambda s, x: bool(x["tuck"])


@planner("ab:port:1")
def p_port1(g: Ctx) -> None:
    """Port 1: tuck a card under Port, then you may relocate for free."""
    g.plan("may_relocate", what="Port")
    c = g.choose_hand_card("Port: tuck which card?")
    assert c is not None  # CAN: a card in hand
    g.ops.insert(0, {"k": "tuck", "seat": g.seat, "card": c, "site": g.args["site"]})


@planner("may_relocate")
def p_may_relocate(g: Ctx) -> None:
    """An optional free full relocate."""
    relocate(g, what=g.args.get("what", "Relocate"), full=True)


@planner("ab:port:2")
def p_port2(g: Ctx) -> None:
    """Port 2: draw one card per card tucked under Port."""
    g.draw(len(S(g.s, g.args["site"])["tuck"]))


CAN["university:2"] = lambda s, x: level_of(s, x["owner"]) < 4 and can_upgrade(s, x["owner"])


@planner("ab:university:2")
def p_university2(g: Ctx) -> None:
    """University 2: upgrade for free."""
    upgrade(g)


def _countered(s: TimeBaronsState, x: Site) -> list[int]:
    return [y["id"] for y in s["sites"] if y["dmg"] and y["id"] != x["id"]]


CAN["supply_depot:1"] = lambda s, x: bool(_countered(s, x))


@planner("ab:supply_depot:1")
def p_depot1(g: Ctx) -> None:
    """Supply Depot 1: remove 1 counter from another site (any owner)."""
    sid = g.choose_site(_countered(g.s, S(g.s, g.args["site"])), "Supply Depot: remove a counter from which site?")
    if sid is not None:
        g.op({"k": "remove_counters", "site": sid, "n": 1})


def _movable_atts(s: TimeBaronsState) -> list[tuple[int, int, str]]:
    out = []
    for x in s["sites"]:
        others = [y for y in s["sites"] if y["owner"] == x["owner"] and y["id"] != x["id"]]
        if others:
            out += [(x["id"], j, a[0]) for j, a in enumerate(x["att"])]
    return out


CAN["supply_depot:2"] = lambda s, x: bool(_movable_atts(s))


@planner("ab:supply_depot:2")
def p_depot2(g: Ctx) -> None:
    """Supply Depot 2: move an attachment to another site of the same owner; its
    on-attach text applies again (CARDS §5 Supply Depot)."""
    a = g.ask([(Action("att", (sid, j)), f"Move {name(c)} from {site_label(g.s, sid)}", f"site:{sid}")
               for sid, j, c in _movable_atts(g.s)], "Supply Depot: move which attachment?")
    frm, j = int(a.args[0]), int(a.args[1])
    owner = S(g.s, frm)["owner"]
    dst = g.choose_site([x for x in own(g.s, owner) if x != frm], "Supply Depot: onto which site?")
    assert dst is not None  # only attachments whose site's owner has another site are offered
    g.op({"k": "move_attachment", "frm": frm, "index": j, "to": dst})


CAN["spy_agency:2"] = lambda s, x: any(y["f"] for y in s["sites"])


@planner("ab:spy_agency:2")
def p_spy2(g: Ctx) -> None:
    """Spy Agency 2: kill 1 follower on any site."""
    sid = g.choose_site([x["id"] for x in g.s["sites"] if x["f"]], "Spy Agency: kill a follower on which site?")
    g.batch(kills=[[sid, 1]] if sid is not None else [], label="Spy Agency")


@planner("card:research")
def p_research(g: Ctx) -> None:
    """Research: draw 1 then you may play a card for free; or tuck a card under any
    site, then draw as many as your level."""
    if g.choose_mode("research") == 0:
        g.draw(1)
        g.plan("free_play")
        return
    g.draw(level_of(g.s, g.seat))
    if not hand(g.s, g.seat):
        return
    sid = g.choose_site(all_sites(g.s), "Research: tuck a card under which site?")
    c = g.choose_hand_card("Research: tuck which card?")
    if c is not None and sid is not None:
        g.ops.insert(0, {"k": "tuck", "seat": g.seat, "card": c, "site": sid})


@planner("free_play")
def p_free_play(g: Ctx) -> None:
    """Play one card from hand without paying its action cost (or none)."""
    c = g.choose_hand_card("Research: play a card for free?", ok=lambda c: card(c)["type"] != "reaction",
                           allow_none=True)
    if c is not None:
        g.op({"k": "play", "seat": g.seat, "card": c, "free": True, "src": "hand", "phase": 0})


@planner("card:demolition")
def p_demolition(g: Ctx) -> None:
    """Demolition: 4 damage to a site that already has a counter."""
    g.damage(g.choose_site([x["id"] for x in g.s["sites"] if x["dmg"]], "Demolition: 4 damage to which site?"),
             4, label="Demolition")


@planner("card:revolt")
def p_revolt(g: Ctx) -> None:
    """Revolt: damage equal to an opponent's occupied sites, over ≤2 of their sites."""
    opp = g.choose_opponent("Revolt against which opponent?")
    if opp is None:
        return
    n = sum(1 for x in sites_of(g.s, opp) if x["f"])
    got = g.alloc(n, own(g.s, opp), f"Revolt: assign {n} damage", max_sites=2)
    g.batch(hits=[[a, b, False] for a, b in got.items()], label="Revolt")


@planner("evacuate")
def p_evacuate(g: Ctx) -> None:
    """Threat / Assimilation: the owner moves every follower off a site onto their
    other sites (a limited relocate; R8)."""
    me = g.args["site"]
    relocate(g, src=[me], dst=[x for x in own(g.s, g.seat) if x != me], must_all=True, what=g.args["what"])


# ---- Expansion, level III ------------------------------------------------------------

@planner("ab:arms_factory:1")
def p_arms1(g: Ctx) -> None:
    """Arms Factory 1: 1 damage, +1 per level you are above the site's owner."""
    me = level_of(g.s, g.seat)

    def lab(sid: int) -> str:
        return f"{site_label(g.s, sid)}: {1 + max(0, me - level_of(g.s, S(g.s, sid)['owner']))} damage"

    sid = g.choose_site(all_sites(g.s), "Arms Factory: damage which site?", label=lab)
    if sid is not None:
        g.damage(sid, 1 + max(0, me - level_of(g.s, S(g.s, sid)["owner"])), label="Arms Factory")


@planner("ab:arms_factory:2")
def p_arms2(g: Ctx) -> None:
    """Arms Factory 2: 1 damage to each of up to L different sites (L = your level)."""
    sites = all_sites(g.s)
    lv = level_of(g.s, g.seat)
    got = g.alloc(lv, sites, f"Arms Factory: 1 damage to each of up to {plural(lv, 'site')}", cap={x: 1 for x in sites},
                  at_least=1)
    g.batch(hits=[[sid, 1, False] for sid in got], label="Arms Factory")


@planner("ab:bank:1")
def p_bank1(g: Ctx) -> None:
    """Bank 1: tuck a card, then another own site may use an ability again."""
    me = g.args["site"]
    sid = g.choose_site([x for x in own(g.s, g.seat) if x != me], "Bank: which site may use an ability again?")
    c = g.choose_hand_card("Bank: tuck which card?")
    assert c is not None  # CAN: a card in hand
    g.op({"k": "tuck", "seat": g.seat, "card": c, "site": me})
    if sid is not None:
        g.op({"k": "reset_site", "site": sid})


CAN["bank:2"] = lambda s, x: bool(x["tuck"])


@planner("ab:bank:2")
def p_bank2(g: Ctx) -> None:
    """Bank 2: one action per card tucked under Bank."""
    g.actions(len(S(g.s, g.args["site"])["tuck"]))


def _events_in_discard(s: TimeBaronsState) -> list[str]:
    return sorted({c for c in s["discard"] if card(c)["type"] == "event"})


CAN["power_plant:1"] = lambda s, x: bool(_events_in_discard(s))


@planner("ab:power_plant:1")
def p_power_plant(g: Ctx) -> None:
    """Power Plant: play a discarded event for free; it is then tucked here."""
    a = g.ask([(Action("card", (c,)), f"Replay {name(c)}", f"discard:{c}") for c in _events_in_discard(g.s)],
              "Power Plant: replay which event?")
    g.op({"k": "play", "seat": g.seat, "card": str(a.args[0]), "free": True, "src": "discard",
          "pp": g.args["site"], "phase": 0})


@planner("power_plant_destroyed")
def p_power_plant_destroyed(g: Ctx) -> None:
    """Power Plant destroyed: 2 other own sites (all if fewer) take structural
    damage equal to the cards that were tucked under it."""
    n = g.args["n"]
    sites = own(g.s, g.seat)
    got = g.alloc(min(2, len(sites)), sites, f"Power Plant explodes: {n} structural damage to each of 2 sites",
                  cap={x: 1 for x in sites})
    g.batch(hits=[[sid, n, True] for sid in got], label="Power Plant", src=None)


@planner("card:oil_drilling")
def p_oil(g: Ctx) -> None:
    """Oil Drilling: structural damage to own sites; actions = half that dealt to
    starting sites (rounded down) + that dealt to others, at most 6 (CARDS §5)."""
    sites = sites_of(g.s, g.seat)
    cap = {x["id"]: integrity(x) - x["dmg"] for x in sites}
    got: dict[int, int] = {}
    start = {x["id"] for x in sites if x["start"]}
    while True:
        s_tot = sum(v for k, v in got.items() if k in start)
        n_tot = sum(v for k, v in got.items() if k not in start)
        gain = s_tot // 2 + n_tot
        opts: list[Option] = []
        for x in sites:
            sid = x["id"]
            if got.get(sid, 0) >= cap[sid]:
                continue
            after = (s_tot + 1) // 2 + n_tot if sid in start else s_tot // 2 + n_tot + 1
            if after > 6:
                continue
            opts.append((Action("site", (sid,)), f"1 structural damage to {site_label(g.s, sid)}", f"site:{sid}"))
        opts.append((Action("done"), f"Done (+{gain} action{'s' * (gain != 1)})", None))
        a = g.ask(opts, f"Oil Drilling: damage your own sites for actions (+{gain} so far)")
        if a.name == "done":
            break
        got[int(a.args[0])] = got.get(int(a.args[0]), 0) + 1
    g.batch(hits=[[k, v, True] for k, v in got.items()], label="Oil Drilling")
    if g.ops:  # the actions follow what is really dealt (a Force Field may stop some)
        last = g.ops[-1]
        assert last["k"] == "batch"  # the one op planned
        last["oil"] = g.seat


@planner("card:dilemma")
def p_dilemma(g: Ctx) -> None:
    """Dilemma: name 2 of an opponent's sites; they spare one, the other takes 5."""
    opp = g.choose_opponent("Dilemma against which opponent?", ok=lambda p: len(sites_of(g.s, p)) >= 2)
    if opp is None:
        return
    cands = own(g.s, opp)
    got = g.alloc(2, cands, "Dilemma: name two sites", cap={x: 1 for x in cands}, verb="Name")
    a, b = sorted(got, key=cands.index)
    spare = g.choose_site([a, b], "Dilemma: which of your sites do you spare? The other takes 5 damage.",
                          seat=opp, label=lambda sid: f"Spare {site_label(g.s, sid)}")
    g.damage(b if spare == a else a, 5, label="Dilemma")


@planner("card:trade_agreement")
def p_trade(g: Ctx) -> None:
    """Trade Agreement: cancel the opponent's card; they draw 1 (at or below your
    level)."""
    g.op({"k": "cancel", "play": g.args["play"], "by": g.seat})


@planner("card:surgical_strike")
def p_surgical(g: Ctx) -> None:
    """Surgical Strike: kill up to 3 followers over at most 2 sites."""
    cands = [x["id"] for x in g.s["sites"] if x["f"]]
    got = g.alloc(3, cands, "Surgical Strike: kill up to 3", cap={x: S(g.s, x)["f"] for x in cands}, max_sites=2,
                  at_least=1, verb="Kill a follower on")
    g.batch(kills=[[a, b] for a, b in got.items()], label="Surgical Strike")


# ---- Expansion, level IV -------------------------------------------------------------

def _sites_in_discard(s: TimeBaronsState) -> list[str]:
    return sorted({c for c in s["discard"] if card(c)["type"] == "site"})


CAN["replicator:1"] = lambda s, x: bool(_sites_in_discard(s))


@planner("ab:replicator:1")
def p_replicator(g: Ctx) -> None:
    """Replicator: put a discarded site into play as yours for free, then 1
    structural damage to Replicator."""
    a = g.ask([(Action("card", (c,)), f"Rebuild {name(c)}", f"discard:{c}") for c in _sites_in_discard(g.s)],
              "Replicator: rebuild which site?")
    g.op({"k": "rebuild", "seat": g.seat, "card": str(a.args[0])})
    g.damage(g.args["site"], 1, True, label="Replicator")


@planner("ab:alien_weapon:1")
def p_alien_weapon1(g: Ctx) -> None:
    """Alien Weapon 1: tuck a card, then discard up to 4 from the top of a stack."""
    g.plan("mill")
    c = g.choose_hand_card("Alien Weapon: tuck which card?")
    assert c is not None  # CAN: a card in hand
    g.ops.insert(0, {"k": "tuck", "seat": g.seat, "card": c, "site": g.args["site"]})


@planner("mill")
def p_mill(g: Ctx) -> None:
    """Discard 0–4 cards from the top of one draw stack."""
    opts: list[Option] = [(Action("stack", (lv,)), f"Level {'I II III IV'.split()[lv - 1]} stack", f"stack:{lv}")
                          for lv in range(1, 5) if g.s["stacks"][lv - 1]]
    if not opts:
        return
    lv = int(g.ask(opts, "Alien Weapon: discard from which stack?").args[0])
    k = g.choose_number(0, min(4, len(g.s["stacks"][lv - 1])), "Alien Weapon: discard how many from the top?",
                        lambda n: f"Discard {n}")
    if k:
        g.op({"k": "mill", "stack": lv, "n": k})


CAN["alien_weapon:2"] = lambda s, x: bool(x["tuck"])


@planner("ab:alien_weapon:2")
def p_alien_weapon2(g: Ctx) -> None:
    """Alien Weapon 2: 2 damage per tucked card, over at most 2 sites."""
    n = 2 * len(S(g.s, g.args["site"])["tuck"])
    got = g.alloc(n, all_sites(g.s), f"Alien Weapon: assign {n} damage", max_sites=2)
    g.batch(hits=[[a, b, False] for a, b in got.items()], label="Alien Weapon")


@planner("card:assimilation")
def p_assimilation(g: Ctx) -> None:
    """Assimilation: the opponent evacuates one of their sites, then it is yours."""
    sid = g.choose_site(opp_sites(g.s, g.seat), "Assimilation: take over which site?")
    if sid is None:
        return
    owner = S(g.s, sid)["owner"]
    g.plan("evacuate", seat=owner, site=sid, what="Assimilation")
    g.op({"k": "transfer_site", "site": sid, "to": g.seat})


@planner("card:brain_emulation")
def p_brain(g: Ctx) -> None:
    """Brain Emulation: +2 on each own site, or +7 on one."""
    if g.choose_mode("brain_emulation") == 0:
        for sid in own(g.s, g.seat, receive=True):
            g.gain(sid, 2)
        return
    g.gain(g.choose_site(own(g.s, g.seat, receive=True), "Brain Emulation: 7 followers on which site?"), 7)


@planner("card:nanobots")
def p_nanobots(g: Ctx) -> None:
    """Nanobots: remove up to 4 counters, then deal that much damage anywhere."""
    cands = [x["id"] for x in g.s["sites"] if x["dmg"]]
    got = g.alloc(4, cands, "Nanobots: remove up to 4 damage counters", cap={x: S(g.s, x)["dmg"] for x in cands},
                  at_least=0, verb="Remove a counter from")
    k = sum(got.values())
    for sid, n in got.items():
        g.op({"k": "remove_counters", "site": sid, "n": n})
    if k:
        g.plan("nanobots_damage", n=k)


@planner("nanobots_damage")
def p_nanobots_damage(g: Ctx) -> None:
    """Nanobots, second half: the removed counters come back as damage."""
    n = g.args["n"]
    got = g.alloc(n, all_sites(g.s), f"Nanobots: assign {n} damage")
    g.batch(hits=[[a, b, False] for a, b in got.items()], label="Nanobots")


# ---- reactions needing only their trigger ---------------------------------------------

@planner("card:martyr")
def p_martyr(g: Ctx) -> None:
    """Martyr: draw one card per follower of yours that effect killed."""
    g.draw(g.args["k"])


@planner("card:outrage")
def p_outrage(g: Ctx) -> None:
    """Outrage: draw the destroyed site's level + its tucked cards + its attachments."""
    g.draw(g.args["n"])


# ---- windows (decisions owed outside the main phase) -------------------------------

def _window_label(s: TimeBaronsState, batch: BatchOp, i: int, to: str = "to") -> str:
    sid, n, structural = batch["hits"][i]
    return f"{n} {'structural ' if structural else ''}damage {to} {site_label(s, sid)}"


def force_field(s: TimeBaronsState, seat: int, sid: int) -> Site | None:
    """``seat``'s Force Field able to shield site ``sid`` now (CARDS Force Field)."""
    for x in owned_usable(s, seat, "force_field", 1):
        if x["id"] != sid:
            return x
    return None


def predamage_options(s: TimeBaronsState, seat: int, bix: int, used_ff: list[int]) -> list[Option]:
    """``seat``'s possible answers to the damage pending in batch frame ``bix``
    (R5): Escape Route, Misinformation, Cannon Fodder, Force Field."""
    b = batch_at(s, bix)
    h = hand(s, seat)
    out: list[Option] = []
    for i, (sid, n, _st) in enumerate(b["hits"]):
        x = site(s, sid)
        if x is None or x["owner"] != seat or n <= 0:
            continue
        what = _window_label(s, b, i)
        others = [y for y in sites_of(s, seat) if y["id"] != sid]
        if "escape_route" in h and x["f"] and not sanctioned(x) and any(not threatened(y) for y in others):
            out.append((Action("react", ("escape_route", i)), f"Escape Route before {what}", f"site:{sid}"))
        if "misinformation" in h and others:
            out.append((Action("react", ("misinformation", i)), f"Misinformation: redirect the {_window_label(s, b, i, 'aimed at')}", f"site:{sid}"))
        if "cannon_fodder" in h and any(y["f"] for y in sites_of(s, seat)):
            out.append((Action("react", ("cannon_fodder", i)), f"Cannon Fodder against {what}", f"site:{sid}"))
        ff = force_field(s, seat, sid)
        if ff is not None and i not in used_ff:
            out.append((Action("use", (ff["id"], 1, i)), f"Force Field: prevent {what}", f"site:{sid}"))
    return out


@planner("w:predamage")
def w_predamage(g: Ctx) -> None:
    """The threatened owner's window before damage lands (R5): one answer at a
    time until they pass."""
    bix = g.args["batch"]
    used = g.args.get("used_ff", [])
    opts = predamage_options(g.s, g.seat, bix, used)
    if not opts:
        return
    b = batch_at(g.s, bix)
    mine = [i for i, h in enumerate(b["hits"]) if (x := site(g.s, h[0])) and x["owner"] == g.seat and h[1] > 0]
    what = "; ".join(_window_label(g.s, b, i) for i in mine)
    src = f"{possessive(g.s['seats'][b['src']])} " if b["src"] is not None else ""
    a = g.ask(opts + [(Action("pass"), "Let it happen", None)],
              f"{src}{b.get('label') or 'An effect'} is about to deal {what}. Respond?")
    if a.name == "pass":
        return
    if a.name == "react":
        cid, i = str(a.args[0]), int(a.args[1])
        g.op({"k": "play", "seat": g.seat, "card": cid, "free": True, "src": "hand", "phase": 0,
              "ctx": {"batch": bix, "hit": i}})
        g.plan("w:predamage", batch=bix, used_ff=used)
    else:
        ff, _n, i = (int(v) for v in a.args)
        g.op({"k": "prevent", "batch": bix, "hit": i, "by": ff})
        g.op({"k": "ability_done", "seat": g.seat, "site": ff, "n": 1, "repeat": False,
              "args": {"batch": bix, "hit": i}})
        g.plan("w:predamage", batch=bix, used_ff=[*used, i])


def hospital(s: TimeBaronsState, seat: int) -> tuple[Site, int] | None:
    """``seat``'s Hospital able to answer kills now, with the ability number that
    applies (2 when its 3-follower version qualifies; R10)."""
    for x in sites_of(s, seat):
        if x["card"] == "hospital" and not abilities_blocked(s, x):
            if x["f"] >= requirement(s, x, 2):
                return x, 2
            if x["f"] >= requirement(s, x, 1):
                return x, 1
    return None


def after_options(s: TimeBaronsState, seat: int, args: dict[str, Any]) -> list[Option]:
    """``seat``'s possible answers after a batch killed ``args["k"]`` of their
    followers and destroyed ``args["lost"]`` sites: Hospital, Martyr, Outrage."""
    k, used = args["k"], args.get("used", [])
    h = hand(s, seat)
    out: list[Option] = []
    if k:
        hos = hospital(s, seat)
        if hos is not None and "hospital" not in used:
            x, n = hos
            gain = (k + 1) // 2 if n == 2 else k // 2
            if gain and not threatened(x):
                out.append((Action("use", (x["id"], n)), f"Hospital: +{gain} follower{'s' * (gain > 1)}",
                            f"site:{x['id']}"))
        if "martyr" in h and "martyr" not in used:
            out.append((Action("react", ("martyr", 0)), f"Martyr: draw {k}", "card:martyr"))
    if "outrage" in h:
        for j, lost in enumerate(args.get("lost", [])):
            if f"outrage{j}" not in used:
                out.append((Action("react", ("outrage", j)), f"Outrage for {name(lost['card'])}: draw {lost['n']}",
                            "card:outrage"))
    return out


@planner("w:after")
def w_after(g: Ctx) -> None:
    """After a batch: Hospital, Martyr and Outrage for the seat whose followers
    died or sites fell (R5, R10)."""
    opts = after_options(g.s, g.seat, g.args)
    if not opts:
        return
    used = g.args.get("used", [])
    a = g.ask(opts + [(Action("pass"), "No", None)], "Your followers died or a site fell. Answer?")
    if a.name == "pass":
        return
    nxt = dict(g.args)
    if a.name == "use":
        sid, n = int(a.args[0]), int(a.args[1])
        gain = (g.args["k"] + 1) // 2 if n == 2 else g.args["k"] // 2
        g.gain(sid, gain)
        g.op({"k": "ability_done", "seat": g.seat, "site": sid, "n": n, "repeat": False, "args": {"gain": gain}})
        nxt["used"] = [*used, "hospital"]
    elif a.args[0] == "martyr":
        g.op({"k": "play", "seat": g.seat, "card": "martyr", "free": True, "src": "hand", "phase": 0,
              "ctx": {"k": g.args["k"]}})
        nxt["used"] = [*used, "martyr"]
    else:
        j = int(a.args[1])
        g.op({"k": "play", "seat": g.seat, "card": "outrage", "free": True, "src": "hand", "phase": 0,
              "ctx": {"n": g.args["lost"][j]["n"]}})
        nxt["used"] = [*used, f"outrage{j}"]
    g.ops.append({"k": "plan", "fn": "w:after", "seat": g.seat, "args": nxt, "ans": []})


def relocated_options(s: TimeBaronsState, seat: int, mover: int, used: list[int]) -> list[Option]:
    """``seat``'s answers after opponent ``mover`` relocated: Sniper Nest, Spy Agency."""
    out: list[Option] = []
    for x in sites_of(s, seat):
        if x["id"] in used or abilities_blocked(s, x):
            continue
        if x["card"] == "sniper_nest" and any(y["f"] for y in sites_of(s, mover)):
            n = 2 if x["f"] >= requirement(s, x, 2) else 1 if x["f"] >= requirement(s, x, 1) else 0
            if n:
                out.append((Action("use", (x["id"], n)), f"Sniper Nest: kill {n}", f"site:{x['id']}"))
        if x["card"] == "spy_agency" and x["f"] >= requirement(s, x, 1) and any(
                s["stacks"][lv] for lv in range(level_of(s, mover))):
            out.append((Action("use", (x["id"], 1)), "Spy Agency: draw a card", f"site:{x['id']}"))
    return out


@planner("w:relocated")
def w_relocated(g: Ctx) -> None:
    """After an opponent's relocate: Sniper Nest and Spy Agency (R8, R10)."""
    mover, used = g.args["mover"], g.args.get("used", [])
    opts = relocated_options(g.s, g.seat, mover, used)
    if not opts:
        return
    a = g.ask(opts + [(Action("pass"), "No", None)], f"{g.s['seats'][mover]} relocated. Answer?")
    if a.name == "pass":
        return
    sid, n = int(a.args[0]), int(a.args[1])
    key = "sniper_nest" if S(g.s, sid)["card"] == "sniper_nest" else "spy_agency"
    g.plan(f"ab:{key}:{n}", site=sid, n=n, mover=mover)
    g.op({"k": "ability_done", "seat": g.seat, "site": sid, "n": n, "repeat": False, "args": {"mover": mover}})
    g.plan("w:relocated", mover=mover, used=[*used, sid])


@planner("ab:sniper_nest:1")
@planner("ab:sniper_nest:2")
def p_sniper(g: Ctx) -> None:
    """Sniper Nest: kill 1 (or 2) of the relocating opponent's followers."""
    mover = g.args["mover"]
    n = ability_n(g)
    cands = [x["id"] for x in sites_of(g.s, mover) if x["f"]]
    got = g.alloc(n, cands, f"Sniper Nest: kill {n}", cap={x: S(g.s, x)["f"] for x in cands},
                  verb="Kill a follower on")
    g.batch(kills=[[a, b] for a, b in got.items()], label="Sniper Nest")


def ability_n(g: Ctx) -> int:
    """The ability number this planner runs for (from its frame args)."""
    return int(g.args.get("n", 1))


@planner("ab:spy_agency:1")
def p_spy1(g: Ctx) -> None:
    """Spy Agency 1: draw at or below the relocating opponent's level."""
    g.draw(1, max_level=level_of(g.s, g.args["mover"]))




@planner("ab:hospital:1")
@planner("ab:hospital:2")
def p_hospital(g: Ctx) -> None:
    """Hospital repeated by Sentient AI: the same gain again."""
    g.gain(g.args["site"], g.args.get("gain", 0))


@planner("ab:force_field:1")
def p_force_field(g: Ctx) -> None:
    """Force Field repeated by Sentient AI: nothing more to prevent."""


@planner("w:sentient")
def w_sentient(g: Ctx) -> None:
    """Sentient AI: the owner may repeat the ability that just resolved, free."""
    sid, n = g.args["site"], g.args["n"]
    if g.yes_no(f"Sentient AI: use {possessive(site_label(g.s, sid))} ability again for free?", "Repeat it"):
        g.plan(f"ab:{S(g.s, sid)['card']}:{n}", **{**g.args["args"], "site": sid, "n": n})
        g.op({"k": "ability_done", "seat": g.seat, "site": sid, "n": n, "repeat": True, "args": {}})


@planner("w:trade")
def w_trade(g: Ctx) -> None:
    """Trade Agreement window: an opponent of the player just played a card."""
    if "trade_agreement" not in hand(g.s, g.seat):
        return
    play = play_at(g.s, g.args["play"])
    a = g.ask([(Action("react", ("trade_agreement", 0)), f"Trade Agreement: cancel {name(play['card'])}",
                "card:trade_agreement"), (Action("pass"), "Let it resolve", None)],
              f"{g.s['seats'][play['seat']]} plays {name(play['card'])}. Cancel it with Trade Agreement?")
    if a.name == "react":
        g.op({"k": "play", "seat": g.seat, "card": "trade_agreement", "free": True, "src": "hand", "phase": 0,
              "ctx": {"play": g.args["play"]}})


START_NAMES = {"plague": "Plague", "conscription": "Conscription", "sanctions": "Sanctions",
               "eod": "End of Days"}


@planner("w:start")
def w_start(g: Ctx) -> None:
    """Start-of-turn effects, in the order the active player picks (R14)."""
    todo: list[list[Any]] = g.args["todo"]
    todo = [t for t in todo if t[0] == "eod" or site(g.s, t[1]) is not None]
    if not todo:
        return
    opts: list[Option] = [(Action("trigger", (j,)), f"{START_NAMES[t[0]]}" + (
        f" on {site_label(g.s, t[1])}" if t[0] != "eod" else ""), f"site:{t[1]}" if t[0] != "eod" else None)
        for j, t in enumerate(todo)]
    j = int(g.ask(opts, "Start of your turn: which effect first?").args[0])
    kind, sid = todo[j]
    rest = todo[:j] + todo[j + 1:]
    if kind == "plague":
        g.batch(kills=[[sid, 1]], src=None, label="Plague")
    elif kind == "conscription":
        g.gain(sid, 1)
    elif kind == "sanctions":
        g.batch(hits=[[sid, 1, True]], src=None, label="Sanctions")
    else:
        g.plan("eod")
    if rest:
        g.plan("w:start", todo=rest)


@planner("eod")
def p_eod(g: Ctx) -> None:
    """End of Days: destroy one of your own sites (TB End of Days variant)."""
    sid = g.choose_site(own(g.s, g.seat), "End of Days: destroy which of your sites?")
    g.batch(destroy=[sid] if sid is not None else [], label="End of Days", src=None)


def conditions_met(s: TimeBaronsState, x: Site, n: int) -> bool:
    """Ability ``n`` of site ``x`` could resolve now, action cost aside: not
    blocked, enough followers, and its own condition (a card in hand, a target...;
    R9). Also what a Sentient AI repeat needs."""
    if not meets(s, x, n):
        return False
    test = CAN.get(f"{x['card']}:{n}")
    return test is None or test(s, x)


def ability_usable(s: TimeBaronsState, x: Site, n: int) -> bool:
    """May the active owner activate ordinary ability ``n`` of site ``x`` now (R9)?"""
    ab = ability(x["card"], n)
    if ab["infinite"] or x["used"] or x["owner"] != s["active"]:
        return False
    return s["actions"] >= ab["cost"] and conditions_met(s, x, n)


def card_planner(card_id: str) -> str:
    """The key of the planner that resolves a played card: its own
    (``card:<id>``) or the generic one for sites and attachments."""
    key = f"card:{card_id}"
    if key in PLANNERS:
        return key
    kind = card(card_id)["type"]
    if kind in ("site", "attachment"):
        return f"place:{kind}"
    raise KeyError(f"no effect for card {card_id!r}")


__all__ = ["CAN", "PLANNERS", "Ctx", "Need", "ability_usable", "can_upgrade", "card_planner", "conditions_met",
           "passing_mate"]
