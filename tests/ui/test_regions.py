"""``tb_ui.regions``: a render sends only the regions that changed (issue 44), and the page put
back together from what was sent is the page rendered, on every table of games played to the end.
Also the doctests of the UI's markup modules (``pwa`` is not collected by ``--doctest-modules``)."""

from __future__ import annotations

import doctest
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pwa"))

from tb_ui import html as html_module  # noqa: E402
from tb_ui import parts as parts_module  # noqa: E402
from tb_ui import regions as regions_module  # noqa: E402
from tb_ui.regions import regions, send_changed  # noqa: E402
from test_tb_ui import buttons, make_app, option_buttons, start_game, tap  # noqa: E402

PLACEHOLDER = re.compile(r'<([a-z][a-z0-9]*)\b[^>]*?\sdata-patch="([^"]+)"[^>]*?\sdata-same="1"></\1>')


def held_by_the_page(sent: str, held: dict[str, str]) -> str:
    """What the page shows after applying ``sent``: every placeholder is the region the page
    held (``held``: name -> markup, the regions of the page sent before)."""
    return PLACEHOLDER.sub(lambda m: held[m.group(2)], sent)


@pytest.mark.parametrize("module", [html_module, regions_module, parts_module])
def test_the_markup_modules_doctests_pass(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_regions_are_found_with_their_nested_tags_and_a_bad_region_is_refused() -> None:
    page = ('<main><div id="patch-a" data-patch="a" class="x"><div><div>1</div></div></div>'
            '<section class="s" data-patch="b" id="patch-b"><section>2</section></section><p>3</p></main>')
    assert [(n, page[s:e]) for n, s, e in regions(page)] == [
        ("a", '<div id="patch-a" data-patch="a" class="x"><div><div>1</div></div></div>'),
        ("b", '<section class="s" data-patch="b" id="patch-b"><section>2</section></section>')]
    with pytest.raises(ValueError, match="not closed"):
        regions('<div id="patch-a" data-patch="a"><div></div>')
    with pytest.raises(ValueError, match="two regions"):
        regions('<i id="patch-a" data-patch="a"></i><b id="patch-a" data-patch="a"></b>')
    with pytest.raises(ValueError, match='has not the id "patch-a"'):
        regions('<i data-patch="a"></i>')
    # a region inside another is listed after it; it needs its id too
    inner = '<div id="patch-a" data-patch="a"><i id="patch-b" data-patch="b"></i><g id="patch-c" data-patch="c"><g/></g></div>'
    assert [n for n, _, _ in regions(inner)] == ["a", "b", "c"]
    with pytest.raises(ValueError, match='has not the id "patch-b"'):
        regions('<div id="patch-a" data-patch="a"><i data-patch="b"></i></div>')
    # the words in a text are not a region
    assert regions('<p>say data-patch="x" here</p>') == []


def test_only_changed_regions_are_sent_and_a_new_region_or_a_whole_page_request_sends_all() -> None:
    sent: dict[str, str] = {}
    page = '<div id="patch-a" data-patch="a">1</div><div id="patch-b" data-patch="b">2</div>'
    assert send_changed(page, sent) == page
    assert send_changed(page.replace(">2<", ">3<"), sent) == ('<div id="patch-a" data-patch="a" data-same="1"></div>'
                                                              '<div id="patch-b" data-patch="b">3</div>')
    assert sent == {"a": '<div id="patch-a" data-patch="a">1</div>', "b": '<div id="patch-b" data-patch="b">3</div>'}
    # a region that went away is forgotten: back again, it is sent whole
    assert send_changed('<p>library</p>', sent) == "<p>library</p>" and sent == {}
    assert send_changed(page, sent) == page
    sent.clear()  # the page asked for a whole page (tb_ui/worker.py)
    assert send_changed(page, sent) == page


def test_a_changed_region_sends_the_unchanged_regions_inside_it_as_placeholders() -> None:
    """A map whose one province changed: the map's frame, that province, and a placeholder for the
    other; a region unchanged sends none of the regions inside it; the page put back together is
    the page rendered."""
    def board(x: str, y: str, title: str = "Map") -> str:
        return (f'<main><svg id="patch-map" data-patch="map"><title>{title}</title>'
                f'<g id="patch-x" data-patch="x"><g>{x}</g></g><g id="patch-y" data-patch="y">{y}</g></svg>'
                '<p id="patch-log" data-patch="log">log</p></main>')
    sent: dict[str, str] = {}
    first = board("1", "2")
    assert send_changed(first, sent) == first and set(sent) == {"map", "x", "y", "log"}
    held = dict(sent)
    second = board("1", "3")
    out = send_changed(second, sent)
    assert out == ('<main><svg id="patch-map" data-patch="map"><title>Map</title>'
                   '<g id="patch-x" data-patch="x" data-same="1"></g><g id="patch-y" data-patch="y">3</g></svg>'
                   '<p id="patch-log" data-patch="log" data-same="1"></p></main>')
    assert held_by_the_page(out, held) == second
    held = dict(sent)
    third = board("1", "3").replace("<p id", "<p class=\"new\" id")
    out = send_changed(third, sent)
    assert out == ('<main><svg id="patch-map" data-patch="map" data-same="1"></svg>'
                   '<p class="new" id="patch-log" data-patch="log">log</p></main>')
    assert held_by_the_page(out, held) == third and sent["x"] == '<g id="patch-x" data-patch="x"><g>1</g></g>'


@pytest.mark.parametrize("game_id", ["timeline", "time_war", "time_barons", "time_of_crisis", "barons"])
def test_every_table_put_back_together_from_what_is_sent_is_the_page_rendered(game_id: str) -> None:
    """A game played to its end by taps (two or three people passing the device, random legal
    taps; a move behind a preview played directly), rendered after every move: each page sent, with its placeholders filled from the regions
    of the page sent before it, is the page rendered; and the big regions are kept often."""
    random.seed(11)
    n = 2 if game_id == "time_war" else 3
    app = make_app()
    start_game(app, ["human"] * n, names=["Ann", "Bob", "Cy"][:n], game=game_id)
    rng = random.Random(11)
    sent_regions: dict[str, str] = {}
    kept: dict[str, int] = {}
    pages = 0
    for _ in range(400):
        page = str(app.render())
        held = dict(sent_regions)
        sent = send_changed(page, sent_regions)
        assert held_by_the_page(sent, held) == page
        pages += 1
        for m in PLACEHOLDER.finditer(sent):
            kept[m.group(2)] = kept.get(m.group(2), 0) + 1
        if app.match.is_over():
            break
        options = option_buttons(page)
        if not options:
            handoff = buttons(page, "handoff-ok")
            if handoff:
                tap(app, handoff[0])
            else:  # a choice made through a preview first (Time War's cards): played directly
                seat = app.match.to_act()[0]
                app.match.apply(seat, rng.choice(app.match.game.legal_actions(app.match.state, seat)))
            continue
        tap(app, rng.choice(options))
        assert app.error is None, app.error
    assert pages > 20
    big = {"time_of_crisis": "toc-map", "barons": "bx-board", "time_barons": "tb-sites-0"}
    if game_id in big:
        assert kept.get(big[game_id], 0) >= 5, kept
