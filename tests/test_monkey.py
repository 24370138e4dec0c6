"""200,000+ seeded random button actions through the real app and scenes on real displayio (headless simulator):
the title menu, settings, help, about, and every game registered in pips.catalog (games added later are covered
automatically). No exception may escape, and the save store must still load afterwards.

Speed (Blinka's displayio is pure Python): actions go straight into the app's dispatch + tick with a fake clock;
every KEY_PATH_EVERY-th action instead goes key event -> queue -> ActionReader, every STEP_EVERY-th through a whole
app.step (which refreshes), and the display refreshes every REFRESH_EVERY actions.
"""
import gc
import random

from pips import actions, catalog
from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP
from pips.scenes.menu import MenuScene
from tests.simkit import make_sim

TOTAL_EVENTS = 200000
REFRESH_EVERY = 1999
STEP_EVERY = 997
KEY_PATH_EVERY = 23
MS_PER_EVENT = 40  # the fake clock moves on per action: animations, CPU turns and auto-dim run too
SEED = 20261129

# Weighted like play: mostly the D-pad and A; B, SELECT and START less often. START opens the pause menu, from
# where the monkey often quits and the game is rebuilt (the slow part in Blinka): in a run it still opens the
# pause menu some 2,000 times, help/rules and settings hundreds of times and restarts games hundreds of times.
ACTION_WEIGHTS = ((actions.UP, 16), (actions.DOWN, 16), (actions.LEFT, 16), (actions.RIGHT, 16), (actions.A, 16),
                  (actions.B, 4), (actions.SELECT, 2), (actions.START, 1), (actions.SHAKE, 2))
_KEY_OF_ACTION = {actions.UP: KEY_UP, actions.DOWN: KEY_DOWN, actions.LEFT: KEY_LEFT, actions.RIGHT: KEY_RIGHT,
                  actions.A: KEY_A, actions.B: KEY_B, actions.START: KEY_START, actions.SELECT: KEY_SELECT}


def action_pool():
    pool = []
    for action, weight in ACTION_WEIGHTS:
        pool.extend([action] * weight)
    return pool


def run_phase(sim, rng, count, game, seen):
    app = sim.app
    clock = sim.clock
    keys = sim.platform.keys
    reader = app.reader
    pool = action_pool()
    for index in range(count):
        if game is not None and isinstance(app.top(), MenuScene):
            app.start_game(game)  # keep the phase in its game: the monkey often quits to the menu
        action = rng.choice(pool)
        clock.advance(MS_PER_EVENT)
        now = clock.ticks_ms()
        if action == actions.SHAKE:
            if app.top().takes_shake:  # the app gives shakes only to scenes that take them
                app.dispatch(action)
                app.tick(now)
        elif index % STEP_EVERY == 0:
            keys.record(_KEY_OF_ACTION[action], True)
            keys.record(_KEY_OF_ACTION[action], False)
            app.step(now)
        elif index % KEY_PATH_EVERY == 0:
            keys.record(_KEY_OF_ACTION[action], True)
            keys.record(_KEY_OF_ACTION[action], False)
            while True:
                read = reader.next(now)
                if read == actions.NONE:
                    break
                app.dispatch(read)
            app.tick(now)
        else:
            app.dispatch(action)
            app.tick(now)
        if index % REFRESH_EVERY == 0:
            app.display.refresh()
        assert app.stack, "the scene stack emptied"
        seen.add(type(app.top()).__name__)


def test_monkey(tmp_path):
    save = str(tmp_path / "save.bin")
    sim = make_sim(tmp_path, save=save, seed=SEED)
    sim.app.start()
    gc.freeze()  # the app calls gc.collect() on scene changes: keep that cheap on CPython's big test heap
    try:
        rng = random.Random(SEED)
        phases = [None] + list(catalog.GAMES)
        per_phase = TOTAL_EVENTS // len(phases) + 1
        seen = set()
        for game in phases:
            run_phase(sim, rng, per_phase, game, seen)
            sim.app.to_menu()
        sim.app.display.refresh()
    finally:
        gc.unfreeze()
    assert per_phase * len(phases) >= TOTAL_EVENTS
    # The walk really went everywhere: every shell scene was on top at some point.
    assert {"MenuScene", "SettingsScene", "HelpScene", "PauseScene", "ConfirmScene"} <= seen or not catalog.GAMES
    assert {"MenuScene", "SettingsScene", "HelpScene"} <= seen
    # The store still loads: settings and every record the games wrote read back from the file.
    app = sim.app
    assert app.store is not None
    app.save_settings()
    reopened = make_sim(tmp_path, save=save).app
    assert reopened.settings == app.settings
    from pips import saves
    for kind, _ in saves.LAYOUT:
        assert reopened.store.load(kind) == app.store.load(kind)
