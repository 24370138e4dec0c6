"""Badge time of the app's frames, counted: build/CIRCUITPY (from .mpy) runs under CircuitPython's own interpreter
with the badge stand-ins (tools/cp_run.py, tools/badge/) inside callgrind (tools/callgrind_cost.py).

- A scripted session: the title menu, then each game played by seeded key presses, its pause menu, settings and
  rules, and the results screens. Every frame (app.step) is counted on its own; frames are grouped by the scene on
  top when the frame began: key-press frames (mean, 95th percentile, worst) and the frames between presses
  (animations, CPU turns). Scene changes (a game's start, opening pause/settings/help/results) are listed apart.
- Bytes allocated per key-press frame per scene (the collector is off during a frame and runs between frames, so
  gc.mem_alloc() before and after is what the frame allocated: garbage, or new objects the scene keeps).
- One idle frame of each screen (N frames vs 0, nothing pressed).
- A game's start (import + scene build + first frame) from .mpy and from .py builds.

The stand-ins are Python where the badge runs C (displayio, keypad, fontio): a third run counts their share alone
(tools/callgrind_cost.py, stand_in_share), and the session's frames are shown both with it ('all', an upper
bound) and without it ('app': the app's and the Adafruit libraries' Python, plus the VM's cost of each call into
a stand-in, which the badge pays too). The idle-frame and game-start figures include the stand-ins.
Goals (issue 13): idle frame <= 5 ms, key-press frame <= 25 ms at the 95th percentile and <= 33 ms worst on play
screens, results/rules screens <= 150 ms to build (and the game's view built again when they close),
<= 256 bytes allocated per key press on play screens.
"""
import os
import tempfile

from tools import callgrind_cost as cost

PLAY_PRESSES = 30  # per game; the stand-in share run makes each press costly to count (bench wall time)
IDLE_REPS = 30
# A collection's cost grows with the heap's size (the badge has ~120 KB); at 192K and 256K this session ran out
# of memory opening Rules from a pause menu (182 KB live then, with the session script and the stand-ins)
HEAP = "512K"
GARBAGE_HEAP = "4M"  # the garbage run: the collector is off during each frame
SHARE_HEAP = "16M"  # the stand-in share run: the same, and every stand-in call allocates its wrapper's arguments

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
_badge.step = STAND_IN(_badge.step)
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
    if not SHARE or _units[0] % 16 == 0:  # the share run's big heap takes long to sweep: collect less often
        gc.collect()
    if GARBAGE:
        gc.disable()
    used = gc.mem_alloc()
    if SHARE and kind == "S":
        work()  # the share run skips scene starts: their pixel loops through the wrapped stand-ins take too long
    else:
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

# One scene set up, then REPS frames with nothing pressed (N vs 0).
IDLE = DRIVER + """
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
app.start()
if GAME:
    start(GAME)
    for k in OPENING:
        press(k)
    if OVERLAY:
        press(PAUSE_KEY)
        if OVERLAY != "PauseScene":
            open_item(OVERLAY)
for _ in range(10):
    step()
gc.collect()
for _ in range(REPS):
    step()
"""

START_GAME = DRIVER + """
app.start()
step()
gc.collect()
if REPS:
    app.start_game(catalog.find(GAME))
    step()
"""

# The game's view built again when Settings or Rules close (pips.scene: drop_view / restore_view), over the pause
# menu; three times, each a counted unit.
REBUILD = DRIVER + """
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
app.start()
start(GAME)
for k in OPENING:
    press(k)
press(PAUSE_KEY)
game = app.stack[0]
for _ in range(5):
    step()
for _ in range(3):
    gc.collect()
    game.drop_view()
    BEGIN()
    game.restore_view()
    END()
"""


def rebuild_ms(game, opening, pause, paths):
    """Badge ms (app, all) of the slowest of REBUILD's three view builds."""
    setup = "GARBAGE = False\nGAME = %r\nOPENING = %r\nPAUSE_KEY = %d\n" % (game, opening, pause)
    units, _ = cost.segments("SHARE = False\n" + setup + REBUILD, paths=paths, stand_ins=True, heap=HEAP)
    share, _ = cost.segments("SHARE = True\n" + setup + REBUILD, paths=paths, stand_ins=True, heap=SHARE_HEAP,
                             stand_in_share=True)
    app = max(u - s for u, s in zip(units[-3:], share[-3:]))
    return cost.badge_ms(app), cost.badge_ms(max(units[-3:]))


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
    return getattr(app.top(), "hint", None) is not None

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
    return "GRID_GAMES = %r\nGRID_PLAY_SCENES = %r\nGRID_KEYS = %r\nGRID_PRESSES = %d\nGARBAGE = %r\nSHARE = False\n" % (
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


def _ms_line(values):
    return "%6.2f %6.2f %6.2f" % (cost.badge_ms(sum(values) / len(values)), cost.badge_ms(_p95(values)),
                                  cost.badge_ms(max(values)))


def _bytes_line(values):
    return "%6.0f %6d %6d" % (sum(values) / len(values), _p95(values), max(values))


def report_grid(frames):
    print("   Würfelglanz and Dymino by press kind (%d seeded presses each, Select included; .mpy build). Badge ms"
          " (±2x) mean / p95 / worst, the stand-ins' Python included (C on the badge: an upper bound);"
          " bytes allocated mean / p95 / max." % GRID_PRESSES)
    print("   %-13s %-18s %5s  %-20s  %-20s" % ("game", "press", "n", "key-press frame ms", "bytes a press"))
    for game in GRID_GAMES:
        kinds = []
        for f in frames:
            if f[0] == game and f[2] == "K" and f[1] not in kinds:
                kinds.append(f[1])
        for kind in sorted(kinds):
            keys = [f for f in frames if f[0] == game and f[1] == kind and f[2] == "K"]
            print("   %-13s %-18s %5d  %-20s  %-20s" % (game, kind, len(keys), _ms_line([f[4] for f in keys]),
                                                      _bytes_line([f[3] for f in keys])))
        plays = [f for f in frames if f[0] == game and f[2] == "K" and f[1] != "SELECT"]
        print("   %-13s %-18s %5d  %-20s  %-20s" % (game, "every press but Select", len(plays),
                                                  _ms_line([f[4] for f in plays]), _bytes_line([f[3] for f in plays])))
        slices = [f for f in frames if f[0] == game and f[2] == "H"]
        hints = len([f for f in frames if f[0] == game and f[1].startswith("SELECT") and f[2] == "K"])
        if slices:
            print("   %-13s %-18s %5d  %-20s  %-20s  (%.1f frames a hint)" % (
                game, "hint slice frames", len(slices), _ms_line([f[4] for f in slices]),
                _bytes_line([f[3] for f in slices]), len(slices) / max(1, hints)))


def grid_runs(mpy_paths):
    """The counted and the garbage run of GRID_SESSION, side by side."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(2) as pool:
        counted = pool.submit(cost.segments, grid_text(False) + GRID_SESSION, paths=mpy_paths, stand_ins=True,
                              heap=HEAP)
        garbage = pool.submit(cost.plain, grid_text(True) + GRID_SESSION, paths=mpy_paths, stand_ins=True,
                              heap=GARBAGE_HEAP)
        units, stdout = counted.result()
        garbage_frames = parse_grid(garbage.result())
    frames = parse_grid(stdout, units)
    if [f[:3] for f in frames] != [f[:3] for f in garbage_frames]:
        raise RuntimeError("the garbage run went another way")
    return [f[:3] + (g[3], f[4]) for f, g in zip(frames, garbage_frames)]


def grid_main():
    """`python -m bench.bench_badge_frames grid`: the Würfelglanz and Dymino press kinds alone."""
    reason = cost.missing() or cost.stand_ins_missing()
    if reason:
        print("   skipped: %s" % reason)
        return
    with tempfile.TemporaryDirectory() as folder:
        report_grid(grid_runs(_build(folder, True)))


def _build(folder, mpy):
    from tools import build_device
    out = os.path.join(folder, "mpy" if mpy else "py")
    build_device.build(out, mpy_cross=cost.MPY_CROSS if mpy else None, log=lambda line: None)
    return [out, os.path.join(out, "lib")]


def _games_text(garbage, share=False):
    return "GAMES = %r\nPLAY_PRESSES = %d\nGARBAGE = %r\nSHARE = %r\n" % (GAMES, PLAY_PRESSES, garbage, share)


def _frame_lines(stdout):
    return [line.split()[1:] for line in stdout.splitlines() if line.startswith("@ ")]


def parse_session(counted_stdout, units, garbage_stdout, share):
    """[(kind, scene before, scene after, bytes, instructions, app instructions)] from the counted run's '@' lines
    and counts, the garbage run's bytes and the share run's stand-in counts (the same seeded session: the runs'
    frames must line up)."""
    lines = _frame_lines(counted_stdout)
    garbage = _frame_lines(garbage_stdout)
    starts = sum(1 for f in lines if f[0] == "S")
    if not len(lines) == len(units) == len(garbage) == len(share) + starts:
        raise RuntimeError("%d frame lines, %d garbage lines, %d share counts for %d counted units"
                           % (len(lines), len(garbage), len(share), len(units)))
    for f, g in zip(lines, garbage):
        if f[:3] != g[:3]:
            raise RuntimeError("the garbage run went another way: %s vs %s" % (f, g))
    frames = []
    shares = iter(share)
    for f, g, n in zip(lines, garbage, units):
        app = None if f[0] == "S" else max(0, n - next(shares))  # scene starts: no share figure
        frames.append((f[0], f[1], f[2], int(g[3]), n, app))
    return frames


def _p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * 95 // 100)]


def _ms3(values):
    return "%6.2f %6.2f %6.2f" % (cost.badge_ms(sum(values) / len(values)), cost.badge_ms(_p95(values)),
                                  cost.badge_ms(max(values)))


def report_session(frames):
    scenes = []
    for frame in frames:
        if frame[1] not in scenes and frame[1] != "-":
            scenes.append(frame[1])
    print("   Frames by the scene on top, badge ms (±2x) as mean / p95 / worst. 'app': the stand-ins' own Python"
          " (C on the badge) taken out; 'all': with it (an upper bound). Bytes: allocated per key press.")
    print("   %-18s %5s  %-20s  %-20s  %-20s %6s %6s" % ("scene", "keys", "key press, app", "key press, all",
                                                       "between presses, app", "B mean", "B max"))
    for scene in scenes:
        keys = [f for f in frames if f[0] == "K" and f[1] == scene and f[2] == scene]
        others = [f[5] for f in frames if f[0] in ("R", "I") and f[1] == scene and f[2] == scene]
        if not keys:
            if others:  # a screen only passed through between presses (Dice Duel's odds, worked out in slices)
                print("   %-18s %5d  %-20s  %-20s  %-20s" % (scene, 0, "-", "-", _ms3(others)))
            continue
        garbage = [f[3] for f in keys]
        print("   %-18s %5d  %-20s  %-20s  %-20s %6.0f %6d" % (
            scene, len(keys), _ms3([f[5] for f in keys]), _ms3([f[4] for f in keys]), _ms3(others) if others else "-",
            sum(garbage) / len(garbage), max(garbage)))
    print("   scene changes (the frame that opens a screen; the slowest of each kind): badge ms app / all, bytes"
          " allocated")
    changes = {}
    for kind, before, after, used, n, app in frames:
        if before != after or kind == "S":
            key = (before, after)
            if key not in changes or n > changes[key][1]:
                changes[key] = (app, n, used)
    for (before, after), (app, n, used) in sorted(changes.items(), key=lambda item: -item[1][1]):
        print("   %-36s %8s / %8.2f ms  %7d bytes" % ("%s -> %s" % (before, after),
                                                    "-" if app is None else "%.2f" % cost.badge_ms(app),
                                                    cost.badge_ms(n), used))
    print("   ('-': a scene start from the bench script, not counted without the stand-ins: the share run would take"
          " too long)")


def _session_runs(mpy_paths):
    """The counted, garbage and stand-in share runs of the session, side by side (each is one process)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(3) as pool:
        counted = pool.submit(cost.segments, _games_text(False) + SESSION, paths=mpy_paths, stand_ins=True,
                              heap=HEAP)
        garbage = pool.submit(cost.plain, _games_text(True) + SESSION, paths=mpy_paths, stand_ins=True,
                              heap=GARBAGE_HEAP)
        share = pool.submit(cost.segments, _games_text(True, True) + SESSION, paths=mpy_paths, stand_ins=True,
                            heap=SHARE_HEAP, stand_in_share=True)
        units, stdout = counted.result()
        return parse_session(stdout, units, garbage.result(), share.result()[0])


def main():
    reason = cost.missing() or cost.stand_ins_missing()
    if reason:
        print("   skipped: %s" % reason)
        return
    with tempfile.TemporaryDirectory() as folder:
        mpy_paths = _build(folder, True)
        py_paths = _build(folder, False)
        report_session(_session_runs(mpy_paths))
        report_grid(grid_runs(mpy_paths))
        print("   idle frame (nothing pressed; N=%d vs 0, .mpy build):" % IDLE_REPS)
        screens = [("title menu", "", (), START, "")]
        for game, opening, _, pause in GAMES:
            screens.append((game + " play", game, opening, pause, ""))
        screens += [("pause", "wuerfelglanz", (), START, "PauseScene"),
                    ("settings", "wuerfelglanz", (), START, "Settings"),
                    ("rules", "wuerfelglanz", (), START, "Rules")]
        for name, game, opening, pause, overlay in screens:
            setup = "GARBAGE = SHARE = False\nGAME = %r\nOPENING = %r\nPAUSE_KEY = %d\nOVERLAY = %r\n" % (
                game, opening, pause, overlay)
            unit, _ = cost.per_unit(setup + IDLE, IDLE_REPS, paths=mpy_paths, stand_ins=True, heap=HEAP)
            print("   %-22s %s" % (name, cost.estimate(unit)))
        print("   a game's start from the title menu (imports + scene build + first frame; N=1 vs 0):")
        for game, _, _, _ in GAMES:
            setup = "GARBAGE = SHARE = False\nGAME = %r\n" % game
            from_mpy, _ = cost.per_unit(setup + START_GAME, 1, paths=mpy_paths, stand_ins=True, heap=HEAP)
            from_py, _ = cost.per_unit(setup + START_GAME, 1, paths=py_paths, stand_ins=True, heap=HEAP)
            print("   %-14s .mpy %s   .py %s" % (game, cost.estimate(from_mpy), cost.estimate(from_py)))
        print("   the game's view built again when Settings or Rules close (badge ms, app / all; goal <= 150 app):")
        for game, opening, _, pause in GAMES:
            print("   %-14s %6.0f / %6.0f ms" % ((game,) + rebuild_ms(game, opening, pause, mpy_paths)))


if __name__ == "__main__":
    import sys
    grid_main() if sys.argv[1:] == ["grid"] else main()
