"""Three-letter initials on best scores, arcade style: letters A..Z packed in 15 bits, 5 a letter (0: no
initials, as records from before them load)."""
LETTERS = 3
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PACKED_BYTES = 2  # little-endian; bit 15 is left to the record (e.g. Dymino's hinted flag)
MASK = 0x7FFF


def pack(text):
    """The initials' 15 bits; ValueError unless `text` is LETTERS letters of ALPHABET."""
    if len(text) != LETTERS:
        raise ValueError("initials")
    value = 0
    for char in text:
        index = ALPHABET.find(char)
        if index < 0:
            raise ValueError("initials")
        value = value << 5 | (index + 1)
    return value


def unpack(value):
    """The initials of 15 packed bits ("" for none); ValueError for bits no initials make."""
    value &= MASK
    if not value:
        return ""
    letters = ""
    for _ in range(LETTERS):
        code = value & 31
        if not 1 <= code <= len(ALPHABET):
            raise ValueError("initials")
        letters = ALPHABET[code - 1] + letters
        value >>= 5
    return letters


def put(buffer, offset, value):
    buffer[offset] = value & 0xFF
    buffer[offset + 1] = value >> 8


def get(buffer, offset):
    return buffer[offset] | buffer[offset + 1] << 8
