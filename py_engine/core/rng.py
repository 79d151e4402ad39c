"""A small deterministic random generator whose whole state lives in the game State.

xoshiro128** (Blackman & Vigna) on four 32-bit words, seeded with splitmix64.
The words are plain ints below 2**32, so the state is JSON-safe everywhere (also
in JavaScript numbers) and the same seed gives the same game in CPython and Pyodide.
"""

from __future__ import annotations

import math
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _M32


def seed_words(seed: int) -> list[int]:
    """Expand any int seed into the 4-word RNG state (splitmix64).

    >>> seed_words(1) == seed_words(1)
    True
    >>> all(0 <= w < 2**32 for w in seed_words(-5))
    True
    """
    x = seed & _M64
    words: list[int] = []
    for _ in range(2):
        x = (x + 0x9E3779B97F4A7C15) & _M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        z ^= z >> 31
        words += [z & _M32, z >> 32]
    if not any(words):
        words[0] = 1
    return words


class Rng:
    """A view on a 4-word RNG state list; drawing mutates that list in place.

    Use it on the list stored in a State: ``Rng(state["rng"]).below(6)``.

    >>> words = seed_words(42)
    >>> r = Rng(words)
    >>> a = [r.below(10) for _ in range(5)]
    >>> r2 = Rng(seed_words(42))
    >>> a == [r2.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("s",)

    def __init__(self, words: list[int]) -> None:
        if len(words) != 4:
            raise ValueError("RNG state must be 4 words")
        self.s = words

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator on a fresh state list made from ``seed``."""
        return cls(seed_words(seed))

    def next32(self) -> int:
        """The next 32-bit output, an int in ``[0, 2**32)``."""
        s = self.s
        result = (_rotl((s[1] * 5) & _M32, 7) * 9) & _M32
        t = (s[1] << 9) & _M32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)`` (rejection sampling, no modulo bias).

        Raises:
            ValueError: if ``n < 1``.
        """
        if n < 1:
            raise ValueError("below() needs n >= 1")
        if n == 1:
            return 0
        if n > 1 << 32:
            hi = self.below(n >> 32 if n >> 32 else 1)
            return (hi << 32 | self.next32()) % n
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return ((self.next32() >> 5) * 67108864 + (self.next32() >> 6)) / 9007199254740992.0

    def choice(self, seq: list[T]) -> T:
        """A uniformly chosen element. Raises ``IndexError`` on an empty list."""
        if not seq:
            raise IndexError("choice from an empty list")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle ``seq`` in place (Fisher–Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """A normal variate (Box–Muller), for bot knowledge models."""
        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2 * math.pi * u2)

    def split(self) -> Rng:
        """A new independent generator seeded from this one (advances this one)."""
        return Rng.from_seed(self.next32() << 32 | self.next32())
