"""Reading JSON from outside (save files, browser storage) without trusting it.

``json.loads`` recurses once per nesting level: a 12 KB file nested 6,000 levels
deep exhausts the stack (in Pyodide the whole runtime aborts with "Maximum call
stack size exceeded"). :func:`loads_limited` measures size and depth with a flat
scan first and refuses what no save of ours could be, with a message a player can
read.

>>> loads_limited('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads_limited("[" * 100 + "]" * 100, max_depth=64)
Traceback (most recent call last):
...
py_engine.core.safejson.UnsafeJson: The file is nested more than 64 levels deep: it is not a save of this app.
"""

from __future__ import annotations

import json
from typing import Any

#: Deepest nesting any of our saves or stored records reaches is about 6 levels
#: (save -> actions -> [seat, action] -> args); game states are below 20.
MAX_DEPTH = 64
#: Largest text we read as a save (a 1,000-move game is about 30 KB).
MAX_BYTES = 8 * 1024 * 1024


class UnsafeJson(ValueError):
    """Text that is not JSON, or JSON too large or too deeply nested to read safely.

    ``kind`` is ``"encoding"`` (bytes not UTF-8), ``"size"``, ``"depth"`` or
    ``"syntax"``; the message is written for a player.
    """

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting in ``text``, ignoring brackets inside
    strings (a flat scan: no recursion, linear time).

    >>> nesting_depth('{"a": [[1]], "b": "[[[["}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def decode_text(data: str | bytes, max_bytes: int = MAX_BYTES) -> str:
    """``data`` as text: bytes decoded as UTF-8, a leading byte-order mark dropped.

    Raises:
        UnsafeJson: ``kind="size"`` over ``max_bytes``; ``kind="encoding"`` for bytes
            that are not UTF-8.
    """
    if len(data) > max_bytes:
        raise UnsafeJson(f"The file is too large ({len(data):,} bytes; at most {max_bytes:,}): "
                         "it is not a save of this app.", "size")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise UnsafeJson("The file is not text (it is not UTF-8): it is not a save of this app.",
                             "encoding") from None
    return data[1:] if data.startswith("\ufeff") else data


def loads_limited(data: str | bytes, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text after checking its size and nesting depth.

    Args:
        data: the text, or UTF-8 bytes (a leading BOM is allowed).
        max_bytes: the largest accepted length (characters or bytes).
        max_depth: the deepest accepted nesting of arrays and objects.

    Raises:
        UnsafeJson: with ``kind`` ``"size"``, ``"encoding"``, ``"depth"`` or ``"syntax"``.
    """
    text = decode_text(data, max_bytes)
    if nesting_depth(text) > max_depth:
        raise UnsafeJson(f"The file is nested more than {max_depth} levels deep: "
                         "it is not a save of this app.", "depth")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise UnsafeJson("The file is not valid JSON.", "syntax") from None
