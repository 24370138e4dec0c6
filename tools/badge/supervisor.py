"""Stand-in for the firmware's supervisor: ticks_ms from the session's virtual clock, reload() ends the run."""
from micropython import const

import _badge

_TICKS_MASK = const((1 << 29) - 1)  # the firmware's ticks_ms wraps at 2**29


def ticks_ms():
    return _badge.clock & _TICKS_MASK


def reload():
    """The firmware's reload() makes the interpreter raise ReloadException (a BaseException, not an Exception: a
    handler for Exception lets it through) at its next check, and the firmware then runs code.py in a new
    interpreter (shared-bindings/supervisor/__init__.c, supervisor/shared/reload.c, main.c). Here it is raised at
    once; the run ends with it, and tools/cp_run.session starts the next run where this one stopped."""
    _badge.mode |= 2  # _badge's reloaded bit
    raise ReloadException()  # noqa: F821 (a CircuitPython built-in)


class Runtime:
    # A computer on the USB cable (see storage: the drive stays read-only for the app).
    serial_connected = True
    serial_bytes_available = 0
    usb_connected = True
    autoreload = False


runtime = Runtime()
