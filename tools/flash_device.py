"""`make flash`: copy build/CIRCUITPY onto the badge's mounted CIRCUITPY drive — changed files only, code.py last.

The drive is found under /media/*/CIRCUITPY, /run/media/*/*/CIRCUITPY or /Volumes/CIRCUITPY, or given as
CIRCUITPY=/path. Our own folders on the drive (engine/, lib/pips/) lose files the build no longer has (a stale
.py would shadow a new .mpy); everything else on the drive is left alone.
"""
import errno
import glob
import os
import shutil
import sys

from tools.build_device import DEFAULT_OUT, MARKER

DRIVE_PATTERNS = ("/media/*/CIRCUITPY", "/run/media/*/*/CIRCUITPY", "/Volumes/CIRCUITPY", "/media/CIRCUITPY")
OWNED_FOLDERS = ("engine", os.path.join("lib", "pips"))
ENTRY = "code.py"
# The game takes the drive for its save copies (pips.mirror) when it starts with no USB host; the host then sees
# it read-only until the badge restarts with USB attached.
HELD_BY_THE_GAME = ("%s is read-only: the game holds the drive for its saves (it takes it when it starts on "
                    "battery). Press the badge's Reset button with USB attached, then run make flash again.")
READ_ONLY_ERRORS = (errno.EROFS, errno.EACCES, errno.EPERM)


class FlashError(Exception):
    pass


def find_drive(environ=os.environ, patterns=DRIVE_PATTERNS):
    """The CIRCUITPY folder to write to; FlashError when there is none (or several and no choice made)."""
    chosen = environ.get("CIRCUITPY")
    if chosen:
        if not os.path.isdir(chosen):
            raise FlashError("CIRCUITPY=%s is not a folder" % chosen)
        return chosen
    found = sorted(path for pattern in patterns for path in glob.glob(pattern) if os.path.isdir(path))
    if not found:
        raise FlashError("no CIRCUITPY drive found (looked in %s). Plug the badge in by USB (double-check the "
                         "cable carries data), or set CIRCUITPY=/path/to/the/drive." % ", ".join(patterns))
    if len(found) > 1:
        raise FlashError("several CIRCUITPY drives: %s; choose one with CIRCUITPY=path" % ", ".join(found))
    return found[0]


def build_files(build_dir):
    """Paths (relative) of the files in the build, code.py last."""
    files = []
    for folder, dirs, names in os.walk(build_dir):
        dirs.sort()
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(folder, name), build_dir)
            if rel != MARKER and rel != ENTRY:
                files.append(rel)
    if os.path.exists(os.path.join(build_dir, ENTRY)):
        files.append(ENTRY)
    return files


def _same(src, dest):
    if not os.path.exists(dest) or os.path.getsize(src) != os.path.getsize(dest):
        return False
    with open(src, "rb") as a, open(dest, "rb") as b:
        return a.read() == b.read()


def flash(build_dir, drive, log=print, extra=()):
    """Copy what changed; returns (copied relative paths in order, removed relative paths).

    `extra`: more (source path, relative path) pairs to put on the drive (device-test's test files).
    A read-only drive is a FlashError that says how to free it."""
    try:
        return _flash(build_dir, drive, log, extra)
    except OSError as error:
        if error.errno in READ_ONLY_ERRORS:
            raise FlashError(HELD_BY_THE_GAME % drive)
        raise FlashError("writing to %s failed: %s" % (drive, error))


def _flash(build_dir, drive, log, extra):
    if not os.path.isdir(build_dir) or not os.path.exists(os.path.join(build_dir, ENTRY)):
        raise FlashError("%s has no build; run `make device` first" % build_dir)
    wanted = [(os.path.join(build_dir, rel), rel) for rel in build_files(build_dir)]
    entry = wanted.pop()  # code.py: written last, so the badge restarts once with everything in place
    wanted.extend(extra)
    wanted.append(entry)
    keep = set(rel for _, rel in wanted)
    removed = []
    for owned in OWNED_FOLDERS:
        for folder, _, names in os.walk(os.path.join(drive, owned)):
            for name in names:
                rel = os.path.relpath(os.path.join(folder, name), drive)
                if rel not in keep:
                    os.remove(os.path.join(drive, rel))
                    removed.append(rel)
    copied = []
    for src, rel in wanted:
        dest = os.path.join(drive, rel)
        if _same(src, dest):
            continue
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(src, dest)
        copied.append(rel)
    if hasattr(os, "sync"):
        os.sync()  # the badge reads the drive as soon as the host writes it
    log("%s: %d file(s) copied, %d removed, %d unchanged" % (drive, len(copied), len(removed),
                                                               len(wanted) - len(copied)))
    return copied, removed


def main(argv=None):
    build_dir = (argv or sys.argv[1:] or [DEFAULT_OUT])[0]
    try:
        flash(build_dir, find_drive())
    except FlashError as error:
        print("make flash: %s" % error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
