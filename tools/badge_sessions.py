"""The whole-app badge sessions: one key script per game, played by code.py's own path under
circuitpython-pybadge (tests/test_circuitpython_app.py, bench/bench_badge_heap.py) — and how they were written.

Each session: title menu -> the game -> pause: Settings (a setting changed), Rules, Save & quit -> the menu -> the
game again (its saved round resumes) -> played to the end screen (the bots of sim/bot, or a simple strategy)
-> back to the title menu. The scripts are plain text (sim/keyscript.py's grammar) recorded in the simulator
twin (tools/badge_twin.py), which plays the same game as the badge session, frame for frame:

    python -m tools.badge_sessions wuerfelglanz     # prints the script; --shots DIR saves the end screen
    python -m tools.badge_sessions --write          # records all four into tools/badge_scripts.py, and MARATHON:
                                                    # the four one after another in one power-on

A game whose screens change needs its script recorded again (--write); the session test fails clearly until then.
Each return to the menu after a game restarts the app (a fresh interpreter on the badge, a new App in the twin:
tools/badge_twin.py); the menu then opens with its cursor on the game just played.
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
    items = getattr(top, "items", None) or top.rows  # a game's setup calls its list's items rows
    steps = items.index(name) - top.list.cursor
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


def _move_cursor(r, cursor, x, y):
    while (cursor.x, cursor.y) != (x, y):
        r.press(("R" if cursor.x < x else "L") if cursor.x != x else ("D" if cursor.y < y else "U"))


def _aim_pair(r, cursor, x, y, rotation):
    """Turn the pair to `rotation`, then go to (x, y). A turn that would put the second die off the grid is
    skipped, so turn in the middle of the grid, where every rotation fits, and walk out from there: the cells
    between the middle and a legal target are legal in the target's rotation."""
    if cursor.rotation != rotation:
        _move_cursor(r, cursor, cursor.width // 2, cursor.height // 2)
        while cursor.rotation != rotation:
            r.press("B")
    _move_cursor(r, cursor, x, y)


def _wuerfelglanz_mover(r):
    """move(): the bot's next move in the twin's Würfelglanz, played with the keys."""
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
            _aim_pair(r, cursor, x, y, rotation)
        else:
            _move_cursor(r, cursor, x, y)
        r.press("A")
        r.until(settled)
    return move


def record_wuerfelglanz(r):
    move = _wuerfelglanz_mover(r)
    start(r, "Würfelglanz")
    for _ in range(3):
        move()
    pause_tour(r)
    start(r, "Würfelglanz")
    _expect(r, "WuerfelglanzScene")
    while not r.app.top().game.round_over:
        move()
    r.until(lambda: _scene(r) == "ResultsScene")


def record_save_and_resume(seed=SEED):
    """Würfelglanz: three moves, Save & quit (a restart on the badge); then the game again (its round resumes),
    Save & quit at once. Returns the two scripts: up to the first Save & quit, and the whole."""
    from tools.badge_twin import Recorder
    r = Recorder(seed)
    move = _wuerfelglanz_mover(r)
    start(r, "Würfelglanz")
    for _ in range(3):
        move()
    r.press("S")
    _pick(r, "Save & quit")
    _expect(r, "MenuScene")
    first = r.script
    start(r, "Würfelglanz")
    _expect(r, "WuerfelglanzScene")
    r.press("S")
    _pick(r, "Save & quit")
    _expect(r, "MenuScene")
    return first, r.script


def to_menu(r, pause_key="S"):
    """From a finished round: close the end screens, then pause and leave (saving the new round, or quitting)."""
    for _ in range(12):
        name = _scene(r)
        if name == "MenuScene":
            return
        if name == "PauseScene":
            items = r.app.top().items
            _pick(r, "Save & quit" if "Save & quit" in items else "Quit")
        elif name == "ConfirmScene":
            r.press("L A")  # the cursor starts on No
        elif name.endswith("Results") or name.endswith("ResultsScene"):
            if getattr(r.app.top(), "entry", None) is not None:
                r.press("U S w100")  # a record's initials: a letter changed (a second write), Start done
            r.press("B w300")  # B: continue, or from a game's last results (Again / Menu) the menu
        else:
            r.press(pause_key + " w300")
    raise AssertionError("never got back to the menu (top scene %s)" % _scene(r))


def record_dymino(r):
    """The greedy bot in its quick (weak) mode: a short round."""
    from engine import dymino as d
    from pips.dymino import scene as dm
    from sim.bot.dymino import choose
    scratch = d.Dymino(1)

    def settled():
        top = r.app.top()
        return _scene(r) != "DyminoScene" or top.mode in (dm.MODE_PLAY, dm.MODE_CHOOSE, dm.MODE_OVER)

    def move():
        scene = r.app.top()
        kind, cell, arg = choose(scene.game, scratch, quick=True)
        if scene.mode == dm.MODE_CHOOSE:
            while scene.value != arg:
                r.press("U")
            r.press("A")
            if kind == "remove":
                r.until(settled)
                return
        cursor = scene.cursor
        if kind == "pair":
            _aim_pair(r, cursor, cell % d.SIDE, cell // d.SIDE, arg)
        else:
            _move_cursor(r, cursor, cell % d.SIDE, cell // d.SIDE)
        r.press("A")
        r.until(settled)

    start(r, "Dymino")
    for _ in range(3):
        move()
    pause_tour(r)
    start(r, "Dymino")
    _expect(r, "DyminoScene")
    while _scene(r) == "DyminoScene" and r.app.top().mode != dm.MODE_OVER:
        move()
    r.until(lambda: _scene(r) == "ResultsScene")


def record_dice_duel(r):
    """Against one CPU player: roll once, then take the first chip the cursor offers (the next if refused)."""
    from pips.dice_duel import scene as dd

    def turn():
        scene = r.app.top()
        if scene.mode == dd.MODE_PANEL:
            r.press("A")
        elif scene.mode == dd.MODE_PLAY:
            r.press("B")  # roll
            r.until(lambda: not scene.view.tumble.mask)  # a press during the tumble only ends it
            if scene.mode == dd.MODE_PLAY:
                r.press("SEL")  # the chip choice
        elif scene.mode == dd.MODE_CHOOSE:
            r.press("A")
            if scene.mode == dd.MODE_CHOOSE:
                r.press("R")
        else:
            r.frames(5)  # the CPU's turn plays out

    start(r, "Dice Duel")
    _expect(r, "DiceDuelSetup")
    r.press("R")  # Mode: vs CPU (one CPU player)
    _pick(r, "CPU1 level", "R")  # Normal -> Hard: the level row, and the CPU the figures were measured on before
    _pick(r, "Start")
    _expect(r, "DiceDuelScene")
    for _ in range(6):
        turn()
    r.until(lambda: r.app.top().mode in (dd.MODE_PLAY, dd.MODE_CHOOSE))
    pause_tour(r)
    start(r, "Dice Duel")
    _expect(r, "DiceDuelSetup")
    _pick(r, "Resume saved")
    _expect(r, "DiceDuelScene")
    while _scene(r) == "DiceDuelScene" and r.app.top().mode != dd.MODE_OVER:
        turn()
    r.until(lambda: _scene(r) == "ResultsScene")


def record_dominoes(r):
    """Against the CPU (the setup's remembered choice): A plays the first tile that fits at its first spot (or
    draws), then the CPU answers."""
    start(r, "Dominoes")
    _expect(r, "DominoesSetup")
    _pick(r, "Start")
    _expect(r, "DominoesScene")
    for _ in range(3):
        r.press("A w1700")
    pause_tour(r)
    start(r, "Dominoes")
    _expect(r, "DominoesSetup")
    _pick(r, "Resume saved")
    _expect(r, "DominoesScene")
    r.until(lambda: _scene(r) == "ResultsScene", limit=300, step="A w1700")


RECORDERS = {"dominoes": record_dominoes, "wuerfelglanz": record_wuerfelglanz, "dymino": record_dymino, "diceduel": record_dice_duel}


def record(game, seed=SEED, shots=None):
    """Play the game's session in the twin; returns the Recorder (.script is the key script)."""
    from tools.badge_twin import Recorder
    r = Recorder(seed)
    pause_key = RECORDERS[game](r) or "S"
    if shots:
        os.makedirs(shots, exist_ok=True)
        r.shot(os.path.join(shots, game + "_end.png"))
    to_menu(r, pause_key)
    return r


# One power-on through all four games, one after another: the interpreter keeps every game's names for good, so
# this is the heap a player who plays everything without a restart needs.
MARATHON = ("wuerfelglanz", "dymino", "diceduel", "dominoes")


def record_marathon(seed=SEED):
    from tools.badge_twin import Recorder
    r = Recorder(seed)
    for game in MARATHON:
        to_menu(r, RECORDERS[game](r) or "S")
    return r


SCRIPTS_PATH = os.path.join(REPO, "tools", "badge_scripts.py")


def _script_lines(text):
    lines = []
    while text:
        cut = text.rfind(" ", 0, 100) if len(text) > 100 else len(text)
        lines.append("        %r" % text[:cut + 1] if cut < len(text) else "        %r" % text)
        text = text[cut + 1:]
    return lines


def write_scripts(seed=SEED, shots=None, path=SCRIPTS_PATH):
    lines = ['"""Key scripts of the whole-app badge sessions, one per game (seed %d), recorded in the simulator twin'
             % seed, 'by `python -m tools.badge_sessions --write`: do not edit by hand."""', "SEED = %d" % seed,
             "SCRIPTS = {"]
    for game in sorted(RECORDERS):
        r = record(game, seed, shots)
        lines.append("    %r: (" % game)
        lines.extend(_script_lines(r.script))
        lines.append("    ),")
    lines.append("}")
    lines.append("# All four games in one power-on, in this order: %s" % ", ".join(MARATHON))
    lines.append("MARATHON = (")
    lines.extend(_script_lines(record_marathon(seed).script))
    lines.append(")")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description="Record a badge session's key script in the simulator twin.")
    parser.add_argument("game", nargs="?", choices=sorted(RECORDERS))
    parser.add_argument("--write", action="store_true", help="record every game into tools/badge_scripts.py")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--shots", help="folder for a picture of the end screen")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.write:
        write_scripts(args.seed, args.shots)
        return 0
    if not args.game:
        parser.error("name a game or give --write")
    r = record(args.game, args.seed, args.shots)
    print(r.script)
    print("%d ms, top scene %s" % (r.now(), _scene(r)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
