"""Kniffel Dice Duel: the seven chip kinds and the combinations five dice make, as a bitmask.

Bit k of a combination mask means "the dice fit chip kind k"; BIT_KNIFFEL marks five equal dice. Finding the
mask allocates nothing: the face counts are packed 3 bits per face into one small int.
"""
from micropython import const

# Chip kinds, in order of value (the tray shows them in this order).
TWO_PAIRS = const(0)
THREE_OF_A_KIND = const(1)
SMALL_STRAIGHT = const(2)
FLUSH = const(3)
FULL_HOUSE = const(4)
FOUR_OF_A_KIND = const(5)
LARGE_STRAIGHT = const(6)
KIND_COUNT = const(7)

# [seed] chip values, by kind.
CHIP_VALUES = b"\x05\x0a\x14\x19\x1e\x28\x32"  # 5 10 20 25 30 40 50
KIND_NAMES = ("Two pairs", "Three of a kind", "Small straight", "Flush", "Full house", "Four of a kind",
              "Large straight")
KIND_SHORT = ("2P", "3K", "SS", "FL", "FH", "4K", "LS")

BIT_KNIFFEL = const(0x80)
_ALL_KINDS = const(0x7F)

# Presence masks: bit f set when face f (1..6) shows.
_RUN_1234 = const(0x1E)
_RUN_2345 = const(0x3C)
_RUN_3456 = const(0x78)
_RUN_12345 = const(0x3E)
_RUN_23456 = const(0x7C)
_ODD_FACES = const(0x2A)   # 1, 3, 5: black
_EVEN_FACES = const(0x54)  # 2, 4, 6: red


def is_red(face):
    """[edition] Even faces are red, odd faces black."""
    return face & 1 == 0


def combos(dice):
    """Combination mask of five dice (values 1..6, any order); 0 if a die is not set."""
    d0 = dice[0]
    d1 = dice[1]
    d2 = dice[2]
    d3 = dice[3]
    d4 = dice[4]
    if not (0 < d0 < 7 and 0 < d1 < 7 and 0 < d2 < 7 and 0 < d3 < 7 and 0 < d4 < 7):
        return 0
    # Count of face f lives in bits 3f..3f+2 (at most 5 of a face, so no carry between fields).
    return packed_combos((1 << 3 * d0) + (1 << 3 * d1) + (1 << 3 * d2) + (1 << 3 * d3) + (1 << 3 * d4))


def packed_combos(packed):
    """Combination mask from face counts packed 3 bits per face (face f at bit 3f) summing to five dice."""
    present = 0
    pairs = 0
    most = 0
    has_two = False
    has_three = False
    for face in range(1, 7):
        count = (packed >> (3 * face)) & 7
        if count:
            present |= 1 << face
            if count >= 2:
                pairs += 1
                if count == 2:
                    has_two = True
                elif count == 3:
                    has_three = True
            if count > most:
                most = count
    mask = 0
    # [decided] four of a kind and a full house count as two pairs (and so does a Kniffel, which holds four).
    if pairs >= 2 or most >= 4:
        mask |= 1 << TWO_PAIRS
    if most >= 3:
        mask |= 1 << THREE_OF_A_KIND
    if most >= 4:
        mask |= 1 << FOUR_OF_A_KIND
    if has_three and has_two:
        mask |= 1 << FULL_HOUSE
    if present & _RUN_1234 == _RUN_1234 or present & _RUN_2345 == _RUN_2345 or present & _RUN_3456 == _RUN_3456:
        mask |= 1 << SMALL_STRAIGHT
    if present & _RUN_12345 == _RUN_12345 or present & _RUN_23456 == _RUN_23456:
        mask |= 1 << LARGE_STRAIGHT
    if present & _ODD_FACES == 0 or present & _EVEN_FACES == 0:
        mask |= 1 << FLUSH
    if most == 5:
        mask |= BIT_KNIFFEL
    return mask
