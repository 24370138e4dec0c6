"""The badge's platform (CircuitPython on the PyBadge, PyBadge LC and PyGamer): see pips.platform for the members.

    board.DISPLAY (auto_refresh off) · buttons through keypad.ShiftRegisterKeys (+ the PyGamer's analog joystick
    as D-pad keys: pips.joystick, loaded only there) · 5 NeoPixels at low brightness · tones from one small looping waveform on the speaker, the
    amplifier on only while a tone plays · microcontroller.nvm as the 8 KB save area, mirrored in files on the
    CIRCUITPY drive whenever no computer holds the drive (DriveMirror; pips.store says why) · the LIS3DH
    accelerometer (pips.accelerometer, loaded at the first read: only games with shakes read it).

Hardware modules are imported inside DevicePlatform, so the pure helpers here (tone rate, tick maths) import and
test on a PC. adafruit_pybadger is not used: keypad, board pins and neopixel_write do its job
here without its RAM cost; the neopixel library is not used either (with adafruit_pixelbuf it held 5.3 KB of heap
under circuitpython-pybadge for what Pixels below does in a few hundred bytes).
"""
from micropython import const

from pips import modules
from pips.actions import ticks_add, ticks_diff
from pips.platform import PIXEL_COUNT, Platform

PIXEL_BRIGHTNESS = 0.05

# Tones: one cycle of a waveform, looped; pitch = sample_rate / _WAVE_SAMPLES.
_WAVE_SAMPLES = const(32)
_WAVE_AMPLITUDE = const(12000)  # of 32767: the badge speaker is loud
_MAX_SAMPLE_RATE = const(350000)  # the highest rate adafruit_pybadger hands its RawSample
_MIN_SAMPLE_RATE = const(1000)

# A restart's note (pips.platform) in alarm.sleep_memory, the SAMD51's backup RAM (kept through a reload, never
# written to flash; random after power-on, hence the mark and the check byte): mark, note, note ^ 0xFF.
_NOTE_MARK = const(0x9C)


def _sleep_memory():
    """alarm.sleep_memory, or None in a build without the alarm module."""
    try:
        import alarm
        return alarm.sleep_memory
    except (ImportError, AttributeError):
        return None


def take_restart_note(memory):
    """The note a restart left in `memory` (a byte area), or None; it is taken: a later crash's reload or a
    reset finds none."""
    if memory is None or len(memory) < 3 or memory[0] != _NOTE_MARK or memory[1] ^ memory[2] != 0xFF:
        return None
    memory[0] = 0
    return memory[1]


def sample_rate_for(hz):
    """RawSample rate that plays the looped waveform at `hz` (clamped to what the audio output takes)."""
    rate = hz * _WAVE_SAMPLES
    if rate > _MAX_SAMPLE_RATE:
        return _MAX_SAMPLE_RATE
    if rate < _MIN_SAMPLE_RATE:
        return _MIN_SAMPLE_RATE
    return rate


def wave_samples():
    """One cycle of a square wave as unsigned 16-bit samples around the DAC's midpoint; the two edges pass
    through the midpoint (softer clicks). A square carries best on the badge's tiny speaker."""
    import array
    wave = array.array("H", [32768] * _WAVE_SAMPLES)
    half = _WAVE_SAMPLES // 2
    for i in range(1, _WAVE_SAMPLES):
        if i != half:
            wave[i] = 32768 + _WAVE_AMPLITUDE if i < half else 32768 - _WAVE_AMPLITUDE
    return wave


class Pixels:
    """The NeoPixels as the app uses them (pips.platform: len, pixels[i] = 0xRRGGBB, fill, show), written with
    the firmware's neopixel_write. Colours are scaled by `brightness` as they are set; the strip takes GRB."""

    def __init__(self, pin, count, brightness, write):
        # pin, write and buffer are names the firmware has in ROM: as attributes they cost the badge no name
        self.pin = pin          # a DigitalInOut switched to output
        self.write = write      # neopixel_write.neopixel_write
        self.buffer = bytearray(3 * count)
        self.brightness = brightness

    def __len__(self):
        return len(self.buffer) // 3

    def __setitem__(self, index, color):
        scale = int(self.brightness * 256)
        offset = 3 * index
        buffer = self.buffer
        buffer[offset] = (((color >> 8) & 0xFF) * scale) >> 8
        buffer[offset + 1] = (((color >> 16) & 0xFF) * scale) >> 8
        buffer[offset + 2] = ((color & 0xFF) * scale) >> 8

    def fill(self, color):
        for index in range(len(self)):
            self[index] = color

    def show(self):
        self.write(self.pin, self.buffer)


class DriveMirror:
    """pips.mirror.FileMirror on the CIRCUITPY drive, written only when the app may write the drive.

    CircuitPython lets code remount "/" writable at run time unless a USB host holds the drive
    (storage.remount raises RuntimeError then). The first save that finds no USB host (`usb_connected` false:
    on the battery or a charger) remounts it for the app; from then until the next reset a computer sees the
    drive read-only. While a computer holds the drive the mirror is only read, and saves go to nvm alone.
    """

    # not "/saves": CircuitPython mounts its SAVES partition there on some boards
    def __init__(self, folder="/pips_saves"):
        from pips.mirror import FileMirror
        self.files = FileMirror(folder)
        self._ours = False

    def writable(self):
        if self._ours:
            return True
        try:
            import storage
            import supervisor
            if supervisor.runtime.usb_connected:
                return False  # asked again at the next save: the cable may be gone by then
            storage.remount("/", readonly=False)
        except (ImportError, AttributeError, OSError, RuntimeError):
            return False
        self._ours = True
        return True

    def read(self, kind, size):
        return self.files.read(kind, size)

    def write(self, kind, record):
        return self.files.write(kind, record) if self.writable() else 1


class DevicePlatform(Platform):
    """pips.platform's Platform on the badge. `key_event` is the event object `keys.get_into` fills; no today()."""

    def __init__(self):
        import board
        import keypad
        import microcontroller
        import supervisor

        self.ticks_ms = supervisor.ticks_ms
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.storage = microcontroller.nvm
        self.storage_mirror = DriveMirror()
        self.buttons = None
        if hasattr(board, "JOYSTICK_X"):  # PyGamer: 4 buttons on the shift register, D-pad on the joystick
            from pips.joystick import pygamer_keys
            self.buttons, self.keys, self.key_event = pygamer_keys(board, keypad, supervisor.ticks_ms)
        else:  # PyBadge: all 8 buttons on the shift register, numbered as pips.platform's KEY_*
            self.buttons = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                                    latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
            self.keys = self.buttons.events
            self.key_event = keypad.Event()
        self.pixels = self._make_pixels(board)
        self._audio = None
        self._speaker = None
        self._tone_end = 0
        self._tone_on = False
        self._make_audio(board)
        self._accelerometer = None  # set up at the first read (acceleration), False where there is none
        self.restart_note = take_restart_note(_sleep_memory())

    def restart(self, note):
        """code.py again in a fresh interpreter (pips.platform), `note` kept for it in sleep memory. Never returns:
        supervisor.reload() makes the interpreter raise ReloadException (a BaseException: code.py's handler lets it
        through) at its next check, which the loop below reaches at once (a sleep ends early while an exception is
        pending: mp_hal_delay_ms). The backlight goes off first: the firmware shows its terminal between two runs
        (reset_busdisplay) but keeps the brightness; the app turns it on again once code.py has blanked the
        screen."""
        import supervisor
        import time
        memory = _sleep_memory()
        if memory is not None and len(memory) >= 3:
            memory[1] = note & 0xFF
            memory[2] = (note & 0xFF) ^ 0xFF
            memory[0] = _NOTE_MARK
        self._silence()
        self.display.brightness = 0
        supervisor.reload()
        while True:
            time.sleep(1)

    @staticmethod
    def _make_pixels(board):
        import digitalio
        from neopixel_write import neopixel_write
        pin = digitalio.DigitalInOut(board.NEOPIXEL)
        pin.switch_to_output(value=False)
        pixels = Pixels(pin, PIXEL_COUNT, PIXEL_BRIGHTNESS, neopixel_write)
        pixels.fill(0)
        pixels.show()
        return pixels

    def acceleration(self):
        """(x, y, z) in m/s^2 (pips.platform), or None: no answer this time, or no sensor. The app reads it only while
        a scene that takes shakes is on top: the sensor's code (pips.accelerometer) is loaded at the first read, so
        games without shakes never load it. Where nothing answers then (the PyBadge LC), the member becomes None:
        buttons only from then on (pips.platform)."""
        sensor = self._accelerometer
        if sensor is None:
            import board
            from pips.accelerometer import open_sensor
            sensor = self._accelerometer = open_sensor(board) or False
            if not sensor:
                modules.unload("pips.accelerometer")  # its code goes again
                self.acceleration = None
        if not sensor:
            return None
        try:
            return sensor.acceleration()
        except OSError:
            return None

    def _make_audio(self, board):
        """The speaker: a DAC AudioOut on the SAMD51 badges (PWM audio where there is no DAC)."""
        try:
            from audiocore import RawSample
            try:
                from audioio import AudioOut
            except ImportError:
                from audiopwmio import PWMAudioOut as AudioOut
            import digitalio
        except ImportError:
            return  # a build without audio: tones stay silent
        self._sample = RawSample(wave_samples(), sample_rate=sample_rate_for(440))
        self._audio = AudioOut(board.SPEAKER)
        if hasattr(board, "SPEAKER_ENABLE"):
            self._speaker = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self._speaker.switch_to_output(value=False)

    def tone(self, hz, ms):
        """Start a tone of `hz` for `ms` and return at once; update() ends it. hz <= 0 silences."""
        audio = self._audio
        if audio is None:
            return
        if hz <= 0 or ms <= 0:
            self._silence()
            return
        if audio.playing:
            audio.stop()
        self._sample.sample_rate = sample_rate_for(hz)
        if self._speaker is not None:
            self._speaker.value = True
        audio.play(self._sample, loop=True)
        self._tone_end = ticks_add(self.ticks_ms(), ms)
        self._tone_on = True

    def _silence(self):
        if self._audio is not None and self._audio.playing:
            self._audio.stop()
        if self._speaker is not None:
            self._speaker.value = False
        self._tone_on = False

    def set_brightness(self, level):
        self.display.brightness = min(1.0, max(0.0, level))

    def update(self, now_ms):
        """Once a frame: end a tone whose time is up (the amplifier goes off with it)."""
        if self._tone_on and ticks_diff(now_ms, self._tone_end) >= 0:
            self._silence()
