"""Property tests over seeded Dominoes games (CPython, hypothesis) and the no-allocation match loop under
real MicroPython."""
from hypothesis import given, settings, strategies as st

from engine.dominoes import MATCH_OVER, OK, PLAYING, DominoesGame, hand_pips
from engine.dominoes_load import load_game, load_state
from engine.dominoes_table import HI, LO, TABLE_H, TABLE_W, TILE_COUNT, Table
from tests.portable.dominoes_util import ROUND_OVER, WALL, stock_mask
from tools import mpy_run

ALL = (1 << TILE_COUNT) - 1


_GEOMETRY = Table()


def _neighbours(cell):
    x, y = _GEOMETRY.cell_x(cell), _GEOMETRY.cell_y(cell)
    assert 0 <= x < TABLE_W and 0 <= y < TABLE_H  # every placed half lies on the table
    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= nx < TABLE_W and 0 <= ny < TABLE_H:
            yield _GEOMETRY.cell(nx, ny)


def check_invariants(game):
    table = game.table
    on_table = table.mask()
    stock = stock_mask(game)
    h0, h1 = game.hands
    # all 28 tiles accounted for, each in exactly one place
    assert h0 & h1 == 0 and (h0 | h1) & on_table == 0 and (h0 | h1 | on_table) & stock == 0
    assert h0 | h1 | on_table | stock == ALL
    # never two tiles on one cell: each placed tile owns exactly its two cells
    owner = {}
    for i in range(table.count):
        t = table.moves[i] & 31
        for c in (table.cell1[i], table.cell2[i]):
            assert c not in owner
            owner[c] = i
            assert table.grid[c] == t + 1
    assert sum(1 for v in table.grid if v and v != WALL) == 2 * table.count
    assert len(table.grid) == len(_GEOMETRY.grid)
    # every played tile matches its neighbour and touches no other earlier tile
    for i in range(1, table.count):
        t = table.moves[i] & 31
        assert sorted((table.num1[i], table.num2[i])) == sorted((HI[t], LO[t]))
        touched = set()
        for c in (table.cell1[i], table.cell2[i]):
            for n in _neighbours(c):
                if n in owner and owner[n] < i:
                    touched.add(owner[n])
        assert len(touched) == 1, touched
        j = touched.pop()
        joined_halves = [c for c in (table.cell1[j], table.cell2[j]) if c in set(_neighbours(table.cell1[i]))]
        assert joined_halves, "the matching half must touch the tile it joins"
        number_there = table.num1[j] if joined_halves[0] == table.cell1[j] else table.num2[j]
        assert number_there == table.num1[i]


def play_match(seed, choices):
    """Play a whole match with moves picked by `choices` (ints); return the game and the action log."""
    game = DominoesGame(seed)
    log = []
    k = 0
    while game.phase != MATCH_OVER:
        if game.phase == ROUND_OVER:
            game.next_round()
            log.append(-1)
            continue
        n = game.legal_moves()
        if n:
            m = game.moves[choices[k % len(choices)] % n]
            k += 1
            assert game.play_move(m) == OK
            log.append(m)
        else:
            log.append(256 + game.no_move())
        check_invariants(game)
        if game.phase == ROUND_OVER and game.round_blocked == 0:
            loser = 1 - game.round_winner
            assert game.hands[game.round_winner] == 0
            assert game.round_points == hand_pips(game.hands[loser])
    return game, log


def replay(seed, log):
    game = DominoesGame(seed)
    for a in log:
        if a == -1:
            assert game.next_round() == OK
        elif a >= 256:
            assert game.no_move() == a - 256
        else:
            assert game.play_move(a) == OK
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**30 - 1), st.lists(st.integers(0, 200), min_size=1, max_size=30))
def test_seeded_matches_keep_every_invariant_and_replay_exactly(seed, choices):
    game, log = play_match(seed, choices)
    assert max(game.scores) >= game.target
    assert game.scores[game.match_winner] >= game.target > game.scores[1 - game.match_winner]
    again = replay(seed, log)
    assert again.save() == game.save()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**30 - 1), st.lists(st.integers(0, 200), min_size=1, max_size=20), st.integers(0, 60))
def test_save_load_mid_match_continues_identically(seed, choices, cut):
    game, log = play_match(seed, choices)
    cut = min(cut, len(log))
    first = replay(seed, log[:cut])
    restored = load_game(first.save())
    for a in log[cut:]:
        for g in (first, restored):
            if a == -1:
                g.next_round()
            elif a >= 256:
                g.no_move()
            else:
                g.play_move(a)
    assert restored.save() == first.save() == game.save()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**30 - 1), st.binary(min_size=0, max_size=140))
def test_random_bytes_never_crash_load(seed, junk):
    game = DominoesGame(seed)
    before = game.save()
    try:
        load_state(game, junk)
    except ValueError:
        assert game.save() == before


MATCH_LOOP = """
import gc, micropython
from engine.dominoes import DominoesGame, PLAYING, MATCH_OVER
from engine.dominoes_cpu import DominoesCpu
from engine.dominoes import EASY, HARD, NORMAL, NO_MOVE
from engine.rng import Rng

def run(game, pick, rounds):
    moves = game.moves
    actions = 0
    for r in range(rounds):
        while game.phase == PLAYING:
            # every other action from the moves the CPU chooses among (the ends' best positions)
            n = game.preferred_moves() if actions & 1 else game.legal_moves()
            if n:
                m = moves[pick.below(n)]
                game.play_move(m)
            else:
                game.no_move()
            actions += 1
        if game.phase == MATCH_OVER:
            game.new_match()
        else:
            game.next_round()
    return actions

def cpu_round(game, cpus):
    steps = 0
    while game.phase == PLAYING:
        m = cpus[game.turn].choose(game)
        if m == NO_MOVE:
            game.no_move()
        else:
            game.play_move(m)
        steps += 1
    game.next_round() if game.phase != MATCH_OVER else game.new_match()
    return steps

game = DominoesGame(5)
pick = Rng(9)
cpus = [DominoesCpu(HARD, 3, samples=2, depth=6), DominoesCpu(NORMAL, 4)]
easy = [DominoesCpu(EASY, 5), DominoesCpu(NORMAL, 6)]
warm = DominoesGame(7)
while warm.phase == PLAYING and cpus[0].base is None:  # Hard makes its scratch games on its first move
    m = cpus[0].choose(warm)
    warm.no_move() if m == NO_MOVE else warm.play_move(m)
assert cpus[0].base is not None
actions = 0
steps = 0  # every global the locked lines set exists first (a new one could grow the module's dict)
gc.collect()
micropython.heap_lock()
actions = run(game, pick, 40)
steps = cpu_round(game, cpus) + cpu_round(game, easy)
micropython.heap_unlock()
print('cpu', steps)
print('actions', actions)
"""


def test_match_loop_allocates_nothing_under_micropython():
    out = mpy_run.check(MATCH_LOOP)
    assert int(out.split()[-1]) > 200  # 40 rounds really played with the heap locked
    assert int(out.split()[-3]) > 10  # and two rounds of CPU moves (Hard, Normal, Easy) too
