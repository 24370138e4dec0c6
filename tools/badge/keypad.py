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
        self.value = key_number << 1 | (1 if pressed else 0)
        self.time = 0  # the timestamp

    # Read-only from Python, as on the badge (the app must not write to a keypad.Event).
    @property
    def key_number(self):
        return self.value >> 1

    @property
    def pressed(self):
        return self.value & 1 == 1

    @property
    def released(self):
        return self.value & 1 == 0

    @property
    def timestamp(self):
        return self.time

    def __eq__(self, value):
        return self.key_number == value.key_number and self.pressed == value.pressed

    def __hash__(self):
        return self.value


class EventQueue:
    def __init__(self, max_events):
        self.bytes = bytearray(_badge.charge(max_events * _EVENT_BYTES))  # a ring of key codes: its first max_events
        self.start = 0  # where the oldest event is
        self.count = 0
        self.overflowed = False
        _badge.keys.append(self)

    def record(self, key_number, pressed, timestamp):
        """Called by the session as the script's events fall due (the firmware's scanner does this)."""
        capacity = len(self.bytes) // _EVENT_BYTES
        if self.count == capacity:
            self.overflowed = True
            return
        self.bytes[(self.start + self.count) % capacity] = key_number << 1 | (1 if pressed else 0)
        self.count += 1

    def get_into(self, event):
        if not isinstance(event, Event):
            raise TypeError("event must be a keypad.Event")
        _badge.read()
        if not self.count:
            return False
        event.value = self.bytes[self.start]
        self.start = (self.start + 1) % (len(self.bytes) // _EVENT_BYTES)
        self.count -= 1
        event.time = supervisor.ticks_ms()
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self.count = 0
        self.overflowed = False

    def __len__(self):
        return self.count

    def __bool__(self):
        return self.count > 0


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
