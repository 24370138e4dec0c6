"""Dice Duel's move loop allocates nothing: whole games played under real MicroPython with the heap locked."""
from tools import mpy_run

GAME_UNDER_HEAP_LOCK = """
import micropython
from engine import dice_duel as dd
from engine.dice_duel_combos import combos
from engine.rng import Rng

def lowest(mask):
    bit = 0
    while not mask >> bit & 1:
        bit += 1
    return bit

def play(game, chooser):
    steps = 0
    while not game.is_over():
        if game.phase == dd.PHASE_ROLL:
            if game.rolls_left == 3 or chooser.below(3):
                if game.rolls_left < 3:
                    game.set_keep(chooser.below(31))
                    game.toggle_keep(chooser.below(5))
                    if game.keep == 31:
                        game.toggle_keep(0)
                game.roll()
            else:
                game.stop()
        else:
            legal = game.choices()
            game.take(lowest(legal) if legal else dd.CHOICE_NONE)
        game.score(0)
        game.winners()
        combos(game.dice)
        steps += 1
    return steps

games = []
for players in (1, 2, 4):
    games.append(dd.DiceDuel(players, seed=players * 7))
chooser = Rng(3)
total = 0
micropython.heap_lock()
for game in games:
    total += play(game, chooser)
micropython.heap_unlock()
print("steps", total, "over", games[0].is_over() and games[1].is_over() and games[2].is_over())
"""


def test_whole_games_allocate_nothing_under_micropython():
    out = mpy_run.check(GAME_UNDER_HEAP_LOCK)
    assert "over True" in out
    assert int(out.split()[1]) > 60


CPU_UNDER_HEAP_LOCK = """
import micropython
from engine import dice_duel_tables
from engine import dice_duel as dd
from engine.dice_duel_cpu import DiceDuelCpu, apply_keep

def play(game, cpu):
    decisions = 0
    while not game.is_over():
        if game.phase == dd.PHASE_ROLL:
            keep = cpu.choose_keep(game)
            decisions += 1
            apply_keep(game, keep)
        else:
            game.take(cpu.choose_chip(game))
    return decisions

cpu = DiceDuelCpu()
dice_duel_tables.build()  # the tables' build slices are tested apart (test_dice_duel_tables)
solo = dd.DiceDuel(1, seed=4)
duel = dd.DiceDuel(3, seed=4, cpu_mask=7)
levels = dd.DiceDuel(4, seed=5, cpu_mask=15, levels=(0, 1, 2, 1))  # Easy, Normal, Hard: each level's policy
count = 0  # the global made before the lock (a new one may grow the module's dict)
micropython.heap_lock()
count = play(solo, cpu) + play(duel, cpu) + play(levels, cpu)
micropython.heap_unlock()
print("decisions", count, solo.score(0))
"""


def test_cpu_decisions_allocate_nothing_under_micropython():
    out = mpy_run.check(CPU_UNDER_HEAP_LOCK)
    assert int(out.split()[1]) > 40
    assert int(out.split()[2]) > 0
