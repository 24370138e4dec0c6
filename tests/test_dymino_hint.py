"""Dymino's hint (engine.dymino_hint): the documented greedy order against a plain re-statement of it, and in the
game: Select puts the cursor on the hinted spot and marks the game."""
from engine import dymino as d
from engine import dymino_score
from engine.dymino_hint import Hinter
from pips import actions
from sim.bot import dymino as bot
from tests.simkit import DictStore, make_sim


def reference(game):
    """(gain, empty cells, room for a pair, touching equal dice) maximised, first in scan order on ties."""
    best = best_key = None
    for kind, cell, arg in bot.legal_actions(game):
        trial = d.Dymino(1)
        trial.copy_from(game)
        bot.apply(trial, (kind, cell, arg))
        grid = trial.grid
        touching = sum(1 for a in range(25) for b in (a + 1, a + 5)
                       if b < 25 and (b == a + 5 or a % 5 < 4) and grid[a] and grid[a] == grid[b])
        key = (dymino_score.to_int(trial.gain) if trial.merge_len else 0, grid.count(0),
               trial.board.pair_fits(), touching)
        if best_key is None or key > best_key:
            best, best_key = cell * 4 + arg, key
    return best


def test_the_hint_is_the_greedy_placement_through_whole_games():
    hinter = Hinter()
    checked = 0
    for seed in (3, 8, 13, 21, 34):
        game = d.Dymino(seed)
        scratch = d.Dymino(1)
        while game.phase != d.PHASE_OVER and checked < 150:
            if game.phase in (d.PHASE_PAIR, d.PHASE_SINGLE):
                assert hinter.best(game) == reference(game)
                checked += 1
            else:
                assert hinter.best(game) == -1  # a bonus die is the player's to use
            assert bot.apply(game, bot.choose(game, scratch, quick=True)) == d.OK
    assert checked >= 150


def test_the_hint_in_slices_is_the_hint_at_once():
    """Any slice size gives the one-shot search's placement (the search keeps its best between slices)."""
    sliced = Hinter()
    checked = 0
    for seed in (5, 17):
        game = d.Dymino(seed)
        scratch = d.Dymino(1)
        while game.phase != d.PHASE_OVER and checked < 60:
            if game.phase in (d.PHASE_PAIR, d.PHASE_SINGLE):
                expected = Hinter().best(game)
                legal = sum(1 for action in bot.legal_actions(game) if action[0] in ("pair", "single"))
                for tries in (1, 3, 8):
                    sliced.start(game)
                    slices = 1
                    while not sliced.step(tries):
                        slices += 1
                    assert sliced.move == expected
                    least = -(-legal // tries)  # at most `tries` legal spots a slice
                    assert least <= slices <= least + 1
                checked += 1
            assert bot.apply(game, bot.choose(game, scratch, quick=True)) == d.OK
    assert checked >= 60


def test_the_hint_in_slices_allocates_nothing_under_micropython():
    from tools import mpy_run
    script = """
import micropython
from engine import dymino as d
from engine.dymino_hint import Hinter
game = d.Dymino(7)
hinter = Hinter()
hinter.best(game)
moves = slices = move = 0
micropython.heap_lock()
while game.phase != d.PHASE_OVER and moves < 30:
    hinter.start(game)
    while not hinter.step(3):
        slices += 1
    move = hinter.move
    if game.phase == d.PHASE_PAIR:
        game.place_pair(move >> 2, move & 3)
    elif game.phase == d.PHASE_SINGLE:
        game.place_single(move >> 2)
    elif game.bonus == d.POWER_REMOVE:
        game.bonus_remove(game.grid[game.board.first_empty() - 1] or 1)
    else:
        game.bonus_place(game.board.first_empty(), 1)
    moves += 1
micropython.heap_unlock()
print("moves", moves, slices)
"""
    fields = mpy_run.check(script).split()
    assert int(fields[1]) >= 10 and int(fields[2]) > 5 * int(fields[1])


def test_a_hint_being_worked_out_stops_when_the_pair_turns_and_waits_under_the_pause_menu(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=9)
    sim.app.start("dymino")
    scene = sim.app.top()
    sim.app.dispatch(actions.SELECT)
    for _ in range(6):  # Select's frame, three that load the hint's code, two slices
        sim.frame()
    spot = scene.hint.run._hinter.spot
    assert spot > 0
    sim.app.dispatch(actions.START)
    for _ in range(20):
        sim.frame()
    assert scene.hint.run._hinter.spot == spot  # no frames for the scene under the pause menu
    sim.app.dispatch(actions.B)
    assert sim.app.top() is scene and scene.hint.busy
    rotation = scene.cursor.rotation
    sim.app.dispatch(actions.B)  # the player turns the pair: the search stops, the turn happens
    assert not scene.hint.busy and scene.cursor.rotation != rotation
    for _ in range(40):
        sim.frame()
    assert not scene.hinted and not scene.note.startswith("Hint")


def test_select_puts_the_cursor_on_the_hint_and_marks_the_game(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=9)
    sim.app.start("dymino")
    scene = sim.app.top()
    code = Hinter().best(scene.game)
    sim.app.dispatch(actions.SELECT)
    assert scene.hint.busy and scene.note.startswith("Hint: thinking")
    for _ in range(40):
        sim.frame()
    assert (scene.cursor.cell(), scene.cursor.rotation) == (code >> 2, code & 3)
    assert scene.hinted and scene.note.startswith("Hint")


def test_the_top_five_keeps_which_entries_came_with_hints_and_reads_old_tables():
    from pips.dymino import records
    from pips.saves import DYMINO_BEST
    store = DictStore()
    for value, hinted in ((500, False), (900, True), (100, False), (700, True), (50, False), (800, False)):
        records.add_score(store, dymino_score.from_int(value), hinted)
    table, flags, names = records.load_entries(store)
    assert [dymino_score.to_int(t) for t in table] == [900, 800, 700, 500, 100] and names == [""] * 5
    assert [flags >> k & 1 for k in range(5)] == [1, 0, 1, 0, 0]
    rows = records.summary_rows(store)
    assert rows[0][0] == "1st (hint)" and rows[1][0] == "2nd"
    old = bytearray(2 + dymino_score.PACKED_BYTES)  # a version 1 table of one score, from before hints
    old[0], old[1] = 1, 1
    dymino_score.pack_into(dymino_score.from_int(4321), old, 2)
    store.records[DYMINO_BEST] = bytes(old)
    table, flags, names = records.load_entries(store)
    assert [dymino_score.to_int(t) for t in table] == [4321] and flags == 0 and names == [""]
    version_2 = bytearray(old[:2]) + b"\x01" + old[2:]  # version 2: a flags byte, no initials
    version_2[0] = 2
    store.records[DYMINO_BEST] = bytes(version_2)
    table, flags, names = records.load_entries(store)
    assert [dymino_score.to_int(t) for t in table] == [4321] and flags == 1 and names == [""]


def test_a_saved_hinted_game_resumes_hinted(tmp_path):
    from pips.dymino import saved
    store = DictStore()
    game = d.Dymino(6)
    saved.save_game(store, game, hinted=True)
    assert saved.saved_hinted(store)
    sim = make_sim(tmp_path, store=store, seed=9)
    sim.app.start("dymino")
    scene = sim.app.top()
    assert scene.hinted and scene.game.to_bytes() == game.to_bytes()
    saved.save_game(store, game)
    assert not saved.saved_hinted(store) and saved.load_game(store).to_bytes() == game.to_bytes()


def test_the_hints_and_odds_give_the_same_answers_on_the_badges_interpreter():
    from array import array
    from engine import dice_duel as dd
    from engine import wuerfelglanz as w
    from engine.dice_duel_cpu import DiceDuelCpu
    from engine.wuerfelglanz_hint import best_move
    from tests.simkit import run_on_circuitpython
    script = """
from array import array
from engine import dymino as d, wuerfelglanz as w, dice_duel as dd
from engine.dymino_hint import Hinter
from engine.wuerfelglanz_hint import best_move
from engine.dice_duel_cpu import DiceDuelCpu
game = d.Dymino(12)
hinter = Hinter()
print(hinter.best(game))
game.place_pair(12, 1)
print(hinter.best(game))
print(best_move(w.Game(7), w.Game(1)))
duel = dd.DiceDuel(1, seed=4)
duel.roll()
duel.set_keep(9)
print(" ".join(str(v) for v in DiceDuelCpu().chances(duel, array("H", bytes(14)))))
"""
    out = run_on_circuitpython(script, heap="96K").splitlines()  # four engines compiled from .py
    game = d.Dymino(12)
    hinter = Hinter()
    expected = [str(hinter.best(game))]
    game.place_pair(12, 1)
    expected.append(str(hinter.best(game)))
    expected.append(str(best_move(w.Game(7), w.Game(1))))
    duel = dd.DiceDuel(1, seed=4)
    duel.roll()
    duel.set_keep(9)
    expected.append(" ".join(str(v) for v in DiceDuelCpu().chances(duel, array("H", bytes(14)))))
    assert out == expected
