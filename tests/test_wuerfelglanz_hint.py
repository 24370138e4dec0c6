"""Würfelglanz's hint (engine.wuerfelglanz_hint): the documented greedy order against a plain re-statement of it,
allocation-free under MicroPython, and in the game: Select puts the cursor on the hinted spot and marks the round."""
from engine import wuerfelglanz as w
from engine.wuerfelglanz_hint import Hinter, best_move
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
from engine.wuerfelglanz_hint import Hinter
game = w.Game(5)
hinter = Hinter()
moves = slices = 0
micropython.heap_lock()
while not game.round_over and moves < 30:
    hinter.start(game)
    while not hinter.step(3):  # in slices, as the game's hint runs
        slices += 1
    game.place_code(hinter.move)
    moves += 1
micropython.heap_unlock()
print("moves", moves, slices)
"""


def test_the_hint_allocates_nothing_under_micropython():
    fields = mpy_run.check(HINT_UNDER_HEAP_LOCK).split()
    assert int(fields[1]) > 5 and int(fields[2]) > 5 * int(fields[1])


def test_the_hint_in_slices_is_the_hint_at_once():
    """Any slice size gives the one-shot search's move (the search keeps its best between slices)."""
    hinter = Hinter()
    checked = 0
    for seed in range(11, 15):
        game = w.Game(seed, seed % 2)
        while not game.round_over:
            expected = best_move(game, w.Game(1))
            legal = len(legal_codes(game))
            for tries in (1, 2, 5, 7):
                hinter.start(game)
                slices = 1
                while not hinter.step(tries):
                    slices += 1
                assert hinter.move == expected
                least = -(-legal // tries)  # a slice tries at most `tries` legal spots, and stops once it has
                assert least <= slices <= least + 1
            game.place_code(expected)
            checked += 1
    assert checked > 40


def hint_frames(sim, scene, limit=100):
    """Select, then frames until the hint is shown: the frames it took (the message line says it is thinking)."""
    sim.app.dispatch(actions.SELECT)
    for frame in range(limit):
        if not scene.hint.busy:
            return frame
        assert scene.note.startswith("Hint: thinking")
        sim.frame()
    raise AssertionError("the hint never came")


def test_the_hint_is_worked_out_across_frames_and_gives_the_one_shot_move(tmp_path):
    """Over seeded positions of a round played through the scene, the hint shown after the frames is the one-shot
    search's move, and each frame's slice looks at no more than HINT_TRIES legal spots."""
    import sys
    from pips.wuerfelglanz import scene as scene_module
    from sim.bot import wuerfelglanz as bot
    from tests.simkit import make_sim
    sim = make_sim(tmp_path, seed=23)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    scratch = w.Game(1)
    shown = 0
    while not scene.game.round_over and shown < 12:
        code = best_move(scene.game, scratch)
        frames = hint_frames(sim, scene)
        assert frames >= -(-len(legal_codes(scene.game)) // scene_module.HINT_TRIES) - 1
        cursor = scene.cursor
        assert (cursor.y * 5 + cursor.x, cursor.rotation if scene.game.piece_len == 2 else 0) == (code >> 2, code & 3)
        assert scene.note == "Hint: the bot's spot" and scene.hinted
        assert "pips.hint_run" not in sys.modules  # the hint's code left with it
        sim.app.dispatch(actions.A)
        bot.settle(sim, scene)
        shown += 1
    assert shown == 12


def test_a_hint_being_worked_out_pauses_with_start_and_stops_when_the_cursor_moves(tmp_path):
    from tests.simkit import make_sim
    sim = make_sim(tmp_path, seed=31)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    sim.app.dispatch(actions.SELECT)
    for _ in range(6):  # Select's frame, three that load the hint's code, two slices
        sim.frame()
    assert scene.hint.busy
    spot = scene.hint.run._hinter.spot
    assert spot > 0
    sim.app.dispatch(actions.START)  # the pause menu: the scene below gets no frames, the search waits
    assert sim.app.top() is not scene
    for _ in range(30):
        sim.frame()
    assert scene.hint.run._hinter.spot == spot
    sim.app.dispatch(actions.B)  # back to the game: the search goes on to the one-shot move
    assert sim.app.top() is scene and scene.hint.busy
    code = best_move(scene.game, w.Game(1))
    for _ in range(30):
        sim.frame()
    assert not scene.hint.busy and scene.hinted
    assert scene.cursor.y * 5 + scene.cursor.x == code >> 2
    # A new hint, then the D-pad: the search stops, the cursor moves one step, the message line forgets it.
    scene.hinted = False
    x, y = scene.cursor.x, scene.cursor.y
    sim.app.dispatch(actions.SELECT)
    sim.frame()
    sim.app.dispatch(actions.UP if y > 0 else actions.DOWN)
    assert not scene.hint.busy and not scene.note.startswith("Hint")
    for _ in range(30):
        sim.frame()
    assert (scene.cursor.x, scene.cursor.y) == (x, y - 1 if y > 0 else y + 1) and not scene.hinted


def test_select_puts_the_cursor_on_the_hint_and_a_hinted_record_says_so(tmp_path):
    from pips.wuerfelglanz import records
    from sim.bot import wuerfelglanz as bot
    from tests.simkit import DictStore, make_sim
    store = DictStore()
    sim = make_sim(tmp_path, store=store, seed=5)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    code = best_move(scene.game, w.Game(1))
    cursor = scene.cursor
    assert hint_frames(sim, scene) > 1  # worked out across frames
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
