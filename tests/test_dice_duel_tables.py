"""The Dice Duel CPU's multiset tables, built in slices (engine.dice_duel_tables) under real MicroPython: the same
tables as a plain one-shot numbering, no slice allocates, and a decision begun before the tables
are built waits for them and then answers as one begun after."""
from engine.dice_duel_combos import combos
from engine.dice_duel_tables import BUILD_SLICES, LEVEL5, NODES
from tools import mpy_run

SLICED_BUILD = """
import micropython
from engine import dice_duel_tables as tables
assert not tables.ready()
slices = 0
micropython.heap_lock()
while not tables.build_step():
    slices += 1
micropython.heap_unlock()
print("slices", slices + 1)
print("child", " ".join(str(c) for c in tables.CHILD))
print("combo", " ".join(str(c) for c in tables.COMBO))
"""


def one_shot_tables():
    """The multisets numbered level by level (children in face order, a new multiset after those seen): the
    CHILD and COMBO the CPU's decisions were proved on, from dicts and sorted dice."""
    order = [()]
    index = {(): 0}
    start = 0
    for _ in range(5):
        end = len(order)
        for k in range(start, end):
            for face in range(1, 7):
                child = tuple(sorted(order[k] + (face,)))
                if child not in index:
                    index[child] = len(order)
                    order.append(child)
        start = end
    assert len(order) == NODES and len(order[LEVEL5 - 1]) == 4 and len(order[LEVEL5]) == 5
    child = [index[tuple(sorted(order[k] + (face,)))] for k in range(LEVEL5) for face in range(1, 7)]
    return child, [combos(order[k]) for k in range(LEVEL5, NODES)]


def test_the_sliced_build_makes_the_one_shot_tables_and_allocates_nothing():
    lines = dict(line.split(" ", 1) for line in mpy_run.check(SLICED_BUILD).splitlines())
    assert int(lines["slices"]) == BUILD_SLICES
    child, combo = one_shot_tables()
    assert [int(c) for c in lines["child"].split()] == child
    assert [int(c) for c in lines["combo"].split()] == combo


DECISIONS_BEFORE_THE_TABLES = """
from array import array
from engine import dice_duel as dd
from engine import dice_duel_tables as tables
from engine.dice_duel_cpu import DiceDuelCpu, THINKING

cpu = DiceDuelCpu()
game = dd.DiceDuel(1, seed=%d)
game.roll()
game.set_keep(%d)
out = array("H", bytes(14))
answer = cpu.begin_odds(game, out)
thinks = 0
while answer == THINKING:
    answer = cpu.think(game)
    thinks += 1
early = list(out)
assert tables.ready()
print("odds", thinks, " ".join(str(c) for c in early), list(cpu.chances(game, out)) == early)
answer = cpu.begin_keep(game)
thinks = 0
while answer == THINKING:
    answer = cpu.think(game)
    thinks += 1
print("keep", thinks, answer, answer == cpu.choose_keep(game))
"""


def test_a_decision_begun_before_the_tables_are_built_builds_them_first_then_answers_the_same():
    for seed, keep in ((3, 5), (8, 0)):
        out = mpy_run.check(DECISIONS_BEFORE_THE_TABLES % (seed, keep)).splitlines()
        odds = out[0].split()
        # the build's slices, then the odds' own (2 rolls left: 1 + 3 x 3 steps a kind)
        assert odds[0] == "odds" and int(odds[1]) == BUILD_SLICES + 7 * 10
        assert odds[-1] == "True" and all(0 <= int(c) <= 60000 for c in odds[2:9])
        assert out[1].split()[-1] == "True"  # the keep, with the tables built: what all at once answers
