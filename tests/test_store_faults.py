"""The save store under sequences of faults (issue 23): the scenarios found by hand, each over every cut point, and
a sample of tests/fault_model.py's exhaustive run (`make faults` tries every sequence of up to two faults)."""
import random

import pytest

from pips import saves
from pips import store as store_module
from tests import fault_model as fm

DG = saves.DYMINO_GAME
STORE_CRC16 = store_module.crc16  # the device's, before the fixture swaps in binascii's


@pytest.fixture(autouse=True)
def fast_crc(monkeypatch):
    monkeypatch.setattr(store_module, "crc16", fm.fast_crc16)


def test_the_fast_crc_is_the_stores():
    rng = random.Random(4)
    for _ in range(50):
        data = rng.randbytes(rng.randrange(0, 600))
        start = rng.randrange(0, len(data) + 1)
        crc = rng.randrange(0x10000)
        assert fm.fast_crc16(data, crc, start) == STORE_CRC16(data, crc, start)


def _loads(badge):
    store = badge.store()
    values = {kind: fm.value_of(store.load(kind)) for kind in fm.KINDS}
    store.release()
    return values


def _nvm_cut_points(badge, kind):
    """The cut points of a save of `kind` that land in its nvm write (the last 65 events)."""
    total = badge.save_events(kind)
    return range(total - fm.NVM_EVENTS, total)


def _cut(badge, kind, event):
    twin = badge.copy()
    assert twin.step(kind, event) is False
    return twin


def test_a_completed_save_never_rolls_back_after_a_cut_a_usb_save_and_a_cut():
    """Issue 23, 1: a battery save cut during its nvm write; Dymino's round saved over USB (value 2, nvm alone);
    saved again on the battery (value 3) and cut anywhere: it reads 2 or 3, never 1, and the others never move."""
    start = fm.Badge()
    before = _loads(start)
    rolled_back = tried = 0
    for first in _nvm_cut_points(start, saves.SETTINGS)[::8]:
        badge = _cut(start, saves.SETTINGS, first)
        settings = _loads(badge)[saves.SETTINGS]
        badge.drive.usb = True
        badge.step(DG)                      # value 2, over USB
        two = _loads(badge)[DG]
        badge.drive.usb = False
        for second in range(badge.save_events(DG)):
            cut = _cut(badge, DG, second)   # value 3, on the battery, cut
            after = _loads(cut)
            tried += 1
            rolled_back += after[DG] not in (two, two + 1)
            assert {kind: value for kind, value in after.items() if kind not in (DG, saves.SETTINGS)} == {
                kind: value for kind, value in before.items() if kind not in (DG, saves.SETTINGS)}
            assert after[saves.SETTINGS] == settings
    assert tried > 500 and rolled_back == 0


def test_two_battery_cuts_never_revert_a_record_that_read_new():
    """Issue 23, 2: drive files share 4 KB sectors. A SETTINGS save cut anywhere, then a DYMINO_BEST save cut
    anywhere: whatever SETTINGS read after the first cut it still reads, and no other record moves."""
    start = fm.Badge()
    before = _loads(start)
    tried = reverted = 0
    for first in range(start.save_events(saves.SETTINGS)):
        badge = _cut(start, saves.SETTINGS, first)
        shown = _loads(badge)
        assert shown[saves.SETTINGS] in (before[saves.SETTINGS], before[saves.SETTINGS] + 1)
        for second in range(0, badge.save_events(saves.DYMINO_BEST), 3):
            after = _loads(_cut(badge, saves.DYMINO_BEST, second))
            tried += 1
            reverted += after[saves.SETTINGS] != shown[saves.SETTINGS]
            for kind in fm.KINDS:
                if kind not in (saves.SETTINGS, saves.DYMINO_BEST):
                    assert after[kind] == before[kind], (first, second, kind)
    assert tried > 1000 and reverted == 0


def test_a_cut_a_usb_save_and_a_cut_in_the_catch_up_lose_nothing_else():
    """Issue 23, 2 (second half): cut -> USB save -> battery cut: the catch-up rewrites shared sectors, and no record
    whose only copy was on the drive is lost."""
    start = fm.Badge()
    before = _loads(start)
    tried = 0
    for first in _nvm_cut_points(start, DG)[::4]:
        badge = _cut(start, DG, first)
        dg = _loads(badge)[DG]
        badge.drive.usb = True
        badge.step(saves.SETTINGS)
        settings = _loads(badge)[saves.SETTINGS]
        badge.drive.usb = False
        for second in range(badge.save_events(saves.DYMINO_BEST)):
            after = _loads(_cut(badge, saves.DYMINO_BEST, second))
            tried += 1
            assert after[DG] == dg and after[saves.SETTINGS] == settings, (first, second)
            for kind in fm.KINDS:
                if kind not in (DG, saves.SETTINGS, saves.DYMINO_BEST):
                    assert after[kind] == before[kind], (first, second, kind)
    assert tried > 500


@pytest.mark.parametrize("between", ["unchanged save", "usb save", "nothing"])
def test_deleting_the_drive_folder_after_a_cut_loses_nothing(between):
    """Issue 23, 4: a battery save cut during its nvm write, then a save that changes nothing, a save over USB or
    no save at all (the badge is only switched on), then /pips_saves deleted: every record still loads."""
    start = fm.Badge()
    before = _loads(start)
    for first in _nvm_cut_points(start, saves.SETTINGS):
        badge = _cut(start, saves.SETTINGS, first)
        shown = _loads(badge)   # the badge starts again: its first load
        if between == "unchanged save":
            store = badge.store()
            assert not store.save(saves.STATS, fm.payload(saves.STATS, before[saves.STATS]))
        elif between == "usb save":
            badge.drive.usb = True
            badge.step(saves.STATS)
            shown[saves.STATS] += 1
        badge.drive.remove_folder()
        badge.session = None
        assert _loads(badge) == shown, first
        for kind in fm.KINDS:
            if kind not in (saves.SETTINGS, saves.STATS):
                assert shown[kind] == before[kind]


def test_a_sample_of_fault_sequences_holds(capsys):
    """A sample of `make faults`: every single fault, then 30 random second faults after each distinct state."""
    sequences, states, violations = fm.run(depth=2, sample=30, seed=23)
    with capsys.disabled():  # the count shows in make test's output
        print(" [fault model sample: %d sequences of up to 2 faults, %d violations] "
              % (sequences, len(violations)), end="")
    assert sequences > 5000 and violations == []


def test_a_drive_copied_from_another_badge_is_taken_kind_by_kind_where_it_is_newer():
    """Issue 23, 5, as the README says: a /pips_saves folder from another badge replaces, at the next start, each
    record it holds that was saved more often than this badge's (how saves move to a new badge); this badge keeps
    the others, and its next save on the battery writes them over the copied files."""
    from sim.flash import EraseBlockArea, FatDrive
    mine_nvm, mine_drive = EraseBlockArea(), FatDrive()
    mine = saves.open_store(mine_nvm, mine_drive)
    other_drive = FatDrive()
    other = saves.open_store(EraseBlockArea(), other_drive)
    for kind in fm.KINDS:
        mine.save(kind, b"mine %d" % kind)
        other.save(kind, b"other %d" % kind)
    mine.save(DG, b"mine's newer round")
    for turn in range(3):
        other.save(saves.SETTINGS, b"other's settings %d" % turn)
    mine_drive.flash[:] = other_drive.flash   # the folder copied over this badge's
    again = saves.open_store(mine_nvm, mine_drive)
    assert again.load(saves.SETTINGS) == b"other's settings 2"
    assert again.load(DG) == b"mine's newer round"
    assert again.load(saves.STATS) == b"mine %d" % saves.STATS  # saved as often: this badge's stays
    assert again.save(saves.TIPS, b"next")
    assert mine_drive.read(saves.STATS, fm.SIZES[saves.STATS])[9:16] == b"mine %d" % saves.STATS
    restarted = saves.open_store(mine_nvm, mine_drive)
    assert [restarted.load(kind) for kind in fm.KINDS] == [again.load(kind) for kind in fm.KINDS]
