"""A seeded stand-in for os.urandom, shared by the badge stand-ins and the simulator twin (tools/badge_twin.py):
the same seed gives the same bytes under CircuitPython and CPython. xorshift within 30 bits: small ints only."""


class SeededBytes:
    def __init__(self, seed):
        self.seed = seed & 0x3FFFFFFF or 1

    def urandom(self, length):
        out = bytearray(length)
        x = self.seed
        for i in range(length):
            x ^= (x << 7) & 0x3FFFFFFF
            x ^= x >> 9
            x ^= (x << 8) & 0x3FFFFFFF
            out[i] = x & 0xFF
        self.seed = x
        return bytes(out)
