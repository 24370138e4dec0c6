"""Replay codes: a round's seed (0 .. 2**30-1, what pips.app.App.next_seed hands out) as 7 letters.

    encode(seed) -> "KXPRTAM"        what the pause menu and the results show
Reading a typed code and today's code are pips.code_entry's: only the title menu's Play a code screen needs them,
and a game's session then keeps none of their names (tools/names.py).

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
