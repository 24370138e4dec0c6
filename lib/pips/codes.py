"""Replay codes: a round's seed (0 .. 2**30-1, what pips.app.App.next_seed hands out) as 7 letters, and back.

    encode(seed) -> "KXPRTAM"        decode(text) -> seed, or None for a text that is not a code
    today(year, month, day) -> seed  the same seed on every badge and simulator for one calendar day

The alphabet has 21 letters: I and L (one, each other), O and Q (zero, each other) and V (U) are left out, so a
code read aloud or off a small screen cannot be mistaken. 21**7 > 2**30, so 7 letters hold every seed; the first
letter carries the most significant digit. Case and spaces/dashes in typed codes do not matter.
"""
ALPHABET = "ABCDEFGHJKMNPRSTUWXYZ"
BASE = 21
LENGTH = 7
SEED_LIMIT = 1 << 30  # seeds are 0 .. SEED_LIMIT-1 (the engine's PRNG takes 30-bit seeds)


def encode(seed):
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError("seed out of range")
    letters = bytearray(LENGTH)
    for index in range(LENGTH - 1, -1, -1):
        letters[index] = ord(ALPHABET[seed % BASE])
        seed //= BASE
    return letters.decode()


def digits(seed, out):
    """The code's letter indices (0..BASE-1) written into `out` (LENGTH long): what the entry screen edits."""
    for index in range(LENGTH - 1, -1, -1):
        out[index] = seed % BASE
        seed //= BASE
    return out


def from_digits(values):
    """A seed from LENGTH letter indices, or None when they spell a number past the seed range."""
    seed = 0
    for value in values:
        seed = seed * BASE + value
        if seed >= SEED_LIMIT:
            return None  # stop before the value grows past a small int on the badge
    return seed


def decode(text):
    """The seed a code stands for, or None when `text` is not a code (wrong length, a letter not in the
    alphabet, or past the seed range)."""
    values = bytearray(LENGTH)
    count = 0
    for char in text.upper():
        if char in " -":
            continue
        position = ALPHABET.find(char)
        if position < 0 or count == LENGTH:
            return None
        values[count] = position
        count += 1
    if count != LENGTH:
        return None
    return from_digits(values)


def today(year, month, day):
    """One seed per calendar day, spread over the whole range (neighbouring days share no letters' pattern)."""
    value = (year * 12 + month) * 31 + day
    # Two rounds of an odd multiplier and a xor-shift mix the day number into all 30 bits (stays below 2**30
    # between steps on the badge: the multiplications are done on values masked to 15 bits).
    for _ in range(2):
        low = value & 0x7FFF
        high = (value >> 15) & 0x7FFF
        value = ((low * 20021 + high * 7 + 12345) & 0x7FFF) << 15 | ((high * 30011 + low + 4321) & 0x7FFF)
        value ^= value >> 11
    return value & (SEED_LIMIT - 1)
