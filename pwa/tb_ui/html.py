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
import re
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
    >>> html('<i x="{:.1f}">{}</i>', 2.25, -7)
    Markup('<i x="2.2">-7</i>')
    """
    parts = _TEMPLATES.get(template)
    if parts is None:
        parts = _TEMPLATES[template] = _compile(template)
        if parts and not any(spec for _, _, spec in parts):
            _PLAIN.add(template)
    if not parts:  # a field this fast path does not take (``{x.y}``, ``{x!r}``, nested specs)
        return Markup(template).format(*args, **kwargs)  # noqa: S704 - the one place a template becomes Markup
    if template in _PLAIN:  # every field escaped first, then the template filled by str.format
        if kwargs:
            filled = template.format(*[_field(a) for a in args], **{k: _field(v) for k, v in kwargs.items()})
        else:
            filled = template.format(*[_field(a) for a in args])
        return _made(filled)
    out: list[str] = []
    for literal, key, spec in parts:
        out.append(literal)
        if key is None:
            continue
        out.append(_field(args[key] if isinstance(key, int) else kwargs[key], spec))
    return _made("".join(out))


def _made(markup: str) -> Markup:
    """``markup``, built here from literal templates and escaped fields, as :class:`Markup`
    (``Markup(markup)`` without its check for an ``__html__``: a str has none)."""
    return str.__new__(Markup, markup)


#: Whether a text needs escaping at all (most of a page's values are ids, classes and numbers):
#: one scan, where escaping costs five (MarkupSafe's pure-Python escape, the one Pyodide runs).
_UNSAFE = re.compile("[&<>\"']").search


def _field(value: Any, spec: str = "") -> str:
    """One field's markup, as MarkupSafe's formatter fills it (:func:`_format_field`), with
    the page's most common values taken first (issue 44: every table is rebuilt from these
    on every move): text without a character to escape as it is, Markup as it is, and a
    number formatted (digits, signs and points never need escaping; a format spec that
    could add such a character, as a fill, goes the long way)."""
    t = type(value)
    if t is str and not spec:
        text: str = value
        return text if _UNSAFE(text) is None else str(escape(text))
    if t is Markup and not spec:
        kept: Markup = value
        return kept
    if (t is int or t is float) and (not spec or _UNSAFE(spec) is None):
        return format(value, spec)
    return _format_field(value, spec)


# A template's pieces, parsed once: (literal text, field key or None, format spec). Empty for a
# template the fast path leaves to ``Markup.format`` (which gives the same result, slower).
_TEMPLATES: dict[str, tuple[tuple[str, int | str | None, str], ...]] = {}
_PLAIN: set[str] = set()  # the templates among those whose fields have no format spec
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
    """``parts`` joined by ``sep``; str parts are escaped, Markup parts kept (as
    ``sep.join(parts)`` does, without a Markup made for each part).

    >>> join(["a<b", Markup("<br>"), 3], Markup(", "))
    Markup('a&lt;b, <br>, 3')
    """
    return _made(str.join(sep, [p if type(p) is Markup else _part(p) for p in parts]))


def _part(value: Any) -> str:
    """One part of :func:`join`: text without a character to escape as it is, else escaped."""
    if type(value) is str and _UNSAFE(value) is None:
        return value
    return str(escape(value))


def as_markup(value: Any) -> Markup:
    """What may be inserted into the page: ``value`` if it is Markup, else ``value``
    escaped (a renderer that returned a plain str shows it as text)."""
    return escape(value)


def attrs(**kw: Any) -> Markup:
    """`` name="value"`` pairs; ``_`` in names becomes ``-``; ``None``/``False``
    values are dropped and ``True`` gives a bare attribute. Values are escaped.

    >>> attrs(data_act="go", disabled=True, hidden=None, aria_label='a "b"', data_n=3)
    Markup(' data-act="go" disabled aria-label="a &#34;b&#34;" data-n="3"')
    """
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = _NAMES.get(k)
        if name is None:  # a keyword is an identifier: nothing in its name needs escaping
            name = _NAMES[k] = k.rstrip("_").replace("_", "-")
        out.append(" " + name if v is True else f' {name}="{_field(v)}"')
    return _made("".join(out))


_NAMES: dict[str, str] = {}  # attrs' keyword -> attribute name


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


