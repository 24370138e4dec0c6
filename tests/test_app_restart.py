"""A fresh interpreter after each game (pips.platform: restart): the app asks for it when the player leaves a game
for the title menu, never on the first menu nor where the platform has none, only once everything is saved; the
next run's menu opens on the game played; the badge's restart keeps its note in sleep memory and its
ReloadException passes code.py's crash handler."""
import sys
import types

import pytest

from pips import actions, catalog, device, saves
from pips.app import App
from pips.platform import KEY_A
from tests.simkit import make_sim
from tests.test_device_platform import Hardware, _run_code_py, as_circuitpython_10


class Restarted(BaseException):
    """What the badge's restart does to the running app: an exception no `except Exception` stops."""


def _with_restart(sim):
    asked = []

    def restart(note):
        asked.append(note)
        raise Restarted()

    sim.platform.restart = restart
    return asked


def _next_run(sim, note, seed=77):
    """The app as the run after a restart makes it: same platform (and saves), a new App, the note handed over."""
    sim.platform.restart_note = note
    app = App(sim.platform, seed=seed)
    app.tips = False
    app.start()
    return app


def _state(game):
    buffer = bytearray(512)
    return bytes(buffer[:game.save_into(buffer, 0)])


def test_the_first_menu_and_its_screens_do_not_restart(tmp_path):
    sim = make_sim(tmp_path)
    asked = _with_restart(sim)
    sim.app.start()
    sim.app.open_settings()
    sim.app.pop()
    assert type(sim.app.top()).__name__ == "MenuScene" and asked == []


def test_leaving_a_game_for_the_menu_restarts_with_the_games_index(tmp_path):
    sim = make_sim(tmp_path)
    asked = _with_restart(sim)
    sim.app.start()
    entry = catalog.find("dymino")
    sim.app.start_game(entry)
    game = sim.app.top()
    with pytest.raises(Restarted):
        sim.app.to_menu()
    assert asked == [catalog.GAMES.index(entry)]
    assert sim.app.stack == [] and game not in sim.app.stack  # closed (and unloaded) before the restart


def test_without_a_restart_the_menu_comes_back_in_the_same_interpreter(tmp_path):
    sim = make_sim(tmp_path)
    sim.app.start()
    sim.app.start_game(catalog.find("dymino"))
    sim.app.to_menu()
    menu = sim.app.top()
    # on the game just played, as on the badge (where the restart's note carries it)
    assert type(menu).__name__ == "MenuScene" and menu.list.cursor == catalog.GAMES.index(catalog.find("dymino"))


def test_a_menu_left_for_in_a_frame_restarts_at_the_next_frame(tmp_path):
    # Quit chosen by a key press: the menu (here the restart) comes at the start of the next frame (to_menu).
    sim = make_sim(tmp_path)
    asked = _with_restart(sim)
    sim.app.start()
    sim.app.start_game(catalog.find("wuerfelglanz"))
    game = sim.app.top()
    game.on_action = lambda action: sim.app.to_menu()  # the press that quits
    sim.platform.keys.record(KEY_A, True)
    sim.frame()
    assert asked == [] and sim.app.top() is game
    with pytest.raises(Restarted):
        sim.frame()
    assert asked == [catalog.GAMES.index(catalog.find("wuerfelglanz"))]


def test_settings_changed_in_a_game_are_saved_before_the_restart(tmp_path):
    sim = make_sim(tmp_path)
    _with_restart(sim)
    sim.app.start()
    sim.app.start_game(catalog.find("wuerfelglanz"))
    sim.app.open_settings()
    sound = sim.app.settings.sound
    sim.app.settings.sound = 1 - sound  # Settings saves what changed as it closes
    with pytest.raises(Restarted):
        sim.app.to_menu()
    assert _next_run(sim, 0).settings.sound == 1 - sound


def test_save_and_quit_then_the_restart_resumes_the_same_round(tmp_path):
    sim = make_sim(tmp_path)
    asked = _with_restart(sim)
    sim.app.start()
    entry = catalog.find("wuerfelglanz")
    sim.app.start_game(entry)
    game = sim.app.top()
    before = _state(game.game)
    sim.app.pause(game)
    pause = sim.app.top()
    pause.list.cursor = pause.items.index("Save & quit")
    with pytest.raises(Restarted):
        sim.app.dispatch(actions.A)
    assert sim.app.store.load(saves.WUERFELGLANZ_GAME) is not None  # written before the restart
    app = _next_run(sim, asked[0])
    menu = app.top()
    assert type(menu).__name__ == "MenuScene" and menu.items[menu.list.cursor] == entry[1]
    app.start_game(entry)  # as the menu's A does: the saved round resumes, not a new one from this run's seed
    assert app.top().note == "Round resumed" and _state(app.top().game) == before


def test_save_and_quit_writes_the_round_once_the_game_has_left_ram(tmp_path, monkeypatch):
    """The store's code and its write need ~5 KB: beside the game they were Dymino's heap peak on the badge. The
    round is held (pips.saves: hold) and written after every scene has closed and the game's code is unloaded."""
    from pips import store as store_module
    sim = make_sim(tmp_path)
    _with_restart(sim)
    for name in [name for name in sys.modules if name.startswith("pips.dymino")]:
        monkeypatch.delitem(sys.modules, name)  # (another test's import): the game loads and unloads its own
    sim.app.start()
    sim.app.start_game(catalog.find("dymino"))
    game = sim.app.top()
    writes = []
    save = store_module.Store.save
    monkeypatch.setattr(store_module.Store, "save", lambda self, kind, payload: (
        writes.append((kind, len(sim.app.stack), "pips.dymino.scene" in sys.modules)), save(self, kind, payload))[1])
    sim.app.pause(game)
    pause = sim.app.top()
    pause.list.cursor = pause.items.index("Save & quit")
    with pytest.raises(Restarted):
        sim.app.dispatch(actions.A)
    assert (saves.DYMINO_GAME, 0, False) in writes  # no scene left, the game's code gone
    assert sim.app.store.load(saves.DYMINO_GAME) is not None


@pytest.mark.parametrize("note, cursor", [(2, 2), (len(catalog.GAMES), 0), (None, 0)])
def test_the_next_runs_menu_opens_on_the_game_its_note_names(tmp_path, note, cursor):
    sim = make_sim(tmp_path)
    app = _next_run(sim, note)
    assert app.top().list.cursor == cursor
    app.start_game(catalog.GAMES[0])
    app.to_menu()  # no restart on this platform: the menu in this run opens at the top again
    assert app.top().list.cursor == 0


# ---- the badge's side (pips.device, code.py) -----------------------------------------------------------------------
class ReloadException(BaseException):
    """The firmware's (py/objexcept.c: MP_DEFINE_EXCEPTION(ReloadException, BaseException))."""


def _badge(monkeypatch):
    hw = Hardware(monkeypatch, pygamer=False)
    memory = bytearray(16)
    monkeypatch.setitem(sys.modules, "alarm", types.SimpleNamespace(sleep_memory=memory))

    def reload():
        hw.reloaded += 1
        raise ReloadException()

    monkeypatch.setattr(sys.modules["supervisor"], "reload", reload)
    return hw, memory


def test_the_badges_restart_keeps_its_note_for_one_run_in_sleep_memory(monkeypatch):
    hw, memory = _badge(monkeypatch)
    platform = device.DevicePlatform()
    assert platform.restart_note is None  # a power-on
    hw.board.DISPLAY.brightness = 0.8
    with pytest.raises(ReloadException):
        platform.restart(3)
    assert hw.reloaded == 1 and hw.board.DISPLAY.brightness == 0  # dark while the firmware shows its terminal
    assert device.DevicePlatform().restart_note == 3
    assert device.DevicePlatform().restart_note is None  # taken: a crash's reload or a reset finds none


def test_sleep_memory_as_power_on_leaves_it_holds_no_note():
    assert device.take_restart_note(bytearray(16)) is None
    assert device.take_restart_note(bytearray(b"\x9c\x02\x02" + bytes(13))) is None  # check byte wrong
    assert device.take_restart_note(None) is None  # no alarm module in the build
    memory = bytearray(b"\x9c\x02\xfd" + bytes(13))
    assert device.take_restart_note(memory) == 2 and device.take_restart_note(memory) is None


def test_code_py_blanks_the_terminal_and_lets_the_restart_through_its_crash_handler(monkeypatch, capsys):
    hw, memory = _badge(monkeypatch)
    as_circuitpython_10(monkeypatch)
    display = hw.board.DISPLAY
    display.root_group = "terminal"
    drawn = []
    display.refresh = lambda: drawn.append((display.root_group, display.auto_refresh))

    def run(platform):
        platform.restart(1)

    monkeypatch.setitem(sys.modules, "pips.app", types.SimpleNamespace(run=run))
    with pytest.raises(ReloadException):
        _run_code_py()
    assert drawn == [(None, True)] and hw.reloaded == 1  # a black screen drawn before the app takes the display
    assert "Pips stopped" not in capsys.readouterr().out  # no crash screen
