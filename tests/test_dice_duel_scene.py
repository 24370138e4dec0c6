"""Dice Duel on the headless simulator: whole games through button actions (solo, two people with the pass
screen, against CPU seats), illegal presses with their notes, Start for pause, Select for the chip choice and B
back out of it, declining a chip, save & quit and resume, best solo scores."""
import sys

import pytest

from engine import dice_duel as dd
from pips import actions, catalog, saves
from pips.dice_duel import records, saved, scene as duel_scene
from pips.dice_duel.scene import DiceDuelScene
from engine.dice_duel_combos import LARGE_STRAIGHT, SMALL_STRAIGHT
from pips.dice_duel.setup import saved_label
from pips.dice_duel.texts import seat_name
from pips.scenes.confirm import ConfirmScene
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from tests.simkit import DictStore, make_sim, press_seen


@pytest.fixture
def sim(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("diceduel")
    return sim


def press(sim, *names):
    """Button actions straight to the app (no frame each: the displayio refresh is what costs time here), each
    once the dice have stopped tumbling."""
    for name in names:
        press_seen(sim.app, getattr(actions, name))


def setup_game(sim, mode_steps=0, count_steps=0, seat_steps=0):
    """From the setup screen: choose the mode (RIGHT presses on Mode) and counts, then Start."""
    setup = sim.app.top()
    assert type(setup).__name__ == "DiceDuelSetup"  # by name: the game's start unloads the setup's module
    press(sim, *["RIGHT"] * mode_steps)
    if mode_steps:
        press(sim, "DOWN", *["RIGHT"] * count_steps)
    if mode_steps == 2:
        press(sim, "DOWN", *["RIGHT"] * seat_steps)
    press(sim, *["DOWN"] * (setup.rows.index("Start") - setup.list.cursor), "A")  # past the CPUs' level rows
    game_scene = sim.app.top()
    assert isinstance(game_scene, DiceDuelScene)
    return game_scene


def person_turn(sim, scene, stop_after=3):
    """Roll up to `stop_after` times (keeping the first die after the first roll), then take the chip offered
    first (the most valuable one)."""
    game = scene.game
    assert scene.mode == duel_scene.MODE_PLAY
    press(sim, "B")
    if game.phase == dd.PHASE_ROLL:
        press(sim, "A")  # keep the die under the cursor
    rolls = 1
    while game.phase == dd.PHASE_ROLL and rolls < stop_after:
        press(sim, "B")
        rolls += 1
    if game.phase == dd.PHASE_ROLL:
        press(sim, "SELECT")
    assert scene.mode == duel_scene.MODE_CHOOSE
    assert scene.chip_choice == game.best_choice()
    press(sim, "A")


def run_until_person_or_end(sim, scene, limit=200000):
    """Frames (fake clock) until a person must act, or the results are up."""
    for _ in range(limit):
        top = sim.app.top()
        if top is not scene:
            return top
        if scene.mode in (duel_scene.MODE_PLAY, duel_scene.MODE_CHOOSE, duel_scene.MODE_PANEL):
            return scene
        sim.frame()
    raise AssertionError("the CPU never finished")


def finish_results(sim):
    """Read every results screen (A continues); returns their titles and rows."""
    seen = []
    while isinstance(sim.app.top(), ResultsScene):
        results = sim.app.top()
        labels = [lbl.text for lbl in results.group if hasattr(lbl, "text")]
        seen.append(labels)
        press(sim, "A")
    return seen


def test_dice_duel_is_on_the_title_menu():
    assert catalog.find("diceduel")[1] == "Dice Duel"


def test_solo_game_played_to_its_end_records_the_best_score(sim):
    scene = setup_game(sim)
    game = scene.game
    turns = 0
    while sim.app.top() is scene:
        if scene.mode == duel_scene.MODE_PLAY:
            person_turn(sim, scene, stop_after=1 + turns % 3)
        elif scene.mode == duel_scene.MODE_CHOOSE:
            press(sim, "A")  # the second chip of a solo Kniffel
        turns += 1
        assert turns < 400
    assert game.is_over()
    screens = finish_results(sim)
    rows = screens[0]
    assert "Solo: %d points" % game.score(0) in rows
    assert "Full stacks (%d)" % game.full_stacks(0) in rows
    assert str(game.chip_points(0)) in rows and str(game.last_chip_bonus(0)) in rows
    assert records.load_best(sim.app.store) == [game.score(0)]
    again = sim.app.top()  # "Again" (A): a fresh game with the same seats
    assert again is scene and again.game is not game  # the same scene and view, a fresh game
    assert again.game.players == 1 and again.game.tray_count() == 28 and again.mode == duel_scene.MODE_PLAY
    sim.app.to_menu()
    sim.app.start("diceduel")
    assert sim.app.top().heading.text == "Best solo: AAA %d" % game.score(0)  # the initials offered first


def test_two_people_see_the_roll_off_and_a_pass_screen(sim):
    scene = setup_game(sim, mode_steps=2)
    game = scene.game
    assert game.players == 2 and game.cpu_mask == 0
    assert scene.mode == duel_scene.MODE_PANEL and not scene.view.panel.hidden
    assert scene.view.panel_title.text == "Roll-off: P%d starts" % (game.first + 1)
    assert scene.view.panel_body.text == "P1:%d P2:%d" % (game.rolloff[0], game.rolloff[1])
    before = game.to_bytes()
    press(sim, "B", "SELECT", "LEFT")
    assert game.to_bytes() == before and scene.mode == duel_scene.MODE_PANEL
    press(sim, "A")
    first = game.current
    person_turn(sim, scene)
    assert game.current == 1 - first or game.extra_turn()
    if game.current != first:
        assert scene.mode == duel_scene.MODE_PANEL
        assert scene.view.panel_title.text == "Pass the badge"
        assert scene.view.panel_body.text == "to P%d" % (game.current + 1)
        press(sim, "A")
    assert scene.mode == duel_scene.MODE_PLAY
    # play the rest to the end: every hand-over between the two people passes through the panel
    turns = 0
    while sim.app.top() is scene:
        if scene.mode == duel_scene.MODE_PANEL:
            press(sim, "A")
        elif scene.mode == duel_scene.MODE_CHOOSE:
            press(sim, "A")
        else:
            person_turn(sim, scene, stop_after=2)
        turns += 1
        assert turns < 800
    screens = finish_results(sim)
    assert len(screens) == 3  # each seat itemised, then the standings
    assert any(text.startswith(("Winner", "Shared win")) for text in screens[-1])


def test_game_against_two_cpus_to_the_end(sim, monkeypatch):
    monkeypatch.setattr(duel_scene, "CPU_STEP_MS", 99)
    monkeypatch.setattr(duel_scene, "CPU_SHOW_MS", 99)
    scene = setup_game(sim, mode_steps=1, count_steps=1)
    game = scene.game
    assert game.players == 3 and game.cpu_mask == 0b110
    shown = []
    set_message = scene.view.set_message
    scene.view.set_message = lambda message: (shown.append(message), set_message(message))
    press(sim, "A")  # the roll-off panel
    cpu_turns = 0
    while True:
        top = run_until_person_or_end(sim, scene)
        if top is not scene:
            break
        if scene.mode == duel_scene.MODE_PLAY:
            person_turn(sim, scene, stop_after=2)
        elif scene.mode == duel_scene.MODE_CHOOSE:
            press(sim, "A")
        else:
            press(sim, "A")
        cpu_turns += 1
    assert game.is_over()
    assert sum(game.chip_points(seat) for seat in (1, 2)) > 0  # the CPU seats really played
    assert scene.cpu is None and "engine.dice_duel_cpu" not in sys.modules  # the results: the CPU's code left RAM
    assert len(finish_results(sim)) == 4
    assert len(set(shown)) > 10 and all(len(message) <= 26 for message in shown)  # the top line is never cut
    assert any(message.startswith("CPU1 took ") for message in shown)


def test_cpu_moves_are_paced_and_presses_do_nothing_meanwhile(sim):
    scene = setup_game(sim, mode_steps=1)
    game = scene.game
    press(sim, "A")
    while game.current == 0 and sim.app.top() is scene:
        person_turn(sim, scene) if scene.mode == duel_scene.MODE_PLAY else press(sim, "A")
    assert scene.mode == duel_scene.MODE_CPU
    before = game.to_bytes()
    press(sim, "A", "B", "SELECT", "LEFT", "RIGHT")
    assert game.to_bytes() == before
    frames = 0
    while game.to_bytes() == before:
        sim.frame()
        frames += 1
        press(sim, "B")
    # the first CPU move waits the named delay (33 ms frames), and only the CPU moved
    assert frames * 33 >= duel_scene.CPU_STEP_MS
    assert frames * 33 <= duel_scene.CPU_STEP_MS + 3 * 33
    assert game.rolls_left == 2 and game.current == 1


def test_illegal_presses_change_nothing_and_say_why(sim):
    scene = setup_game(sim)
    game = scene.game
    before = game.to_bytes()
    press(sim, "A")  # keep before the first roll
    assert game.to_bytes() == before and scene.view.message.read(0) == "Roll first: B rolls"
    press(sim, "SELECT")  # the chip choice before the first roll
    assert game.to_bytes() == before and scene.mode == duel_scene.MODE_PLAY
    assert scene.view.message.read(0) == "Roll first: B rolls"
    press(sim, "B")
    assert scene.view.message.read(0) == "B:roll A:keep Sel:chip"
    for die in range(5):
        press(sim, "A", "RIGHT")  # keep every die
    kept = game.to_bytes()
    press(sim, "B")  # rolling with every die kept
    assert game.to_bytes() == kept and scene.view.message.read(0) == "All dice kept: release one"
    press(sim, "A", "B", "B")  # release one, roll the last two rolls: the choice opens by itself
    assert scene.mode == duel_scene.MODE_CHOOSE and game.rolls_left == 0
    chosen = game.to_bytes()
    press(sim, "B", "UP", "DOWN")  # no rolls left to go back to
    assert game.to_bytes() == chosen and scene.mode == duel_scene.MODE_CHOOSE


def test_with_no_rolls_left_and_no_chip_fitting_select_or_b_says_no_chip_fits(sim):
    scene = setup_game(sim)
    game = scene.game
    for _ in range(3):  # three rolls making nothing: the choice opens by itself
        assert game.set_dice(b"\x01\x01\x02\x03\x05") == dd.OK
        scene._rolled()
    scene._open_choice()
    assert scene.mode == duel_scene.MODE_CHOOSE and game.rolls_left == 0 and not game.choices()
    for key in ("SELECT", "B"):
        press(sim, key)
        assert scene.view.message.read(0) == "No chip fits. A: next"
    press(sim, "A")  # the turn ends without a chip
    assert scene.mode == duel_scene.MODE_PLAY and game.aside_count() == 1


def test_select_opens_the_chip_choice_b_backs_out_and_start_pauses(sim):
    scene = setup_game(sim)
    game = scene.game
    press(sim, "B", "SELECT")
    assert scene.mode == duel_scene.MODE_CHOOSE and sim.app.top() is scene
    press(sim, "B")  # back to the dice: the turn rolls on
    assert scene.mode == duel_scene.MODE_PLAY and game.phase == dd.PHASE_ROLL and game.rolls_left == 2
    press(sim, "B")
    assert game.rolls_left == 1
    press(sim, "SELECT", "SELECT")  # Select opens the choice and closes it again
    assert scene.mode == duel_scene.MODE_PLAY
    press(sim, "START")
    assert isinstance(sim.app.top(), PauseScene)
    assert "Rules" in sim.app.top().items and "Save & quit" in sim.app.top().items
    press(sim, "B")  # resume
    assert sim.app.top() is scene and game.rolls_left == 1


def _choose_with(sim, scene, dice):
    game = scene.game
    assert game.set_dice(dice) == dd.OK
    scene._rolled()
    press(sim, "SELECT")
    assert scene.mode == duel_scene.MODE_CHOOSE


def test_the_chip_offered_first_is_the_most_valuable_the_dice_allow(sim):
    scene = setup_game(sim)
    _choose_with(sim, scene, b"\x02\x03\x04\x05\x06")  # a large straight (also a small one)
    assert scene.chip_choice == LARGE_STRAIGHT and scene.view.message.read(0) == "Take Large straight 50?"
    press(sim, "LEFT")
    assert scene.chip_choice == SMALL_STRAIGHT
    press(sim, "RIGHT", "RIGHT")  # past the large straight: "No chip"
    assert scene.chip_choice == dd.CHOICE_NONE and scene.view.message.read(0) == "Take no chip?"
    press(sim, "B")
    _choose_with(sim, scene, b"\x06\x06\x06\x06\x06")  # a Kniffel may take any chip
    assert scene.chip_choice == LARGE_STRAIGHT
    assert scene.view.message_text.startswith("KNIFFEL! ") and len(scene.view.message_text) <= 26


def test_every_chip_question_fits_the_message_line(sim):
    scene = setup_game(sim)
    game = scene.game
    game.set_dice(b"\x06\x06\x06\x06\x06")
    game.stop()
    scene.mode = duel_scene.MODE_CHOOSE
    for kind in range(7):
        game.aside[kind] = 1
    texts = []
    for choice in list(range(7)) + [dd.CHOICE_ASIDE + k for k in range(7)] + [dd.CHOICE_NONE]:
        scene.chip_choice = choice
        texts.append(scene._choice_text())
    assert all(len(t) <= 26 for t in texts) and len(set(texts)) == len(texts)
    assert "Take set-aside Full house?" in texts and "Take set-aside Lg straight" in texts
    assert not any("aside" in t and "set-aside" not in t for t in texts)  # never the bare "aside"


def test_a_fitting_chip_can_be_declined_after_a_confirm(sim):
    scene = setup_game(sim)
    game = scene.game
    _choose_with(sim, scene, b"\x03\x06\x03\x06\x03")  # a full house
    press(sim, "LEFT")  # from the full house leftwards round to "No chip"
    while scene.chip_choice != dd.CHOICE_NONE:
        press(sim, "LEFT")
    before = game.to_bytes()
    press(sim, "A")
    assert isinstance(sim.app.top(), ConfirmScene) and game.to_bytes() == before
    press(sim, "B")  # No: still choosing
    assert sim.app.top() is scene and scene.mode == duel_scene.MODE_CHOOSE and game.to_bytes() == before
    press(sim, "A", "LEFT", "A")  # Yes
    assert sim.app.top() is scene and game.chip_points(0) == 0
    # solo: a turn without a chip set the highest tray chip aside
    assert game.aside[LARGE_STRAIGHT] == 1 and scene.view.message.read(0) == "Large straight set aside"


def test_seat_names_read_as_people_and_cpus():
    assert [seat_name(0, 0, 1)] == ["You"]
    assert [seat_name(0b110, s, 3) for s in range(3)] == ["You", "CPU1", "CPU2"]
    assert [seat_name(0b1100, s, 4) for s in range(4)] == ["P1", "P2", "CPU1", "CPU2"]
    assert saved_label(1, 0) == "Solo" and saved_label(3, 0b110) == "vs 2 CPU"
    assert saved_label(3, 0) == "3 people" and saved_label(4, 0b1000) == "3 + 1 CPU"


def test_save_and_quit_then_resume_the_same_game(sim):
    scene = setup_game(sim, mode_steps=1, count_steps=2)
    game = scene.game
    press(sim, "A")
    top = run_until_person_or_end(sim, scene)
    assert top is scene
    if scene.mode == duel_scene.MODE_PLAY:
        press(sim, "B")
    saved = game.to_bytes()
    press(sim, "START")
    pause = sim.app.top()
    pause.choose("Save & quit")
    sim.frame()  # at the start of the next frame (App.later)
    assert sim.app.top().__class__.__name__ == "MenuScene"
    record = sim.app.store.load(saves.DICE_DUEL_GAME)
    assert record[1 + dd.MAX_PLAYERS:] == saved and record[1:1 + dd.MAX_PLAYERS] == bytes(game.levels)
    sim.app.start("diceduel")
    setup = sim.app.top()
    assert "Resume saved" in setup.rows
    assert setup.list.item_values[setup.rows.index("Resume saved")] == "vs 3 CPU"
    setup.list.cursor = setup.rows.index("Resume saved")
    press(sim, "A")
    resumed = sim.app.top()
    assert isinstance(resumed, DiceDuelScene)
    assert resumed.game.to_bytes() == saved and resumed.game.players == 4


def test_a_foreign_saved_record_is_ignored(sim):
    sim.app.store.save(saves.DICE_DUEL_GAME, b"\x01garbage")
    sim.app.store.save(saves.DICE_DUEL_BEST, b"\x07\x01")
    sim.app.start("diceduel")
    assert isinstance(sim.app.top(), ResultsScene)  # "Saved game could not be read", once
    sim.app.dispatch(actions.A)
    setup = sim.app.top()
    assert "Resume saved" not in setup.rows
    assert setup.heading.text == "No solo score yet"
    assert sim.app.store.load(saves.DICE_DUEL_GAME) is None  # refused records are cleared


def test_best_scores_keep_the_top_five():
    store = DictStore()
    for score in (300, 900, 450, 120, 600, 700, 800):
        records.add_best(store, score)
    assert records.load_best(store) == [900, 800, 700, 600, 450]
    assert records.add_best(store, 950)[0] == 1  # the new best
    assert records.add_best(store, 750)[0] == 4
    assert records.add_best(store, 100)[0] == 0  # not among the five
    assert records.load_best(store) == [950, 900, 800, 750, 700]


def test_best_scores_keep_initials_and_a_version_1_table_still_loads():
    store = DictStore()
    store.save(saves.DICE_DUEL_BEST, bytes((1, 0x84, 0x03, 0xC2, 0x01)))  # version 1: 900, 450, no initials
    assert records.load_entries(store) == ([900, 450], ["", ""])
    assert records.add_best(store, 600, "KAT") == (2, "KAT")
    assert records.add_best(store, 500) == (3, "KAT")  # the initials last entered are offered
    records.set_initials(store, 3, "BOB")
    assert records.load_entries(store) == ([900, 600, 500, 450], ["", "KAT", "BOB", ""])
    assert store.load(saves.DICE_DUEL_BEST)[0] == 2  # (version 3 once a setup is remembered: test_dice_duel_levels)
    store.save(saves.DICE_DUEL_BEST, bytes((2, 0x84, 0x03, 0xFF, 0xFF)))  # initials no one can enter
    assert records.load_entries(store) == ([], [])


def test_a_solo_best_asks_for_initials_on_the_results_and_records_shows_them(sim):
    from pips.dice_duel.results import show
    store = sim.app.store
    game = dd.DiceDuel(1, seed=3)
    place, name = records.add_best(store, 420)
    show(sim.app, game, place, None, name)
    results = sim.app.top()
    assert isinstance(results, ResultsScene) and results.entry is not None
    press(sim, "UP", "A", "A", "A")  # B.. then the letters confirmed
    entered = records.load_entries(store)[1][0]
    assert entered and entered != "AAA" and len(entered) == 3
    assert ("Best solo", entered + " 420") in records.summary_rows(store)


def test_new_round_from_the_pause_menu_keeps_the_seats(sim):
    scene = setup_game(sim, mode_steps=1, count_steps=1)
    old = scene.game
    press(sim, "START")
    pause = sim.app.top()
    pause.choose("New round")
    press(sim, "LEFT", "A")  # confirm: Yes
    fresh = sim.app.top()
    assert fresh is scene and fresh.game is not old  # the same scene and view (the badge's heap), a fresh game
    assert fresh.game.players == old.players and fresh.game.cpu_mask == old.cpu_mask
    assert fresh.game.tray_count() == 28


def test_people_with_a_cpu_seat_play_to_the_end(sim, monkeypatch):
    monkeypatch.setattr(duel_scene, "CPU_STEP_MS", 99)
    monkeypatch.setattr(duel_scene, "CPU_SHOW_MS", 99)
    scene = setup_game(sim, mode_steps=2, count_steps=0, seat_steps=1)
    game = scene.game
    assert game.players == 3 and game.cpu_mask == 0b100
    press(sim, "A")  # roll-off
    passes = 0
    while True:
        top = run_until_person_or_end(sim, scene)
        if top is not scene:
            break
        if scene.mode == duel_scene.MODE_PANEL:
            assert scene.view.panel_body.text == "to P%d" % (game.current + 1)
            passes += 1
            press(sim, "A")
        elif scene.mode == duel_scene.MODE_PLAY:
            person_turn(sim, scene, stop_after=3)
        else:
            press(sim, "A")
    assert game.is_over() and passes > 5
    assert game.chip_points(2) > 0
    assert len(finish_results(sim)) == 4


def test_the_setup_code_leaves_ram_when_the_game_starts(sim):
    import sys
    setup_game(sim, mode_steps=1)
    # (pips.initials: the records' import, for a best's initials, which the game loads again at its end)
    for name in ("pips.dice_duel.setup", "pips.dice_duel.records", "pips.dice_duel.saved", "pips.ui.menu_list",
                 "pips.initials"):
        assert name not in sys.modules, name


def until_the_cpu_thinks(sim, scene):
    """Frames (people take their turns) until the CPU has rolled and is working out its keep."""
    from engine.dice_duel_cpu import THINKING
    for _ in range(20000):
        if scene.mode == duel_scene.MODE_PLAY:
            person_turn(sim, scene, stop_after=1)
        elif scene.mode == duel_scene.MODE_PANEL:
            press(sim, "A")
        if scene.mode == duel_scene.MODE_CPU and scene.cpu_answer == THINKING:
            return
        sim.frame()


def test_a_cpu_keep_is_worked_out_across_frames_and_worked_out_afresh_after_a_pause(sim):
    import sys
    from engine.dice_duel_cpu import STOP, THINKING, DiceDuelCpu
    scene = setup_game(sim, mode_steps=1)  # you against one CPU
    game = scene.game
    until_the_cpu_thinks(sim, scene)
    assert scene.cpu_answer == THINKING
    expected = DiceDuelCpu().choose_keep(game)  # the same decision, all at once, on its own tables
    values = scene.cpu.ev1
    press(sim, "START")
    assert isinstance(sim.app.top(), PauseScene)
    # The CPU's code leaves while the pause menu shows (RAM); its value array is kept for the next CPU.
    assert scene.cpu is None and scene.cpu_answer is None and "engine.dice_duel_cpu" not in sys.modules
    for _ in range(10):
        sim.frame()
    assert scene.cpu is None  # paused: no thinking meanwhile
    press(sim, "START")  # resume
    assert sim.app.top() is scene
    shown = (game.keep, game.rolls_left, game.phase)
    frames = thinking = 0
    while (game.keep, game.rolls_left, game.phase) == shown and frames < 500:
        sim.frame()
        frames += 1
        thinking += scene.cpu is not None and scene.cpu.busy
    assert scene.cpu.ev1 is values
    assert thinking > 1  # worked out afresh, over more than one frame's slices
    if expected == STOP:
        assert game.phase == dd.PHASE_CHOOSE
    else:
        assert game.keep == expected


def test_a_new_round_drops_the_keep_the_cpu_was_working_out(sim):
    scene = setup_game(sim, mode_steps=1)
    until_the_cpu_thinks(sim, scene)
    assert scene.cpu.busy
    press(sim, "START")
    sim.app.top().choose("New round")
    press(sim, "LEFT", "A")  # confirm: Yes
    assert sim.app.top() is scene and scene.game.tray_count() == 28
    assert (scene.cpu is None or not scene.cpu.busy) and scene.cpu_answer is None


def test_a_four_seat_roll_off_shows_every_throw_or_the_tie_and_the_order_of_play(sim):
    for seed in range(1, 400):  # a seed whose roll-off among four seats needs a tie-break, and one without
        game = dd.DiceDuel(4, seed=seed, cpu_mask=0b1110)
        if sum(1 for seat in range(4) if game.rolloff[seat]) < 4:
            break
    tied = dd.DiceDuel(4, seed=seed, cpu_mask=0b1110)
    plain = dd.DiceDuel(4, seed=1, cpu_mask=0b1110)
    assert all(plain.rolloff)
    for game in (tied, plain):
        scene = DiceDuelScene(sim.app, game)
        scene.enter()
        view = scene.view
        lines = view.panel_texts()
        order = [seat_name(game.cpu_mask, (game.first + step) % 4, 4) for step in range(1, 4)]
        assert lines[3] == "Then " + ", ".join(order)
        throws = " ".join(lines[1:3])
        for seat in range(4):
            if game.rolloff[seat]:
                assert "%s:%d" % (seat_name(game.cpu_mask, seat, 4), game.rolloff[seat]) in throws
        assert (lines[1] == "Tie! Rolled again:") == (game is tied)
        assert all(len(line) <= 23 for line in lines)


def test_the_setup_starts_on_resume_when_a_game_is_saved(sim):
    setup = sim.app.top()
    assert setup.rows[setup.list.cursor] == "Mode"  # nothing saved
    saved.save_game(sim.app.store, dd.DiceDuel(2, seed=3, cpu_mask=2))
    sim.app.to_menu()
    sim.app.start("diceduel")
    setup = sim.app.top()
    assert setup.rows[setup.list.cursor] == "Resume saved"
    press(sim, "A")
    assert isinstance(sim.app.top(), DiceDuelScene) and sim.app.top().game.players == 2


def test_idle_while_rolling_the_message_line_shows_the_controls_it_has_no_room_for(sim):
    scene = setup_game(sim)
    hint_ms = duel_scene.HINT_MS
    assert scene.view.message.read(0).startswith("You: B rolls")
    for now in (0, hint_ms // 2, hint_ms):  # the hint after HINT_MS of nothing pressed
        scene.tick(now)
    assert "Up" in scene.view.message.read(0) and "odds" in scene.view.message.read(0)
    press(sim, "B")
    message = scene.view.message.read(0)
    assert message == "B:roll A:keep Sel:chip"  # a press: the message again, at once
    scene.view.tumble.end()
    for now in (10000, 10000 + hint_ms):
        scene.tick(now)
    hint = scene.view.message.read(0)
    assert "Up:odds" in hint and "Select:chip choice" in hint
    scene.tick(10000 + 2 * hint_ms)  # and back, in turns
    assert scene.view.message.read(0) == message
