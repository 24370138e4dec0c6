"""The save store (lib/pips/store.py) on any interpreter: CPython, MicroPython, the badge.

A power cut is simulated by letting only the first k bytes of a save's single write land, for every k.
The tests reuse buffers and keep their total allocation small: the MicroPython (wasm) build used by
tests/test_micropython.py can corrupt live objects when its garbage collector runs, so these stay below one heap.
"""
try:
    from pips.store import Store, crc16, HEADER_BYTES, FORMAT_VERSION
except ImportError:  # under tools/mpy_run only the repo root is on sys.path
    import sys
    sys.path.append(sys.path[0] + "/lib")
    from pips.store import Store, crc16, HEADER_BYTES, FORMAT_VERSION
from engine.rng import Rng

SMALL = ((1, 16), (2, 40), (7, 4))
AREA_BYTES = 182  # the SMALL layout needs 180


class RecordingArea:
    """A bytearray area that remembers each slice write as (start, bytes)."""

    def __init__(self, data):
        self.data = data
        self.writes = []

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes.append((index.start, bytes(value)))
        self.data[index] = value


def _payload(rng, n):
    out = bytearray(n)
    for i in range(n):
        out[i] = rng.below(256)
    return bytes(out)


def test_crc16_check_value():
    assert crc16(b"123456789") == 0x29B1  # the catalogued check value of CRC-16/CCITT-FALSE
    assert crc16(b"") == 0xFFFF


def test_empty_area_loads_none_for_every_kind():
    for fill in (0x00, 0xFF):
        area = bytearray([fill] * AREA_BYTES)
        store = Store(area, SMALL)
        for kind, _ in SMALL:
            assert store.load(kind) is None


def test_round_trip_and_kinds_independent():
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    assert store.save(1, b"settings")
    assert store.save(2, b"x" * 40)
    assert store.save(7, b"")  is False  # nothing there, nothing to clear
    assert store.load(1) == b"settings"
    assert store.load(2) == b"x" * 40
    assert store.load(7) is None
    fresh = Store(area, SMALL)  # a new store over the same bytes (a reboot) sees the same
    assert fresh.load(1) == b"settings"
    assert fresh.load(2) == b"x" * 40


def test_writes_alternate_and_never_touch_the_newest_slot():
    area = RecordingArea(bytearray(AREA_BYTES))
    store = Store(area, SMALL)
    starts = []
    for i in range(6):
        assert store.save(2, bytes([i]) * (i + 1))
        assert len(area.writes) == i + 1  # exactly one write per save
        starts.append(area.writes[-1][0])
        assert store.load(2) == bytes([i]) * (i + 1)
    slot = HEADER_BYTES + 40 + 1
    first = 2 * (HEADER_BYTES + 16 + 1)  # kind 2 follows kind 1's two slots
    assert starts == [first, first + slot] * 3


def test_identical_payload_is_not_rewritten():
    area = RecordingArea(bytearray(AREA_BYTES))
    store = Store(area, SMALL)
    assert store.save(1, b"abc")
    assert not store.save(1, b"abc")
    assert not store.save(1, bytearray(b"abc"))
    assert len(area.writes) == 1
    assert store.save(1, b"abd")
    assert len(area.writes) == 2


def test_too_long_payload_and_unknown_kind_raise_value_error():
    store = Store(bytearray(AREA_BYTES), SMALL)
    for call in (lambda: store.save(7, b"12345"), lambda: store.save(3, b""), lambda: store.load(3)):
        try:
            call()
        except ValueError:
            pass
        else:
            assert False, "expected ValueError"


def test_layout_larger_than_area_is_refused():
    try:
        Store(bytearray(100), SMALL)
    except ValueError:
        return
    assert False, "expected ValueError"


def test_clear_then_load_none_and_previous_survives_a_cut_clear():
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    store.save(1, b"game")
    assert store.clear(1)
    assert store.load(1) is None
    assert store.save(1, b"again")
    assert store.load(1) == b"again"


def _cut_every_offset(area_bytes, layout, kind, old, new):
    """Save `new` over a store whose newest record of `kind` is `old`; land only k bytes for every k."""
    area = RecordingArea(area_bytes)
    store = Store(area, layout)
    before = bytes(area.data)
    others = [store.load(other) for other, _ in layout]
    assert store.save(kind, new)
    start, data = area.writes[-1]
    cut = bytearray(before)
    cut_store = Store(cut, layout)
    for k in range(len(data) + 1):
        cut[:] = before
        for i in range(k):
            cut[start + i] = data[i]
        loaded = cut_store.load(kind)
        if k < len(data):
            assert loaded == old, k
        else:
            assert loaded == new
        for index in range(len(layout)):
            if layout[index][0] != kind:
                assert cut_store.load(layout[index][0]) == others[index]


def test_power_cut_at_every_byte_of_a_write():
    rng = Rng(7)
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    store.save(1, b"keep me")
    # first ever write of kind 2: a cut leaves nothing
    _cut_every_offset(bytearray(area), SMALL, 2, None, _payload(rng, 30))
    previous = None
    for round_number in range(4):  # then with one, and with both slots holding good records
        payload = _payload(rng, 5 + round_number * 11)
        store.save(2, payload)
        previous = payload
        _cut_every_offset(bytearray(area), SMALL, 2, previous, _payload(rng, 40 - round_number * 9))


def test_future_version_is_ignored_and_the_older_record_loads():
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    store.save(1, b"old")
    recording = RecordingArea(area)
    Store(recording, SMALL).save(1, b"new")
    start, data = recording.writes[-1]
    record = bytearray(data)
    record[1] = FORMAT_VERSION + 1
    length = record[5] | (record[6] << 8)
    crc = crc16(record, 0xFFFF, 0, 7)
    crc = crc16(record, crc, HEADER_BYTES, HEADER_BYTES + length)
    record[7] = crc & 0xFF  # a well-formed record, only from a newer format
    record[8] = crc >> 8
    area[start:start + len(record)] = record
    assert Store(area, SMALL).load(1) == b"old"


def test_truncated_or_oversized_length_field_is_ignored():
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    store.save(2, b"older record")
    recording = RecordingArea(area)
    Store(recording, SMALL).save(2, b"newer record!")
    start = recording.writes[-1][0]
    good = bytes(area)
    for length in (0, 1, 12, 14, 40, 41, 255, 0xFFFF):  # everything but the true 13
        area[:] = good
        area[start + 5] = length & 0xFF
        area[start + 6] = length >> 8
        assert Store(area, SMALL).load(2) == b"older record"
    area[:] = good
    assert Store(area, SMALL).load(2) == b"newer record!"


def test_many_writes_wrap_the_sequence():
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    payload = bytearray(2)
    for i in range(300):  # the trailer's check byte (1..254) wraps
        payload[0] = i & 0xFF
        payload[1] = i >> 8
        assert store.save(7, payload)
        assert store.load(7) == payload
    assert Store(area, SMALL).load(7) == payload


def test_random_corruption_gives_a_saved_record_or_none():
    rng = Rng(2024)
    saved = [None]
    area = bytearray(AREA_BYTES)
    store = Store(area, SMALL)
    for i in range(3):
        payload = _payload(rng, 10 + i)
        store.save(2, payload)
        saved.append(payload)
    good = bytes(area)
    for trial in range(150):
        area[:] = good
        for _ in range(1 + rng.below(6)):
            area[rng.below(AREA_BYTES)] = rng.below(256)
        loaded = Store(area, SMALL).load(2)
        assert loaded in saved
