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


def test_select_puts_the_cursor_on_the_hint_and_a_hinted_record_says_so(tmp_path):
    from pips.wuerfelglanz import records
    from sim.bot import wuerfelglanz as bot
    from tests.simkit import DictStore, make_sim
    store = DictStore()
    sim = make_sim(tmp_path, store=store, seed=5)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    sim.app.dispatch(actions.SELECT)
    code = best_move(scene.game, w.Game(1))
    cursor = scene.cursor
    assert (cursor.y * 5 + cursor.x, cursor.rotation if scene.game.piece_len == 2 else 0) == (code >> 2, code & 3)
    assert scene.hinted and scene.note.startswith("Hint")
    sim.app.dispatch(actions.A)  # place it there
    assert scene.game.moves == 1
    # Saved and resumed, the round is still a hinted one.
    records.save_game(store, scene.game, 1234, scene.hinted)
    game, elapsed, hinted = records.load_game(store)
    assert elapsed == 1234 and hinted and game.to_bytes() == scene.game.to_bytes()
    scratch = w.Game(1)
    while not scene.game.round_over:
        bot.press_move(sim.app, scene, bot.choose(scene.game, scratch))
        bot.settle(sim, scene)
    kept = records.load_records(store)
    assert kept.best[scene.game.rule] == scene.game.score and kept.hinted[scene.game.rule]
    rows = dict(records.summary_rows(store))
    assert ("Best Lines (hint)" if scene.game.rule == w.RULE_STRAIGHT else "Best Groups (hint)") in rows


def test_a_best_from_before_hints_still_loads_as_unhinted():
    from pips.saves import WUERFELGLANZ_BEST
    from pips.wuerfelglanz import records
    from tests.simkit import DictStore
    store = DictStore()
    store.records[WUERFELGLANZ_BEST] = bytes((1, w.RULE_CONNECTED, 1, 0xE8, 3, 0, 0, 7, 0, 0, 0))  # version 1
    kept = records.load_records(store)
    assert kept.best == [1000, 7] and kept.hinted == [False, False] and kept.rule == w.RULE_CONNECTED
    assert len(kept.encode()) == records.BEST_BYTES
