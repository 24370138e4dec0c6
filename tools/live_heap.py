"""The largest live heap of each badge session, at any allocation (not only at a frame's end), and when it comes.

The bench's peak (bench/bench_badge_heap.py) is sampled after a collection at the end of each frame; a frame's own
transients (a screen being built beside the one it replaces, a save's code) come on top of it, and fragmentation on
top of those makes the smallest heap that completes. This tool needs a diagnostic build of the display interpreter
that collects before every allocation (tools/diagnostics/gc_collect_always.patch on CircuitPython's py/gc.c, built
as ../shared/tools/circuitpython/build.sh builds the pybadge-display variant, with CFLAGS_EXTRA="-m32
-DPIPS_GC_ALWAYS"): its path goes in PIPS_LIVE_HEAP_INTERPRETER. A session then runs ~50x slower.

    python -m tools.live_heap [GAME ...]        per run: the largest live heap (KB, the app's: equipment taken off)
                                                and the frame after which it came (ms; a second run with the frame
                                                trace, whose probe adds ~1.4 KB)
Reads build/CIRCUITPY (make device).
"""
import os
import sys

from tools import badge_scripts, cp_run

ENV = "PIPS_LIVE_HEAP_INTERPRETER"


def run_maxima(game, traced):
    """[(largest live bytes, the block asked for then, the frame's ms before it)] per run of `game`'s session."""
    keys = badge_scripts.SCRIPTS[game]
    saved = dict(os.environ)
    os.environ.update({"CIRCUITPYTHON_PYBADGE": os.environ[ENV], "PIPS_GC_ALWAYS": "1"})
    if traced:
        os.environ["PIPS_BADGE_TRACE"] = "1"
    try:
        session = cp_run.session(os.path.join(cp_run.REPO, "build", "CIRCUITPY"), keys, heap="1M", timeout=3000)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return maxima(session.stdout)


def maxima(stdout):
    """A session's output ("@@live" lines, "@@heap" frame lines, a "@@badge" line ending each run) as
    [(largest live bytes, the block asked for then, the last frame's ms before it)] per run."""
    runs = [[0, 0, 0]]
    ms = 0
    for line in stdout.splitlines():
        fields = line.split()
        if line.startswith("@@heap"):
            ms = int(fields[1])
        elif line.startswith("@@badge"):
            runs.append([0, 0, 0])
        elif line.startswith("@@live") and int(fields[1]) > runs[-1][0]:
            runs[-1] = [int(fields[1]), int(fields[2]), ms]
    return [tuple(run) for run in runs if run[0]]


def main(argv=None):
    games = (sys.argv[1:] if argv is None else argv) or list(badge_scripts.SCRIPTS)
    path = os.environ.get(ENV)
    if not path or not os.access(path, os.X_OK):
        print("live_heap: set %s to the diagnostic interpreter (see this module's docstring)" % ENV, file=sys.stderr)
        return 2
    unknown = [game for game in games if game not in badge_scripts.SCRIPTS]
    if unknown:
        print("live_heap: no session for %s (games: %s)" % (", ".join(unknown), ", ".join(badge_scripts.SCRIPTS)),
              file=sys.stderr)
        return 2
    for game in games:
        equipment = cp_run.equipment(badge_scripts.SCRIPTS[game])
        exact = run_maxima(game, False)
        traced = run_maxima(game, True)
        print("%-13s %s" % (game, "   ".join(
            "run %d: %.2f KB (after the frame at %d ms)" % (index + 1, (live - equipment) / 1024.0, when[2])
            for index, ((live, _, _), when) in enumerate(zip(exact, traced)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
