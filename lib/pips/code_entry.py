"""Replay codes typed in (the title menu's Play a code screen, the simulator's --seed): pips.codes' letters back
to a seed, one code a day, and a game started from a code. Only that screen loads it: a game run does not.

    decode(text) -> seed, or None for a text that is not a code
    digits(seed, out) / from_digits(values)   a code as its letter indices (what the entry screen edits) and back
    today(year, month, day) -> seed  the same seed on every badge and simulator for one calendar day
    today_seed(platform) -> seed     today's, where the platform knows the date; else None
    play(app, entry, seed)           start the game `entry` (a catalog entry) with a round dealt from `seed`
"""
from pips.codes import ALPHABET, BASE, LENGTH, SEED_LIMIT


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


def today_seed(platform):
    """Today's code's seed where the platform knows the date (platform.today() -> (y, m, d)), else None."""
    date_of = platform.today
    date = date_of() if date_of is not None else None
    return today(date[0], date[1], date[2]) if date else None


def play(app, entry, seed):
    """Start the game `entry` (a catalog entry) with a fresh round dealt from `seed` (a replay code)."""
    app.choose_seed(seed)
    app.start_game(entry)
