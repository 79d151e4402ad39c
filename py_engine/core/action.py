"""The :class:`Action` type: one decision, small, hashable and JSON-ready."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SaveError

Arg = int | str


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: a verb and a tuple of ints or strings.

    >>> a = Action("place", (3,))
    >>> a.to_json()
    ['place', 3]
    >>> Action.from_json(["place", 3]) == a
    True
    >>> str(a)
    'place 3'
    """

    name: str
    args: tuple[Arg, ...] = ()

    def to_json(self) -> list[Arg]:
        """Return ``[name, *args]``, the form used in logs, saves and the UI."""
        return [self.name, *self.args]

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse ``[name, *args]``.

        Raises:
            SaveError: if ``data`` is not a list starting with a string and holding
                only ints and strings.
        """
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise SaveError(f"not an action: {data!r}")
        args = tuple(data[1:])
        for a in args:
            if isinstance(a, bool) or not isinstance(a, int | str):
                raise SaveError(f"bad action argument {a!r} in {data!r}")
        return cls(data[0], args)

    def __str__(self) -> str:
        return " ".join([self.name, *(str(a) for a in self.args)])
