"""The simulator twin of a badge session: the same game, frame for frame, as tools/cp_run.session() plays under
circuitpython-pybadge, but on the desktop simulator, where screenshots show it.

Both start the app as code.py does (no fixed seed: the seed comes from os.urandom, here the stand-ins' seeded
generator, and the clock), on a clock that starts at 0 and moves 33 ms a frame, with key events read in the frame
after they fall due. So a key script for a badge session is written and checked here:

    python -m tools.badge_twin --seed 1 --keys "D A w500 ..." --screenshot out.png
"""
import os
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _stand_in_entropy():
    """tools/badge/_entropy.py by its path (tools/badge is never put on a CPython sys.path: its displayio would
    shadow Blinka's)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_pips_badge_entropy",
                                                  os.path.join(REPO, "tools", "badge", "_entropy.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _paths():
    for path in (REPO, os.path.join(REPO, "lib")):
        if path not in sys.path:
            sys.path.insert(0, path)


class Restart(BaseException):
    """The twin's platform.restart(note): like the badge's ReloadException, no Exception."""


def twin(keys="", seed=1, save=None):
    """A headless Sim whose App was made as the badge session makes it. Call .app.start() then run frames.

    Its platform has restart() as the badge's has (pips.platform): the twin then does what a badge session does
    after supervisor.reload() (tools/cp_run.session): a new App, made as code.py makes it (the stand-ins' seeded
    os.urandom starts again with the new interpreter), started at the same clock time, the restart's note kept,
    key events fed but not yet read gone with the old keypad queue, the saves kept. .restarts counts them.
    Like the badge's, its platform knows no date."""
    _paths()
    from sim.main import Sim

    class TwinSim(Sim):
        def __init__(self):
            Sim.__init__(self, headless=True, save=save or os.path.join(tempfile.mkdtemp(prefix="pips-twin-"),
                                                                        "save.bin"), keys=keys)
            self.restarts = 0
            self.platform.restart = self._restart
            # The badge keeps no date (pips.platform: today is None): Play a code then opens on AAAAAAA, without
            # "today's code" (the simulator's date showed another code and hint: tests/test_badge_pixels.py).
            self.platform.today = None
            self.app = self._fresh_app()

        @staticmethod
        def _restart(note):
            raise Restart(note)

        def _fresh_app(self):
            SeededBytes = _stand_in_entropy().SeededBytes
            from pips import app as app_module
            real = os.urandom
            os.urandom = SeededBytes(seed).urandom
            try:
                return app_module.App(self.platform)  # as pips.app.run does on the badge: no fixed seed
            finally:
                os.urandom = real

        def frame(self):
            from pips.app import FRAME_MS
            now = self.clock.ticks_ms()
            try:
                self.app.step(now)
            except Restart as restart:
                self.restarts += 1
                self.platform.restart_note = restart.args[0]
                self.platform.keys.clear()
                self.app = self._fresh_app()
                self.app.start()
                self.app.step(now)  # the new run's first frame, at the time the old one stopped
            self.clock.advance(FRAME_MS)

    return TwinSim()


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description="Play a badge session's key script in the headless simulator.")
    parser.add_argument("--keys", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--screenshot", help="PNG of the last frame")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        sim = twin(args.keys, args.seed)
    except ValueError as error:
        print("badge_twin: %s" % error, file=sys.stderr)
        return 2
    sim.app.start()
    frames = sim.run_headless()
    print("%d frames, top scene %s" % (frames, type(sim.app.top()).__name__))
    if args.screenshot:
        sim.screenshot(args.screenshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())


class Recorder:
    """Writes a key script while a bot plays the twin: press(tokens) plays the tokens now (a wait for the frames
    that passed since the script's end is put in front) and runs frames until they are done. .script is the
    text that replays the same session, in the twin and under circuitpython-pybadge."""

    def __init__(self, seed=1):
        _paths()
        from sim import keyscript
        self._parse = keyscript.parse
        self._keyscript = keyscript
        self.sim = twin("w1", seed)
        self.script = "w1"
        self.sim.app.start()

    @property
    def app(self):
        return self.sim.app

    def now(self):
        return self.sim.clock.now

    def frames(self, count):
        """Let `count` frames pass; a first-game tip that opened meanwhile (a game's start tip comes a frame after
        the game) is closed with A."""
        for _ in range(count):
            self.sim.frame()
        self._close_tips()

    def press(self, tokens):
        """Play `tokens` (sim/keyscript grammar) and add them to the script; a first-game tip that opens is closed
        with A, as a player would."""
        self._play(tokens)
        self._close_tips()

    def _close_tips(self):
        for _ in range(8):
            if type(self.app.top()).__name__ != "TipScene":
                return
            self._play("w100 A")

    def _play(self, tokens):
        fed, end = self._parse(self.script)
        if self.now() > end:
            self.script += " w%d" % (self.now() - end)
        self.script += " " + tokens
        player = self._keyscript.Player(self.script, self.sim.platform.script.start_ms)
        player.skip(len(fed))  # the events the old script has fed already
        self.sim.platform.script = player
        while not player.done(self.now()):
            self.sim.frame()
        self.sim.frame()  # the frame that reads the last release

    def until(self, done, limit=2000, step=""):
        """Run frames (or press `step` each time) until done() is true; AssertionError past `limit`."""
        for _ in range(limit):
            if done():
                return
            if step:
                self.press(step)
            else:
                self.sim.frame()
                self._close_tips()
        raise AssertionError("the session never reached its goal (top scene %s)" % type(self.app.top()).__name__)

    def shot(self, path):
        return self.sim.screenshot(path)
