"""Tiny HTML helpers: every piece of text that reaches the page goes through
:func:`e` (``html.escape`` with quotes), every attribute through :func:`attrs`."""

from __future__ import annotations

import html
import json
from typing import Any


def e(value: Any) -> str:
    """Escape text for HTML content or a quoted attribute value."""
    return html.escape(str(value), quote=True)


def attrs(**kw: Any) -> str:
    """`` name="value"`` pairs; ``_`` in names becomes ``-``; ``None``/``False``
    values are dropped and ``True`` gives a bare attribute.

    >>> attrs(data_act="go", disabled=True, hidden=None, aria_label='a "b"')
    ' data-act="go" disabled aria-label="a &quot;b&quot;"'
    """
    out = []
    for k, v in kw.items():
        name = k.rstrip("_").replace("_", "-")
        if v is None or v is False:
            continue
        if v is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{e(v)}"')
    return "".join(out)


def button(label: str, act: str, cls: str = "btn", *, raw_label: bool = False, **kw: Any) -> str:
    """A ``<button type=button data-act=...>``; ``label`` is escaped unless ``raw_label``."""
    inner = label if raw_label else e(label)
    return f'<button type="button"{attrs(class_=cls, data_act=act, **kw)}>{inner}</button>'


def jattr(value: Any) -> str:
    """Compact JSON for a data attribute (escape it with :func:`attrs`)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"
