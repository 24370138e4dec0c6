"""The save store against the badge's real flash: SAMD51 nvm erases and reprograms its whole 8 KB block on every
write (sim.flash.EraseBlockArea), the CIRCUITPY mirror files are erased and reprogrammed one by one.

A power cut is tried before every event of a save — the erase, every chunk of every page, every mirror write —
for every kind of record, with every other kind present. The promise (pips.store): while the mirror can be
written, a cut loses at most the record being written; without it (USB), the model shows why a mirror is needed.
"""
import random

import pytest

from pips import saves
from pips.store import Store, newer
from sim.flash import NVM_EVENTS_PER_WRITE as NVM_WRITE_EVENTS, EraseBlockArea, MemoryMirror, Power, PowerCut

KINDS = [kind for kind, _ in saves.LAYOUT]
SIZES = dict(saves.LAYOUT)


def _payloads(rng, tag):
    return {kind: bytes([tag]) + rng.randbytes(min(SIZES[kind], 40 + 7 * kind) - 1) for kind in KINDS}


def _filled(mirror_state):
    """A store holding a record of every kind; mirror_state: 'synced', 'stale' (saved over USB since), 'empty'
    (never written: the badge was always on USB), 'nvm_lost' (the second half of nvm erased by a cut)."""
    rng = random.Random(hash(mirror_state) & 0xFFFF)
    area = EraseBlockArea()
    mirror = MemoryMirror(can_write=mirror_state != "empty")
    store = Store(area, saves.LAYOUT, mirror)
    first = _payloads(rng, 1)
    for kind in KINDS:
        store.save(kind, first[kind])
    if mirror_state == "synced":
        return area, mirror, first
    if mirror_state == "nvm_lost":  # a cut erased nvm and left half of it rewritten: the mirror holds the rest
        area.data[:] = bytes(area.data[:4096]) + b"\xff" * 4096
        return area, mirror, first
    mirror.can_write = False  # a computer holds the drive: saves go to nvm alone
    second = _payloads(rng, 2)
    for kind in KINDS:
        store.save(kind, second[kind])
    mirror.can_write = True   # back on the battery
    return area, mirror, second


def _cut_every_event(area, mirror, before, kind, new):
    """Save `new` as `kind`, cut before each event in turn; reopen after each and check what survived."""
    whole = Power()
    Store(EraseBlockArea(area.data, whole), saves.LAYOUT, mirror.copy(whole)).save(kind, new)
    total = whole.events
    assert total >= NVM_WRITE_EVENTS
    expected = new or None  # a cleared record loads as None
    for cut in range(total + 1):
        power = Power(cut)
        nvm = EraseBlockArea(area.data, power)
        files = mirror.copy(power)
        try:
            Store(nvm, saves.LAYOUT, files).save(kind, new)
        except PowerCut:
            pass
        else:
            assert cut == total
        files.power = nvm.power = Power()
        reopened = Store(EraseBlockArea(nvm.data), saves.LAYOUT, files)
        for other in KINDS:
            loaded = reopened.load(other)
            if other == kind:
                assert loaded in (before[kind], expected), (kind, cut)
            else:
                assert loaded == before[other], (kind, other, cut, total)
        if cut == total:
            assert reopened.load(kind) == expected
    return total


@pytest.mark.parametrize("mirror_state", ["synced", "stale", "empty", "nvm_lost"])
def test_a_cut_anywhere_in_any_save_loses_at_most_that_record(mirror_state):
    area, mirror, before = _filled(mirror_state)
    rng = random.Random(7)
    cuts = 0
    for kind in KINDS:
        new = bytes([9]) + rng.randbytes(SIZES[kind] - 1)  # the largest record of its kind
        cuts += _cut_every_event(area, mirror, before, kind, new) + 1
    assert cuts >= len(KINDS) * (NVM_WRITE_EVENTS + 2)


def test_clearing_a_saved_game_is_cut_safe_too():
    area, mirror, before = _filled("synced")
    _cut_every_event(area, mirror, before, saves.DYMINO_GAME, b"")


def test_without_a_mirror_the_erase_block_loses_other_records():
    """The model is the badge's, not the old front-to-back one: with nvm alone, a cut just after the erase
    loses every record, and cuts in the page writes lose the records in pages not yet written."""
    area, mirror, before = _filled("synced")
    new = b"\x05" * 30
    ruined_all = ruined_some = 0
    for cut in range(1, NVM_WRITE_EVENTS):
        power = Power(cut)
        nvm = EraseBlockArea(area.data, power)
        with pytest.raises(PowerCut):
            Store(nvm, saves.LAYOUT).save(saves.SETTINGS, new)
        reopened = Store(EraseBlockArea(nvm.data), saves.LAYOUT)
        survivors = [kind for kind in KINDS if reopened.load(kind) == before[kind]]
        ruined_all += not survivors
        ruined_some += 0 < len(survivors) < len(KINDS)
    assert ruined_all >= 1 and ruined_some >= 1
    # ... and the mirror written before it brings every record back.
    nvm = _cut_just_after_the_erase(area, mirror, saves.SETTINGS, new)
    assert all(byte == 0xFF for byte in nvm.data)  # erased: nothing left in nvm
    restored = Store(EraseBlockArea(nvm.data), saves.LAYOUT, mirror)
    assert [restored.load(kind) for kind in KINDS[1:]] == [before[kind] for kind in KINDS[1:]]


def _cut_just_after_the_erase(area, mirror, kind, payload):
    """nvm after a save of `kind` whose power went right after the erase (the mirror write before it done)."""
    whole = Power()
    Store(EraseBlockArea(area.data, whole), saves.LAYOUT, mirror.copy(whole)).save(kind, payload)
    power = Power(whole.events - NVM_WRITE_EVENTS + 1)
    nvm = EraseBlockArea(area.data, power)
    with pytest.raises(PowerCut):
        Store(nvm, saves.LAYOUT, mirror.copy(power)).save(kind, payload)
    nvm.power = Power()
    return nvm


def test_a_save_reads_the_block_erases_it_and_writes_sixteen_pages():
    power = Power()
    area = EraseBlockArea(power=power)
    area[10:12] = b"ab"
    assert power.events == NVM_WRITE_EVENTS and area.writes == 1
    assert area[10:12] == b"ab" and area[0] == 0xFF


def test_after_a_cut_loses_nvm_the_next_saves_rebuild_it_from_the_mirror():
    area, mirror, before = _filled("synced")
    nvm = _cut_just_after_the_erase(area, mirror, saves.SETTINGS, b"\x01\x01\x01\x01")
    store = Store(nvm, saves.LAYOUT, mirror)
    assert store.load(saves.DYMINO_GAME) == before[saves.DYMINO_GAME]
    assert store.save(saves.DYMINO_GAME, b"next")  # sequence continues from the mirror's copy
    assert Store(EraseBlockArea(nvm.data), saves.LAYOUT, mirror).load(saves.DYMINO_GAME) == b"next"


def test_a_mirror_left_behind_by_many_saves_over_usb_is_still_older():
    area = EraseBlockArea()
    mirror = MemoryMirror()
    store = Store(area, saves.LAYOUT, mirror)
    store.save(saves.SETTINGS, b"old!")
    mirror.can_write = False
    for i in range(300):  # far more saves than the old 8-bit sequence's half circle
        store.save(saves.SETTINGS, bytes((1, i & 0xFF, i >> 8, 0)))
    assert Store(area, saves.LAYOUT, mirror).load(saves.SETTINGS) == bytes((1, 299 & 0xFF, 1, 0))
    assert newer(1, 65534) and not newer(65534, 1) and not newer(0, 5) and newer(5, 0)


def test_an_unwritable_or_failing_mirror_never_stops_a_save():
    class Broken(MemoryMirror):
        def write(self, kind, record):
            raise OSError(28, "no space")

        def read(self, kind, size):
            raise OSError(5, "io")

    area = EraseBlockArea()
    store = Store(area, saves.LAYOUT, Broken())
    assert store.save(saves.SETTINGS, b"\x01\x01\x02\x02")
    assert store.load(saves.SETTINGS) == b"\x01\x01\x02\x02"


def test_after_a_cut_the_next_save_puts_every_record_back_into_nvm():
    area, mirror, before = _filled("nvm_lost")
    store = Store(area, saves.LAYOUT, mirror)
    assert store.save(saves.SETTINGS, b"\x01\x00\x00\x00")
    nvm_alone = Store(EraseBlockArea(area.data), saves.LAYOUT)
    assert [nvm_alone.load(kind) for kind in KINDS[1:]] == [before[kind] for kind in KINDS[1:]]
