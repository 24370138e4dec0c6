"""Würfelglanz on the headless simulator (fake clock): whole rounds through button actions, the pop flash, the
slide-back of a refused piece, save & quit and resume after a restart, settings, best scores and the results."""
import pytest

from engine import wuerfelglanz as w
from engine.rng import Rng
from pips import actions, saves
from pips.scenes.confirm import ConfirmScene
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from pips.scenes.settings import SettingsScene
from pips.ui.numbers import grouped
from pips.wuerfelglanz import records, scene as ws
from pips.wuerfelglanz.scene import WuerfelglanzScene
from pips.wuerfelglanz.view import LIT, TRAY_Y
from sim.bot import wuerfelglanz as bot
from tests.simkit import DictStore, frames, make_sim


def start(tmp_path, store=None, seed=11):
    sim = make_sim(tmp_path, store=store if store is not None else DictStore(), seed=seed)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    assert isinstance(scene, WuerfelglanzScene)
    return sim, scene


def press(sim, *names):
    for name in names:
        sim.app.dispatch(getattr(actions, name))



def result_rows(results):
    return [lbl.text for lbl in results.group if hasattr(lbl, "text")]


def test_a_round_played_through_actions_ends_in_the_results(tmp_path):
    sim, scene = start(tmp_path)
    writes = bot.play_round_in_scene(sim, scene)
    game = scene.game
    assert game.round_over and game.moves == len(writes) > 0
    assert scene.view.shown == game.board  # the screen shows exactly the engine's board
    assert scene.mode == ws.MODE_OVER
    frames(sim, ws.OVER_MS // 33 + 3)
    results = sim.app.top()
    assert isinstance(results, ResultsScene)
    shown = result_rows(results)
    assert "Round over" in shown and str(game.score) in shown and str(game.moves) in shown
    assert str(game.popped_total) in shown and "Best Lines" in shown
    assert (results.record is not None) == (game.score > 0)  # the first scoring round is a record
    best = records.load_records(sim.app.store)
    assert best.best[w.RULE_STRAIGHT] == game.score and best.best[w.RULE_CONNECTED] == 0
    assert best.initials[w.RULE_STRAIGHT] == "AAA"  # kept at once, under the initials offered
    # the record's initials first: Up/Down a letter, A the next, A on the last done
    press(sim, "UP", "UP", "A", "DOWN", "A", "RIGHT")
    assert results.entered() == "CZA" and results.bar.hidden  # Again / Menu wait for the initials
    press(sim, "A")
    assert records.load_records(sim.app.store).initials[w.RULE_STRAIGHT] == "CZA"
    assert records.summary_rows(sim.app.store)[0] == ("Best Lines", "CZA " + grouped(game.score))
    press(sim, "A")  # Again
    assert sim.app.top() is scene and scene.mode == ws.MODE_PLAY
    assert scene.game is not game and scene.game.moves == 0 and scene.view.shown == bytearray(25)


def test_each_move_writes_only_the_tiles_that_change(tmp_path):
    sim, scene = start(tmp_path, seed=5)
    scratch = w.Game(1)
    pops = 0
    while not scene.game.round_over:
        board_before = bytearray(scene.game.board)
        before = scene.view.tile_writes
        bot.press_move(sim.app, scene, bot.choose(scene.game, scratch))
        game = scene.game
        if game.popped_count:
            pops += 1
            assert scene.mode == ws.MODE_POP
            for k in range(game.popped_count):
                cell = game.popped[k]
                assert scene.view.shown[cell] > LIT  # lit up while popping
        bot.settle(sim, scene)
        bot.land(sim, scene)
        for cell in range(25):
            assert scene.view.shown[cell] == game.board[cell]
        # placed dice once each (and, without pops and before the end, lit as they land and plain again), popped dice lit once and
        # cleared once; nothing else is written
        changed = game.placed_count * (1 if game.popped_count or game.round_over else 3) + 2 * game.popped_count
        assert scene.view.tile_writes - before == changed
        placed_that_popped = sum(1 for k in range(game.placed_count) if game.board[game.placed[k]] == 0)
        assert sum(1 for c in range(25) if board_before[c] != game.board[c]) == \
            game.placed_count + game.popped_count - 2 * placed_that_popped
    assert pops > 0


def test_pop_flashes_pixels_in_the_value_colour_and_sounds(tmp_path):
    sim, scene = start(tmp_path)
    game = scene.game
    cells = bytearray(25)
    cells[0] = cells[1] = 4
    game.set_position(cells, 1, 4, 0)
    scene.view.cells.sync(game.board)
    scene.cursor.set_pair(False)
    tones = []
    sim.app.platform.tone = lambda hz, ms: tones.append(hz)
    bot.press_move(sim.app, scene, w.encode_move(2, 0, 0))
    assert game.points == 12 and scene.mode == ws.MODE_POP
    assert [scene.view.shown[c] for c in (0, 1, 2)] == [LIT + 4] * 3
    assert sim.app.platform.pixels[0] == ws._VALUE_COLORS[4]
    assert tones[-1] == ws._POP_HZ[4]
    assert "+12" in scene.view.message.text
    frames(sim, ws.POP_MS // 33 + 2)
    assert scene.mode == ws.MODE_PLAY and scene.view.shown == bytearray(25)


def _set_board(scene, rows, piece):
    cells = bytearray(25)
    for i, ch in enumerate("".join(rows)):
        cells[i] = w.JOKER if ch == "J" else (0 if ch == "." else int(ch))
    scene.game.set_position(cells, len(piece), piece[0], piece[1] if len(piece) > 1 else 0)
    scene.view.cells.sync(scene.game.board)
    scene.cursor.set_pair(len(piece) == 2)


def test_points_note_breaks_the_move_down_per_pip_value(tmp_path):
    sim, scene = start(tmp_path)
    # a joker completing a column of 3s and a row of 5s: both values' scores, added
    _set_board(scene, ["..3..", "..3..", "55...", ".....", "....."], [w.JOKER])
    bot.press_move(sim.app, scene, w.encode_move(2, 2, 0))
    assert scene.game.points == 24 and scene.view.message.text == "+24  3x3 9 + 3x5 15"
    bot.settle(sim, scene)
    # a plus of five 5s is one value: five popped 5s
    _set_board(scene, [".....", "..5..", ".5.5.", "..5..", "....."], [5])
    bot.press_move(sim.app, scene, w.encode_move(2, 2, 0))
    assert scene.game.points == 60 and scene.view.message.text == "+60  5x5"
    assert len(ws.points_note(scene.game)) <= 26


def test_after_a_placement_the_cursor_goes_to_the_nearest_spot_where_the_new_piece_fits(tmp_path):
    sim, scene = start(tmp_path, seed=8)
    game = scene.game
    checked = 0
    scratch = w.Game(1)
    while not game.round_over and checked < 12:
        bot.press_move(sim.app, scene, bot.choose(game, scratch))
        bot.settle(sim, scene)
        if game.round_over:
            break
        cursor = scene.cursor
        rotation = cursor.rotation if game.piece_len == 2 else 0
        assert game.check(cursor.x, cursor.y, rotation) == w.PLACED  # never a red ghost after a move
        assert all(game.board[game.placed[k]] == 0 or game.placed[k] not in (cursor.cell(), cursor.second_cell())
                   for k in range(game.placed_count))
        checked += 1
    assert checked >= 5


def test_the_nearest_spot_is_the_closest_free_one():
    from pips.ui.pair_cursor import PairCursor
    cursor = PairCursor(5, 5, 2, 2)
    taken = {(2, 2), (3, 2), (1, 2)}
    fits = lambda x, y, r: (x, y) not in taken and (x + (1, 0, -1, 0)[r], y + (0, 1, 0, -1)[r]) not in taken
    assert cursor.to_nearest(fits) and (cursor.x, cursor.y, cursor.rotation) == (2, 1, 0)  # one step, reading order
    assert not cursor.to_nearest(fits)  # it fits here: no move


def test_turning_a_pair_at_an_edge_keeps_the_cursor_cell(tmp_path):
    sim, scene = start(tmp_path)
    _set_board(scene, [".....", ".....", ".....", ".....", "....."], [1, 2])
    cursor = scene.cursor
    press(sim, "B", "B")  # B|A: the second die to the left
    press(sim, *["RIGHT"] * 6, *["DOWN"] * 6)
    assert (cursor.x, cursor.y) == (4, 4)
    seen = set()
    for _ in range(4):
        press(sim, "B")
        assert (cursor.x, cursor.y) == (4, 4)  # rotations that would leave the board are skipped
        seen.add(cursor.rotation)
    assert seen == {2, 3}


def test_the_round_end_marks_the_piece_that_found_no_room_and_holds_the_board(tmp_path):
    sim, scene = start(tmp_path)
    # a checkerboard with holes where x + y is odd, and one free pair of cells: a pair there ends the round
    rows = ["1.2.3", ".4.5.", "2.3.1", ".5.4.", "3.1.."]
    _set_board(scene, rows, [6])
    game = scene.game
    bot.press_move(sim.app, scene, w.encode_move(4, 4, 0))
    bot.settle(sim, scene)
    if not game.round_over:  # the next piece was a single: fill the holes until a pair finds no room
        scratch = w.Game(1)
        while not game.round_over:
            bot.press_move(sim.app, scene, bot.choose(game, scratch))
            bot.settle(sim, scene)
    assert scene.mode == ws.MODE_OVER
    view = scene.view
    for k in range(2):
        shown = k < game.piece_len
        assert view.tray[k].hidden == (not shown)  # the piece stays in the tray ...
        assert view.frames[k].hidden == (not shown)  # ... marked
        if shown:
            assert (view.frames[k].x, view.frames[k].y) == (view.tray_x(k), TRAY_Y)
    assert view.message.text == "No room for the piece"
    frames(sim, ws.OVER_MS // 33 - 3)
    assert sim.app.top() is scene  # the final board holds
    frames(sim, 6)
    assert isinstance(sim.app.top(), ResultsScene)


def test_the_panel_names_the_match_rule_as_a_rule(tmp_path):
    sim, scene = start(tmp_path)
    texts = [getattr(item, "text", None) for item in scene.view.group]
    assert "Rule" in texts and scene.view.rule.text == "Lines"


def test_an_illegal_spot_changes_nothing_and_slides_back(tmp_path):
    sim, scene = start(tmp_path, seed=3)
    scratch = w.Game(1)
    bot.press_move(sim.app, scene, bot.choose(scene.game, scratch))
    bot.settle(sim, scene)
    game = scene.game
    taken = next(c for c in range(25) if game.board[c])
    state = game.to_bytes()
    writes = scene.view.tile_writes
    # aim die A at the taken cell, in a rotation that keeps the piece on the board
    rotation = 0 if taken % 5 < 4 else 2
    bot.press_move(sim.app, scene, w.encode_move(taken % 5, taken // 5, rotation))
    assert game.to_bytes() == state and game.moves == 1
    assert scene.mode == ws.MODE_SLIDE and "Taken" in scene.view.message.text
    assert all(die.hidden for die in scene.view.tray)  # the piece is on its way back
    ghost = scene.view.ghosts[0]
    distances = []
    for _ in range(ws.SLIDE_MS // 33 + 2):
        sim.frame()
        if scene.mode == ws.MODE_SLIDE:
            distances.append(abs(ghost.x - scene.view.tray_x(0)) + abs(ghost.y - TRAY_Y))
    assert len(distances) >= 3 and distances == sorted(distances, reverse=True) and distances[0] > distances[-1]
    assert scene.mode == ws.MODE_PLAY and not scene.view.tray[0].hidden
    # back under the cursor: a red outline over the taken cell (its die stays visible), no ghost there
    assert not scene.view.frames[0].hidden and scene.view.ghosts[0].hidden
    assert (scene.view.frames[0].x, scene.view.frames[0].y) == (2 + 20 * (taken % 5), 14 + 20 * (taken // 5))
    assert game.to_bytes() == state and scene.view.tile_writes == writes  # the board was never redrawn


def _pause_choose(sim, item):
    press(sim, "START")
    pause = sim.app.top()
    assert isinstance(pause, PauseScene)
    press(sim, *["DOWN"] * pause.items.index(item))
    press(sim, "A")


def test_save_and_quit_then_resume_after_a_restart(tmp_path):
    save = str(tmp_path / "save.bin")
    sim = make_sim(tmp_path, save=save, seed=21)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    scratch = w.Game(1)
    for _ in range(4):
        if scene.game.round_over:
            break
        bot.press_move(sim.app, scene, bot.choose(scene.game, scratch))
        bot.settle(sim, scene)
    frames(sim, 40)  # some play time
    state = scene.game.to_bytes()
    elapsed = scene.elapsed_ms
    assert elapsed >= 1000
    _pause_choose(sim, "Save & quit")
    assert not isinstance(sim.app.top(), WuerfelglanzScene)  # back at the menu

    again = make_sim(tmp_path, save=save, seed=99)  # a restart: a new app over the same save file
    again.app.start("wuerfelglanz")
    resumed = again.app.top()
    assert resumed.game.to_bytes() == state and resumed.elapsed_ms == elapsed
    assert resumed.view.shown == resumed.game.board and "resumed" in resumed.view.message.text
    # its copy stays until the round ends: switched off now, the badge resumes it again
    third = make_sim(tmp_path, save=save, seed=99)
    third.app.start("wuerfelglanz")
    assert third.app.top().game.to_bytes() == state


def _open_settings(sim):
    _pause_choose(sim, "Settings")
    sim.frame()  # Settings opens at the start of the next frame (App.later)
    settings = sim.app.top()
    assert isinstance(settings, SettingsScene)
    return settings


def _settings_row(sim, settings, label):
    index = [row.label for row in settings.rows].index(label)
    press(sim, *["DOWN"] * index)
    return settings.rows[index]


def test_changing_the_rule_mid_round_asks_and_then_starts_a_new_round(tmp_path):
    store = DictStore()
    sim, scene = start(tmp_path, store=store)
    bot.press_move(sim.app, scene, bot.choose(scene.game, w.Game(1)))
    bot.settle(sim, scene)
    first = scene.game
    settings = _open_settings(sim)
    row = _settings_row(sim, settings, "Match rule")
    press(sim, "RIGHT")
    assert isinstance(sim.app.top(), ConfirmScene)
    assert sim.app.top().question.startswith("Switch to Groups?")  # the setting's own name for the rule
    press(sim, "A")  # the cursor starts on No
    assert sim.app.top() is settings and scene.game is first and first.rule == w.RULE_STRAIGHT
    assert row.index == w.RULE_STRAIGHT and settings.list.item_values[settings.rows.index(row)] == "Lines"
    press(sim, "RIGHT")
    press(sim, "LEFT", "A")  # Yes
    assert scene.game is not first and scene.game.rule == w.RULE_CONNECTED and scene.game.moves == 0
    assert records.load_records(store).rule == w.RULE_CONNECTED  # persisted
    press(sim, "B", "B")  # leave settings and the pause menu
    assert sim.app.top() is scene and scene.view.rule.text == "Groups"
    # a fresh round (no move yet) switches without asking
    settings = _open_settings(sim)
    _settings_row(sim, settings, "Match rule")
    press(sim, "RIGHT")
    assert sim.app.top() is settings and scene.game.rule == w.RULE_STRAIGHT


def test_show_time_setting_shows_the_running_time_and_persists(tmp_path):
    store = DictStore()
    sim, scene = start(tmp_path, store=store)
    frames(sim, 5)
    assert scene.view.time.text == ""  # hidden by default
    settings = _open_settings(sim)
    _settings_row(sim, settings, "Show time")
    press(sim, "RIGHT", "B", "B")
    assert records.load_records(store).show_time
    frames(sim, 70)  # 70 frames of 33 ms
    assert scene.view.time.text == "0:02"
    again = make_sim(tmp_path, store=store, seed=4)
    again.app.start("wuerfelglanz")
    assert again.app.top().records.show_time


def test_best_score_is_kept_per_rule_and_only_a_higher_score_is_a_record(tmp_path):
    store = DictStore()
    sim, scene = start(tmp_path, store=store, seed=8)
    bot.play_round_in_scene(sim, scene)
    first_score = scene.game.score
    frames(sim, ws.OVER_MS // 33 + 3)
    assert isinstance(sim.app.top(), ResultsScene)
    press(sim, "START", "A")  # the initials as offered, then Again
    # the next round with the same rule scores nothing: no record, best unchanged
    game = scene.game
    game.set_position(bytes([1, 2] * 12 + [0]), 1, 3, 0)  # one hole left for a single that pops nothing
    scene.view.cells.sync(game.board)
    scene.cursor.set_pair(False)
    bot.press_move(sim.app, scene, w.encode_move(4, 4, 0))
    bot.settle(sim, scene)
    assert game.round_over and scene.mode == ws.MODE_OVER and game.score == 0
    frames(sim, ws.OVER_MS // 33 + 3)
    results = sim.app.top()
    assert isinstance(results, ResultsScene) and results.record is None
    assert str(first_score) in result_rows(results)
    assert records.load_records(store).best[w.RULE_STRAIGHT] == first_score


def test_records_ignore_bad_bytes():
    store = DictStore()
    store.save(saves.WUERFELGLANZ_BEST, b"\x01\x05")
    store.save(saves.WUERFELGLANZ_GAME, b"\x01" + bytes(60))
    assert records.load_records(store).rule == w.RULE_STRAIGHT
    assert records.load_game(store) is None
    good = records.Records()
    good.rule, good.show_time, good.best = w.RULE_CONNECTED, True, [12, 345]
    store.save(saves.WUERFELGLANZ_BEST, good.encode())
    loaded = records.load_records(store)
    assert (loaded.rule, loaded.show_time, loaded.best) == (w.RULE_CONNECTED, True, [12, 345])


@pytest.mark.parametrize("rule", [w.RULE_STRAIGHT, w.RULE_CONNECTED])
def test_the_scene_plays_exactly_the_engine_game_of_its_seed(tmp_path, rule):
    store = DictStore()
    chosen = records.Records()
    chosen.rule = rule
    store.save(saves.WUERFELGLANZ_BEST, chosen.encode())
    sim, scene = start(tmp_path, store=store, seed=30 + rule)
    assert scene.game.rule == rule
    bot.play_round_in_scene(sim, scene)
    # the app's first seed for a round, and the same greedy moves straight on the engine
    expected, codes = bot.play_game(Rng(30 + rule).next30(), rule)
    assert scene.game.to_bytes() == expected.to_bytes() and scene.game.moves == len(codes)
    assert scene.view.shown == scene.game.board


def test_time_under_the_pause_menu_does_not_count(tmp_path):
    sim, scene = start(tmp_path)
    frames(sim, 30)
    running = scene.elapsed_ms
    assert 900 <= running <= 1000
    press(sim, "START")
    frames(sim, 90)  # three seconds paused
    press(sim, "B")
    frames(sim, 2)
    assert running <= scene.elapsed_ms <= running + 2 * 33


def test_the_records_keep_initials_and_older_records_still_load():
    store = DictStore()
    kept = records.Records()
    kept.best, kept.initials = [120, 45], ["ABC", ""]
    records.save_records(store, kept)
    loaded = records.load_records(store)
    assert (loaded.best, loaded.initials) == ([120, 45], ["ABC", ""])
    version_2 = kept.encode()[:12]  # the record before initials: version 2, 12 bytes
    version_2 = bytes([2]) + version_2[1:]
    store.save(saves.WUERFELGLANZ_BEST, version_2)
    loaded = records.load_records(store)
    assert (loaded.best, loaded.initials) == ([120, 45], ["", ""])
    damaged = bytearray(kept.encode())
    damaged[13] = 0x7F  # letters past Z: not initials anyone entered
    store.save(saves.WUERFELGLANZ_BEST, bytes(damaged))
    assert records.load_records(store).best == [0, 0]  # refused whole, as any bad record
