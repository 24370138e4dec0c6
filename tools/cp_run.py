"""Run code under CircuitPython's own interpreter (../shared/tools/circuitpython/circuitpython-pybadge), with the
badge stand-ins of tools/badge/ on sys.path. Used by tests and benchmarks; the API below is kept stable.

    missing()                  None when the interpreter is here, else one line naming what to install or set
    binary()                   its path (CIRCUITPYTHON_PYBADGE in the environment overrides ../shared/...)
    mpy_cross()                CircuitPython's mpy-cross (MPY_CROSS overrides), or None
    run(code=None, path=None, heap="96K", paths=(), stand_ins_on_path=True, env=None, timeout=300, cwd=None)
        -> Result(status, stdout, stderr). `code` runs as `-c` (sys.path[0] is then ''), `path` as the main file
        (its folder is sys.path[0], as code.py's is on the badge). `paths` go on sys.path after the stand-ins
        (through MICROPYPATH; relative ones from cwd). heap: bytes (int) or the -X heapsize text ("96K").
    key_events(script)         a sim key script ("A A w500 R D*3 S+700") as the stand-ins' event text
    session(build, keys="", heap="96K", seed=1, live=False, tail_ms=1000, timeout=300, max_frames=None,
            raw=False, holes=None, shots=(), shot_dir=None)
        -> Session: build/code.py runs on its own path from inside the build (its root first on sys.path, then
        the stand-ins, then lib/, all relative: the heap does not depend on where the build is), keys from the script at 33 ms a frame; .report is the stand-ins' end line as a dict of
        ints: frames, ms, peak (largest gc.mem_alloc() seen at a frame, at peak_ms; live=True collects first: the
        live heap), end (live heap at the end), crashed (code.py's crash screen came up), largest (the largest
        single buffer a stand-in allocated), reloads (supervisor.reload() calls followed: as on a badge, each
        starts a new interpreter process for the rest of the script, with the same nvm and sleep memory and the
        clock going on; the report covers all of them: frames summed, peak and largest the largest of the runs,
        ms the clock at the end), reloaded (the last run ended in a reload not followed: more than MAX_RUNS).
        .ok is True when every run ran to its end cleanly; .runs counts them. .nvm is microcontroller.nvm's
        bytes at the end (it starts erased: 0xFF).
        raw=True runs pips.app.run without code.py's catch-all, so an error prints its full traceback.
        holes=N fragments the free heap into holes of about N bytes first (set a large heap): the session then
        completes only if no single allocation needs more than that.
        shots=(MS, ...) saves the screen of the frame drawn at each of those times (the first frame at or after
        MS) as shot_dir/MS.ppm (binary PPM, 160x128; tools/badge_pixels.py reads them).
    probed_session(variable, value, build, keys, heap="1M")  session() with a stand-in probe variable set (see
                               tools/badge/_badge.py); RuntimeError when it does not complete
    names_left(build, keys)    [(names, table bytes)] a run: the names it may still intern before its next qstr table
    equipment(keys)            heap bytes the stand-ins and the script's events hold in a session (not the app's)
    badge_heap(kb, keys)       the -X heapsize that leaves the app kb KB beside that equipment, e.g. "96K" + 27K
    unix_rom_names()           the names the unix port has in ROM (read from its binary's qstr pools)
    stand_ins()                the folder put on sys.path: tools/badge compiled to .mpy with mpy-cross when
                               there is one (their code then costs the heap about what built-in C modules
                               would not: a little), else tools/badge itself

The stand-ins (tools/badge/) stand for the firmware's C modules: displayio, fontio, terminalio, keypad, board,
microcontroller (nvm backed by a temporary file), alarm (sleep_memory, likewise), supervisor (a virtual clock: each display.refresh() is a 33 ms
frame), neopixel_write, digitalio, analogio, audiocore, audioio, traceback, warnings. See tools/badge/_badge.py.
"""
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS_DIR = os.path.join(os.path.dirname(REPO), "shared", "tools", "circuitpython")
BADGE_DIR = os.path.join(REPO, "tools", "badge")
STAND_IN_CACHE = os.path.join(REPO, "build", "badge-stand-ins")
NVM_BYTES = 8192
MAX_RUNS = 64  # a session follows this many reloads at most (a runaway guard)
# names_left: a next qstr table up to this size is the 1,280-name one (~7.7 KB); once that is made, the next is ~15 KB
QSTR_TABLE_1280_BYTES = 8 * 1024
_SESSION_TMP = "/tmp" if os.path.isdir("/tmp") else None  # sessions run from a copy there (session)


def binary():
    return os.environ.get("CIRCUITPYTHON_PYBADGE") or os.path.join(TOOLS_DIR, "circuitpython-pybadge-display")


def mpy_cross():
    path = os.environ.get("MPY_CROSS") or os.path.join(TOOLS_DIR, "mpy-cross")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def missing():
    path = binary()
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return None
    return ("CircuitPython's unix port is not at %s: put ../shared/tools/circuitpython/ beside the checkout "
            "(its build.sh makes it) or set CIRCUITPYTHON_PYBADGE" % path)


class Result:
    def __init__(self, status, stdout, stderr):
        self.status = status
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        return "Result(status=%r)\n--- stdout\n%s\n--- stderr\n%s" % (self.status, self.stdout[-4000:],
                                                                     self.stderr[-4000:])


def _heap_text(heap):
    return "%d" % heap if isinstance(heap, int) else str(heap)


def stand_ins():
    """tools/badge as .mpy (rebuilt when a source, or this file with the compile options, is newer), or tools/badge
    itself without mpy-cross."""
    compiler = mpy_cross()
    if compiler is None:
        return BADGE_DIR
    os.makedirs(STAND_IN_CACHE, exist_ok=True)
    options_changed = os.path.getmtime(os.path.abspath(__file__))
    for name in sorted(os.listdir(BADGE_DIR)):
        if not name.endswith(".py"):
            continue
        src = os.path.join(BADGE_DIR, name)
        dest = os.path.join(STAND_IN_CACHE, name[:-3] + ".mpy")
        if os.path.exists(dest) and os.path.getmtime(dest) >= max(os.path.getmtime(src), options_changed):
            continue
        # -s the module's name, a string interned at import anyway (as tools/build_device.py does)
        done = subprocess.run([compiler, "-o", dest, "-s", name[:-3], src], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError("%s failed on %s: %s" % (compiler, src, done.stderr.strip()))
    return STAND_IN_CACHE


def run(code=None, path=None, heap="96K", paths=(), stand_ins_on_path=True, env=None, timeout=300, cwd=None):
    reason = missing()
    if reason:
        raise RuntimeError(reason)
    if (code is None) == (path is None):
        raise ValueError("give either code or path")
    search = ([stand_ins()] if stand_ins_on_path else []) + list(paths)
    full_env = dict(os.environ)
    full_env["MICROPYPATH"] = ":".join(search)
    full_env.update(env or {})
    argv = [binary(), "-X", "heapsize=" + _heap_text(heap)]
    argv += ["-c", code] if code is not None else [path]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, env=full_env, timeout=timeout,
                              cwd=cwd or (os.path.dirname(os.path.abspath(path)) if path else REPO))
    except subprocess.TimeoutExpired as error:
        text = lambda data: data.decode("utf-8", "replace") if isinstance(data, bytes) else (data or "")
        return Result(-1, text(error.stdout), text(error.stderr) + "\ntimed out after %ss" % timeout)
    return Result(done.returncode, done.stdout, done.stderr)


def key_events(script):
    """The sim's key-script grammar (sim/keyscript.py) -> "ms key pressed ms key pressed ..." for the stand-ins
    (spaces: a separator string would be one more name interned)."""
    lib = os.path.join(REPO, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    if REPO not in sys.path:
        sys.path.insert(0, REPO)
    from sim.keyscript import parse
    events, _ = parse(script)
    return " ".join("%d %d %d" % (ms, key, 1 if pressed else 0) for ms, key, pressed in events)


def _run_report(result):
    """The @@badge end line of one run as a dict of ints ({} when the run printed none)."""
    report = {}
    for line in result.stdout.splitlines():
        if line.startswith("@@badge "):
            report = dict((k, int(v)) for k, v in (part.split("=") for part in line.split()[1:]))
    return report


_RELOAD_TRACE = "Traceback (most recent call last):"


def _clean_reload(result, report):
    """A run that supervisor.reload() ended: the unix port prints ReloadException's traceback (on stdout, before
    the report) and exits 1, where the firmware prints nothing (main.c: no traceback for it) and runs code.py
    again. Returns the run with that traceback taken out and status 0, or None when the run did not end so."""
    out = result.stdout
    start = out.rfind(_RELOAD_TRACE)
    end = out.find("\nReloadException", start)
    if not report.get("reloaded") or result.status != 1 or start < 0 or end < 0:
        return None
    end = out.find("\n", end + 1)
    return Result(0, out[:start] + out[end + 1:], result.stderr)


class Session(Result):
    """A session's runs (one, plus one after each reload) as one: stdout and stderr joined, the report summed."""

    def __init__(self, runs, nvm=b""):
        last = runs[-1]
        Result.__init__(self, last.status, "".join(run.stdout for run in runs), "".join(run.stderr for run in runs))
        self.nvm = nvm  # microcontroller.nvm's 8,192 bytes at the end (the saves)
        self.runs = len(runs)
        reports = [_run_report(run) for run in runs]
        self.report = {}
        if all(reports):
            top = max(reports, key=lambda report: report["peak"])
            self.report = dict(reports[-1], frames=sum(report["frames"] for report in reports), peak=top["peak"],
                               peak_ms=top["peak_ms"], largest=max(report["largest"] for report in reports),
                               crashed=max(report["crashed"] for report in reports), reloads=len(runs) - 1)
        self.ok = (all(run.status == 0 for run in runs) and bool(self.report) and not self.report["crashed"]
                   and not self.report["reloaded"])


# What code.py does, without its catch-all: an error then ends the run with the interpreter's own traceback.
_RAW_ENTRY = "from pips.device import DevicePlatform\nfrom pips.app import run\nrun(DevicePlatform())\n"
# What code.py does on a badge
_CODE_ENTRY = "from pips.boot import main\nmain()\n"
# Screenshots (session's shots): the stand-ins' probe module takes them, hung on _badge before the app starts. Set
# here rather than by a variable _badge.py reads: each string in it is interned for good and costs every session's
# heap (a 48-byte name moved the Dymino session past its 96 KB must).
_SHOTS_ENTRY = "import _badge\n_badge.dump = __import__('_badge_probe')\n"


# The stand-ins a session imports (the rest only on paths the app does not take).
SESSION_STAND_INS = ("_badge", "_entropy", "board", "keypad", "supervisor", "microcontroller", "neopixel_write",
                     "digitalio", "audiocore", "audioio", "traceback", "storage", "alarm")


def unix_rom_names(path=None):
    """The names the unix port has in ROM (its qstr pools, read from the binary: the longest run of pointers to
    NUL-terminated strings is the last pool's table; each pool's header, 24 bytes before its table, points to the
    one before). A badge has these too: they cost neither of them a name."""
    import struct
    with open(path or binary(), "rb") as handle:
        data = handle.read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        raise RuntimeError("%s is no 32-bit ELF file" % (path or binary()))
    table, count, size = struct.unpack_from("<I", data, 28)[0], struct.unpack_from("<H", data, 44)[0], 32
    segments = []  # (first address, end address, file offset) of each loaded segment
    for at in range(table, table + count * size, size):
        kind, offset, address, _, length = struct.unpack_from("<5I", data, at)
        if kind == 1:  # PT_LOAD
            segments.append((address, address + length, offset))

    def text(address):
        for first, end, offset in segments:
            if first <= address < end:
                at = address - first + offset
                stop = data.find(b"\0", at, at + 256)
                try:
                    return data[at:stop].decode("utf-8") if stop >= 0 else None
                except UnicodeDecodeError:
                    return None
        return None

    words = struct.unpack_from("<%dI" % (len(data) // 4), data)
    best, best_end, run = 0, 0, 0
    for index, word in enumerate(words):
        run = run + 1 if text(word) is not None else 0
        if run > best:
            best, best_end = run, index + 1
    pool = None
    for first, end, offset in segments:
        if offset <= (best_end - best) * 4 - 24 < offset + end - first:
            pool = (best_end - best) * 4 - 24 - offset + first
    def file_offset(address):
        return next(address - first + offset for first, end, offset in segments if first <= address < end)

    def pool_names(at):
        """The names of the qstr_pool_t at file offset `at` (prev, total_prev_len | is_sorted, alloc, len, hashes,
        lengths, qstrs[len]), or None where no pool is."""
        length = struct.unpack_from("<I", data, at + 12)[0]
        if not 0 < length < 20000 or at + 24 + 4 * length > len(data):
            return None
        names = [text(word) for word in struct.unpack_from("<%dI" % length, data, at + 24)]
        return None if None in names else names

    found = set()
    main_pool = pool
    while pool:
        at = file_offset(pool)
        found.update(pool_names(at))
        pool = struct.unpack_from("<I", data, at)[0]
    # A pool chained after the main one (circuitpython-pybadge-display's frozen stage and ugame, as on a badge)
    # points back to it: its header's first word is the main pool's address.
    for index, word in enumerate(words):
        if word == main_pool:
            names = pool_names(index * 4)
            if names:
                found.update(names)
    if len(found) < 400 or "append" not in found:
        raise RuntimeError("no qstr pool found in %s" % (path or binary()))
    return found


def equipment(keys=""):
    """Bytes of heap the test equipment holds in a session with this key script: the stand-ins' code (C in the
    firmware, no heap) and the script's events. A session at heap H + equipment() models a badge heap of H."""
    env = {"PIPS_BADGE_KEYS": key_events(keys), "PIPS_BADGE_SEED": "1"}
    code = ("import gc\ngc.collect()\nbefore = gc.mem_alloc()\nimport %s\ngc.collect()\n"
            "print('equipment', gc.mem_alloc() - before)\n" % ", ".join(SESSION_STAND_INS))
    result = run(code=code, heap="1M", env=env)
    if result.status != 0 or "equipment " not in result.stdout:
        raise RuntimeError("measuring the stand-ins failed:\n%r" % result)
    return int(result.stdout.split("equipment ")[1].split()[0])


def probed_session(variable, value, build, keys, heap="1M"):
    """session() with the stand-ins' probe `variable` (tools/badge/_badge.py) set to `value` for it; a session that
    does not complete raises RuntimeError."""
    saved = os.environ.get(variable)
    os.environ[variable] = value  # session() passes the environment on
    try:
        result = session(build, keys, heap=heap)
    finally:
        if saved is None:
            del os.environ[variable]
        else:
            os.environ[variable] = saved
    if not result.ok:
        raise RuntimeError("the session did not complete:\n%r" % result)
    return result


def names_left(build, keys="", heap="1M"):
    """[(names, table bytes)] a run: after each run of the session (one, plus one a reload), how many fresh names
    the interpreter could still intern before it makes its next qstr table, and that table's bytes (the stand-ins'
    PIPS_BADGE_QSTRS probe, whose own ~15 names are counted in: a floor). A next table of ~7.7 KB is the
    1,280-name one: that run never needed it (one block, made mid-game in a cut-up heap, it is where sessions fail)."""
    result = probed_session("PIPS_BADGE_QSTRS", "1", build, keys, heap)
    probes = [dict(part.split("=") for part in line.split()[1:]) for line in result.stdout.splitlines()
              if line.startswith("@@qstrs ")]
    return [(int(probe["headroom"]), int(probe["pool"])) for probe in probes]


def badge_heap(kilobytes, keys=""):
    """The -X heapsize that gives the app `kilobytes` KB beside the test equipment (1 KB steps)."""
    return "%dK" % (kilobytes + (equipment(keys) + 1023) // 1024)


def session(build, keys="", heap="96K", seed=1, live=False, tail_ms=1000, timeout=300, max_frames=None,
            raw=False, holes=None, shots=(), shot_dir=None):
    build = os.path.abspath(build)
    code_py = os.path.join(build, "code.py")
    if not os.path.exists(code_py):
        raise RuntimeError("no code.py in %s: run `make device` first" % build)
    # The unix port puts the script's real path's folder first on sys.path (an interned string) and imports through
    # it: the build and the stand-ins are copied to a path of the same length wherever the checkout is, so a
    # session's heap does not depend on the checkout's path (it did: a 96 KB session passed in one clone, failed in
    # another).
    work = tempfile.mkdtemp(prefix="pips-badge-", dir=_SESSION_TMP)
    try:
        build = os.path.join(work, "CIRCUITPY")
        shutil.copytree(code_py[:-len("/code.py")], build)
        shutil.copytree(stand_ins(), os.path.join(work, "stand-ins"))
        nvm = os.path.join(work, "nvm.bin")
        with open(nvm, "wb") as handle:
            handle.write(b"\xff" * NVM_BYTES)  # erased flash
        env = {"PIPS_BADGE_KEYS": key_events(keys), "PIPS_BADGE_TAIL": str(tail_ms), "PIPS_BADGE_NVM": nvm,
               "PIPS_BADGE_SLEEP_MEMORY": os.path.join(work, "sleep_memory.bin"),
               "PIPS_BADGE_SAMPLE": "live" if live else ""}
        if seed is not None:
            env["PIPS_BADGE_SEED"] = str(seed)
        if max_frames:
            env["PIPS_BADGE_FRAMES"] = str(max_frames)
        if holes:
            env["PIPS_BADGE_HOLES"] = str(holes)
        if shots:
            env["PIPS_BADGE_SHOTS"] = " ".join("%d" % ms for ms in shots)
            env["PIPS_BADGE_SHOT_DIR"] = os.path.abspath(shot_dir or ".")
        # Run from inside the build with relative paths, as the badge does: module names and sys.path then hold
        # the same strings wherever the build is, so a session's heap does not depend on the folder's path.
        search = [os.path.join("..", "stand-ins"), "lib"]
        if raw or shots:
            entry = os.path.join(work, "entry.py")
            with open(entry, "w") as handle:
                handle.write((_SHOTS_ENTRY if shots else "") + (_RAW_ENTRY if raw else _CODE_ENTRY))
            paths = search + [build]
        else:
            entry, paths = "code.py", search
        runs = []
        while True:
            result = run(path=entry, heap=heap, paths=paths, stand_ins_on_path=False, env=env, timeout=timeout,
                         cwd=build)
            report = _run_report(result)
            after_reload = _clean_reload(result, report)
            runs.append(after_reload or result)
            if after_reload is None or len(runs) > MAX_RUNS:
                break
            # The badge runs code.py again at once (main.c: no wait after supervisor.reload()): the clock goes
            # on, and key events the old run had fed but not read are lost with its keypad queue.
            env["PIPS_BADGE_CLOCK"] = str(report["ms"])
            env["PIPS_BADGE_FROM"] = str(report["next"])
        with open(nvm, "rb") as handle:
            return Session(runs, handle.read())
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description="Run build/CIRCUITPY's code.py under circuitpython-pybadge "
                                                 "with the badge stand-ins and a key script.")
    parser.add_argument("--build", default=os.path.join(REPO, "build", "CIRCUITPY"))
    parser.add_argument("--keys", default="", help="key script (the simulator's grammar)")
    parser.add_argument("--heap", default="96K", help="-X heapsize (default 96K)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--live", action="store_true", help="collect before each frame's heap sample")
    parser.add_argument("--tail", type=int, default=1000, help="ms to run after the last key")
    parser.add_argument("--raw", action="store_true", help="skip code.py's catch-all: errors show a traceback")
    args = parser.parse_args(argv)
    reason = missing()
    if reason:
        print("cp_run: " + reason, file=sys.stderr)
        return 2
    try:
        result = session(args.build, args.keys, args.heap, args.seed, args.live, args.tail,
                         raw=args.raw)
    except (RuntimeError, ValueError) as error:
        print("cp_run: %s" % error, file=sys.stderr)
        return 2
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
