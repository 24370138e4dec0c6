"""Stand-in for the firmware's alarm: sleep_memory only, the SAMD51's 8 KB backup RAM (kept through a reload, not
on the Python heap; common-hal/alarm/SleepMemory.c). The app keeps a restart's note there (pips.device).

Only its first bytes are kept here (a small bytearray: the badge charges the heap nothing for it), read from the
file PIPS_BADGE_SLEEP_MEMORY at the start and written back at the end of each run, so that the next run of the
session (after supervisor.reload()) finds them, as a badge's next run does.
"""
import os

from micropython import const

import _badge

_BACKUP_RAM_BYTES = const(8192)  # BKUPRAM_SIZE on the SAMD51
_KEPT = const(16)


class SleepMemory:
    def __init__(self, path):
        self.path = path
        self.bytes = bytearray(_KEPT)
        try:
            with open(path, "rb") as handle:
                handle.readinto(self.bytes)
        except (OSError, TypeError):
            pass  # a power-on: zeros here (on a badge, whatever the RAM holds)
        if path:
            _badge.atexit.append(self.flush)

    def flush(self):
        with open(self.path, "wb") as handle:
            handle.write(self.bytes)

    def __len__(self):
        return _BACKUP_RAM_BYTES

    def _check(self, index):
        if not 0 <= index < _BACKUP_RAM_BYTES:
            raise IndexError("index out of range")
        if index >= _KEPT:
            raise NotImplementedError("the stand-in keeps the first %d bytes of sleep_memory" % _KEPT)

    def __getitem__(self, index):
        self._check(index)
        return self.bytes[index]

    def __setitem__(self, index, value):
        self._check(index)
        self.bytes[index] = value


sleep_memory = SleepMemory(os.getenv("PIPS_BADGE_SLEEP_MEMORY"))
