"""The same screens through both renderers: a badge session (tools/cp_run.session: CircuitPython's own displayio and
BusDisplay, circuitpython-pybadge-display's framebuffer) and its simulator twin (tools/badge_twin: Blinka displayio),
compared pixel for pixel in RGB565, the badge's own colour depth.

    python -m tools.badge_pixels --keys "D A w500" [--seed 1] [--at MS ...] [--out diff.png]
    python -m tools.badge_pixels --docs [NAME ...] [--out FOLDER]

plays the key script in both, takes the screen at each MS (default: 300 ms after the script's end) and prints
per moment the count of pixels that differ; --out writes, for the last moment, the badge screen, the twin screen and
the differing pixels (white) side by side. --docs plays the docs pictures' sessions (docs_runs: how a badge session
reaches each picture of sim/screenshots.py) and says also whether the twin shows the docs picture itself. Exit 1
when any pixel differs.

    badge_screens(build, keys, shots, seed=1) -> {ms: screen}    twin_screens(keys, shots, seed=1) -> {ms: screen}
    differing(a, b) -> pixel count                               end_ms(keys) -> the script's end + 300 ms
    docs_runs(names=None) -> [Run]: the docs pictures as badge sessions (see below)

A screen is a (128, 160) numpy array of RGB565 values. The moment MS is the frame drawn at the first frame time
(a multiple of 33 ms, the sessions' clock) at or after MS, in both.
"""
import os
import shutil
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH = 160
HEIGHT = 128
FRAME_MS = 33  # both clocks: tools/badge/_badge.py and pips.app.FRAME_MS
SETTLE_MS = 300  # the default moment after the last key: its effect has been drawn


def _paths():
    for path in (REPO, os.path.join(REPO, "lib")):
        if path not in sys.path:
            sys.path.insert(0, path)


def to565(rgb):
    """(height, width, 3) RGB888 -> RGB565, the top bits of each channel: what the ST7735 keeps of a colour (both
    renderers widen 565 to 888 keeping those bits, so the round trip is exact)."""
    import numpy
    rgb = rgb.astype(numpy.uint16)
    return (rgb[..., 0] >> 3) << 11 | (rgb[..., 1] >> 2) << 5 | rgb[..., 2] >> 3


def read_ppm(path):
    """A screen from the badge's binary PPM (_pybadge_display.save: P6, 160x128, maxval 255)."""
    import numpy
    with open(path, "rb") as handle:
        data = handle.read()
    fields = data.split(maxsplit=4)  # P6 width height maxval pixels
    if fields[:4] != [b"P6", b"%d" % WIDTH, b"%d" % HEIGHT, b"255"]:
        raise ValueError("%s is no 160x128 P6 PPM" % path)
    pixels = numpy.frombuffer(data[-WIDTH * HEIGHT * 3:], dtype=numpy.uint8)
    return to565(pixels.reshape(HEIGHT, WIDTH, 3))


def end_ms(keys):
    _paths()
    from sim.keyscript import parse
    return parse(keys)[1] + SETTLE_MS


def _headless():
    """pygame without a window or sound device, and without its greeting on stdout."""
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(name, value)


def _surface565(surface):
    """A simulator display's 160x128 pygame surface as a screen."""
    import numpy
    import pygame
    return to565(numpy.transpose(pygame.surfarray.array3d(surface), (1, 0, 2)))


def _frame_at(ms):
    """The time of the frame a moment names: the first multiple of FRAME_MS at or after ms."""
    return -(-ms // FRAME_MS) * FRAME_MS


def badge_screens(build, keys, shots, seed=1, heap="1M"):
    """{ms: screen} of a badge session of `keys` (heap: a roomy one, these are pictures, not a memory test).
    The session runs until just after the last moment."""
    _paths()
    from tools import cp_run
    folder = tempfile.mkdtemp(prefix="pips-pixels-")
    try:
        last = max(shots)
        from sim.keyscript import parse
        events = parse(keys)[0]
        # the session ends once the clock passes the last key event + tail: one frame after the last moment
        tail = max(0, _frame_at(last) - (events[-1][0] if events else 0)) + FRAME_MS
        result = cp_run.session(build, keys, heap=heap, seed=seed, tail_ms=tail, shots=shots, shot_dir=folder)
        if not result.ok:
            raise RuntimeError("the badge session did not complete:\n%r" % result)
        screens = {}
        for ms in shots:
            path = os.path.join(folder, "%d.ppm" % ms)
            if not os.path.exists(path):
                raise RuntimeError("the badge session saved no screen at %d ms (it ended at %d ms)"
                                   % (ms, result.report["ms"]))
            screens[ms] = read_ppm(path)
        return screens
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def twin_screens(keys, shots, seed=1, tour=False):
    """{ms: screen} of the simulator twin playing `keys`: its display's own 160x128 surface (no NeoPixel strip, no
    brightness shade: the badge's framebuffer has neither). tour=True also takes each scene that comes on top, at
    the last frame it is there (to the script's end); then returns ({ms: screen}, {ms: the scene's class name})."""
    _paths()
    _headless()
    from tools import badge_twin
    sim = badge_twin.twin(keys, seed)
    sim.app.start()
    screens = {}
    scenes = {}
    by_frame = {}
    for ms in shots:
        by_frame.setdefault(_frame_at(ms), []).append(ms)
    last = max(by_frame) if by_frame else 0
    if tour:
        from sim.keyscript import parse
        last = max(last, _frame_at(parse(keys)[1]))
    top, before = None, None  # the scene on top at the frame before, and that frame's (time, surface copy)
    while sim.clock.ticks_ms() <= last:
        now = sim.clock.ticks_ms()
        sim.frame()
        for ms in by_frame.get(now, ()):
            screens[ms] = _surface565(sim.display.surface)
        if tour:
            name = type(sim.app.top()).__name__
            if name != top and top is not None:
                scenes[before[0]] = top
                screens[before[0]] = _surface565(before[1])
            top, before = name, (now, sim.display.surface.copy())  # a copy: converted only if it is taken
    if tour and before is not None:
        scenes[before[0]] = top
        screens[before[0]] = _surface565(before[1])
    return (screens, scenes) if tour else screens


# ---- the pictures of docs/ (sim/screenshots.SHOTS) as badge sessions --------------------------------------------
# A docs picture is taken by a headless simulator that starts straight in the game with a fixed seed and no tips. A
# badge session starts at the title menu, its seeds from os.urandom, its tips on. So the session first switches the
# tips off (Settings: the "First-game tips" row) and opens the game with Play a code, the code of the round the
# simulator's seed deals first (App(seed=N).next_seed() is Rng(N).next30()); the picture's own keys follow.
TIPS_OFF = "U*3 A w200 D*3 L B w200"  # the menu's cursor then rests on Settings
TO_PLAY_A_CODE = "U*2 A w200"  # Settings -> Play a code (two above it)
SETTLE_FRAMES = 6  # the frames a headless simulator run adds after its script (sim.main.SETTLE_FRAMES)
# The picture's keys start the frame after the one that feeds Play a code's A: a 1 ms tap (A+1) pressed 18 ms
# before a frame, so its press, release and gap (51 ms) end by then. The game opens a frame later and waits for them.
_OPEN_FRAMES = 1
_PRESS_BEFORE_FRAME = 18
# A docs picture is the last of the frames its simulator adds after the script; the same screen comes here a frame
# earlier after the same keys (measured: the pictures taken mid-animation, dymino_series and wuerfelglanz_pop, match
# only so; `python -m tools.badge_pixels --docs` checks every picture).
_DOCS_MOMENT_FRAMES = SETTLE_FRAMES - 1


class Run:
    """One badge session and its twin: `keys` from power-on, the screens at `shots` [(label, ms)]; tour: also each
    scene that comes on top (twin_screens), `kinds` the scene class names it must show."""

    def __init__(self, name, keys, shots, tour=False, kinds=()):
        self.name = name
        self.keys = keys
        self.shots = shots
        self.tour = tour
        self.kinds = set(kinds)

    def __repr__(self):
        return "Run(%r, %d shots)" % (self.name, len(self.shots))


def code_keys(game, round_seed):
    """On the Play a code screen (cursor on the first letter, the code AAAAAAA: a badge knows no date): choose
    `game` (a catalog key), spell the code of `round_seed` letter by letter (Up or Down, the shorter way) and play."""
    _paths()
    from pips import catalog, code_entry, codes
    index = [entry[0] for entry in catalog.GAMES].index(game)
    parts = ["L"] + (["U*%d" % index] if index else []) + ["R"]
    for value in code_entry.digits(round_seed, bytearray(codes.LENGTH)):
        if value:
            parts.append(("U*%d" % value) if value <= codes.BASE // 2 else ("D*%d" % (codes.BASE - value)))
        parts.append("R")
    parts[-1] = "A+1"
    return " ".join(parts)


def _pad(script, ms):
    """`script` with a wait to `ms` at its end."""
    from sim.keyscript import parse
    end = parse(script)[1]
    if ms < end:
        raise ValueError("the game opens at %d ms, before the keys before it end at %d" % (ms, end))
    return "%s w%d" % (script, ms - end)


def _play_code(before, game, round_seed):
    """(`before`, which ends on the Play a code screen, then the keys that play the code of `round_seed` in `game`;
    the frame the game's own keys start at)."""
    from sim.keyscript import parse
    head, play = code_keys(game, round_seed).rsplit(" ", 1)
    head = before + " " + head
    press = parse(head)[1]
    script = "%s w%d %s" % (head, (_frame_at(press + _PRESS_BEFORE_FRAME) - _PRESS_BEFORE_FRAME) - press, play)
    return script, _frame_at(parse(script)[0][-2][0]) + _OPEN_FRAMES * FRAME_MS  # [-2]: the last A's press


def docs_item(name, game, keys, seed):
    """(full key script from power-on, ms of the moment the docs picture shows) for one docs picture."""
    _paths()
    from sim.keyscript import parse
    if game is None:  # the title menu: the docs script runs from power-on
        return keys, _frame_at(parse(keys)[1]) + _DOCS_MOMENT_FRAMES * FRAME_MS
    from engine.rng import Rng
    rounds = Rng(seed)  # the simulator's App(seed=seed): next_seed() is its next30()
    script, start = _play_code(TIPS_OFF + " " + TO_PLAY_A_CODE, game, rounds.next30())
    return _pad(script, start) + " " + keys, start + _frame_at(parse(keys)[1]) + _DOCS_MOMENT_FRAMES * FRAME_MS


def docs_runs(names=None):
    """The docs pictures as Runs: a picture whose session plays the same keys as a longer one's up to its moment is
    a shot of that one (a game's bot pictures are moments of one bot round)."""
    _paths()
    from sim import screenshots
    from sim.keyscript import parse
    items = []
    for name, game, keys, seed in screenshots.SHOTS:
        if names and name not in names:
            continue
        full, moment = docs_item(name, game, keys() if callable(keys) else keys, seed)
        items.append((name, full, moment, parse(full)[0]))
    items.sort(key=lambda item: -len(item[3]))
    runs = []
    for name, full, moment, events in items:
        for run, run_events in runs:
            # the longer session feeds this picture's key events, and only those, before the moment's frame
            if [event for event in run_events if _frame_at(event[0]) < moment] == events:
                run.shots.append((name, moment))
                break
        else:
            runs.append((Run(name.split(".")[0], full, [(name, moment)]), events))
    return [run for run, _ in runs]


def docs_screen(name):
    """The screen of a docs picture as `make screenshots` takes it (sim/screenshots.take, without the file)."""
    _paths()
    _headless()
    from sim import screenshots
    from sim.main import Sim
    name, game, keys, seed = next(shot for shot in screenshots.SHOTS if shot[0] == name)
    with tempfile.TemporaryDirectory() as scratch:
        sim = Sim(headless=True, scale=1, save=os.path.join(scratch, "save.bin"), seed=seed,
                  keys=keys() if callable(keys) else keys)
        sim.app.start(game)
        sim.run_headless()
        return _surface565(sim.display.surface)


def differing(a, b):
    return int((a != b).sum())


def save_side_by_side(path, badge, twin):
    """badge | twin | differing pixels in white, as a PNG."""
    import numpy
    import pygame

    def rgb(screen):
        out = numpy.empty(screen.shape + (3,), dtype=numpy.uint8)
        out[..., 0] = (screen >> 11 & 31) << 3
        out[..., 1] = (screen >> 5 & 63) << 2
        out[..., 2] = (screen & 31) << 3
        return out
    diff = numpy.where((badge != twin)[..., None], 255, 0).astype(numpy.uint8).repeat(3, axis=2)
    gap = numpy.full((HEIGHT, 4, 3), 128, dtype=numpy.uint8)
    picture = numpy.concatenate([rgb(badge), gap, rgb(twin), gap, diff], axis=1)
    pygame.image.save(pygame.surfarray.make_surface(numpy.transpose(picture, (1, 0, 2)).copy()), path)


def main(argv=None):
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):  # a mistake is one line, not the usage block
            self.exit(2, "%s: error: %s\n" % (self.prog, message))

    parser = Parser(prog="python -m tools.badge_pixels",
                    description="Compare a key script's screens on the badge stack and in the simulator twin.")
    parser.add_argument("--keys", default="", help="key script (the simulator's grammar)")
    parser.add_argument("--docs", nargs="*", metavar="NAME",
                        help="instead: the docs pictures (all, or these, e.g. menu.png) as badge sessions; also "
                        "prints whether the twin's screen is the docs picture's (as make screenshots takes it)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--at", type=int, nargs="+", metavar="MS", help="moments (default: the script's end + 300 ms)")
    parser.add_argument("--out", help="PNG: badge | twin | differing pixels, at the last moment (with --docs: a "
                        "folder, one PNG per picture)")
    parser.add_argument("--build", default=os.path.join(REPO, "build", "CIRCUITPY"),
                        help="the device build (make device)")
    args = parser.parse_args(argv)
    _paths()
    from tools import cp_run
    reason = cp_run.missing()
    if reason:
        parser.error(reason)
    try:
        shots = args.at or [end_ms(args.keys)]
        end_ms(args.keys)  # the script is checked whatever the moments
    except ValueError as error:
        parser.error(str(error))
    if min(shots) < 0:
        parser.error("--at takes moments of 0 ms or more")
    from sim import screenshots
    known = [shot[0] for shot in screenshots.SHOTS]
    unknown = [name for name in args.docs or () if name not in known]
    if unknown:
        parser.error("no docs picture %s (sim/screenshots.py has %s)" % (", ".join(unknown), " ".join(known)))
    if not os.path.exists(os.path.join(args.build, "code.py")):
        parser.error("no code.py in %s: run `make device` first" % args.build)
    if args.docs is not None:
        return _docs(args)
    badge = badge_screens(args.build, args.keys, shots, args.seed)
    twin = twin_screens(args.keys, shots, args.seed)
    worst = 0
    for ms in shots:
        count = differing(badge[ms], twin[ms])
        worst = max(worst, count)
        print("%d ms: %d pixels differ" % (ms, count))
    if args.out:
        save_side_by_side(args.out, badge[shots[-1]], twin[shots[-1]])
    return 1 if worst else 0


def _docs(args):
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    worst = 0
    for run in docs_runs(args.docs):
        moments = [ms for _, ms in run.shots]
        badge = badge_screens(args.build, run.keys, moments)
        twin = twin_screens(run.keys, moments)
        for name, ms in run.shots:
            count = differing(badge[ms], twin[ms])
            worst = max(worst, count)
            print("%s (session %s, %d ms): %d pixels differ; the twin's screen is %s" % (
                name, run.name, ms, count,
                "the docs picture" if not differing(twin[ms], docs_screen(name)) else "not the docs picture"))
            if args.out:
                save_side_by_side(os.path.join(args.out, name), badge[ms], twin[ms])
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
