"""A table across phones, the whole of it in browsers (issue 27): browser contexts of one Chromium on
the same built app, each a phone, one hosting. They join through the app's own screens: the
codes pass as QR images (the host's canvas screenshotted, read on the guest from a photo by the
app's QR reader, and back) or as text pasted (the fallback where there is no camera).

- Time Barons 2 v 2 with two phones and two bots: several turns, each phone showing only its own
  hand (compared with the host's match, replayed in CPython from its autosave); a guest reloads
  and rejoins its seat; the host reloads and the table resumes with the same deal seal.
- Timeline with three phones (a host and two guests), started from the new-game form's "Phone"
  seats, played through to the end; each guest checks the reveal against the seal.
- Screenshots of the host's invitation and a guest's table at phone size.

The Chromium flags that loopback needs are in e2e/test_table_link.py's LINK_FLAGS, here only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import (
    VIEWPORTS,
    current_match,
    load_games,
    open_app,
    shot,
    state_n,
    wait_moved,
    wait_ready,
)
from playwright.sync_api import expect
from test_table_link import LINK_FLAGS
from test_time_barons_ui import human_step
from test_timeline_ui import PICK, take_turn

from py_engine.core import Match, Seat

JOIN_TIMEOUT = 30_000


@pytest.fixture
def phones(playwright: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Callable[[], Any]]:
    """Make a new phone: a page in its own context of a browser launched with the link flags, at
    phone size."""
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *LINK_FLAGS]}
    browser = playwright.chromium.launch(**args)

    def phone() -> Any:
        page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
        k = len(made)
        made.append(page)
        page.on("console", lambda msg: logs.append(f"phone {k}: {msg.type}: {msg.text}"))
        page.on("pageerror", lambda err: logs.append(f"phone {k}: page error: {err}"))
        return page

    made: list[Any] = []
    logs: list[str] = []

    try:
        yield phone
    finally:
        print("\n".join(logs[-80:]))  # shown when a test fails
        browser.close()


def invite(host: Any, guest: Any, seat: int, by: str = "text", shoot: str | None = None, typo: bool = False) -> float:
    """Join ``guest`` to ``seat`` of ``host``'s table through the app's screens, the codes passing
    ``by`` "text" (copied and pasted) or "qr" (the QR canvas photographed and read); ``shoot``: a
    screenshot of the guest showing its own code, by that name; ``typo``: the host first pastes a
    wrong code, is told so, and the same invitation takes the right one. Returns the seconds from
    the guest's reading of the host's code to its first table."""
    row = host.locator(f'[data-phone="{seat}"]')
    row.locator("button[data-act=phone-invite]").click()
    row.locator("canvas[data-qr]").wait_for(timeout=JOIN_TIMEOUT)
    host.wait_for_function("() => document.querySelector('canvas[data-qr]').dataset.drawn === '1'")
    if guest.locator("button[data-act=join]").count() == 0:
        guest.locator("button[data-act=go][data-to=library]").first.click()
    guest.locator("button[data-act=join]").first.click()
    guest.locator("form[data-act=join-code]").wait_for()
    start = time.monotonic()
    if by == "qr":
        png = row.locator("canvas[data-qr]").screenshot()
        guest.locator("input[data-act=scan-photo]").set_input_files(
            {"name": "code.png", "mimeType": "image/png", "buffer": png})
    else:
        guest.locator("form[data-act=join-code] textarea[name=code]").fill(host.locator(f"#phone-code-{seat}").input_value())
        guest.locator("form[data-act=join-code] button[type=submit]").click()
    guest.locator("canvas[data-qr]").wait_for(timeout=JOIN_TIMEOUT)
    if shoot:
        guest.wait_for_function("() => document.querySelector('canvas[data-qr]').dataset.drawn === '1'")
        shot(guest, shoot)
    if by == "qr":
        guest.wait_for_function("() => document.querySelector('canvas[data-qr]').dataset.drawn === '1'")
        png = guest.locator("canvas[data-qr]").screenshot()
        row.locator("input[data-act=scan-photo]").set_input_files({"name": "code.png", "mimeType": "image/png",
                                                                     "buffer": png})
    else:
        if typo:
            before = row.locator("canvas[data-qr]").get_attribute("data-qr")
            row.locator("textarea[name=code]").fill("TB1|a|this is not it")
            row.locator("form[data-act=phone-answer] button[type=submit]").click()
            host.locator(f'[data-phone="{seat}"][data-state="inviting"] .alert-error').wait_for()
            assert "not a table code" in row.locator(".alert-error").inner_text()
            assert row.locator("canvas[data-qr]").get_attribute("data-qr") == before
        row.locator("textarea[name=code]").fill(guest.locator("#guest-code").input_value())
        row.locator("form[data-act=phone-answer] button[type=submit]").click()
    host.locator(f'[data-phone="{seat}"][data-state="here"]').wait_for(timeout=JOIN_TIMEOUT)
    guest.locator(".guest-strip").wait_for(timeout=JOIN_TIMEOUT)
    return time.monotonic() - start


def hand(page: Any) -> list[str]:
    """The cards of the hand drawn on ``page`` (its ``li#tb-card-<card>`` items)."""
    return sorted(page.locator(".tb-hand li[id^=tb-card-]").evaluate_all("els => els.map(e => e.dataset.card)"))


def seal(page: Any) -> str:
    return str(page.locator(".seal code").first.inner_text())


def start_timeline_with_two_phone_seats(host: Any) -> None:
    """On ``host``'s new-game form: Timeline, three seats, the second and third on phones; start."""
    host.locator("button[data-act=new][data-game=timeline]").click()
    host.locator("button[data-act=seat-add]").click()
    for i in (1, 2):
        host.locator(f"button[data-act=seat-kind][data-i='{i}'][data-kind=phone]").click()
    host.locator("button[data-act=start], form[data-act=start] button[type=submit]").first.click()
    host.locator('[data-phone="1"]').wait_for()


TB_READY = "#main button[data-act=play], #main button[data-act=caution], button.tb-end"


def turn(pages: list[Any], step: Callable[[Any], Any], ready: str = TB_READY, timeout: float = 90.0) -> Any:
    """Let the first page that can act now (``ready`` matches on it) take one step; returns it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in pages:
            if p.locator(ready).count():
                step(p)
                return p
        pages[0].wait_for_timeout(100)
    raise AssertionError("no phone could act for 90 s")


def test_time_barons_two_v_two_on_two_phones_with_bots(phones: Callable[[], Any], server: Any) -> None:
    host, guest = phones(), phones()
    m = Match.new("time_barons", [Seat("Ann", "human"), Seat("Bot A", "bot", "easy"), Seat("Cy", "human"),
                                  Seat("Bot B", "bot", "easy")], {"mode": "team"}, seed=5, meta={"phones": [2]})
    load_games(host, server, {"2v2": m})
    host.locator("button[data-act=resume]").first.click()
    host.locator('[data-phone="2"][data-state="away"]').wait_for()
    open_app(guest, server)
    invite(host, guest, 2, by="qr")
    assert seal(host) == seal(guest)
    shot(guest, "phones-guest-table-phone")
    for _ in range(8):
        turn([host, guest], human_step)
        host.wait_for_timeout(300)
        match = current_match(host)
        players = match.state["players"]
        if guest.locator(".tb-hand").count():
            assert hand(guest) == sorted(players[2]["hand"]), "the guest's phone shows another hand"
        if host.locator(".tb-hand").count():
            assert hand(host) == sorted(players[0]["hand"]), "the host's phone shows another hand"
    # the guest reloads: its seat waits, and it joins again to the table as it is now
    guest.reload()
    wait_ready(guest)
    host.locator('[data-phone="2"][data-state="away"]').wait_for(timeout=JOIN_TIMEOUT)
    invite(host, guest, 2)
    assert hand(guest) == sorted(current_match(host).state["players"][2]["hand"]) or not guest.locator(".tb-hand").count()
    before = seal(host)
    # the host reloads: the table resumes from its autosave, the guest sees the link go and joins again
    host.reload()
    wait_ready(host)
    host.locator('[data-phone="2"][data-state="away"]').wait_for(timeout=JOIN_TIMEOUT)
    guest.locator(".guest-strip .alert-error").wait_for(timeout=JOIN_TIMEOUT)
    assert seal(host) == before
    invite(host, guest, 2)
    for _ in range(3):
        turn([host, guest], human_step)


def test_timeline_three_phones_from_the_form_to_the_reveal(phones: Callable[[], Any], server: Any) -> None:
    host, g1, g2 = phones(), phones(), phones()
    for p in (host, g1, g2):
        open_app(p, server)
    start_timeline_with_two_phone_seats(host)
    shot(host, "phones-host-seats-phone")
    host.locator('[data-phone="1"] button[data-act=phone-invite]').click()
    host.locator('[data-phone="1"] canvas[data-qr]').wait_for(timeout=JOIN_TIMEOUT)
    host.wait_for_timeout(300)
    shot(host, "phones-host-invite-phone")
    host.locator('[data-phone="1"] button[data-act=phone-cancel]').click()
    invite(host, g1, 1, typo=True)
    invite(host, g2, 2, shoot="phones-guest-join-phone")
    host.set_viewport_size(VIEWPORTS["tablet"])
    shot(host, "phones-host-table-tablet")
    host.set_viewport_size(VIEWPORTS["phone"])

    # a guest taps "‹ Games" mid-game: it is asked first, and stays
    g1.locator("button[data-act=leave]").first.click()
    g1.locator(".leave-ask").wait_for()
    shot(g1, "phones-guest-leave-phone")
    g1.locator("button[data-act=leave-cancel]").click()
    g1.locator(".leave-ask").wait_for(state="detached")
    # the host places right, the guests wrong: the host empties its hand first and wins
    for _ in range(60):
        if host.locator(".endpanel").count():
            break
        turn([host, g1, g2], lambda p: take_turn(p, "right" if p is host else "wrong"), f"{PICK}, button.gap-btn")
    host.locator(".endpanel").wait_for(timeout=30_000)
    for g in (g1, g2):
        g.locator(".seal.ok").wait_for(timeout=30_000)
        assert "matches the sealed deal replayed from its seed" in g.locator(".seal.ok").inner_text()
        assert g.locator("button[data-act=rematch], button[data-act=replay-open]").count() == 0
    shot(g1, "phones-guest-end-phone")
    g2.set_viewport_size(VIEWPORTS["tablet"])
    shot(g2, "phones-guest-end-tablet")


#: A cheating guest's phone (a modified app): every data channel the page opens is kept in
#: ``window.tbChannels``, and every refusal it receives is noted with its time in ``window.tbRefusals``.
CHEAT = """(() => {
  const Base = window.RTCPeerConnection;
  window.tbChannels = [];
  window.tbRefusals = [];
  window.RTCPeerConnection = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("datachannel", (e) => {
        window.tbChannels.push(e.channel);
        e.channel.addEventListener("message", (m) => {
          if (String(m.data).startsWith('{"type":"refused"')) window.tbRefusals.push(Date.now());
        });
      });
    }
  };
})()"""
#: A stale move the host must refuse (revision -1 never is the table's).
STALE = '{"type":"act","revision":-1,"seat":1,"action":["select",0]}'


def test_a_flooding_guest_is_cut_off_and_the_host_stays_with_its_players(phones: Callable[[], Any],
                                                                         server: Any) -> None:
    """Issue 47: a guest that sends a steady stream of refused messages, as fast as its link's
    budget lets it, never holds up the host: the host's own tap is drawn before the stream's
    refusals end. A guest that sends 5,000 messages in a burst is cut off after its budget: the
    host is told who and why, most of the burst is never read, the host's own move goes through,
    and the honest guest plays on once the host gives the seat to a bot."""
    host, cheat, honest = phones(), phones(), phones()
    cheat.add_init_script(CHEAT)
    for p in (host, cheat, honest):
        open_app(p, server)
    start_timeline_with_two_phone_seats(host)
    invite(host, cheat, 1)
    invite(host, honest, 2)
    assert cheat.evaluate("window.tbChannels.length") == 1
    host.locator(PICK).first.wait_for()
    host.evaluate(WATCH)
    # a steady stream at nine messages a second, for four seconds: within the budget
    cheat.evaluate(f"""() => {{
        window.tbSent = 0;
        const timer = setInterval(() => {{
          window.tbChannels[0].send({STALE!r});
          if (++window.tbSent >= 36) clearInterval(timer);
        }}, 111);
      }}""")
    cheat.wait_for_function("() => window.tbRefusals.length >= 5", timeout=JOIN_TIMEOUT)
    n = host.evaluate("() => document.querySelector('#app > .screen').dataset.n")
    host.locator(PICK).first.click()
    tapped = float(host.evaluate("() => window.tbTapAt"))
    host.wait_for_function(f"(a) => ({SHOWN_AT})(a) !== null", arg=[tapped, n], timeout=JOIN_TIMEOUT)
    drawn = float(host.evaluate(SHOWN_AT, [tapped, n]))
    cheat.wait_for_function("() => window.tbRefusals.length >= 36", timeout=JOIN_TIMEOUT)
    last = float(cheat.evaluate("() => window.tbRefusals[window.tbRefusals.length - 1]"))
    assert drawn < last, "the host's tap waited for the stream of refused messages"
    assert cheat.evaluate("window.tbChannels[0].readyState") == "open"
    # the host is told, at the panel's own pace (a refusal never redraws the page by itself)
    expect(host.locator('[data-phone="1"] .phone-refused')).to_contain_text("36 messages from it refused",
                                                                          timeout=JOIN_TIMEOUT)
    # a burst of 5,000: the link is cut at its budget, and the host's own move goes through
    before = cheat.evaluate("window.tbRefusals.length")
    cheat.evaluate(f"() => {{ for (let i = 0; i < 5000; i++) window.tbChannels[0].send({STALE!r}); }}")
    take_turn(host, "right")
    host.locator('[data-phone="1"][data-state="away"]').wait_for(timeout=JOIN_TIMEOUT)
    assert "Player 2’s phone sent too many messages and was disconnected" in host.locator('[data-phone="1"]').inner_text()
    cheat.wait_for_function("() => window.tbChannels[0].readyState === 'closed'", timeout=JOIN_TIMEOUT)
    cheat.locator(".guest-strip .alert-error").wait_for(timeout=JOIN_TIMEOUT)
    assert cheat.evaluate("window.tbRefusals.length") - before <= 41  # the budget, never the burst
    shot(host, "phones-host-flood-phone")
    # the host gives the seat to a bot, and the honest guest plays on
    host.locator('[data-phone="1"] button[data-act=phone-bot]').click()
    moved = []
    for _ in range(8):
        moved.append(turn([host, honest], lambda p: take_turn(p, "wrong"), f"{PICK}, button.gap-btn"))
        if honest in moved:
            break
    assert honest in moved, "the honest guest never got to play"


def test_a_guest_code_being_pasted_survives_a_move_at_the_table(phones: Callable[[], Any], server: Any) -> None:
    """Issue 47: the host pastes a guest's code while the table moves on (its own move here):
    the redraw keeps the text in the field."""
    host = phones()
    open_app(host, server)
    start_timeline_with_two_phone_seats(host)
    host.locator('[data-phone="1"] button[data-act=phone-invite]').click()
    field = host.locator('[data-phone="1"] form[data-act=phone-answer] textarea[name=code]')
    field.wait_for(timeout=JOIN_TIMEOUT)
    field.fill("TB1|a|half of a code")
    n = state_n(host)
    host.locator(PICK).first.click()
    wait_moved(host, n)
    assert field.input_value() == "TB1|a|half of a code"


#: Installed on every phone of the measurement: each drawing of ``#app`` with the game position it
#: shows (``data-n``: the host's state number, a guest's table revision) and the time, and the time
#: of the page's last tap.
WATCH = """() => {
  window.tbDrawn = [];
  const note = () => {
    const s = document.querySelector('#app > .screen');
    window.tbDrawn.push([Date.now(), s ? s.dataset.n : null]);
  };
  // the page is patched (issue 44): a new position changes the screen's data-n, not #app's child
  new MutationObserver(note).observe(document.getElementById('app'), { childList: true, subtree: true, attributeFilter: ['data-n'] });
  note();
  document.addEventListener('click', () => { window.tbTapAt = Date.now(); }, true);
}"""
#: The time a page first showed another position than ``n`` at or after ``since`` (ms), or null.
SHOWN_AT = """([since, n]) => {
  const e = window.tbDrawn.find(([t, m]) => t >= since && m !== n);
  return e ? e[0] : null;
}"""


def tap_to_all(pages: list[Any], step: Callable[[Any], Any], ready: str) -> float:
    """One tap on the page that may act (``step``), and the ms from the tap until every phone
    showed the new position."""
    actor = turn(pages, step, ready)
    tapped = float(actor.evaluate("() => window.tbTapAt"))
    # the step's last tap (a card, then a gap): every phone must show a position after the one it
    # showed at that moment
    times = []
    for p in pages:
        n = p.evaluate("(t) => { const e = window.tbDrawn.filter(([s]) => s < t).pop(); return e ? e[1] : null; }",
                       tapped)
        p.wait_for_function(f"(a) => ({SHOWN_AT})(a) !== null", arg=[tapped, n], timeout=30_000)
        times.append(float(p.evaluate(SHOWN_AT, [tapped, n])))
    return max(times) - tapped


@pytest.mark.benchmark
def test_join_and_tap_to_every_phone_times(phones: Callable[[], Any], server: Any) -> None:
    """A measurement (benchmarks/phones.py runs it; make test leaves it out), on loopback: the join
    time (the guest reads the host's code, by text and by QR photo, until its first table) and the
    time from a tap to every phone of a three-phone Timeline table showing the move, at CPU x1 and
    x4 (every phone slowed alike). Written to e2e/artifacts/phones_timings.json."""
    import json

    from conftest import ARTIFACTS

    host, g1, g2 = phones(), phones(), phones()
    pages = [host, g1, g2]
    for p in pages:
        open_app(p, server)
    start_timeline_with_two_phone_seats(host)
    joins: dict[str, list[float]] = {"text": [], "qr": []}
    for by in ("text", "qr", "text", "qr", "text", "qr"):
        joins[by].append(invite(host, g1, 1, by=by))
        g1.reload()  # leave again: the next join starts from a fresh page, as a phone that reloads
        wait_ready(g1)
        host.locator('[data-phone="1"][data-state="away"]').wait_for(timeout=JOIN_TIMEOUT)
    invite(host, g1, 1)
    invite(host, g2, 2)
    taps: dict[str, list[float]] = {}
    for rate in (1, 4):
        # CDP's throttling slows each page's main thread, not the app's worker (Python): since issue
        # 44 the ×4 row slows the pages only (the links, the patching); ?cpu= would need a reload,
        # which leaves the table
        cdps = [p.context.new_cdp_session(p) for p in pages]
        for cdp in cdps:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        for p in pages:
            p.evaluate(WATCH)
        taps[f"cpu{rate}"] = []
        for _ in range(18):
            if host.locator(".endpanel").count():
                break
            taps[f"cpu{rate}"].append(tap_to_all(
                pages, lambda p: take_turn(p, "wrong"), f"{PICK}, button.gap-btn"))  # nobody wins: it goes on
        for cdp in cdps:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    out = {"join_s": joins, "tap_to_all_ms": taps}
    (ARTIFACTS / "phones_timings.json").write_text(json.dumps(out, indent=1))
    assert all(joins.values()) and all(taps.values())
