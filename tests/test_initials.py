"""pips.initials: three letters in 15 bits, and nothing else passes for initials."""
import itertools

import pytest

from pips import initials


def test_every_three_letters_round_trip_in_15_bits():
    seen = set()
    for letters in itertools.product(initials.ALPHABET, repeat=initials.LETTERS):
        text = "".join(letters)
        value = initials.pack(text)
        assert 0 < value <= initials.MASK and initials.unpack(value) == text
        assert initials.unpack(value | 0x8000) == text  # the record's own bit is not the initials'
        seen.add(value)
    assert len(seen) == len(initials.ALPHABET) ** initials.LETTERS
    assert initials.unpack(0) == ""  # none (records from before initials)


@pytest.mark.parametrize("bad", ["", "AB", "ABCD", "aBC", "A C", "\u00c4BC"])
def test_only_three_capital_letters_pack(bad):
    with pytest.raises(ValueError):
        initials.pack(bad)


@pytest.mark.parametrize("bits", [27, 31, 27 << 5 | 1 << 10 | 1, 1])
def test_bits_no_entry_makes_are_refused(bits):
    with pytest.raises(ValueError):
        initials.unpack(bits)
