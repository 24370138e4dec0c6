"""Stand-in for the firmware's microcontroller: nvm, 8,192 bytes of flash, and reset/cpu.

On the badge nvm is not on the heap and reading nvm[i] allocates nothing. Here its bytes sit in one bytearray
made when the stand-ins load (counted as test equipment, tools/cp_run.equipment), so the app's reads and writes
cost the heap what they cost there (a slice is a new bytes object in both). The file PIPS_BADGE_NVM, if set, is
read at the start and written at the end of the session (the runner reads the saves from it).
"""
import os

from micropython import const

import _badge

_NVM_BYTES = const(8192)


class ByteArray:
    def __init__(self, path):
        self.path = path  # None: no file, the saves live only as long as the run
        self.bytes = bytearray(_NVM_BYTES)
        try:
            with open(path, "rb") as handle:
                handle.readinto(self.bytes)
        except (OSError, TypeError):
            for i in range(_NVM_BYTES):
                self.bytes[i] = 0xFF  # erased flash
        if path:
            _badge.atexit.append(self.flush)

    def flush(self):
        with open(self.path, "wb") as handle:
            handle.write(self.bytes)

    def __len__(self):
        return _NVM_BYTES

    def __getitem__(self, index):
        if isinstance(index, slice) and index.step not in (None, 1):
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return self.bytes[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(_NVM_BYTES)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        self.bytes[index] = value


nvm = ByteArray(os.getenv("PIPS_BADGE_NVM"))


class Processor:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3


cpu = Processor()


def reset():
    raise SystemExit(4)
