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
            return bytearray(self.data[index])  # a copy, as CircuitPython's nvm gives
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
            return 1
        stored = self.files.get(kind)
        if stored is None or len(stored) != len(record):
            stored = bytearray((ERASED,)) * len(record)
            self.files[kind] = stored
        self.writes += 1
        program(stored, 0, bytes(record), self.power)
        return 0

    def copy(self, power=None):
        twin = MemoryMirror(power, self.can_write)
        twin.files = {kind: bytearray(data) for kind, data in self.files.items()}
        return twin


SECTOR_BYTES = 4096   # the SPI flash's erase sector under CIRCUITPY
BLOCK_BYTES = 512     # a FAT sector; here also a cluster, as on the badge's small FAT12 drive
SECTOR_CHUNKS = 4     # cut points in programming a sector back after its erase
_FAT_BLOCK = 0        # the allocation table in sector 0: a byte per cluster (0 free, _END last of a chain, else next)
_ROOT_BLOCK = 8       # the root folder, in sector 1
_FIRST_CLUSTER = 16   # clusters are the blocks from sector 2 on (a cluster's number is its block's)
_END = 0xFE
_ENTRY = 16           # a folder entry: name (8), first cluster, size (2 LE), change counter, kind byte, 3 spare
_FOLDER = b"pips_sav"
ENOSPC = 28
EROFS = 30


class FatDrive:
    """The CIRCUITPY drive as pips.mirror.FileMirror writes it through FatFs and CircuitPython's flash cache.

    A small FAT drive of 512-byte blocks on a flash that erases 4 KB sectors, laid out as CircuitPython formats
    CIRCUITPY: the allocation table and the root folder each in sectors of their own, then the clusters; the
    pips_saves folder is a cluster among the files' clusters, so files share sectors with each other and with
    their folder. A file write does what FatFs does: a new file adds its
    folder entry and takes clusters (the table changes), a file of another size is cut to nothing first, and every
    close rewrites the file's folder entry (its size and change time). CircuitPython keeps one 4 KB sector in RAM:
    a write to another sector first writes the cached one back, a close writes it back; writing back is one erase
    event and SECTOR_CHUNKS program events under the Power. A cut there loses whatever that sector held: other
    files, the folder (every file in it), or the table.

    mirror interface (pips.mirror): writable(), read(kind, size), write(kind, record) -> 0 or why not (errno).
    Faults: `usb` (a computer holds the drive: not writable), `read_only`, `free_clusters` (None: the whole drive;
    else how many more clusters it can give), remove_folder() (a person deleting /pips_saves).
    """

    def __init__(self, power=None, blocks=56):
        self.flash = bytearray(blocks * BLOCK_BYTES)
        self.power = power or Power()
        self.usb = False
        self.read_only = False
        self.free_clusters = None
        self.writes = 0
        self._cached = None   # (sector number, its bytes as the flash cache holds them)
        self._clock = 0
        self.flash[:_FIRST_CLUSTER * BLOCK_BYTES] = bytes(_FIRST_CLUSTER * BLOCK_BYTES)

    # ---- the flash and its one-sector cache ----
    def _block(self, block):
        cached = self._cached
        if cached is not None and cached[0] == block * BLOCK_BYTES // SECTOR_BYTES:
            start = block * BLOCK_BYTES % SECTOR_BYTES
            return cached[1][start:start + BLOCK_BYTES]
        return self.flash[block * BLOCK_BYTES:(block + 1) * BLOCK_BYTES]

    def _put(self, block, data):
        sector = block * BLOCK_BYTES // SECTOR_BYTES
        if self._cached is None or self._cached[0] != sector:
            self._flush()
            self._cached = (sector, bytearray(self.flash[sector * SECTOR_BYTES:(sector + 1) * SECTOR_BYTES]))
        start = block * BLOCK_BYTES % SECTOR_BYTES
        self._cached[1][start:start + BLOCK_BYTES] = data

    def _flush(self):
        cached, self._cached = self._cached, None
        if cached is None:
            return
        sector, data = cached
        base = sector * SECTOR_BYTES
        if self.flash[base:base + SECTOR_BYTES] == data:
            return
        self.power.event()
        self.flash[base:base + SECTOR_BYTES] = bytes((ERASED,)) * SECTOR_BYTES
        step = SECTOR_BYTES // SECTOR_CHUNKS
        for first in range(0, SECTOR_BYTES, step):
            self.power.event()
            self.flash[base + first:base + first + step] = data[first:first + step]

    # ---- FAT ----
    def _fat(self):
        return bytearray(self._block(_FAT_BLOCK))

    def _chain(self, fat, first, count):
        """The clusters of a chain of `count` from `first`, or None when the table is broken."""
        chain = []
        cluster = first
        while len(chain) < count:
            if not _FIRST_CLUSTER <= cluster < len(self.flash) // BLOCK_BYTES or cluster in chain:
                return None
            chain.append(cluster)
            cluster = fat[cluster]
            if cluster in (0, ERASED) or (cluster == _END) != (len(chain) == count):
                return None
        return chain

    def _walk(self, first):
        """The clusters of a folder from `first` (to the end of its chain), or [] when the table is broken."""
        fat = self._fat()
        chain = [first]
        while fat[chain[-1]] != _END:
            cluster = fat[chain[-1]]
            if not _FIRST_CLUSTER <= cluster < len(self.flash) // BLOCK_BYTES or cluster in chain:
                return []
            chain.append(cluster)
        return chain

    def _find(self, blocks, name):
        """((block, entry index), entry bytes) of `name` in a folder's blocks, else (the first free place or None,
        None). An entry erased by a cut (0xFF) is not free: FatFs takes it for a file."""
        free = None
        for block in blocks:
            data = self._block(block)
            for index in range(BLOCK_BYTES // _ENTRY):
                entry = data[index * _ENTRY:(index + 1) * _ENTRY]
                if entry[:8] == name:
                    return (block, index), entry
                if free is None and entry[0] == 0:
                    free = (block, index)
        return free, None

    def _folder(self):
        """The clusters of /pips_saves, or None."""
        entry = self._find((_ROOT_BLOCK,), _FOLDER)[1]
        if entry is None or entry[12] != 0x10 or not _FIRST_CLUSTER <= entry[8] < len(self.flash) // BLOCK_BYTES:
            return None
        return self._walk(entry[8]) or None

    def _set_entry(self, place, name, first, size, kind=0x20):
        folder_block, index = place
        data = bytearray(self._block(folder_block))
        self._clock = (self._clock + 1) & 0xFF
        data[index * _ENTRY:(index + 1) * _ENTRY] = (name + bytes((first, size & 0xFF, size >> 8, self._clock, kind))
                                                     + bytes(3))
        self._put(folder_block, data)

    def _allocate(self, fat, previous):
        if self.free_clusters is not None:
            if self.free_clusters <= 0:
                raise OSError(ENOSPC, "no space")
            self.free_clusters -= 1
        for cluster in range(_FIRST_CLUSTER, len(self.flash) // BLOCK_BYTES):
            if fat[cluster] == 0:
                fat[cluster] = _END
                if previous:
                    fat[previous] = cluster
                self._put(_FAT_BLOCK, fat)
                return cluster
        raise OSError(ENOSPC, "no space")

    def full(self):
        """Whether no cluster is free (also what a table erased by a cut looks like: the drive then needs
        formatting, and saves are nvm alone)."""
        fat = self._fat()
        return self.free_clusters == 0 or all(fat[cluster] for cluster in range(_FIRST_CLUSTER,
                                                                                 len(self.flash) // BLOCK_BYTES))

    @staticmethod
    def name(kind):
        return b"kind%03d\x00" % kind

    # ---- the mirror interface ----
    def writable(self):
        return not self.usb

    def read(self, kind, size):
        folder = self._folder()
        if folder is None:
            return None
        entry = self._find(folder, self.name(kind))[1]
        if entry is None or entry[12] != 0x20:
            return None
        length = entry[9] | entry[10] << 8
        if length != size:
            return None
        chain = self._chain(self._fat(), entry[8], (length + BLOCK_BYTES - 1) // BLOCK_BYTES)
        if chain is None:
            return None
        return b"".join(self._block(cluster) for cluster in chain)[:length]

    def write(self, kind, record):
        """FileMirror.write: make the folder if needed, then rewrite the file in place when its size is right, else
        write it anew (FatFs: "wb" cuts it to nothing, then takes clusters); close."""
        if self.usb:
            return 1
        if self.read_only:
            return EROFS
        self.writes += 1
        try:
            self._write(kind, bytes(record))
        except OSError as error:
            self._flush()
            return error.args[0]
        self._flush()  # the close: CircuitPython writes its flash cache back
        return 0

    def _write(self, kind, record):
        folder = self._folder()
        if folder is None:  # os.mkdir: a cluster for the folder, then its entry in the root
            place = self._find((_ROOT_BLOCK,), _FOLDER)[0]
            if place is None:
                raise OSError(ENOSPC, "root full")
            folder = [self._allocate(self._fat(), 0)]
            self._put(folder[0], bytes(BLOCK_BYTES))
            self._set_entry(place, _FOLDER, folder[0], 0, 0x10)
        name = self.name(kind)
        place, entry = self._find(folder, name)
        if place is None:  # the folder is full (of entries a cut left): FatFs gives it one more cluster
            place = (self._allocate(self._fat(), folder[-1]), 0)
            self._put(place[0], bytes(BLOCK_BYTES))
        fat = self._fat()
        blocks = (len(record) + BLOCK_BYTES - 1) // BLOCK_BYTES
        chain = None
        if entry is not None and entry[9] | entry[10] << 8 == len(record):
            chain = self._chain(fat, entry[8], blocks)
        if chain is None:  # "wb": the file is cut to nothing (its clusters freed) or made, then grows
            if entry is not None:
                old = entry[9] | entry[10] << 8
                for cluster in self._chain(fat, entry[8], (old + BLOCK_BYTES - 1) // BLOCK_BYTES) or ():
                    fat[cluster] = 0
                self._put(_FAT_BLOCK, fat)
            self._set_entry(place, name, 0, 0)
            chain = []
            for _ in range(blocks):
                chain.append(self._allocate(fat, chain[-1] if chain else 0))
        for number, cluster in enumerate(chain):
            part = record[number * BLOCK_BYTES:(number + 1) * BLOCK_BYTES]
            self._put(cluster, part + self._block(cluster)[len(part):])
        self._set_entry(place, name, chain[0], len(record))

    def remove_folder(self):
        """A person deletes /pips_saves (over USB, from a computer: no cut can land in it)."""
        folder = self._folder()
        if folder is None:
            return
        fat = self._fat()
        for block in folder:
            data = self._block(block)
            for index in range(BLOCK_BYTES // _ENTRY):
                entry = data[index * _ENTRY:(index + 1) * _ENTRY]
                if entry[0] not in (0, ERASED):
                    size = entry[9] | entry[10] << 8
                    for cluster in self._chain(fat, entry[8], (size + BLOCK_BYTES - 1) // BLOCK_BYTES) or ():
                        fat[cluster] = 0
            fat[block] = 0
        root = bytearray(self._block(_ROOT_BLOCK))
        index = self._find((_ROOT_BLOCK,), _FOLDER)[0][1]
        root[index * _ENTRY:(index + 1) * _ENTRY] = bytes(_ENTRY)
        self.flash[_FAT_BLOCK * BLOCK_BYTES:(_FAT_BLOCK + 1) * BLOCK_BYTES] = fat
        self.flash[_ROOT_BLOCK * BLOCK_BYTES:(_ROOT_BLOCK + 1) * BLOCK_BYTES] = root

    def copy(self, power=None):
        twin = FatDrive(power)
        twin.flash = bytearray(self.flash)
        twin.usb, twin.read_only, twin.free_clusters, twin._clock = (self.usb, self.read_only, self.free_clusters,
                                                                     self._clock)
        return twin
