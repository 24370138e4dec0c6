"""Stand-in for the firmware's microcontroller: nvm, 8,192 bytes of flash (a file here; on the badge it is not on
the heap either, so only the slices read and written cost heap, as there), and reset/cpu."""
import os

import _badge  # noqa: F401  (the session: a run that touches only nvm still ends with its report)

_NVM_BYTES = 8192


class _Nvm:
    def __init__(self, path):
        self._path = path

    def __len__(self):
        return _NVM_BYTES

    def _range(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(_NVM_BYTES)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            return start, max(start, stop)
        if index < 0:
            index += _NVM_BYTES
        if not 0 <= index < _NVM_BYTES:
            raise IndexError("index out of range")
        return index, index + 1

    def __getitem__(self, index):
        start, stop = self._range(index)
        with open(self._path, "rb") as handle:
            handle.seek(start)
            data = handle.read(stop - start)
        return data if isinstance(index, slice) else data[0]

    def __setitem__(self, index, value):
        start, stop = self._range(index)
        if not isinstance(index, slice):
            value = bytes((value,))
        if len(value) != stop - start:
            raise ValueError("Slice and value different lengths.")
        with open(self._path, "r+b") as handle:
            handle.seek(start)
            handle.write(value)


nvm = _Nvm(os.getenv("PIPS_BADGE_NVM") or "nvm.bin")


class _Cpu:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3


cpu = _Cpu()


def reset():
    raise SystemExit(4)
