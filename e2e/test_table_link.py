"""A table across phones, the link (issue 27, pwa/table-link.mjs): two browser contexts of one
Chromium, each a phone, joined by a WebRTC data channel with no server, the host's and the guest's
codes passed as text (the fallback where there is no camera).

Chromium needs two flags for that on one machine, and they belong here only (never in the app):
``--allow-loopback-in-peer-connection`` and, so that candidates carry addresses instead of
mDNS names, ``--disable-features=WebRtcHideLocalIpsWithMdns``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

#: JavaScript: this page's own offer code, as ``code`` (``pc`` its connection, to close).
OWN_CODE = """
        const pc = new RTCPeerConnection({ iceServers: [] });
        pc.createDataChannel("t");
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise((r) => setTimeout(r, 1500));
        const code = tl.encodeDescription(pc.localDescription);"""
LINK_FLAGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]


@pytest.fixture
def phones(playwright: Any, browser_type_launch_args: dict[str, Any], server: Any) -> Iterator[tuple[Any, Any]]:
    """Two pages in separate contexts of a browser launched with the link flags, each with
    pwa/table-link.mjs imported as ``window.tl``."""
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *LINK_FLAGS]}
    browser = playwright.chromium.launch(**args)
    try:
        pages = []
        for _ in range(2):
            page = browser.new_context().new_page()
            page.goto(server.url + "version.json")
            page.evaluate("async (url) => { window.tl = await import(url); }", server.url + "table-link.mjs")
            pages.append(page)
        yield pages[0], pages[1]
    finally:
        browser.close()


def test_two_phones_join_by_text_codes_and_talk_both_ways(phones: tuple[Any, Any]) -> None:
    host, guest = phones
    offer = host.evaluate("async () => { window.offer = await tl.offerLink(); return offer.code; }")
    assert offer.startswith("TB1|o|") and len(offer) < 220, offer
    answer = guest.evaluate("""async (code) => {
        window.got = [];
        const a = await tl.answerLink(code);
        a.link.then((link) => { window.link = link; link.onmessage = (t) => got.push(t); });
        return a.code;
      }""", offer)
    assert answer.startswith("TB1|a|") and len(answer) < 220, answer
    host.evaluate("""async (code) => {
        window.got = [];
        window.link = await offer.accept(code);
        link.onmessage = (t) => got.push(t);
        link.send('{"type":"table","revision":0}');
      }""", answer)
    guest.wait_for_function("() => window.got.length === 1", timeout=20_000)
    assert guest.evaluate("window.got") == ['{"type":"table","revision":0}']
    guest.evaluate("""() => link.send('{"type":"act","revision":0,"seat":1,"action":["pass"]}')""")
    host.wait_for_function("() => window.got.length === 1", timeout=20_000)
    assert host.evaluate("window.got") == ['{"type":"act","revision":0,"seat":1,"action":["pass"]}']
    # the guest leaves: the host's link says so
    host.evaluate("() => { window.linkClosed = false; link.onclose = () => { window.linkClosed = true; }; }")
    guest.evaluate("() => link.close()")
    host.wait_for_function("() => window.linkClosed === true", timeout=30_000)


def test_a_code_survives_its_round_trip_and_junk_is_refused_with_a_reason(phones: tuple[Any, Any]) -> None:
    host, _guest = phones
    result = host.evaluate("""async () => {""" + OWN_CODE + """
        const back = tl.decodeDescription(code, "offer");
        const again = tl.encodeDescription(back);
        const refused = [];
        for (const [junk, want] of [["hello", "offer"], ["TB1|o|x|y|z|s|1.2.3.4:5", "offer"], [code, "answer"],
                                    [code.replace("TB1", "TB9"), "offer"], ["", "offer"]]) {
          try { tl.decodeDescription(junk, want); refused.push(null); } catch (e) { refused.push([e.name, e.message]); }
        }
        pc.close();
        return { code, again, refused, sdpOk: back.sdp.includes("a=ice-ufrag:") };
      }""")
    assert result["again"] == result["code"] and result["sdpOk"]
    reasons = [r[1] for r in result["refused"]]
    assert reasons[0] == reasons[1] == reasons[3] == reasons[4] == "That is not a table code of this app."
    assert reasons[2] == "That is a host's code: scan the guest's code instead."


def test_a_guest_whose_host_never_answers_is_told_what_failed(phones: tuple[Any, Any]) -> None:
    """No spinner forever: the host's code is scanned but the host never takes the answer (as on
    a network that keeps phones apart); the guest's link fails with a reason and a way out."""
    host, guest = phones
    offer = host.evaluate("async () => { window.offer = await tl.offerLink(); return offer.code; }")
    message = guest.evaluate("""async (code) => {
        const a = await tl.answerLink(code, { timeoutMs: 1500 });
        try { await a.link; return null; } catch (e) { return [e.name, e.message]; }
      }""", offer)
    assert message is not None and message[0] == "LinkError"
    assert "could not be reached" in message[1] and "play on one phone" in message[1]


def test_messages_sent_before_the_other_side_listens_are_kept_for_it(phones: tuple[Any, Any]) -> None:
    """The host sends its first table the moment its side of the link opens; the guest's code may
    take the link later. What came before it listens is handed over, in order, when it does."""
    host, guest = phones
    offer = host.evaluate("async () => { window.offer = await tl.offerLink(); return offer.code; }")
    answer = guest.evaluate("async (code) => { window.a = await tl.answerLink(code); return a.code; }", offer)
    host.evaluate("""async (code) => {
        window.link = await offer.accept(code);
        link.send("first"); link.send("second");
      }""", answer)
    got = guest.evaluate("""async () => {
        const link = await a.link;
        await new Promise((r) => setTimeout(r, 500));  // both messages are in by now
        const got = [];
        link.onmessage = (t) => got.push(t);
        return got;
      }""")
    assert got == ["first", "second"]


def test_a_code_naming_an_address_outside_the_local_network_is_refused(phones: tuple[Any, Any]) -> None:
    """Issue 47: a well-formed code whose candidates are not private, link-local, loopback or mDNS
    ``.local`` addresses is refused at once with the reason (it is never tried), and a phone's own
    code leaves such addresses out."""
    host, _guest = phones
    result = host.evaluate("""async () => {""" + OWN_CODE + """
        pc.close();
        const parts = code.split("|");
        const tries = {};
        for (const hosts of ["203.0.113.7:5000", "192.168.1.20:5000,[2001:db8::1]:5000", "printer.example.com:9",
                             "192.168.1.20:5000", "[fe80::1]:5000,abcd-1234.local:6000"]) {
          parts[6] = hosts;
          try { tl.decodeDescription(parts.join("|"), "offer"); tries[hosts] = null; }
          catch (e) { tries[hosts] = [e.name, e.message]; }
        }
        const own = code.split("|")[6].split(",").map((h) => h.replace(/:\\d+$/, "").replace(/^\\[|\\]$/g, ""));
        return { tries, own, local: own.map((h) => tl.isLocalAddress(h)) };
      }""")
    tries = result["tries"]
    for hosts, outside in (("203.0.113.7:5000", "203.0.113.7"), ("192.168.1.20:5000,[2001:db8::1]:5000", "2001:db8::1"),
                           ("printer.example.com:9", "printer.example.com")):
        assert tries[hosts] is not None and tries[hosts][0] == "LinkError", hosts
        assert f"outside the local network ({outside})" in tries[hosts][1]
    assert tries["192.168.1.20:5000"] is None and tries["[fe80::1]:5000,abcd-1234.local:6000"] is None
    assert result["own"] and all(result["local"]), result["own"]


def test_a_host_s_link_closes_itself_past_its_message_budget(phones: tuple[Any, Any]) -> None:
    """Issue 47: a guest that sends past the host link's budget (MESSAGE_BURST at once) is cut off:
    the host's link hears no more than the budget and its onclose gets the reason ``flood``."""
    host, guest = phones
    offer = host.evaluate("async () => { window.offer = await tl.offerLink(); return offer.code; }")
    answer = guest.evaluate("""async (code) => {
        const a = await tl.answerLink(code);
        a.link.then((link) => { window.link = link; });
        return a.code;
      }""", offer)
    host.evaluate("""async (code) => {
        window.got = 0; window.why = null;
        window.link = await offer.accept(code);
        link.onmessage = () => { window.got += 1; };
        link.onclose = (reason) => { window.why = reason; };
      }""", answer)
    guest.wait_for_function("() => window.link !== undefined", timeout=20_000)
    guest.evaluate("() => { for (let i = 0; i < 5000; i++) link.send('x' + i); }")
    host.wait_for_function("() => window.why !== null", timeout=20_000)
    burst = host.evaluate("tl.MESSAGE_BURST")
    assert host.evaluate("window.why") == "flood"
    assert burst <= host.evaluate("window.got") <= burst + 1
