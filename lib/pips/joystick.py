"""The PyGamer's D-pad: its analog joystick read as key presses and releases beside the shift-register buttons.
Imported only on a PyGamer (pips.device), so a PyBadge holds none of it."""
from micropython import const

from pips.platform import KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP

# Joystick (16-bit AnalogIn, centre ~32768): a direction presses past _JOY_PRESS from the centre and releases
# only back inside _JOY_RELEASE, so a stick resting near the edge does not chatter.
_JOY_CENTRE = const(32768)
_JOY_PRESS = const(17000)    # like adafruit_pybadger's 15000 / 50000 thresholds
_JOY_RELEASE = const(12000)


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


class KeyEvent:
    """A mutable keypad-style event (CircuitPython's keypad.Event cannot be written to from Python)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed


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


def pygamer_keys(board, keypad, ticks_ms):
    """(the 4-button keypad.ShiftRegisterKeys, the keys queue with the joystick merged in, the event it fills)."""
    import analogio
    buttons = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
                                       key_count=4, value_when_pressed=True)
    joy_x = analogio.AnalogIn(board.JOYSTICK_X)
    joy_y = analogio.AnalogIn(board.JOYSTICK_Y)
    keys = JoystickKeys(buttons.events, lambda: joy_x.value, lambda: joy_y.value, keypad.Event(), ticks_ms)
    return buttons, keys, KeyEvent()
