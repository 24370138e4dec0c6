"""Issue 12's additions, heap held under CircuitPython 10.3's own interpreter (../shared/tools/circuitpython/):
each module imported and its object built, gc.mem_alloc() before and after, from .mpy (what the badge ships)
and from .py. Only pure modules: the scenes need displayio, which the desktop interpreter does not have."""
import os
import subprocess
import tempfile

from bench.bench_records import COMPILER, INTERPRETER, REPO, TOOLS, _compile_tree

HEAP = "64K"

# (what, code that imports the module and builds what the app keeps while the feature is in use)
FEATURES = (
    ("replay codes (pips.codes)", "from pips import codes\nkept = codes.decode(codes.encode(123456789))"),
    ("shake detector (pips.shake)", "from pips import shake\nkept = shake.ShakeDetector()\n"
                                    "for i in range(40):\n    kept.feed(0.5 * (i % 5), 4.9, 8.5, i * 33)"),
    ("jingles (pips.jingles, all five)", "from pips import jingles\nkept = jingles.RECORD"),
    ("first-game tips (pips.tips: the texts and the seen mask)",
     "from pips import tips\nclass App:\n    tips = True\n    tips_seen = None\n    store = store\n"
     "kept = App()\ntips.all_seen(kept)"),
    ("statistics (pips.stats and its counters; the store is open already)",
     "from pips import stats\nkept = stats.load(store)"),
)

SCRIPT = """
import gc
from pips import saves
store = saves.open_store(bytearray(8192))  # the app has its store open: not the features' cost
gc.collect()
before = gc.mem_alloc()
%s
gc.collect()
print("held", gc.mem_alloc() - before)
"""


def measure(root, code):
    with open(os.path.join(root, "measure.py"), "w") as script:
        script.write("import sys\nsys.path[:0] = ['.', 'lib']\n" + SCRIPT % code)
    result = subprocess.run([INTERPRETER, "-X", "heapsize=" + HEAP, "measure.py"], cwd=root, capture_output=True,
                            text=True, timeout=120)
    fields = result.stdout.split()
    if result.returncode or len(fields) != 2:
        return None
    return int(fields[1])


def main():
    if not (os.path.exists(INTERPRETER) and os.path.exists(COMPILER)):
        print("   skipped: no CircuitPython interpreter/compiler at %s" % TOOLS)
        return
    with tempfile.TemporaryDirectory() as mpy_root, tempfile.TemporaryDirectory() as py_root:
        _compile_tree(mpy_root)
        os.symlink(os.path.join(REPO, "lib"), os.path.join(py_root, "lib"))
        os.symlink(os.path.join(REPO, "engine"), os.path.join(py_root, "engine"))
        for name, code in FEATURES:
            from_mpy = measure(mpy_root, code)
            from_py = measure(py_root, code)
            if from_mpy is None or from_py is None:
                print("   %s: failed" % name)
                continue
            print("   %s: %d bytes of heap from .mpy, %d from .py" % (name, from_mpy, from_py))


if __name__ == "__main__":
    main()
