"""Models of the badge's two flash memories, with power cuts: what the simulator saves through and the tests cut.

SAMD51 nvm (`microcontroller.nvm`, 8,192 bytes = one NVMCTRL erase block). CircuitPython's nvm write calls ASF4's
flash_write, which for any length reads the whole block into RAM, changes the bytes, erases the block (all 0xFF)
and programs it back page by page (16 pages of 512 bytes). EraseBlockArea does exactly that, one *event* at a time:

    event 1          the erase
    events 2 ..      the pages, each programmed in PAGE_CHUNKS chunks (a cut inside a page lands part of it)

A Power object counts events across every medium it feeds; with `cut_after=n` the (n+1)-th event raises PowerCut
before it happens, leaving the media as a real cut would. Mirror files (MemoryMirror, the tests' CIRCUITPY drive)
are written the same way: erased, then programmed in chunks, each file on its own.
"""
from pips.platform import STORAGE_BYTES

PAGE_BYTES = 512
PAGE_CHUNKS = 4       # cut points inside a page (the SAMD51 programs quad-words; four points are enough here)
ERASED = 0xFF
NVM_EVENTS_PER_WRITE = 1 + STORAGE_BYTES // PAGE_BYTES * PAGE_CHUNKS


class PowerCut(Exception):
    """The power went: nothing after this event was written."""


class Power:
    """Counts write events; the (cut_after + 1)-th raises PowerCut. cut_after=None: the power never fails."""

    def __init__(self, cut_after=None):
        self.cut_after = cut_after
        self.events = 0

    def event(self):
        if self.cut_after is not None and self.events >= self.cut_after:
            raise PowerCut()
        self.events += 1


def program(target, start, data, power, on_change=None):
    """Erase target[start:start + len(data)], then program `data` chunk by chunk: one event per step."""
    size = len(data)
    power.event()
    target[start:start + size] = bytes((ERASED,)) * size
    if on_change is not None:
        on_change(start, target[start:start + size])
    pages = (size + PAGE_BYTES - 1) // PAGE_BYTES
    chunk = PAGE_BYTES // PAGE_CHUNKS
    for page in range(pages):
        for part in range(PAGE_CHUNKS):
            first = start + page * PAGE_BYTES + part * chunk
            last = min(first + chunk, start + size)
            if first >= last:
                break
            power.event()
            target[first:last] = data[first - start:last - start]
            if on_change is not None:
                on_change(first, target[first:last])


class EraseBlockArea:
    """microcontroller.nvm as the SAMD51 writes it: len(), area[i], area[a:b], area[a:b] = bytes (same length)."""

    def __init__(self, data=None, power=None, on_change=None, size=STORAGE_BYTES):
        self.data = bytearray(data) if data is not None else bytearray((ERASED,)) * size
        if len(self.data) != size:
            raise ValueError("nvm is %d bytes" % size)
        self.power = power or Power()
        self.on_change = on_change  # (offset, bytes) after each event: the simulator writes its file through it
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self.data[index])
        return self.data[index]

    def __setitem__(self, index, value):
        if not isinstance(index, slice):
            if index < 0:
                index += len(self.data)
            index = slice(index, index + 1)
            value = bytes((value,))
        start, stop, step = index.indices(len(self.data))
        if step != 1 or stop - start != len(value):
            raise ValueError("nvm[a:b] = bytes needs len(bytes) == b - a")
        image = bytearray(self.data)  # read the whole block into RAM, change it there
        image[start:stop] = value
        self.writes += 1
        program(self.data, 0, image, self.power, self.on_change)


class MemoryMirror:
    """The mirror files (pips.mirror's interface) in memory, each written erase-then-program under a Power."""

    def __init__(self, power=None, can_write=True):
        self.files = {}
        self.power = power or Power()
        self.can_write = can_write
        self.writes = 0

    def writable(self):
        return self.can_write

    def read(self, kind, size):
        data = self.files.get(kind)
        return bytes(data) if data is not None and len(data) == size else None

    def write(self, kind, record):
        if not self.can_write:
            return False
        stored = self.files.get(kind)
        if stored is None or len(stored) != len(record):
            stored = bytearray((ERASED,)) * len(record)
            self.files[kind] = stored
        self.writes += 1
        program(stored, 0, bytes(record), self.power)
        return True

    def copy(self, power=None):
        twin = MemoryMirror(power, self.can_write)
        twin.files = {kind: bytearray(data) for kind, data in self.files.items()}
        return twin
