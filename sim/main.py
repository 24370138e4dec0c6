"""`python -m sim` (what `make sim` runs): the badge's app in a desktop window, or headless.

    python -m sim                       window at 4x, title menu
    python -m sim --game KEY --seed 7   straight into a game (keys as listed in lib/pips/catalog.py)
    python -m sim --headless --keys "D A w300" --screenshot out.png
    python -m sim --record frames/      every shown frame as frames/frame_00001.png ...

Keys: arrows = D-pad, Enter/Z = A, R/X = B, Esc = Start, Tab = Select, F12 = screenshot, Ctrl+Q = quit.
Key script syntax: see sim/keyscript.py. Headless runs use a fake clock (FRAME_MS per frame): fast, repeatable.
"""
import argparse
import contextlib
import io
import os
import sys

HEADLESS_SEED = 1  # seed of headless runs without --seed
SETTLE_FRAMES = 6  # frames a headless run adds after the script, so the last press has been drawn


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m sim", description="Pips on the desktop.")
    parser.add_argument("--scale", type=int, default=4, help="window scale (default 4)")
    parser.add_argument("--game", help="start straight in this game (its catalog key)")
    parser.add_argument("--seed", type=int, help="seed for the rounds (repeatable games; headless default 1)")
    parser.add_argument("--save", help="save file (default: $XDG_DATA_HOME/pips/save.bin)")
    parser.add_argument("--headless", action="store_true", help="no window; fake clock; exit after the key script")
    parser.add_argument("--keys", default="", help='key script, e.g. "A A w500 R R D A S w200"')
    parser.add_argument("--screenshot", help="PNG path: written at the end of a headless run; F12 in the window")
    parser.add_argument("--record", help="folder: save every shown frame as a PNG")
    parser.add_argument("--frames", type=int, default=0, help="headless: run at least this many frames")
    parser.add_argument("--mute", action="store_true", help="no sound")
    args = parser.parse_args(argv)
    if args.scale < 1:
        parser.error("--scale must be 1 or more")
    return args


def _prepare_environment(headless):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (here, os.path.join(here, "lib")):
        if path not in sys.path:
            sys.path.insert(0, path)
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Blinka prints a board-detection warning on first import; the simulator needs no board.
    with contextlib.redirect_stdout(io.StringIO()):
        import keypad  # noqa: F401
        import displayio  # noqa: F401
        import busdisplay  # noqa: F401


class Sim:
    """One simulator: platform + app. Tests and tools build it in-process with headless=True."""

    def __init__(self, headless=True, scale=4, save=None, seed=None, keys="", record=None, screenshot=None,
                 sound=None, store=None):
        _prepare_environment(headless)
        import displayio
        from pips.app import App
        from sim import keyscript
        from sim.display import SimDisplay, Window
        from pips.mirror import FileMirror
        from sim.platform import FakeClock, FileArea, RealClock, SimPlatform, default_save_path, mirror_folder

        displayio.release_displays()
        self.headless = headless
        self.clock = FakeClock() if headless else RealClock()
        self.window = Window(scale)
        self.display = SimDisplay()
        if record:
            os.makedirs(record, exist_ok=True)
        save = save or default_save_path()
        storage = FileArea(save)
        script = keyscript.Player(keys, self.clock.ticks_ms()) if keys else None
        self.platform = SimPlatform(self.display, self.window, self.clock, storage,
                                    sound=(not headless) if sound is None else sound,
                                    script=script, record_dir=record, shot_path=screenshot,
                                    storage_mirror=FileMirror(mirror_folder(save)))
        if seed is None and headless:
            seed = HEADLESS_SEED  # scripted runs repeat exactly unless told otherwise
        self.app = App(self.platform, store=store, seed=seed)

    def frame(self):
        """One headless frame: the app's step at the fake clock's time, then the clock moves on a frame."""
        from pips.app import FRAME_MS
        self.app.step(self.clock.ticks_ms())
        self.clock.advance(FRAME_MS)

    def run_headless(self, min_frames=0):
        script = self.platform.script
        frames = 0
        while frames < min_frames or (script is not None and not script.done(self.clock.ticks_ms())):
            self.frame()
            frames += 1
        for _ in range(SETTLE_FRAMES):
            self.frame()
            frames += 1
        return frames

    def screenshot(self, path):
        return self.platform.screenshot(path)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sim = Sim(headless=args.headless, scale=args.scale, save=args.save, seed=args.seed, keys=args.keys,
              record=args.record, screenshot=args.screenshot, sound=False if args.mute else None)
    from sim.platform import SimQuit
    sim.app.start(args.game)
    if args.headless:
        sim.run_headless(args.frames)
        if args.screenshot:
            sim.screenshot(args.screenshot)
        return 0
    try:
        sim.app.run()
    except (SimQuit, KeyboardInterrupt):
        pass
    return 0
