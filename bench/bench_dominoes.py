"""Dominoes: CPU strength over seeded rounds (CPython) and the CPU's move time per level under MicroPython."""
from engine.dominoes_cpu import (EASY, HARD, HARD_DEPTH, HARD_SAMPLES, LEVEL_NAMES, NORMAL, DominoesCpu, heaviest_move,
                                 play_rounds)
from tools import mpy_run

ROUNDS = 2000
DEFAULT_BUDGET_ROUNDS = 400  # Hard at its default budget vs Normal: fewer rounds (it is the slow one)
# Hard's budget for the CPython strength runs: the same algorithm with fewer samples (keeps the bench short)
BENCH_HARD_SAMPLES = 4
MOVE_TIME_ROUNDS = 30


def _player(level, seed):
    if level is None:
        return heaviest_move
    if level == HARD:
        return DominoesCpu(HARD, seed, samples=BENCH_HARD_SAMPLES).choose
    return DominoesCpu(level, seed).choose


def _name(level):
    return "Heaviest" if level is None else LEVEL_NAMES[level]


MOVE_TIMES = """
import time
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu, NORMAL, NO_MOVE

def bench(level, rounds):
    cpu = DominoesCpu(level, 3)
    other = DominoesCpu(NORMAL, 4)
    game = DominoesGame(1)
    total = 0
    worst = 0
    count = 0
    for r in range(rounds):
        game.rng.seed(100 + r)
        game.new_match()
        while game.phase == PLAYING:
            if game.turn == 1:
                t = time.ticks_us()
                m = cpu.choose(game)
                dt = time.ticks_diff(time.ticks_us(), t)
                total += dt
                count += 1
                if dt > worst:
                    worst = dt
            else:
                m = other.choose(game)
            if m == NO_MOVE:
                game.no_move()
            else:
                game.play(m & 31, (m >> 5) & 1, m >> 6)
    return total // count, worst, count

for level in (0, 1, 2):
    mean, worst, count = bench(level, %d)
    print(level, mean, worst, count)
""" % MOVE_TIME_ROUNDS


def main():
    print("   strength: %d seeded single rounds per pairing, seats alternate (Hard here: %d samples x depth %d;"
          " default %d x %d)" % (ROUNDS, BENCH_HARD_SAMPLES, HARD_DEPTH, HARD_SAMPLES, HARD_DEPTH))
    for a, b in ((NORMAL, EASY), (HARD, NORMAL), (EASY, None), (NORMAL, None), (HARD, None)):
        wa, wb, pa, pb = play_rounds(_player(a, 11), _player(b, 22), ROUNDS, 50000)
        decided = wa + wb
        print("   %-6s vs %-8s  wins %5.1f %% of %4d decided rounds   avg points per round %5.2f vs %5.2f"
              % (_name(a), _name(b), 100.0 * wa / decided, decided, pa / ROUNDS, pb / ROUNDS))
    wa, wb, pa, pb = play_rounds(DominoesCpu(HARD, 11).choose, DominoesCpu(NORMAL, 22).choose, DEFAULT_BUDGET_ROUNDS,
                                 50000)
    print("   Hard at its default budget (%d x %d) vs Normal over %d rounds: wins %5.1f %% of %d decided,"
          " avg points %5.2f vs %5.2f" % (HARD_SAMPLES, HARD_DEPTH, DEFAULT_BUDGET_ROUNDS, 100.0 * wa / (wa + wb),
                                          wa + wb, pa / DEFAULT_BUDGET_ROUNDS, pb / DEFAULT_BUDGET_ROUNDS))
    out = mpy_run.check(MOVE_TIMES, timeout=600)
    print("   CPU move time under MicroPython 1.27 (wasm on this PC, not the badge's 120 MHz M4), vs Normal,"
          " %d rounds:" % MOVE_TIME_ROUNDS)
    for line in out.strip().splitlines():
        level, mean, worst, count = (int(v) for v in line.split())
        print("   %-6s mean %7.2f ms   worst %7.2f ms   (%d moves)" % (LEVEL_NAMES[level], mean / 1000, worst / 1000,
                                                                       count))
