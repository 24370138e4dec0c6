"""Dymino's scene in the headless simulator on real displayio: played to game over through button actions,
tiles written only where they change, the merge animation with series, NeoPixels and tones, the value chooser,
bonus previews, save & quit and resume, the persisted top-5 table, the rules page."""
import pytest

from engine import dymino as dy
from engine import dymino_score
from pips import actions, saves
from pips.dymino import records, saved
from pips.dymino.scene import MODE_ANIM, MODE_CHOOSE, MODE_OVER, MODE_PLAY, OVER_MS, DyminoScene
from pips.dymino.view import MARK_CLEAR, MARK_MERGE
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from sim.bot import dymino as bot
from tests.portable.dymino_util import at, cells
from tests.simkit import DictStore, make_sim


@pytest.fixture
def sim(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dymino")
    return sim


def press(sim, *names):
    for name in names:
        sim.app.dispatch(getattr(actions, name))
        sim.app.tick(sim.clock.ticks_ms())


def settle(sim):
    """Let an animation (merges, or placed dice settling) play out on the clock (no key skips it)."""
    scene = sim.app.stack[0]
    for _ in range(200):
        if scene.mode != MODE_ANIM and (scene.mode == MODE_OVER or not scene.view.settle.count):
            return
        sim.clock.advance(40)
        sim.app.tick(sim.clock.ticks_ms())
    raise AssertionError("the animation did not end")


def steer(sim, scene, action):
    """Play a bot action with the buttons (the bot's own button driver)."""
    if action[0] == "remove" or (action[0] == "bonus" and scene.game.bonus == dy.POWER_CHOOSE):
        assert scene.mode == MODE_CHOOSE
    bot.press_action(sim.app, scene, action)


def hand_set(scene, grid_rows, first, second):
    game = dy.Dymino(1)
    game.set_position(cells(*grid_rows), first, second)
    scene.new_round(game)
    return game


def start_chain(sim, scene):
    """A pair placed where it makes a chain of merges (the animation then plays step by step)."""
    hand_set(scene, ["..1..", "..1..", "66.22", ".....", "....."], 6, 5)
    scene.cursor.place_at(2, 2)
    scene.cursor.rotation = 1
    press(sim, "A")


def test_dymino_is_on_the_menu_and_starts_a_game(sim):
    scene = sim.app.top()
    assert isinstance(scene, DyminoScene)
    assert scene.game.phase == dy.PHASE_PAIR and scene.mode == MODE_PLAY
    assert not scene.view.ghosts[0].hidden and not scene.view.ghosts[1].hidden


def test_played_with_buttons_to_game_over_then_records_and_a_new_round(sim):
    app = sim.app
    scene = app.top()
    scratch = dy.Dymino(1)
    moves = 0
    while scene.mode != MODE_OVER:
        steer(sim, scene, bot.choose(scene.game, scratch, quick=True))
        settle(sim)
        assert list(scene.view.shown) == list(scene.game.grid)  # the screen shows the engine's grid
        moves += 1
        assert moves < 2000
    final = bytes(scene.game.score)
    assert app.top() is scene  # the full grid holds first; the score is recorded already
    assert list(scene.view.shown) == list(scene.game.grid) and all(scene.game.grid)
    table = records.load_table(app.store)
    assert [bytes(t) for t in table] == [final]
    for _ in range(OVER_MS // 40 - 2):
        sim.clock.advance(40)
        sim.app.tick(sim.clock.ticks_ms())
    assert app.top() is scene
    for _ in range(4):
        sim.clock.advance(40)
        sim.app.tick(sim.clock.ticks_ms())
    results = app.top()
    assert isinstance(results, ResultsScene)
    assert records.load_entries(app.store)[2] == ["AAA"]  # kept at once under the initials offered
    press(sim, "DOWN", "RIGHT", "UP", "START")  # Z, B: entered, and Start is done
    assert records.load_entries(app.store)[2] == ["ZBA"]
    assert records.summary_rows(app.store)[0][0] == "1st ZBA"
    press(sim, "A")
    assert isinstance(app.top(), ResultsScene)  # the top-5 page
    press(sim, "A")
    assert app.top() is scene and scene.mode == MODE_PLAY
    assert scene.game.turns == 1 and dymino_score.is_zero(scene.game.score)


def test_the_records_code_is_in_ram_to_open_keep_and_record_only(tmp_path, monkeypatch):
    """pips.dymino.records (~2 KB of code on the badge) is loaded to open the game and to record its end, and
    pips.dymino.saved to open it and keep the round, not for the whole game."""
    import sys
    for name in [name for name in sys.modules if name.startswith("pips.dymino")]:
        monkeypatch.delitem(sys.modules, name)  # (this file's imports): the game loads and unloads its own
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dymino")
    scene = sim.app.top()
    scratch = dy.Dymino(1)
    while scene.mode != MODE_OVER:
        assert "pips.dymino.records" not in sys.modules and "pips.dymino.saved" not in sys.modules
        steer(sim, scene, bot.choose(scene.game, scratch, quick=True))
        settle(sim)
        if scene.mode != MODE_OVER:
            sim.app.keep_round()  # as a frame does every few moves: the code is loaded for the moment
            assert saved.load_game(sim.app.store).turns == scene.game.turns
    assert [bytes(t) for t in records.load_table(sim.app.store)] == [bytes(scene.game.score)]


def test_scores_are_exact_at_any_size_and_never_run_into_hi(sim):
    scene = sim.app.top()
    view = scene.view
    game = scene.game
    game.score[:] = dymino_score.from_int(1234)
    scene._draw_text()
    assert view.score.text == "1,234" and view.best.text == "Hi 1,234" and view.tiny_score.text == ""
    scene.table = [dymino_score.from_int(987654321098765)]
    game.score[:] = dymino_score.from_int(123456789012)
    scene._draw_text()
    # too long for one line in the 6 x 12 font: two rows of small digits, exact and grouped
    assert view.score.text == "" and view.best.text == ""
    assert view.tiny_score.text == "123,456,789,012" and view.tiny_best.text == "Hi 987,654,321,098,765"
    assert "e" not in view.tiny_score.text
    game.score[:] = dymino_score.from_int(10 ** 30 - 1)  # the longest that fits the small rows grouped
    scene._draw_text()
    assert view.tiny_score.text == "999" + ",999" * 9 and len(view.tiny_score.text) <= 40
    game.score[:] = dymino_score.from_int(10 ** 40 - 1)  # saturated: every digit, without the groups
    scene._draw_text()
    assert view.tiny_score.text == "9" * 40 and view.tiny_best.text == "9" * 40  # the best is this score


def test_a_move_writes_only_the_changed_tiles(sim):
    scene = sim.app.top()
    hand_set(scene, ["11...", ".....", ".....", ".....", "....4"], 3, 5)
    view = scene.view
    before = view.tile_writes
    scene.cursor.place_at(2, 2)
    press(sim, "A")  # 3 and 5 at (2,2), (3,2): no merge
    assert scene.mode == MODE_PLAY
    settle(sim)
    assert view.tile_writes - before == 6  # each die: placed, lit as it lands (the same frame), plain again
    game = scene.game
    game.set_position(cells("11...", ".....", "..35.", ".....", "....4"), 1, 6)
    scene.new_round(game)
    before = view.tile_writes
    scene.cursor.place_at(2, 0)
    scene.cursor.rotation = 1
    press(sim, "A")  # 1 at (2,0) merges with the two 1s: a 2 stays; the 6 below
    settle(sim)
    # Two dice placed, two 1s cleared, the anchor 1 -> 2: five writes, none elsewhere.
    assert view.tile_writes - before == 5
    assert list(view.shown) == list(game.grid)


def test_merge_animation_shows_series_count_coefficient_with_tones_and_pixels(sim, monkeypatch):
    app = sim.app
    scene = app.top()
    tones, flashes = [], []
    monkeypatch.setattr(app, "tone", lambda hz, ms: tones.append(hz))
    monkeypatch.setattr(app, "flash_pixels", lambda color, ms: flashes.append(color))
    start_chain(sim, scene)
    view = scene.view
    assert scene.mode == MODE_ANIM
    seen = []
    while scene.mode == MODE_ANIM:
        seen.append((view.series.text, sum(1 for c in range(25) if view.marks[c] == MARK_MERGE),
                     view.score.text))
        sim.clock.advance(40)
        app.tick(sim.clock.ticks_ms())
    # The score line counts up merge by merge: 18, +15, +60.
    assert ("Series 1\nx1", 3, "18") in seen and ("Series 2\nx5", 3, "33") in seen
    assert ("Series 3\nx10", 3, "93") in seen
    assert len(set(tones)) >= 3 and len(flashes) == 3  # a rising note and a flash per merge
    assert scene.view.shown[at(2, 2)] == 3 and dymino_score.to_int(scene.game.score) == 93
    assert "93" in view.message.text


def test_a_key_skips_the_animation_to_the_final_grid(sim):
    scene = sim.app.top()
    start_chain(sim, scene)
    assert scene.mode == MODE_ANIM
    press(sim, "LEFT")  # skipped, not a move
    assert scene.mode == MODE_PLAY and list(scene.view.shown) == list(scene.game.grid)
    skipped_at = (scene.cursor.x, scene.cursor.y, scene.cursor.rotation)
    start_chain(sim, scene)
    settle(sim)  # the same move played out without a key
    assert (scene.cursor.x, scene.cursor.y, scene.cursor.rotation) == skipped_at


def test_bonus_1_value_chooser_then_placement(sim):
    scene = sim.app.top()
    game = hand_set(scene, [".....", ".....", ".....", ".....", "....."], 1, 1)
    game.set_bonus(dy.POWER_CHOOSE)
    scene.new_round(game)
    assert scene.mode == MODE_CHOOSE and scene.view.bonus_title.text == "Bonus 1"
    press(sim, "UP", "UP", "DOWN", "UP")
    assert scene.value == 3 and scene.view.bonus_die[0] == 3
    press(sim, "DOWN", "DOWN", "DOWN")
    assert scene.value == 6 and scene.view.bonus_die[0] == 6  # wraps below 1
    press(sim, "A")
    assert scene.mode == MODE_PLAY
    press(sim, "B")
    assert scene.mode == MODE_CHOOSE  # B goes back to the value
    press(sim, "A")
    cell = scene.cursor.cell()
    press(sim, "A")
    assert game.grid[cell] == 6 and game.phase == dy.PHASE_PAIR


def test_bonus_2_previews_and_removes_the_chosen_value(sim):
    scene = sim.app.top()
    game = hand_set(scene, ["12121", ".....", "3....", ".....", "....."], 2, 2)
    game.set_bonus(dy.POWER_REMOVE)
    scene.new_round(game)
    assert scene.mode == MODE_CHOOSE and scene.value == 1
    assert [c for c in range(25) if scene.view.marks[c] == MARK_CLEAR] == [0, 2, 4]
    press(sim, "UP")
    assert [c for c in range(25) if scene.view.marks[c] == MARK_CLEAR] == [1, 3]
    press(sim, "A")
    settle(sim)
    assert list(scene.view.shown[:5]) == [1, 0, 1, 0, 1] and game.phase == dy.PHASE_PAIR


def test_bonus_6_previews_the_ring_and_the_die_never_stays(sim):
    scene = sim.app.top()
    game = hand_set(scene, ["12345", "23456", "34.61", "45612", "56123"], 6, 6)
    game.set_bonus(dy.POWER_SURROUND)
    scene.new_round(game)
    assert scene.mode == MODE_PLAY
    scene.cursor.place_at(2, 2)
    press(sim, "UP", "DOWN")  # redraw at the centre
    ring = [at(x, y) for y in (1, 2, 3) for x in (1, 2, 3) if (x, y) != (2, 2)]
    assert [c for c in range(25) if scene.view.marks[c] == MARK_CLEAR] == ring
    press(sim, "A")
    settle(sim)
    assert all(scene.view.shown[c] == 0 for c in ring + [at(2, 2)])
    assert list(scene.view.shown) == list(game.grid)


def test_single_phase_places_one_die_at_a_time_and_b_swaps(sim):
    scene = sim.app.top()
    game = hand_set(scene, [".3.3.", "3.3.3", ".3.3.", "3.3.3", ".3.3."], 1, 2)
    assert game.phase == dy.PHASE_SINGLE
    assert scene.view.ghosts[1].hidden
    press(sim, "B")
    assert list(game.roll) == [2, 1]
    scene.cursor.place_at(0, 0)
    press(sim, "UP", "A")
    assert game.grid[0] == 2 and game.next_die == 1
    assert scene.view.roll[0].hidden and not scene.view.roll[1].hidden


def test_illegal_press_beeps_and_changes_nothing(sim, monkeypatch):
    app = sim.app
    scene = app.top()
    tones = []
    monkeypatch.setattr(app, "tone", lambda hz, ms: tones.append(hz))
    game = hand_set(scene, ["55...", ".....", ".....", ".....", "....."], 1, 2)
    scene.cursor.place_at(0, 0)
    before = game.to_bytes()
    press(sim, "UP", "A")
    assert game.to_bytes() == before and tones and scene.view.message.text == "Cell taken"
    assert scene.view.marks[0] == MARK_CLEAR and scene.view.marks[1] == MARK_CLEAR


def test_save_and_quit_then_resume(sim):
    app = sim.app
    scene = app.top()
    scratch = dy.Dymino(1)
    for _ in range(6):
        steer(sim, scene, bot.choose(scene.game, scratch, quick=True))
        settle(sim)
    before = scene.game.to_bytes()
    press(sim, "START")
    pause = app.top()
    assert isinstance(pause, PauseScene) and "Save & quit" in pause.items and "Rules" in pause.items
    pause.choose("Save & quit")
    assert app.top() is not scene
    app.start_game(("dymino", "Dymino", "pips.dymino.scene", "DyminoScene"))
    resumed = app.top()
    assert isinstance(resumed, DyminoScene) and resumed.game.to_bytes() == before
    assert list(resumed.view.shown) == list(resumed.game.grid)
    assert resumed.view.message.text == "Game resumed"
    assert saved.load_game(app.store) is not None  # its copy stays until the game ends (tests/test_autosave.py)


def test_top_five_table_keeps_the_best_in_order():
    store = DictStore()
    values = [500, 10 ** 15, 7, 90000, 3, 10 ** 15 + 1, 42]
    for value in values:
        records.add_score(store, dymino_score.from_int(value))
    table = [dymino_score.to_int(t) for t in records.load_table(store)]
    assert table == sorted(values, reverse=True)[:5]
    assert records.rank_of(records.load_table(store), dymino_score.from_int(1)) == 0
    assert records.rank_of(records.load_table(store), dymino_score.from_int(10 ** 16)) == 1
    assert len(store.records[4]) == 2 + 5 * (dymino_score.PACKED_BYTES + 2)  # version, count, 5 scores and initials
    assert len(store.records[4]) <= dict(saves.LAYOUT)[saves.DYMINO_BEST]  # within its slot: old saves stay put
    store.records[4] = b"\x01\x02garbage"
    assert records.load_table(store) == []  # a bad record is ignored


def _viewer_lines(page, columns=25):
    """The rules page's lines as the viewer reads them (pips.scenes.help): spans, then slices of them."""
    spans, characters = page.wrap(columns)
    lines = [page.slice(spans[i], spans[i + 1]).decode() for i in range(0, len(spans), 2)]
    assert set("".join(lines)) <= set(characters)
    return lines


def test_rules_page_covers_the_rules_and_lists_the_records(sim):
    from pips.ui import text
    scene = sim.app.top()
    title, page = scene.rules()
    whole = page.read()
    for needed in ("10^(n-3)", "x5", "x10", "6 becomes 1", "double", "top 5", "no records yet"):
        assert needed in whole
    # Read a page at a time, the file's lines and the table after them are the same lines as the whole text's,
    # and a slice across the file's end (a page showing both) is that stretch of the text.
    lines = _viewer_lines(page)
    assert lines == text.wrap(whole, 25) and lines[-3:] == ["", "Top 5", "no records yet"]
    spans, _ = page.wrap(25)
    assert page.slice(spans[-12], spans[-1]).decode() == whole[len(whole) - (spans[-1] - spans[-12]):]
    records.add_score(sim.app.store, dymino_score.from_int(1234567))
    scene.table = records.load_table(sim.app.store)
    assert _viewer_lines(scene.rules()[1])[-2:] == ["Top 5", "1st  1,234,567"]


def test_pair_cursor_keeps_the_pair_on_the_grid():
    from pips.ui.pair_cursor import PairCursor
    cursor = PairCursor(5, 5)
    for _ in range(9):
        cursor.move(1, 0)
    assert (cursor.x, cursor.second_x()) == (3, 4)  # rotation 0: the second die is right of the cursor
    cursor.rotate()
    assert (cursor.x, cursor.y, cursor.second_x(), cursor.second_y()) == (3, 0, 3, 1)
    for _ in range(9):
        cursor.move(0, 1)
    assert (cursor.y, cursor.second_y()) == (3, 4)
    cursor.rotate()  # second die to the left
    cursor.rotate()  # above
    assert cursor.rotation == 3 and cursor.second_y() == cursor.y - 1
    for _ in range(9):
        cursor.move(0, -1)
    assert (cursor.y, cursor.second_y()) == (1, 0)
    cursor.set_pair(False)
    cursor.move(0, -1)
    assert cursor.cell() == cursor.second_cell() == cursor.x
    cursor.rotate(-1)
    assert cursor.rotation == 2


def test_the_cursor_leaves_the_cells_just_filled_for_the_nearest_free_spot(sim):
    scene = sim.app.top()
    game = hand_set(scene, [".....", ".....", ".....", ".....", "....."], 1, 2)
    scene.cursor.place_at(2, 2)
    press(sim, "UP", "DOWN", "A")
    settle(sim)
    filled = [c for c in range(25) if game.grid[c]]
    assert len(filled) == 2 and game.phase == dy.PHASE_PAIR
    cursor = scene.cursor
    assert cursor.cell() not in filled and cursor.second_cell() not in filled
    assert game.check_pair(cursor.cell(), cursor.rotation) == dy.OK
    assert not scene.view.ghosts[0].hidden and not scene.view.ghosts[1].hidden  # green ghosts, no red frames
    assert scene.view.marks[cursor.cell()] != MARK_CLEAR and scene.view.marks[cursor.second_cell()] != MARK_CLEAR
    press(sim, "A")
    settle(sim)
    assert sum(1 for c in range(25) if game.grid[c]) >= 3  # A places the next pair at once (merges may clear some)


def test_the_cursor_starts_on_a_free_cell_after_resume_and_after_a_bonus_choice(sim):
    scene = sim.app.top()
    game = hand_set(scene, ["12121", "21212", ".....", ".....", "....."], 3, 4)
    assert game.check_pair(scene.cursor.cell(), scene.cursor.rotation) == dy.OK  # the resume path: new_round
    game = hand_set(scene, ["12121", "21212", "12121", ".....", "....."], 1, 1)
    game.set_bonus(dy.POWER_CHOOSE)
    scene.new_round(game)
    scene.cursor.place_at(0, 0)
    press(sim, "A")  # the value chosen: the die goes on the grid
    assert scene.mode == MODE_PLAY and game.grid[scene.cursor.cell()] == 0


def test_start_mid_chain_holds_the_animation_under_the_pause_menu_and_it_plays_on(sim):
    scene = sim.app.top()
    start_chain(sim, scene)
    assert scene.mode == MODE_ANIM and scene.steps > 2
    step = scene.step
    press(sim, "START")
    assert isinstance(sim.app.top(), PauseScene) and scene.mode == MODE_ANIM and scene.step == step
    sim.clock.advance(5000)
    sim.app.tick(sim.clock.ticks_ms())
    assert scene.step == step  # nothing plays behind the pause menu
    press(sim, "B")  # Resume
    assert sim.app.top() is scene and scene.mode == MODE_ANIM
    shown = set()
    for _ in range(200):
        if scene.mode != MODE_ANIM:
            break
        shown.add(scene.step)
        sim.clock.advance(40)
        sim.app.tick(sim.clock.ticks_ms())
    assert shown == set(range(step, scene.steps))  # every later step of the chain was played, none skipped
    assert list(scene.view.shown) == list(scene.game.grid)
