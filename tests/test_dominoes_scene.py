"""Dominoes' scene in the headless simulator on real displayio: a seeded match played to its end through button
actions (a scripted policy steers the cursor), CPU moves paced on the fake clock, illegal presses that change
nothing, draw/pass messages, round and match results, the persisted record and settings, save & resume."""
import pytest

from engine import dominoes as dm
from engine.dominoes_cpu import EASY, HARD, NORMAL, DominoesCpu
from engine.dominoes_table import TABLE_W, tile_of
from pips import actions, saves
from pips.dominoes import records
from pips.dominoes.scene import CPU_DELAY_MS, NOTE_MS, MODE_CPU, MODE_PERSON, MODE_RESULTS, MODE_ROUND_END, DominoesScene
from pips.dominoes.view import HAND_DIM, HAND_SLOTS
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from tests.simkit import DictStore, make_sim


@pytest.fixture
def sim(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dominoes")
    return sim


def press(sim, *names):
    for name in names:
        sim.app.dispatch(getattr(actions, name))
        sim.app.tick(sim.clock.ticks_ms())


def shown(scene):
    """The text in the message box ("" when the box is hidden)."""
    return "" if scene.view.box.hidden else scene.view.message.text


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
    tile = move & 31
    for _ in range(30):
        if scene.hand_tiles[scene.selected] == tile:
            break
        press(sim, "RIGHT")
    assert scene.hand_tiles[scene.selected] == tile
    if scene.game.table.count and scene.end != (move >> 5) & 1:
        press(sim, "B")
    for _ in range(8):
        if scene.options[scene.spot] == move:
            break
        press(sim, "DOWN")
    assert scene.options[scene.spot] == move
    press(sim, "A")


def play_match(sim, scene, policy, max_steps=3000):
    """Play the person's side with `policy` until the match results show; returns the rounds seen."""
    rounds = 0
    for _ in range(max_steps):
        top = sim.app.top()
        if isinstance(top, ResultsScene):
            if scene.game.phase == dm.MATCH_OVER and scene.mode == MODE_RESULTS and top.on_done == scene.new_round:
                return rounds
            rounds += 1
            press(sim, "A")
            continue
        if scene.mode == MODE_PERSON:
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


def test_a_seeded_match_plays_to_its_end_and_is_recorded(sim):
    scene = sim.app.top()
    scene.game.target = 50  # a shorter match
    rounds = play_match(sim, scene, DominoesCpu(NORMAL, 3))
    game = scene.game
    assert rounds >= 1 and game.phase == dm.MATCH_OVER
    assert max(game.scores) >= 50
    record = records.load_record(sim.app.store)
    assert record.won + record.lost == 1
    assert (record.won == 1) == (game.match_winner == dm.PERSON)
    assert records.load_game(sim.app.store) is None
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
    assert game.table.count == count + 1 or game.stock_count() == stock - 1 or scene.note == "CPU passes"
    assert scene.note.startswith("CPU ")


def test_illegal_presses_change_nothing(sim):
    scene = sim.app.top()
    until_person(sim, scene)
    game = scene.game
    fits = game.fitting_tiles()
    for i in range(scene.hand_len):
        if not fits & (1 << scene.hand_tiles[i]):
            while scene.selected != i:
                press(sim, "RIGHT")
            before = game.save()
            press(sim, "A")
            assert game.save() == before
            assert scene.note == "That tile does not fit"
            assert scene.view.ghosts[0].hidden
            break
    else:
        pytest.skip("every tile fits")
    # during the CPU's turn buttons do nothing
    scene.mode = MODE_CPU
    before = game.save()
    press(sim, "A", "LEFT", "B", "DOWN")
    assert game.save() == before


def _hand_set(scene, person, cpu):
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 3))
    game.hands[0] = person
    game.hands[1] = cpu
    game.lead_tile = 255
    game.turn = dm.PERSON
    scene._start(game)
    return game


def test_a_message_on_your_turn_fades_but_a_hint_to_draw_stays(sim):
    scene = sim.app.top()
    _hand_set(scene, 1 << tile_of(3, 1), 1 << tile_of(5, 3))
    scene.note = "CPU lays 6-1"
    scene._draw()
    assert not scene.view.box.hidden
    wait(sim, NOTE_MS // 2)
    assert scene.note == "CPU lays 6-1"
    wait(sim, NOTE_MS // 2 + 200)
    assert scene.note == "" and scene.view.box.hidden
    _hand_set(scene, 1 << tile_of(2, 1), 1 << tile_of(5, 3))
    assert shown(scene) == "No tile fits: A draws"
    wait(sim, NOTE_MS + 200)
    assert shown(scene) == "No tile fits: A draws" and not scene.view.box.hidden


def test_ghost_shows_the_chosen_position_and_up_down_cycle_it(sim):
    scene = sim.app.top()
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 3))
    game.hands[0] = (1 << tile_of(3, 1)) | (1 << tile_of(6, 2)) | (1 << tile_of(0, 0))
    game.hands[1] = 1 << tile_of(5, 5)
    game.lead_tile = 255
    game.turn = dm.PERSON
    scene._start(game)
    assert scene.mode == MODE_PERSON
    spots = set()
    for _ in range(3):
        assert not scene.view.ghosts[0].hidden and not scene.view.ghosts[1].hidden
        spots.add((scene.view.ghosts[1].x, scene.view.ghosts[1].y))
        press(sim, "DOWN")
    assert len(spots) == 3  # straight, left and right
    end = scene.end
    press(sim, "B")
    assert scene.note == "It fits one end only" and scene.end == end  # 3-1 fits only the 3 end
    # a tile that fits nowhere shows in the dim sprites and has no ghost
    while scene.hand_tiles[scene.selected] != tile_of(0, 0):
        press(sim, "RIGHT")
    assert scene.view.ghosts[0].hidden
    slot = scene.selected - scene.offset
    assert scene.view.selected[0] == HAND_DIM + tile_of(0, 0)
    assert end in (0, 1) and slot < HAND_SLOTS


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
    shown = scene.view.shown
    occupied = sum(1 for v in shown if v)
    assert occupied == 2 * table.count
    for i in range(table.count):
        assert shown[table.cell1[i]] and shown[table.cell2[i]]
        # the half sprite shows that half's number
        assert (shown[table.cell1[i]] - 1) // 4 == table.num1[i]


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
    scene._start(game)
    assert shown(scene) == "No tile fits: A draws"
    press(sim, "A")
    assert game.hands[0] & (1 << tile_of(4, 0))
    assert shown(scene) == "Drew 4-0; A passes"
    press(sim, "A")
    assert scene.mode == MODE_CPU
    wait(sim, CPU_DELAY_MS + 100)
    assert shown(scene) == "CPU lays 5-3"
    assert scene.mode == MODE_PERSON  # the person still cannot play and must pass again
    wait(sim, NOTE_MS + 200)
    assert shown(scene) == "No tile fits: A passes"
    press(sim, "LEFT")  # any key keeps the hint
    assert shown(scene) == "No tile fits: A passes"
    press(sim, "A")
    assert game.last_kind == dm.LAST_PASS and game.last_player == dm.PERSON


def test_round_result_counts_the_pips(sim):
    scene = sim.app.top()
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 3))
    game.hands[0] = 1 << tile_of(3, 1)
    game.hands[1] = (1 << tile_of(5, 5)) | (1 << tile_of(4, 2))
    game.lead_tile = 255
    game.turn = dm.PERSON
    scene._start(game)
    steer(sim, scene, DominoesCpu(NORMAL, 1).choose(game))
    assert scene.mode == MODE_ROUND_END and scene.note == "Domino! You win"
    wait(sim, 2000)
    top = sim.app.top()
    assert isinstance(top, ResultsScene)
    assert game.scores[0] == 16 and game.round_points == 16


def test_save_and_resume_restore_the_match(sim, tmp_path):
    scene = sim.app.top()
    until_person(sim, scene)
    policy = DominoesCpu(NORMAL, 2)
    move = policy.choose(scene.game)
    press(sim, "A") if move == 255 else steer(sim, scene, move)
    until_person(sim, scene)
    saved = scene.game.save()
    press(sim, "START")
    pause = sim.app.top()
    assert isinstance(pause, PauseScene)
    pause.choose("Save & quit")
    assert sim.app.store.load(saves.DOMINOES_GAME) is not None
    assert len(sim.app.store.load(saves.DOMINOES_GAME)) <= 512
    sim.app.start("dominoes")
    again = sim.app.top()
    assert isinstance(again, DominoesScene) and again is not scene
    assert again.game.save() == saved
    assert again.note == "Match resumed"
    assert records.load_game(sim.app.store) is None  # a saved match resumes once


def test_settings_rows_persist_level_and_target(sim):
    scene = sim.app.top()
    rows = scene.settings_rows()
    labels = [row.label for row in rows]
    assert labels == ["CPU level", "Match to"]
    rows[0].on_change(HARD)
    rows[1].on_change(2)
    record = records.load_record(sim.app.store)
    assert record.level == HARD and record.target() == 150
    assert scene.cpu.level == HARD and scene.game.target == 150
    scene.new_round()
    assert scene.game.target == 150


def test_rules_page_is_there(sim):
    scene = sim.app.top()
    title, text = scene.rules()
    assert "Dominoes" in title and "blocked" in text and "corner" in text


def test_hand_scrolls_when_it_grows_past_the_screen(sim):
    scene = sim.app.top()
    game = dm.DominoesGame(1)
    game.table.place_first(tile_of(6, 6))
    hand = 0
    for t in range(19):  # no 6 among the first 19 tiles except 6-0 and 6-1
        hand |= 1 << t
    game.hands[0] = hand
    game.hands[1] = 1 << tile_of(5, 5)
    game.lead_tile = 255
    game.turn = dm.PERSON
    scene._start(game)
    assert scene.hand_len == 19
    for _ in range(18):
        press(sim, "RIGHT")
    assert scene.selected == (scene.selected % 19)
    while scene.selected != 18:
        press(sim, "RIGHT")
    assert scene.offset == 19 - HAND_SLOTS
    assert scene.view.selected[0] in (1 + scene.hand_tiles[18], HAND_DIM + scene.hand_tiles[18])
    assert TABLE_W == 20


def _room_after(table, tile, end, move):
    table.place(tile, end, move >> 6)
    room = table.open_positions(end)
    table.undo()
    return room


def test_the_ghost_starts_on_the_position_that_leaves_the_most_room(sim):
    # Going straight on is not always the first thing to show: next to the table's edge it blocks the line.
    scene = sim.app.top()
    policy = DominoesCpu(NORMAL, 5)
    checked = 0
    first_was_worse = 0
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
        for _ in range(scene.hand_len):  # look at each tile of the hand, as a player would
            if scene.option_count >= 2 and game.table.count:
                tile = scene.hand_tiles[scene.selected]
                rooms = [_room_after(game.table, tile, scene.end, scene.options[k]) for k in range(scene.option_count)]
                assert rooms[scene.spot] == max(rooms)
                checked += 1
                first_was_worse += rooms[0] < max(rooms)
            press(sim, "RIGHT")
        move = policy.choose(game)
        if move == 255:
            press(sim, "A")
        else:
            steer(sim, scene, move)
    assert checked >= 10 and first_was_worse >= 1, (checked, first_was_worse)
