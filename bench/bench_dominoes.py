"""Dominoes: how often rounds block on the table against an unbounded one, CPU strength over seeded rounds
(each deal played twice, seats swapped, 95 % intervals), and the CPU's move time under CircuitPython's own
interpreter (../shared/tools/circuitpython/circuitpython-pybadge)."""
import math
import os
import subprocess
import tempfile

from engine.dominoes import DominoesGame
from engine import dominoes_cpu
from engine.dominoes_cpu import HARD_SAMPLES, DominoesCpu, heaviest_move, play_rounds
from engine.dominoes import EASY, HARD, NORMAL
from engine.dominoes_table import TABLE_H, TABLE_W, TILE_COUNT

LEVEL_NAMES = ("Easy", "Normal", "Hard")  # indexed by the CPU level (engine.dominoes_cpu EASY..HARD)
ROUNDS = 2000  # per pairing: 1,000 deals, each played twice with the seats swapped
FIRST_SEED = 50000  # the deals are the seeds FIRST_SEED .. FIRST_SEED + ROUNDS / 2 - 1
BLOCK_FIRST_SEED = 70000
# a table the line can never reach the edge of: a line of all 28 tiles is 56 half-tile cells long
UNBOUNDED = 2 * 2 * TILE_COUNT + 3
BLOCKED_LIMIT = 1.3  # the bound: blocked rounds on the table at most 1.3 x those on the unbounded one
DEFAULT_BUDGET_ROUNDS = 2000
# Hard's sample budgets measured against Normal (issues 13 and 10: does the budget buy strength?): (samples for
# every candidate, samples more for the best two); the default among them
HARD_MORE = dominoes_cpu._HARD_MORE
BUDGETS = ((0, 0), (HARD_SAMPLES, 0), (HARD_SAMPLES, HARD_MORE), (HARD_SAMPLES + HARD_MORE, 0))
MOVE_TIME_ROUNDS = 30
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CIRCUITPYTHON = os.path.join(REPO, "..", "shared", "tools", "circuitpython", "circuitpython-pybadge")
HEAP = "96K"  # the whole app must fit a 96 KB heap


def _player(level, seed, width=TABLE_W, height=TABLE_H, samples=HARD_SAMPLES, more=HARD_MORE):
    if level is None:
        return heaviest_move
    if level == HARD:
        return DominoesCpu(HARD, seed, samples=samples, width=width, height=height, more=more).choose
    return DominoesCpu(level, seed, width=width, height=height).choose


class ToldTheHand(DominoesCpu):
    """Hard told the opponent's real hand, the stock's order still sampled: the bound on what inferring the
    opponent's hand could win (engine.dominoes_cpu's docstring)."""

    def _sample_hidden(self, game, me):
        deck = game.deck
        first = game.draw_pos
        for i in range(TILE_COUNT - 1, first, -1):
            j = first + self.rng.below(i - first + 1)
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t

    def _fits_history(self, game, me):
        return 1  # no check: the hand is the real one


def _name(level):
    return "Heaviest" if level is None else LEVEL_NAMES[level]


def interval(successes, trials):
    """The share and its 95 % interval half-width (normal approximation), in per cent."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    return 100.0 * p, 196.0 * math.sqrt(p * (1 - p) / trials)


def blocked_rates():
    print("   blocked rounds of %d seeded CPU-against-CPU rounds (seeds %d..%d, each twice), %d x %d table vs an"
          " unbounded one (%d x %d):" % (ROUNDS, BLOCK_FIRST_SEED, BLOCK_FIRST_SEED + ROUNDS // 2 - 1, TABLE_W,
                                         TABLE_H, UNBOUNDED, UNBOUNDED))
    worst = 0.0
    for a, b in ((NORMAL, NORMAL), (EASY, EASY), (None, None)):
        rates = []
        for size in ((TABLE_W, TABLE_H), (UNBOUNDED, UNBOUNDED)):
            game = DominoesGame(1, width=size[0], height=size[1])
            result = play_rounds(_player(a, 11, *size), _player(b, 22, *size), ROUNDS, BLOCK_FIRST_SEED, game)
            rates.append(result[4])
        table, unbounded = rates
        ratio = table / unbounded if unbounded else 0.0
        worst = max(worst, ratio)
        p, half = interval(table, ROUNDS)
        q, half_u = interval(unbounded, ROUNDS)
        print("   %-8s vs %-8s  table %4d (%4.1f %% +- %3.1f)   unbounded %4d (%4.1f %% +- %3.1f)   ratio %.2f"
              % (_name(a), _name(b), table, p, half, unbounded, q, half_u, ratio))
    print("   worst ratio %.2f (must be <= %.1f): %s" % (worst, BLOCKED_LIMIT, "ok" if worst <= BLOCKED_LIMIT else
                                                          "TOO MANY BLOCKED ROUNDS"))


def _pairing(label, a, b, rounds, note=""):
    wa, wb, pa, pb, blocked = play_rounds(a, b, rounds, FIRST_SEED)
    p, half = interval(wa, wa + wb)
    print("   %-26s wins %5.1f %% +- %4.1f of %4d decided   avg points %5.2f vs %5.2f   blocked %4.1f %%%s"
          % (label, p, half, wa + wb, pa / rounds, pb / rounds, 100.0 * blocked / rounds, note))


def strength():
    print("   strength: %d single rounds per pairing (seeds %d..%d, each deal twice with seats swapped); Hard"
          " %d samples, the best two %d more, Normal-policy playouts to the round's end"
          % (ROUNDS, FIRST_SEED, FIRST_SEED + ROUNDS // 2 - 1, HARD_SAMPLES, HARD_MORE))
    for a, b in ((NORMAL, EASY), (EASY, None), (NORMAL, None), (HARD, None)):
        _pairing("%s vs %s" % (_name(a), _name(b)), _player(a, 11), _player(b, 22), ROUNDS)
    print("   Hard's sample budget against Normal, the same %d rounds:" % DEFAULT_BUDGET_ROUNDS)
    for samples, more in BUDGETS:
        _pairing("Hard %2d samples +%2d vs Normal" % (samples, more), _player(HARD, 11, samples=samples, more=more),
                 _player(NORMAL, 22), DEFAULT_BUDGET_ROUNDS,
                 "   (default)" if (samples, more) == (HARD_SAMPLES, HARD_MORE) else "")
    _pairing("Hard told the hand vs Normal", ToldTheHand(HARD, 11).choose, _player(NORMAL, 22), DEFAULT_BUDGET_ROUNDS,
             "   (the bound: the opponent's hand known, the stock's order sampled)")


MOVE_TIMES = """
import sys
sys.path[:0] = ['.', 'lib']
import time
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu, take_turn
from engine.dominoes import NORMAL

REPEATS = 3

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
                dt = 1 << 29
                for _ in range(REPEATS):  # the fastest of a few: another process on this PC only adds time
                    t = time.ticks_us()
                    m = cpu.choose(game)
                    dt = min(dt, time.ticks_diff(time.ticks_us(), t))
                total += dt
                count += 1
                if dt > worst:
                    worst = dt
            else:
                m = other.choose(game)
            take_turn(game, m)
    return total // count, worst, count

for level in (0, 1, 2):
    mean, worst, count = bench(level, %d)
    print(level, mean, worst, count)
""" % MOVE_TIME_ROUNDS


def move_times():
    if not os.path.exists(CIRCUITPYTHON):
        print("   move times: skipped (%s not found)" % os.path.relpath(CIRCUITPYTHON, REPO))
        return
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(MOVE_TIMES)
    try:
        out = subprocess.run([CIRCUITPYTHON, "-X", "heapsize=" + HEAP, script.name], cwd=REPO, capture_output=True,
                             text=True, timeout=900, check=True).stdout
    finally:
        os.unlink(script.name)
    print("   CPU move time under circuitpython-pybadge (CircuitPython 10.3's interpreter, %s heap, on this PC; each"
          " move the fastest of 3), vs Normal, seeds 100..%d:" % (HEAP, 99 + MOVE_TIME_ROUNDS))
    for line in out.strip().splitlines():
        level, mean, worst, count = (int(v) for v in line.split())
        print("   %-6s mean %7.2f ms   worst %7.2f ms   (%d moves)" % (LEVEL_NAMES[level], mean / 1000, worst / 1000,
                                                                       count))


WORST_MOVE = """
import sys
sys.path[:0] = ['.', 'lib']
import time
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu, take_turn
from engine.dominoes import HARD, NORMAL
# argv: "find" (time every Hard move; print the slowest's round and step) or ROUND STEP THINK (replay to that Hard
# move; THINK 1: also choose it once) -- the difference of two counted runs is that one move's instructions
args = sys.argv[1:]
cpu = DominoesCpu(HARD, 3)
other = DominoesCpu(NORMAL, 4)
game = DominoesGame(1)
find = args[0] == 'find'
worst = (0, 0, 0)
for r in (range(%d) if find else [int(args[0])]):
    game.rng.seed(100 + r)
    game.new_match()
    step = 0
    while game.phase == PLAYING:
        if game.turn == 1:
            if not find and step == int(args[1]):
                if args[2] == '1':
                    cpu.choose(game)
                raise SystemExit
            t = time.ticks_us()
            m = cpu.choose(game)
            dt = time.ticks_diff(time.ticks_us(), t)
            if dt > worst[0]:
                worst = (dt, r, step)
        else:
            m = other.choose(game)
        take_turn(game, m)
        step += 1
print(worst[1], worst[2])
""" % MOVE_TIME_ROUNDS
INSTRUCTIONS_PER_BADGE_SECOND = 1.11e8  # ../shared/tools/circuitpython/README: badge s = instructions / 1.11e8 (+-2x)


def _instructions(script, args):
    """Instructions counted by callgrind for one run of the script under circuitpython-pybadge."""
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(scratch, "cg"),
                              CIRCUITPYTHON, "-X", "heapsize=" + HEAP, script] + args, cwd=REPO,
                             capture_output=True, text=True, timeout=1800)
    for line in out.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError("callgrind gave no count: " + out.stderr[-300:])


def worst_move_on_the_badge():
    """Hard's slowest move of the timed run, counted in instructions (independent of this PC's load) and turned
    into badge time."""
    if not os.path.exists(CIRCUITPYTHON) or subprocess.run(["which", "valgrind"], capture_output=True).returncode:
        print("   badge estimate: skipped (needs valgrind and %s)" % os.path.relpath(CIRCUITPYTHON, REPO))
        return
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(WORST_MOVE)
    try:
        found = subprocess.run([CIRCUITPYTHON, "-X", "heapsize=" + HEAP, script.name, "find"], cwd=REPO,
                               capture_output=True, text=True, timeout=900, check=True).stdout.split()
        before = _instructions(script.name, found + ["0"])
        after = _instructions(script.name, found + ["1"])
    finally:
        os.unlink(script.name)
    move = after - before
    print("   Hard's slowest move (seed %d, step %s): %.1f M instructions under callgrind = about %.0f ms on the badge"
          " (+-2x; the scene spreads it over frames: badge_engine's \"Hard think\")"
          % (100 + int(found[0]), found[1], move / 1e6, 1000.0 * move / INSTRUCTIONS_PER_BADGE_SECOND))


def main():
    blocked_rates()
    strength()
    move_times()
    worst_move_on_the_badge()


if __name__ == "__main__":
    main()
