"""Save store: microseconds per save + load round trip (a changing 64- and 256-byte payload), CPython and
MicroPython (wasm), over the real Pips layout in an 8 KB bytearray; and the badge's Python time of one save with
and without the CIRCUITPY mirror (CircuitPython's own interpreter under callgrind, instructions / 1.11e8)."""
import os
import shutil
import subprocess
import tempfile
import time

from pips import saves
from pips.platform import STORAGE_BYTES
from tools import mpy_run

ROUNDS = 400


def round_trip_cpython(size):
    store = saves.open_store(bytearray(STORAGE_BYTES))
    payload = bytearray(size)
    started = time.perf_counter()
    for i in range(ROUNDS):
        payload[0] = i & 0xFF
        store.save(saves.DYMINO_GAME, payload)
        store.load(saves.DYMINO_GAME)
    return (time.perf_counter() - started) * 1e6 / ROUNDS


MPY_ROUND_TRIP = """
import sys, time
sys.path.append('/repo/lib')
from pips import saves
store = saves.open_store(bytearray(8192))
payload = bytearray(%d)
n = %d
t = time.ticks_us()
for i in range(n):
    payload[0] = i & 0xFF
    store.save(saves.DYMINO_GAME, payload)
    store.load(saves.DYMINO_GAME)
print(time.ticks_diff(time.ticks_us(), t) // n)
"""


MPY_IMPORT_HEAP = """
import sys, gc
sys.path.append('/repo/lib')
gc.collect()
base = gc.mem_alloc()
from pips import saves
store = saves.open_store(bytearray(8192))
gc.collect()
print(gc.mem_alloc() - base - 8192)
"""


CP_SAVES = """
import sys
sys.path.append(%r)
from pips import saves
from pips.mirror import FileMirror
from pips.store import Store
store = Store(bytearray(b"\\xff" * 8192), saves.LAYOUT, FileMirror(%r) if %r else None)
for kind, size in saves.LAYOUT:
    store.save(kind, bytes(min(40, size)))
payload = bytearray(256)
for i in range(%d):
    payload[0] = i & 0xFF
    store.save(saves.DYMINO_GAME, payload)
"""
CP_SAVE_COUNT = 10
BADGE_INSTRUCTIONS_PER_S = 1.11e8  # DESIGN.md's calibration (+-2x)


def _callgrind(binary, script):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary,
                          "-X", "heapsize=96000", script], capture_output=True, text=True, check=True).stderr
    return int(out.split("Collected : ")[1].split()[0])


def badge_save_ms(mirror):
    """Estimated badge milliseconds of Python per 256-byte saved-game save (flash erase/program time not in it)."""
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.path.join(repo, "..", "shared", "tools", "circuitpython", "circuitpython-pybadge")
    if not os.path.exists(binary) or shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        counts = []
        for saves_made in (0, CP_SAVE_COUNT):
            script = os.path.join(scratch, "saves_%d.py" % saves_made)
            with open(script, "w") as out:
                out.write(CP_SAVES % (os.path.join(repo, "lib"), os.path.join(scratch, "drive"), mirror, saves_made))
            counts.append(_callgrind(binary, script))
    return (counts[1] - counts[0]) / CP_SAVE_COUNT / BADGE_INSTRUCTIONS_PER_S * 1000


def main():
    for size in (64, 256):
        cpy = round_trip_cpython(size)
        # a large heap: the wasm build's garbage collector is not trusted (see tests/portable/test_store_portable.py)
        mpy = int(mpy_run.check(MPY_ROUND_TRIP % (size, ROUNDS), heap=8 * 1024 * 1024).strip())
        print("   save+load %3d-byte payload   CPython %7.0f us   MicroPython(wasm) %7d us" % (size, cpy, mpy))
    heap = int(mpy_run.check(MPY_IMPORT_HEAP, heap=8 * 1024 * 1024).strip())
    print("   heap for pips.store + pips.saves + an open store under MicroPython: %d bytes" % heap)
    for mirror in (False, True):
        estimate = badge_save_ms(mirror)
        if estimate is None:
            print("   badge save estimate skipped: needs valgrind and ../shared/tools/circuitpython")
            break
        print("   badge Python time of one 256-byte saved-game save, %s: ~%.0f ms (CircuitPython under callgrind)"
              % ("nvm + CIRCUITPY mirror" if mirror else "nvm alone", estimate))
