"""Names: what each .mpy of the device build brings into the badge's qstr pool, for good.

CircuitPython interns every name a module's qstr table holds when the module is loaded (identifiers, attribute and
argument names, string constants of up to 10 characters; and the file's path, its __file__) and never frees one,
even after the module is unloaded;
longer string constants are plain str objects on the heap, freed with the module. A name the firmware already has
in ROM (CircuitPython's own `MP_QSTR_...` names: `print`, `append`, `x`, ...) costs nothing, and neither does a
name mpy-cross writes as a "static" qstr (the same number in every build). The rest is what a module costs in names.

    mpy_names(path)            (names, text_bytes): the non-static qstrs of one .mpy (in table order) and the
                               bytes of its long string constants (heap while loaded, not names)
    rom_names()                the names a PyBadge has in ROM (tools/rom_names.txt)
    module_names(build)        {dotted module: set of names it costs} for every .mpy in build/CIRCUITPY, and
                               code.py (compiled for the count: the badge compiles it in RAM, same names)
    session_runs(build, keys)  per run of a scripted session (a restart starts another), the app's modules it
                               loads at any frame (circuitpython-pybadge); session_modules: all runs' together
    session_names(table, modules) the names those modules leave interned: the union over them
    largest_run(table, runs)   (names, modules) of the run with the most names: what one interpreter holds
    stand_in_names()           (own, api): the names the stand-ins a session loads intern that a badge does not:
                               their internals (and paths), and the firmware API names a badge has in ROM

    python -m tools.names [--build DIR] [--top N]        per-module counts, largest first
    python -m tools.names --session GAME [...]           also the per-session counts (tools/badge_scripts.py):
                                                         those of its run with the most names
    python -m tools.names --session GAME --unique        and, per module of that run, the names no other
                                                         module of it uses (where cutting a name saves it)
    python -m tools.names --rom-from CIRCUITPYTHON_SRC   rewrite tools/rom_names.txt from CircuitPython's
                                                         sources (`fetch` github:adafruit/circuitpython)

The ROM list is every `MP_QSTR_name` (and `Q(name)`) in the parts of CircuitPython a PyBadge build compiles: py/,
extmod/'s modules, shared/, supervisor/, main.c, the SAMD port, and shared-bindings/ + shared-module/ of the
firmware's modules (build_device.FIRMWARE_MODULES). It is a little generous (a module's sources name a few qstrs its
build leaves out); the count is a floor for a badge. The unix port the tests run has fewer names in ROM (its
stand-ins are Python): there a session interns ~200 more.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from tools.lean_names import ROM_LIST, rom_names

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUILD = os.path.join(REPO, "build", "CIRCUITPY")
# A .mpy's object table entries (py/persistentcode.h MP_PERSISTENT_OBJ_*): fun table, None, False, True and
# Ellipsis are a type byte only; str and bytes carry a null terminator; a tuple holds its items.
OBJ_WITHOUT_DATA = (0, 1, 2, 3, 4)
OBJ_STR = 5
OBJ_BYTES = 6
OBJ_TUPLE = 10


def _uint(data, at):
    """py/persistentcode.c read_uint: 7 bits a byte, most significant first, high bit = more follows."""
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            return value, at


def _skip_obj(data, at, texts):
    kind = data[at]
    at += 1
    if kind in OBJ_WITHOUT_DATA:
        return at
    length, at = _uint(data, at)
    if kind == OBJ_TUPLE:
        for _ in range(length):
            at = _skip_obj(data, at, texts)
        return at
    if kind == OBJ_STR:
        texts.append(length)
    if kind in (OBJ_STR, OBJ_BYTES):
        at += 1
    return at + length


def mpy_names(path):
    """(non-static qstrs of the .mpy in table order, total bytes of its str constants)."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:1] != b"C" or data[1] != 6:
        raise ValueError("%s is not a CircuitPython format-6 .mpy" % path)
    at = 4
    if data[2] & 0x40:  # MPY_FEATURE_ARCH_FLAGS: an arch-flags word follows (native code; the app has none)
        _, at = _uint(data, at)
    count, at = _uint(data, at)
    objects, at = _uint(data, at)
    names = []
    for _ in range(count):
        length, at = _uint(data, at)
        if length & 1:
            continue  # static: the same number in every CircuitPython, never interned
        length >>= 1
        names.append(data[at:at + length].decode("utf-8"))
        at += length + 1
    texts = []
    for _ in range(objects):
        at = _skip_obj(data, at, texts)
    return names, sum(texts)


_QSTR = re.compile(r"MP_QSTR_([A-Za-z0-9_]+)|^Q\(([^)\n]+)\)", re.M)


def rom_sources(src):
    """The CircuitPython source files a PyBadge build compiles (generously)."""
    from tools.build_device import FIRMWARE_MODULES
    roots = ["py", "shared", "supervisor", os.path.join("ports", "atmel-samd")]
    roots += [os.path.join(top, module) for top in ("shared-bindings", "shared-module") for module in FIRMWARE_MODULES]
    files = [os.path.join(src, "main.c")]
    files += [os.path.join(src, "extmod", name) for name in sorted(os.listdir(os.path.join(src, "extmod")))
              if name.startswith("mod") and name.endswith(".c")]
    for root in roots:
        for folder, dirs, names in os.walk(os.path.join(src, root)):
            dirs[:] = sorted(d for d in dirs if not (root.endswith("atmel-samd") and folder.endswith("boards")
                                                     and d != "pybadge") and d not in ("asf4", "tests"))
            files += [os.path.join(folder, n) for n in sorted(names) if n.endswith((".c", ".h"))]
    return [f for f in files if os.path.isfile(f)]


def write_rom_list(src, path=ROM_LIST, source="CircuitPython's sources"):
    found = set()
    for name in rom_sources(src):
        with open(name, encoding="utf-8", errors="replace") as handle:
            for match in _QSTR.finditer(handle.read()):
                found.add(match.group(1) or match.group(2).strip())
    found.discard("")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# Names a PyBadge's CircuitPython has in ROM: written by python -m tools.names --rom-from SRC\n")
        handle.write("# (this list: %s)\n" % source)
        handle.write("".join(name + "\n" for name in sorted(found)))
    return len(found)


def module_names(build=DEFAULT_BUILD, rom=None):
    """{dotted module: (set of names it costs, str constant bytes)} for the build's .mpy files and code.py."""
    from tools.build_device import module_name, find_mpy_cross
    rom = rom_names() if rom is None else rom
    table = {}
    for folder, dirs, files in os.walk(build):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(folder, name), build)
                names, texts = mpy_names(os.path.join(folder, name))
                # the importer keeps the file's path as the module's __file__: one name more a module
                path = "/" + rel.replace(os.sep, "/")
                table[module_name(rel[:-4] + ".py")] = ((set(names) - rom) | {path}, texts)
    compiler = find_mpy_cross(log=lambda line: None)
    code_py = os.path.join(build, "code.py")
    if compiler and os.path.exists(code_py):
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, "code.mpy")
            subprocess.run([compiler, "-O3", "-o", out, "-s", "code.py", code_py], check=True)
            names, texts = mpy_names(out)
            table["code"] = (set(names) - rom, texts)
    return table


def stand_in_names(modules=None):
    """(own, api): the names the stand-ins `modules` leave interned under circuitpython-pybadge that a badge never
    interns (its modules are C). own: their internals, in neither the unix port's ROM nor a PyBadge's
    (tools/rom_names.txt), with each module's path (its __file__, interned at import); api: the firmware's names
    (TileGrid, pixel_shader...) a badge has in ROM. None without mpy-cross (no .mpy to read)."""
    from tools import cp_run
    modules = modules or cp_run.SESSION_STAND_INS
    folder = cp_run.stand_ins()
    if folder == cp_run.BADGE_DIR:
        return None
    found = set()
    for module in modules:
        found.update(mpy_names(os.path.join(folder, module + ".mpy"))[0])
    found -= cp_run.unix_rom_names()
    badge = rom_names()
    paths = set(os.path.join(os.path.basename(folder), module + ".mpy") for module in modules)
    return found - badge | paths, found & badge


def session_runs(build, keys):
    """Per run of a scripted session (one, plus one after each supervisor.reload()), every module of the build it
    loaded at any frame (PIPS_BADGE_MODULES=ever). Each run is a fresh interpreter: its names are its own."""
    from tools import cp_run
    result = cp_run.probed_session("PIPS_BADGE_MODULES", "ever", build, keys)
    runs = [["code"]]
    for line in result.stdout.splitlines():
        if line.startswith("@@module "):
            runs[-1].append(line.split()[1])
        elif line.startswith("@@badge "):  # a run's end line follows its module list
            runs.append(["code"])
    return runs[:-1]


def session_modules(build, keys):
    """Every module of the build a scripted session loaded in any of its runs, once each."""
    seen = []
    for run in session_runs(build, keys):
        seen += [module for module in run if module not in seen]
    return seen


def largest_run(table, runs):
    """(names, modules) of the run that interns the most names: what one interpreter of the session holds."""
    return max(((session_names(table, run), run) for run in runs), key=lambda pair: len(pair[0]))


def unique_names(table, modules):
    """{module: sorted names no other of these modules brings}, for the modules of a session."""
    seen = {}
    for module in modules:
        for name in table.get(module, ((), 0))[0]:
            seen[name] = seen.get(name, 0) + 1
    return dict((module, sorted(n for n in table[module][0] if seen[n] == 1)) for module in modules if module in table)


def session_names(table, modules):
    names = set()
    for module in modules:
        if module in table:
            names |= table[module][0]
    return names


def main(argv=None):
    parser = argparse.ArgumentParser(description="Names each .mpy of the device build costs the badge.")
    parser.add_argument("--build", default=DEFAULT_BUILD, help="a device build (default build/CIRCUITPY)")
    parser.add_argument("--top", type=int, default=0, help="list only the N modules with the most names")
    parser.add_argument("--session", nargs="*", metavar="GAME", help="also count these games' sessions")
    parser.add_argument("--unique", action="store_true", help="with --session: the names only one module brings")
    parser.add_argument("--rom-from", metavar="SRC", help="rewrite tools/rom_names.txt from CircuitPython's source")
    parser.add_argument("--rom-source", metavar="TEXT", help="with --rom-from: which CircuitPython it is (its header)")
    args = parser.parse_args(argv)
    if args.rom_from:
        if not os.path.isfile(os.path.join(args.rom_from, "py", "qstr.c")):
            print("names: %s is not a CircuitPython source tree (no py/qstr.c)" % args.rom_from, file=sys.stderr)
            return 2
        count = write_rom_list(args.rom_from, source=args.rom_source or os.path.abspath(args.rom_from))
        print("%d names in ROM -> %s" % (count, os.path.relpath(ROM_LIST, REPO)))
        return 0
    if not os.path.isdir(args.build):
        print("names: no build at %s: run `make device` first" % args.build, file=sys.stderr)
        return 2
    try:
        table = module_names(args.build)
    except (OSError, ValueError) as error:  # no ROM list, a .mpy of another format
        print("names: %s" % error, file=sys.stderr)
        return 2
    if not table or list(table) == ["code"]:
        print("names: no .mpy files in %s: build it with CircuitPython's mpy-cross (make device)" % args.build,
              file=sys.stderr)
        return 2
    rows = sorted(table.items(), key=lambda item: (-len(item[1][0]), item[0]))
    print("%-34s %6s %11s" % ("module", "names", "text bytes"))
    for module, (names, texts) in rows[:args.top or None]:
        print("%-34s %6d %11d" % (module, len(names), texts))
    print("%-34s %6d" % ("all modules", len(session_names(table, table))))
    if args.session is not None:
        from tools import badge_scripts
        for game in args.session or sorted(badge_scripts.SCRIPTS):
            if game not in badge_scripts.SCRIPTS:
                print("names: no session %r (have: %s)" % (game, ", ".join(sorted(badge_scripts.SCRIPTS))),
                      file=sys.stderr)
                return 2
            runs = session_runs(args.build, badge_scripts.SCRIPTS[game])
            found, modules = largest_run(table, runs)
            print("session %-16s %5d names from %d modules (its largest of %d runs)" % (
                game, len(found), len([m for m in modules if m in table]), len(runs)))
            if args.unique:
                alone = unique_names(table, modules)
                for module in sorted(alone, key=lambda m: (-len(alone[m]), m)):
                    print("    %-30s %4d  %s" % (module, len(alone[module]), " ".join(alone[module])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
