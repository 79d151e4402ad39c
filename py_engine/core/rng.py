"""Deterministic random generators whose whole state lives in the game State.

Two generators, named in every save (:attr:`Match.generator <py_engine.core.match.Match>`):

- :data:`XOSHIRO` (``"xoshiro128**"``, Blackman & Vigna, seeded with splitmix64), on four 32-bit
  words: fast, but not cryptographic: whoever sees a few outputs can work out the seed and every
  later draw. It deals the games of tests, simulations and benchmarks, the daily challenge (a
  public deal by design, :mod:`py_engine.core.daily`), every game saved before engine 0.7.0, and
  every copy a bot searches (:meth:`Game.determinize <py_engine.core.game.Game.determinize>`
  re-seeds it: a bot's playouts never decide the real deal, so they may be fast).
- :data:`KEYED` (``"blake2b-ctr"``): keyed BLAKE2b (the standard library's ``hashlib``) in counter
  mode, a pseudo-random function of a 256-bit key derived from the seed; its outputs say nothing
  of the key, so a player who sees their own cards cannot work out anyone else's. Ten words:
  the key's eight, then the draw counter's low and high words. The app deals every new game with
  it, from a 256-bit seed of the platform's cryptographic source (:func:`new_seed`).

The words are plain ints below 2**32, so the state is JSON-safe everywhere (also in JavaScript
numbers), and the same seed gives the same game in CPython and Pyodide. :class:`Rng` reads either
kind of word list (it tells them by their length).
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF

#: The fast, non-cryptographic generator (module docstring).
XOSHIRO = "xoshiro128**"
#: The cryptographic generator (module docstring).
KEYED = "blake2b-ctr"
#: Every generator a deal may use, by the name a save gives it.
GENERATORS = (XOSHIRO, KEYED)
#: Bits of a new seed (:func:`new_seed`).
SEED_BITS = 256
_KEY_PERSON = b"tb-deal-key"   # BLAKE2b personalisation of the key derivation
_DRAW_PERSON = b"tb-deal-draw"  # ... and of the draws
_BLOCK_WORDS = 16               # 32-bit words per BLAKE2b-512 output


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


def new_seed() -> int:
    """A seed for a new game nobody can guess: :data:`SEED_BITS` bits from the platform's
    cryptographic source (``secrets``: the operating system's, in Pyodide the browser's
    ``crypto.getRandomValues``).

    >>> 0 <= new_seed() < 2**SEED_BITS
    True
    """
    return secrets.randbits(SEED_BITS)


def keyed_words(seed: int) -> list[int]:
    """The :data:`KEYED` generator's 10-word state for ``seed`` (any int): the key, BLAKE2b of
    the seed's decimal digits, as eight little-endian words, then a draw counter of 0.

    >>> w = keyed_words(7); len(w), w[8:], w == keyed_words(7) != keyed_words(8)
    (10, [0, 0], True)
    """
    key = hashlib.blake2b(str(seed).encode(), digest_size=32, person=_KEY_PERSON).digest()
    return [int.from_bytes(key[i:i + 4], "little") for i in range(0, 32, 4)] + [0, 0]


def generator_words(seed: int, generator: str) -> list[int]:
    """The state words of ``generator`` (one of :data:`GENERATORS`) seeded with ``seed``.

    Raises:
        ValueError: an unknown generator.
    """
    if generator == XOSHIRO:
        return seed_words(seed)
    if generator == KEYED:
        return keyed_words(seed)
    raise ValueError(f"unknown random generator {generator!r}; known: {', '.join(GENERATORS)}")


def generator_of(words: list[int]) -> str:
    """The name of the generator whose state ``words`` are (by their length).

    >>> generator_of(seed_words(1)), generator_of(keyed_words(1))
    ('xoshiro128**', 'blake2b-ctr')
    """
    return KEYED if len(words) == 10 else XOSHIRO


class Rng:
    """A view on a generator's state list (:func:`generator_words`); drawing mutates that
    list in place. ``Rng(words)`` gives a :class:`KeyedRng` for the 10 words of :data:`KEYED`.

    Use it on the list stored in a State: ``Rng(state["rng"]).below(6)``.

    >>> words = seed_words(42)
    >>> r = Rng(words)
    >>> a = [r.below(10) for _ in range(5)]
    >>> r2 = Rng(seed_words(42))
    >>> a == [r2.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("s",)

    def __new__(cls, words: list[int]) -> Rng:
        if cls is Rng and len(words) == 10:
            return object.__new__(KeyedRng)
        return object.__new__(cls)

    def __init__(self, words: list[int]) -> None:
        if len(words) != 4:
            raise ValueError("RNG state must be 4 words (xoshiro128**) or 10 (blake2b-ctr)")
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


class KeyedRng(Rng):
    """The :data:`KEYED` generator on its 10-word state: output ``i`` is word ``i % 16`` of
    ``BLAKE2b-512(key, counter // 16)``; drawing advances the counter (words 8 and 9) in place.
    Its outputs reveal nothing of the key, so no one can work out other draws from the ones
    they see. ``below`` is unbiased at every size (rejection sampling).

    >>> words = keyed_words(42); r = Rng(words); type(r).__name__
    'KeyedRng'
    >>> a = [r.below(10) for _ in range(20)]
    >>> words[8]  # the draw counter lives in the words
    20
    >>> b = [Rng(w).below(10) for w in [keyed_words(42)] for _ in range(20)]  # one state, new views
    >>> a == b
    True
    """

    __slots__ = ("_key", "_block", "_out")

    def __init__(self, words: list[int]) -> None:
        if len(words) != 10:
            raise ValueError("a blake2b-ctr state is 10 words")
        self.s = words
        self._key = b"".join(w.to_bytes(4, "little") for w in words[:8])
        self._block = -1
        self._out = b""

    def next32(self) -> int:
        """The next 32-bit output, an int in ``[0, 2**32)``."""
        s = self.s
        count = s[8] | s[9] << 32
        block, i = divmod(count, _BLOCK_WORDS)
        if block != self._block:
            self._out = hashlib.blake2b(block.to_bytes(8, "little"), key=self._key, digest_size=64,
                                        person=_DRAW_PERSON).digest()
            self._block = block
        count += 1
        s[8], s[9] = count & _M32, count >> 32
        return int.from_bytes(self._out[4 * i:4 * i + 4], "little")

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)``, with no bias at any size.

        Raises:
            ValueError: if ``n < 1``.
        """
        if n <= 1 << 32:
            return super().below(n)
        words = (n.bit_length() + 31) // 32
        span = 1 << (32 * words)
        limit = span - span % n
        while True:
            x = 0
            for _ in range(words):
                x = x << 32 | self.next32()
            if x < limit:
                return x % n
