"""Numbers as text for people: digit groups ("12,345"), never an exponent."""


def grouped(value):
    """A non-negative int with its digits grouped in threes: 1234567 -> "1,234,567"."""
    digits = str(value)
    head = len(digits) % 3 or 3
    parts = [digits[:head]]
    for start in range(head, len(digits), 3):
        parts.append(digits[start:start + 3])
    return ",".join(parts)
