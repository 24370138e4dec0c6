"""The save store on CPython: the real Pips layout, many random corruptions, and a model-checked save history.

The portable file tests/portable/test_store_portable.py holds the basic cases (they also run under MicroPython).
"""
import random

from hypothesis import given, settings, strategies as st

from pips import saves
from pips.platform import STORAGE_BYTES
from pips.store import HEADER_BYTES, TRAILER_BYTES, Store, layout_bytes
from tests.portable.test_store_portable import RecordingArea, _cut_every_offset


def test_pips_layout_fits_the_storage_area_with_headers():
    needed = sum(2 * (HEADER_BYTES + size + TRAILER_BYTES) for _, size in saves.LAYOUT)
    assert layout_bytes(saves.LAYOUT) == needed <= STORAGE_BYTES
    kinds = [kind for kind, _ in saves.LAYOUT]
    assert len(set(kinds)) == len(kinds) == 11
    for kind, size in saves.LAYOUT:
        if kind in (saves.WUERFELGLANZ_GAME, saves.DYMINO_GAME, saves.DOMINOES_GAME, saves.DICE_DUEL_GAME):
            assert size >= 256


def test_every_kind_round_trips_at_its_largest_payload():
    area = bytearray(STORAGE_BYTES)
    store = saves.open_store(area)
    expected = {}
    for kind, size in saves.LAYOUT:
        expected[kind] = bytes((kind * 7 + i) & 0xFF for i in range(size))
        assert store.save(kind, expected[kind])
    reopened = saves.open_store(area)
    for kind, _ in saves.LAYOUT:
        assert reopened.load(kind) == expected[kind]


def test_power_cut_at_every_byte_of_a_full_saved_game_write():
    rng = random.Random(5)
    area = bytearray(STORAGE_BYTES)
    store = saves.open_store(area)
    store.save(saves.SETTINGS, b"sound=1")
    store.save(saves.DYMINO_GAME, rng.randbytes(300))
    old = rng.randbytes(512)
    store.save(saves.DYMINO_GAME, old)  # both slots now hold good records
    _cut_every_offset(bytearray(area), saves.LAYOUT, saves.DYMINO_GAME, old, rng.randbytes(200))


class NvmLike:
    """Like microcontroller.nvm: fixed length, slices read as bytearray, slice writes must keep the length."""

    def __init__(self, size):
        self._data = bytearray([0xFF] * size)

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        assert isinstance(index, slice)
        assert len(range(*index.indices(len(self._data)))) == len(value), "nvm cannot resize"
        self._data[index] = value


def test_store_over_an_nvm_like_area():
    area = NvmLike(STORAGE_BYTES)
    store = saves.open_store(area)
    assert store.load(saves.SETTINGS) is None
    store.save(saves.SETTINGS, b"\x01\x02")
    store.save(saves.SETTINGS, b"\x01\x03")
    assert saves.open_store(area).load(saves.SETTINGS) == b"\x01\x03"


def test_random_corruption_many_trials_never_raises():
    rng = random.Random(99)
    area = bytearray(STORAGE_BYTES)
    store = saves.open_store(area)
    history = {kind: [None] for kind, _ in saves.LAYOUT}
    for _ in range(3):
        for kind, size in saves.LAYOUT:
            payload = rng.randbytes(rng.randrange(1, size + 1))
            store.save(kind, payload)
            history[kind].append(payload)
    slots = {}
    offset = 0
    for kind, size in saves.LAYOUT:
        slot_size = HEADER_BYTES + size + TRAILER_BYTES
        slots[kind] = (range(offset, offset + slot_size), range(offset + slot_size, offset + 2 * slot_size))
        offset += 2 * slot_size
    good = bytes(area)
    for trial in range(400):
        area[:] = good
        mode = trial % 3
        if mode == 0:  # scattered byte damage
            for _ in range(rng.randrange(1, 40)):
                area[rng.randrange(STORAGE_BYTES)] = rng.randrange(256)
        elif mode == 1:  # a burst of garbage
            start = rng.randrange(STORAGE_BYTES - 64)
            area[start:start + 64] = rng.randbytes(64)
        else:  # single bit flips
            for _ in range(rng.randrange(1, 4)):
                area[rng.randrange(STORAGE_BYTES)] ^= 1 << rng.randrange(8)
        changed = [i for i in range(STORAGE_BYTES) if area[i] != good[i]]
        reopened = saves.open_store(area)
        for kind, _ in saves.LAYOUT:
            hit = [any(i in slot for i in changed) for slot in slots[kind]]
            loaded = reopened.load(kind)
            if not any(hit):
                assert loaded == history[kind][-1]
            elif not all(hit):  # one slot intact: its record (newest or the one before) still loads
                assert loaded in history[kind][-2:]
            else:
                assert loaded in history[kind][-2:] + [None]


def test_wholly_random_areas_load_none_or_bytes_without_raising():
    rng = random.Random(3)
    for _ in range(100):
        store = saves.open_store(bytearray(rng.randbytes(STORAGE_BYTES)))
        for kind, size in saves.LAYOUT:
            loaded = store.load(kind)
            assert loaded is None or (isinstance(loaded, bytes) and 0 < len(loaded) <= size)


SMALL = ((1, 24), (2, 8))
operations = st.lists(
    st.tuples(st.sampled_from([1, 2]), st.one_of(st.just(b""), st.binary(min_size=1, max_size=8)),
              st.one_of(st.none(), st.integers(min_value=0, max_value=60))),
    max_size=40)


@settings(max_examples=150, deadline=None)
@given(operations)
def test_history_of_saves_and_power_cuts_matches_a_model(ops):
    """Each op saves (b"" clears) and is maybe cut after k bytes; the store must match the model after each."""
    area = bytearray(layout_bytes(SMALL))
    model = {1: None, 2: None}
    for kind, payload, cut_after in ops:
        payload = payload[:24] if kind == 1 else payload
        recording = RecordingArea(bytearray(area))
        wrote = Store(recording, SMALL).save(kind, payload)
        if not wrote:
            assert recording.data == area
        elif cut_after is not None and cut_after < len(recording.writes[0][1]):
            start, data = recording.writes[0]
            area[start:start + cut_after] = data[:cut_after]  # the cut: the model keeps the old value
        else:
            area[:] = recording.data
            model[kind] = payload or None
        reopened = Store(area, SMALL)
        assert reopened.load(1) == model[1]
        assert reopened.load(2) == model[2]


def test_the_apps_store_holds_its_code_only_until_released(monkeypatch):
    """pips.saves.open_store: pips.store is imported by the first load or save and dropped by release() (the app
    releases it at the end of each frame), RAM on the badge."""
    import sys
    import pips
    monkeypatch.delitem(sys.modules, "pips.store", raising=False)
    monkeypatch.delattr(pips, "store", raising=False)
    area = bytearray(b"\xff" * STORAGE_BYTES)
    store = saves.open_store(area)
    assert store.save(saves.SETTINGS, b"\x01\x02") and "pips.store" in sys.modules
    assert store.load(saves.SETTINGS) == b"\x01\x02"
    store.release()
    assert "pips.store" not in sys.modules and not hasattr(pips, "store")
    assert store.load(saves.SETTINGS) == b"\x01\x02"  # loaded again when needed
    store.release()
    assert Store(area, saves.LAYOUT).load(saves.SETTINGS) == b"\x01\x02"  # the same bytes as a Store reads


def test_a_held_save_is_written_at_release_in_order():
    area = bytearray(b"\xff" * 8192)
    store = saves.open_store(area)
    store.save(saves.SETTINGS, b"old")
    store.release()
    store.hold()
    payload = bytearray(b"first")
    assert store.save(saves.DYMINO_GAME, payload)
    payload[:] = b"later"  # the held copy is the bytes at the save
    store.save(saves.SETTINGS, b"new")
    fresh = saves.open_store(bytearray(area))
    assert fresh.load(saves.SETTINGS) == b"old" and fresh.load(saves.DYMINO_GAME) is None  # nothing written yet
    store.release()
    fresh = saves.open_store(bytearray(area))
    assert fresh.load(saves.DYMINO_GAME) == b"first" and fresh.load(saves.SETTINGS) == b"new"
    store.release()  # nothing held: nothing written again
    assert saves.open_store(bytearray(area)).load(saves.SETTINGS) == b"new"
