"""Sending the page only what changed (issue 44): a table's large parts are *regions*, and a region
whose markup is the same as in the page last sent goes as an empty placeholder the page keeps its
copy for.

A region is an element whose start tag carries ``data-patch="<name>"`` and ``id="patch-<name>"``
(names unique in a page; the id is what lets the page's patch, Idiomorph, match a placeholder with
its copy rather than with a sibling of the same tag): the Time of Crisis map, the Barons board, the
players' mats. Regions may hold regions: a region that changed is sent with the regions inside it
that did not change as placeholders (a map whose one province changed sends that province, the
map's frame and a placeholder for every other province). Most taps change one or two of them, so
the page neither parses nor walks the others (tb-page.mjs: a node whose new markup says
``data-same`` is left as it is).

>>> sent = {}
>>> page = '<main><div id="patch-map" data-patch="map"><svg>…</svg></div><p>Your move</p></main>'
>>> first = send_changed(page, sent)
>>> first == page and sent == {"map": '<div id="patch-map" data-patch="map"><svg>…</svg></div>'}
True
>>> send_changed(page.replace("Your", "Ann’s"), sent)
'<main><div id="patch-map" data-patch="map" data-same="1"></div><p>Ann’s move</p></main>'
>>> board = '<svg id="patch-b" data-patch="b"><g id="patch-x" data-patch="x">1</g><g id="patch-y" data-patch="y">2</g></svg>'
>>> _ = send_changed(board, sent)
>>> send_changed(board.replace(">2<", ">3<"), sent)
'<svg id="patch-b" data-patch="b"><g id="patch-x" data-patch="x" data-same="1"></g><g id="patch-y" data-patch="y">3</g></svg>'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup

__all__ = ["RegionMemo", "regions", "send_changed"]

#: A region's start tag: its tag name and the region's name.
_START = re.compile(r'<([a-z][a-z0-9]*)\b[^>]*?\sdata-patch="([^"]+)"[^>]*>')
_TAGS: dict[str, re.Pattern[str]] = {}  # tag name -> its start and end tags
_MARK = ' data-patch="'


def regions(page: str) -> list[tuple[str, int, int]]:
    """The regions of ``page``: ``(name, start, end)`` with ``page[start:end]`` the region's whole
    element, in page order (a region inside another comes after it, and within its span).

    Raises:
        ValueError: a region's element is not closed, has not the id ``patch-<name>``, or two
            regions have one name (a renderer's mistake: the page could keep the wrong copy)."""
    out: list[tuple[str, int, int]] = []
    names: set[str] = set()
    at = page.find(_MARK)
    while at >= 0:  # each start tag that names a region (a find, then the tag read: no regex scan of the page)
        m = _START.match(page, page.rfind("<", 0, at))
        at = page.find(_MARK, at + len(_MARK))
        if m is None:
            continue  # the words in a text, not an attribute
        tag, name = m.group(1), m.group(2)
        if f' id="patch-{name}"' not in m.group(0):
            raise ValueError(f'the region {name!r} has not the id "patch-{name}"')
        tags = _TAGS.get(tag)
        if tags is None:
            tags = _TAGS[tag] = re.compile(rf"<(/?){tag}\b[^>]*>")
        depth, end = 1, -1
        for t in tags.finditer(page, m.end()):
            if t.group(0).endswith("/>"):
                continue  # <g/>: opens and closes
            depth += -1 if t.group(1) else 1
            if depth == 0:
                end = t.end()
                break
        if end < 0:
            raise ValueError(f"the region {name!r} is not closed")
        if name in names:
            raise ValueError(f"two regions are called {name!r}")
        names.add(name)
        out.append((name, m.start(), end))
    return out


def send_changed(page: str, sent: dict[str, str]) -> str:
    """``page`` as it goes to the page: every region whose markup is ``sent[name]`` (what the page
    holds, from the last page sent) replaced by its start tag with ``data-same="1"`` and nothing
    inside (a region inside one so replaced goes with it). ``sent`` is updated to this page's
    regions (whole markup), every one of them.

    Raises:
        ValueError: as :func:`regions`."""
    found = regions(page)
    out: list[str] = []
    pos = 0
    for name, start, end in found:
        if start < pos:
            continue  # inside a region already sent as a placeholder
        markup = page[start:end]
        if sent.get(name) == markup:
            tag = _START.match(page, start)
            assert tag is not None  # found by it
            out.append(page[pos:tag.end() - 1])
            out.append(f' data-same="1"></{tag.group(1)}>')
            pos = end
    out.append(page[pos:])
    sent.clear()
    sent.update((name, page[start:end]) for name, start, end in found)
    return "".join(out)


class RegionMemo:
    """A table's regions drawn again only when what they are drawn from changed (issue 44: Python's
    render is most of the worker's part of a tap, and a Time of Crisis move changes one or two of
    the map's 22 regions).

    :meth:`draw` returns the markup kept under ``name`` if ``inputs`` (a text that says everything
    the region is drawn from: ``repr`` of those values, so a value changed in place later does not
    change what was kept) is the one it was drawn from; else it calls ``draw(*args)`` and keeps that. One
    entry per name, so the memo holds one page's regions at most.

    ``RegionMemo.check`` (the UI tests set it) draws every region anyway and raises
    ``AssertionError`` if the kept markup differs: an input left out of ``inputs`` shows there.

    >>> memo = RegionMemo()
    >>> def province(n: int) -> Markup:
    ...     return Markup(f"<g>{n}</g>")
    >>> first = memo.draw("r1", repr(3), province, 3)
    >>> memo.draw("r1", repr(3), province, 3) is first  # the same inputs: the markup kept
    True
    >>> memo.draw("r1", repr(4), province, 4)
    Markup('<g>4</g>')
    """

    check = False

    def __init__(self) -> None:
        self._kept: dict[str, tuple[str, Markup]] = {}

    def draw(self, name: str, inputs: str, draw: Callable[..., Markup], *args: object) -> Markup:
        """The markup of region ``name`` drawn from ``inputs``: kept, or ``draw(*args)`` (then kept)."""
        kept = self._kept.get(name)
        if kept is not None and kept[0] == inputs:
            if RegionMemo.check:
                again = draw(*args)
                assert again == kept[1], f"region {name!r} kept from the same inputs differs:\n{kept[1]}\n{again}"
            return kept[1]
        markup = draw(*args)
        self._kept[name] = (inputs, markup)
        return markup
