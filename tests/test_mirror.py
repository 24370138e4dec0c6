"""The CIRCUITPY mirror: pips.mirror.FileMirror on real files, pips.device.DriveMirror's remount rule against
small fakes of CircuitPython's storage and supervisor modules, and the store over nvm + files in the simulator."""
import os
import sys
import types

import pytest

from pips import device, saves
from pips.mirror import FileMirror
from pips.store import Store
from sim.flash import EraseBlockArea


def test_file_mirror_round_trip_in_place_and_wrong_sizes(tmp_path):
    mirror = FileMirror(str(tmp_path / "pips_saves"))
    assert mirror.read(3, 10) is None
    assert mirror.write(3, b"0123456789") == 0
    assert mirror.read(3, 10) == b"0123456789"
    assert mirror.read(3, 9) is None and mirror.read(3, 11) is None  # another layout's size: not ours
    inode = os.stat(mirror.path(3)).st_ino
    assert mirror.write(3, b"abcdefghij") == 0
    assert mirror.read(3, 10) == b"abcdefghij" and os.stat(mirror.path(3)).st_ino == inode
    assert mirror.write(3, b"short") == 0  # a new size replaces the file
    assert mirror.read(3, 5) == b"short"


def test_file_mirror_that_cannot_write_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    mirror = FileMirror(str(blocker / "pips_saves"))  # a folder under a file
    assert mirror.write(1, b"abc") == 20  # ENOTDIR: the errno, for pips.store's `unprotected`
    assert mirror.read(1, 3) is None


class FakeStorage:
    def __init__(self, refuse=False):
        self.remounts = []
        self.refuse = refuse

    def remount(self, path, readonly=False):
        if self.refuse:
            raise RuntimeError("Cannot remount path when visible via USB.")
        self.remounts.append((path, readonly))


def _fake_badge(monkeypatch, usb_connected, refuse=False):
    storage = FakeStorage(refuse)
    runtime = types.SimpleNamespace(usb_connected=usb_connected)
    monkeypatch.setitem(sys.modules, "storage", storage)
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(runtime=runtime))
    return storage, runtime


def test_drive_mirror_takes_the_drive_only_without_a_usb_host(monkeypatch, tmp_path):
    storage, runtime = _fake_badge(monkeypatch, usb_connected=True)
    mirror = device.DriveMirror(str(tmp_path / "pips_saves"))
    assert not mirror.writable() and mirror.write(1, b"abc") == 1 and storage.remounts == []
    runtime.usb_connected = False  # unplugged: the next save takes the drive
    assert mirror.write(1, b"abc") == 0 and storage.remounts == [("/", False)]
    assert mirror.read(1, 3) == b"abc"
    runtime.usb_connected = True   # plugged in again: the drive stays the app's until reset
    assert mirror.write(1, b"abd") == 0 and len(storage.remounts) == 1


def test_drive_mirror_refused_by_circuitpython_stays_read_only(monkeypatch, tmp_path):
    storage, _ = _fake_badge(monkeypatch, usb_connected=False, refuse=True)
    mirror = device.DriveMirror(str(tmp_path / "pips_saves"))
    assert not mirror.writable() and mirror.write(2, b"x") == 1


def test_the_simulators_store_keeps_its_mirror_beside_the_save_file(tmp_path):
    from sim.platform import FileArea, mirror_folder
    save = str(tmp_path / "save.bin")
    store = Store(FileArea(save), saves.LAYOUT, FileMirror(mirror_folder(save)))
    assert store.save(saves.SETTINGS, b"\x01\x00\x03\x02")
    os.remove(save)  # nvm gone: the mirror alone brings the record back
    again = Store(FileArea(save), saves.LAYOUT, FileMirror(mirror_folder(save)))
    assert again.load(saves.SETTINGS) == b"\x01\x00\x03\x02"
    assert Store(EraseBlockArea(), saves.LAYOUT).load(saves.SETTINGS) is None
