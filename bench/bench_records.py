"""The Records screen's RAM: each game's records module is imported (with its engine), read and unloaded in
turn. Figures from CircuitPython 10.3's own interpreter and compiler (../shared/tools/circuitpython/), from .mpy:
the heap held with one game's records loaded at a time (the screen's way) and with all four loaded together."""
import os
import subprocess
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(REPO, "..", "shared", "tools", "circuitpython")
INTERPRETER = os.path.join(TOOLS, "circuitpython-pybadge")
COMPILER = os.path.join(TOOLS, "mpy-cross")
HEAP = "96K"

SCRIPT = """
import gc
import pips.modules as modules
from pips import catalog


class Store:
    def load(self, kind):
        return None


names = []
for entry in catalog.GAMES:
    path = entry[2]
    names.append(path[:path.rfind(".") + 1] + "records")
gc.collect()
base = gc.mem_alloc()
peak = 0
for name in names:
    before = modules.loaded()
    __import__(name, None, None, ("summary_rows",)).summary_rows(Store())
    gc.collect()
    peak = max(peak, gc.mem_alloc() - base)
    modules.unload_since(before)
    gc.collect()
together = 0
for name in names:
    __import__(name, None, None, ("summary_rows",)).summary_rows(Store())
    gc.collect()
    together = max(together, gc.mem_alloc() - base)
print("one", peak, "all", together)
"""


def _compile_tree(out):
    for top, prefix in (("engine", "engine"), (os.path.join("lib", "pips"), "pips")):
        for folder, _, files in os.walk(os.path.join(REPO, top)):
            rel = os.path.relpath(folder, os.path.join(REPO, top))
            dest = os.path.normpath(os.path.join(out, prefix, rel))
            os.makedirs(dest, exist_ok=True)
            for name in files:
                if not name.endswith(".py"):
                    continue
                src = os.path.join(folder, name)
                if name == "__init__.py":
                    with open(src) as source, open(os.path.join(dest, name), "w") as copy:
                        copy.write(source.read())
                    continue
                subprocess.run([COMPILER, "-o", os.path.join(dest, name[:-3] + ".mpy"), src], check=True,
                               capture_output=True)


def main():
    if not (os.path.exists(INTERPRETER) and os.path.exists(COMPILER)):
        print("   skipped: no CircuitPython interpreter/compiler at %s" % TOOLS)
        return
    with tempfile.TemporaryDirectory() as out:
        _compile_tree(out)
        with open(os.path.join(out, "measure.py"), "w") as script:
            script.write(SCRIPT)
        result = subprocess.run([INTERPRETER, "-X", "heapsize=" + HEAP, "measure.py"], cwd=out, capture_output=True,
                                text=True, timeout=120)
    fields = result.stdout.split()
    if result.returncode or len(fields) != 4:
        print("   failed: %s" % (result.stderr.strip() or result.stdout.strip()))
        return
    print("   Records screen, heap held by records modules + engines (.mpy, CircuitPython): one game at a time "
          "%.1f KB (the screen's way), all four together %.1f KB" % (int(fields[1]) / 1024, int(fields[3]) / 1024))
