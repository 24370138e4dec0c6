"""`make release`: dist/pips-<version>-circuitpython-10.zip, what a PyBadge owner copies onto the CIRCUITPY drive.

The zip holds `make device`'s build (code.py, engine/ and lib/pips/ as format-6 .mpy, which CircuitPython 9 loads
too) and INSTALL.txt, the three steps and how to update. The version is pips.version.VERSION.

The same source gives the same bytes: entries in sorted order, each dated 1980-01-01 00:00 (the earliest a zip
holds), a regular file with permissions 0644, deflated at level 9 (the bytes can differ only between zlib versions).
A release is never .py: without CircuitPython's mpy-cross it fails (the badge would compile every module in RAM).
"""
import argparse
import ast
import os
import sys
import zipfile

from tools import build_device

REPO = build_device.REPO
DIST = os.path.join(REPO, "dist")
STAGING = os.path.join(REPO, "build", "release", "CIRCUITPY")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
FILE_MODE = 0o100644  # a regular file, rw-r--r--

INSTALL = """Pips {version}: four dice and domino games for the Adafruit PyBadge (and PyGamer)

Install
1. Put CircuitPython 9 or 10 on the badge: download it for the PyBadge from
   https://circuitpython.org/board/pybadge/ (a PyGamer: .../board/pygamer/) and follow that page's steps.
   The badge then shows up on your computer as a drive named CIRCUITPY.
2. Copy everything in this zip onto CIRCUITPY (code.py, the folders engine and lib, this file),
   replacing the code.py that is there.
3. The badge restarts by itself into Pips' title menu (if it does not, press Reset).

Update to a newer Pips
Delete the folders lib/pips and engine on CIRCUITPY first (files an older version had would stay behind),
then copy the new zip's contents as in step 2.
If CIRCUITPY is read-only: Pips takes the drive to save when it runs on its battery. Plug the badge in and
press Reset: while a computer holds the drive, Pips leaves it alone.

Your saves survive an update: settings, best scores and saved rounds are kept in the badge's own memory,
which copying files never touches, and as a copy in the folder pips_saves on CIRCUITPY (keep that folder).

Another CircuitPython: Pips shows "Pips needs CircuitPython 9 or 10" on the screen; install one as in step 1.
"""


class ReleaseError(Exception):
    pass


def version(repo=REPO):
    """pips.version.VERSION, read from its source (no import: the tool runs without lib/ on sys.path)."""
    path = os.path.join(repo, "lib", "pips", "version.py")
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["VERSION"]
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise ReleaseError("%s has no VERSION = \"...\"" % path)


def zip_name(release_version, major=build_device.TARGET_MAJOR):
    return "pips-%s-circuitpython-%d.zip" % (release_version, major)


def _entries(folder):
    """(path inside the zip, file) of every file of the build, sorted, less build_device's marker."""
    found = []
    for root, dirs, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if rel != build_device.MARKER:
                found.append((rel, path))
    return sorted(found)


def _add(archive, name, data):
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.external_attr = FILE_MODE << 16
    info.create_system = 3  # Unix: the permissions above are read as such
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data, compresslevel=9)


def write_zip(path, folder, install_text):
    """The zip at `path`: the files of `folder` and INSTALL.txt, in sorted order; written whole, then renamed."""
    entries = _entries(folder)
    entries.append(("INSTALL.txt", None))
    entries.sort()
    partial = path + ".part"
    with zipfile.ZipFile(partial, "w") as archive:
        for name, source in entries:
            if source is None:
                data = install_text.encode("ascii")
            else:
                with open(source, "rb") as handle:
                    data = handle.read()
            _add(archive, name, data)
    os.replace(partial, path)
    return path


def release(dist=DIST, staging=STAGING, repo=REPO, mpy_cross=None, log=print):
    """Build the .mpy tree into `staging` and zip it into `dist`; returns the zip's path."""
    compiler = mpy_cross or build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        raise ReleaseError("no CircuitPython mpy-cross (set MPY_CROSS, or put ../shared/tools/circuitpython/ beside "
                           "the checkout): a release ships .mpy")
    release_version = version(repo)
    try:
        build_device.build(staging, repo=repo, mpy_cross=compiler, log=lambda line: None)
    except build_device.BuildError as error:
        raise ReleaseError(str(error))
    os.makedirs(dist, exist_ok=True)
    path = write_zip(os.path.join(dist, zip_name(release_version)), staging,
                     INSTALL.format(version=release_version))
    log("%s: %.1f KB" % (os.path.relpath(path, repo), os.path.getsize(path) / 1024))
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", default=DIST, help="where the zip goes (default dist/)")
    args = parser.parse_args(argv)
    try:
        release(args.dist)
    except ReleaseError as error:
        print("make release: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
