"""`python -m sim` (what `make sim` runs): the badge's app in a desktop window, or headless.

    python -m sim                       window at 4x, title menu
    python -m sim --game KEY --seed 7   straight into a game (keys as listed in lib/pips/catalog.py)
    python -m sim --game dymino --seed KXPRTAM   the round of that replay code (shown in pause and results)
    python -m sim --headless --keys "D A w300" --screenshot out.png
    python -m sim --record frames/      every shown frame as frames/frame_00001.png ...

Keys: arrows = D-pad, Enter/Z = A, R/X = B, Esc = Start, Tab = Select, K = shake the badge, F12 = screenshot,
Ctrl+Q = quit.
Key script syntax: see sim/keyscript.py. Headless runs use a fake clock (FRAME_MS per frame): fast, repeatable.
"""
import argparse
import contextlib
import io
import os
import signal
import sys

HEADLESS_SEED = 1  # seed of headless runs without --seed
SETTLE_FRAMES = 6  # frames a headless run adds after the script, so the last press has been drawn
MAX_SEED = (1 << 30) - 1    # the engine's PRNG takes 30-bit seeds: larger ones are refused, not cut
MAX_WINDOW_SCALE = 16       # 2560 x 2272 pixels
MAX_PICTURE_SCALE = 32      # headless screenshots and recorded frames (no window, so no window limit)
MAX_FRAMES = 100000         # --frames: about 55 minutes of badge time
PROG = "python -m sim"


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on stderr (and exit 2), not the usage block."""

    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def _bounded(low, high):
    def convert(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a whole number: %r" % text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError("must be %d..%d, not %d" % (low, high, value))
        return value
    return convert


def _seed_or_code(text):
    """A whole number seeds the rounds; a replay code (7 letters, pips.codes) becomes ("code", its seed)."""
    if text.strip().lstrip("-").isdigit():
        return _bounded(0, MAX_SEED)(text)
    _prepare_paths()
    from pips import code_entry, codes
    seed = code_entry.decode(text)
    if seed is None:
        raise argparse.ArgumentTypeError("not a seed or a replay code: %r (a code is %d letters of %s)"
                                         % (text, codes.LENGTH, codes.ALPHABET))
    return ("code", seed)


def parse_args(argv):
    parser = _Parser(prog=PROG, description="Pips on the desktop.")
    parser.add_argument("--scale", type=_bounded(1, 1 << 20), default=4,
                        help="window scale (default 4; 1..%d, headless pictures 1..%d)"
                        % (MAX_WINDOW_SCALE, MAX_PICTURE_SCALE))
    parser.add_argument("--game", help="start straight in this game (its catalog key)")
    parser.add_argument("--seed", type=_seed_or_code,
                        help="seed for the rounds, 0..%d (repeatable games; headless default 1), or a replay "
                        "code: its round first" % MAX_SEED)
    parser.add_argument("--save", help="save file (default: $XDG_DATA_HOME/pips/save.bin)")
    parser.add_argument("--headless", action="store_true", help="no window; fake clock; exit after the key script")
    parser.add_argument("--keys", default="", help='key script, e.g. "A A w500 R R D A S w200"')
    parser.add_argument("--screenshot", help="PNG path: written at the end of a headless run; F12 in the window")
    parser.add_argument("--record", help="folder: save every shown frame as a PNG")
    parser.add_argument("--frames", type=_bounded(0, MAX_FRAMES), default=0,
                        help="headless: run at least this many frames (up to %d)" % MAX_FRAMES)
    parser.add_argument("--mute", action="store_true", help="no sound")
    parser.add_argument("--tips", choices=("on", "off"),
                        help="first-game tips (default: on in the window, off headless, so a key script meets the "
                        "same screens whatever was played before)")
    args = parser.parse_args(argv)
    args.round_seed = None
    if isinstance(args.seed, tuple):
        args.round_seed = args.seed = args.seed[1]  # the code's round first, then rounds that follow from it
    _prepare_paths()
    from pips import catalog
    from sim import keyscript
    if args.game is not None and catalog.find(args.game) is None:
        parser.error("unknown game %r (games: %s)" % (args.game, ", ".join(entry[0] for entry in catalog.GAMES)))
    try:
        keyscript.steps(args.keys)
    except ValueError as error:
        parser.error(str(error))
    pictures = args.screenshot or args.record
    if args.headless and not pictures:
        args.scale = 1  # nothing is shown or saved: the scale does not matter
    limit = MAX_PICTURE_SCALE if args.headless else MAX_WINDOW_SCALE
    if args.scale > limit:
        parser.error("--scale must be 1..%d %s" % (limit, "for headless pictures" if args.headless else
                                                     "for a window"))
    if args.save is not None:
        if not args.save.strip():
            parser.error("--save needs a file path")
        if os.path.isdir(args.save):
            parser.error("--save %s is a folder, not a file" % args.save)
    for option, path in (("--screenshot", args.screenshot), ("--record", args.record)):
        if path is not None and (not path.strip() or (option == "--screenshot" and os.path.isdir(path))):
            parser.error("%s needs a %s path" % (option, "file" if option == "--screenshot" else "folder"))
    if args.record:
        try:
            os.makedirs(args.record, exist_ok=True)
        except OSError as error:
            parser.error("--record: cannot make folder %s (%s)" % (args.record, error.strerror or error))
    return args


def _prepare_paths():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (here, os.path.join(here, "lib")):
        if path not in sys.path:
            sys.path.insert(0, path)


def _prepare_environment(headless):
    _prepare_paths()
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    # Blinka prints a board-detection warning on first import; the simulator needs no board.
    with contextlib.redirect_stdout(io.StringIO()):
        import keypad  # noqa: F401
        import displayio  # noqa: F401
        import busdisplay  # noqa: F401


class Sim:
    """One simulator: platform + app. Tests and tools build it in-process with headless=True."""

    def __init__(self, headless=True, scale=4, save=None, seed=None, keys="", record=None, screenshot=None,
                 sound=None, store=None, tips=None):
        _prepare_environment(headless)
        import displayio
        from pips.app import App
        from sim import keyscript
        from sim.display import SimDisplay, Window
        from sim.platform import FakeClock, RealClock, SimPlatform, default_save_path, open_save

        displayio.release_displays()
        self.headless = headless
        self.stopping = False  # set by a signal: the run ends after the current frame
        self.clock = FakeClock() if headless else RealClock()
        self.window = Window(scale, headless)
        self.display = SimDisplay()
        if record:
            os.makedirs(record, exist_ok=True)
        storage, mirror, self.save_problem = open_save(save or default_save_path())
        script = keyscript.Player(keys, self.clock.ticks_ms()) if keys else None
        self.platform = SimPlatform(self.display, self.window, self.clock, storage,
                                    sound=(not headless) if sound is None else sound,
                                    script=script, record_dir=record, shot_path=screenshot,
                                    storage_mirror=mirror)
        if seed is None and headless:
            seed = HEADLESS_SEED  # scripted runs repeat exactly unless told otherwise
        self.app = App(self.platform, store=store, seed=seed)
        self.app.tips = (not headless) if tips is None else tips  # headless: a script meets the same screens

    def frame(self):
        """One headless frame: the app's step at the fake clock's time, then the clock moves on a frame."""
        from pips.app import FRAME_MS
        self.app.step(self.clock.ticks_ms())
        self.clock.advance(FRAME_MS)

    def run_headless(self, min_frames=0):
        script = self.platform.script
        frames = 0
        while not self.stopping and (frames < min_frames or
                                     (script is not None and not script.done(self.clock.ticks_ms()))):
            self.frame()
            frames += 1
        for _ in range(SETTLE_FRAMES):
            if self.stopping:
                break
            self.frame()
            frames += 1
        return frames

    def stop(self):
        """End the run after the frame in progress (a frame, and any save in it, is never cut short)."""
        self.stopping = True
        self.app.running = False

    def screenshot(self, path):
        return self.platform.screenshot(path)


class _Signals:
    """SIGINT (Ctrl-C) and SIGTERM only ask the run to stop: no KeyboardInterrupt lands in the middle of a save."""

    def __init__(self):
        self.received = None
        self.sim = None
        self._before = {}
        for number in (signal.SIGINT, signal.SIGTERM):
            self._before[number] = signal.signal(number, self._handle)

    def restore(self):
        for number, handler in self._before.items():
            signal.signal(number, handler)

    def _handle(self, number, frame):
        self.received = number
        if self.sim is not None:
            self.sim.stop()


def _fail(message):
    sys.stderr.write("%s: error: %s\n" % (PROG, message))
    return 2


def main(argv=None, early=()):
    """`early`: signals that came before main (sim/__main__.py catches them from its first line)."""
    signals = _Signals()
    if early:
        signals.received = early[0]
    try:
        return _run(signals, sys.argv[1:] if argv is None else argv)
    finally:
        signals.restore()


def _run(signals, argv):
    args = parse_args(argv)
    if signals.received is not None:
        return 128 + signals.received  # before the app started: nothing to save
    import pygame
    try:
        sim = Sim(headless=args.headless, scale=args.scale, save=args.save, seed=args.seed, keys=args.keys,
                  record=args.record, screenshot=args.screenshot, sound=False if args.mute else None,
                  tips=None if args.tips is None else args.tips == "on")
    except pygame.error as error:
        return _fail("cannot open the window (%s): try a smaller --scale" % error)
    signals.sim = sim
    if sim.save_problem:
        sys.stderr.write("%s: warning: %s; playing without saving\n" % (PROG, sim.save_problem))
    from sim.platform import SimQuit
    if signals.received is None:
        sim.app.start(args.game, args.round_seed)
        if args.headless:
            sim.run_headless(args.frames)
        else:
            try:
                sim.app.run()
            except SimQuit:
                pass
    if signals.received is not None:
        return 128 + signals.received  # stopped between frames: quietly, the save as the last frame left it
    if args.headless and args.screenshot:
        try:
            sim.screenshot(args.screenshot)
        except (OSError, pygame.error) as error:
            return _fail("cannot write the screenshot %s (%s)" % (args.screenshot, error))
    return 0
