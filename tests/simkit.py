"""Helpers for the app/simulator tests: a headless simulator, a dict-backed store, a stand-in game scene."""
import os

from pips import actions
from pips.scene import Scene


# pips.actions' numbers by name, for the calls a test scene records (the badge never prints an action)
ACTION_NAMES = ("NONE", "UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "SHAKE")


def page_text(scene):
    """The texts a help viewer (pips.scenes.help) shows, top to bottom: a row is on its page grid or, on the records
    screen, on the gold grid of headings."""
    from pips.scenes.help import VISIBLE_LINES
    scene.finish_page()  # a page turn draws a few rows a frame
    accent = getattr(scene, "accent", None)
    return [scene.page.read(row) or (accent.read(row) if accent is not None else "") for row in range(VISIBLE_LINES)]


def wrapped_lines(scene):
    """Every wrapped line of a help viewer's text, as strings (the scene keeps only where they are)."""
    return [scene.line(index) for index in range(scene.line_count)]


def make_sim(tmp_path, **options):
    from sim.main import Sim
    options.setdefault("save", os.path.join(str(tmp_path), "save.bin"))
    options.setdefault("scale", 1)
    return Sim(headless=True, **options)


class DictStore:
    """The store's API (load(kind) -> bytes or None, save(kind, payload)) over a dict."""

    def __init__(self):
        self.records = {}
        self.saves = 0

    def load(self, kind):
        return self.records.get(kind)

    def save(self, kind, payload):
        self.records[kind] = bytes(payload)
        self.saves += 1

    def clear(self, kind):
        self.records.pop(kind, None)


class StandInGame(Scene):
    """A game scene with every pause hook, recording what the app asked of it."""

    rules_title = "Stand-in rules"
    rules_text = "Roll the dice. " * 40

    def __init__(self, app):
        super().__init__(app)
        self.calls = []
        self.option = 0

    def enter(self):
        self.calls.append("enter")

    def resume(self):
        self.calls.append("resume")

    def exit(self):
        self.calls.append("exit")

    def new_round(self):
        self.calls.append("new_round")

    def save_game(self):
        self.calls.append("save_game")

    def settings_rows(self):
        from pips.scenes.settings import Choice
        return [Choice("Speed", ("slow", "fast"), self.option, self._set_option)]

    def _set_option(self, index):
        self.option = index

    def on_action(self, action):
        self.calls.append(ACTION_NAMES[action])
        super().on_action(action)


class PlainGame(Scene):
    """A game scene without any pause hooks."""


STAND_IN_ENTRY = ("standin", "Stand-in Game", "tests.simkit", "StandInGame")
PLAIN_ENTRY = ("plain", "Plain Game", "tests.simkit", "PlainGame")


def frames(sim, count):
    """Run `count` frames of the simulator."""
    for _ in range(count):
        sim.frame()


def picture(sim):
    """The simulator's screen as RGB bytes, after a refresh: two pictures compare pixel for pixel."""
    import pygame
    sim.app.display.refresh()
    return pygame.image.tostring(sim.display.surface, "RGB")


def press_seen(app, action):
    """A press once the rolled dice have stopped tumbling, as a player who waits to see them (the tumble's frames
    are skipped: a press during the tumble only ends it)."""
    view = getattr(app.top(), "view", None)
    tumble = getattr(view, "tumble", None)
    if tumble is not None:
        tumble.end()
    app.dispatch(action)


def start_solo_dice_duel(tmp_path, seed=11):
    """A headless simulator in a solo Dice Duel (Start on the setup screen); returns (sim, the game scene)."""
    sim = make_sim(tmp_path, store=DictStore(), seed=seed)
    sim.app.start("diceduel")
    setup = sim.app.top()
    setup.list.cursor = setup.rows.index("Start")
    sim.app.dispatch(actions.A)
    return sim, sim.app.top()


def start_dominoes(app):
    """Dominoes from its setup screen with the choices it shows (the record's), A on the row the cursor starts on:
    Start, or Resume saved when a match is saved (as the game opened before it had a setup)."""
    app.start("dominoes")
    app.dispatch(actions.A)


def run_on_circuitpython(script, heap="64K"):
    """stdout of `script` run by CircuitPython's own interpreter (../shared/tools/circuitpython/) with engine/ and
    lib/ importable (from .py), at `heap`; skips the test (saying why) where the interpreter is missing."""
    import subprocess
    import pytest
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    interpreter = os.path.join(root, "..", "shared", "tools", "circuitpython", "circuitpython-pybadge")
    if not os.path.exists(interpreter):
        pytest.skip("no ../shared/tools/circuitpython/circuitpython-pybadge: CircuitPython check skipped")
    result = subprocess.run([interpreter, "-X", "heapsize=" + heap, "-c",
                             "import sys\nsys.path[:0] = ['.', 'lib']\n" + script],
                            cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr + result.stdout
    return result.stdout


def won(record, opponent):
    """Matches won against `opponent` (for two people: by player 1) in a Dominoes match record."""
    from pips.dominoes.records import WON
    return record[WON + 2 * opponent]


def lost(record, opponent):
    """Matches lost against `opponent` (for two people: won by player 2)."""
    from pips.dominoes.records import WON
    return record[WON + 2 * opponent + 1]
