"""Every combination of Kniffel Dice Duel, including the overlaps the rules decide, found from five dice."""
from engine.dice_duel_combos import (combos, packed_combos, is_red, TWO_PAIRS, THREE_OF_A_KIND, SMALL_STRAIGHT,
                                     FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, LARGE_STRAIGHT, BIT_KNIFFEL, CHIP_VALUES)


def _bits(*kinds):
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


_COUNTS = bytearray(7)


def _slow_combos(dice):
    """A second, plain reading of the rules to compare with the bitmask code (allocates almost nothing, so the
    whole-module run under MicroPython stays within its heap)."""
    counts = _COUNTS
    for face in range(7):
        counts[face] = 0
    for i in range(5):
        counts[dice[i]] += 1
    most = 0
    pairs = 0
    has_two = False
    has_three = False
    for face in range(1, 7):
        most = max(most, counts[face])
        pairs += counts[face] >= 2
        has_two = has_two or counts[face] == 2
        has_three = has_three or counts[face] == 3
    odd = counts[1] + counts[3] + counts[5]
    mask = 0
    if pairs >= 2 or most >= 4:
        mask |= 1 << TWO_PAIRS
    if most >= 3:
        mask |= 1 << THREE_OF_A_KIND
    for low in (1, 2, 3):
        if counts[low] and counts[low + 1] and counts[low + 2] and counts[low + 3]:
            mask |= 1 << SMALL_STRAIGHT
    if odd == 0 or odd == 5:
        mask |= 1 << FLUSH
    if has_two and has_three:
        mask |= 1 << FULL_HOUSE
    if most >= 4:
        mask |= 1 << FOUR_OF_A_KIND
    if pairs == 0 and (counts[1] == 0 or counts[6] == 0):
        mask |= 1 << LARGE_STRAIGHT
    if most == 5:
        mask |= BIT_KNIFFEL
    return mask


def test_chip_values_match_the_rules():
    assert list(CHIP_VALUES) == [5, 10, 20, 25, 30, 40, 50]
    assert sum(CHIP_VALUES) * 4 == 720


def test_colours_odd_black_even_red():
    assert [is_red(f) for f in range(1, 7)] == [False, True, False, True, False, True]


def test_two_pairs_plain():
    assert combos(bytearray([2, 2, 5, 5, 3])) == _bits(TWO_PAIRS)


def test_four_of_a_kind_counts_as_two_pairs_and_three():
    assert combos(bytearray([4, 4, 1, 4, 4])) == _bits(TWO_PAIRS, THREE_OF_A_KIND, FOUR_OF_A_KIND)


def test_full_house_counts_as_two_pairs_and_three():
    assert combos(bytearray([3, 6, 3, 6, 3])) == _bits(TWO_PAIRS, THREE_OF_A_KIND, FULL_HOUSE)


def test_full_house_all_one_colour_is_also_a_flush():
    assert combos(bytearray([2, 2, 2, 4, 4])) == _bits(TWO_PAIRS, THREE_OF_A_KIND, FULL_HOUSE, FLUSH)


def test_three_of_a_kind_alone():
    assert combos(bytearray([5, 5, 5, 1, 2])) == _bits(THREE_OF_A_KIND)


def test_one_pair_is_nothing():
    assert combos(bytearray([1, 1, 2, 3, 5])) == 0
    assert combos(bytearray([1, 2, 3, 5, 6])) == 0


def test_small_straights_each_run():
    assert combos(bytearray([1, 2, 3, 4, 6])) == _bits(SMALL_STRAIGHT)
    assert combos(bytearray([5, 3, 2, 4, 2])) == _bits(SMALL_STRAIGHT)
    assert combos(bytearray([6, 4, 5, 3, 1])) == _bits(SMALL_STRAIGHT)


def test_large_straights_are_also_small():
    assert combos(bytearray([5, 4, 3, 2, 1])) == _bits(SMALL_STRAIGHT, LARGE_STRAIGHT)
    assert combos(bytearray([2, 6, 4, 3, 5])) == _bits(SMALL_STRAIGHT, LARGE_STRAIGHT)


def test_flush_odd_black_and_even_red():
    assert combos(bytearray([1, 3, 5, 5, 1])) == _bits(TWO_PAIRS, FLUSH)
    assert combos(bytearray([1, 3, 5, 3, 1])) == _bits(TWO_PAIRS, FLUSH)
    assert combos(bytearray([2, 4, 6, 6, 4])) == _bits(TWO_PAIRS, FLUSH)
    assert combos(bytearray([1, 3, 5, 1, 3])) & _bits(FLUSH)
    assert combos(bytearray([1, 3, 5, 1, 2])) & _bits(FLUSH) == 0
    assert combos(bytearray([2, 4, 6, 2, 3])) & _bits(FLUSH) == 0


def test_kniffel_holds_every_same_value_combination():
    mask = combos(bytearray([6, 6, 6, 6, 6]))
    assert mask & BIT_KNIFFEL
    assert mask == BIT_KNIFFEL | _bits(TWO_PAIRS, THREE_OF_A_KIND, FOUR_OF_A_KIND, FLUSH)
    assert combos(bytearray([6, 6, 6, 6, 5])) & BIT_KNIFFEL == 0


def test_unrolled_dice_make_nothing():
    assert combos(bytearray(5)) == 0


def test_every_roll_matches_a_plain_reading_of_the_rules():
    dice = bytearray(5)
    seen = 0
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        dice[0] = c
                        dice[1] = e
                        dice[2] = a
                        dice[3] = d
                        dice[4] = b
                        assert combos(dice) == _slow_combos(dice)
                        packed = (1 << 3 * a) + (1 << 3 * b) + (1 << 3 * c) + (1 << 3 * d) + (1 << 3 * e)
                        assert packed_combos(packed) == combos(dice)
                        seen += 1
    assert seen == 252
