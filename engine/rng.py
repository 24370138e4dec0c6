"""The engine's seeded PRNG: the same sequence on the badge, under MicroPython and under CPython.

Two multiply-with-carry generators in base 2^15. Each state n steps to a*(n mod 2^15) + n div 2^15 and stays
below a*2^15 < 2^30, so every value is a small int on the badge and nothing is allocated. For both multipliers
p = a*2^15 - 1 is a safe prime and 2^15 has order (p-1)/2 modulo p, so the periods are 536,739,839 and
536,248,319 (primes); the pair repeats after their product, about 2.9e17 (~2^58) steps.
"""
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_P1 = const(1073479679)  # _A1 * 2**15 - 1; states 0 and _P1 are fixed points and never used
_P2 = const(1072496639)
_LOW15 = const(0x7FFF)
_STATE_BYTES = const(8)


class Rng:
    """Seed with an int 0 <= seed < 2**30; same seed, same numbers everywhere."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed &= 0x3FFFFFFF
        self.s1 = seed % (_P1 - 1) + 1
        self.s2 = (seed ^ 0x2545F49) % (_P2 - 1) + 1
        # Mix the seed in so that neighbouring seeds diverge at once.
        for _ in range(4):
            self.next15()

    def next15(self):
        """15 random bits (0..32767)."""
        s1 = self.s1
        s1 = _A1 * (s1 & _LOW15) + (s1 >> 15)
        self.s1 = s1
        s2 = self.s2
        s2 = _A2 * (s2 & _LOW15) + (s2 >> 15)
        self.s2 = s2
        return (s1 ^ s2) & _LOW15

    def next30(self):
        """30 random bits (0..2**30-1), still a small int."""
        return (self.next15() << 15) | self.next15()

    def below(self, n):
        """Uniform int in 0..n-1 for 1 <= n <= 32768 (rejection sampling, no bias)."""
        limit = 32768 - 32768 % n
        r = self.next15()
        while r >= limit:
            r = self.next15()
        return r % n

    def die(self):
        """A die face 1..6."""
        return self.below(6) + 1

    def copy_from(self, other):
        """Continue from `other`'s state (look-ahead copies of a game; allocates nothing)."""
        self.s1 = other.s1
        self.s2 = other.s2

    def save_into(self, buf, offset):
        """Write the state as 8 bytes (little-endian) at buf[offset:]."""
        _put32(buf, offset, self.s1)
        _put32(buf, offset + 4, self.s2)
        return offset + _STATE_BYTES

    def load_from(self, buf, offset):
        """Read the state written by save_into; returns the offset after it."""
        s1 = _get32(buf, offset)
        s2 = _get32(buf, offset + 4)
        if not (0 < s1 < _P1 and 0 < s2 < _P2):
            raise ValueError("bad rng state")
        self.s1 = s1
        self.s2 = s2
        return offset + _STATE_BYTES


STATE_BYTES = _STATE_BYTES


def _put32(buf, offset, value):
    buf[offset] = value & 0xFF
    buf[offset + 1] = (value >> 8) & 0xFF
    buf[offset + 2] = (value >> 16) & 0xFF
    buf[offset + 3] = (value >> 24) & 0xFF


def _get32(buf, offset):
    return buf[offset] | (buf[offset + 1] << 8) | (buf[offset + 2] << 16) | (buf[offset + 3] << 24)
