"""`make device`: assemble build/CIRCUITPY/ (what goes onto the badge's drive) offline.

    code.py          the device entry
    engine/          the games' rules (on sys.path as the drive's root)
    lib/pips/        the app
    lib/<library>    every Adafruit library the device files import, with the libraries those need in turn

The libraries come from the pinned pip packages: a module imported by a device file is looked up in the install
records (site-packages/*.dist-info/RECORD) of the adafruit-circuitpython-* distributions, and that distribution's
files are copied. Blinka's desktop stand-ins (board.py, keypad.py, displayio/, micropython/ ...) belong to other
distributions and are built into the firmware anyway: they are never copied.

MPY_CROSS=/path/to/circuitpython/mpy-cross compiles every file but code.py to .mpy (CircuitPython's own compiler:
MicroPython's writes files CircuitPython refuses). Fails above 1.5 MB.
"""
import argparse
import ast
import os
import shutil
import subprocess
import sys
import sysconfig

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "build", "CIRCUITPY")
MAX_BYTES = 1536 * 1024
MARKER = ".pips-build"  # written into the output folder, so only a folder we built gets wiped
OUR_PACKAGES = ("engine", "pips")

# Modules the CircuitPython 9/10 firmware provides (SAMD51 badges and relatives), plus its Python built-ins.
# adafruit_pixelbuf and adafruit_bus_device are left out on purpose: most builds have them built in (and then the
# built-in wins), but shipping the library copy costs only flash and covers the builds without.
FIRMWARE_MODULES = frozenset("""
    alarm analogbufio analogio array atexit audiobusio audiocore audioio
    audiomixer audiomp3 audiopwmio binascii bitbangio bitmapfilter bitmaptools board builtins busdisplay busio
    codeop collections countio digitalio displayio epaperdisplay errno fontio fourwire framebufferio frequencyio
    gc getpass gifio i2cdisplaybus io jpegio json keypad keypad_demux locale math microcontroller micropython
    msgpack neopixel_write nvm onewireio os paralleldisplaybus pulseio pwmio rainbowio random re rotaryio rtc
    sdcardio select storage struct supervisor synthio sys terminalio time touchio traceback ulab usb_cdc usb_hid
    usb_midi vectorio warnings watchdog zlib
""".split())
# Names only ever imported for type hints or CPython fallbacks; never shipped.
NEVER_SHIP = frozenset(("typing", "types", "typing_extensions", "circuitpython_typing", "__future__", "abc"))


def site_packages():
    return sysconfig.get_paths()["purelib"]


def device_sources(repo=REPO):
    """(source path, path inside CIRCUITPY) of our own device files."""
    pairs = [(os.path.join(repo, "code.py"), "code.py")]
    for top, dest in (("engine", "engine"), (os.path.join("lib", "pips"), os.path.join("lib", "pips"))):
        root = os.path.join(repo, top)
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    pairs.append((path, os.path.join(dest, os.path.relpath(path, root))))
    return pairs


def _catches_import_error(handler):
    if handler.type is None:
        return True
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError", "Exception")
               for n in names)


def imports_of(path):
    """{top-level module name: optional?} imported by the file; optional = inside try/except ImportError."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    found = {}

    def visit(node, optional):
        if isinstance(node, ast.Try):
            guarded = optional or any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, guarded)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            found[top] = found.get(top, True) and optional
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


def library_index(packages_dir):
    """{top-level module: (distribution name, [files relative to site-packages])} for adafruit-circuitpython-*."""
    index = {}
    for entry in sorted(os.listdir(packages_dir)):
        if not (entry.endswith(".dist-info") and entry.lower().startswith("adafruit_circuitpython_")):
            continue
        record = os.path.join(packages_dir, entry, "RECORD")
        if not os.path.exists(record):
            continue
        by_top = {}
        with open(record, encoding="utf-8") as handle:
            for line in handle:
                rel = line.split(",")[0].strip()
                if not rel.endswith((".py", ".mpy")) or rel.startswith("..") or "__pycache__" in rel:
                    continue
                top = rel.split("/")[0]
                if top.endswith(".dist-info"):
                    continue
                module = top.rsplit(".", 1)[0] if "/" not in rel else top
                by_top.setdefault(module, []).append(rel)
        dist = entry[:-len(".dist-info")]
        for module, files in by_top.items():
            index[module] = (dist, files)
    return index


class BuildError(Exception):
    pass


def resolve_libraries(sources, index, packages_dir):
    """The library modules to ship: imports of our files, then of those libraries, transitively.

    Returns (sorted module names, unresolved required imports of our own files)."""
    wanted = []
    unresolved = set()
    queue = []
    for path, _ in sources:
        for module, optional in imports_of(path).items():
            queue.append((module, optional, True))
    seen_files = set()
    while queue:
        module, optional, ours = queue.pop(0)
        if module in OUR_PACKAGES or module in FIRMWARE_MODULES or module in NEVER_SHIP or module in wanted:
            continue
        if module not in index:
            if ours and not optional:
                unresolved.add(module)
            continue
        if optional and not ours:
            continue  # a library's guarded import (type hints, desktop fallbacks): the device does without
        wanted.append(module)
        for rel in index[module][1]:
            if rel in seen_files or not rel.endswith(".py"):
                continue
            seen_files.add(rel)
            for dep, dep_optional in imports_of(os.path.join(packages_dir, rel)).items():
                queue.append((dep, dep_optional, False))
    return sorted(wanted), sorted(unresolved)


def _prepare_out(out):
    if os.path.exists(out):
        if os.listdir(out) and not os.path.exists(os.path.join(out, MARKER)):
            raise BuildError("%s exists and was not made by this build; not wiping it" % out)
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, MARKER), "w") as handle:
        handle.write("assembled by tools/build_device.py; safe to delete\n")


def _compile(mpy_cross, src, dest_py):
    dest = dest_py[:-3] + ".mpy"
    result = subprocess.run([mpy_cross, "-o", dest, src], capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("%s failed on %s:\n%s" % (mpy_cross, src, result.stderr))
    return dest


def tree_bytes(out):
    total = 0
    count = 0
    for folder, _, names in os.walk(out):
        for name in names:
            if name != MARKER:
                total += os.path.getsize(os.path.join(folder, name))
                count += 1
    return total, count


def build(out=DEFAULT_OUT, repo=REPO, packages_dir=None, mpy_cross=None, max_bytes=MAX_BYTES, log=print):
    packages_dir = packages_dir or site_packages()
    sources = device_sources(repo)
    if not os.path.exists(sources[0][0]):
        raise BuildError("code.py is missing")
    index = library_index(packages_dir)
    modules, unresolved = resolve_libraries(sources, index, packages_dir)
    if unresolved:
        raise BuildError("device files import modules that are neither in the firmware nor in an "
                         "adafruit-circuitpython-* package: %s" % ", ".join(unresolved))
    _prepare_out(out)
    copies = [(src, rel) for src, rel in sources]
    for module in modules:
        for rel in index[module][1]:
            copies.append((os.path.join(packages_dir, rel), os.path.join("lib", rel)))
    for src, rel in copies:
        dest = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if mpy_cross and rel != "code.py" and rel.endswith(".py"):
            _compile(mpy_cross, src, dest)
        else:
            shutil.copyfile(src, dest)
    total, count = tree_bytes(out)
    log("libraries: %s" % ", ".join("%s (%s)" % (m, index[m][0]) for m in modules))
    log("%s: %d files, %.1f KB%s" % (os.path.relpath(out, repo) if out.startswith(repo) else out, count,
                                     total / 1024, " (.mpy)" if mpy_cross else ""))
    if total > max_bytes:
        raise BuildError("the build is %d bytes, above the %d-byte limit" % (total, max_bytes))
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/CIRCUITPY)")
    args = parser.parse_args(argv)
    try:
        build(args.out, mpy_cross=os.environ.get("MPY_CROSS") or None)
    except BuildError as error:
        print("make device: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
