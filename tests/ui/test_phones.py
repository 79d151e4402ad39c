"""A table across phones in the app (issue 27, :mod:`tb_ui.phones`): a host app and guest apps wired
in one process, as the browser layer wires them over WebRTC links (the links themselves are
e2e/test_table_link.py's; the whole table in browsers is e2e/test_phones.py's).

Taps are dispatched as the browser layer dispatches them, from the rendered buttons' ``data-*``
attributes; the "link" effects (make a code, take a code, close) are carried out by :class:`Table`.
"""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))

from tb_ui.app import App  # noqa: E402
from tb_ui.phones import GuestTable, short_commitment  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402

from py_engine.core import state_hash  # noqa: E402
from py_engine.core.host import act_message, encode  # noqa: E402


def make_app(storage: MemoryStorage | None = None) -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(storage if storage is not None else MemoryStorage(), now_ms=lambda: float(next(clock)),
               botspeed_override="instant")


class Table:
    """A host app and its guests' apps, the links carried in process: ``links`` holds the seats
    whose link is open; :meth:`deliver` passes every queued message until none is left."""

    def __init__(self, host: App) -> None:
        self.host = host
        self.guests: dict[int, App] = {}
        self.links: set[int] = set()

    def effect(self, app: App, out: dict[str, Any], seat: int | None = None) -> None:
        link = out.get("link")
        if not link:
            return
        if link["op"] == "offer":
            app.phone_offered(link["seat"], f"TB1|o|host-code-{link['seat']}")
        elif link["op"] == "answer":
            app.guest_answered(f"TB1|a|guest-code-{seat}")
        elif link["op"] == "accept":
            s = link["seat"]
            assert link["code"] == f"TB1|a|guest-code-{s}"
            self.links.add(s)
            self.host.phone_joined(s)
            self.guests[s].guest_joined()
        elif link["op"] == "close":
            self.drop(link["seat"], from_host=True)
        elif link["op"] == "close-host":
            assert seat is not None
            self.drop(seat, from_host=False)

    def drop(self, seat: int, from_host: bool) -> None:
        """The link of ``seat`` closes; ``from_host``: the host closed it (its app already knows,
        and the browser layer tells it nothing more), else the guest's side went."""
        if seat in self.links:
            self.links.discard(seat)
            if not from_host:
                self.host.phone_lost(seat)
            if seat in self.guests and self.guests[seat].guest is not None:
                self.guests[seat].guest_lost()

    def join(self, seat: int, guest: App | None = None) -> App:
        """The guest of ``seat`` joins: invite, read the host's code, show its own, host reads it."""
        guest = guest or self.guests.get(seat) or make_app()
        self.guests[seat] = guest
        self.effect(self.host, self.host.dispatch("phone-invite", {"seat": str(seat)}))
        page = render(self.host)
        code = re.search(rf'data-phone="{seat}" data-state="inviting".*?data-qr="([^"]+)"', page, re.S)
        assert code, page
        guest.dispatch("join", {})
        self.effect(guest, guest.dispatch("join-code", {"fields": {"code": unescape(code.group(1))}}), seat)
        answer = re.search(r'data-qr="([^"]+)"', render(guest))
        assert answer
        self.effect(self.host, self.host.dispatch("phone-answer", {"seat": str(seat),
                                                                    "fields": {"code": unescape(answer.group(1))}}))
        self.deliver()
        return guest

    def deliver(self) -> None:
        """Carry every queued message, both ways, until none is left (a host's bots move too)."""
        for _ in range(10_000):
            moved = False
            for key, text in self.host.outbox():
                if key in self.links:
                    self.guests[int(key)].guest_message(text)
                    moved = True
            for seat, g in self.guests.items():
                for _key, text in g.outbox():
                    if seat in self.links:
                        self.host.phone_message(seat, text)
                        moved = True
            if not moved:
                return
        raise AssertionError("messages never settled")


def render(app: App) -> str:
    return str(app.render())


def buttons(page: str, act: str) -> list[dict[str, str]]:
    """The ``data-*`` attributes of every element with ``data-act=act`` in ``page``."""
    out = []
    for tag in re.findall(r"<(?:button|a|div|g|rect|path|circle|li|span|section)\b[^>]*>", page):
        attrs = dict(re.findall(r'\s([a-z-]+)="([^"]*)"', tag))
        if attrs.get("data-act") == act and "disabled" not in tag.split(">")[0].split():
            out.append({k[5:]: unescape(v) for k, v in attrs.items() if k.startswith("data-") and k != "data-act"})
    return out


def screen_attrs(page: str) -> dict[str, str]:
    """The attributes of the page's ``.screen`` wrapper (the first ``data-screen`` element)."""
    tag = re.search(r"<[a-z]+\b[^>]*\sdata-screen=[^>]*>", page)
    assert tag is not None, "no screen wrapper"
    return {k: unescape(v) for k, v in re.findall(r'\s([a-z-]+)="([^"]*)"', tag.group(0))}


def new_table(game_id: str, kinds: list[str], options: dict[str, Any] | None = None,
              storage: MemoryStorage | None = None) -> Table:
    host = make_app(storage)
    host.dispatch("new", {"game": game_id})
    while len(host.form["seats"]) < len(kinds):
        host.dispatch("seat-add", {})
    for i, kind in enumerate(kinds):
        host.dispatch("seat-kind", {"i": str(i), "kind": kind})
    for name, value in (options or {}).items():
        host.dispatch("opt", {"name": name, "value": value})
    host.dispatch("start", {"fields": {}})
    assert host.screen == "table" and host.match is not None
    return Table(host)


def play_turns(t: Table, turns: int, rng_pick: int = 0) -> None:
    """Every seat to act taps its first offered action where it sits: the host's own seats on the
    host's screen, phone seats on their phones; the host's bots move between."""
    for _ in range(turns):
        m = t.host.match
        if m.is_over():
            return
        while t.host.bot_pending():
            t.host.bot_step()
            t.deliver()
        if m.is_over():
            return
        acting = t.host.acting_seat()
        if acting is not None:
            view = m.game.view(m.state, acting)
            assert view["actions"], "the host's own seat is to act but is offered nothing"
            a = view["actions"][rng_pick % len(view["actions"])]["action"]
            t.host.dispatch("play", {"seat": str(acting), "n": str(m.state["n"]), "a": json.dumps(a)})
            assert t.host.error is None, t.host.error
            t.deliver()
            continue
        phone = next(s for s in m.to_act() if s in t.guests)
        guest = t.guests[phone]
        page = render(guest)
        # the phone's page offers its own seat's choices only: its buttons are the screen's
        # acting seat's (tb_ui.screens.render), and that seat is the phone's
        assert screen_attrs(page)["data-acting"] == str(phone)
        ctx = guest.guest.context()
        assert ctx.acting == phone and ctx.actions
        before = len(m.actions)
        a = ctx.actions[rng_pick % len(ctx.actions)]["action"]
        guest.dispatch("play", {"seat": str(phone), "n": str(ctx.n), "a": json.dumps(a)})
        assert guest.error is None, guest.error
        t.deliver()
        assert len(m.actions) == before + 1


def checked(app: App) -> str:
    """Run the guest's check of the host's reveal to its end (the browser layer steps it in
    slices) and return the guest's page."""
    g = app.guest
    assert g is not None and g.check is not None, "no reveal to check"
    g.check.run()
    return render(app)


@pytest.mark.app_deals  # the app's own deal: a 256-bit seed, the cryptographic generator
def test_a_two_phone_game_is_played_to_its_end_and_the_seal_checks_out() -> None:
    t = new_table("time_war", ["human", "phone"])
    assert t.host.match.generator == "blake2b-ctr" and t.host.match.seed.bit_length() > 128
    host = t.host
    assert host.net is not None and list(host.net.phones) == [1]
    assert "data-phone=\"1\" data-state=\"away\"" in render(host)
    guest = t.join(1)
    g = guest.guest
    assert g is not None and g.seats == [1] and g.msg is not None
    seal = short_commitment(host.net.host.commitment)
    assert seal in render(host) and seal in render(guest)
    for _ in range(400):
        if host.match.is_over():
            break
        # the host's screen never draws the phone's seat; the phone draws only its own
        assert host.perspective() in (0, None)
        assert g.msg is not None and g.msg["seats"] == {"1": host.match.game.view(host.match.state, 1)}
        play_turns(t, 1)
    assert host.match.is_over()
    assert g.checking() and g.reveal_checked() is None
    assert "checking every table this phone was shown" in unescape(render(guest))
    page = unescape(checked(guest))
    assert g.reveal_checked() is True
    assert g.check is not None and g.check.compared >= len(host.match.actions) // 2
    assert "matches the sealed deal replayed from its seed: the deal was fixed from the start" in page
    # the end panel offers what a guest can do: leave (no rematch, no replay, no undo)
    assert buttons(page, "leave") and not buttons(page, "rematch") and not buttons(page, "replay-open")
    assert not buttons(page, "undo")


def test_time_barons_two_v_two_two_phones_and_bots_each_phone_its_own_hand() -> None:
    t = new_table("time_barons", ["human", "bot", "phone", "bot"], {"mode": "team"})
    m = t.host.match
    guest = t.join(2)
    for _ in range(12):
        play_turns(t, 1, rng_pick=1)
        g = guest.guest
        assert g is not None and g.msg is not None
        assert g.msg["seats"] == {"2": m.game.view(m.state, 2)}
        assert t.host.perspective() == 0
    assert len(m.actions) >= 12


def test_a_guest_that_drops_rejoins_its_seat_and_gets_the_current_table() -> None:
    t = new_table("timeline", ["human", "phone"])
    t.join(1)
    play_turns(t, 3)
    t.drop(1, from_host=False)  # the guest's phone locked, or lost the Wi-Fi
    assert t.host.net is not None and t.host.net.phones[1].state == "away"
    page = render(t.host)
    if 1 in t.host.match.to_act():
        assert "phone is not connected: the table waits for it" in page
    reloaded = make_app()  # the guest's page reloaded: nothing kept
    t.join(1, reloaded)
    g = reloaded.guest
    assert g is not None and g.msg is not None and g.msg["revision"] == t.host.net.host.revision
    assert g.msg["seats"]["1"] == t.host.match.game.view(t.host.match.state, 1)
    play_turns(t, 4)


def test_the_host_reloads_and_the_table_resumes_with_the_same_seal() -> None:
    storage = MemoryStorage()
    t = new_table("time_war", ["human", "phone"], storage=storage)
    t.join(1)
    play_turns(t, 3)
    seal, actions = t.host.net.host.commitment, list(t.host.match.actions)
    t.drop(1, from_host=True)
    host2 = make_app(storage)
    host2.boot()
    assert host2.screen == "table" and host2.match.actions == actions
    assert host2.net is not None and host2.net.host.commitment == seal and host2.net.phones[1].state == "away"
    t2 = Table(host2)
    guest = t2.join(1, t.guests[1])
    assert guest.guest is not None and guest.guest.msg is not None
    assert guest.guest.msg["seats"]["1"] == host2.match.game.view(host2.match.state, 1)
    play_turns(t2, 3)


def test_a_stale_or_foreign_guest_message_is_refused_and_changes_nothing() -> None:
    t = new_table("time_war", ["phone", "phone"])
    guest0, guest1 = t.join(0), t.join(1)
    m = t.host.match
    acting = m.to_act()[0]
    other = 1 - acting
    before = state_hash(m.state)
    legal = m.game.legal_actions(m.state, acting)
    # the other phone tries to play the acting seat
    t.host.phone_message(other, encode(act_message(t.host.net.host.revision, acting, legal[0])))
    t.deliver()
    assert state_hash(m.state) == before
    assert (guest0, guest1)[other].error == "That seat is not yours: this phone plays only its own seats."
    # a button of a table drawn before the last change is not sent at all
    g = (guest0, guest1)[acting]
    ctx = g.guest.context()
    g.dispatch("play", {"seat": str(acting), "n": str(ctx.n - 1), "a": json.dumps(ctx.actions[0]["action"])})
    assert g.error and "moved on" in g.error and g.outbox() == []
    assert state_hash(m.state) == before


def test_a_seat_whose_phone_is_gone_can_be_played_here_or_by_a_bot() -> None:
    t = new_table("timeline", ["human", "phone", "phone"])
    host = t.host
    host.dispatch("phone-bot", {"seat": "2"})
    assert host.match.seats[2].kind == "bot" and 2 not in host.net.phones
    host.dispatch("phone-local", {"seat": "1"})
    assert host.net is None and host.match.meta["phones"] == []
    assert host.local_humans() == [0, 1]


def test_the_new_game_form_offers_phone_seats() -> None:
    host = make_app()
    host.dispatch("new", {"game": "timeline"})
    page = render(host)
    assert any(b.get("kind") == "phone" for b in buttons(page, "seat-kind"))
    host.dispatch("seat-kind", {"i": "1", "kind": "phone"})
    assert host.form["seats"][1]["name"] == "Player 2"
    host.dispatch("start", {"fields": {}})
    assert host.match.meta["phones"] == [1] and host.match.seats[1].kind == "human"


@pytest.mark.parametrize("text", ["", "{", json.dumps({"type": "table", "engine": "0.0.1"}), json.dumps([1])])
def test_a_guest_refuses_what_it_cannot_draw(text: str) -> None:
    g = GuestTable()
    assert g.receive(text) is not None and g.msg is None


def test_a_changed_seal_mid_game_is_refused_by_the_guest() -> None:
    t = new_table("time_war", ["human", "phone"])
    guest = t.join(1)
    g = guest.guest
    assert g is not None and g.msg is not None
    forged = dict(g.msg, commitment="0" * 64, revision=g.msg["revision"] + 1)
    assert "shows another seal for this game’s deal" in (g.receive(json.dumps(forged)) or "")
    assert g.msg["commitment"] != "0" * 64


def test_guest_taps_undo_within_the_rules() -> None:
    t = new_table("time_war", ["human", "phone"])
    guest = t.join(1)
    m = t.host.match
    for _ in range(60):  # until the phone's seat makes a choice it may take back (no draw since)
        if m.is_over():
            break
        if 1 not in m.to_act():
            play_turns(t, 1)
            continue
        before = state_hash(m.state)
        play_turns(t, 1)
        if m.can_undo(1):
            break
    assert m.can_undo(1), "the phone's seat never made a choice it could take back"
    assert buttons(render(guest), "undo")
    guest.dispatch("undo", {})
    t.deliver()
    assert state_hash(m.state) == before


def test_a_rematch_keeps_the_phones_and_another_game_drops_them() -> None:
    t = new_table("time_war", ["human", "phone"])
    t.join(1)
    net = t.host.net
    assert net is not None
    t.host.dispatch("rematch", {})
    again = t.host.net
    assert again is not None and again is not net and again.session == net.session
    assert again.phones[1].state == "here" and again.host.commitment != net.host.commitment
    t.deliver()
    g = t.guests[1].guest
    assert g is not None and g.msg is not None and g.msg["commitment"] == again.host.commitment
    assert t.guests[1].notice == "A new game began at the host’s table, with a new deal seal."
    assert t.guests[1].error is None and g.commitment == again.host.commitment
    other = new_table("time_war", ["human", "phone"])
    assert other.host.net is not None and other.host.net.session != net.session


def test_a_guest_phone_announces_the_moves_it_may_read_and_its_prompt() -> None:
    t = new_table("timeline", ["human", "phone"])
    guest = t.join(1)
    first = guest.take_announcement()
    view = t.host.match.game.view(t.host.match.state, 1)
    assert first == (view["prompt"] if view["actions"] else None)
    assert guest.take_announcement() is None  # nothing new
    log_before = len(view["log"])
    while 1 not in t.host.match.to_act():  # the host's turn: a card chosen, then placed
        play_turns(t, 1)
    said = guest.take_announcement()
    view = t.host.match.game.view(t.host.match.state, 1)
    new_lines = view["log"][log_before:]
    assert new_lines and said and all(line in said for line in new_lines[-4:])
    assert said.endswith(view["prompt"])


def test_a_link_that_cannot_open_is_said_plainly_with_a_way_to_play_on() -> None:
    """No spinner forever (the link's timeout is pwa/table-link.mjs's, e2e/test_table_link.py): the
    guest is told what failed and can try again; the host's seat offers this device or a bot."""
    why = ("The other phone could not be reached. Both phones must be on the same Wi-Fi or hotspot, and some "
           "networks (public Wi-Fi) keep phones apart: play on one phone instead.")
    t = new_table("time_war", ["human", "phone"])
    guest = make_app()
    t.guests[1] = guest
    t.effect(t.host, t.host.dispatch("phone-invite", {"seat": "1"}))
    guest.dispatch("join", {})
    guest.dispatch("join-code", {"fields": {"code": "TB1|o|host-code-1"}})
    guest.guest_answered("TB1|a|guest-code-1")
    guest.guest_failed(why)
    page = render(guest)
    assert why in unescape(page) and 'data-act="join-code"' in page  # the code can be read again
    t.host.dispatch("phone-answer", {"seat": "1", "fields": {"code": "TB1|a|guest-code-1"}})
    t.host.phone_lost(1, why)
    page = render(t.host)
    row = re.search(r'<li class="phone" data-phone="1" data-state="away">.*?</li>', page, re.S)
    assert row, page
    assert why in unescape(row.group(0))
    assert {b["seat"] for b in buttons(row.group(0), "phone-local")} == {"1"}
    assert {b["seat"] for b in buttons(row.group(0), "phone-bot")} == {"1"}
    assert buttons(row.group(0), "phone-invite")


def test_a_mistyped_guest_code_keeps_the_invitation() -> None:
    t = new_table("time_war", ["human", "phone"])
    t.effect(t.host, t.host.dispatch("phone-invite", {"seat": "1"}))
    t.host.dispatch("phone-answer", {"seat": "1", "fields": {"code": "TB1|a|typo"}})
    assert t.host.net is not None and t.host.net.phones[1].state == "joining"
    t.host.phone_retry(1, "That is not a table code of this app.")
    p = t.host.net.phones[1]
    assert (p.state, p.code, p.error) == ("inviting", "TB1|o|host-code-1", "That is not a table code of this app.")
    page = unescape(render(t.host))
    assert "TB1|o|host-code-1" in page and "That is not a table code of this app." in page


def test_a_rejoin_under_another_seal_of_the_same_deal_is_refused() -> None:
    """Issue 47: the seal of a deal is kept on the guest's device; a host that shows another one
    for the same game after the phone rejoins (a seed swapped while it was away) is refused,
    though the phone's page was reloaded in between."""
    phone_storage = MemoryStorage()
    t = new_table("time_barons", ["human", "phone"])
    guest = t.join(1, make_app(phone_storage))
    first = t.host.net.host.commitment
    play_turns(t, 2)
    t.drop(1, from_host=False)
    t.host.match.seed += 1  # a modified host app deals anew, keeping the deal's salt
    assert t.host.net.host.commitment != first
    reloaded = make_app(phone_storage)  # the phone's page reloaded: only its storage is left
    t.join(1, reloaded)
    assert reloaded.error and "another seal for this game’s deal" in reloaded.error
    assert short_commitment(first) in reloaded.error
    assert reloaded.guest is not None and reloaded.guest.msg is None  # nothing of the new table drawn
    assert guest is not reloaded


def test_the_guest_s_ledger_is_kept_on_its_device_and_checked_at_the_end() -> None:
    phone_storage = MemoryStorage()
    t = new_table("time_war", ["human", "phone"])
    t.join(1, make_app(phone_storage))
    play_turns(t, 3)
    t.drop(1, from_host=False)
    reloaded = make_app(phone_storage)
    t.join(1, reloaded)
    g = reloaded.guest
    assert g is not None and g.ledger is not None
    seen_before = min(g.ledger.views)  # the views received before the reload are in it
    assert seen_before < g.msg["revision"]
    for _ in range(400):
        if t.host.match.is_over():
            break
        play_turns(t, 1)
    checked(reloaded)
    assert g.reveal_checked() is True and g.check is not None
    assert g.check.compared == sum(len(v) for v in g.ledger.views.values())


def test_a_guest_is_asked_before_it_leaves_a_running_table() -> None:
    t = new_table("timeline", ["human", "phone"])
    guest = t.join(1)
    out = guest.dispatch("leave", {})
    assert guest.screen == "join" and guest.guest is not None and guest.guest.leaving
    assert not out.get("link")
    page = unescape(render(guest))
    assert "Leave the host’s table?" in page and buttons(page, "leave-confirm") and buttons(page, "leave-cancel")
    guest.dispatch("leave-cancel", {})
    assert guest.guest is not None and not guest.guest.leaving and "Leave the host’s table?" not in render(guest)
    guest.dispatch("leave", {})
    out = guest.dispatch("leave-confirm", {})
    assert out.get("link") == {"op": "close-host"} and guest.guest is None and guest.screen == "library"


def test_the_guest_s_view_state_stays_across_moves() -> None:
    """A Time of Crisis guest's map view (the whole map, a region) stays where the player put it
    when the host's table moves on, as on the host's own table; a confirmation asked at the last
    position does not."""
    t = new_table("time_of_crisis", ["human", "phone"])
    guest = t.join(1)
    g = guest.guest
    assert g is not None
    guest.dispatch("table-ui", {"k": "focus", "region": ""})  # the whole map
    assert g.table_ui.get("focus", "unset") is None
    g.table_ui["caution"] = {"n": 0, "a": "[]"}
    revision = g.msg["revision"]
    play_turns(t, 3)
    assert g.msg["revision"] > revision
    assert g.table_ui.get("focus", "unset") is None and "caution" not in g.table_ui


def test_refused_messages_never_redraw_the_host_and_the_host_is_told() -> None:
    t = new_table("time_war", ["human", "phone"])
    t.join(1)
    host = t.host
    before = len(host.match.actions)
    for text in ("junk", json.dumps({"type": "act", "revision": -1, "seat": 1, "action": ["pass"]})):
        assert host.phone_message(1, text) is False  # the browser layer draws nothing for it
    assert host.phone_refusals() == 2 and len(host.match.actions) == before
    refusals = [json.loads(x)["type"] for k, x in host.outbox() if k == 1]
    assert refusals == ["refused", "refused"]  # each answered to that phone alone
    page = unescape(render(host))
    assert "2 messages from it refused (latest: The table moved on" in page


def test_the_host_disconnects_a_phone_and_a_flooding_phone_is_named() -> None:
    t = new_table("timeline", ["human", "phone", "phone"])
    t.join(1)
    t.join(2)
    host = t.host
    assert {b["seat"] for b in buttons(render(host), "phone-drop")} == {"1", "2"}
    t.effect(host, host.dispatch("phone-drop", {"seat": "2"}))
    assert host.net.phones[2].state == "away" and 2 not in t.links
    assert "You disconnected Player 3’s phone." in unescape(render(host))
    host.phone_lost(1, "flood")  # the link closed itself: the phone sent past its budget
    page = unescape(render(host))
    assert "Player 2’s phone sent too many messages and was disconnected." in page
    assert host.net.phones[1].state == "away"


def test_the_connection_is_said_in_the_pinned_bar_on_both_sides() -> None:
    t = new_table("time_war", ["human", "phone"])
    guest = t.join(1)
    host = t.host
    while 1 not in host.match.to_act():
        play_turns(t, 1)
    assert 'class="tbar-link"' not in render(host)
    t.drop(1, from_host=False)
    host_bar = re.search(r'<header class="tbar">.*?</header>', render(host), re.S)
    assert host_bar and "Waiting for Player 2: that phone is not connected." in unescape(host_bar.group(0))
    guest_bar = re.search(r'<header class="tbar">.*?</header>', render(guest), re.S)
    assert guest_bar and "The link to the host’s phone was lost: join again." in unescape(guest_bar.group(0))


def test_the_seal_book_keeps_the_latest_deals_on_the_device() -> None:
    from tb_ui.store import SEAL_PREFIX, SEALS_KEY, SealBook

    from py_engine.core.host import Ledger

    storage = MemoryStorage()
    book = SealBook(storage)
    for k in range(SealBook.KEEP + 2):
        ledger = Ledger(f"{k:016x}", f"{k:064x}", "timeline", {})
        ledger.views[k] = {1: "ab" * 16}
        book.put(ledger)
    again = SealBook(storage)  # the phone reloaded
    assert again.get(f"{0:016x}") is None and again.get(f"{1:016x}") is None
    kept = again.get(f"{9:016x}")
    assert kept is not None and kept.commitment == f"{9:064x}" and kept.views == {9: {1: "ab" * 16}}
    assert storage.get(SEAL_PREFIX + f"{0:016x}") is None
    assert json.loads(storage.get(SEALS_KEY) or "[]") == [f"{k:016x}" for k in range(2, SealBook.KEEP + 2)]
    storage.set(SEAL_PREFIX + f"{5:016x}", "{not json")  # a damaged record: nothing to keep
    assert SealBook(storage).get(f"{5:016x}") is None
