"""Allocation proof: under real MicroPython, place() -- resolution and round-end check included -- runs with
micropython.heap_lock() held for 10,000 placements per match rule, jokers and crosses included.

Any allocation inside the lock raises MemoryError, which fails the script. Moves are chosen outside the lock
(choosing may allocate); games restart outside the lock when a round ends.
"""
from tools import mpy_run

SCRIPT = """
import micropython
from engine.rng import Rng
from engine.wuerfelglanz import Game, JOKER, PLACED, RULE_STRAIGHT, RULE_CONNECTED

PLACEMENTS = 10000
chooser = Rng(4321)
move = bytearray(3)  # x, y, rotation: no tuples, so the run allocates (almost) nothing even outside the lock


def choose(game):
    # A random legal move: random tries first, then the first legal spot (one exists: the round is not over).
    for _ in range(12):
        x = chooser.below(5)
        y = chooser.below(5)
        r = chooser.below(4)
        if game.check(x, y, r) == PLACED:
            move[0] = x
            move[1] = y
            move[2] = r
            return
    for code in range(100):
        cell = code >> 2
        if game.check(cell % 5, cell // 5, code & 3) == PLACED:
            move[0] = cell % 5
            move[1] = cell // 5
            move[2] = code & 3
            return
    raise AssertionError("no legal move although the round is not over")


def play(rule):
    game = Game(1, rule)
    seed = 1
    placed = games = pops = multi = crosses = jokers = refused = 0
    while placed < PLACEMENTS:
        if game.round_over:
            seed += 1
            games += 1
            game.new_round(seed * 7919, rule)
        choose(game)
        x = move[0]
        y = move[1]
        r = move[2]
        if game.piece_a == JOKER or game.piece_b == JOKER:
            jokers += 1
        micropython.heap_lock()
        status = game.place(x, y, r)
        off = game.place(x - 5, y, r)  # refused: off board (or round over)
        taken = -1
        if game.board[y * 5 + x]:
            taken = game.place(x, y, r)  # refused: taken (or round over)
        micropython.heap_unlock()
        assert status == PLACED and off != PLACED and taken != PLACED
        refused += 1 if taken < 0 else 2
        placed += 1
        if game.match_count:
            pops += 1
            total = 0
            runs = 0
            for k in range(game.match_count):
                total += game.match_length[k]
                runs += game.match_runs[k]
            if game.match_count > 1:
                multi += 1
            if runs > game.match_count or total > game.popped_count:
                crosses += 1
    print("rule", rule, "placements", placed, "games", games, "pops", pops, "multi", multi,
          "crosses", crosses, "jokers", jokers, "refused", refused)


play(RULE_STRAIGHT)
play(RULE_CONNECTED)
print("ALLOC-FREE")
"""


def test_place_allocates_nothing_under_heap_lock():
    # A heap so large that no garbage collection runs (the wasm build's collector is not safe mid-function);
    # heap_lock() still fails any allocation inside the lock.
    out = mpy_run.check(SCRIPT, heap=8 * 1024 * 1024, timeout=300)
    assert "ALLOC-FREE" in out
    lines = [line.split() for line in out.splitlines() if line.startswith("rule")]
    assert len(lines) == 2
    for fields in lines:
        figures = dict(zip(fields[0::2], (int(v) for v in fields[1::2])))
        assert figures["placements"] >= 10000
        assert figures["games"] >= 1          # rounds ended and restarted inside the run
        assert figures["pops"] > 500
        assert figures["multi"] > 0           # several pip values popping at once
        assert figures["crosses"] > 0         # two runs of one value, or a joker counted for two values
        assert figures["jokers"] > 100
