"""Dominoes' scene in the headless simulator on real displayio: a seeded match played to its end through button
actions (a scripted policy steers the cursor), CPU moves paced on the fake clock, illegal presses that change
nothing, draw/pass messages and why a tile cannot go, round and match results, the persisted record and settings,
save & resume, new round vs new match, two people passing the badge, the overview and the camera."""
import sys

import pytest

from engine import dominoes as dm
from engine.dominoes_cpu import DominoesCpu
from engine.dominoes import EASY, HARD, NORMAL
from engine.dominoes_table import HI, LO, TABLE_H, TABLE_W, MOVE_END, MOVE_OPTION, MOVE_TILE
from pips import actions, saves
from pips.dominoes import records, saved
from pips.dominoes.records import PEOPLE
from pips.dominoes.table_view import half_index, toward
from pips.dominoes import table_view
from pips.dominoes.table_view import HALF_SPRITES, ROW_H, WINDOW_ROWS, WINDOW_W
from pips.dominoes import scene as scene_module
from pips.dominoes.scene import DominoesScene
from pips.dominoes.scene import MODE_CPU, MODE_PASS, MODE_PERSON, MODE_RESULTS, MODE_ROUND_END
from pips.dominoes.turns import CPU_DELAY_MS, HINT_MS, NOTE_MS, SEEN_MS
from pips.dominoes.view import HAND_SLOTS
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from pips.dominoes.records import OPPONENT, TARGET, WON
from tests.portable.dominoes_util import tile_of
from tests.simkit import DictStore, lost, make_sim, start_dominoes, won


@pytest.fixture
def sim(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    return sim


def press(sim, *names):
    for name in names:
        sim.app.dispatch(getattr(actions, name))
        sim.app.tick(sim.clock.ticks_ms())


def shown(scene):
    """The text in the status strip."""
    return scene.view.status.text


def hand_tile(grid):
    """The tile a 1 x 2 hand TileGrid shows upright (its two half sprites), or None."""
    for t in range(28):
        if (grid[0], grid[1]) == (half_index(HI[t], 2), half_index(LO[t], 0)):
            return t
    return None


def raised(scene):
    """The tile shown raised above the hand (the selected one)."""
    assert not scene.view.selected.hidden
    return hand_tile(scene.view.selected)


def half_sprite(table, c):
    """The half-sheet sprite table cell c should show: 0 when empty, else its number and its partner's side."""
    for i in range(table.count):
        for half, other, n in ((table.cell1[i], table.cell2[i], table.num1[i]),
                               (table.cell2[i], table.cell1[i], table.num2[i])):
            if half == c:
                return half_index(n, toward(c, other))
    return 0


def assert_window_shows_table(view, table):
    """The window TileGrid (the screen's size plus a margin, in rows of half cells) sits over the camera's view
    and shows, half cell for half cell, the engine table's halves there."""
    assert (view.window.width, view.window.height) == (WINDOW_W, WINDOW_ROWS)
    left, top = view.window.x // 12, view.window.y // ROW_H
    cam = view.camera
    assert left * 12 <= cam.x and cam.x + 160 <= (left + WINDOW_W) * 12
    assert top * ROW_H <= cam.y and cam.y + 72 <= (top + WINDOW_ROWS) * ROW_H
    for y in range(WINDOW_ROWS):
        half = top + y
        for x in range(WINDOW_W):
            sprite = half_sprite(table, table.cell(left + x, half // 2))
            assert view.window[x, y] == (sprite + HALF_SPRITES * (half % 2) if sprite else 0)


def start(scene, game, opponent=NORMAL):
    scene._begin_match(game, opponent)
    return game


def wait(sim, ms):
    end = sim.clock.ticks_ms() + ms
    while sim.clock.ticks_ms() < end:
        sim.frame()


def until_person(sim, scene, limit=200):
    """Let the CPU's paced steps and the round end run until the person is to act (or a results screen)."""
    for _ in range(limit):
        if scene.mode == MODE_PERSON or isinstance(sim.app.top(), ResultsScene):
            return
        wait(sim, CPU_DELAY_MS // 3)
    raise AssertionError("the CPU never handed over")


def steer(sim, scene, move):
    """Lay `move` with the buttons: Right to the tile, B to the end, Down to the position, A."""
    tile = move & MOVE_TILE
    for _ in range(30):
        if scene.choice.hand_tiles[scene.choice.selected] == tile:
            break
        press(sim, "RIGHT")
    assert scene.choice.hand_tiles[scene.choice.selected] == tile
    if scene.game.table.count and scene.choice.end != (move >> MOVE_END) & 1:
        press(sim, "B")
    for _ in range(8):
        if scene.choice.options[scene.choice.spot] == move:
            break
        press(sim, "DOWN")
    assert scene.choice.options[scene.choice.spot] == move
    press(sim, "A")


def play_match(sim, scene, policy, max_steps=3000):
    """Play the person's side with `policy` until the match results show; returns the rounds seen."""
    rounds = 0
    for _ in range(max_steps):
        top = sim.app.top()
        if isinstance(top, ResultsScene):
            if scene.game.phase == dm.MATCH_OVER and scene.mode == MODE_RESULTS and top.on_done == scene.new_match:
                return rounds
            rounds += 1
            press(sim, "A")
            continue
        if scene.mode == MODE_PASS:
            press(sim, "A")
        elif scene.mode == MODE_PERSON:
            game = scene.game
            move = policy.choose(game)
            if move == 255:
                before = game.stock_count()
                press(sim, "A")
                assert game.stock_count() in (before, before - 1)
            else:
                steer(sim, scene, move)
        else:
            wait(sim, CPU_DELAY_MS // 2)
    raise AssertionError("the match did not end")


def test_dominoes_is_on_the_menu_and_starts_a_match(sim):
    scene = sim.app.top()
    assert isinstance(scene, DominoesScene)
    assert scene.game.phase == dm.PLAYING and scene.game.round_no == 1
    assert scene.mode in (MODE_PERSON, MODE_CPU)


def test_a_seeded_match_plays_to_its_end_and_is_recorded_under_its_level(sim):
    scene = sim.app.top()
    scene.game.target = 50  # a shorter match
    shown = []  # the rows of each results screen
    show = sim.app.show_results
    sim.app.show_results = lambda title, rows, *more, **named: (shown.append(rows), show(title, rows, *more, **named))
    rounds = play_match(sim, scene, DominoesCpu(NORMAL, 3))
    game = scene.game
    assert rounds >= 1 and game.phase == dm.MATCH_OVER
    assert max(game.scores) >= 50
    record = records.load_record(sim.app.store)
    assert won(record, NORMAL) + lost(record, NORMAL) == 1 and sum(record[WON:]) == 1
    assert (won(record, NORMAL) == 1) == (game.match_winner == dm.PERSON)
    # the match's results show the record as it now stands
    assert shown[-1][2:] == [("CPU level", "Normal"), ("Won / lost", "%d / %d" % (won(record, NORMAL),
                                                                                lost(record, NORMAL)))]
    assert saved.load_game(sim.app.store) is None
    press(sim, "A")  # the match results close: a new match starts
    assert sim.app.top() is scene and scene.game.round_no == 1 and scene.game.scores == [0, 0]


def test_cpu_moves_are_paced(sim):
    scene = sim.app.top()
    until_person(sim, scene)
    game = scene.game
    move = DominoesCpu(NORMAL, 1).choose(game)
    if move == 255:
        press(sim, "A")
    else:
        steer(sim, scene, move)
    if scene.mode != MODE_CPU:
        return
    count = game.table.count
    stock = game.stock_count()
    wait(sim, CPU_DELAY_MS // 2)
    assert game.table.count == count and game.stock_count() == stock  # not yet
    wait(sim, CPU_DELAY_MS)
    assert game.table.count == count + 1 or game.stock_count() == stock - 1 or scene.strip.note == "CPU passes"
    assert scene.strip.note.startswith("CPU ")


def _hand_set(scene, person, cpu, lead=tile_of(6, 3)):
    game = dm.DominoesGame(1)
    game.table.place_first(lead)
    game.hands[0] = person
    game.hands[1] = cpu
    game.lead_tile = 255
    game.turn = dm.PERSON
    return start(scene, game)


def test_illegal_presses_change_nothing_and_say_why(sim):
    scene = sim.app.top()
    game = _hand_set(scene, (1 << tile_of(3, 1)) | (1 << tile_of(2, 0)), 1 << tile_of(5, 5))
    while scene.choice.tile() != tile_of(2, 0):
        press(sim, "RIGHT")
    before = game.save()
    press(sim, "A")
    assert game.save() == before
    assert scene.strip.note == "2-0: 2-0 fits no end" and shown(scene) == scene.strip.note
    assert scene.view.table.ghosts[0].hidden
    # during the CPU's turn buttons do nothing
    scene.mode = MODE_CPU
    before = game.save()
    press(sim, "A", "LEFT", "B", "DOWN")
    assert game.save() == before


def test_a_message_fades_to_the_guide_and_a_hint_to_draw_stays(sim):
    scene = sim.app.top()
    _hand_set(scene, 1 << tile_of(3, 1), 1 << tile_of(5, 3))
    scene.strip.note = "CPU lays 6-1"
    scene._draw()
    assert shown(scene) == "CPU lays 6-1"
    wait(sim, NOTE_MS // 2)
    assert scene.strip.note == "CPU lays 6-1"
    wait(sim, NOTE_MS // 2 + 200)
    assert scene.strip.note == "" and shown(scene) == "A lays 3-1"
    _hand_set(scene, 1 << tile_of(2, 1), 1 << tile_of(5, 3))
    assert shown(scene) == "No tile fits: A draws"
    wait(sim, NOTE_MS + 200)
    assert shown(scene) == "No tile fits: A draws"


def _first_lead(scene):
    """The person leads the match's first round, which 6-6 must open; they also hold 1-0."""
    game = dm.DominoesGame(1)
    game.hands[0] = (1 << tile_of(6, 6)) | (1 << tile_of(1, 0))
    game.hands[1] = 1 << tile_of(5, 5)
    game.lead_tile = tile_of(6, 6)
    game.turn = dm.PERSON
    start(scene, game)
    return game


def test_the_first_turn_has_a_hint(sim):
    scene = sim.app.top()
    _first_lead(scene)
    assert shown(scene) == "Lead: A lays 6-6"
    assert not scene.view.table.ghosts[0].hidden


def test_a_tile_that_may_not_lead_says_which_one_must(sim):
    scene = sim.app.top()
    game = _first_lead(scene)
    press(sim, "LEFT")  # to 1-0, which may not lead
    assert scene.choice.tile() == tile_of(1, 0)
    assert shown(scene) == "1-0: Lead with 6-6"
    assert scene.view.table.ghosts[0].hidden
    press(sim, "A")
    assert game.table.count == 0
    assert shown(scene) == "1-0: Lead with 6-6"

def _block_end(game, end, number):
    """Wall in `end` of the line with stray tiles around the cell past it (an end blocked by other tiles)."""
    table = game.table
    step = table.step[table.end_dir[end]]
    ahead = table.end_cell[end] + step
    stray = tile_of(0, 0) + 1
    for c in (ahead + step, ahead + step + table.stride, ahead + step - table.stride, ahead + 2 * step):
        table.grid[c] = stray
    table._forget()
    assert not table.end_room(end)


def test_a_dead_end_is_marked_and_the_hint_says_why_a_matching_tile_cannot_go(sim):
    scene = sim.app.top()
    # the person holds 4-1, the east end shows 4 but is walled in: no tile fits, and the hint says why
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 4))
    _block_end(game, 1, 4)
    game.hands[0] = 1 << tile_of(4, 1)
    game.hands[1] = 1 << tile_of(5, 5)
    game.lead_tile = 255
    game.turn = dm.PERSON
    start(scene, game)
    assert game.legal_moves() == 0
    assert shown(scene) == "4 end blocked; A draws"
    dead = scene.view.table.dead
    assert not dead[1].hidden and dead[0].hidden
    c = game.table.end_cell[1]
    assert (dead[1].x, dead[1].y) == (game.table.cell_x(c) * 12, game.table.cell_y(c) * 12)
    # the overview marks it too
    press(sim, "SELECT")
    assert scene.view.table.whole.grid[game.table.cell_x(c), game.table.cell_y(c)] >= 9


def test_ghost_shows_the_chosen_position_and_up_down_cycle_it(sim):
    scene = sim.app.top()
    _hand_set(scene, (1 << tile_of(3, 1)) | (1 << tile_of(6, 2)) | (1 << tile_of(0, 0)), 1 << tile_of(5, 5))
    assert scene.mode == MODE_PERSON
    spots = set()
    ghosts = scene.view.table.ghosts
    for _ in range(3):
        assert not ghosts[0].hidden and not ghosts[1].hidden
        spots.add((ghosts[1].x, ghosts[1].y))
        press(sim, "DOWN")
    assert len(spots) == 3  # straight, left and right
    end = scene.choice.end
    press(sim, "B")
    assert scene.strip.note == "It fits one end only" and scene.choice.end == end  # 3-1 fits only the 3 end
    # a tile that fits nowhere: no ghost, and no playable mark
    while scene.choice.tile() != tile_of(0, 0):
        press(sim, "RIGHT")
    assert ghosts[0].hidden
    assert raised(scene) == tile_of(0, 0)
    assert shown(scene) == "0-0: 0-0 fits no end"
    assert not scene.view.marks[scene.choice.selected - scene.offset, 0]
    press(sim, "RIGHT")
    assert raised(scene) in (tile_of(3, 1), tile_of(6, 2))
    assert scene.view.marks[scene.choice.selected - scene.offset, 0]


def test_playable_tiles_are_marked_in_full_contrast(sim):
    scene = sim.app.top()
    _hand_set(scene, (1 << tile_of(3, 1)) | (1 << tile_of(2, 0)) | (1 << tile_of(6, 6)), 1 << tile_of(5, 5))
    marked = set()
    for k in range(3):
        tile = scene.choice.hand_tiles[scene.offset + k]
        grid = scene.view.selected if scene.offset + k == scene.choice.selected else scene.view.hand[k]
        assert hand_tile(grid) == tile  # the same tile picture whether it fits or not
        if scene.view.marks[k, 0]:
            marked.add(tile)
    assert marked == {tile_of(3, 1), tile_of(6, 6)}
    colors = scene.view.hand[0].pixel_shader
    assert colors[1] == 0xF4F0E4  # the same body for every tile: no dimming


def test_laid_tiles_appear_on_the_table_grid(sim):
    scene = sim.app.top()
    until_person(sim, scene)
    game = scene.game
    policy = DominoesCpu(EASY, 4)
    for _ in range(6):
        until_person(sim, scene)
        if isinstance(sim.app.top(), ResultsScene):
            break
        move = policy.choose(game)
        press(sim, "A") if move == 255 else steer(sim, scene, move)
    table = game.table
    view = scene.view.table
    occupied = sum(1 for y in range(TABLE_H) for x in range(TABLE_W) if half_sprite(table, table.cell(x, y)))
    assert occupied == 2 * table.count
    for i in range(table.count):
        for c, n in ((table.cell1[i], table.num1[i]), (table.cell2[i], table.num2[i])):
            assert (half_sprite(table, c) - 1) // 4 == n  # the half sprite shows that half's number
    assert_window_shows_table(view, table)


def _line_east(scene, others, hand, turning):
    """A game whose line runs east from 6-3 through `others` (straight on, or where the end keeps the most room
    when `turning`), the person to move holding `hand`."""
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 3))
    n = 3
    for other in others:
        game.table.place(tile_of(n, other), 1, game.table.best_option(0, 1) if turning else 0)
        n = other
    game.hands[0] = 1 << hand
    game.hands[1] = 1 << (tile_of(5, 5) if hand != tile_of(5, 5) else tile_of(2, 2))
    game.lead_tile = 255
    game.turn = dm.PERSON
    return start(scene, game)


def test_the_camera_follows_the_ghost_smoothly(sim):
    scene = sim.app.top()
    game = _line_east(scene, (1, 5, 0, 4, 2), tile_of(2, 2), False)  # straight, far past the first screen
    view = scene.view.table
    camera = view.camera
    view.center_on(0, 0)  # looking at the table's far corner: the ghost is off the window
    scene._draw()
    assert (camera.x, camera.y) != (camera.target_x, camera.target_y)
    x0 = camera.x
    sim.frame()
    assert x0 < camera.x < camera.target_x  # a glide, not a jump
    wait(sim, 1000)
    assert (camera.x, camera.y) == (camera.target_x, camera.target_y)  # settled
    ghost = view.ghosts[0]
    assert 0 <= ghost.x - camera.x and ghost.x - camera.x + 12 <= 160
    assert view.board.x == -camera.x
    assert_window_shows_table(view, game.table)


def test_the_window_keeps_up_a_pixel_at_a_time_over_the_laid_tiles(sim):
    scene = sim.app.top()
    game = _line_east(scene, (1, 5, 0, 4, 2, 6), tile_of(5, 5), True)
    view = scene.view.table
    first = game.table.first_cell
    x0 = game.table.cell_x(first) * 12 - 60
    y0 = game.table.cell_y(first) * 12 - 36
    halves = set()
    for dy in range(-70, 71):  # the line leaves the window above and below, and comes back
        view.set_camera((x0 + dy // 3, y0 + dy, x0 + dy // 3, y0 + dy))
        assert_window_shows_table(view, game.table)
        halves.add(view.window.y // ROW_H % 2)
    assert halves == {0, 1}  # windows that start with a row of upper halves, and of lower halves
    # a tile laid and not drawn yet shows once the window is rewritten
    game.table.place(tile_of(6, 6), 0, 0)
    view.set_camera((x0 - 12, y0, x0 - 12, y0))
    assert_window_shows_table(view, game.table)


def test_behind_the_whole_table_the_camera_goes_straight_to_its_target(sim):
    scene = sim.app.top()
    game = _line_east(scene, (1, 5, 0, 4, 2), tile_of(2, 2), False)
    view = scene.view.table
    camera = view.camera
    view.center_on(0, 0)
    scene._draw()
    assert (camera.x, camera.y) != (camera.target_x, camera.target_y)  # a glide to come
    press(sim, "SELECT")
    assert scene.overview and (camera.x, camera.y) == (camera.target_x, camera.target_y)
    press(sim, "B")  # back to the window: drawn once where the camera looks, nothing left to glide
    assert not scene.overview and not view.glide()
    assert_window_shows_table(view, game.table)


def test_the_cameras_limits_are_the_table_less_the_window():
    from pips.dominoes.table_view import CELL, VIEW_H
    from pips.ui.text import SCREEN_W
    assert (table_view._MAX_X, table_view._MAX_Y) == (TABLE_W * CELL - SCREEN_W, TABLE_H * CELL - VIEW_H)


def test_the_window_is_rewritten_as_the_camera_glides_over_the_table(sim):
    scene = sim.app.top()
    game = _line_east(scene, (1, 5, 0, 4, 2, 6), tile_of(5, 5), True)  # a line east, turning before the edge
    view = scene.view.table
    for x, y in ((0, 0), (TABLE_W - 1, TABLE_H - 1), (TABLE_W // 2, TABLE_H // 2)):
        view.center_on(x, y)
        assert_window_shows_table(view, game.table)
        view.camera.follow(x * 12, y * 12, x * 12 + 24, y * 12 + 12)
        for _ in range(4):  # part of a glide: the board moves a few pixels a frame, the window keeps up
            view.glide()
            assert_window_shows_table(view, game.table)
    view.center_on(game.table.cell_x(game.table.first_cell), game.table.cell_y(game.table.first_cell))
    shown_halves = sum(1 for y in range(0, WINDOW_ROWS, 2) for x in range(WINDOW_W) if view.window[x, y])
    assert shown_halves >= 4  # the lead and its neighbours are in the window


def _forget(name):
    """Unload pips.dominoes.`name` as pips.modules does (module and package attribute)."""
    import pips.dominoes
    sys.modules.pop("pips.dominoes." + name, None)
    if hasattr(pips.dominoes, name):
        delattr(pips.dominoes, name)


def test_the_sheets_drawing_code_leaves_once_the_screen_is_built(sim):
    import pips.dominoes
    from pips.dominoes.view import DominoesView
    _forget("sheets")  # (another test may have imported it)
    view = DominoesView()
    assert view.table.halves.width == 30 * 12  # drawn
    assert "pips.dominoes.sheets" not in sys.modules and not hasattr(pips.dominoes, "sheets")


def test_the_whole_table_opens_a_frame_after_select_and_not_under_another_screen(sim):
    from pips.platform import KEY_SELECT
    scene = sim.app.top()
    until_person(sim, scene)
    sim.platform.keys.record(KEY_SELECT, True)
    sim.frame()
    assert not scene.overview and sim.app.screen_due()  # the press's frame: the busy mark (~3 ms on a badge)
    sim.frame()
    assert scene.overview and scene.view.table.whole is not None  # drawn whole in the next
    sim.platform.keys.record(KEY_SELECT, False)
    sim.app.dispatch(actions.B)
    assert not scene.overview
    sim.platform.keys.record(KEY_SELECT, True)
    sim.frame()
    sim.app.pause(scene)  # another screen on top before the next frame (as a round's end would)
    sim.frame()
    assert isinstance(sim.app.top(), PauseScene) and not scene.overview


def test_select_shows_the_whole_table_and_any_key_goes_back(sim):
    import pips.dominoes
    scene = sim.app.top()
    _hand_set(scene, 1 << tile_of(3, 1), 1 << tile_of(5, 5))
    before = scene.game.save()
    _forget("overview")  # (another test may have imported it)
    press(sim, "SELECT")
    assert "pips.dominoes.overview" in sys.modules
    assert not scene.view.table.overview.hidden and scene.view.table.group.hidden
    assert scene.view.table.whole is not None and len(scene.view.table.overview) > 0
    press(sim, "A")  # goes back, lays nothing
    assert scene.view.table.overview.hidden and not scene.view.table.group.hidden
    assert scene.view.table.whole is None and len(scene.view.table.overview) == 0  # made only while shown
    assert "pips.dominoes.overview" not in sys.modules and not hasattr(pips.dominoes, "overview")
    assert len(scene.view.cover) == 0  # against the CPU the pass cover is never made
    assert scene.game.save() == before


def test_draw_and_pass_are_told(sim):
    scene = sim.app.top()
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 3))
    game.hands[0] = (1 << tile_of(2, 1)) | (1 << tile_of(2, 2))
    game.hands[1] = (1 << tile_of(5, 3)) | (1 << tile_of(1, 0)) | (1 << tile_of(5, 4))
    stock = [tile_of(4, 0), tile_of(0, 0), tile_of(6, 1)]
    rest = [t for t in range(28) if t not in stock and not (game.hands[0] | game.hands[1]) & (1 << t)
            and t != tile_of(6, 3)]
    game.deck[:] = bytes([tile_of(6, 3)] + rest + [t for t in range(28) if (game.hands[0] | game.hands[1]) & (1 << t)]
                         + stock)
    game.draw_pos = 25
    game.lead_tile = 255
    game.turn = dm.PERSON
    start(scene, game)
    assert shown(scene) == "No tile fits: A draws"
    press(sim, "A")
    assert game.hands[0] & (1 << tile_of(4, 0))
    assert shown(scene) == "Drew 4-0; A passes"
    press(sim, "A")
    assert scene.mode == MODE_CPU and scene.strip.note == "You pass"
    wait(sim, CPU_DELAY_MS + 100)
    assert shown(scene) == "CPU lays 5-3"
    assert scene.mode == MODE_PERSON  # the person still cannot play and must pass again
    wait(sim, SEEN_MS + 100)
    assert shown(scene) == "Your turn: CPU laid 5-3"
    wait(sim, NOTE_MS + 100)
    assert shown(scene) == "No tile fits: A passes"
    press(sim, "LEFT")  # any key keeps the hint
    assert shown(scene) == "No tile fits: A passes"
    press(sim, "A")
    assert game.last_kind == dm.LAST_PASS and game.last_player == dm.PERSON and scene.strip.note == "You pass"


def test_round_result_counts_the_pips(sim):
    scene = sim.app.top()
    game = _hand_set(scene, 1 << tile_of(3, 1), (1 << tile_of(5, 5)) | (1 << tile_of(4, 2)))
    steer(sim, scene, DominoesCpu(NORMAL, 1).choose(game))
    assert scene.mode == MODE_ROUND_END and scene.strip.note == "Domino! You win"
    wait(sim, 2000)
    top = sim.app.top()
    assert isinstance(top, ResultsScene)
    assert game.scores[0] == 16 and game.round_points == 16


def test_the_cpu_leaves_ram_under_the_round_results_and_comes_back_before_the_view(sim):
    scene = sim.app.top()
    game = _hand_set(scene, 1 << tile_of(3, 1), (1 << tile_of(5, 5)) | (1 << tile_of(4, 2)))
    scene.cpu_player.make().rng.next15()  # a CPU that has drawn numbers
    numbers = bytearray(8)
    scene.cpu_player.cpu.rng.save_into(numbers, 0)
    steer(sim, scene, DominoesCpu(NORMAL, 1).choose(game))
    wait(sim, 2000)
    assert isinstance(sim.app.top(), ResultsScene)
    assert scene.cpu_player.cpu is None and scene.view is None and "engine.dominoes_cpu" not in sys.modules
    press(sim, "A")  # the next round
    assert sim.app.top() is scene and game.round_no == 2 and scene.view is not None
    assert scene.cpu_player.cpu is not None and scene.cpu_player.cpu.level == scene.opponent
    again = bytearray(8)
    scene.cpu_player.cpu.rng.save_into(again, 0)
    dealt = bytearray(8)
    game.rng.save_into(dealt, 0)
    assert again != numbers and again == dealt  # each round's CPU numbers go on from its deal's (its code's)


def test_save_and_resume_restore_the_match(sim):
    scene = sim.app.top()
    until_person(sim, scene)
    policy = DominoesCpu(NORMAL, 2)
    move = policy.choose(scene.game)
    press(sim, "A") if move == 255 else steer(sim, scene, move)
    until_person(sim, scene)
    kept = scene.game.save()
    press(sim, "START")
    pause = sim.app.top()
    assert isinstance(pause, PauseScene)
    pause.choose("Save & quit")
    sim.frame()  # at the start of the next frame (App.later)
    assert sim.app.store.load(saves.DOMINOES_GAME) is not None
    assert len(sim.app.store.load(saves.DOMINOES_GAME)) <= 512
    start_dominoes(sim.app)
    again = sim.app.top()
    assert isinstance(again, DominoesScene) and again is not scene
    assert again.game.save() == kept
    assert again.strip.note == "Match resumed"
    # its copy stays until the match ends (a power cut before the next keep loses nothing)
    assert saved.load_game(sim.app.store)[0].save() == kept


def _texts(group):
    """Every text label under a displayio group."""
    found = []
    for item in group:
        if hasattr(item, "text"):
            found.append(item.text)
        elif hasattr(item, "__len__") and not hasattr(item, "pixel_shader"):
            found.extend(_texts(item))
    return found


def test_new_round_against_the_cpu_concedes_the_round_after_a_question_that_says_so(sim):
    # Play-tested: New round re-dealt a bad hand for free against the CPU, and still counted the round dropped.
    scene = sim.app.top()
    game = scene.game
    game.scores[0] = 30
    game.scores[1] = 12
    round_no = game.round_no
    pips = dm.hand_pips(game.hands[dm.PERSON])
    press(sim, "START")
    sim.app.top().choose("New round")
    question = sim.app.top()
    assert question.question.startswith("Concede this round?")
    question.answer(True)
    assert sim.app.top() is scene and game.phase != dm.PLAYING and game.round_conceded
    assert game.scores == [30, 12 + pips] and game.round_winner == 1 and shown(scene) == "You concede"
    wait(sim, 2000)
    results = sim.app.top()
    assert isinstance(results, ResultsScene)
    said = _texts(results.group)
    assert "Conceded" in said and "CPU wins the round" in said and "+%d CPU" % pips in said
    press(sim, "A")
    assert sim.app.top() is scene and game.round_no == round_no + 1 and game.phase == dm.PLAYING


def test_new_round_keeps_the_match_score_and_new_match_starts_over(sim):
    scene = _two_people(sim)
    game = scene.game
    game.scores[0] = 30
    game.scores[1] = 12
    round_no = game.round_no
    press(sim, "START")
    pause = sim.app.top()
    assert "New round" in pause.items and "New match" in pause.items
    pause.choose("New round")
    assert sim.app.top().question == "Start a new round?"  # between people nobody scores: no concede
    sim.app.top().answer(True)
    assert sim.app.top() is scene and scene.game is game
    # the round dropped does not count: the new deal keeps its number
    assert game.scores == [30, 12] and game.round_no == round_no and game.phase == dm.PLAYING
    assert game.table.count == 0 or game.table.count == 1
    press(sim, "START")
    sim.app.next_seed = lambda: 4242
    sim.app.top().choose("New match")
    sim.app.top().answer(True)
    assert sim.app.top() is scene and scene.game.scores == [0, 0] and scene.game.round_no == 1
    # the match a fresh game of that seed deals, in the same game's buffers (no new table on the heap)
    assert scene.game is game and game.save() == dm.DominoesGame(4242, scene.target()).save()


def test_settings_rows_persist_opponent_and_target(sim):
    scene = sim.app.top()
    rows = scene.settings_rows()
    assert [row.label for row in rows] == ["Opponent", "Match to"]
    rows[0].on_change(HARD)
    rows[1].on_change(2)
    record = records.load_record(sim.app.store)
    assert record[OPPONENT] == HARD and dm.MATCH_TARGETS[record[TARGET]] == 150 and scene.record == record
    assert scene.opponent == HARD and scene.game.target == 150  # (the CPU is made at that level)
    rows[0].on_change(PEOPLE)  # two people: from the next match
    assert scene.opponent == HARD and scene.strip.note == "From the next match"
    scene.new_match()
    assert scene.opponent == PEOPLE and scene.game.target == 150


def _two_people(sim):
    scene = sim.app.top()
    scene.record[OPPONENT] = PEOPLE
    scene.new_match()
    return scene


def test_two_people_pass_the_badge_behind_a_cover(sim):
    scene = _two_people(sim)
    game = scene.game
    assert scene.mode == MODE_PASS and not scene.view.cover.hidden
    assert all(grid[0] == 0 and grid[1] == 0 for grid in scene.view.hand) and scene.view.selected.hidden  # no hand shows
    assert all(scene.view.marks[k, 0] == 0 for k in range(HAND_SLOTS))
    assert scene.view.cover_body.text == "to Player %d" % (game.turn + 1)
    press(sim, "LEFT", "B")  # nothing but A goes past the cover
    assert scene.mode == MODE_PASS
    press(sim, "A")
    assert scene.mode == MODE_PERSON and scene.view.cover.hidden
    assert len(scene.view.cover) == 0  # its panel and texts are made only while it is shown
    first = game.turn
    assert scene.choice.hand_len == dm.hand_count(game.hands[first])
    assert scene.view.counts.text == "P%d hand 7" % (2 - first)
    press(sim, "A")  # the lead
    assert game.turn == 1 - first and scene.mode == MODE_PASS and not scene.view.cover.hidden
    assert all(grid[0] == 0 and grid[1] == 0 for grid in scene.view.hand)
    press(sim, "A")
    assert scene.mode == MODE_PERSON
    shown_tiles = set(scene.choice.hand_tiles[i] for i in range(scene.choice.hand_len))
    assert all(game.hands[game.turn] & (1 << t) for t in shown_tiles)


def test_two_people_play_a_match_and_it_is_recorded_as_theirs(sim):
    scene = _two_people(sim)
    scene.game.target = 50
    play_match(sim, scene, DominoesCpu(NORMAL, 3))
    record = records.load_record(sim.app.store)
    assert won(record, PEOPLE) + lost(record, PEOPLE) == 1
    assert sum(record[WON:WON + 2 * PEOPLE]) == 0
    assert (won(record, PEOPLE) == 1) == (scene.game.match_winner == 0)


def test_two_people_save_and_resume(sim):
    scene = _two_people(sim)
    press(sim, "A", "A")
    kept = scene.game.save()
    press(sim, "START")
    sim.app.top().choose("Save & quit")
    start_dominoes(sim.app)
    again = sim.app.top()
    assert again.opponent == PEOPLE and again.game.save() == kept
    assert again.mode == MODE_PASS  # the hand stays hidden until the player takes the badge


def test_rules_page_is_there(sim):
    scene = sim.app.top()
    title, text = scene.rules()
    text = text.read()  # a text file (pips.text), read when shown
    assert "Dominoes" in title and "blocked" in text and "corner" in text and "SELECT" in text


def test_hand_scrolls_when_it_grows_past_the_screen(sim):
    scene = sim.app.top()
    hand = 0
    for t in range(19):  # no 6 among the first 19 tiles except 6-0 and 6-1
        hand |= 1 << t
    _hand_set(scene, hand, 1 << tile_of(5, 5), tile_of(6, 6))
    assert scene.choice.hand_len == 19
    while scene.choice.selected != 18:
        press(sim, "RIGHT")
    assert scene.offset == 19 - HAND_SLOTS
    assert raised(scene) == scene.choice.hand_tiles[18]


def test_the_ghost_starts_on_the_position_that_keeps_the_end_the_most_room(sim):
    scene = sim.app.top()
    policy = DominoesCpu(NORMAL, 5)
    checked = 0
    for _ in range(300):
        if isinstance(sim.app.top(), ResultsScene):
            if scene.game.phase == dm.MATCH_OVER:
                break
            press(sim, "A")
            continue
        if scene.mode != MODE_PERSON:
            wait(sim, CPU_DELAY_MS // 2)
            continue
        game = scene.game
        choice = scene.choice
        for _ in range(choice.hand_len):  # look at each tile of the hand, as a player would
            if choice.option_count >= 2 and game.table.count:
                tile = choice.tile()
                best = game.table.best_option(1 if tile in (0, 2, 5, 9, 14, 20, 27) else 0, choice.end)
                assert choice.move() >> MOVE_OPTION == best
                checked += 1
            press(sim, "RIGHT")
        move = policy.choose(game)
        if move == 255:
            press(sim, "A")
        else:
            steer(sim, scene, move)
    assert checked >= 10, checked


def test_a_cpu_match_after_a_first_match_between_people_gets_its_own_numbers(sim):
    # Found by the monkey: a scene whose first match was between people has no CPU numbers yet; the opponent set to
    # the CPU in Settings, the match's results' Again made the CPU before the view came back, from no numbers.
    scene = _two_people(sim)
    records.save_record(sim.app.store, scene.record)
    press(sim, "START")
    sim.app.top().choose("Save & quit")
    start_dominoes(sim.app)
    scene = sim.app.top()
    assert scene.opponent == PEOPLE and scene.cpu_player is None
    scene.record[OPPONENT] = NORMAL
    scene.drop_view()  # as under the match's results
    scene.new_match()
    assert scene.opponent == NORMAL and scene.cpu_player.cpu is not None
    until_person(sim, scene)


def _deals(code, target):
    """The deck a fresh match from a replay code deals (its first round)."""
    from pips import code_entry
    return bytes(dm.DominoesGame(code_entry.decode(code), target).deck)


def test_the_code_shown_deals_that_round_and_each_round_has_its_own(tmp_path):
    # Play-tested: with a fixed seed the scene asked for two seeds at its start (the deal's and the CPU's) and showed
    # the second; a code played dealt another round, and New round kept the code.
    sim = make_sim(tmp_path, store=DictStore(), seed=5)
    start_dominoes(sim.app)
    scene = sim.app.top()
    game = scene.game
    first_cpu = bytes(scene.cpu_player.rng)
    codes_seen = []
    for _ in range(3):
        code = sim.app.round_code()
        assert code is not None and code not in codes_seen
        assert _deals(code, game.target) == bytes(game.deck)
        press(sim, "START")
        assert sim.app.top().items[-1] == "Code " + code  # the pause menu shows it
        press(sim, "START")
        codes_seen.append(code)
        game.phase = 1  # the round over (engine.dominoes' _ROUND_OVER): the next one is dealt
        scene._after_round_result()
        assert game.round_no == len(codes_seen) + 1
    # the first round's code deals it again, and seeds the CPU alike (its numbers go on from the deal's)
    from pips import code_entry
    replay = make_sim(tmp_path, store=DictStore(), seed=99)
    replay.app.start("dominoes", round_seed=code_entry.decode(codes_seen[0]))
    replay.app.dispatch(actions.A)  # Start on the setup
    again = replay.app.top()
    assert bytes(again.game.deck) == _deals(codes_seen[0], game.target)
    assert bytes(again.cpu_player.rng) == first_cpu


def test_after_the_cpus_move_the_strip_says_it_is_your_turn_and_idle_it_shows_the_controls(sim):
    # Play-tested: the strip still said "CPU lays 5-5" on the player's turn, and no control was shown anywhere
    scene = sim.app.top()
    game = scene.game
    for _ in range(200):  # until the CPU has moved and handed the turn over
        if scene.mode == MODE_PERSON and game.last_player == 1:
            break
        if scene.mode == MODE_PERSON:
            press(sim, "A") if game.legal_moves() == 0 else steer(sim, scene, game.moves[0])
        wait(sim, 50)
    assert scene.mode == MODE_PERSON and game.last_player == 1
    said = shown(scene)
    assert said.startswith("CPU "), said
    wait(sim, SEEN_MS + 100)
    assert shown(scene).startswith("Your turn: CPU "), shown(scene)
    wait(sim, NOTE_MS + 100)
    guide = scene.guide()
    assert shown(scene) == guide
    wait(sim, HINT_MS + 100)  # left idle: the controls, then the guide again, in turn
    assert shown(scene) == scene.controls() and "Sel table" in shown(scene)
    wait(sim, HINT_MS)
    assert shown(scene) == guide
    wait(sim, HINT_MS)
    assert shown(scene) == scene.controls()
    press(sim, "LEFT")  # a press: the guide at once
    assert shown(scene) == scene.guide()


def test_the_first_tips_and_how_to_play_mention_selects_whole_table():
    from pips.text import File
    assert "Select shows the whole table" in File("first_game_tips.txt").read(2)
    assert "In Dominoes, SELECT shows the whole table" in File("how_to_play.txt").read()
