"""Dymino's exact score in small-int parts: a decimal digit bytearray, least significant digit first.

A combination of n dice scores n*v*10^(n-3)*coefficient, which passes 2^30 (the badge's small-int limit) as soon as
n reaches 9 or so. The product n*v*coefficient always stays small, and 10^(n-3) is only a shift by n-3 decimal places,
so `add_points` adds it digit by digit with a carry: exact, no allocation, fit for the locked match loop.
Text, comparison and packing (for the record table) allocate and are meant for outside the match loop.
"""
from micropython import const

# [decided] Room for 40 decimal digits: one combination scores at most 25*6*10^22*coefficient, so a game would
# need some 10^10 combinations to fill it. Past it the score saturates at 99..9 instead of wrapping.
SCORE_DIGITS = const(40)
PACKED_BYTES = const(20)  # two digits per byte (BCD)

_SERIES_STEP = const(10)
# [seed]/[decided] M(n) = 10^(n - _BASE_COUNT): three dice score n*v*1.
_BASE_COUNT = const(3)


def new_score():
    return bytearray(SCORE_DIGITS)


def series_coefficient(place):
    """The coefficient of the `place`-th combination (1-based) of a series."""
    # [seed]/[decided] The 1st combination of a series x1, the 2nd x5, 3rd x10, 4th x20, 5th x30, then +10 for each
    # further one.
    coefficients = b"\x01\x05\x0a\x14\x1e"
    if place <= len(coefficients):
        return coefficients[place - 1]
    return coefficients[-1] + _SERIES_STEP * (place - len(coefficients))


def add_points(digits, count, value, place):
    """digits += count*value*10^(count-3)*series_coefficient(place): the small int count*value*coefficient
    added from decimal place count-3 on. Saturates at all nines. Allocates nothing."""
    size = len(digits)
    i = count - _BASE_COUNT
    carry = count * value * series_coefficient(place)
    while carry and i < size:
        carry += digits[i]
        digits[i] = carry % 10
        carry //= 10
        i += 1
    if carry:
        for i in range(size):
            digits[i] = 9


def clear(digits):
    for i in range(len(digits)):
        digits[i] = 0


def add_digits(digits, other):
    """digits += other (same length). Allocates nothing."""
    carry = 0
    size = len(digits)
    for i in range(size):
        carry += digits[i] + other[i]
        digits[i] = carry % 10
        carry //= 10
    if carry:
        for i in range(size):
            digits[i] = 9


def compare(a, b):
    """-1, 0 or 1 as the score a is below, equal to or above b (digit arrays, any lengths)."""
    i = max(len(a), len(b)) - 1
    while i >= 0:
        da = a[i] if i < len(a) else 0
        db = b[i] if i < len(b) else 0
        if da != db:
            return 1 if da > db else -1
        i -= 1
    return 0


def is_zero(digits):
    for d in digits:
        if d:
            return False
    return True


def to_text(digits, separator=","):
    """The score as decimal text, digits grouped in threes ("1,234,000"); "0" for zero."""
    top = len(digits) - 1
    while top > 0 and digits[top] == 0:
        top -= 1
    parts = []
    for i in range(top, -1, -1):
        parts.append(chr(48 + digits[i]))
        if i and i % 3 == 0 and separator:
            parts.append(separator)
    return "".join(parts)


def to_text_within(digits, width):
    """The exact score: digits grouped ("1,234,567") when that fits in `width` characters, else plain digits.
    Never an exponent: the layouts make room (the score line switches to a smaller font)."""
    text = to_text(digits)
    return text if len(text) <= width else to_text(digits, "")


def from_int(value, size=SCORE_DIGITS):
    """A digit array for the non-negative int `value` (needs long ints for big values: desktop and tests)."""
    digits = bytearray(size)
    i = 0
    while value and i < size:
        digits[i] = value % 10
        value //= 10
        i += 1
    if value:
        raise ValueError("score too large")
    return digits


def to_int(digits):
    """The score as an int (a long int past 2^30: desktop and tests)."""
    value = 0
    for i in range(len(digits) - 1, -1, -1):
        value = value * 10 + digits[i]
    return value


def pack_into(digits, buf, offset):
    """Write SCORE_DIGITS digits as PACKED_BYTES BCD bytes at buf[offset:]; returns the offset after them."""
    for i in range(PACKED_BYTES):
        buf[offset + i] = digits[2 * i] | (digits[2 * i + 1] << 4)
    return offset + PACKED_BYTES


def unpack_from(digits, buf, offset):
    """Read what pack_into wrote into `digits`; ValueError on a nibble that is not a decimal digit."""
    if len(buf) < offset + PACKED_BYTES:
        raise ValueError("score bytes too short")
    for i in range(PACKED_BYTES):
        byte = buf[offset + i]
        low = byte & 15
        high = byte >> 4
        if low > 9 or high > 9:
            raise ValueError("bad score digit")
        digits[2 * i] = low
        digits[2 * i + 1] = high
    return offset + PACKED_BYTES
