"""The save store: small records, two alternating slots per kind in an 8 KB byte area, and an optional mirror.

The badge passes `microcontroller.nvm`, the simulator a file-backed model of it; anything with len(),
area[a:b] (a new bytearray, as nvm gives) and area[a:b] = bytes works. Plain Python on bytes: runs on CircuitPython, MicroPython and CPython.

Record (the same bytes in an nvm slot and in a mirror copy; fixed size per kind: header + max payload + trailer):

    0 magic   1 format version   2 kind   3-4 sequence (1..65534, LE)   5-6 payload length (LE)   7-8 CRC-16 (LE)
    9 ..      payload, then unused bytes up to the last byte of the record
    last      a check byte of the sequence (1..254): a write cut short front to back leaves the old one behind

Why a mirror: on the SAMD51 the whole 8 KB nvm is ONE flash erase block. Every write of any length reads the
block, erases it and rewrites its 16 pages, so a power cut inside any save can take every record with it; two
slots only help against front-to-back writes. The mirror (pips.mirror: one file per kind on the CIRCUITPY drive,
written only while the app may write the drive) is a second copy on another chip.

What is assumed of the flash: a write that completes changes only what it writes; a write that is cut may damage
anything on its medium -- in nvm every record; on the drive every file in /pips_saves (FatFs rewrites the folder's
entries at each close, the table when a file grows, and files share the flash's 4 KB erase sectors), and the file
system itself when the table is hit (the drive then looks full). A damaged copy fails its checks; it never reads
as another good record. Reads never change anything. sim/flash.py models exactly this (EraseBlockArea, FatDrive).

Invariants (tests/fault_model.py checks them over every sequence of up to two faults: cuts at every write event,
USB <-> battery, a full, read-only or deleted drive):

    I1  nvm is erased only while the drive holds every record nvm holds (at that value or newer; the one being saved
        at its new value) -- except in a save the drive could not take (over USB, drive full or read-only), which
        sets `unprotected`.
    I2  the drive is written only while nvm holds the newest record of every kind: a cut there loses nothing.
    I3  so a record's newest completed value is always readable from at least one copy, unless it is in nvm alone
        (saved over USB, or with the drive refusing) and a cut lands in a later nvm write before a save on the
        battery has copied it to the drive: then it reads as its drive copy's value.
    I4  a catch-up never rewrites the only copy of anything: the first load or save of a session (_settle) puts
        back into nvm what only the drive holds, in one write, while the drive holds every record nvm holds; if the
        drive lacks one nvm holds, its newer copy is a save cut during its drive write (that save did not complete)
        and nvm alone is believed until a save has rewritten the drive.

    save(kind):  0. (once a session) _settle
                 1. every record whose drive copy differs from nvm's newest is copied to the drive (I2)
                 2. the new record goes to the drive file of `kind`       (a cut here: nvm holds them all)
                 3. the new record goes to nvm                            (a cut here: the drive holds them all)
    load(kind):  (once a session) _settle; then the newest believed copy among the two nvm slots and the drive's.

A copy on the drive with a higher sequence than this badge's (a folder copied from another badge) is taken into
nvm at the next start, kind by kind; kinds this badge saved as often or more keep this badge's record, and the next
save on the battery writes those over the copied files.
A record that is damaged, truncated, from another format or for another kind is ignored, never raised.
"""

from micropython import const

FORMAT_VERSION = const(2)
_MAGIC = const(0x50)  # "P"
HEADER_BYTES = const(9)
TRAILER_BYTES = const(1)
_O_SEQ = const(3)
_O_LENGTH = const(5)
_O_CRC = const(7)
# Sequences run 1..65534 and wrap; the newer of two is ahead by less than half the circle, so a mirror left
# behind while nvm alone took saves (a long USB session) is still recognised as older.
_SEQ_COUNT = const(65534)
_SEQ_HALF = const(32767)
_CHECK_COUNT = const(254)  # the trailer: seq % 254 + 1, never 0x00 or 0xFF (zeroed or erased flash)

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


def record_bytes(max_payload):
    """Bytes of one record (one slot, one mirror copy) of a kind with this largest payload."""
    return HEADER_BYTES + max_payload + TRAILER_BYTES


def layout_bytes(layout):
    """Bytes the layout needs in the area: two slots per kind."""
    total = 0
    for _, max_payload in layout:
        total += 2 * record_bytes(max_payload)
    return total


def newer(seq, than):
    """Whether sequence `seq` was written after `than` (0 = no record, older than any)."""
    if not seq:
        return False
    return not than or 0 < (seq - than) % _SEQ_COUNT < _SEQ_HALF


def check_record(buf, offset, kind, size):
    """The sequence of a good record of `kind` at buf[offset:offset + size], else 0. Reads in place."""
    if buf is None or len(buf) < offset + size:
        return 0
    if buf[offset] != _MAGIC or buf[offset + 1] != FORMAT_VERSION or buf[offset + 2] != kind:
        return 0
    seq = buf[offset + _O_SEQ] | (buf[offset + _O_SEQ + 1] << 8)
    if not 0 < seq <= _SEQ_COUNT or buf[offset + size - 1] != seq % _CHECK_COUNT + 1:
        return 0
    length = buf[offset + _O_LENGTH] | (buf[offset + _O_LENGTH + 1] << 8)
    if length > size - HEADER_BYTES - TRAILER_BYTES:
        return 0
    crc = crc16(buf, 0xFFFF, offset, offset + _O_CRC)
    crc = crc16(buf, crc, offset + HEADER_BYTES, offset + HEADER_BYTES + length)
    if crc != (buf[offset + _O_CRC] | (buf[offset + _O_CRC + 1] << 8)):
        return 0
    return seq


def _length(buf, offset):
    return buf[offset + _O_LENGTH] | (buf[offset + _O_LENGTH + 1] << 8)


def build_record(kind, seq, payload, size):
    record = bytearray(size)
    length = len(payload)
    record[0] = _MAGIC
    record[1] = FORMAT_VERSION
    record[2] = kind
    record[_O_SEQ] = seq & 0xFF
    record[_O_SEQ + 1] = seq >> 8
    record[_O_LENGTH] = length & 0xFF
    record[_O_LENGTH + 1] = length >> 8
    record[HEADER_BYTES:HEADER_BYTES + length] = payload
    crc = crc16(record, 0xFFFF, 0, _O_CRC)
    crc = crc16(record, crc, HEADER_BYTES, HEADER_BYTES + length)
    record[_O_CRC] = crc & 0xFF
    record[_O_CRC + 1] = crc >> 8
    record[size - 1] = seq % _CHECK_COUNT + 1
    return record


class Store:
    """load(kind) -> bytes or None; save(kind, payload) -> True if written; clear(kind). After a save,
    `unprotected` says why its drive copy could not be made: 0 (it was), 1 (a computer holds the drive), or the
    errno of the drive's refusal (28 full, 30 read-only)."""

    def __init__(self, area, layout, mirror=None):
        """`layout`: (kind, max payload bytes) pairs; kind is 1..255. Slots are placed in layout order.
        `mirror`: None, or an object with read(kind, size) -> bytes | None, write(kind, record) -> 0 or why not,
        and writable() -> bool (pips.mirror.FileMirror)."""
        self.area = area
        self.mirror = mirror
        self.unprotected = 0
        self._kinds = []
        self._offsets = {}  # kind -> (offset of slot 0, record size)
        offset = 0
        for kind, max_payload in layout:
            if not 0 < kind < 256 or kind in self._offsets:
                raise ValueError("bad or repeated kind")
            if not 0 <= max_payload <= 0xFFFF - HEADER_BYTES - TRAILER_BYTES:
                raise ValueError("bad max payload")
            size = record_bytes(max_payload)
            self._offsets[kind] = (offset, size)
            self._kinds.append(kind)
            offset += 2 * size
        if offset > len(area):
            raise ValueError("layout needs %d bytes, area has %d" % (offset, len(area)))
        # kind -> sequence of its drive copy (0: none), read once; key 0 is set once nvm was made whole (_settle)
        self._mirror_seqs = {}

    def _slot(self, kind):
        try:
            return self._offsets[kind]
        except KeyError:
            raise ValueError("unknown kind")

    def _nvm_newest(self, kind):
        """(offset of the nvm slot with the newest good record of `kind` or -1, its sequence or 0)."""
        offset, size = self._slot(kind)
        first = check_record(self.area, offset, kind, size)
        second = check_record(self.area, offset + size, kind, size)
        if newer(second, first):
            return offset + size, second
        return (offset, first) if first else (-1, 0)

    def _mirror_record(self, kind):
        """(the mirror's record bytes of `kind` or None, its sequence or 0)."""
        if self.mirror is None:
            return None, 0
        size = self._slot(kind)[1]
        try:
            record = self.mirror.read(kind, size)
        except OSError:
            record = None
        seq = check_record(record, 0, kind, size)
        self._mirror_seqs[kind] = seq
        return (record, seq) if seq else (None, 0)

    def _settle(self):
        """Once a session, before any load or save: nvm made whole again after a cut (key 0 of _mirror_seqs: 1 done,
        2 the drive is not to be believed). Drive copies newer than nvm are either what nvm lost in a cut during its
        write (the drive then holds every record nvm holds: they go back into nvm in one write), or, when the drive
        lacks a record nvm holds, a save whose drive write was cut short (the cut hurt the other files): that save
        did not complete, so nvm's older record stands and the drive is not believed until a save rewrites it."""
        seqs = self._mirror_seqs
        if seqs.get(0) or self.mirror is None:
            return
        seqs[0] = 1
        first = last = -1
        lacks = False
        for kind in self._kinds:
            seq = self._nvm_newest(kind)[1]
            mirror_seq = self._mirror_record(kind)[1]
            lacks = lacks or (seq and not mirror_seq)
            if newer(mirror_seq, seq):
                offset, size = self._slot(kind)
                last = offset + 2 * size
                if first < 0:
                    first = offset
        if first < 0:
            return
        if lacks:
            seqs[0] = 2
            return
        image = self.area[first:last]  # a copy: written back whole below
        for kind in self._kinds:
            slot, seq = self._nvm_newest(kind)
            record, mirror_seq = self._mirror_record(kind)
            if newer(mirror_seq, seq):
                offset, size = self._slot(kind)
                start = offset + size if slot == offset else offset
                image[start - first:start - first + size] = record
        self.area[first:last] = image

    def _newest(self, kind):
        """(the bytes holding the newest believed record of `kind`, its offset there, its sequence; 0 for none),
        and the highest sequence of any copy (a new record goes past it)."""
        self._settle()
        slot, seq = self._nvm_newest(kind)
        record, mirror_seq = self._mirror_record(kind)
        highest = mirror_seq if newer(mirror_seq, seq) else seq
        if self._mirror_seqs.get(0) == 1 and newer(mirror_seq, seq):
            return record, 0, mirror_seq, highest
        return self.area, slot, seq, highest

    def load(self, kind):
        """The payload of the newest good record of `kind`, or None (none, or cleared)."""
        buf, offset, seq, _ = self._newest(kind)
        if not seq:
            return None
        length = _length(buf, offset)
        if not length:
            return None
        return bytes(buf[offset + HEADER_BYTES:offset + HEADER_BYTES + length])

    def damaged(self, kind):
        """Whether `kind` has no good record but a copy that was one (its header is there): a save was lost."""
        if self._nvm_newest(kind)[1] or self._mirror_record(kind)[1]:
            return False
        offset, size = self._slot(kind)
        area = self.area
        for start in (offset, offset + size):
            if area[start] == _MAGIC and area[start + 2] == kind:
                return True
        if self.mirror is not None:
            try:
                record = self.mirror.read(kind, size)
            except OSError:
                record = None
            return record is not None and record[0] == _MAGIC and record[2] == kind
        return False

    def _write_mirror(self, kind, record):
        """0 when the drive now holds `record`, else why not."""
        try:
            why = self.mirror.write(kind, record)
        except OSError as error:
            why = error.args[0] if error.args else 5
        self._mirror_seqs[kind] = 0 if why else record[_O_SEQ] | record[_O_SEQ + 1] << 8
        return why

    def _protect(self, kind, record):
        """Make the drive hold the newest record of every kind, `kind` at `record`, before nvm is erased: each
        drive write is safe, nvm holds every record meanwhile. 0 when done, else why not (see `unprotected`)."""
        mirror = self.mirror
        if mirror is None or not mirror.writable():
            return 1
        believed = self._mirror_seqs.get(0) == 1
        area = self.area
        for other in self._kinds:
            # read again: over USB the files may have been deleted or changed since
            there, mirror_seq = self._mirror_record(other)
            slot, seq = self._nvm_newest(other)
            if other == kind or believed and newer(mirror_seq, seq):
                continue  # (a newer drive copy that is believed goes into nvm at the next start)
            size = self._slot(other)[1]
            if seq == mirror_seq and (not seq or area[slot + _O_CRC] == there[_O_CRC]
                                      and area[slot + _O_CRC + 1] == there[_O_CRC + 1]):
                continue  # the same record (the CRC tells one copied from another badge at the same sequence)
            if seq:
                copy = bytes(area[slot:slot + size])
            else:  # the drive's record is a cut save's: an empty one past it says "none"
                copy = build_record(other, mirror_seq % _SEQ_COUNT + 1, b"", size)
            why = self._write_mirror(other, copy)
            if why:
                return why
        why = self._write_mirror(kind, record)
        if not why:
            self._mirror_seqs[0] = 1  # the drive holds nvm's records again
        return why

    def save(self, kind, payload):
        """Write `payload` as the newest record of `kind`. Returns False when it equals the newest already."""
        offset, size = self._slot(kind)
        length = len(payload)
        if length > size - HEADER_BYTES - TRAILER_BYTES:
            raise ValueError("payload too long for its kind")
        newest, newest_at, newest_seq, highest = self._newest(kind)
        slot = self._nvm_newest(kind)[0]
        if not newest_seq:
            if not length and not self.damaged(kind):
                return False  # clearing what is not there (a damaged copy is overwritten: it is not told twice)
        elif _length(newest, newest_at) == length and _holds(newest, newest_at + HEADER_BYTES, payload):
            return False
        record = build_record(kind, highest % _SEQ_COUNT + 1, payload, size)
        self.unprotected = self._protect(kind, record)
        # into the slot that does not hold the newest nvm record: where nvm writes front to back (not the SAMD51),
        # a cut then keeps that one
        start = offset + size if slot == offset else offset
        self.area[start:start + size] = record
        return True

    def clear(self, kind):
        """Forget `kind` (an empty record becomes the newest); load() then returns None."""
        return self.save(kind, b"")


def _holds(buf, start, payload):
    """Whether buf[start:] begins with `payload` (compared in place)."""
    for i in range(len(payload)):
        if buf[start + i] != payload[i]:
            return False
    return True
