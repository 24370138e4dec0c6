"""The whole app on the badge's own interpreter: each game's session (tools/badge_scripts.py, code.py's own path
under circuitpython-pybadge with the stand-ins) from .mpy and from .py. Per game:

    peak     the largest live Python heap at a frame (gc.collect() then gc.mem_alloc(), every frame)
    min      the smallest heap (1 KB steps) at which the whole session completes (found by bisection)
    steady   the smallest heap from which it completes at every 1 KB step for the next STEADY_KB: fragmentation
             makes the outcome ragged near the limit (a session may pass at min and fail a few KB above)
    largest  the largest single allocation: the smallest hole size (256-byte steps) at which the session completes
             when every free block of the heap is a hole of that size (a fragmented heap fails on contiguity)

Every return to the menu after a game restarts the interpreter (supervisor.reload(), pips.platform: restart); a
session's figures are those of its largest run (cp_run.session follows the reloads; "runs" counts them).
"all four" plays the four games one after another from one power-on (badge_scripts.MARATHON), from .mpy.
"plain" is the .mpy build without the lean pass (build_device --plain, tools/lean.py): what the pass saves; "names"
the .mpy build with the source's names (build_device --keep-names): what the short names save (tools/lean_names.py).
Heap figures are the app's: the test equipment (stand-ins' code, the script's events; cp_run.equipment) is taken
off. Run: `make bench` or `.venv/bin/python -m tools.bench badge_heap`.
"""
import os
import sys

from tools import badge_scripts, build_device, cp_run

GAMES = ("wuerfelglanz", "diceduel", "dymino", "dominoes")
MUST_KB = 96
GOAL_KB = 64
STEADY_KB = 8


def completes(build, keys, heap_kb, equipment, **options):
    heap = "%dK" % (heap_kb + (equipment + 1023) // 1024)
    return cp_run.session(build, keys, heap=heap, **options).ok


def smallest(fits, low, high, step=1):
    """The smallest value in [low, high] (multiples of step) for which fits(value) is true, assuming it stays true
    above; None if fits(high) is false."""
    if not fits(high):
        return None
    while high - low > step:
        middle = (low + high) // 2 // step * step
        if middle <= low:
            break
        if fits(middle):
            high = middle
        else:
            low = middle
    return high


def measure(build, game, keys=None):
    keys = keys or badge_scripts.SCRIPTS[game]
    equipment = cp_run.equipment(keys)
    live = cp_run.session(build, keys, heap="1M", live=True)
    if not live.ok:
        return None
    peak = live.report["peak"] - equipment
    min_kb = smallest(lambda kb: completes(build, keys, kb, equipment), 16, 256)
    steady = min_kb
    kb = min_kb
    while steady is not None and kb < steady + STEADY_KB:
        kb += 1
        if not completes(build, keys, kb, equipment):
            steady = kb + 1 if kb < 256 else None
    largest = smallest(lambda hole: cp_run.session(build, keys, heap="1M", holes=hole).ok, 256, 16384, 256)
    return {"peak": peak, "min_kb": min_kb, "steady_kb": steady, "equipment": equipment, "largest": largest,
            "runs": live.runs}


def build_all(folder):
    """(kind, build folder) of the .mpy build, the .mpy build with the source's names ("names": without
    tools/lean_names.py), without the lean pass at all ("plain"), and the .py build."""
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    builds = []
    for kind, plain, short, mpy_cross in ((".mpy", False, True, compiler), ("names", False, False, compiler),
                                          ("plain", True, False, compiler), (".py", False, True, None)):
        if kind == ".py" or compiler:
            out = os.path.join(folder, kind.strip("."), "CIRCUITPY")
            build_device.build(out, mpy_cross=mpy_cross, log=lambda line: None, plain=plain, short_names=short)
            builds.append((kind, out))
    return builds


def main():
    reason = cp_run.missing()
    if reason:
        print("   skipped: " + reason)
        return
    folder = os.path.join(cp_run.REPO, "build", "bench-badge")  # a fixed place: see cp_run.session
    builds = build_all(folder)
    print("   %-13s %-5s %9s %9s %10s %13s %11s %5s" % ("game", "from", "peak KB", "min KB", "steady KB",
                                                      "largest B", "(equipment)", "runs"))
    for game in GAMES:
        for kind, build in builds:
            got = measure(build, game)
            if got is None:
                print("   %-13s %-5s  session failed" % (game, kind))
                continue
            verdict = ""
            if kind == ".mpy" and got["min_kb"]:
                verdict = ("  goal met" if got["min_kb"] <= GOAL_KB else "  must met" if got["min_kb"] <= MUST_KB
                           else "  OVER the %d KB must" % MUST_KB)
            print("   %-13s %-5s %9.1f %9s %10s %13s %10.1fK %5d%s" % (
                game, kind, got["peak"] / 1024.0, got["min_kb"] or ">256", got["steady_kb"] or ">256",
                "<= %d" % got["largest"] if got["largest"] else ">16384", got["equipment"] / 1024.0, got["runs"],
                verdict))
            sys.stdout.flush()
    # All four games from one power-on: what a player who plays everything needs (a restart after each game)
    for kind, build in builds[:-1]:
        got = measure(build, "all four", badge_scripts.MARATHON)
        if got is None:
            print("   %-13s %-5s  session failed" % ("all four", kind))
            continue
        print("   %-13s %-5s %9.1f %9s %10s %13s %10.1fK %5d" % (
            "all four", kind, got["peak"] / 1024.0, got["min_kb"] or ">256", got["steady_kb"] or ">256",
            "<= %d" % got["largest"] if got["largest"] else ">16384", got["equipment"] / 1024.0, got["runs"]))


if __name__ == "__main__":
    main()
