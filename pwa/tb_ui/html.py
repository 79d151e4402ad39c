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
from string import Formatter
from typing import Any, LiteralString

from markupsafe import Markup, escape

from py_engine.core.wording import bare_name, plural, possessive, seat_name

# the wording helper (plurals, possessives, seat names) is the engines' own, re-exported for the UI
__all__ = ["Markup", "as_markup", "attrs", "bare_name", "button", "escape", "html", "jattr", "join", "plural",
           "possessive", "seat_name"]

EMPTY = Markup("")


def html(template: LiteralString, /, *args: Any, **kwargs: Any) -> Markup:
    """``template`` (a string literal of markup) with its ``{}`` fields filled by
    ``args``/``kwargs``, each escaped unless it is :class:`Markup`.

    >>> html('<a title="{t}">{n}</a>', t='say "hi"', n=3)
    Markup('<a title="say &#34;hi&#34;">3</a>')
    """
    parts = _TEMPLATES.get(template)
    if parts is None:
        parts = _TEMPLATES[template] = _compile(template)
    if not parts:  # a field this fast path does not take (``{x.y}``, ``{x!r}``, nested specs)
        return Markup(template).format(*args, **kwargs)  # noqa: S704 - the one place a template becomes Markup
    out: list[str] = []
    for literal, key, spec in parts:
        out.append(literal)
        if key is None:
            continue
        value = args[key] if isinstance(key, int) else kwargs[key]
        if spec or not isinstance(value, str):
            out.append(_format_field(value, spec))
        elif isinstance(value, Markup):
            out.append(value)
        else:
            out.append(escape(value))
    return Markup("".join(out))  # noqa: S704 - built from a literal template and escaped fields


# A template's pieces, parsed once: (literal text, field key or None, format spec). Empty for a
# template the fast path leaves to ``Markup.format`` (which gives the same result, slower).
_TEMPLATES: dict[str, tuple[tuple[str, int | str | None, str], ...]] = {}
_PARSER = Formatter()


def _compile(template: str) -> tuple[tuple[str, int | str | None, str], ...]:
    parts: list[tuple[str, int | str | None, str]] = []
    auto = 0
    numbering: set[str] = set()
    for literal, field, spec, conversion in _PARSER.parse(template):
        if field is None:
            parts.append((literal, None, ""))
            continue
        if conversion is not None or "{" in (spec or ""):
            return ()
        key: int | str
        if field == "":
            key, auto = auto, auto + 1
            numbering.add("auto")
        elif field.isdigit():
            key = int(field)
            numbering.add("manual")
        elif field.isidentifier():
            key = field
        else:
            return ()
        if len(numbering) > 1:  # Markup.format raises the proper error
            return ()
        parts.append((literal, key, spec or ""))
    return tuple(parts)


def _format_field(value: Any, spec: str) -> str:
    """One field as MarkupSafe's formatter fills it: ``__html_format__`` or ``__html__``
    if the value has them, else ``format(value, spec)`` escaped."""
    if hasattr(value, "__html_format__"):
        rv = value.__html_format__(spec)
    elif hasattr(value, "__html__"):
        if spec:
            raise ValueError(f"format spec {spec!r} given for {type(value)}, which has no __html_format__")
        rv = value.__html__()
    else:
        rv = format(value, spec)
    return str(escape(rv))


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


