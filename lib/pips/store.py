"""The save store: small records in two alternating slots per kind over an 8 KB byte area.

The badge passes `microcontroller.nvm`, the simulator a file-backed bytearray; anything with len(), area[a:b] and
area[a:b] = bytes works. Plain Python on bytes: runs on CircuitPython, MicroPython and CPython.

Slot layout (fixed size per kind: header + the kind's max payload + 1 trailer byte):

    0 magic   1 format version   2 kind   3 sequence (1..254)   4-5 payload length (LE)   6-7 CRC-16 (LE)
    8 ..      payload, then unused bytes up to the last byte of the slot
    last      the sequence again: a save writes the whole slot in one go, front to back, so a write cut short
              leaves the old trailer behind and the slot does not validate (the CRC catches the rest)

A save goes to the slot that does not hold the newest good record, so a power cut mid-write loses at most that
write. A record that is damaged, truncated, from a future format or for another kind is ignored, never raised.
"""

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

FORMAT_VERSION = const(1)
_MAGIC = const(0x50)  # "P"
HEADER_BYTES = const(8)
TRAILER_BYTES = const(1)
# Sequences run 1..254 and wrap: never 0x00 or 0xFF, so a trailer left by zeroed or erased bytes never matches.
_SEQ_COUNT = const(254)
_SEQ_HALF = const(127)

# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), four bits at a time: a 16-entry table keeps every int small.
_CRC_NIBBLE = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)


def crc16(data, crc=0xFFFF, start=0, end=None):
    """CRC-16/CCITT-FALSE of data[start:end], continuing from `crc`."""
    table = _CRC_NIBBLE
    if end is None:
        end = len(data)
    for i in range(start, end):
        byte = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (byte & 0x0F)]
    return crc


def layout_bytes(layout):
    """Bytes the layout needs: two slots per kind."""
    total = 0
    for _, max_payload in layout:
        total += 2 * (HEADER_BYTES + max_payload + TRAILER_BYTES)
    return total


class Store:
    """load(kind) -> bytes or None; save(kind, payload) -> True if written; clear(kind)."""

    def __init__(self, area, layout):
        """`layout`: (kind, max payload bytes) pairs; kind is 1..255. Slots are placed in layout order."""
        self.area = area
        self._seq = 0
        self._offsets = {}  # kind -> (offset of slot 0, slot size, max payload)
        offset = 0
        for kind, max_payload in layout:
            if not 0 < kind < 256 or kind in self._offsets:
                raise ValueError("bad or repeated kind")
            if not 0 <= max_payload <= 0xFFFF:
                raise ValueError("bad max payload")
            size = HEADER_BYTES + max_payload + TRAILER_BYTES
            self._offsets[kind] = (offset, size, max_payload)
            offset += 2 * size
        if offset > len(area):
            raise ValueError("layout needs %d bytes, area has %d" % (offset, len(area)))

    def _slot(self, kind):
        try:
            return self._offsets[kind]
        except KeyError:
            raise ValueError("unknown kind")

    def _check(self, kind, offset, size, max_payload):
        """The sequence (1..254) of a good record of `kind` in the slot at `offset`, else 0. Reads in place."""
        area = self.area
        if area[offset] != _MAGIC or area[offset + 1] != FORMAT_VERSION or area[offset + 2] != kind:
            return 0
        seq = area[offset + 3]
        if not 0 < seq <= _SEQ_COUNT or area[offset + size - 1] != seq:
            return 0
        length = area[offset + 4] | (area[offset + 5] << 8)
        if length > max_payload:
            return 0
        crc = crc16(area, 0xFFFF, offset, offset + 6)
        crc = crc16(area, crc, offset + HEADER_BYTES, offset + HEADER_BYTES + length)
        if crc != (area[offset + 6] | (area[offset + 7] << 8)):
            return 0
        return seq

    def _newest(self, kind):
        """Offset of the slot holding the newest good record of `kind`, or -1; its sequence in self._seq."""
        offset, size, max_payload = self._slot(kind)
        first = self._check(kind, offset, size, max_payload)
        second = self._check(kind, offset + size, size, max_payload)
        # The newer sequence is ahead by less than half the circle.
        if second and (not first or 0 < (second - first) % _SEQ_COUNT < _SEQ_HALF):
            self._seq = second
            return offset + size
        self._seq = first
        return offset if first else -1

    def _length(self, slot):
        area = self.area
        return area[slot + 4] | (area[slot + 5] << 8)

    def load(self, kind):
        """The payload of the newest good record of `kind`, or None (none, or cleared)."""
        slot = self._newest(kind)
        if slot < 0:
            return None
        length = self._length(slot)
        if not length:
            return None
        return bytes(self.area[slot + HEADER_BYTES:slot + HEADER_BYTES + length])

    def _holds(self, slot, payload):
        """Whether the record at `slot` carries exactly `payload` (compared in place)."""
        length = len(payload)
        if self._length(slot) != length:
            return False
        area = self.area
        base = slot + HEADER_BYTES
        for i in range(length):
            if area[base + i] != payload[i]:
                return False
        return True

    def save(self, kind, payload):
        """Write `payload` as the newest record of `kind`. Returns False when it equals the newest already."""
        offset, size, max_payload = self._slot(kind)
        length = len(payload)
        if length > max_payload:
            raise ValueError("payload too long for its kind")
        slot = self._newest(kind)
        if slot < 0:
            if not length:
                return False  # clearing what is not there
            start, seq = offset, 1
        else:
            if self._holds(slot, payload):
                return False
            # The other slot of the pair: the newest good record is never overwritten.
            start, seq = (offset + size if slot == offset else offset), self._seq % _SEQ_COUNT + 1
        record = bytearray(size)
        record[0] = _MAGIC
        record[1] = FORMAT_VERSION
        record[2] = kind
        record[3] = seq
        record[4] = length & 0xFF
        record[5] = length >> 8
        record[HEADER_BYTES:HEADER_BYTES + length] = payload
        crc = crc16(record, 0xFFFF, 0, 6)
        crc = crc16(record, crc, HEADER_BYTES, HEADER_BYTES + length)
        record[6] = crc & 0xFF
        record[7] = crc >> 8
        record[size - 1] = seq
        self.area[start:start + size] = record
        return True

    def clear(self, kind):
        """Forget `kind` (an empty record becomes the newest); load() then returns None."""
        return self.save(kind, b"")
