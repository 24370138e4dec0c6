"""Pixels agree (issue 21, point 4): every picture of docs/ and a frame of every kind of screen, rendered by the real
badge stack (a cp_run session: CircuitPython's C displayio and BusDisplay over circuitpython-pybadge-display's ST7735
model) and by the simulator twin (tools/badge_twin: Blinka displayio), are the same pixel for pixel in RGB565, the
badge's colour depth (tools/badge_pixels.py).

How the docs pictures are reached on the badge (tools/badge_pixels.docs_item): the session switches the first-game
tips off in Settings, then opens the game with Play a code, the code of the round the simulator's --seed deals first;
the picture's own keys follow. A picture whose keys are the start of another's is a moment of that session. Every
picture so reached is the docs picture itself (`python -m tools.badge_pixels --docs` compares the twin's screen
with the one `make screenshots` takes), except settings.png: the badge's Settings has a "First-game tips" row that the
headless simulator hides (its tips are off), so the badge shows the same screen with that row. (Dominoes' two-people
pictures choose 2 players on its setup: the code's round is their match.)

Every session is also a tour: each scene that comes on top is taken at its last frame there. The docs sessions so
show Settings with the tips row, Play a code, Dice Duel's and Dominoes' setups; more tours show the
rest: the title menu's How to play, About, empty Records, a Quit question, and the four whole-app sessions of
tools/badge_scripts.py (each game's tip, pause menu, Settings, Rules, resumed round and results).

Accepted differences: none. (Both renderers reduce a 0xRRGGBB colour to RGB565 by its top bits, the ST7735's
depth; a colour change below that depth shows on neither, as test_the_comparison_sees_what_the_badge_can_show
checks.)
"""
import os

import pytest

from tools import badge_pixels, badge_scripts, build_device, cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

# The title menu's own screens, then a first-game tip (tips are on at power-on) over Dice Duel's setup:
# About, How to play (a page on), Settings, Records (empty), Play a code (a letter changed), Dice Duel and its tip,
# the setup's pause menu, its Quit question (No first, then Yes) and the menu after the restart.
MENU_TOUR = ("w300 U A w400 B w300 U A w400 D w400 B w300 U A w400 B w300 U A w400 B w300 U A w400 U w400 B w300 "
             "U*3 A w600 A w400 S w400 U A w400 A w400 A w400 L A w900")
TOURS = [
    badge_pixels.Run("menu tour", MENU_TOUR, [], tour=True,
                     kinds={"MenuScene", "HelpScene", "SettingsScene", "RecordsScene", "PlayCodeScene", "TipScene",
                            "DiceDuelSetup", "PauseScene", "ConfirmScene"}),
] + [
    # The whole-app sessions (tools/badge_scripts.py): menu, the game's tip, play, pause, the game's Settings, its
    # Rules, Save & quit, the resumed round played to its results, the menu
    badge_pixels.Run("%s session" % game, badge_scripts.SCRIPTS[game], [], tour=True,
                     kinds={"MenuScene", "TipScene", "PauseScene", "SettingsScene", "HelpScene", "ResultsScene"}
                     | set(scenes))
    for game, scenes in (("wuerfelglanz", ("WuerfelglanzScene",)), ("dymino", ("DyminoScene",)),
                         ("diceduel", ("DiceDuelSetup", "DiceDuelScene")),
                         ("dominoes", ("DominoesSetup", "DominoesScene")))
]


@pytest.fixture(scope="module")
def build():
    # The .mpy build, as a badge runs it (the same folder every time: test_circuitpython_app does likewise).
    folder = os.path.join(cp_run.REPO, "build", "test-pixels", "CIRCUITPY")
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross (MPY_CROSS or ../shared/tools/circuitpython/mpy-cross)")
    build_device.build(folder, mpy_cross=compiler, log=lambda line: None)
    return folder


def _games():
    """The docs pictures by game (the title menu's under "menu"): one test each, its sessions made in the test (the
    bot pictures' key scripts take a bot game each to write)."""
    from sim import screenshots
    games = {}
    for name, game, _, _ in screenshots.SHOTS:
        games.setdefault(game or "menu", []).append(name)
    return games


def _agree(build, run):
    """[(label, ms, differing pixels)] of a run: the twin first (a tour finds its moments there), then the badge."""
    moments = [ms for _, ms in run.shots]
    if run.tour:
        twin, scenes = badge_pixels.twin_screens(run.keys, moments, tour=True)
        labels = list(run.shots) + [(scenes[ms], ms) for ms in sorted(scenes)]
    else:
        twin = badge_pixels.twin_screens(run.keys, moments)
        labels = list(run.shots)
    badge = badge_pixels.badge_screens(build, run.keys, sorted(set(ms for _, ms in labels)))
    return [(label, ms, badge_pixels.differing(badge[ms], twin[ms])) for label, ms in labels]


@pytest.mark.parametrize("game", sorted(_games()))
def test_the_docs_pictures_are_the_same_pixels_on_the_badge(build, game):
    names = _games()[game]
    found = []
    for run in badge_pixels.docs_runs(names):
        run.tour = True  # and every screen on the way (Settings, Play a code, pause, a confirm question...)
        found += _agree(build, run)
    assert sorted(item[0] for item in found if item[0] in names) == sorted(names)
    assert [item for item in found if item[2]] == [], found


@pytest.mark.parametrize("run", TOURS, ids=lambda run: run.name)
def test_every_kind_of_screen_is_the_same_pixels_on_the_badge(build, run):
    found = _agree(build, run)
    kinds = set(item[0] for item in found)
    assert kinds >= run.kinds, found
    assert [item for item in found if item[2]] == [], found


def test_the_comparison_sees_what_the_badge_can_show(build, monkeypatch):
    # The twin's background one RGB565 step redder (0x10 -> 0x18 in red: 2 -> 3 of 31) differs from the badge's
    # wherever it shows; a step below that depth (blue 0x2C -> 0x2F, both 5 of 31) shows on neither.
    from pips.ui import palette
    badge = badge_pixels.badge_screens(build, "", [0])[0]
    assert badge_pixels.differing(badge, badge_pixels.twin_screens("", [0])[0]) == 0
    monkeypatch.setattr(palette, "BACKGROUND", 0x181C2C)
    assert badge_pixels.differing(badge, badge_pixels.twin_screens("", [0])[0]) > 160 * 128 // 2
    monkeypatch.setattr(palette, "BACKGROUND", 0x101C2F)
    assert badge_pixels.differing(badge, badge_pixels.twin_screens("", [0])[0]) == 0
