"""Unit tests of the Time War table (pwa/tb_ui/tables/time_war.py) in CPython.

As in test_tb_ui.py, rendered HTML is parsed and "tapping" a button dispatches its
``data-act`` with its other ``data-*`` attributes, as pwa/tb-page.mjs does.
"""

from __future__ import annotations

import copy
import random
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.tables import time_war as tw  # noqa: E402
from test_tb_ui import buttons, make_app, option_buttons, parse, tap  # noqa: E402

from py_engine.core import Action  # noqa: E402
from py_engine.time_war.rules import GAME, card_halves, pending  # noqa: E402

CARD_ID = re.compile(r"\b[YR][1-8]\b")


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(1234)  # new games draw their seed from `random`


# ---- helpers ------------------------------------------------------------------------------------
def start(app: App, kinds: tuple[str, str] = ("human", "human"), scenario: str = "centre",
          names: tuple[str, str] = ("Ann", "Bob"), level: str = "easy", **options: Any) -> None:
    app.dispatch("new", {"game": "time_war"})
    for i, k in enumerate(kinds):
        app.dispatch("seat-kind", {"i": str(i), "kind": k})
        app.dispatch("seat-level", {"i": str(i), "value": level})
        app.dispatch("seat-name", {"i": str(i), "value": names[i]})
    app.dispatch("opt", {"name": "scenario", "value": scenario})
    for k, v in options.items():
        app.draft["options"][k] = v
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def by_class(html: str, act: str, cls: str) -> list[dict[str, Any]]:
    """The buttons of ``act`` with class ``cls``; for ``"play"``, the options that ask first
    (``data-act="caution"``, issue 48) too, in page order."""
    found = option_buttons(html) if act == "play" else buttons(html, act)
    return [b for b in found if cls in b["attrs"].get("class", "").split()]


def hand_ids(html: str) -> list[str]:
    """Card ids rendered as hand cards (buttons or plain cards of the hand)."""
    return re.findall(r'class="tw-card [^"]*"[^>]*data-card="([YR][1-8])"', html)


def step(app: App, rng: random.Random) -> str:
    """One human tap sequence: hand-off, a card, a placement (preview + play), or a
    choice, picked at random. Returns what was done."""
    html = app.render()
    if 'data-screen="handoff"' in html:
        tap(app, buttons(html, "handoff-ok")[0])
        return "handoff"
    picks = by_class(html, "play", "tw-card")
    if picks:
        tap(app, rng.choice(picks))
        return "select"
    play = by_class(html, "play", "tw-play")
    if play:
        tap(app, play[0])
        return "place"
    opts = by_class(html, "table-ui", "tw-opt")
    if opts:
        tap(app, rng.choice(opts))
        return "preview"
    choices = by_class(html, "play", "tw-choice")
    if choices:
        tap(app, rng.choice(choices))
        return "choice"
    if app.bot_pending():
        app.bot_step()
        return "bot"
    raise AssertionError("nothing to tap:\n" + html[:2000])


def play_until(app: App, rng: random.Random, cond: Any, limit: int = 600) -> bool:
    for _ in range(limit):
        if cond(app):
            return True
        if app.match.is_over():
            return False
        step(app, rng)
    return cond(app)


def space_li(html: str, sid: int) -> str:
    m = re.search(rf'<li class="tw-space[^"]*"[^>]*id="patch-tw-space-{sid}".*?(?=<li class="tw-space|</ol>)', html, re.S)
    assert m, f"space {sid} not rendered"
    return m.group(0)


# ---- the board ------------------------------------------------------------------------------------
def test_board_shows_spaces_units_values_control_scenario_scores_and_decks() -> None:
    app = make_app()
    start(app, scenario="objectives")
    html = app.render()
    assert 'data-screen="handoff"' in html  # two humans, hidden hands: hand-off first
    tap(app, buttons(html, "handoff-ok")[0])
    html = app.render()
    m = app.match
    b = GAME.board_view(m.state, app.perspective())
    me = app.perspective()
    # the five spaces in a column, the holder's base at the bottom
    order = [int(x) for x in re.findall(r'id="patch-tw-space-(\d)"', html)]
    assert order == ([5, 4, 3, 2, 1] if me == 0 else [1, 2, 3, 4, 5])
    for sp in b["spaces"]:
        li = space_li(html, sp["id"])
        label = unescape(re.search(r'aria-label="([^"]+)"', li).group(1))
        assert sp["name"] in label
        for k, n in enumerate(sp["units"]):
            if n:
                assert f"{n} {('yellow', 'red', 'white')[k]}" in label
                assert f'<b class="tw-n">{n}</b>' in li
        assert f"worth {sp['values'][0]} to Yellow and {sp['values'][1]} to Red" in label
        if sp["control"] is None:
            assert "Nobody holds it" in li and "tw-ctl-none" in li
        else:
            colour = ("Yellow", "Red")[sp["control"]]
            assert f"{colour} holds it" in li and f"+{sp['values'][sp['control']]}" in li
        assert li.count("tw-star") == (1 if sp["markers"] else 0)
        assert "No command" in li  # nothing played yet
    # the scenario card, in our own words, with its markers
    assert "Strategic Objectives" in html and unescape(tw.SCENARIO_LINES["objectives"]) in unescape(html)
    assert "4 markers" in html
    # scores, hand and deck sizes of both players; colour letters besides colours
    for p in b["players"]:
        assert f'{p["score"]}<small>pts</small>' in html
        assert f'{p["hand_count"]} cards in hand, {p["deck_count"]} in the deck' in html
    assert 'tw-badge tw-yellow" aria-hidden="true">Y<' in html and 'tw-badge tw-red" aria-hidden="true">R<' in html
    # the public unplayed lists: both sides, eight each, by commands only
    decks = re.search(r'<section class="tw-decks.*?</section>', html, re.S).group(0)
    assert len(re.findall(r'class="tw-up[ "]', decks)) == 16 and not CARD_ID.search(decks)


def test_each_command_glyph_is_a_character_the_glyph_font_draws() -> None:
    """The board's command glyphs are characters of public/fonts/tw-glyphs.woff2 (issue 44): each one
    the page writes maps to that command's outline in the font, which is not empty, and app.css loads
    the font under the family the glyphs ask for."""
    from fontTools.ttLib import TTFont

    font = TTFont(ROOT / "public" / "fonts" / "tw-glyphs.woff2")
    cmap = font.getBestCmap()
    assert {chr(cp): name for cp, name in cmap.items()} == {ch: c for c, ch in tw.GLYPH_CHARS.items()}
    for name in tw.GLYPH_CHARS:
        assert font["glyf"][name].numberOfContours > 0, name
    assert font["name"].getDebugName(1) == "TW Glyphs"
    css = (ROOT / "pwa" / "app.css").read_text()
    assert re.search(r'@font-face \{ font-family: "TW Glyphs"; src: url\("fonts/tw-glyphs.woff2"\)', css)
    assert re.search(r'\.tw-glyph \{[^}]*"TW Glyphs"', css)
    # on the page: a character in a span hidden from screen readers (the command's name is written beside)
    assert str(tw.glyph("push", down=True)) == '<span class="tw-glyph tw-down" aria-hidden="true">\ue002</span>'
    assert str(tw.glyph("deploy", down=True)) == '<span class="tw-glyph" aria-hidden="true">\ue000</span>'


def test_commands_on_the_board_face_their_player_and_stacks_open() -> None:
    app = make_app()
    start(app)
    rng = random.Random(5)
    assert play_until(app, rng, lambda a: a.handoff_seat() is None and any(
        len(st) >= 2 for st in a.match.state["stacks"]) and pending(a.match.state) is None)
    html = app.render()
    me = app.perspective()
    for s, stack in enumerate(app.match.state["stacks"]):
        li = space_li(html, s + 1)
        if not stack:
            assert "No command" in li
            continue
        cmd, face, _card = stack[-1]
        near = "tw-f-near" if face == me else "tw-f-far"
        assert f"tw-half tw-f-{('yellow', 'red')[face]} {near}" in li
        assert f'<span class="tw-cmd">{cmd.title()}</span>' in li
        assert ("for you" if face == me else f"for {('Yellow', 'Red')[face]}") in li
    s = next(s for s, st in enumerate(app.match.state["stacks"]) if len(st) >= 2)
    toggle = [b for b in buttons(html, "table-ui") if b["attrs"].get("data-space") == str(s + 1)][0]
    assert toggle["attrs"]["aria-expanded"] == "false" and "it covers" in toggle["attrs"]["aria-label"]
    n_before = app.match.state["n"]
    tap(app, toggle)
    html = app.render()
    under = re.search(rf'id="tw-under-{s + 1}".*?</ol>', html, re.S).group(0)
    assert under.count("<li>") == len(app.match.state["stacks"][s]) - 1
    for _cmd, _face, card in app.match.state["stacks"][s][:-1]:
        assert card in under  # played cards are public
    assert app.match.state["n"] == n_before  # only the view changed
    tap(app, [b for b in buttons(html, "table-ui") if b["attrs"].get("data-space") == str(s + 1)][0])
    assert f'id="tw-under-{s + 1}"' not in app.render()


def test_execution_steps_run_one_by_one_once_with_the_pending_space_highlighted() -> None:
    app = make_app()
    start(app)
    rng = random.Random(8)

    def mid_turn(a: App) -> bool:
        st = a.match.state
        return a.handoff_seat() is None and pending(st) is not None and len(st["steps"]) >= 2

    assert play_until(app, rng, mid_turn)
    app.table_ui.pop("steps_seen", None)  # as if the steps had not been shown yet
    html = app.render()
    st = app.match.state
    report = re.search(r'<section class="tw-steps.*?</section>', html, re.S).group(0)
    done = re.findall(r'<li class="tw-step done tw-new tw-d(\d)">', report)
    assert [int(x) for x in done] == [min(i, 8) for i in range(len(st["steps"]))]
    flashed = {step_["space"] + 1: i for i, step_ in enumerate(st["steps"])}  # a space's last new step
    for sid, i in flashed.items():
        assert re.search(rf'class="tw-space[^"]*tw-flash tw-d{min(i, 8)}[^"]*" id="patch-tw-space-{sid}"', html)
    for step_ in st["steps"]:
        assert unescape(step_["text"]) in unescape(report)
    pend = pending(st)
    assert f"Now: {pend['command'].title()} for you" in report
    order = [5 - i for i in range(5)] if st["active"] == 1 else [1 + i for i in range(5)]
    rest = order[order.index(pend["space"] + 1) + 1:]
    assert report.count("Then: ") == sum(1 for sid in rest if st["stacks"][sid - 1])
    assert re.search(rf'class="tw-space[^"]*tw-now[^"]*" id="patch-tw-space-{pend["space"] + 1}"', html)
    again = app.render()  # shown once: a re-render does not replay the steps
    assert " tw-new" not in again and " tw-flash" not in again


# ---- playing a card ---------------------------------------------------------------------------------
def test_place_options_preview_each_space_and_play() -> None:
    app = make_app()
    start(app)
    tap(app, buttons(app.render(), "handoff-ok")[0])
    html = app.render()
    assert not by_class(html, "table-ui", "tw-opt")  # no card chosen yet
    picks = by_class(html, "play", "tw-card")
    assert len(picks) == 3
    for p in picks:  # cards show both commands and the general
        card = p["attrs"]["data-card"]
        a, b = card_halves(card)
        assert p["attrs"]["aria-label"].startswith(f"Choose {card}, ") and p["attrs"]["aria-label"].endswith(f": {a.title()} / {b.title()}")
        assert a.title() in p["text"] and b.title() in p["text"]
        assert tw.general(card, GAME.board_view(app.match.state, None)) in p["text"]
    tap(app, picks[1])
    m = app.match
    seat = m.state["active"]
    card = m.state["selected"]
    html = app.render()
    opts = by_class(html, "table-ui", "tw-opt")
    view = m.game.view(m.state, seat)
    labels = {tuple(a["action"][1:]): a["label"] for a in view["actions"]}
    assert len(opts) == 8 == len(labels)
    for o in opts:
        j, cmd = o["attrs"]["data-key"].split(":")
        assert o["attrs"]["aria-label"] == "Preview: " + labels[(int(j), cmd)]
        assert o["attrs"]["aria-pressed"] == "false"
        for s, c, _f in GAME.placement(seat, int(j), cmd, card):  # each line: command, for whom, where
            assert c.title() in o["text"] and tw.SHORT[s + 1] in o["text"]
    assert "tw-confirm" not in html and not by_class(html, "play", "tw-play")
    # preview the third option: it is highlighted, the two spaces it covers too
    o = opts[2]
    j, cmd = o["attrs"]["data-key"].split(":")
    tap(app, o)
    assert m.state["n"] == view_n(app)  # nothing played yet
    html = app.render()
    laid = GAME.placement(seat, int(j), cmd, card)
    covered = {s + 1 for s, _, _ in laid}
    assert set(int(x) for x in re.findall(r'tw-cover[^"]*" id="patch-tw-space-(\d)"', html)) == covered
    for s, c, f in laid:
        li = space_li(html, s + 1)
        assert "tw-ghost" in li and f'<span class="tw-cmd">{c.title()}</span>' in li
        assert ("for you" if f == seat else f"for {('Yellow', 'Red')[f]}") in li
    assert [b for b in by_class(html, "table-ui", "tw-opt") if b["attrs"]["aria-pressed"] == "true"][0][
        "attrs"]["data-key"] == f"{j}:{cmd}"
    # the run order after this card: all five spaces, from the active player's base
    confirm = re.search(r'<div class="tw-confirm".*?</ol>', html, re.S).group(0)
    texts = [unescape(t) for t in re.findall(r'<span class="visually-hidden">([^<]+)</span>', confirm)]
    names = [sp["name"] for sp in GAME.board_view(m.state, seat)["spaces"]]
    want = [names[s] for s in ([0, 1, 2, 3, 4] if seat == 0 else [4, 3, 2, 1, 0])]
    assert [t.split(":")[0] for t in texts] == want
    for s, c, f in laid:
        assert f"{names[s]}: {c} for {'you' if f == seat else ('Yellow', 'Red')[f]} (new)" in texts
    play = by_class(html, "play", "tw-play")[0]
    assert play["attrs"]["aria-label"] == "Play the card here: " + labels[(int(j), cmd)]
    tap(app, play)
    assert m.actions[-1] == (seat, Action("place", (int(j), cmd)))
    assert all(card in [h[2] for h in m.state["stacks"][s]] for s, _, _ in laid)


def view_n(app: App) -> int:
    return int(app.match.state["n"])


def test_stale_preview_is_ignored_and_cancel_clears_it() -> None:
    app = make_app()
    start(app)
    tap(app, buttons(app.render(), "handoff-ok")[0])
    tap(app, by_class(app.render(), "play", "tw-card")[0])
    opt = by_class(app.render(), "table-ui", "tw-opt")[0]
    tap(app, opt, n="0")  # drawn before the card was chosen
    assert "tw-confirm" not in app.render()
    tap(app, opt)
    html = app.render()
    assert "tw-confirm" in html
    tap(app, [b for b in buttons(html, "table-ui") if b["text"] == "Cancel"][0])
    assert "tw-confirm" not in app.render()
    # changing the card drops the preview too, even when the new card has that command
    tap(app, opt)
    first = app.match.state["selected"]
    assert "tw-confirm" in app.render()
    n = app.match.state["n"]
    tap(app, buttons(app.render(), "reselect")[0])
    assert app.match.state["n"] == n and app.match.state["selected"] != first
    assert "tw-confirm" not in app.render()
    assert len(by_class(app.render(), "table-ui", "tw-opt")) == 8


# ---- hidden hands and hand-offs --------------------------------------------------------------------
def _hide_swap(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """A copy of ``state`` in which ``seat``'s hand differs but everything public is equal
    (one hand card swapped with one deck card), or None if the deck is empty."""
    if not state["decks"][seat] or not state["hands"][seat] or state["selected"] is not None:
        return None
    new = copy.deepcopy(state)
    h, d = new["hands"][seat], new["decks"][seat]
    h[0], d[0] = d[0], h[0]
    return new


def test_only_the_holders_hand_is_ever_rendered_in_a_full_pass_and_play_game() -> None:
    app = make_app()
    start(app, scenario="attrition")
    rng = random.Random(11)
    handoffs = 0
    last_holder = None
    for _ in range(800):
        if app.match.is_over():
            break
        html = app.render()
        state = app.match.state
        if 'data-screen="handoff"' in html:
            handoffs += 1
            # the hand-off screen: no card id of any unplayed card, no hand, no choice
            unplayed = set(sum(state["hands"], []) + sum(state["decks"], []))
            assert not (set(CARD_ID.findall(html)) & unplayed), "a hidden card on the hand-off screen"
            assert "tw-card" not in html and "tw-hand" not in html and 'data-act="play"' not in html
            nxt = app.handoff_seat()
            assert nxt != last_holder
        else:
            me = app.perspective()
            other = 1 - me
            # the only hand in the page is the holder's
            assert sorted(hand_ids(html)) == sorted(state["hands"][me])
            assert html.count('<section class="tw-hand"') == 1 and f'data-seat="{me}"' in html
            for c in state["hands"][other]:
                assert c not in CARD_ID.findall(html), f"{c} of the other hand is in the page"
            # and nothing else depends on the other hand: swap a card of it with its deck
            swapped = _hide_swap(state, other)
            if swapped is not None:
                app.match._states[-1] = swapped
                again = app.render()
                app.match._states[-1] = state
                app.table_ui.pop("steps_seen", None)
                assert _strip(again) == _strip(app.render())
            last_holder = me
        step(app, rng)
    assert app.match.is_over()
    assert handoffs >= 16  # at least one per turn


def _strip(html: str) -> str:
    return re.sub(r' tw-flash| tw-new| tw-d\d', "", html)


def test_handoff_comes_before_a_choice_owed_during_the_other_players_turn() -> None:
    app = make_app()
    start(app, scenario="centre")
    rng = random.Random(3)

    def owed(a: App) -> bool:
        st = a.match.state
        return pending(st) is not None and pending(st)["player"] != st["active"]

    assert play_until(app, rng, owed), "no choice owed by the non-active player in this game"
    st = app.match.state
    facing, active = pending(st)["player"], st["active"]
    assert app.match.meta["holder"] == active  # the active player just laid their card
    html = app.render()
    assert 'data-screen="handoff"' in html and f"Pass the device to {('Ann', 'Bob')[facing]}" in html
    assert "must choose how to carry out" in html  # why, in public words
    assert not by_class(html, "play", "tw-choice") and "tw-hand" not in html
    for c in st["hands"][active] + st["hands"][facing]:
        assert c not in CARD_ID.findall(html)
    tap(app, buttons(html, "handoff-ok")[0])
    html = app.render()
    assert app.perspective() == facing
    assert sorted(hand_ids(html)) == sorted(st["hands"][facing])
    for c in st["hands"][active]:
        assert c not in CARD_ID.findall(html)
    sid = pending(st)["space"] + 1
    assert re.search(rf'class="tw-space[^"]*tw-now[^"]*" id="patch-tw-space-{sid}"', html)
    assert "during " in html and "Turn report" in html
    if pending(st)["command"] == "rally":
        assert by_class(html, "play", "tw-rally")
    else:
        assert by_class(html, "play", "tw-choice")


def test_rally_sources_are_buttons_on_their_spaces() -> None:
    for seed in range(40):
        app = make_app()
        start(app)
        rng = random.Random(seed)
        if play_until(app, rng, lambda a: a.handoff_seat() is None and pending(a.match.state) is not None
                      and pending(a.match.state)["command"] == "rally", limit=300):
            break
    else:
        pytest.skip("no rally choice in 40 games")
    html = app.render()
    st_before = app.match.state
    seat = pending(st_before)["player"]
    legal = app.match.game.legal_actions(st_before, seat)
    for a in legal:
        li = space_li(html, int(a.args[0]))
        assert "tw-source" in li and "Rally from here" in li
        btn = [b for b in parse(li).found if b["tag"] == "button" and "tw-rally" in b["attrs"]["class"]][0]
        label = app.match.game.action_label(app.match.state, seat, a)
        assert btn["attrs"]["aria-label"] == "Rally from here: " + label.removeprefix("Rally from ")
    assert len(by_class(html, "play", "tw-rally")) == len(legal)
    btn = by_class(html, "play", "tw-rally")[0]
    tap(app, btn)
    done = app.match.actions[-1][1]
    label = app.match.game.action_label(st_before, seat, done)
    assert done in legal and btn["attrs"]["aria-label"] == "Rally from here: " + label.removeprefix("Rally from ")


def test_choice_buttons_cover_every_legal_option_with_engine_labels() -> None:
    seen: set[str] = set()
    for seed in range(30):
        app = make_app()
        start(app, scenario="garrison")
        rng = random.Random(seed)
        for _ in range(300):
            if app.match.is_over():
                break
            st = app.match.state
            if pending(st) is not None and app.handoff_seat() is None:
                html = app.render()
                seat = pending(st)["player"]
                labels = sorted(app.match.game.action_label(st, seat, a)
                                for a in app.match.game.legal_actions(st, seat))
                choices = by_class(html, "play", "tw-choice")
                got = sorted(_action_part(b["attrs"]["aria-label"]) for b in choices)
                assert got == labels
                for b in choices:
                    _shown_in_name(b)
                seen.add(pending(st)["command"])
            step(app, rng)
        if len(seen) >= 4:
            break
    assert {"move", "push"} <= seen


def _shown_in_name(b: dict[str, Any]) -> None:
    """What a button shows is part of its accessible name (speech input; WCAG 2.5.3)."""
    shown = " ".join(b["text"].split())
    assert shown in b["attrs"]["aria-label"], (shown, b["attrs"]["aria-label"])


def test_a_push_that_shoves_two_colours_shows_what_its_name_says() -> None:
    """Push choices naming units of two colours ("2 push 1R 1W") show the same words."""
    for seed in range(200):
        app = make_app()
        start(app, scenario="garrison")
        rng = random.Random(seed)

        def two_colours(a: App) -> bool:
            st = a.match.state
            if pending(st) is None or pending(st)["command"] != "push" or a.handoff_seat() is not None:
                return False
            acts = a.match.game.legal_actions(st, pending(st)["player"])
            return any(sum(1 for c in x.args[1:4] if int(c)) >= 2 for x in acts)

        if play_until(app, rng, two_colours, limit=300):
            break
    else:
        pytest.skip("no push of two colours in 200 games")
    pushes = by_class(app.render(), "play", "tw-push")
    assert any(len(b["attrs"]["aria-label"].split(":")[0].split()) >= 4 for b in pushes)  # "2 push 1Y 1R"
    for b in pushes:
        _shown_in_name(b)


def _action_part(name: str) -> str:
    """The action's label inside a choice button's name, which starts with what the
    button shows ("2 push 1Y: <label>", "Y Yellow unit: <label>", "Rally from here: <space>")."""
    if name.startswith("Rally from here: "):
        return "Rally from " + name.removeprefix("Rally from here: ")
    return name.split(": ", 1)[1] if ": " in name else name


# ---- bots -------------------------------------------------------------------------------------------
def test_bot_thinking_shows_progress_and_no_action_buttons() -> None:
    app = make_app(botspeed_override="instant")
    start(app, kinds=("bot", "human"), level="normal")
    rng = random.Random(2)
    assert play_until(app, rng, lambda a: a.bot_pending() and len(
        a.match.game.legal_actions(a.match.state, a.match.bot_to_act())) > 1)
    html = app.render()
    assert 'role="progressbar"' in html and 'id="think-progress"' in html and 'aria-valuenow="0"' in html
    assert "is thinking…" in html and not buttons(html, "play")
    thinking = app.bot_thinker()
    thinking.step(0.005)
    assert 0 < thinking.progress < 1
    html = app.render()
    pct = int(re.search(r'aria-valuenow="(\d+)"', html).group(1))
    assert pct == round(100 * thinking.progress) and f"transform:scaleX({pct / 100:.2f})" in html
    while not thinking.step(1.0):
        pass
    assert app.bot_apply(thinking) and app.thinking is None
    # a human seat vs a bot: the human's hand is shown, never the bot's
    for _ in range(60):
        if app.match.is_over():
            break
        html = app.render()
        assert set(hand_ids(html)) <= set(app.match.state["hands"][1])
        for c in app.match.state["hands"][0]:
            assert c not in CARD_ID.findall(html)
        step(app, rng)


# ---- the end -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["objectives", "garrison", "attrition"])
def test_end_panel_breaks_the_score_down_and_offers_a_rematch(scenario: str) -> None:
    app = make_app()
    start(app, scenario=scenario)
    rng = random.Random(7)
    assert play_until(app, rng, lambda a: a.match.is_over(), limit=1000)
    html = app.render()
    out = app.match.game.outcome(app.match.state)
    b = app.match.game.board_view(app.match.state, None)
    end = re.search(r'<section class="endpanel tw-end".*?</section>', html, re.S).group(0)
    table = re.search(r"<table.*?</table>", end, re.S).group(0)
    body = re.search(r"<tbody>.*?</tbody>", table, re.S).group(0)
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td></tr>', body)
    names = [r[0] for r in rows]
    assert names[:5] == [sp["name"] for sp in b["spaces"]]
    for (_, y, r), sp in zip(rows[:5], b["spaces"], strict=True):
        cells = [y, r]
        for p in (0, 1):
            assert cells[p] == (str(sp["values"][p]) if sp["control"] == p else "—")
    extra = {"objectives": "Objective markers", "garrison": "Trophies (×2)", "attrition": "White cubes (×1)"}
    assert extra[scenario] in names
    total = re.search(r"<tfoot><tr><th[^>]*>Total</th><td>(\d+)</td><td>(\d+)</td>", table).groups()
    assert [int(x) for x in total] == [int(s) for s in out.scores]
    assert sum(int(c) for row in rows for c in row[1:2] if c != "—") == int(total[0])
    assert sum(int(c) for row in rows for c in row[2:3] if c != "—") == int(total[1])
    if len(out.winners) == 1:
        assert f"{('Ann', 'Bob')[out.winners[0]]} wins!" in end
    else:
        assert "A draw!" in end and "play again" in end
    assert buttons(html, "rematch") and not buttons(html, "play") and "tw-hand" not in html
    tap(app, buttons(html, "rematch")[0])
    assert not app.match.actions and app.match.options["scenario"] == scenario


def test_breakdown_counts_the_first_game_of_a_match_of_two() -> None:
    app = make_app()
    start(app, scenario="raid", match_of_two=True)
    rng = random.Random(9)
    assert play_until(app, rng, lambda a: a.match.is_over(), limit=2000)
    b = app.match.game.board_view(app.match.state, None)
    assert b["game_no"] == 2
    bd = tw.breakdown(b)
    assert ("Game 1", b["carry"]) in [(r[0], r[1]) for r in bd["rows"]]
    assert bd["total"] == [p["score"] for p in b["players"]]
    assert "game 2 of 2" in app.render()


# ---- the rest ---------------------------------------------------------------------------------------------
def test_every_button_has_an_accessible_name_and_big_targets_classes() -> None:
    app = make_app()
    start(app)
    rng = random.Random(4)
    for _ in range(120):
        if app.match.is_over():
            break
        for b in buttons(app.render()):
            assert (b["attrs"].get("aria-label") or b["text"]).strip(), b
        step(app, rng)


def test_rules_help_is_in_our_own_words() -> None:
    app = make_app()
    app.dispatch("rules", {"game": "time_war"})
    html = app.render()
    assert "How to play Time War" in html and "The six commands" in html
    sheet = ROOT.parent / "shared" / "seeds" / "time_war_rules.txt"
    if sheet.exists():  # no run of 8 words from the printed sheet
        text = " ".join(sheet.read_text().split())
        words = " ".join(re.sub(r"<[^>]+>", " ", unescape(html)).split()).split()
        for i in range(len(words) - 8):
            assert " ".join(words[i:i + 8]) not in text, " ".join(words[i:i + 8])
