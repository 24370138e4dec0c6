"""The simulator's platform: what lib/pips/platform.py describes, on pygame. The app code is the badge's."""
import os
import sys
import time

import keypad
import pygame

from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP
from pips.platform import PIXEL_COUNT, STORAGE_BYTES, Platform
from sim.flash import EraseBlockArea

TICKS_MASK = (1 << 29) - 1  # the badge's supervisor.ticks_ms wraps here too

KEYMAP = {
    pygame.K_UP: KEY_UP,
    pygame.K_DOWN: KEY_DOWN,
    pygame.K_LEFT: KEY_LEFT,
    pygame.K_RIGHT: KEY_RIGHT,
    pygame.K_RETURN: KEY_A,
    pygame.K_KP_ENTER: KEY_A,
    pygame.K_z: KEY_A,
    pygame.K_r: KEY_B,
    pygame.K_x: KEY_B,
    pygame.K_ESCAPE: KEY_START,
    pygame.K_TAB: KEY_SELECT,
}
SHAKE_KEY = pygame.K_k  # stands for shaking the badge (Dice Duel and Dymino roll on a shake)
_AT_REST = (0.0, 4.905, 8.496)  # m/s^2: gravity with the badge tilted 30 degrees towards the player


REDRAW_EVENTS = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED)


class SimQuit(Exception):
    """The window was closed."""


class FakeClock:
    """A clock that only moves when told: headless runs are fast and repeatable."""

    def __init__(self, start_ms=0):
        self.now = start_ms

    def ticks_ms(self):
        return self.now & TICKS_MASK

    def advance(self, ms):
        self.now += ms


class RealClock:
    def __init__(self):
        self.start = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self.start) * 1000) & TICKS_MASK


class SimKeys(keypad.EventQueue):
    """Blinka's keypad.EventQueue (get_into(event) like the badge's), filled from the keyboard or a key script."""

    def __init__(self, max_events=64):
        super().__init__(max_events)

    def record(self, key_number, pressed):
        self.keypad_eventqueue_record(key_number, pressed)


class SimPixels:
    """Five NeoPixels; the window draws what was last show()n."""

    def __init__(self, count=PIXEL_COUNT):
        self.colors = [0] * count
        self.shown = [0] * count
        self.changed = True

    def __len__(self):
        return len(self.colors)

    def __getitem__(self, index):
        return self.colors[index]

    def __setitem__(self, index, color):
        self.colors[index] = color

    def fill(self, color):
        for index in range(len(self.colors)):
            self.colors[index] = color

    def show(self):
        if self.shown != self.colors:
            self.shown = list(self.colors)
            self.changed = True


class FileArea(EraseBlockArea):
    """The badge's nvm, kept in a file: every write erases and reprograms the whole 8 KB block like the SAMD51's
    (sim.flash), and each of its steps lands in the file at once, so a simulator killed mid-save leaves what a
    power cut would leave on the badge. Opening raises OSError when the file cannot be written; a write that
    fails later is reported once on stderr and the run goes on with saves kept in memory only."""

    def __init__(self, path, size=STORAGE_BYTES):
        self.path = path
        self.failed = None
        data = b""
        if os.path.exists(path):
            with open(path, "rb") as stored:
                data = stored.read(size)
        super().__init__(data[:size] + b"\xff" * (size - len(data)), on_change=self._write, size=size)
        if len(data) != size:
            folder = os.path.dirname(path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            with open(path, "wb") as stored:
                stored.write(self.data)
        with open(path, "r+b"):
            pass  # writable, or OSError now rather than at the first save

    def _write(self, offset, payload):
        if self.failed is not None:
            return
        try:
            with open(self.path, "r+b") as stored:
                stored.seek(offset)
                stored.write(payload)
                stored.flush()
        except OSError as error:
            self.failed = error
            sys.stderr.write("python -m sim: cannot write %s (%s); saves are no longer kept\n"
                             % (self.path, error.strerror or error))


def open_save(path):
    """(nvm area, mirror, problem) for a save file: problem is None, or why this run keeps no saves (the area
    then holds what could be read, in memory only, and there is no mirror)."""
    from pips.mirror import FileMirror
    try:
        return FileArea(path), FileMirror(mirror_folder(path)), None
    except OSError as error:
        data = b""
        try:
            with open(path, "rb") as stored:
                data = stored.read(STORAGE_BYTES)
        except OSError:
            pass
        area = EraseBlockArea(data + b"\xff" * (STORAGE_BYTES - len(data)))
        reason = error.strerror or str(error)
        folder = os.path.dirname(path)
        if folder and os.path.exists(folder) and not os.path.isdir(folder):
            reason = "%s is a file" % folder
        return area, None, "cannot write %s (%s)" % (path, reason)


def mirror_folder(save_path):
    """Where the simulator keeps the badge's CIRCUITPY mirror of a save file: beside it."""
    return save_path + ".mirror"


def default_save_path():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pips", "save.bin")


class Tones:
    """Square-wave tones through pygame's mixer; silent when there is no audio device (or when told)."""

    RATE = 22050

    def __init__(self, enabled=True):
        self.ready = False
        self.played = []  # (hz, ms) of every tone asked for: tests and headless runs can see them
        self._sounds = {}
        if enabled:
            try:
                pygame.mixer.init(frequency=self.RATE, size=-16, channels=1)
                self.ready = True
            except pygame.error:
                self.ready = False

    def tone(self, hz, ms):
        self.played.append((hz, ms))
        if not self.ready:
            return
        if hz <= 0:
            pygame.mixer.stop()
            return
        sound = self._sounds.get(hz)
        if sound is None:
            sound = self._square(hz)
            self._sounds[hz] = sound
        sound.play(loops=-1, maxtime=ms)


    @staticmethod
    def _square(hz):
        import numpy
        rate, _, channels = pygame.mixer.get_init()
        period = max(2, rate // hz)
        cycles = max(1, hz // 20)  # about 50 ms of wave, looped for the tone's length
        wave = numpy.where(numpy.arange(period * cycles) % period < period // 2, 3000, -3000).astype(numpy.int16)
        if channels > 1:
            wave = numpy.repeat(wave[:, None], channels, axis=1)
        return pygame.sndarray.make_sound(numpy.ascontiguousarray(wave))


class SimPlatform(Platform):
    """pips.platform's Platform on pygame: no restart (the menu comes back in the same interpreter)."""

    def __init__(self, display, window, clock, storage, sound=True, script=None, record_dir=None, shot_path=None,
                 storage_mirror=None):
        self.display = display
        self.window = window
        self.clock = clock
        self.ticks_ms = clock.ticks_ms
        self.keys = SimKeys()
        self.pixels = SimPixels()
        self.storage = storage
        self.storage_mirror = storage_mirror
        self.tones = Tones(sound)
        self.brightness = 1.0
        self.script = script
        self.record_dir = record_dir
        self.shot_path = shot_path
        self.frames_recorded = 0
        self.presented = 0
        self._stale = True
        self._motion = None
        self._shakes = 1

    def tone(self, hz, ms):
        self.tones.tone(hz, ms)

    def shake(self):
        """The shake key: the next frames' accelerometer samples are a shake (sim/shake_traces.py)."""
        from sim import shake_traces
        self._motion = list(shake_traces.shake(seed=self._shakes))
        self._shakes += 1

    def acceleration(self):
        """(x, y, z) m/s^2: the badge held still at the playing angle, or a shake after the shake key."""
        if self._motion:
            return self._motion.pop(0)
        return _AT_REST

    @staticmethod
    def today():
        """(year, month, day) from the computer's clock: the simulator always knows the date."""
        import datetime
        date = datetime.date.today()
        return (date.year, date.month, date.day)

    def set_brightness(self, level):
        level = min(1.0, max(0.0, level))
        if level != self.brightness:
            self.brightness = level
            self._stale = True

    def update(self, now_ms):
        """Once a frame: keyboard and window events, the key script, then show the frame if anything changed."""
        self.pump_events()
        if self.script is not None:
            self.script.feed(self.keys, now_ms, self.shake)
        display = self.display
        if display.changed or self.pixels.changed or self._stale:
            display.changed = False
            self.pixels.changed = False
            self._stale = False
            self.present()

    def present(self):
        if self.window is None:
            return
        self.window.present(self.display.surface, self.pixels.shown, self.brightness)
        self.presented += 1
        if self.record_dir:
            self.frames_recorded += 1
            self.window.save(os.path.join(self.record_dir, "frame_%05d.png" % self.frames_recorded))

    def pump_events(self):
        # Read every event unfiltered, in order: a filtered get() reorders key-downs and key-ups.
        for event in pygame.event.get():
            if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
                raise SimQuit()
            if event.type in REDRAW_EVENTS:
                self._stale = True  # the window was uncovered or resized: show the frame again
            if event.type == pygame.KEYDOWN or event.type == pygame.KEYUP:
                if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                    self.screenshot(self.shot_path or "pips-%d.png" % int(time.time()))
                    continue
                if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                    raise SimQuit()
                if event.type == pygame.KEYDOWN and event.key == SHAKE_KEY:
                    self.shake()
                    continue
                key = KEYMAP.get(event.key)
                if key is not None:
                    self.keys.record(key, event.type == pygame.KEYDOWN)

    def screenshot(self, path):
        """Save what the window shows (screen + NeoPixels) as a PNG."""
        self.present()
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.window.save(path)
        return path
