"""A game's view leaves RAM while Settings or Rules (chosen in the pause menu) cover it, and is built again from the
game's state when they close (pips.scene: make_view, drop_view, restore_view): the screen after closing them is
exactly the screen before they opened, pixel for pixel, in the headless simulator on real displayio."""
import sys

import pytest

from pips import actions
from pips.scenes.help import HelpScene
from pips.scenes.pause import PauseScene
from pips.scenes.settings import SettingsScene
from tests.simkit import DictStore, frames, make_sim, picture, start_dominoes, start_solo_dice_duel




def press(sim, *names, wait=2):
    for name in names:
        sim.app.dispatch(getattr(actions, name))
        frames(sim, wait)


def point_at(sim, item):
    """The pause menu's cursor (pause on top) moved down to `item`."""
    pause = sim.app.top()
    assert isinstance(pause, PauseScene)
    while pause.items[pause.list.cursor] != item:
        press(sim, "DOWN", wait=0)


def assert_view_leaves_and_comes_back(sim, game, changes=(), still=True):
    """Pause, then Settings (changing each row in `changes`: labels) and Rules: the view is away while they show,
    the pause menu and the game after them look as before (`still`: nothing animates when Start is pressed, which
    ends an animation)."""
    frames(sim, 2)
    before = picture(sim)
    sheets = getattr(game.view, "sheets", None)  # drawn once: a view built again takes them over
    press(sim, "START", wait=1)
    assert picture(sim) != before
    for item in ("Settings", "Rules"):
        point_at(sim, item)
        paused = picture(sim)
        press(sim, "A", wait=1)
        top = sim.app.top()
        assert isinstance(top, SettingsScene if item == "Settings" else HelpScene)
        assert game.view is None and len(game.group) == 0  # nothing of the view is left in the scene
        if item == "Settings":
            for label in changes:
                top.list.cursor = [row.label for row in top.rows].index(label)
                press(sim, "RIGHT", "LEFT", wait=1)  # changed, then back
        sim.app.dispatch(actions.B)
        pause = sim.app.top()  # the view and the pause menu over it come back together (one screen, drawn once)
        assert game.view is not None and getattr(game.view, "sheets", None) is sheets
        frames(sim, 1)
        assert isinstance(pause, PauseScene) and pause.items[pause.list.cursor] == item
        assert picture(sim) == paused, item
    press(sim, "B", wait=0)
    assert sim.app.top() is game
    assert picture(sim) == before or not still


def test_dominoes_view_comes_back_mid_round(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    game = sim.app.top()
    frames(sim, 30)
    press(sim, "RIGHT", "DOWN", "A", wait=3)  # a tile laid: the camera glides to it
    frames(sim, 60)  # the CPU answers
    press(sim, "RIGHT", wait=1)
    assert_view_leaves_and_comes_back(sim, game, changes=("Opponent", "Match to"))
    press(sim, "LEFT", wait=1)  # the game plays on from the view built anew
    assert game.view.status.text


def test_dominoes_overview_and_camera_come_back(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=5)
    start_dominoes(sim.app)
    game = sim.app.top()
    frames(sim, 30)
    press(sim, "A", wait=1)  # lays the lead tile; the camera starts gliding
    camera = game.view.table.camera
    press(sim, "SELECT", wait=1)
    assert game.overview
    assert_view_leaves_and_comes_back(sim, game)
    again = game.view.table.camera  # a new view's camera, from where the last one stood: the same target
    assert again is not camera and (again.target_x, again.target_y) == (camera.target_x, camera.target_y)


def test_wuerfelglanz_view_comes_back_with_time_ghost_and_message(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("wuerfelglanz")
    game = sim.app.top()
    frames(sim, 10)
    press(sim, "A", wait=20)  # placed: the next piece tumbles in
    press(sim, "RIGHT", "DOWN", "B", wait=3)  # a ghost somewhere else, turned
    game.note = "a message"
    game._draw_texts()
    assert_view_leaves_and_comes_back(sim, game, changes=("Show time",))
    assert game.view.message.text == "a message"


def test_wuerfelglanz_new_round_chosen_in_settings_shows_when_the_view_comes_back(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("wuerfelglanz")
    game = sim.app.top()
    frames(sim, 5)
    press(sim, "A", wait=20)
    press(sim, "START", wait=1)
    point_at(sim, "Settings")
    press(sim, "A", wait=1)
    settings = sim.app.top()
    settings.list.cursor = [row.label for row in settings.rows].index("Match rule")
    press(sim, "RIGHT", wait=1)  # asks: a new round
    press(sim, "LEFT", "A", wait=1)  # yes
    assert game.game.moves == 0 and game.view is None
    press(sim, "B", "B", wait=2)
    assert sim.app.top() is game
    assert game.view.shown == bytearray(25) and game.view.moves.text == "0"


def dice_duel(tmp_path, mode_steps):
    """Dice Duel from its setup screen: 0 solo, 1 against the CPU, 2 two people (RIGHT presses on Mode)."""
    from pips.dice_duel.scene import DiceDuelScene
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("diceduel")
    for _ in range(mode_steps):
        sim.app.dispatch(actions.RIGHT)
    sim.app.dispatch(actions.DOWN)
    if mode_steps:
        sim.app.dispatch(actions.DOWN)
    if mode_steps:
        sim.app.dispatch(actions.DOWN)  # people: past CPU seats; against the CPU: past CPU1's level
    sim.app.dispatch(actions.A)
    game = sim.app.top()
    assert isinstance(game, DiceDuelScene)
    return sim, game


def test_dice_duel_view_comes_back_mid_turn_with_kept_dice(tmp_path):
    sim, game = dice_duel(tmp_path, 0)
    press(sim, "B", wait=40)  # rolled, the tumble over
    press(sim, "RIGHT", "A", "RIGHT", wait=2)  # a die kept, the cursor on the next
    assert game.game.keep
    assert_view_leaves_and_comes_back(sim, game)


def test_dice_duel_pass_panel_comes_back(tmp_path):
    sim, game = dice_duel(tmp_path, 2)
    assert game.view.panel is not None  # the roll-off
    assert_view_leaves_and_comes_back(sim, game)
    assert game.view.panel_title.text.startswith("Roll-off")


def test_dice_duel_cpu_turn_goes_on_after_the_view_comes_back(tmp_path):
    from pips.dice_duel.scene import MODE_CPU
    sim, game = dice_duel(tmp_path, 1)
    if game.view.panel is not None:
        press(sim, "A", wait=1)
    for _ in range(400):
        if game.mode == MODE_CPU:
            break
        if game.mode == 1:  # the chip choice: take the first
            press(sim, "A", wait=1)
        else:
            press(sim, "B", "SELECT", wait=40)
    assert game.mode == MODE_CPU
    frames(sim, 25)  # the CPU plays (its dice may be tumbling: Start ends that)
    assert_view_leaves_and_comes_back(sim, game, still=False)
    turn = game.game.current
    frames(sim, 400)
    assert game.game.current != turn or game.mode != MODE_CPU  # it played on


def dymino_until_a_merge_flies(sim, game):
    """The bot's moves, played with the buttons, until a merge's dice have flown (pips.ui.flight)."""
    from engine import dymino as dy
    from sim.bot import dymino as bot
    scratch = dy.Dymino(1)
    for _ in range(200):
        bot.press_action(sim.app, game, bot.choose(game.game, scratch, quick=True))
        frames(sim, 30)
        if game._flight is not None:
            return
    raise AssertionError("no merge flew")


def test_dymino_view_comes_back_and_merges_fly_again(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=3)
    sim.app.start("dymino")
    game = sim.app.top()
    dymino_until_a_merge_flies(sim, game)
    frames(sim, 30)
    press(sim, "LEFT", wait=2)
    assert_view_leaves_and_comes_back(sim, game)
    assert game._flight is None  # it held the old view's sprites
    dymino_until_a_merge_flies(sim, game)
    assert game._flight.group is game.view.group


def test_save_and_quit_drops_the_view_before_the_save(tmp_path, monkeypatch):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    game = sim.app.top()
    frames(sim, 30)
    # the saved match's code is loaded only to load or save it: the save loads it again, and finds this one, watched
    assert "pips.dominoes.saved" not in sys.modules and "pips.dominoes.records" not in sys.modules
    from pips.dominoes import saved
    seen = []
    save_game = saved.save_game
    monkeypatch.setattr(saved, "save_game", lambda *args: (seen.append(game.view), save_game(*args)))
    press(sim, "START", wait=1)
    point_at(sim, "Save & quit")
    press(sim, "A", wait=2)
    assert seen == [None]  # the view had gone when the save's code loaded
    assert type(sim.app.top()).__name__ == "MenuScene" and saved.load_game(sim.app.store) is not None


def test_dominoes_cpu_think_in_progress_goes_on_after_the_view_comes_back(tmp_path):
    from engine.dominoes import HARD
    from pips.dominoes.scene import MODE_CPU
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    game = sim.app.top()
    game._set_opponent(HARD)  # Hard thinks over many frames, its dots lit
    frames(sim, 5)
    for _ in range(200):
        if game.mode == MODE_CPU and game.view.lit and not game.cpu_player.cpu.done:
            break
        if game.mode != MODE_CPU:
            press(sim, "A", wait=1)  # lays (or draws): then it is the CPU's turn
        else:
            sim.frame()
    assert game.mode == MODE_CPU and game.view.lit  # thinking, the dots showing
    assert_view_leaves_and_comes_back(sim, game, still=False)
    assert game.view.lit
    laid = game.game.table.count + game.game.stock_count()
    frames(sim, 300)
    assert game.game.table.count + game.game.stock_count() != laid or game.mode != MODE_CPU  # it moved on


def test_dominoes_pass_cover_comes_back(tmp_path):
    from pips.dominoes.records import PEOPLE
    from pips.dominoes.scene import MODE_PASS
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    game = sim.app.top()
    game._set_opponent(PEOPLE)
    game.new_match()  # two people from this match on
    frames(sim, 5)
    for _ in range(10):
        if game.mode == MODE_PASS:
            break
        press(sim, "A", wait=3)
    assert game.mode == MODE_PASS and not game.view.cover.hidden
    assert_view_leaves_and_comes_back(sim, game)
    assert not game.view.cover.hidden and game.view.cover_body.text == "to Player %d" % (game.game.turn + 1)
