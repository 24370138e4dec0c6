"""A frame's badge time on the firmware's own display stack: step + refresh + SPI, per screen.

build/CIRCUITPY (.mpy) runs under circuitpython-pybadge-display (CircuitPython's C displayio and BusDisplay over an
ST7735 bus model) inside callgrind, driven by key presses from the title menu through every screen: the menu,
Records, Play a code, each game's play screen, its tips, pause, settings and rules, Dice Duel's setup, chip choice
and odds, Dominoes' whole-table overview and camera glide, and the results. Every frame is counted in two parts:
  step     the app's Python (buttons, scene, view updates) up to display.refresh()
  refresh  the firmware's C rendering of every dirty area into its buffer and the calls of the bus
and the bytes the bus carried, whose time on the badge is bytes * 8 / 24e6 s (the SAMD51's SERCOM at 24 MHz).
Badge ms = instructions / 1.11e8 (±2x) + SPI. Each frame's framebuffer is compared with the one before: bytes sent
against 2 x the pixels that changed (what a perfect refresh would send).

Budgets (issue 21): key-press frames p95 <= 25 ms, worst <= 33 (animation frames too); idle frames <= 3 ms and no
bytes sent when nothing changed; a scene change's first frame <= 150 ms, the whole change <= 600 ms, no other frame
of it over 100 ms, <= 45 KB sent; Dominoes' camera glide: every frame <= 50 ms, the whole glide <= 400 ms.
"""
import os
import tempfile

from bench.bench_badge_frames import build, p95, with_build
from tools import callgrind_cost as cost
from tools.badge_pixels import read_ppm

HEAP = "512K"  # every game in one interpreter (no restart after each): more than a session's
SPI_BYTES_PER_MS = 24e6 / 8 / 1000.0
SCREEN_BYTES = 160 * 128 * 2

KEY_MS = 25.0       # key-press frames: p95
KEY_WORST_MS = 33.0
IDLE_MS = 3.0
CHANGE_FIRST_MS = 150.0
CHANGE_FRAME_MS = 100.0
CHANGE_MS = 600.0
CHANGE_BYTES = 45 * 1024
GLIDE_FRAME_MS = 50.0
GLIDE_MS = 400.0
# Screens whose frames with nothing pressed do work: a CPU player's turn, thought out a slice a frame (held to the
# key-press budget instead)
BUSY_SCREENS = ("DominoesScene", "DiceDuelScene", "OddsScene", "DiceDuelSetup")  # (the setup builds the CPU's
# tables a few slices a frame)

# The session, CircuitPython code: frames are counted BEGIN (step) MID (refresh) END; one "@" line a frame.
SCRIPT = """
import gc
import _badge
import board
import _pybadge_display as pd

_badge.mode |= 8  # no heap sample at each frame (it scans the whole heap, which a badge's refresh never does)
from pips.device import DevicePlatform
from pips.app import App
platform = DevicePlatform()
platform.restart = None  # every game in one interpreter: no reload after each
app = App(platform, seed=1)
app.tips = False  # a game's start is measured as a returning player meets it; one tip is shown on its own below
queue = platform.keys
real = board.DISPLAY

class Meter:
    # app.display: MID() between the app's Python and the firmware's refresh
    def refresh(self):
        MID()
        real.refresh()

    @property
    def root_group(self):
        return real.root_group

    @root_group.setter
    def root_group(self, group):
        real.root_group = group

app.display = Meter()
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = range(8)
KEYS = {"B": B, "A": A, "START": START, "SELECT": SELECT, "RIGHT": RIGHT, "DOWN": DOWN, "UP": UP, "LEFT": LEFT}
frames = [0]
pressed = [-1]  # the key last pressed

def screen():
    top = app.top()
    if top is None:
        return "-"
    name = type(top).__name__
    if name == "DominoesScene":
        if getattr(top, "overview", False):
            return "DominoesOverview"
        view = getattr(top, "view", None)
        camera = getattr(getattr(view, "table", None), "camera", None)
        if camera is not None and (camera.x != camera.target_x or camera.y != camera.target_y):
            return "DominoesGlide"
    if name == "DiceDuelScene" and getattr(top, "mode", 0) == 1:  # (its MODE_CHOOSE)
        return "DiceDuelChoose"
    return name

def frame(kind, work=None):
    before = screen()
    frames[0] += 1
    if frames[0] % 8 == 0:
        gc.collect()
    pd.reset_stats()
    BEGIN()
    if work is not None:
        work()  # what a press would have asked for, such as a results screen
    app.step(platform.ticks_ms())
    END()
    stats = pd.bus_stats()
    saved = 0
    if stats[0]:
        pd.save(FOLDER + "/%d.ppm" % frames[0])
        saved = 1
    print("@", kind, before, screen(), stats[0], frames[0] if saved else 0, pressed[0])

def press(key, after=3):
    pressed[0] = key
    queue.record(key, True, platform.ticks_ms())
    frame("K")
    queue.record(key, False, platform.ticks_ms())
    frame("R")
    for _ in range(after):
        frame("I")

def settle(most=150):
    # frames with nothing pressed until the screen sends nothing for 3 frames (animations, CPU turns)
    quiet = 0
    for _ in range(most):
        frame("I")
        quiet = quiet + 1 if pd.bus_stats()[0] == 0 else 0
        if quiet >= 3:
            return

def choose(label):
    # the top scene's list (menu, pause) to `label`, then A
    scene = app.top()
    index = scene.items.index(label)
    while scene.list.cursor != index:
        press(DOWN if scene.list.cursor < index else UP, 0)
    press(A)
    settle()

def overlays(game_keys):
    # pause, its list, Settings and Rules (page turns), back to play
    press(START)
    settle()
    for key in (DOWN, DOWN, UP, UP):
        press(key)
    choose("Settings")
    for key in (DOWN, RIGHT, LEFT, UP):
        press(key)
    press(B)
    settle()
    choose("Rules")
    for key in (DOWN, DOWN, RIGHT, RIGHT, LEFT, UP):
        press(key)
    press(B)
    settle()
    press(B)
    settle()

def tips():
    while screen() == "TipScene":
        press(A)
        settle()

def play(keys, presses, seed):
    game = type(app.stack[0]).__name__ if app.stack else "-"
    for _ in range(presses):
        seed = (seed * 1103515245 + 12345) & 0x3FFFFFFF
        press(KEYS[keys[(seed >> 12) % len(keys)]])
        tips()
        while screen() not in (game, "DominoesOverview", "DominoesGlide", "DiceDuelChoose", "OddsScene"):
            if screen() == "MenuScene":
                return seed  # the game ended and its results led back here
            press(A if screen() in ("ResultsScene", "ConfirmScene") else B)
            settle()
    settle()
    return seed

def glide_over_table():
    # the camera sent across the table and back: the random presses start few glides
    top = app.top()
    if type(top).__name__ != "DominoesScene" or top.view is None:
        return
    camera = top.view.table.camera
    for x, y in ((0, 0), (320, 264), (40, 200), (160, 132)):
        camera.target_x, camera.target_y = x, y
        settle()

def to_menu():
    tips()
    press(START)
    settle()
    choose("Save & quit" if "Save & quit" in app.top().items else "Quit")

app.start()
settle()
for key in (DOWN, DOWN, DOWN, UP, UP, UP, DOWN, UP):
    press(key)
# Records and Play a code from the menu
choose("Records")
for key in (RIGHT, RIGHT, LEFT, DOWN, UP):
    press(key)
press(B)
settle()
choose("Play a code")
for key in (UP, UP, DOWN, RIGHT, LEFT):
    press(key)
press(B)
settle()
seed = 12345
for label, opening, keys in GAMES:
    choose(label)
    tips()
    for key in opening:
        press(KEYS[key])
        settle()
        tips()
    seed = play(keys, PRESSES, seed)
    if label == "Dominoes":
        glide_over_table()
    if label == GAMES[0][0]:
        def tip():
            app.tips = True
            app.later(app.show_tip, "wuerfelglanz")  # as a game's start asks for it
        frame("K", tip)
        app.tips = False
        settle()
        tips()
    overlays(keys)
    seed = play(keys, PRESSES // 3, seed)
    to_menu()

def results(title, rows, record):
    frame("K", lambda: app.show_results(title, rows, record))
    settle()
    press(A)
    settle()

results("Solo: 874 points", [("Chips (9)", 412), ("Full stacks (2)", 60), ("Gold (7 kinds)", 50), ("Last chip", 20),
                              ("Total", 542), ("Best solo", 874)], True)
"""

PRESSES = 30
# Per game: its menu label, the presses that open play (Dice Duel's and Dominoes' setups), the keys pressed at random
# in play.
GAMES = (
    ("Würfelglanz", (), ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "B")),
    ("Dice Duel", ("DOWN", "A"), ("LEFT", "RIGHT", "A", "B", "B", "SELECT", "UP", "A")),
    ("Dymino", (), ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "B")),
    ("Dominoes", ("A",), ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "B", "SELECT")),
)


def _script(folder):
    return "FOLDER = %r\nPRESSES = %d\nGAMES = %r\n" % (folder, PRESSES, GAMES) + SCRIPT


def _changed(before, after):
    """Pixels that differ between two screens (tools.badge_pixels.read_ppm's arrays; before None: all of them)."""
    return after.size if before is None else int((before != after).sum())


def run(build_paths):
    """[(kind, screen before, screen after, step instructions, refresh instructions, bytes sent, pixels changed,
    the key last pressed)] for every frame of the session."""
    with tempfile.TemporaryDirectory() as folder:
        counts, stdout = cost.marked(_script(folder), paths=build_paths, stand_ins=True, heap=HEAP)
        lines = [line.split() for line in stdout.splitlines() if line.startswith("@ ")]
        if len(lines) != len(counts):
            raise RuntimeError("%d frame lines for %d counted frames" % (len(lines), len(counts)))
        frames = []
        image = None
        for (_, kind, before, after, sent, saved, key), (step, refresh) in zip(lines, counts):
            changed = 0
            if saved != "0":
                new = read_ppm(os.path.join(folder, saved + ".ppm"))
                changed = _changed(image, new)
                image = new
            frames.append((kind, before, after, step, refresh, int(sent), changed, int(key)))
        return frames


def frame_ms(frame):
    """Badge ms of a frame: step + refresh (instructions) + SPI (bytes)."""
    return cost.badge_ms(frame[3] + frame[4]) + frame[5] / SPI_BYTES_PER_MS


def _three(values):
    return "%6.1f %6.1f %6.1f" % (sum(values) / len(values), p95(values), max(values))


def _full(frame):
    return frame[5] >= SCREEN_BYTES


def changes(frames):
    """Scene changes: [(from, to, [frames])]: a press's frame and the frames after it that still draw, up to the
    next press, where one of them changed the screen on top or drew the whole screen. The first frame is the
    press's (a screen built later shows the busy mark in it)."""
    base = lambda name: name.replace("Overview", "").replace("Glide", "").replace("Choose", "")
    found = []
    index = 0
    while index < len(frames):
        if frames[index][0] != "K" and index:  # (the first frame: the title menu's first draw, after power-on)
            index += 1
            continue
        run = [frames[index]]
        index += 1
        while index < len(frames) and frames[index][0] != "K" and frames[index][5]:
            run.append(frames[index])
            index += 1
        if any(base(f[1]) != base(f[2]) or _full(f) for f in run):
            found.append((run[0][1], run[-1][2], run))
    return found


def change_figures(run):
    """A scene change's (first frame ms, whole ms, worst later frame ms but the one that builds the new screen,
    bytes sent) and whether they keep its budget."""
    ms = [frame_ms(f) for f in run]
    sent = sum(f[5] for f in run)
    others = sorted(ms[1:])[:-1]  # one frame of the change may build the new screen
    worst = max(others or [0])
    within = ms[0] <= CHANGE_FIRST_MS and sum(ms) <= CHANGE_MS and worst <= CHANGE_FRAME_MS and sent <= CHANGE_BYTES
    return ms[0], sum(ms), worst, sent, within


def glides(frames):
    """Dominoes' camera glides: runs of frames that start, go on or end gliding (held to the glide's budget, not
    the key-press one)."""
    runs = []
    for index, f in enumerate(frames):
        if "DominoesGlide" in (f[1], f[2]) and f[2] != "DominoesOverview":  # (Select during a glide: a change)
            if not runs or runs[-1][-1] is not frames[index - 1]:
                runs.append([])
            runs[-1].append(f)
    return runs


def report(frames):
    in_change = set()
    for _, _, run in changes(frames):
        in_change.update(id(f) for f in run)
    screens = []
    for f in frames:
        if f[1] not in screens and f[1] != "-":
            screens.append(f[1])
    print("   Badge ms (±2x) per frame = step + refresh (instructions / 1.11e8) + SPI (bytes / 3 MB/s); mean / p95 /"
          " worst. Key-press frames: the press's frame and the next ones that still draw (animations); scene "
          "changes apart.")
    print("   %-18s %4s  %-20s %-20s %-20s %-20s %8s %8s" % (
        "screen", "n", "frame ms", "step ms", "refresh ms", "SPI ms", "KB p95", "sent/2px"))
    failures = []
    for screen in screens:
        keyed = [f for f in frames if f[1] == screen and f[2] == screen and id(f) not in in_change
                 and (f[0] == "K" or f[5])]
        if not keyed:
            continue
        ms = [frame_ms(f) for f in keyed]
        sent = sum(f[5] for f in keyed)
        ideal = 2 * sum(f[6] for f in keyed)
        print("   %-18s %4d  %-20s %-20s %-20s %-20s %8.1f %8s" % (
            screen, len(keyed), _three(ms), _three([cost.badge_ms(f[3]) for f in keyed]),
            _three([cost.badge_ms(f[4]) for f in keyed]), _three([f[5] / SPI_BYTES_PER_MS for f in keyed]),
            p95([f[5] for f in keyed]) / 1024.0, ("%.2f" % (sent / float(ideal))) if ideal else "-"))
        if screen != "DominoesGlide" and (p95(ms) > KEY_MS or max(ms) > KEY_WORST_MS):
            failures.append("%s: key frames p95 %.1f, worst %.1f ms" % (screen, p95(ms), max(ms)))
    idle = [f for f in frames if f[0] == "I" and f[1] == f[2] and not f[5] and id(f) not in in_change]
    wasted = [f for f in frames if f[5] and not f[6]]
    gliding = [f for f in wasted if "DominoesGlide" in (f[1], f[2])]  # (the window moved over felt only)
    print("   frames with nothing pressed that sent nothing, by screen: n, mean / p95 / worst ms, frames over %.0f ms"
          " (a CPU's turn thinks in them); frames that sent bytes while no pixel changed: %d (and %d of the camera"
          " gliding over bare felt)" % (IDLE_MS, len(wasted) - len(gliding), len(gliding)))
    for screen in screens:
        ms = [frame_ms(f) for f in idle if f[1] == screen]
        if ms:
            over = len([m for m in ms if m > IDLE_MS])
            print("   %-18s %4d  %-20s %4d" % (screen, len(ms), _three(ms), over))
            if over and screen not in BUSY_SCREENS:
                failures.append("%s: %d idle frames over %.0f ms (worst %.1f)" % (screen, over, IDLE_MS, max(ms)))
    print("   scene changes (the press's frame to the first frame that sends nothing): first frame ms, whole ms, the"
          " worst later frame but the build's, KB sent, sent / 2 x changed pixels")
    for before, after, run in sorted(changes(frames), key=lambda c: -sum(frame_ms(f) for f in c[2])):
        first, whole, worst, sent, within = change_figures(run)
        ideal = 2 * sum(f[6] for f in run)
        print("   %-40s %7.1f %7.1f %7.1f %7.1f %6s" % (
            "%s -> %s" % (before, after), first, whole, worst, sent / 1024.0,
            ("%.2f" % (sent / float(ideal))) if ideal else "-"))
        if not within:
            failures.append("%s -> %s: first %.0f, whole %.0f ms, %.1f KB" % (before, after, first, whole,
                                                                             sent / 1024.0))
    runs = glides(frames)
    if runs:
        glide = [frame_ms(f) for run in runs for f in run]
        whole = [sum(frame_ms(f) for f in run) for run in runs]
        print("   Dominoes' camera glide frames: n=%d  %s ms; %d glides, whole %s ms" % (
            len(glide), _three(glide), len(whole), _three(whole)))
        if max(glide) > GLIDE_FRAME_MS or max(whole) > GLIDE_MS:
            failures.append("glide: frame worst %.1f ms, whole worst %.1f ms" % (max(glide), max(whole)))
    print("   over budget: %d%s" % (len(failures), "".join("\n     - " + f for f in failures)))
    return failures


def main():
    with_build(lambda paths: report(run(paths)))


if __name__ == "__main__":
    main()
