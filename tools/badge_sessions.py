"""The whole-app badge sessions: one key script per game, played by code.py's own path under
circuitpython-pybadge (tests/test_circuitpython_app.py, bench/bench_badge_heap.py) — and how they were written.

Each session: title menu -> the game -> pause: Settings (a setting changed), Rules, Save & quit -> the menu -> the
game again (its saved round resumes) -> played to the end screen (the bots of sim/bot, or a simple strategy)
-> back to the title menu. The scripts are plain text (sim/keyscript.py's grammar) recorded in the simulator
twin (tools/badge_twin.py), which plays the same game as the badge session, frame for frame:

    python -m tools.badge_sessions wuerfelglanz     # prints the script; --shots DIR saves pictures on the way
"""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 1


def _scene(r):
    return type(r.app.top()).__name__


def _pick(r, name, key="A"):
    """Move a menu list (title menu, pause menu) to the item `name` and choose it."""
    top = r.app.top()
    steps = top.items.index(name) - top.list.cursor
    if steps:
        r.press(("D*%d" % steps) if steps > 0 else ("U*%d" % -steps))
    r.press(key)


def _expect(r, name):
    if _scene(r) != name:
        raise AssertionError("expected %s on top, found %s" % (name, _scene(r)))


def pause_tour(r, pause_key="S"):
    """Pause; Settings (sound off and on again: two saves); Rules; Save & quit; the game again from the menu."""
    game = _scene(r)
    r.press(pause_key)
    _expect(r, "PauseScene")
    _pick(r, "Settings")
    _expect(r, "SettingsScene")
    r.press("R w100 L B")
    _expect(r, "PauseScene")
    _pick(r, "Rules")
    _expect(r, "HelpScene")
    r.press("D*3 B")
    _expect(r, "PauseScene")
    _pick(r, "Save & quit")
    _expect(r, "MenuScene")
    return game


def start(r, title):
    _expect(r, "MenuScene")
    _pick(r, title)
    r.frames(10)


def record_wuerfelglanz(r):
    from engine import wuerfelglanz as w
    from pips.wuerfelglanz import scene as wg
    from sim.bot.wuerfelglanz import choose
    scratch = w.Game(1)

    def settled():
        return r.app.top().mode in (wg.MODE_PLAY, wg.MODE_OVER)

    def move():
        scene = r.app.top()
        code = choose(scene.game, scratch)
        cell = code >> 2
        x, y, rotation = cell % w.BOARD_SIZE, cell // w.BOARD_SIZE, code & 3
        cursor = scene.cursor
        if scene.game.piece_len == 2:
            while cursor.rotation != rotation:
                r.press("B")
        while (cursor.x, cursor.y) != (x, y):
            r.press(("R" if cursor.x < x else "L") if cursor.x != x else ("D" if cursor.y < y else "U"))
        r.press("A")
        r.until(settled)

    start(r, "Wuerfelglanz")
    for _ in range(3):
        move()
    pause_tour(r)
    start(r, "Wuerfelglanz")
    _expect(r, "WuerfelglanzScene")
    while not r.app.top().game.round_over:
        move()
    r.until(lambda: _scene(r) == "ResultsScene")


def to_menu(r, pause_key="S"):
    """From a finished round: close the end screen, then pause and leave (saving the new round, or quitting)."""
    r.press("A w300")
    if _scene(r) == "MenuScene":
        return
    r.press(pause_key)
    _expect(r, "PauseScene")
    items = r.app.top().items
    _pick(r, "Save & quit" if "Save & quit" in items else "Quit")
    if _scene(r) == "ConfirmScene":
        r.press("L A")  # the cursor starts on No
    _expect(r, "MenuScene")


RECORDERS = {"wuerfelglanz": record_wuerfelglanz}


def record(game, seed=SEED, shots=None):
    from tools.badge_twin import Recorder
    r = Recorder(seed)
    RECORDERS[game](r)
    if shots:
        os.makedirs(shots, exist_ok=True)
        r.shot(os.path.join(shots, game + "_end.png"))
    to_menu(r)
    return r


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description="Record a badge session's key script in the simulator twin.")
    parser.add_argument("game", choices=sorted(RECORDERS))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--shots", help="folder for a picture of the end screen")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    r = record(args.game, args.seed, args.shots)
    print(r.script)
    print("%d ms, top scene %s" % (r.now(), _scene(r)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
