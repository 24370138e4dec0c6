"""pips.platform.Platform: a platform that has only the required members (display, keys, ticks_ms, pixels, tone,
set_brightness, update) gets the defaults of every other one, and the app runs on it: no saves, its own key event,
no shakes, no date, the menu again in the same interpreter."""
from pips import code_entry
from pips.app import FRAME_MS, App
from pips.platform import KEY_A, Platform
from tests.simkit import make_sim


class BarePlatform(Platform):
    def __init__(self, display, clock):
        from sim.platform import SimKeys, SimPixels
        self.display = display
        self.keys = SimKeys()
        self.ticks_ms = clock.ticks_ms
        self.pixels = SimPixels()

    def tone(self, hz, ms):
        pass

    def set_brightness(self, level):
        pass

    def update(self, now_ms):
        pass


def test_an_app_runs_on_a_platform_with_only_the_required_members(tmp_path):
    sim = make_sim(tmp_path)  # the headless display (and pygame's dummy drivers) for the bare platform
    platform = BarePlatform(sim.display, sim.clock)
    app = App(platform, seed=1)
    app.tips = False
    assert app.store is None and app._read_acceleration is None
    assert code_entry.today_seed(platform) is None  # no date: no "today's code"

    def frames(count):
        for _ in range(count):
            app.step(sim.clock.ticks_ms())
            sim.clock.advance(FRAME_MS)

    app.start()
    frames(2)
    menu = app.top()
    assert type(menu).__name__ == "MenuScene"
    platform.keys.record(KEY_A, True)  # read into the app's own keypad.Event (key_event is None)
    platform.keys.record(KEY_A, False)
    frames(3)
    assert type(app.top()).__name__ == "WuerfelglanzScene"  # the first game
    app.to_menu()  # restart is None: the menu comes back in this interpreter
    frames(2)
    assert type(app.top()).__name__ == "MenuScene" and app.top() is not menu
    app.start("dymino")  # a game that takes shakes: acceleration is None, so no shake detector is made
    frames(3)
    assert app.top().takes_shake and app._shake is None
