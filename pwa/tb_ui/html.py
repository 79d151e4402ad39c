"""The one path by which markup reaches the page: MarkupSafe's :class:`Markup`.

Every renderer returns :class:`Markup`. Text is escaped unless it is already
``Markup``; nothing else is ever pasted into markup:

- :func:`html` fills a *literal* template: ``html('<b>{}</b>', name)``. Each field is
  escaped unless it is Markup (a nested renderer's output). Format specs work on the
  value before it is escaped (``{x:.1f}``); a literal brace is written ``{{``.
- :func:`join` joins pieces (str pieces escaped, Markup kept), :func:`attrs` builds
  attributes, :func:`button` a button, :func:`escape` escapes one value.
- Static markup is ``Markup('<p>literal</p>')``: a literal only.

``ruff`` rule S704 (unsafe-markup-use, configured in pyproject.toml with :func:`html`
as a Markup name) refuses ``Markup``/``html`` called on anything but a string literal,
such as an f-string: that is the mistake this module exists to make impossible. The
browser layer inserts only what :func:`as_markup` returns, so a plain ``str`` reaching
the page is shown as text, never parsed as markup.

>>> html('<p class="{}">{} wins!</p>', "end", "<b>Ann</b>")
Markup('<p class="end">&lt;b&gt;Ann&lt;/b&gt; wins!</p>')
>>> join([Markup("<br>"), "a<b"])
Markup('<br>a&lt;b')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, LiteralString

from markupsafe import Markup, escape

__all__ = ["Markup", "as_markup", "attrs", "button", "escape", "html", "jattr", "join", "plural"]

EMPTY = Markup("")


def html(template: LiteralString, /, *args: Any, **kwargs: Any) -> Markup:
    """``template`` (a string literal of markup) with its ``{}`` fields filled by
    ``args``/``kwargs``, each escaped unless it is :class:`Markup`.

    >>> html('<a title="{t}">{n}</a>', t='say "hi"', n=3)
    Markup('<a title="say &#34;hi&#34;">3</a>')
    """
    return Markup(template).format(*args, **kwargs)  # noqa: S704 - the one place a template becomes Markup


def join(parts: Iterable[Any], sep: Markup = EMPTY) -> Markup:
    """``parts`` joined by ``sep``; str parts are escaped, Markup parts kept."""
    return sep.join(parts)


def as_markup(value: Any) -> Markup:
    """What may be inserted into the page: ``value`` if it is Markup, else ``value``
    escaped (a renderer that returned a plain str shows it as text)."""
    return escape(value)


def attrs(**kw: Any) -> Markup:
    """`` name="value"`` pairs; ``_`` in names becomes ``-``; ``None``/``False``
    values are dropped and ``True`` gives a bare attribute. Values are escaped.

    >>> attrs(data_act="go", disabled=True, hidden=None, aria_label='a "b"')
    Markup(' data-act="go" disabled aria-label="a &#34;b&#34;"')
    """
    out = []
    for k, v in kw.items():
        name = k.rstrip("_").replace("_", "-")
        if v is None or v is False:
            continue
        if v is True:
            out.append(html(" {}", name))
        else:
            out.append(html(' {}="{}"', name, v))
    return join(out)


def button(label: Any, act: str, cls: str = "btn", **kw: Any) -> Markup:
    """A ``<button type=button data-act=...>``; ``label`` is escaped unless it is
    Markup (pass ``html(...)`` for a label with markup inside).

    >>> button("<Go>", "go")
    Markup('<button type="button" class="btn" data-act="go">&lt;Go&gt;</button>')
    """
    return html('<button type="button"{}>{}</button>', attrs(class_=cls, data_act=act, **kw), label)


def jattr(value: Any) -> str:
    """Compact JSON for a data attribute (escape it with :func:`attrs`)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"`` (plain text)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"
