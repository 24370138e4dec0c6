"""Bytes allocated per frame of the app on the badge: build/CIRCUITPY (from .mpy) runs under CircuitPython's own
interpreter with the firmware's display stack (circuitpython-pybadge-display) and the badge stand-ins, the collector
off during each frame, so gc.mem_alloc() before and after is what the frame allocated (garbage, or new objects the
scene keeps).

- A scripted session: the title menu, then each game played by seeded key presses, its pause menu, settings and
  rules, and the results screens: bytes allocated per key press, by the scene on top.
- Würfelglanz and Dymino by press kind (Select's hint included).
Goal (issue 13): <= 256 bytes allocated per key press on play screens. A frame's badge time (step + refresh + SPI)
is bench_badge_screens.py's.
The driver below is shared with the allocation tests (tests/test_badge_idle_alloc.py and others).
"""
import os
import tempfile

from tools import callgrind_cost as cost

PLAY_PRESSES = 30  # per game
GARBAGE_HEAP = "4M"  # the collector is off during each frame: room for every frame's garbage

# Key numbers of keypad.ShiftRegisterKeys on a PyBadge (pips.platform)
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
# Per game: catalog key, keys that open play from the game's first screen, keys pressed at random in play,
# the key that pauses.
GAMES = (
    ("wuerfelglanz", (), (UP, DOWN, LEFT, RIGHT, A, A, B), START),
    ("dymino", (), (UP, DOWN, LEFT, RIGHT, A, A, B), START),
    ("dominoes", (), (UP, DOWN, LEFT, RIGHT, A, A, B), START),
    ("diceduel", (DOWN, A), (LEFT, RIGHT, A, B, B, SELECT, UP), START),  # UP: the odds screen
)

# Shared by the session and the idle-frame scripts (CircuitPython code).
DRIVER = """
import gc
import _badge

# the stand-ins' frame without its heap sample (_badge's mode bit 8): gc.mem_alloc() scans the whole heap's block
# table, which the badge's refresh never does (and which would swamp the count); the session's clock and keys still move
_badge.mode |= 8
from pips.device import DevicePlatform
from pips.app import App
from pips import catalog
platform = DevicePlatform()
platform.restart = None  # every game in one interpreter: no reload after each (pips.platform: restart)
app = App(platform, seed=1)
app.tips = False  # the first-game tips are overlays of their own, shown once: the figures are the play screens'
queue = platform.keys
gc.collect()

def top_name():
    top = app.top()
    return type(top).__name__ if top is not None else "-"

_units = [0]

def counted(kind, work):
    # One counted unit: BEGIN/END around `work`, printed with the scenes on top before and after and what it
    # allocated. Collected just before. With GARBAGE (a plain run on a big heap, not counted) the collector is
    # off during the unit, so the allocation is exact; the counted run keeps it on as the badge would.
    before = top_name()
    _units[0] += 1
    gc.collect()
    if GARBAGE:
        gc.disable()
    used = gc.mem_alloc()
    BEGIN()
    work()
    END()
    used = gc.mem_alloc() - used
    gc.enable()
    print("@", kind, before, top_name(), used)

def step():
    app.step(platform.ticks_ms())

def press(key, idle=2):
    queue.record(key, True, platform.ticks_ms())
    counted("K", step)
    queue.record(key, False, platform.ticks_ms())
    counted("R", step)
    for _ in range(idle):
        counted("I", step)

def start(key):
    def work():
        app.start_game(catalog.find(key))
        step()
    counted("S", work)

def open_item(name):
    # move the pause list's cursor to `name` and choose it
    scene = app.top()
    if not hasattr(scene, "items") or name not in scene.items:
        return False
    while scene.list.cursor != scene.items.index(name):
        press(DOWN, 0)
    press(A, 0)
    return True
"""

SESSION = DRIVER + """
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
app.start()
for key in (DOWN, DOWN, DOWN, UP, UP, UP, DOWN, UP):
    press(key)
seed = 12345
for key, opening, play_keys, pause_key in GAMES:
    start(key)
    for k in opening:
        press(k)
    for n in range(PLAY_PRESSES):
        seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
        press(play_keys[(seed >> 12) % len(play_keys)], 3)
        if top_name() == "MenuScene":
            start(key)
            for k in opening:
                press(k)
    while top_name() not in ("PauseScene", "MenuScene"):
        if top_name() == "ResultsScene" or top_name() == "ConfirmScene":
            press(B)
        else:
            press(pause_key)
            break
    if top_name() == "PauseScene":
        for k in (DOWN, DOWN, UP, UP):
            press(k)
        if open_item("Settings"):
            for k in (DOWN, RIGHT, LEFT, UP, DOWN, UP):
                press(k)
            press(B)
        if open_item("Rules"):
            for k in (DOWN, DOWN, DOWN, RIGHT, LEFT, UP):
                press(k)
            press(B)
        press(B)
    app.to_menu()
    step()
app.show_help("Bench", "x")
app.pop()

def results(title, rows, record):
    def work():
        app.show_results(title, rows, record)
        step()
    counted("S", work)
    press(A)

results("Solo: 874 points", [("Chips (9)", 412), ("Full stacks (2)", 60), ("Gold (7 kinds)", 50), ("Last chip", 20),
                              ("Total", 542), ("Best solo", 874)], True)
results("Top 5", [("1.", "12,345"), ("2.", "9,876"), ("3.", "7,654"), ("4.", "5,432"), ("5.", "3,210")], False)
"""

# Würfelglanz and Dymino by press kind (issue 12's hint, issue 13's garbage): seeded presses, Select included; after
# Select the frames run until the hint is shown, each tagged as a hint slice ("F H").
GRID_GAMES = ("wuerfelglanz", "dymino")
GRID_PLAY_SCENES = ("WuerfelglanzScene", "DyminoScene")
GRID_KEYS = (UP, DOWN, LEFT, RIGHT, A, A, B, SELECT)
GRID_PRESSES = 80  # per game
GRID_SESSION = DRIVER + """
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
NAMES = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")

def hinting():
    return getattr(getattr(app.top(), "hint", None), "busy", False)

def grid_press(key):
    queue.record(key, True, platform.ticks_ms())
    counted("K", step)
    queue.record(key, False, platform.ticks_ms())
    print("F", "H" if hinting() else "-")
    counted("R", step)
    frames = 0
    while frames < 3 or hinting() and frames < 200:
        print("F", "H" if hinting() else "-")
        counted("I", step)
        frames += 1

app.start()
seed = 4242
for game in GRID_GAMES:
    start(game)
    for n in range(GRID_PRESSES):
        seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
        key = GRID_KEYS[(seed >> 12) % len(GRID_KEYS)]
        print("KEY", game, NAMES[key])
        grid_press(key)
        if top_name() not in GRID_PLAY_SCENES:
            print("KEY", game, "-")
            while top_name() != "MenuScene":
                press(B, 1)
            start(game)
    app.to_menu()
    step()
"""


def grid_text(garbage):
    return "GRID_GAMES = %r\nGRID_PLAY_SCENES = %r\nGRID_KEYS = %r\nGRID_PRESSES = %d\nGARBAGE = %r\n" % (
        GRID_GAMES, GRID_PLAY_SCENES, GRID_KEYS, GRID_PRESSES, garbage)


def parse_grid(stdout, units=None):
    """[(game, press kind, frame kind, bytes, instructions or None)] from a GRID_SESSION run: frame kind "K" (the
    press), "R" (its release), "I" (a frame after it) or "H" (a frame that ran a slice of the hint). Press kinds:
    the key's name, "after hint" appended to the press that follows a Select (it stops or unloads the hint);
    frames whose scene changed or that left play are left out."""
    frames = []
    game = kind = None  # (a release is a frame after the press: "R", or "H" when it ran the hint)
    previous = None
    hint_frame = False
    index = 0
    for line in stdout.splitlines():
        fields = line.split()
        if line.startswith("KEY "):
            previous = kind
            game, kind = fields[1], fields[2]
            if previous == "SELECT" and kind != "-":
                kind += " after hint"
        elif line.startswith("F "):
            hint_frame = fields[1] == "H"
        elif line.startswith("@ "):
            n = units[index] if units is not None else None
            index += 1
            if kind != "-" and fields[2] == fields[3] and fields[2] in GRID_PLAY_SCENES:
                frame = "H" if fields[1] != "K" and hint_frame else fields[1]
                frames.append((game, kind, frame, int(fields[4]), n))
            hint_frame = False
    if units is not None and index != len(units):
        raise RuntimeError("%d frame lines for %d counted units" % (index, len(units)))
    return frames


def _bytes_line(values):
    return "%6.0f %6d %6d" % (sum(values) / len(values), p95(values), max(values))


def p95(values):
    """The 95th percentile (the value below which 95 % of the values lie; the largest of a short list)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * 95 // 100)]


def report_grid(frames):
    print("   Würfelglanz and Dymino by press kind (%d seeded presses each, Select included; .mpy build): bytes"
          " allocated a press, mean / p95 / max." % GRID_PRESSES)
    print("   %-13s %-18s %5s  %-20s" % ("game", "press", "n", "bytes a press"))
    for game in GRID_GAMES:
        kinds = []
        for f in frames:
            if f[0] == game and f[2] == "K" and f[1] not in kinds:
                kinds.append(f[1])
        for kind in sorted(kinds):
            keys = [f[3] for f in frames if f[0] == game and f[1] == kind and f[2] == "K"]
            print("   %-13s %-18s %5d  %-20s" % (game, kind, len(keys), _bytes_line(keys)))
        slices = [f[3] for f in frames if f[0] == game and f[2] == "H"]
        if slices:
            print("   %-13s %-18s %5d  %-20s" % (game, "hint slice frames", len(slices), _bytes_line(slices)))


def build(folder):
    """build/CIRCUITPY's files as .mpy in `folder`/mpy: the paths a session script puts first on sys.path."""
    from tools import build_device
    out = os.path.join(folder, "mpy")
    build_device.build(out, mpy_cross=cost.MPY_CROSS, log=lambda line: None,
                       short_names=False)  # (the scripts drive the app by its names)
    return [out, os.path.join(out, "lib")]


def report_session(stdout):
    """Bytes allocated per key press by the scene on top (the session's '@' lines: kind, scene before, scene after,
    bytes)."""
    lines = [line.split()[1:] for line in stdout.splitlines() if line.startswith("@ ")]
    scenes = []
    for kind, before, after, _ in lines:
        if before not in scenes and before != "-":
            scenes.append(before)
    print("   bytes allocated a key press, by the scene on top (mean / p95 / max):")
    for scene in scenes:
        keys = [int(f[3]) for f in lines if f[0] == "K" and f[1] == scene and f[2] == scene]
        if keys:
            print("   %-18s %5d  %s" % (scene, len(keys), _bytes_line(keys)))


def with_build(work):
    """work(paths) on a fresh .mpy build (build), or one line saying what is missing to measure."""
    reason = cost.missing() or cost.stand_ins_missing()
    if reason:
        print("   skipped: %s" % reason)
        return
    with tempfile.TemporaryDirectory() as folder:
        work(build(folder))


def _report(paths):
    text = "GAMES = %r\nPLAY_PRESSES = %d\nGARBAGE = True\n" % (GAMES, PLAY_PRESSES)
    report_session(cost.plain(text + SESSION, paths=paths, stand_ins=True, heap=GARBAGE_HEAP))
    report_grid(parse_grid(cost.plain(grid_text(True) + GRID_SESSION, paths=paths, stand_ins=True,
                                      heap=GARBAGE_HEAP)))


def main():
    with_build(_report)


if __name__ == "__main__":
    main()
