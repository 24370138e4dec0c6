"""A second copy of the save records, one small file per kind in a folder (pips.store explains why).

    mirror = FileMirror("/pips_saves")     # the badge: pips.device.DriveMirror decides when it may write
    mirror.read(kind, size) -> bytes | None
    mirror.write(kind, record) -> int      0 when written, else why not: the errno (28 full, 30 read-only)
    mirror.writable() -> bool

A file is rewritten in place when it already has the record's size (no new clusters, so the filesystem's
allocation table is not touched) and closed before write() returns: CircuitPython flushes its flash cache on close.
FatFs still rewrites the folder's entry at each close, and files share the flash's 4 KB erase sectors, so a cut
during any write may damage every file here (pips.store writes the drive only while nvm holds every record).
"""


class FileMirror:
    def __init__(self, folder):
        self.folder = folder

    def path(self, kind):
        return "%s/kind%03d.rec" % (self.folder, kind)

    def writable(self):
        return True

    def read(self, kind, size):
        try:
            with open(self.path(kind), "rb") as stored:
                data = stored.read(size + 1)
        except OSError:
            return None
        return data if len(data) == size else None

    def write(self, kind, record):
        import os
        try:
            os.mkdir(self.folder)  # each time: the folder may have been deleted over USB since
        except OSError:
            pass  # already there (or it cannot be made: the open below says so)
        path = self.path(kind)
        try:
            try:
                same_size = os.stat(path)[6] == len(record)
            except OSError:
                same_size = False
            with open(path, "r+b" if same_size else "wb") as stored:
                stored.write(record)
        except OSError as error:
            return error.args[0] if error.args else 5
        return 0
