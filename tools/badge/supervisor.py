"""Stand-in for the firmware's supervisor: ticks_ms from the session's virtual clock, reload() ends the session."""
from micropython import const

import _badge

_TICKS_MASK = const((1 << 29) - 1)  # the firmware's ticks_ms wraps at 2**29


def ticks_ms():
    return _badge.ticks & _TICKS_MASK


def reload():
    _badge.reloaded = 1
    raise SystemExit(3)


class _Runtime:
    # A computer on the USB cable (see storage: the drive stays read-only for the app).
    serial_connected = True
    serial_bytes_available = 0
    usb_connected = True
    autoreload = False


runtime = _Runtime()
