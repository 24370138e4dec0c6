"""The shell's scenes on real displayio in the headless simulator: stack, menu, pause, settings, help, results."""
import pytest

from pips import actions, catalog
from pips.scenes.confirm import ConfirmScene
from pips.scenes.help import COLUMNS, VISIBLE_LINES, HelpScene
from pips.scenes.menu import MenuScene
from pips.scenes.pause import PauseScene
from pips.scenes.results import BLINK_MS, ResultsScene
from pips.scenes.settings import SettingsScene
from pips.version import VERSION
from tests.simkit import PLAIN_ENTRY, STAND_IN_ENTRY, DictStore, StandInGame, make_sim, page_text, wrapped_lines


@pytest.fixture
def games(monkeypatch):
    monkeypatch.setattr(catalog, "GAMES", (STAND_IN_ENTRY, PLAIN_ENTRY))


@pytest.fixture
def sim(tmp_path, games):
    sim = make_sim(tmp_path, store=DictStore(), seed=3)
    sim.app.start()
    return sim


def press(app, *names):
    for name in names:
        app.dispatch(getattr(actions, name))


def test_menu_lists_exactly_the_catalog_then_shell_items(sim):
    menu = sim.app.top()
    assert isinstance(menu, MenuScene)
    assert menu.items == ["Stand-in Game", "Plain Game", "Play a code", "Records", "Settings", "How to play", "About"]
    shown = [label.text for label in menu.list.names if label.text]
    assert shown == menu.items


def test_menu_without_games_offers_settings_help_about(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "GAMES", ())
    sim = make_sim(tmp_path)
    sim.app.start()
    assert sim.app.top().items == ["Settings", "How to play", "About"]


def test_choosing_a_game_replaces_the_menu(sim):
    app = sim.app
    press(app, "A")
    game = app.top()
    assert isinstance(game, StandInGame) and app.stack == [game]
    assert game.calls == ["enter"]
    assert list(app.root) == [game.group]


def test_start_opens_pause_over_the_game_and_b_resumes(sim):
    app = sim.app
    press(app, "A", "START")
    game = app.stack[0]
    pause = app.top()
    assert isinstance(pause, PauseScene)
    assert list(app.root) == [game.group, pause.group]  # the game stays visible under the overlay
    assert pause.items == ["Resume", "New round", "Settings", "Rules", "Save & quit"]
    press(app, "B")
    assert app.stack == [game] and game.calls[-1] == "resume"


def test_pause_without_hooks_offers_resume_settings_quit(sim):
    app = sim.app
    press(app, "DOWN", "A", "START")
    assert app.top().items == ["Resume", "Settings", "Quit"]
    press(app, "UP", "A")  # Quit (wraps from the top) asks first
    assert isinstance(app.top(), ConfirmScene)
    press(app, "LEFT", "A")
    assert isinstance(app.top(), MenuScene) and len(app.stack) == 1


def test_new_round_is_confirmed_then_runs_on_the_game(sim):
    app = sim.app
    press(app, "A", "START", "DOWN", "A")
    assert isinstance(app.top(), ConfirmScene)
    press(app, "B")  # no
    assert isinstance(app.top(), PauseScene)
    press(app, "A", "RIGHT", "A")  # yes
    game = app.top()
    assert isinstance(game, StandInGame)
    assert game.calls[-2:] == ["resume", "new_round"]


def test_save_and_quit_calls_the_hook(sim):
    app = sim.app
    press(app, "A")
    game = app.top()
    press(app, "START", "UP", "A")
    assert "save_game" in game.calls and game.calls[-1] == "exit"
    assert isinstance(app.top(), MenuScene) and len(app.stack) == 1


def test_rules_show_the_games_text(sim):
    app = sim.app
    press(app, "A", "START", "DOWN", "DOWN", "DOWN", "A")
    sim.frame()  # Rules opens at the start of the next frame (App.later)
    help_scene = app.top()
    assert isinstance(help_scene, HelpScene)
    assert " ".join(" ".join(wrapped_lines(help_scene)).split()) == " ".join(StandInGame.rules_text.split())


def test_about_shows_the_installed_version(sim):
    app = sim.app
    press(app, "UP", "A")  # About, the menu's last row (the cursor wraps from the top)
    sim.frame()
    about = app.top()
    assert isinstance(about, HelpScene) and about.group[1].text == "About Pips %s" % VERSION
    assert " ".join(wrapped_lines(about)).startswith("Four dice and domino games for the Adafruit PyBadge.")


def test_settings_from_pause_include_the_games_rows(sim):
    app = sim.app
    press(app, "A")
    game = app.top()
    press(app, "START", "DOWN", "DOWN", "A")
    sim.frame()  # Settings opens at the start of the next frame (App.later)
    settings = app.top()
    assert isinstance(settings, SettingsScene)
    assert [row.label for row in settings.rows] == ["Sound", "Brightness", "Auto-dim", "Speed"]
    press(app, "UP", "RIGHT")  # wraps to the last row: Speed
    assert game.option == 1
    assert settings.list.values[3].text == "fast"


def test_settings_change_applies_and_persists_through_the_store(tmp_path, games):
    store = DictStore()
    sim = make_sim(tmp_path, store=store)
    app = sim.app
    app.start()
    app.open_settings()
    press(app, "RIGHT")          # sound: on -> off
    press(app, "DOWN", "LEFT")   # brightness 100% -> 75%
    press(app, "DOWN", "RIGHT")  # auto-dim 30 s -> 1 min
    assert sim.platform.brightness == 0.75
    assert store.saves == 0      # written once, on leaving
    press(app, "B")
    assert store.saves == 1
    again = make_sim(tmp_path, store=store).app
    assert (again.settings.sound, again.settings.brightness, again.settings.dim) == (0, 2, 3)


def test_leaving_settings_unchanged_writes_nothing(sim):
    sim.app.open_settings()
    press(sim.app, "DOWN", "UP", "B")
    assert sim.app.store.saves == 0


def test_sound_setting_gates_tones(sim):
    played = sim.platform.tones.played
    sim.app.tone(440, 50)
    assert played[-1] == (440, 50)
    sim.app.settings.sound = 0
    count = len(played)
    sim.app.tone(440, 50)
    assert len(played) == count


def test_help_wraps_and_scrolls(sim):
    words = ["word%d" % i for i in range(120)]
    sim.app.show_help("Long", " ".join(words))
    scene = sim.app.top()
    assert all(len(line) <= COLUMNS for line in wrapped_lines(scene))
    assert " ".join(wrapped_lines(scene)).split() == words
    first_page = page_text(scene)
    press(sim.app, "UP")
    assert scene.first == 0 and page_text(scene) == first_page
    press(sim.app, "DOWN")
    assert page_text(scene)[0] == first_page[1]
    press(sim.app, *["DOWN"] * 200)
    assert scene.first == len(wrapped_lines(scene)) - VISIBLE_LINES
    assert page_text(scene)[-1] == wrapped_lines(scene)[-1]
    bar_bottom = scene.bar.y
    press(sim.app, "LEFT")
    assert scene.first == len(wrapped_lines(scene)) - VISIBLE_LINES - (VISIBLE_LINES - 1)
    assert scene.bar.y < bar_bottom
    press(sim.app, "B")
    assert isinstance(sim.app.top(), MenuScene)


def test_short_help_has_no_scroll_bar(sim):
    sim.app.show_help("Short", "one line")
    scene = sim.app.top()
    assert scene.bar.hidden and page_text(scene)[0] == "one line"
    press(sim.app, "DOWN")
    assert scene.first == 0


def test_results_show_rows_blink_record_and_continue(sim):
    done = []
    sim.app.show_results("Round over", [("Score", 120), ("Best", 90)], new_record=True,
                         on_done=lambda: done.append(True))
    scene = sim.app.top()
    assert isinstance(scene, ResultsScene)
    texts = [getattr(item, "text", None) for item in scene.group]
    assert ["Score", "120", "Best", "90"] == [t for t in texts if t in ("Score", "120", "Best", "90")]
    scene.tick(1000)
    visible = not scene.record.hidden
    scene.tick(1000 + BLINK_MS)
    assert (not scene.record.hidden) != visible
    press(sim.app, "UP")
    assert sim.app.top() is scene
    press(sim.app, "A")
    assert done == [True] and isinstance(sim.app.top(), MenuScene)


def test_confirm_defaults_to_no(sim):
    answers = []
    sim.app.confirm("Really?", lambda: answers.append("yes"), lambda: answers.append("no"))
    press(sim.app, "A")
    sim.app.confirm("Really?", lambda: answers.append("yes"), lambda: answers.append("no"))
    press(sim.app, "RIGHT", "A")
    sim.app.confirm("Really?", lambda: answers.append("yes"), lambda: answers.append("no"))
    press(sim.app, "RIGHT", "B")
    assert answers == ["no", "yes", "no"]
    assert isinstance(sim.app.top(), MenuScene)


def test_stack_calls_enter_exit_resume_in_order(sim):
    app = sim.app
    first = StandInGame(app)
    second = StandInGame(app)
    app.push(first)
    app.push(second)
    assert list(app.root) == [second.group]  # opaque: hides what is below
    app.pop()
    assert first.calls == ["enter", "resume"] and second.calls == ["enter", "exit"]
    third = StandInGame(app)
    app.replace(third)
    assert first.calls[-1] == "exit" and third.calls == ["enter"] and app.top() is third


def test_auto_dim_after_idle_and_first_press_only_wakes(sim):
    app = sim.app
    platform = sim.platform
    dim_ms = app.settings.dim_ms()
    assert dim_ms > 0
    start = sim.clock.ticks_ms()
    app.step(start)
    app.step(start + dim_ms - 40)
    assert platform.brightness == 1.0 and not app.dimmed
    app.step(start + dim_ms)
    assert app.dimmed and platform.brightness < 1.0
    menu = app.top()
    platform.keys.record(1, True)  # A: wakes, does not choose
    platform.keys.record(1, False)
    app.step(start + dim_ms + 40)
    assert not app.dimmed and platform.brightness == 1.0 and app.top() is menu


def test_wake_restarts_the_dim_timer(sim):
    app = sim.app
    dim_ms = app.settings.dim_ms()
    start = sim.clock.ticks_ms()
    app.step(start)
    sim.clock.advance(dim_ms - 100)
    app.wake()
    app.step(start + dim_ms)
    assert not app.dimmed
    app.step(start + 2 * dim_ms)
    assert app.dimmed
    app.wake()
    assert not app.dimmed and sim.platform.brightness == 1.0


def test_flash_pixels_lights_then_clears(sim):
    app = sim.app
    pixels = sim.platform.pixels
    now = sim.clock.ticks_ms()
    app.flash_pixels(0x00FF00, 100)
    assert pixels.shown == [0x00FF00] * 5
    app.tick(now + 50)
    assert pixels.shown == [0x00FF00] * 5
    app.tick(now + 100)
    assert pixels.shown == [0] * 5


def test_seeds_repeat_with_the_same_seed(tmp_path, games):
    first = make_sim(tmp_path, seed=11).app
    seeds = [first.next_seed() for _ in range(3)]
    second = make_sim(tmp_path, seed=11).app
    assert [second.next_seed() for _ in range(3)] == seeds
    assert len(set(seeds)) == 3


def test_start_with_a_game_key(tmp_path, games):
    app = make_sim(tmp_path).app
    app.start("standin")
    assert isinstance(app.top(), StandInGame)
    with pytest.raises(ValueError):
        app.start("nosuchgame")


def test_run_paces_frames_at_frame_ms(tmp_path, games, monkeypatch):
    """app.run(): one step per FRAME_MS of clock time, sleeping the rest of each frame."""
    import pips.app
    from pips.scene import Scene
    sim = make_sim(tmp_path)
    clock = sim.clock
    steps = []

    class Counter(Scene):
        def tick(self, now_ms):
            steps.append(now_ms)
            clock.advance(5)  # the frame's own work takes 5 ms
            if len(steps) == 30:
                self.app.running = False

    class FakeTime:
        @staticmethod
        def sleep(seconds):
            clock.advance(round(seconds * 1000))

    monkeypatch.setattr(pips.app, "time", FakeTime)
    sim.app.push(Counter(sim.app))
    sim.app.run()
    gaps = [b - a for a, b in zip(steps, steps[1:])]
    assert gaps and all(gap == pips.app.FRAME_MS for gap in gaps)


def test_settings_persist_in_the_save_file_through_the_real_store(tmp_path, games):
    from pips.saves import OnDemandStore
    app = make_sim(tmp_path).app  # no store given: the app opens pips.saves' store over the sim's save file
    assert isinstance(app.store, OnDemandStore)
    app.start()
    app.open_settings()
    press(app, "DOWN", "DOWN", "LEFT", "B")  # auto-dim 30 s -> 15 s, saved on leaving
    reopened = make_sim(tmp_path).app
    assert reopened.settings.dim == 1 and reopened.settings == app.settings


def test_without_a_seed_rounds_differ_between_runs(tmp_path, games):
    """The window's sim (and the badge) seed from entropy: two starts must not deal the same rounds."""
    from pips.app import App
    first = make_sim(tmp_path)
    seeds = []
    for _ in range(2):
        app = App(first.platform, store=first.app.store)
        seeds.append(app.next_seed())
    assert seeds[0] != seeds[1]


@pytest.mark.parametrize("fault, why", [("read_only", "read-only"), ("full", "drive full")])
def test_a_drive_that_cannot_take_saves_is_told_at_the_save_and_in_settings(tmp_path, games, fault, why):
    """Issue 23, 3: on the battery with the drive full or read-only, saves go to nvm alone: the save that finds it
    says so once, and Settings keeps a line about it. Over USB (the documented nvm-only case) nothing is said."""
    from pips import saves
    from sim.flash import EraseBlockArea, FatDrive
    drive = FatDrive()
    if fault == "read_only":
        drive.read_only = True
    else:
        drive.free_clusters = 0  # no file can be made
    sim = make_sim(tmp_path, store=saves.open_store(EraseBlockArea(), drive), seed=3)
    app = sim.app
    app.start()
    press(app, "UP", "UP", "UP", "A")  # Settings (from the top, up wraps to About, How to play, Settings)
    sim.frame()
    assert isinstance(app.top(), SettingsScene)
    assert "Saves: nvm" not in [row.label for row in app.top().rows]  # nothing known before a save
    press(app, "RIGHT", "B")  # sound off: saved as Settings closes
    assert app.store.load(saves.SETTINGS)[1] == 0
    sim.frame()
    sim.frame()
    notice = app.top()
    assert isinstance(notice, ResultsScene)
    texts = [getattr(item, "text", None) for item in notice.group]
    assert "Saves: nvm only" in texts and why in texts
    press(app, "A")
    assert isinstance(app.top(), MenuScene)
    press(app, "A")  # Settings again (the cursor stayed on it)
    sim.frame()
    rows = app.top().rows
    assert (rows[-1].label, rows[-1].options) == ("Saves: nvm", (why,))
    press(app, "LEFT", "B")  # a second save with the same fault: told once
    sim.frame()
    sim.frame()
    assert isinstance(app.top(), MenuScene)


def test_over_usb_saves_to_nvm_alone_without_a_word(tmp_path, games):
    from pips import saves
    from sim.flash import EraseBlockArea, FatDrive
    drive = FatDrive()
    drive.usb = True
    sim = make_sim(tmp_path, store=saves.open_store(EraseBlockArea(), drive), seed=3)
    app = sim.app
    app.start()
    press(app, "UP", "UP", "UP", "A")
    sim.frame()
    press(app, "RIGHT", "B")
    sim.frame()
    sim.frame()
    assert isinstance(app.top(), MenuScene) and app.store.unprotected == 1


def test_screens_asked_for_in_one_press_open_one_a_frame_in_the_order_asked(sim):
    from pips.platform import KEY_A
    app = sim.app
    opened = []
    app.top().on_action = lambda action: (app.later(opened.append, "first"), app.later(opened.append, "second"))
    sim.platform.keys.record(KEY_A, True)
    sim.frame()
    assert opened == [] and app.screen_due()  # the press's frame keeps its screen (with the busy mark)
    sim.frame()
    assert opened == ["first"] and app.screen_due()
    sim.frame()
    assert opened == ["first", "second"] and not app.screen_due()
    app.dispatch(actions.A)  # an action handed in directly: what it asks for is made as soon as it returns
    assert opened == ["first", "second", "first", "second"]
