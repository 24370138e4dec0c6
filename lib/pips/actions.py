"""Button events -> actions, with auto-repeat for the D-pad.

Keys are read with `get_into` into ONE preallocated event, so reading allocates nothing and no press between two
frames is lost. `ActionReader.next(now_ms)` returns the next action (a small int) or NONE.
"""
from micropython import const

from pips.platform import KEY_A, KEY_B, KEY_COUNT, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP

NONE = const(0)
UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
A = const(5)
B = const(6)
START = const(7)
SELECT = const(8)
SHAKE = const(9)  # no button: the app's shake detector (pips.shake), given only to scenes with takes_shake
_ACTION_COUNT = const(10)

# A held D-pad key repeats after REPEAT_DELAY_MS, then every REPEAT_EVERY_MS.
REPEAT_DELAY_MS = const(300)
REPEAT_EVERY_MS = const(80)

# Key number -> action (index = KEY_* number of pips.platform).
_KEY_ACTIONS = bytearray(KEY_COUNT)
_KEY_ACTIONS[KEY_B] = B
_KEY_ACTIONS[KEY_A] = A
_KEY_ACTIONS[KEY_START] = START
_KEY_ACTIONS[KEY_SELECT] = SELECT
_KEY_ACTIONS[KEY_RIGHT] = RIGHT
_KEY_ACTIONS[KEY_DOWN] = DOWN
_KEY_ACTIONS[KEY_UP] = UP
_KEY_ACTIONS[KEY_LEFT] = LEFT

# Clocks that wrap (supervisor.ticks_ms wraps at 2**29): differences are taken modulo this period.
_TICKS_HALF = const(1 << 28)
_TICKS_MASK = const((1 << 29) - 1)


def ticks_diff(end, start):
    """end - start in ms for a clock that wraps at 2**29 (correct while the true gap is below 2**28 ms)."""
    return ((end - start + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


def ticks_add(ticks, delta):
    """A clock reading `delta` ms after `ticks`, wrapped like the clock (stays a small int on the badge)."""
    return (ticks + delta) & _TICKS_MASK


class ActionReader:
    """Turns a keypad-style queue into actions. Auto-repeat applies to the most recently pressed D-pad key."""

    def __init__(self, keys, event=None):
        self.keys = keys
        if event is None:
            from keypad import Event
            event = Event()
        self.event = event
        self.held = 0  # bit per action (1 << action) for keys currently down
        self._repeat_action = NONE
        self._repeat_due = 0

    def next(self, now_ms):
        """The next action, or NONE when there is none this frame. Call until it returns NONE."""
        event = self.event
        keys = self.keys
        while keys.get_into(event):
            number = event.key_number
            if number >= KEY_COUNT:
                continue
            action = _KEY_ACTIONS[number]
            if event.pressed:
                self.held |= 1 << action
                if UP <= action <= RIGHT:
                    self._repeat_action = action
                    self._repeat_due = ticks_add(now_ms, REPEAT_DELAY_MS)
                return action
            self.held &= ~(1 << action)
            if action == self._repeat_action:
                self._repeat_action = NONE
        action = self._repeat_action
        if action != NONE and ticks_diff(now_ms, self._repeat_due) >= 0:
            due = ticks_add(self._repeat_due, REPEAT_EVERY_MS)
            if ticks_diff(now_ms, due) >= 0:
                # A long stall (slow frame): repeat once and continue from now rather than bursting.
                due = ticks_add(now_ms, REPEAT_EVERY_MS)
            self._repeat_due = due
            return action
        return NONE

    def is_held(self, action):
        return (self.held >> action) & 1 == 1

    def reset(self):
        """Forget held keys (e.g. after a scene change, so a held arrow does not repeat into the new scene)."""
        self._repeat_action = NONE
        self.held = 0
