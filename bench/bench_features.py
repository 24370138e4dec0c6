"""Issue 12's additions under CircuitPython 10.3's own interpreter (../shared/tools/circuitpython/):
- heap: each module imported and its object built, gc.mem_alloc() before and after, from .mpy (what the badge
  ships) and from .py. Only pure modules: the scenes need displayio, which the desktop interpreter lacks.
- time: the hints' and the odds' worst cases counted in instructions by valgrind's callgrind (the same on any
  machine), run minus the same run without the call, as badge seconds = instructions / 1.11e8 (DESIGN.md's
  calibration, +-2x). Skipped without valgrind."""
import os
import shutil
import subprocess
import tempfile

from bench.bench_records import COMPILER, INTERPRETER, REPO, TOOLS, _compile_tree

HEAP = "96K"  # the whole-app cap (DESIGN.md); only a cap, the figures are what each feature holds

# (what, code that imports the module and builds what the app keeps while the feature is in use)
FEATURES = (
    ("replay codes (pips.codes)",
     "from pips import code_entry, codes\nkept = code_entry.decode(codes.encode(123456789))"),
    ("shake detector (pips.shake: ShakeReader and its detector)",
     "from pips import shake\nkept = shake.ShakeReader(lambda: (0.5, 4.9, 8.5))\n"
     "for i in range(40):\n    kept.poll(True, i * 33)", "from pips import actions"),
    ("jingles (pips.jingles, all eight, and the player)",
     "from pips import jingles\nclass Quiet:\n    sound = 1\n    def tone(self, hz, ms):\n        pass\n"
     "kept = jingles.JinglePlayer(Quiet(), Quiet())\nkept.play(jingles.RECORD, 0)\nkept.tick(0)",
     "from pips import actions"),
    ("first-game tips (pips.tips: the texts and the seen mask)",
     "from pips import tips\nclass App:\n    tips = True\n    tips_seen = None\n    store = store\n"
     "kept = App()\ntips.all_seen(kept)"),
    ("Wuerfelglanz hint (its module and the look-ahead game; the game's engine is loaded already)",
     "from engine.wuerfelglanz_hint import best_move\nkept = w.Game(1)\nbest_move(game, kept)",
     "from engine import wuerfelglanz as w\ngame = w.Game(3)"),
    ("Dymino hint (its module and Hinter with its look-ahead game; the engine is loaded already)",
     "from engine.dymino_hint import Hinter\nkept = Hinter()\nkept.best(game)",
     "from engine import dymino as d\nfrom engine import dymino_state\ngame = d.Dymino(3)"),
    ("Dice Duel odds in a solo game (the CPU's tables, not loaded in solo otherwise, and the odds array)",
     "from array import array\nfrom engine.dice_duel_cpu import DiceDuelCpu\nkept = DiceDuelCpu()\n"
     "out = array('H', bytes(14))\nkept.chances(game, out)",
     "from engine import dice_duel as dd\ngame = dd.DiceDuel(1, seed=2)"),
    ("statistics (pips.stats and its counters; the store is open already)",
     "from pips import stats\nkept = stats.load(store)"),
    ("placed dice settling (pips.ui.settle and a Settle over a grid's mirror; the sheet's lit faces not counted)",
     "from pips.ui.settle import Settle\nclass Grid:\n    shown = bytearray(25)\n    def set_cell(self, c, t):\n"
     "        self.shown[c] = t\nkept = Settle(Grid(), 6)\nkept.cells.shown[3] = 2\nkept.start(3)\nkept.end()",
     "from pips import actions"),
    ("merges flying (pips.ui.flight, module only: its sprites are displayio TileGrids)",
     "from pips.ui import flight\nkept = flight", "from pips import actions"),
)

SCRIPT = """
import gc
from pips import saves
store = saves.open_store(bytearray(8192))  # the app has its store open: not the features' cost
%s
gc.collect()
before = gc.mem_alloc()
%s
gc.collect()
print("held", gc.mem_alloc() - before)
"""


def measure(root, code, setup=""):
    with open(os.path.join(root, "measure.py"), "w") as script:
        script.write("import sys\nsys.path[:0] = ['.', 'lib']\n" + SCRIPT % (setup, code))
    result = subprocess.run([INTERPRETER, "-X", "heapsize=" + HEAP, "measure.py"], cwd=root, capture_output=True,
                            text=True, timeout=120)
    fields = result.stdout.split()
    if result.returncode or len(fields) != 2:
        return None
    return int(fields[1])


# (what, setup, the call timed): each the worst case the player can meet
TIMED = (
    ("Wuerfelglanz hint, empty board (100 spots)",
     "from engine import wuerfelglanz as w\nfrom engine.wuerfelglanz_hint import best_move\n"
     "game = w.Game(5)\nscratch = w.Game(1)", "best_move(game, scratch)"),
    ("Dymino hint, empty grid (100 spots)",
     "from engine import dymino as d\nfrom engine.dymino_hint import Hinter\ngame = d.Dymino(5)\nh = Hinter()",
     "h.best(game)"),
    ("Dice Duel odds, three rolls left",
     "from array import array\nfrom engine import dice_duel as dd\nfrom engine.dice_duel_cpu import DiceDuelCpu\n"
     "cpu = DiceDuelCpu()\nout = array('H', bytes(14))\ngame = dd.DiceDuel(1, seed=9)",
     "cpu.chances(game, out)"),
)
BADGE_INSTRUCTIONS_PER_SECOND = 1.11e8


def instructions(root, code):
    with open(os.path.join(root, "timed.py"), "w") as script:
        script.write(code + "\n")
    out = os.path.join(root, "callgrind.out")
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, INTERPRETER,
                             "-X", "heapsize=" + HEAP, "timed.py"], cwd=root, capture_output=True, text=True,
                            timeout=600)
    for line in result.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split()[-1])
    return None


def main():
    if not (os.path.exists(INTERPRETER) and os.path.exists(COMPILER)):
        print("   skipped: no CircuitPython interpreter/compiler at %s" % TOOLS)
        return
    with tempfile.TemporaryDirectory() as mpy_root, tempfile.TemporaryDirectory() as py_root:
        _compile_tree(mpy_root)
        os.symlink(os.path.join(REPO, "lib"), os.path.join(py_root, "lib"))
        os.symlink(os.path.join(REPO, "engine"), os.path.join(py_root, "engine"))
        for feature in FEATURES:
            name, code = feature[0], feature[1]
            setup = feature[2] if len(feature) > 2 else ""
            from_mpy = measure(mpy_root, code, setup)
            from_py = measure(py_root, code, setup)
            if from_mpy is None or from_py is None:
                print("   %s: failed" % name)
                continue
            print("   %s: %d bytes of heap from .mpy, %d from .py" % (name, from_mpy, from_py))
        if shutil.which("valgrind") is None:
            print("   times: skipped (no valgrind)")
            return
        for name, setup, call in TIMED:
            base = instructions(mpy_root, setup)
            full = instructions(mpy_root, setup + "\n" + call)
            if base is None or full is None:
                print("   %s: failed" % name)
                continue
            spent = full - base
            print("   %s: %.1f M instructions, about %.2f s on the badge"
                  % (name, spent / 1e6, spent / BADGE_INSTRUCTIONS_PER_SECOND))


if __name__ == "__main__":
    main()
