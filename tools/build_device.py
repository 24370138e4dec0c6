"""`make device`: assemble build/CIRCUITPY/ (what goes onto the badge's drive) offline.

    code.py          the device entry
    engine/          the games' rules (on sys.path as the drive's root)
    lib/pips/        the app, and lib/pips/text/*.txt: its long texts (rules, help pages, tips), read when shown
    lib/<library>    every Adafruit library the device files import, with the libraries those need in turn

The libraries come from the pinned pip packages: a module imported by a device file is looked up in the install
records (site-packages/*.dist-info/RECORD) of the adafruit-circuitpython-* distributions, and that distribution's
files are copied. Blinka's desktop stand-ins (board.py, keypad.py, displayio/, micropython/ ...) belong to other
distributions and are built into the firmware anyway: they are never copied.

Our own files (code.py, engine/, lib/pips/) first go through the lean pass (tools/lean.py): constants (const()s,
and numbers nothing sets at run time) are inlined where other modules read them and the imports left empty
removed, a public one nothing reads by name any more leaves its owner, the CPython fallback for const() goes; then
the names the program makes up are shortened, the same in every file (tools/lean_names.py). The source stays plain
for its reader, the badge gets the lean form. --plain builds the files as they are
written (for debugging, and to compare: the badge sessions play the same frames either way).

Every file but code.py is compiled to .mpy with CircuitPython's own mpy-cross: MPY_CROSS=path, else
../shared/tools/circuitpython/mpy-cross (CircuitPython 10's); where neither exists the build says so in one line
and ships .py (which the badge compiles in RAM at import: 2-2.5x the heap). The .mpy files carry no line numbers
(mpy-cross -O3: the bytecode the badge holds in RAM is ~8 % smaller, 2-3 KB of heap a session; tracebacks still name
the file and function, at "line 1"); --line-numbers keeps them for debugging. Each .mpy header is checked against
the CircuitPython major version the build targets (--circuitpython N, default 10): a wrong one fails the build
here, not on the badge. --py ships .py on purpose. Fails above 1.5 MB.
"""
import argparse
import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

from tools import lean, lean_names

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "build", "CIRCUITPY")
MAX_BYTES = 1536 * 1024
MARKER = ".pips-build"  # written into the output folder, so only a folder we built gets wiped
OUR_PACKAGES = ("engine", "pips")
SHARED_MPY_CROSS = os.path.join(os.path.dirname(REPO), "shared", "tools", "circuitpython", "mpy-cross")
TARGET_MAJOR = 10  # the CircuitPython the badge runs (README: On the badge)
# .mpy format by CircuitPython major version (py/persistentcode.h's MPY_VERSION); header byte 0 is 'C'.
MPY_VERSION_OF = {7: 5, 8: 5, 9: 6, 10: 6}
SMALL_INT_BITS = 31  # the SAMD51 builds' small ints (header byte 3 may not exceed it)

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


def device_texts(repo=REPO):
    """(source path, path inside CIRCUITPY) of the app's text files (pips.text): copied as they are."""
    folder = os.path.join(repo, "lib", "pips", "text")
    if not os.path.isdir(folder):
        return []
    return [(os.path.join(folder, name), os.path.join("lib", "pips", "text", name))
            for name in sorted(os.listdir(folder)) if name.endswith(".txt")]


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


def check_mpy_header(path, major=TARGET_MAJOR, name=None):
    """Raise BuildError unless the .mpy at `path` loads on CircuitPython `major` (bytecode, no native code)."""
    with open(path, "rb") as handle:
        header = handle.read(4)
    name = name or os.path.basename(path)
    if len(header) < 4 or header[:1] not in (b"C", b"M"):
        raise BuildError("%s is not a .mpy file" % name)
    if header[:1] == b"M":
        raise BuildError("%s has MicroPython's 'M' header, which CircuitPython refuses: set MPY_CROSS to "
                         "CircuitPython's mpy-cross" % name)
    wanted = MPY_VERSION_OF[major]
    if header[1] != wanted:
        raise BuildError("%s is .mpy format %d but CircuitPython %d loads format %d: set MPY_CROSS to CircuitPython "
                         "%d's mpy-cross" % (name, header[1], major, wanted, major))
    if header[2] >> 2 or header[3] > SMALL_INT_BITS:
        raise BuildError("%s has native code or %d-bit small ints: compile it for bytecode with "
                         "-msmall-int-bits=%d" % (name, header[3], SMALL_INT_BITS))


def module_name(rel):
    """The dotted name a file inside CIRCUITPY is imported as: lib/pips/ui/text.py -> pips.ui.text."""
    path = rel.replace(os.sep, "/")[:-3]
    if path.startswith("lib/"):
        path = path[4:]
    if path.endswith("/__init__"):
        path = path[:-9]
    return path.replace("/", ".")


def lean_texts(sources, library_files=(), short_names=True):
    """{path inside CIRCUITPY: lean source text} of the device files the lean pass changes (tools/lean.py, then
    with `short_names` tools/lean_names.py, which leaves the names of the libraries shipped, `library_files`, to
    them)."""
    keep = set(lean_names.ENTRY_NAMES)
    for path in library_files:
        with open(path, encoding="utf-8") as handle:
            keep |= lean_names.identifiers(handle.read())
    texts = {}
    for src, rel in sources:
        with open(src, encoding="utf-8") as handle:
            texts[module_name(rel)] = (rel, handle.read())
    try:
        leaned = lean.lean_sources(dict((name, text) for name, (rel, text) in texts.items()))
    except (lean.LeanError, SyntaxError) as error:
        raise BuildError("the lean pass: %s" % error)
    if short_names:
        try:
            shortened = lean_names.shorten(dict((name, leaned[name] or text) for name, (rel, text) in texts.items()),
                                           keep)
        except ValueError as error:
            raise BuildError("the short names: %s" % error)
        leaned = dict((name, shortened[name] or leaned[name]) for name in leaned)
    return dict((texts[name][0], text) for name, text in leaned.items() if text is not None)


def _compile(mpy_cross, src, dest_py, rel, major, line_numbers=False):
    dest = dest_py[:-3] + ".mpy"
    # -s: the name tracebacks show is the module's dotted name, a string the badge interns at import anyway (the
    # file's path would be one more name a module, kept in RAM for good). -O3 leaves out the line-number tables
    # (and asserts: the device code has none).
    optimise = [] if line_numbers else ["-O3"]
    result = subprocess.run([mpy_cross] + optimise + ["-o", dest, "-s", module_name(rel), src],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("%s failed on %s:\n%s" % (mpy_cross, src, result.stderr))
    check_mpy_header(dest, major, rel[:-3] + ".mpy")
    return dest


def find_mpy_cross(env=None, log=print):
    """CircuitPython's mpy-cross from MPY_CROSS, else ../shared/tools/circuitpython/mpy-cross, else None (said)."""
    env = os.environ if env is None else env
    path = env.get("MPY_CROSS")
    if path:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise BuildError("MPY_CROSS=%s is not an executable file" % path)
        return path
    if os.path.isfile(SHARED_MPY_CROSS) and os.access(SHARED_MPY_CROSS, os.X_OK):
        return SHARED_MPY_CROSS
    log("no mpy-cross (set MPY_CROSS to CircuitPython's, or put ../shared/tools/circuitpython/ beside the "
        "checkout): building .py")
    return None


def tree_bytes(out):
    total = 0
    count = 0
    for folder, _, names in os.walk(out):
        for name in names:
            if name != MARKER:
                total += os.path.getsize(os.path.join(folder, name))
                count += 1
    return total, count


def build(out=DEFAULT_OUT, repo=REPO, packages_dir=None, mpy_cross=None, max_bytes=MAX_BYTES, log=print,
          major=TARGET_MAJOR, line_numbers=False, plain=False, short_names=True):
    packages_dir = packages_dir or site_packages()
    sources = device_sources(repo)
    if not os.path.exists(sources[0][0]):
        raise BuildError("code.py is missing")
    index = library_index(packages_dir)
    modules, unresolved = resolve_libraries(sources, index, packages_dir)
    if unresolved:
        raise BuildError("device files import modules that are neither in the firmware nor in an "
                         "adafruit-circuitpython-* package: %s" % ", ".join(unresolved))
    libraries = [os.path.join(packages_dir, rel) for module in modules for rel in index[module][1] if rel.endswith(".py")]
    leaned = {} if plain else lean_texts(sources, libraries, short_names)
    _prepare_out(out)
    copies = [(src, rel) for src, rel in sources] + device_texts(repo)
    for module in modules:
        for rel in index[module][1]:
            copies.append((os.path.join(packages_dir, rel), os.path.join("lib", rel)))
    with tempfile.TemporaryDirectory() as work:
        for src, rel in copies:
            dest = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            if rel in leaned:  # mpy-cross reads a file: the lean text goes through one (its name is given by -s)
                src = os.path.join(work, "lean.py") if mpy_cross and rel != "code.py" else dest
                with open(src, "w", encoding="utf-8") as handle:
                    handle.write(leaned[rel])
            if mpy_cross and rel != "code.py" and rel.endswith(".py"):
                _compile(mpy_cross, src, dest, rel, major, line_numbers)
            elif src != dest:
                shutil.copyfile(src, dest)
    total, count = tree_bytes(out)
    log("libraries: %s" % (", ".join("%s (%s)" % (m, index[m][0]) for m in modules) or "none"))
    log("%s: %d files, %.1f KB%s" % (os.path.relpath(out, repo) if out.startswith(repo) else out, count,
                                     total / 1024, " (.mpy)" if mpy_cross else ""))
    if total > max_bytes:
        raise BuildError("the build is %d bytes, above the %d-byte limit" % (total, max_bytes))
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/CIRCUITPY)")
    parser.add_argument("--py", action="store_true", help="ship .py files (no mpy-cross)")
    parser.add_argument("--circuitpython", type=int, default=TARGET_MAJOR, choices=sorted(MPY_VERSION_OF),
                        help="the CircuitPython major version the .mpy files are for (default %d)" % TARGET_MAJOR)
    parser.add_argument("--line-numbers", action="store_true",
                        help="keep line numbers in the .mpy files (tracebacks; costs 2-3 KB of the badge's heap)")
    parser.add_argument("--keep-names", action="store_true",
                        help="the lean pass without the short names (tools/lean_names.py): for scripts that drive the "
                             "app by its names, and for error messages that name attributes as the source does")
    parser.add_argument("--plain", action="store_true",
                        help="build the files as written, without the lean pass (line numbers then match the source)")
    args = parser.parse_args(argv)
    try:
        compiler = None if args.py else find_mpy_cross()
        build(args.out, mpy_cross=compiler, major=args.circuitpython, line_numbers=args.line_numbers,
              plain=args.plain, short_names=not args.keep_names)
    except BuildError as error:
        print("make device: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
