"""Allocation proof: under real MicroPython, every Dymino action -- pair and single placements and all six bonus
powers, merges, series and the exact score addition included -- runs with micropython.heap_lock() held, for
10,000 actions over seeded games. Any allocation inside the lock raises MemoryError and fails the script.

Moves are chosen outside the lock (choosing may allocate); new games start outside it. A few hand-set positions
add merges of 12 and 25 dice, whose points (up to 25*6*10^22) are far past 2^30, inside the lock too.
"""
from tools import mpy_run

SCRIPT = """
import micropython
from engine.rng import Rng
from engine import dymino as d
from tests.portable.dymino_util import choose_tasty

ACTIONS = 10000
chooser = Rng(2718)
move = bytearray(3)  # cell, rotation, value: chosen outside the lock


def choose(game):
    choose_tasty(game, chooser, move)


game = d.Dymino(1)
seed = 1
actions = games = merges = longest = singles = lost_dice = lost_bonus = 0
powers = bytearray(7)
while actions < ACTIONS:
    if game.phase == d.PHASE_OVER:
        seed += 1
        games += 1
        game.new_game(seed * 7919)
    choose(game)
    cell = move[0]
    rot = move[1]
    value = move[2]
    phase = game.phase
    power = game.bonus
    micropython.heap_lock()
    if phase == d.PHASE_PAIR:
        status = game.place_pair(cell, rot)
    elif phase == d.PHASE_SINGLE:
        status = game.place_single(cell)
    elif power == d.POWER_REMOVE:
        status = game.bonus_remove(value)
    else:
        status = game.bonus_place(cell, value)
    refused = game.place_pair(cell, 4)  # a refused move inside the lock too
    micropython.heap_unlock()
    assert status == d.OK and refused != d.OK
    actions += 1
    merges += game.merge_len
    if game.merge_len:
        last = game.merge_log[4 * game.merge_len - 1]
        if last > longest:
            longest = last
    if phase == d.PHASE_SINGLE:
        singles += 1
    if phase == d.PHASE_BONUS:
        powers[power] += 1
    if game.die_lost:
        lost_dice += 1
    if game.bonus_lost:
        lost_bonus += 1

# Hand-set giant merges: 11 sixes + 1, and 24 sixes + 1 (inside the lock; set up outside).
big = d.Dymino(5)
grid = bytearray(25)
for i in range(11):
    grid[i] = 6
big.set_position(grid, 6, 1)
micropython.heap_lock()
status = big.place_pair(11, 0)
micropython.heap_unlock()
assert status == d.OK
for i in range(25):
    grid[i] = 6
grid[24] = 0
big.set_position(grid, 1, 6)
big.swap_roll()
micropython.heap_lock()
status = big.place_single(24)
micropython.heap_unlock()
assert status == d.OK
print("big", big.score_text(""))
print("actions", actions, "games", games, "merges", merges, "longest", longest, "singles", singles,
      "lostdice", lost_dice, "lostbonus", lost_bonus, "p1", powers[1], "p2", powers[2], "p3", powers[3],
      "p4", powers[4], "p5", powers[5], "p6", powers[6])
print("ALLOC-FREE")
"""


def test_every_action_allocates_nothing_under_heap_lock():
    out = mpy_run.check(SCRIPT, timeout=300)
    assert "ALLOC-FREE" in out
    # 12 sixes: 12*6*10^9; then 25 sixes: 25*6*10^22 -- exact, though far past 2^30.
    big = [line.split()[1] for line in out.splitlines() if line.startswith("big")][0]
    assert int(big) == 12 * 6 * 10 ** 9 + 25 * 6 * 10 ** 22
    fields = [line.split() for line in out.splitlines() if line.startswith("actions")][0]
    figures = dict(zip(fields[0::2], (int(v) for v in fields[1::2])))
    assert figures["actions"] >= 10000
    assert figures["games"] >= 5
    assert figures["merges"] > 1000
    assert figures["longest"] >= 3        # series ran inside the lock
    assert figures["singles"] > 100       # the single-die phase too
    for power in range(1, 7):             # every bonus power was used inside the lock
        assert figures["p%d" % power] > 10, figures
