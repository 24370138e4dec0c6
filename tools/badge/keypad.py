"""Stand-in for the firmware's keypad: Event, EventQueue, ShiftRegisterKeys, Keys; events come from the key script.

Heap as the firmware's: an EventQueue's ring buffer holds max_events * 6 bytes (EVENT_SIZE_BYTES = a 16-bit key
code + a timestamp object, shared-module/keypad/EventQueue.c), allocated on the heap; here a bytearray of that
size holds the key codes (timestamps are the clock's small ints).
"""
from micropython import const

import _badge
import supervisor

_EVENT_BYTES = const(6)


class Event:
    def __init__(self, key_number=0, pressed=True):
        self._key_number = key_number
        self._pressed = pressed
        self._timestamp = 0

    # Read-only from Python, as on the badge (the app must not write to a keypad.Event).
    @property
    def key_number(self):
        return self._key_number

    @property
    def pressed(self):
        return self._pressed

    @property
    def released(self):
        return not self._pressed

    @property
    def timestamp(self):
        return self._timestamp

    def __eq__(self, other):
        return self._key_number == other.key_number and self._pressed == other.pressed

    def __hash__(self):
        return self._key_number << 1 | self._pressed


class EventQueue:
    def __init__(self, max_events):
        self._capacity = max_events
        self._codes = bytearray(_badge.charge(max_events * _EVENT_BYTES))
        self._head = 0
        self._count = 0
        self.overflowed = False
        _badge.add_queue(self)

    def record(self, key_number, pressed, timestamp):
        """Called by the session as the script's events fall due (the firmware's scanner does this)."""
        if self._count == self._capacity:
            self.overflowed = True
            return
        self._codes[(self._head + self._count) % self._capacity] = key_number << 1 | (1 if pressed else 0)
        self._count += 1

    def get_into(self, event):
        if not isinstance(event, Event):
            raise TypeError("event must be a keypad.Event")
        _badge.poll()
        if not self._count:
            return False
        code = self._codes[self._head]
        self._head = (self._head + 1) % self._capacity
        self._count -= 1
        event._key_number = code >> 1
        event._pressed = code & 1 == 1
        event._timestamp = supervisor.ticks_ms()
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0


class _Scanner:
    def __init__(self, key_count, max_events):
        self.key_count = key_count
        self.events = EventQueue(max_events)

    def reset(self):
        self.events.clear()

    def deinit(self):
        pass


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count, value_when_pressed,
                 interval=0.020, max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, key_count, max_events)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.020, max_events=64,
                 debounce_threshold=1):
        _Scanner.__init__(self, len(pins), max_events)
