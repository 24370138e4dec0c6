"""Würfelglanz's hint (engine.wuerfelglanz_hint): the documented greedy order against a plain re-statement of it,
allocation-free under MicroPython, and in the game: Select puts the cursor on the hinted spot and marks the round."""
from engine import wuerfelglanz as w
from engine.wuerfelglanz_hint import best_move
from pips import actions
from tests.test_wuerfelglanz_bot import legal_codes
from tools import mpy_run


def reference(game):
    """(points, empty cells, adjacent empty pairs) maximised, first in scan order on ties: the rule, stated plainly."""
    best = best_key = None
    for code in legal_codes(game):
        trial = w.Game(1, game.rule)
        trial.load_from(game.to_bytes())
        trial.place_code(code)
        board = trial.board
        empty = sum(1 for v in board if v == 0)
        room = sum(1 for i in range(25) for j in (i + 1, i + 5)
                   if (j < 25 and (j == i + 5 or i % 5 < 4)) and board[i] == 0 and board[j] == 0)
        key = (trial.points, empty, room)
        if best_key is None or key > best_key:
            best, best_key = code, key
    return -1 if best is None else best


def test_the_hint_is_the_greedy_move_in_every_position_of_many_rounds():
    scratch = w.Game(1)
    checked = 0
    for seed in range(1, 9):
        game = w.Game(seed, w.RULE_CONNECTED if seed % 2 else w.RULE_STRAIGHT)
        while not game.round_over:
            hint = best_move(game, scratch)
            assert hint == reference(game)
            assert game.place_code(hint) == w.PLACED
            checked += 1
    assert checked > 100


HINT_UNDER_HEAP_LOCK = """
import micropython
from engine import wuerfelglanz as w
from engine.wuerfelglanz_hint import best_move
game = w.Game(5)
scratch = w.Game(1)
moves = 0
micropython.heap_lock()
while not game.round_over and moves < 30:
    game.place_code(best_move(game, scratch))
    moves += 1
micropython.heap_unlock()
print("moves", moves)
"""


def test_the_hint_allocates_nothing_under_micropython():
    assert int(mpy_run.check(HINT_UNDER_HEAP_LOCK).split()[1]) > 5
