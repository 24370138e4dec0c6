"""Engine basics: PRNG speed on CPython and MicroPython, heap after importing engine/ under MicroPython."""
import time

from engine.rng import Rng
from tools import mpy_run

STEPS = 200000


def prng_cpython():
    rng = Rng(1)
    started = time.perf_counter()
    for _ in range(STEPS):
        rng.next15()
    return STEPS / (time.perf_counter() - started)


MPY_PRNG = """
import time
from engine.rng import Rng
rng = Rng(1)
n = %d
t = time.ticks_us()
for _ in range(n):
    rng.next15()
dt = time.ticks_diff(time.ticks_us(), t)
print(n * 1000000 // dt)
""" % STEPS

MPY_IMPORT_HEAP = """
import gc
gc.collect()
base = gc.mem_alloc()
import engine, engine.rng
import os
for name in os.listdir('/repo/engine'):
    if name.endswith('.py') and name != '__init__.py':
        __import__('engine.' + name[:-3])
gc.collect()
print(gc.mem_alloc() - base)
"""


def main():
    cpy = prng_cpython()
    mpy = int(mpy_run.check(MPY_PRNG).strip())
    heap = int(mpy_run.check(MPY_IMPORT_HEAP).strip())
    print("   PRNG next15 steps/s   CPython %10.0f   MicroPython(wasm) %10d   ratio CPy/MPy %.1f" % (cpy, mpy, cpy / mpy))
    print("   heap after importing all of engine/ under MicroPython: %d bytes (%.1f KB)" % (heap, heap / 1024))
