"""Save store: microseconds per save + load round trip (a changing 64- and 256-byte payload), CPython and
MicroPython (wasm), over the real Pips layout in an 8 KB bytearray."""
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


def main():
    for size in (64, 256):
        cpy = round_trip_cpython(size)
        # a large heap: the wasm build's garbage collector is not trusted (see tests/portable/test_store_portable.py)
        mpy = int(mpy_run.check(MPY_ROUND_TRIP % (size, ROUNDS), heap=8 * 1024 * 1024).strip())
        print("   save+load %3d-byte payload   CPython %7.0f us   MicroPython(wasm) %7d us" % (size, cpy, mpy))
    heap = int(mpy_run.check(MPY_IMPORT_HEAP, heap=8 * 1024 * 1024).strip())
    print("   heap for pips.store + pips.saves + an open store under MicroPython: %d bytes" % heap)
