"""The simulator's platform pieces: file-backed save area, keyboard events in order, pixels, clock, save path."""
import os

import pygame
import pytest

from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_SELECT, KEY_START, STORAGE_BYTES
from sim.platform import TICKS_MASK, FakeClock, FileArea, SimPixels, default_save_path
from tests.simkit import make_sim


def test_file_area_starts_erased_and_persists_each_write(tmp_path):
    path = str(tmp_path / "deep" / "save.bin")
    area = FileArea(path)
    assert len(area) == STORAGE_BYTES and os.path.getsize(path) == STORAGE_BYTES
    assert area[0:4] == b"\xff" * 4
    area[10:14] = b"pips"
    area[8191] = 7
    with open(path, "rb") as stored:  # written through at once, no close/flush needed by the caller
        data = stored.read()
    assert data[10:14] == b"pips" and data[8191] == 7
    again = FileArea(path)
    assert again[10:14] == b"pips" and again[8191] == 7 and again[-1] == 7


def test_file_area_rejects_wrong_length_writes(tmp_path):
    area = FileArea(str(tmp_path / "save.bin"))
    with pytest.raises(ValueError):
        area[0:4] = b"abc"
    assert area[0:4] == b"\xff" * 4


def test_short_file_is_padded_to_full_size(tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(b"\x01\x02")
    area = FileArea(str(path))
    assert area[0:3] == b"\x01\x02\xff" and os.path.getsize(path) == STORAGE_BYTES


def test_default_save_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_save_path() == os.path.join(str(tmp_path), "pips", "save.bin")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_save_path().endswith(os.path.join(".local", "share", "pips", "save.bin"))


def test_keyboard_events_reach_the_queue_in_order(tmp_path):
    sim = make_sim(tmp_path)
    pygame.event.clear()
    sequence = [(pygame.KEYDOWN, pygame.K_z), (pygame.KEYDOWN, pygame.K_DOWN), (pygame.KEYUP, pygame.K_z),
                (pygame.KEYDOWN, pygame.K_x), (pygame.KEYUP, pygame.K_DOWN), (pygame.KEYDOWN, pygame.K_ESCAPE),
                (pygame.KEYDOWN, pygame.K_TAB), (pygame.KEYDOWN, pygame.K_LEFT), (pygame.KEYDOWN, pygame.K_q)]
    for kind, key in sequence:
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0))
    sim.platform.pump_events()
    from keypad import Event
    event = Event()
    got = []
    while sim.platform.keys.get_into(event):
        got.append((event.key_number, event.pressed))
    assert got == [(KEY_A, True), (KEY_DOWN, True), (KEY_A, False), (KEY_B, True), (KEY_DOWN, False),
                   (KEY_START, True), (KEY_SELECT, True), (KEY_LEFT, True)]


def test_window_close_ends_the_run(tmp_path):
    from sim.platform import SimQuit
    sim = make_sim(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SimQuit):
        sim.platform.pump_events()


def test_pixels_show_only_what_was_shown():
    pixels = SimPixels()
    pixels[2] = 0xFF0000
    assert pixels.shown == [0] * 5
    pixels.show()
    assert pixels.shown == [0, 0, 0xFF0000, 0, 0] and len(pixels) == 5
    pixels.fill(0x0000FF)
    pixels.show()
    assert pixels.shown == [0x0000FF] * 5


def test_fake_clock_wraps_like_the_badge():
    clock = FakeClock(TICKS_MASK - 10)
    clock.advance(20)
    assert clock.ticks_ms() == 9


def test_brightness_dims_the_window(tmp_path):
    sim = make_sim(tmp_path, scale=1)
    sim.app.start()
    sim.frame()
    bright = sim.window.surface.get_at((40, 60))
    sim.platform.set_brightness(0.25)
    sim.frame()
    dim = sim.window.surface.get_at((40, 60))
    assert sum(dim[:3]) < sum(bright[:3])


def test_file_area_erases_and_rewrites_the_whole_block_and_a_kill_leaves_the_models_bytes(tmp_path):
    from sim.flash import NVM_EVENTS_PER_WRITE, Power, PowerCut
    path = str(tmp_path / "save.bin")
    area = FileArea(path)
    area[0:8] = b"settings"
    area[4000:4004] = b"game"
    for cut in (1, 2, NVM_EVENTS_PER_WRITE // 2, NVM_EVENTS_PER_WRITE - 1):
        killed = FileArea(path)
        killed.power = Power(cut)
        with pytest.raises(PowerCut):
            killed[4000:4004] = b"GAME"
        with open(path, "rb") as stored:
            assert stored.read() == bytes(killed.data)  # what the badge would hold after that cut
        if cut == 1:  # erased, nothing rewritten: a write far away took the other bytes down with it
            assert killed[0:8] == b"\xff" * 8
        elif cut < NVM_EVENTS_PER_WRITE // 2:
            assert killed[0:8] == b"settings" and killed[4000:4004] == b"\xff" * 4
        area = FileArea(path)
        area[0:8] = b"settings"
        area[4000:4004] = b"game"
