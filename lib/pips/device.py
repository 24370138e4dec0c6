"""The badge's platform (CircuitPython on the PyBadge, PyBadge LC and PyGamer): see pips.platform for the members.

    board.DISPLAY (auto_refresh off) · buttons through keypad.ShiftRegisterKeys (+ the PyGamer's analog joystick
    as D-pad keys) · 5 NeoPixels at low brightness · tones from one small looping waveform on the speaker, the
    amplifier on only while a tone plays · microcontroller.nvm as the 8 KB save area.

Hardware modules are imported inside DevicePlatform, so the pure helpers here (joystick to keys, tone rate, tick
maths) import and test on a PC. adafruit_pybadger is not used: keypad, board pins and neopixel_write do its job
here without its RAM cost; the neopixel library is not used either (with adafruit_pixelbuf it held 5.3 KB of heap
under circuitpython-pybadge for what Pixels below does in a few hundred bytes).
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from pips.platform import KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP, PIXEL_COUNT

PIXEL_BRIGHTNESS = 0.05

# Joystick (16-bit AnalogIn, centre ~32768): a direction presses past _JOY_PRESS from the centre and releases
# only back inside _JOY_RELEASE, so a stick resting near the edge does not chatter.
_JOY_CENTRE = const(32768)
_JOY_PRESS = const(17000)    # like adafruit_pybadger's 15000 / 50000 thresholds
_JOY_RELEASE = const(12000)

# Tones: one cycle of a waveform, looped; pitch = sample_rate / _WAVE_SAMPLES.
_WAVE_SAMPLES = const(32)
_WAVE_AMPLITUDE = const(12000)  # of 32767: the badge speaker is loud
_MAX_SAMPLE_RATE = const(350000)  # the highest rate adafruit_pybadger hands its RawSample
_MIN_SAMPLE_RATE = const(1000)

_TICKS_MASK = const((1 << 29) - 1)  # supervisor.ticks_ms wraps at 2**29
_TICKS_HALF = const(1 << 28)


def ticks_diff(end, start):
    """end - start for supervisor.ticks_ms values (valid while the gap is below 2**28 ms)."""
    return ((end - start + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


def ticks_add(ticks, delta):
    return (ticks + delta) & _TICKS_MASK


def _axis(value, held_low, held_high):
    """-1, 0 or 1 for one joystick axis, with hysteresis: a held side releases only near the centre."""
    offset = value - _JOY_CENTRE
    if offset <= -_JOY_PRESS or (held_low and offset < -_JOY_RELEASE):
        return -1
    if offset >= _JOY_PRESS or (held_high and offset > _JOY_RELEASE):
        return 1
    return 0


def joystick_mask(x, y, held=0):
    """Bit mask (1 << KEY_*) of the D-pad keys the joystick position (x, y) holds; `held` is the previous mask."""
    mask = 0
    side = _axis(x, held & (1 << KEY_LEFT), held & (1 << KEY_RIGHT))
    if side < 0:
        mask |= 1 << KEY_LEFT
    elif side > 0:
        mask |= 1 << KEY_RIGHT
    side = _axis(y, held & (1 << KEY_UP), held & (1 << KEY_DOWN))  # y grows downwards
    if side < 0:
        mask |= 1 << KEY_UP
    elif side > 0:
        mask |= 1 << KEY_DOWN
    return mask


def lowest_change(old_mask, new_mask):
    """The key number of the lowest bit that differs between the masks, or -1 when they are equal."""
    diff = old_mask ^ new_mask
    if not diff:
        return -1
    key = 0
    while not (diff >> key) & 1:
        key += 1
    return key


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


class KeyEvent:
    """A mutable keypad-style event (CircuitPython's keypad.Event cannot be written to from Python)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed


class Pixels:
    """The NeoPixels as the app uses them (pips.platform: len, pixels[i] = 0xRRGGBB, fill, show), written with
    the firmware's neopixel_write. Colours are scaled by `brightness` as they are set; the strip takes GRB."""

    def __init__(self, pin, count, brightness, write):
        self._pin = pin          # a DigitalInOut switched to output
        self._write = write      # neopixel_write.neopixel_write
        self._buffer = bytearray(3 * count)
        self.brightness = brightness

    def __len__(self):
        return len(self._buffer) // 3

    def __setitem__(self, index, color):
        scale = int(self.brightness * 256)
        offset = 3 * index
        buffer = self._buffer
        buffer[offset] = (((color >> 8) & 0xFF) * scale) >> 8
        buffer[offset + 1] = (((color >> 16) & 0xFF) * scale) >> 8
        buffer[offset + 2] = ((color & 0xFF) * scale) >> 8

    def fill(self, color):
        for index in range(len(self)):
            self[index] = color

    def show(self):
        self._write(self._pin, self._buffer)


class JoystickKeys:
    """The PyGamer's input: its button queue plus the joystick as D-pad presses and releases, via get_into."""

    def __init__(self, buttons, read_x, read_y, button_event, ticks_ms):
        self.buttons = buttons            # keypad.EventQueue of the shift-register buttons (B, A, Start, Select)
        self.read_x = read_x              # callables returning the 16-bit axis readings
        self.read_y = read_y
        self._button_event = button_event  # one keypad.Event the button queue fills
        self._ticks_ms = ticks_ms
        self.held = 0

    def get_into(self, event):
        """Fill `event` (a KeyEvent) with the next change; False when there is none.

        Given a keypad.Event (read-only from Python) only the buttons come through: use DevicePlatform.key_event.
        """
        if not isinstance(event, KeyEvent):
            return self.buttons.get_into(event)
        source = self._button_event
        if self.buttons.get_into(source):
            event.key_number = source.key_number
            event.pressed = source.pressed
            event.timestamp = source.timestamp
            return True
        new = joystick_mask(self.read_x(), self.read_y(), self.held)
        key = lowest_change(self.held, new)
        if key < 0:
            return False
        self.held ^= 1 << key
        event.key_number = key
        event.pressed = (new >> key) & 1 == 1
        event.timestamp = self._ticks_ms()
        return True


class DevicePlatform:
    """What pips.platform describes, on the badge. `key_event` is the event object `keys.get_into` fills."""

    def __init__(self):
        import board
        import keypad
        import microcontroller
        import supervisor

        self.ticks_ms = supervisor.ticks_ms
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.storage = microcontroller.nvm
        self.buttons = None
        if hasattr(board, "JOYSTICK_X"):  # PyGamer: 4 buttons on the shift register, D-pad on the joystick
            import analogio
            self.buttons = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                                    latch=board.BUTTON_LATCH, key_count=4, value_when_pressed=True)
            self._joy_x = analogio.AnalogIn(board.JOYSTICK_X)
            self._joy_y = analogio.AnalogIn(board.JOYSTICK_Y)
            self.keys = JoystickKeys(self.buttons.events, self._read_x, self._read_y, keypad.Event(),
                                     supervisor.ticks_ms)
            self.key_event = KeyEvent()
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

    def _read_x(self):
        return self._joy_x.value

    def _read_y(self):
        return self._joy_y.value

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
