"""Badge-time estimates from instruction counts: a script runs under CircuitPython's own interpreter
(../shared/tools/circuitpython/circuitpython-pybadge-display) inside `valgrind --tool=callgrind`, which counts the
instructions it executes. Counts do not change with this shared machine's load, so a ratio of two counts is a
figure a goal can hold on; the badge estimate is seconds ~= instructions / 1.11e8 (one published calibration
point: 10^6 empty loop iterations take 4.78 s on a 120 MHz SAMD51 and 532 M instructions here), so every printed
estimate carries "±2x".

Two ways to measure (the script is CircuitPython code, run with REPS, BEGIN and END defined and the repo's
root and lib/ first on sys.path; `paths` replaces those, e.g. a folder of .mpy files):
- `per_unit(script, reps)`: the script is run twice, with REPS = reps and with REPS = 0; the difference / reps is
  the cost of one repetition (setup, imports and exit cancel out). The mean a goal holds on.
- `segments(script)`: one run; every BEGIN() ... END() pair in the script is one unit, counted on its own (the
  work between END() and the next BEGIN(), such as choosing the next position, is not counted). Gives the
  distribution (median, 99th percentile, worst) over seeded positions. BEGIN/END call math.atan2, a C function
  the app never calls; callgrind dumps its counters each time that function is entered
  (`--dump-before=<its address>`: the binary is stripped, so the address is found once per process by calling
  atan2 a known number of times). The cost of an empty BEGIN() END() pair is subtracted.

Command line: `python -m tools.callgrind_cost SCRIPT.py [REPS]` prints the per-repetition figure of a script.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(REPO, "..", "shared", "tools", "circuitpython", "circuitpython-pybadge-display")
MPY_CROSS = os.path.join(REPO, "..", "shared", "tools", "circuitpython", "mpy-cross")
INSTRUCTIONS_PER_BADGE_SECOND = 1.11e8
DEFAULT_HEAP = "2M"  # big enough that no collection falls inside a measurement unless the script asks for one

# Lines before the script. The marker calls a float C function: atan2 with constant arguments.
_PRELUDE = """import sys
sys.path[:0] = %r
REPS = %d
from math import atan2 as _atan2
def BEGIN():
    _atan2(0.0, 1.0)
END = BEGIN
MID = BEGIN
BEGIN()
END()
"""
_EPILOGUE = "\nBEGIN()\nEND()\n"
_CALIBRATION = """from math import atan2, copysign, pow
for _ in range(3000):
    atan2(1.0, 2.0); atan2(1.0, 2.0); atan2(1.0, 2.0)
for _ in range(500):
    copysign(1.0, 2.0); pow(1.0, 2.0)
"""
_CALIBRATION_CALLS = 9000
_marker = {}


def missing():
    """None when callgrind and the interpreter are here, else one line saying what is missing."""
    if not os.path.exists(BINARY):
        return ("no %s (CircuitPython's unix port, see ../shared/tools/circuitpython/README.md)"
                % os.path.normpath(BINARY))
    if shutil.which("valgrind") is None:
        return "no valgrind on PATH (apt-get install valgrind)"
    return None


def badge_ms(instructions):
    return instructions / INSTRUCTIONS_PER_BADGE_SECOND * 1000.0


def estimate(instructions):
    """'12.3 M instr ~ 111 ms badge (±2x)'."""
    ms = badge_ms(instructions)
    if instructions >= 1e6:
        count = "%.2f M instr" % (instructions / 1e6)
    else:
        count = "%.1f k instr" % (instructions / 1e3)
    return "%s ~ %s badge (±2x)" % (count, ("%.0f ms" % ms) if ms >= 100 else ("%.2f ms" % ms))


def default_paths():
    return [REPO, os.path.join(REPO, "lib")]


def stand_ins_missing():
    """None when the badge stand-ins (tools/cp_run.py, issue 9) are here, else why not."""
    try:
        from tools import cp_run
    except ImportError:
        return "no tools/cp_run.py (the badge stand-ins)"
    return cp_run.missing()


def _stand_in_env(folder):
    """The environment the stand-ins read (tools/badge/_badge.py): their folder on MICROPYPATH, an erased 8 KB
    nvm in a file, a seeded os.urandom, and a session that never ends on its own (the script drives the frames)."""
    from tools import cp_run
    nvm = os.path.join(folder, "nvm.bin")
    with open(nvm, "wb") as f:
        f.write(b"\xff" * cp_run.NVM_BYTES)
    return dict(os.environ, MICROPYPATH=cp_run.stand_ins(), PIPS_BADGE_NVM=nvm, PIPS_BADGE_SEED="1",
                PIPS_BADGE_TAIL="1000000000", PIPS_BADGE_KEYS="")


def _run(script, reps, paths, heap, folder, extra=(), stand_ins=False, counted=True):
    source = os.path.join(folder, "script.py")
    with open(source, "w") as f:
        f.write(_PRELUDE % (list(paths), reps) + script + _EPILOGUE)
    out = os.path.join(folder, "callgrind.out")
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + list(extra) if counted else []
    command += [BINARY, "-X", "heapsize=" + heap, source]
    env = _stand_in_env(folder) if stand_ins else None
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError("circuitpython-pybadge under callgrind exited %d\n--- stdout\n%s\n--- stderr\n%s"
                           % (done.returncode, done.stdout, done.stderr[-4000:]))
    return out, done.stdout


def _totals(path):
    with open(path) as f:
        for line in f:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("no totals line in " + path)


def count(script, reps=0, paths=None, heap=DEFAULT_HEAP, stand_ins=False):
    """(instructions, stdout) of one run of `script` with REPS = reps (stand_ins: with the badge stand-ins)."""
    with tempfile.TemporaryDirectory() as folder:
        out, stdout = _run(script, reps, paths or default_paths(), heap, folder, stand_ins=stand_ins)
        return _totals(out), stdout


def plain(script, reps=0, paths=None, heap=DEFAULT_HEAP, stand_ins=False):
    """stdout of one run of `script` without callgrind (for what it prints: the same script, counted elsewhere)."""
    with tempfile.TemporaryDirectory() as folder:
        return _run(script, reps, paths or default_paths(), heap, folder, stand_ins=stand_ins, counted=False)[1]


def per_unit(script, reps, paths=None, heap=DEFAULT_HEAP, stand_ins=False):
    """Instructions of one repetition: (count with REPS=reps - count with REPS=0) / reps. Returns (per unit,
    stdout of the reps run)."""
    full, stdout = count(script, reps, paths, heap, stand_ins)
    empty, _ = count(script, 0, paths, heap, stand_ins)
    return (full - empty) / reps, stdout


def _calls(path):
    """{function name: calls} from a callgrind output file."""
    names, calls, current = {}, {}, None
    with open(path) as f:
        for line in f:
            if line.startswith(("fn=", "cfn=")):
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
                if m.group(2):
                    names[m.group(1)] = m.group(2).strip()
                if line.startswith("cfn="):
                    current = m.group(1)
            elif line.startswith("calls="):
                calls[current] = calls.get(current, 0) + int(line.split()[0][6:])
    return dict((names[k], n) for k, n in calls.items())


def _marker_function():
    """The name callgrind gives the C function behind math.atan2 in this (stripped) binary: the only function
    entered exactly as often as atan2 was called while copysign and pow, entered through the same paths, were not."""
    key = os.stat(BINARY).st_mtime_ns
    if key not in _marker:
        with tempfile.TemporaryDirectory() as folder:
            out, _ = _run(_CALIBRATION, 0, [], DEFAULT_HEAP, folder)
            # the prelude and the epilogue each add one BEGIN/END pair (2 calls)
            found = sorted(name for name, n in _calls(out).items() if n == _CALIBRATION_CALLS + 4)
            if not found:
                raise RuntimeError("callgrind_cost: cannot find math.atan2's C function in %s" % BINARY)
            _marker[key] = found[-1]
    return _marker[key]


def _dumps(script, paths, heap, stand_ins):
    """(instructions between one marker call and the next, in order; stdout) of one run: callgrind dumps its
    counters at every marker (BEGIN, MID, END all call it) and at the exit."""
    extra = ["--dump-before=" + _marker_function()]
    with tempfile.TemporaryDirectory() as folder:
        _, stdout = _run(script, 0, paths or default_paths(), heap, folder, extra, stand_ins)
        parts = sorted((int(name.rsplit(".", 1)[1]), name) for name in os.listdir(folder)
                       if name.startswith("callgrind.out."))
        return [_totals(os.path.join(folder, name)) for _, name in parts], stdout


def segments(script, paths=None, heap=DEFAULT_HEAP, stand_ins=False):
    """Instructions of each BEGIN() ... END() unit of one run, in order, less the cost of an empty pair.
    Returns (list of counts, stdout)."""
    counts, stdout = _dumps(script, paths, heap, stand_ins)
    # [start .. BEGIN][empty pair][END .. BEGIN][unit 1][END .. BEGIN][unit 2] ... [empty pair at the end]
    units = counts[1::2]
    if len(units) < 2:
        raise RuntimeError("callgrind_cost: the script made no BEGIN()/END() pairs")
    empty = min(units[0], units[-1])
    return [max(0, u - empty) for u in units[1:-1]], stdout


def marked(script, paths=None, heap=DEFAULT_HEAP, stand_ins=False):
    """Instructions of each BEGIN() ... MID() ... END() unit of one run, as (begin to mid, mid to end) pairs in
    order, each less the cost of an empty marker pair. Returns (list of pairs, stdout)."""
    counts, stdout = _dumps(script, paths, heap, stand_ins)
    # [start .. BEGIN][empty pair][END .. BEGIN] then per unit [BEGIN .. MID][MID .. END][END .. BEGIN], then the
    # epilogue's [empty pair] (and the exit's dump, when anything ran after it)
    whole = (len(counts) - 4) // 3 * 3 + 4
    if len(counts) < 4 or len(counts) - whole > 1:
        raise RuntimeError("callgrind_cost: %d counts: not whole BEGIN/MID/END units" % len(counts))
    empty = min(counts[1], counts[whole - 1])
    units = counts[3:whole - 1]
    return [(max(0, units[i] - empty), max(0, units[i + 1] - empty)) for i in range(0, len(units), 3)], stdout


def summary(counts):
    """(mean, median, 99th percentile, worst) of a list of counts."""
    ordered = sorted(counts)
    n = len(ordered)
    return sum(ordered) / n, ordered[n // 2], ordered[min(n - 1, (n * 99) // 100)], ordered[-1]


def describe(counts):
    mean, median, p99, worst = summary(counts)
    return "mean %s   median %.2f ms   p99 %.2f ms   worst %.2f ms   (%d units)" % (
        estimate(mean), badge_ms(median), badge_ms(p99), badge_ms(worst), len(counts))


def compile_mpy(sources, folder):
    """Compile every .py under each of `sources` (folders relative to the repo, e.g. "engine", "lib/pips") into
    `folder` with CircuitPython's mpy-cross, keeping the layout (lib/pips -> folder/pips). Returns `folder`."""
    for source in sources:
        top = os.path.join(REPO, source)
        base = os.path.basename(source)
        for root, _, files in os.walk(top):
            for name in files:
                if not name.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(root, name), top)
                target = os.path.join(folder, base, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(target), exist_ok=True)
                subprocess.run([MPY_CROSS, "-o", target, "-s", os.path.join(base, rel), os.path.join(root, name)],
                               check=True, capture_output=True)
    return folder


def main(argv):
    if len(argv) not in (1, 2):
        sys.stderr.write("usage: python -m tools.callgrind_cost SCRIPT.py [REPS]\n")
        return 2
    reason = missing()
    if reason:
        sys.stderr.write("callgrind_cost: %s\n" % reason)
        return 2
    try:
        with open(argv[0]) as f:
            script = f.read()
        reps = int(argv[1]) if len(argv) == 2 else 100
    except (OSError, ValueError) as exc:
        sys.stderr.write("callgrind_cost: %s\n" % exc)
        return 2
    unit, _ = per_unit(script, reps)
    print("per repetition: %s" % estimate(unit))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
