"""The app's events: each screen module registers the taps it answers, with a typed payload
(issue 49 §2: an app made of screens).

A tap reaches :meth:`tb_ui.app.App.dispatch` as a name (the button's ``data-act``) and its
``data-*`` values (strings from the page, or what the page read: a file's text). An :class:`Event`
names the payload class that reads those values and the handler that takes the app and the
payload. :func:`handles` registers one::

    @handles("delete", SaveId)
    def delete(app: Any, p: SaveId) -> None: ...

:func:`event` finds an event by name. A payload class is a frozen dataclass with a ``read``
classmethod that takes the raw values and raises :class:`BadPayload` (its message is shown)
when they cannot be read; the dispatcher refuses such a tap in one place, with the state
unchanged.

Navigation (go, back, rules, dismiss: the App's own concern) registers its taps in
:mod:`tb_ui.app`; a tap registered nowhere is ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

#: What a handler may return: effects for the browser layer (``{"download": (name, text)}``), or None.
Effects = dict[str, Any] | None


class BadPayload(ValueError):
    """A tap's values cannot be read as its event's payload; the message says why (shown to the
    player as the screen's error)."""


class Payload(Protocol):
    """A payload class: ``read(raw)`` builds it from a tap's raw values or raises BadPayload."""

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Payload: ...


P = TypeVar("P")


@dataclass(frozen=True)
class Event(Generic[P]):
    """One tap the app answers: its ``name`` (``data-act``), the function reading its payload
    from the raw values (raises :class:`BadPayload`), and its ``handler`` (the app, the payload;
    returns :data:`Effects`)."""

    name: str
    read: Callable[[Mapping[str, Any]], P]
    handler: Callable[[Any, P], Effects]

    def run(self, app: Any, raw: Mapping[str, Any]) -> Effects:
        """Read the payload and run the handler. Raises BadPayload (nothing was done)."""
        return self.handler(app, self.read(raw))


_EVENTS: dict[str, Event[Any]] = {}


def handles(name: str, payload: Any) -> Callable[[Callable[[Any, Any], Effects]], Callable[[Any, Any], Effects]]:
    """Register the decorated function as the handler of tap ``name``, its payload read by
    ``payload.read``. Raises ValueError if ``name`` already has a handler."""

    def register(fn: Callable[[Any, Any], Effects]) -> Callable[[Any, Any], Effects]:
        if name in _EVENTS:
            raise ValueError(f"two handlers for the event {name!r}")
        _EVENTS[name] = Event(name, payload.read, fn)
        return fn

    return register


def event(name: str) -> Event[Any] | None:
    """The registered event called ``name``, or None."""
    return _EVENTS.get(name)


def names() -> frozenset[str]:
    """Every registered event's name."""
    return frozenset(_EVENTS)


# ---- payloads shared by several screens ----------------------------------------------------------
def truthy(v: Any) -> bool:
    """A tap's on/off value read as a bool: "1", "true", "on", "yes" (any case) or a true value."""
    if isinstance(v, str):
        return v.lower() in ("1", "true", "on", "yes")
    return bool(v)


def int_or_none(v: Any) -> int | None:
    """A tap's whole-number value (``"3"``, ``3``), or None if it has none or it is not one."""
    if isinstance(v, bool) or v is None or v == "":
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class NoPayload:
    """A tap that carries nothing (its raw values are ignored)."""

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> NoPayload:
        return cls()


@dataclass(frozen=True)
class SaveId:
    """A tap on one saved game: ``id``, its key in the save store. Raises BadPayload without one."""

    id: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> SaveId:
        sid = raw.get("id")
        if not isinstance(sid, str | int) or isinstance(sid, bool) or str(sid) == "":
            raise BadPayload("That save no longer exists.")
        return cls(str(sid))
