"""The badge platform (lib/pips/device.py) and crash screen (lib/pips/crash.py) against small fakes of the
CircuitPython modules: joystick to D-pad events, the non-blocking tone, brightness, and the crash path."""
import sys
import types

import pytest

from pips import actions, device, joystick
from pips.platform import KEY_A, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP, PIXEL_COUNT

CENTRE = 32768


def test_joystick_mask_directions_and_centre():
    assert joystick.joystick_mask(CENTRE, CENTRE) == 0
    assert joystick.joystick_mask(0, CENTRE) == 1 << KEY_LEFT
    assert joystick.joystick_mask(65535, CENTRE) == 1 << KEY_RIGHT
    assert joystick.joystick_mask(CENTRE, 0) == 1 << KEY_UP
    assert joystick.joystick_mask(CENTRE, 65535) == 1 << KEY_DOWN
    assert joystick.joystick_mask(0, 65535) == (1 << KEY_LEFT) | (1 << KEY_DOWN)


def test_joystick_hysteresis_holds_until_near_the_centre():
    between = CENTRE + 14000  # past the release line, short of the press line
    assert joystick.joystick_mask(between, CENTRE, 0) == 0
    held = 1 << KEY_RIGHT
    assert joystick.joystick_mask(between, CENTRE, held) == held
    assert joystick.joystick_mask(CENTRE + 5000, CENTRE, held) == 0


def test_lowest_change():
    assert joystick.lowest_change(0, 0) == -1
    assert joystick.lowest_change(0b1010_0000, 0b1010_0000) == -1
    assert joystick.lowest_change(0, 1 << KEY_DOWN) == KEY_DOWN
    assert joystick.lowest_change(1 << KEY_LEFT, 1 << KEY_RIGHT) == KEY_RIGHT


def test_sample_rate_and_wave():
    assert device.sample_rate_for(440) == 440 * 32
    assert device.sample_rate_for(100000) == 350000
    assert device.sample_rate_for(1) == 1000
    wave = device.wave_samples()
    assert len(wave) == 32 and wave.typecode == "H"
    assert sum(wave) == 32768 * len(wave)  # no DC offset: the speaker rests at the midpoint
    assert max(wave) - min(wave) > 20000


def test_ticks_wrap():
    near_end = (1 << 29) - 10
    later = actions.ticks_add(near_end, 30)
    assert later == 20
    assert actions.ticks_diff(later, near_end) == 30
    assert actions.ticks_diff(near_end, later) == -30


# --- fakes of the CircuitPython modules -------------------------------------------------------------------

class FakeQueue:
    def __init__(self):
        self.pending = []

    def get_into(self, event):
        if not self.pending:
            return False
        event.key_number, event.pressed = self.pending.pop(0)
        return True


class FakeKeypadEvent:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0


class FakeBoard(types.ModuleType):
    def __init__(self, pygamer):
        super().__init__("board")
        self.DISPLAY = types.SimpleNamespace(auto_refresh=True, brightness=1.0, root_group=None,
                                             refresh=lambda: True)
        for name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE"):
            setattr(self, name, name)
        if pygamer:
            self.JOYSTICK_X = "JOYSTICK_X"
            self.JOYSTICK_Y = "JOYSTICK_Y"


class Hardware:
    """Installs fake board, keypad, microcontroller, supervisor, analogio, neopixel_write, audio and digitalio."""

    def __init__(self, monkeypatch, pygamer):
        self.now = 1000
        self.shift_registers = []
        self.axes = {"JOYSTICK_X": CENTRE, "JOYSTICK_Y": CENTRE}
        self.audio = None
        self.reloaded = 0
        hw = self
        board = FakeBoard(pygamer)

        class ShiftRegisterKeys:
            def __init__(self, **kwargs):
                self.kwargs = kwargs
                self.events = FakeQueue()
                hw.shift_registers.append(self)

        class AnalogIn:
            def __init__(self, pin):
                self.pin = pin

            @property
            def value(self):
                return hw.axes[self.pin]

        self.pixel_writes = []

        def neopixel_write(pin, buffer):
            hw.pixel_writes.append((pin.pin, bytes(buffer)))

        class RawSample:
            def __init__(self, buffer, sample_rate):
                self.buffer = buffer
                self.sample_rate = sample_rate

        class AudioOut:
            def __init__(self, pin):
                self.pin = pin
                self.playing = False
                self.played = []
                hw.audio = self

            def play(self, sample, loop=False):
                self.playing = True
                self.played.append((sample.sample_rate, loop))

            def stop(self):
                self.playing = False

        class DigitalInOut:
            def __init__(self, pin):
                self.pin = pin
                self.value = None

            def switch_to_output(self, value=False):
                self.value = value

        def reload():
            hw.reloaded += 1
            raise SystemExit("reload")

        modules = {
            "board": board,
            "keypad": types.SimpleNamespace(ShiftRegisterKeys=ShiftRegisterKeys, Event=FakeKeypadEvent),
            "microcontroller": types.SimpleNamespace(nvm=bytearray(8192)),
            "supervisor": types.SimpleNamespace(ticks_ms=lambda: hw.now, reload=reload),
            "analogio": types.SimpleNamespace(AnalogIn=AnalogIn),
            "neopixel_write": types.SimpleNamespace(neopixel_write=neopixel_write),
            "audiocore": types.SimpleNamespace(RawSample=RawSample),
            "audioio": types.SimpleNamespace(AudioOut=AudioOut),
            "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut),
            "displayio": types.SimpleNamespace(CIRCUITPYTHON_TERMINAL="terminal"),
        }
        for name, module in modules.items():
            monkeypatch.setitem(sys.modules, name, module)
        self.board = board


def test_pybadge_platform(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=False)
    platform = device.DevicePlatform()
    assert hw.board.DISPLAY.auto_refresh is False
    (keys,) = hw.shift_registers
    assert keys.kwargs == dict(clock="BUTTON_CLOCK", data="BUTTON_OUT", latch="BUTTON_LATCH", key_count=8,
                               value_when_pressed=True)
    assert platform.keys is keys.events  # the firmware queue itself: get_into allocates nothing
    keys.events.pending.append((KEY_A, True))
    event = platform.key_event
    assert platform.keys.get_into(event) and event.key_number == KEY_A and event.pressed
    assert len(platform.storage) == 8192
    assert len(platform.pixels) == PIXEL_COUNT and platform.pixels.brightness <= 0.1
    assert hw.pixel_writes == [("NEOPIXEL", bytes(3 * PIXEL_COUNT))]  # all off at start
    platform.pixels.brightness = 0.5
    platform.pixels[1] = 0xFF8040
    platform.pixels.show()
    assert hw.pixel_writes[-1][1][3:6] == bytes((0x40, 0x7F, 0x20))  # GRB, at half brightness
    platform.set_brightness(0.25)
    assert hw.board.DISPLAY.brightness == 0.25
    platform.set_brightness(3)
    assert hw.board.DISPLAY.brightness == 1.0


def test_tone_is_non_blocking_and_the_speaker_is_on_only_while_it_plays(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=False)
    platform = device.DevicePlatform()
    speaker = platform._speaker
    assert speaker.value is False
    platform.tone(440, 100)
    assert hw.audio.playing and speaker.value is True
    assert hw.audio.played[-1] == (440 * 32, True)
    platform.update(hw.now + 99)
    assert hw.audio.playing and speaker.value is True
    platform.update(hw.now + 100)
    assert not hw.audio.playing and speaker.value is False
    platform.tone(880, 50)
    platform.tone(0, 50)  # hz 0 silences at once
    assert not hw.audio.playing and speaker.value is False


def test_tone_ends_across_the_tick_wrap(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=False)
    platform = device.DevicePlatform()
    hw.now = (1 << 29) - 20
    platform.tone(500, 60)
    platform.update((1 << 29) - 1)
    assert hw.audio.playing
    platform.update(40)  # the clock wrapped; 60 ms have passed
    assert not hw.audio.playing


def test_pygamer_joystick_becomes_dpad_events(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=True)
    platform = device.DevicePlatform()
    (buttons,) = hw.shift_registers
    assert buttons.kwargs["key_count"] == 4
    event = platform.key_event
    keys = platform.keys
    assert not keys.get_into(event)
    hw.axes["JOYSTICK_X"] = 0
    hw.axes["JOYSTICK_Y"] = 65535
    buttons.events.pending.append((KEY_A, True))
    seen = []
    while keys.get_into(event):
        seen.append((event.key_number, event.pressed))
    assert seen == [(KEY_A, True), (KEY_DOWN, True), (KEY_LEFT, True)]  # buttons first, then lowest key first
    hw.axes["JOYSTICK_X"] = CENTRE
    seen = []
    while keys.get_into(event):
        seen.append((event.key_number, event.pressed))
    assert seen == [(KEY_LEFT, False)]
    assert not keys.get_into(event)


def test_pygamer_keys_with_a_read_only_event_pass_buttons_only(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=True)
    platform = device.DevicePlatform()
    hw.axes["JOYSTICK_X"] = 0
    hw.shift_registers[0].events.pending.append((KEY_A, True))
    other = FakeKeypadEvent()
    assert platform.keys.get_into(other) and other.key_number == KEY_A
    assert not platform.keys.get_into(other)


def test_crash_screen_shows_the_error_and_reloads_after_a_press(monkeypatch, capsys):
    from pips import crash
    hw = Hardware(monkeypatch, pygamer=False)
    platform = device.DevicePlatform()
    platform.tone(440, 1000)
    hw.shift_registers[0].events.pending.extend([(KEY_A, False), (KEY_A, True)])
    try:
        raise RuntimeError("board on fire")
    except RuntimeError as error:
        with pytest.raises(SystemExit):
            crash.show_and_restart(error, platform)
    out = capsys.readouterr()
    assert "board on fire" in out.out + out.err
    assert "Press a button to restart" in out.out
    assert hw.board.DISPLAY.root_group == "terminal" and hw.board.DISPLAY.auto_refresh is True
    assert not hw.audio.playing
    assert hw.reloaded == 1
    assert not hw.shift_registers[0].events.pending  # it waited for the press, past the release


def test_crash_before_the_platform_exists_builds_its_own_buttons(monkeypatch, capsys):
    from pips import crash
    hw = Hardware(monkeypatch, pygamer=False)
    monkeypatch.setattr(FakeQueue, "get_into", lambda self, event: _press(event))
    with pytest.raises(SystemExit):
        crash.show_and_restart(ValueError("early"), None)
    assert len(hw.shift_registers) == 1 and hw.reloaded == 1
    out = capsys.readouterr()
    assert "early" in out.out + out.err


def _press(event):
    event.key_number, event.pressed = KEY_A, True
    return True


CODE_PY = __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "code.py")


def _run_code_py():
    with open(CODE_PY) as handle:
        exec(compile(handle.read(), "code.py", "exec"), {"__name__": "__main__"})


def as_circuitpython_10(monkeypatch):
    """sys.implementation as CircuitPython 10's: code.py then runs the app (it does on 9 and 10 only)."""
    monkeypatch.setattr(sys.implementation, "name", "circuitpython")
    monkeypatch.setattr(sys.implementation, "version", (10, 3, 0))


def test_code_py_does_nothing_on_cpython(monkeypatch):
    monkeypatch.setitem(sys.modules, "pips.app", None)  # would raise ImportError if code.py tried to run the app
    _run_code_py()


def test_code_py_runs_the_app_with_the_device_platform(monkeypatch):
    Hardware(monkeypatch, pygamer=False)
    as_circuitpython_10(monkeypatch)
    ran = []
    monkeypatch.setitem(sys.modules, "pips.app", types.SimpleNamespace(run=ran.append))
    _run_code_py()
    assert len(ran) == 1 and isinstance(ran[0], device.DevicePlatform)


def test_code_py_turns_an_app_error_into_the_crash_screen(monkeypatch, capsys):
    hw = Hardware(monkeypatch, pygamer=False)
    as_circuitpython_10(monkeypatch)

    def broken_run(platform):
        hw.shift_registers[0].events.pending.append((KEY_A, True))
        raise MemoryError("out of heap")

    monkeypatch.setitem(sys.modules, "pips.app", types.SimpleNamespace(run=broken_run))
    with pytest.raises(SystemExit):
        _run_code_py()
    out = capsys.readouterr()
    assert "out of heap" in out.out + out.err and hw.reloaded == 1
