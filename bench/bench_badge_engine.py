"""Badge time of the engines, counted: instructions under CircuitPython's own interpreter in callgrind
(tools/callgrind_cost.py), for a move of each engine and each CPU decision over seeded positions (mean, median,
99th percentile, worst), a save of the store, and the imports a game starts with, from .py and from .mpy.
badge ms ~= instructions / 1.11e5, ±2x: a single published calibration point (see the tool's docstring)."""
import tempfile

from engine.dominoes import HARD
from tools import callgrind_cost as cost

WUERFELGLANZ_GAMES = 12  # per rule
DYMINO_ACTIONS = 600
DOMINOES_ROUNDS = 12  # Normal vs Normal: every play/draw/pass of the engine
CPU_ROUNDS = 12  # per level, the CPU at seat 1 against Normal
HARD_ROUNDS = 16
DICE_DUEL_SOLO_GAMES = 4
DICE_DUEL_DUEL_GAMES = 2  # four CPU seats
SAVE_REPS = 40

WUERFELGLANZ = """
from engine.rng import Rng
from engine.wuerfelglanz import Game, PLACED
chooser = Rng(4321)
for rule in (0, 1):
    for seed in range(1, %d + 1):
        game = Game(seed * 7919, rule)
        while not game.round_over:
            x = y = r = 0
            for _ in range(40):
                x = chooser.below(5)
                y = chooser.below(5)
                r = chooser.below(4)
                if game.check(x, y, r) == PLACED:
                    break
            else:
                for code in range(100):
                    x = (code >> 2) %% 5
                    y = (code >> 2) // 5
                    r = code & 3
                    if game.check(x, y, r) == PLACED:
                        break
            BEGIN()
            game.place(x, y, r)
            END()
""" % WUERFELGLANZ_GAMES

DYMINO = """
from engine.rng import Rng
from engine import dymino as d
from tests.portable.dymino_util import act, choose_tasty
chooser = Rng(2718)
move = bytearray(3)
game = d.Dymino(1)
seed = 1
for n in range(%d):
    if game.phase == d.PHASE_OVER:
        seed += 1
        game.new_game(seed)
    choose_tasty(game, chooser, move)
    BEGIN()
    act(game, move)
    END()
""" % DYMINO_ACTIONS

# A move of the Dominoes engine: play() or no_move() (draw or pass), both seats played by Normal.
DOMINOES = """
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu
from engine.dominoes import NORMAL, NO_MOVE
players = (DominoesCpu(NORMAL, 3), DominoesCpu(NORMAL, 4))
game = DominoesGame(1)
for r in range(%d):
    game.rng.seed(100 + r)
    game.new_match()
    while game.phase == PLAYING:
        m = players[game.turn].choose(game)
        BEGIN()
        if m == NO_MOVE:
            game.no_move()
        else:
            game.play_move(m)
        END()
""" % DOMINOES_ROUNDS

# Dominoes matches of the CPU at `level` (seat 1) against Normal; DECIDE is seat 1's turn (code that sets m).
DOMINOES_MATCHES = """
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu, take_turn
from engine.dominoes import NORMAL
%(setup)s
cpu = DominoesCpu(%(level)d, 3)
other = DominoesCpu(NORMAL, 4)
game = DominoesGame(1)
for r in range(%(rounds)d):
    game.rng.seed(100 + r)
    game.new_match()
    while game.phase == PLAYING:
        if game.turn == 1:
%(decide)s
        else:
            m = other.choose(game)
        take_turn(game, m)
"""

# Each decision, including those with no legal move, at once.
DOMINOES_DECIDE = """
            BEGIN()
            m = cpu.choose(game)
            END()"""


def dominoes_cpu_script(level, rounds):
    return DOMINOES_MATCHES % {"setup": "", "level": level, "rounds": rounds, "decide": DOMINOES_DECIDE}


# Hard's decision as the scene runs it: start() in one frame, then slices of step(THINK_UNITS) until done; each is
# one unit, and the slices of each decision are printed so the decisions can be summed and packed into frames.
DOMINOES_THINK = """
            BEGIN()
            cpu.start(game)
            END()
            slices = 0
            done = False
            while not done:
                BEGIN()
                done = cpu.step(THINK_UNITS)
                END()
                slices += 1
            print(slices)
            m = cpu.move()"""


def dominoes_think_script(rounds):
    from pips.dominoes import turns  # the scene's units a slice, written into the script
    return DOMINOES_MATCHES % {"setup": "THINK_UNITS = %d" % turns.THINK_UNITS, "level": HARD,
                               "rounds": rounds, "decide": DOMINOES_THINK}


def think_frames(slices_ms, budget_ms, most):
    """The frames pips.dominoes.turns spends on a decision's slices (badge ms each), and each frame's thinking:
    slices run while the time from the frame's start plus the last slice's stays under `budget_ms`, at most
    `most` a frame."""
    frames = []
    i = 0
    while i < len(slices_ms):
        used = last = 0.0
        left = most
        while i < len(slices_ms):
            last = slices_ms[i]
            used += last
            i += 1
            left -= 1
            if not left or used + last >= budget_ms:
                break
        frames.append(used)
    return frames


def hard_across_frames():
    """Hard thinking across frames: the cost of its first frame (start), of each slice, of whole decisions (start
    + slices), and the frames a decision takes with the thinking each frame holds (slices packed as the scene
    does)."""
    from pips.dominoes import turns
    units, out = cost.segments(dominoes_think_script(HARD_ROUNDS))
    starts = []
    slices = []
    decisions = []
    frames = []
    frame_ms = []
    i = 0
    for n in (int(v) for v in out.split()):
        starts.append(units[i])
        slices.extend(units[i + 1:i + 1 + n])
        decisions.append(sum(units[i:i + 1 + n]))
        packed = think_frames([cost.badge_ms(u) for u in units[i + 1:i + 1 + n]], turns.THINK_MS,
                              turns.THINK_SLICES)
        frames.append(1 + len(packed))
        frame_ms.extend(packed)
        i += 1 + n
    print("   %-26s %s" % ("Hard think: start frame", cost.describe(starts)))
    print("   %-26s %s" % ("Hard think: a slice", cost.describe(slices)))
    print("   %-26s %s" % ("Hard think: whole decision", cost.describe(decisions)))
    print("   %-26s mean %.1f ms, median %.1f, p99 %.1f, worst %.1f (slices while under %d ms from the frame's"
          " start)" % (("Hard think: a frame's",) + cost.summary(frame_ms) + (turns.THINK_MS,)))
    print("   %-26s frames a decision: mean %.1f, median %d, p99 %d, worst %d (at 30 fps; the move shows after"
          " %d ms at the soonest)" % (("",) + cost.summary(frames) + (turns.CPU_DELAY_MS,)))


# Dice Duel: every engine call of a turn (roll, keep, stop, take) as "a move", and the CPU's decisions.
# WHAT selects which calls are counted: "engine", "keep" (choose_keep after a roll) or "chip" (choose_chip).
DICE_DUEL = """
from engine import dice_duel as dd
from engine.dice_duel_cpu import DiceDuelCpu, apply_keep
def skip():
    pass
engine_mark = BEGIN if WHAT == "engine" else skip
keep_mark = BEGIN if WHAT == "keep" else skip
chip_mark = BEGIN if WHAT == "chip" else skip
cpu = DiceDuelCpu()
games = [dd.DiceDuel(1, seed=s) for s in range(%d)] + [dd.DiceDuel(4, seed=s, cpu_mask=15) for s in range(%d)]
for g in games:
    while not g.is_over():
        if g.phase == dd.PHASE_ROLL:
            rolls = g.rolls_left
            mark = keep_mark if rolls < 3 else skip
            mark()
            keep = cpu.choose_keep(g)
            mark()
            engine_mark()
            apply_keep(g, keep)
            engine_mark()
        else:
            chip_mark()
            chip = cpu.choose_chip(g)
            chip_mark()
            engine_mark()
            g.take(chip)
            engine_mark()
""" % (DICE_DUEL_SOLO_GAMES, DICE_DUEL_DUEL_GAMES)

# One save of a changing payload into the 8 KB store (the record, its CRC and the slot write).
STORE_SAVE = """
from pips import saves
store = saves.open_store(bytearray(8192))
payload = bytearray(%d)
for i in range(REPS):
    payload[0] = i & 0xFF
    store.save(saves.DYMINO_GAME, payload)
"""

# The engine modules a game imports when it starts (its scene's imports are measured with the badge stand-ins).
GAME_ENGINE_IMPORTS = (
    ("Wuerfelglanz", ("engine.wuerfelglanz",)),
    ("Dymino", ("engine.dymino",)),
    ("Dominoes", ("engine.dominoes", "engine.dominoes_cpu")),
    ("Dice Duel", ("engine.dice_duel", "engine.dice_duel_cpu")),
)
IMPORTS = """
if REPS:
%s
"""


def _imports(modules):
    return IMPORTS % "\n".join("    import %s" % name for name in modules)


def main():
    reason = cost.missing()
    if reason:
        print("   skipped: %s" % reason)
        return
    print("   badge ms ~= instructions / 1.11e5 (±2x); counts do not depend on this machine's load")
    print("   engine moves over seeded games:")
    print("   %-26s %s" % ("Wuerfelglanz place()", cost.describe(cost.segments(WUERFELGLANZ)[0])))
    print("   %-26s %s" % ("Dymino action", cost.describe(cost.segments(DYMINO)[0])))
    print("   %-26s %s" % ("Dominoes play/draw/pass", cost.describe(cost.segments(DOMINOES)[0])))
    units = cost.segments("WHAT = 'engine'\n" + DICE_DUEL)[0]
    print("   %-26s %s" % ("Dice Duel roll/keep/take", cost.describe(units)))
    print("   CPU decisions over seeded games:")
    for level, name, rounds in ((0, "Easy", CPU_ROUNDS), (1, "Normal", CPU_ROUNDS), (2, "Hard", HARD_ROUNDS)):
        units = cost.segments(dominoes_cpu_script(level, rounds))[0]
        print("   %-26s %s" % ("Dominoes %s move" % name, cost.describe(units)))
    hard_across_frames()
    print("   %-26s %s" % ("Dice Duel keep decision", cost.describe(cost.segments("WHAT = 'keep'\n" + DICE_DUEL)[0])))
    print("   %-26s %s" % ("Dice Duel chip decision", cost.describe(cost.segments("WHAT = 'chip'\n" + DICE_DUEL)[0])))
    for size in (64, 256):
        unit, _ = cost.per_unit(STORE_SAVE % size, SAVE_REPS)
        print("   %-26s %s   (N=%d vs 0)" % ("store save, %d-byte record" % size, cost.estimate(unit), SAVE_REPS))
    print("   a game's engine imports (one import each; no collection inside), from .py and from .mpy:")
    with tempfile.TemporaryDirectory() as folder:
        cost.compile_mpy(("engine",), folder)
        for name, modules in GAME_ENGINE_IMPORTS:
            from_py, _ = cost.per_unit(_imports(modules), 1)
            from_mpy, _ = cost.per_unit(_imports(modules), 1, paths=[folder])
            print("   %-26s .py %s   .mpy %s   (%.1fx)" % (name, cost.estimate(from_py), cost.estimate(from_mpy),
                                                            from_py / from_mpy))
