"""Headless simulator runs: screenshots of the menu, key scripts driving the real app, frames, dirty-area refresh."""
import os
import random
import subprocess
import sys

import displayio
import pygame

from pips.scenes.help import HelpScene
from pips.scenes.settings import SettingsScene
from pips.ui import text
from sim.display import HEIGHT, STRIP, WIDTH
from tests.simkit import make_sim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def colours(path):
    image = pygame.image.load(path)
    found = set()
    for y in range(0, image.get_height(), 3):
        for x in range(0, image.get_width(), 3):
            found.add(tuple(image.get_at((x, y))))
    return image.get_size(), found


def test_cli_headless_screenshot_of_the_menu(tmp_path):
    shot = str(tmp_path / "menu.png")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "sim", "--headless", "--scale", "2", "--save",
                             str(tmp_path / "save.bin"), "--screenshot", shot], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    size, found = colours(shot)
    assert size == (WIDTH * 2, (HEIGHT + STRIP) * 2)
    assert len(found) > 4  # background, title, text, highlight, dice...


def test_cli_rejects_an_unknown_game(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "sim", "--headless", "--game", "nosuchgame", "--save",
                             str(tmp_path / "save.bin")], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode != 0 and "nosuchgame" in result.stderr


def test_key_script_walks_the_menu(tmp_path):
    from pips import catalog
    sim = make_sim(tmp_path, keys="D*%d A D" % (len(catalog.GAMES) + 2))  # past Play a code and Records to Settings, open it, one row down
    sim.app.start()
    frames = sim.run_headless()
    scene = sim.app.top()
    assert isinstance(scene, SettingsScene) and scene.list.cursor == 1
    assert frames * 33 >= sim.platform.script.end_ms


def test_held_key_in_a_script_auto_repeats(tmp_path):
    from pips import catalog
    sim = make_sim(tmp_path, keys="D*%d D A D+1000" % (len(catalog.GAMES) + 2))  # How to play, then hold Down
    sim.app.start()
    sim.run_headless()
    scene = sim.app.top()
    assert isinstance(scene, HelpScene)
    # one press + repeats at 300, 380, ... < 1000 ms: 1 + 9 lines (or the end of the text)
    assert scene.first == min(10, scene.last_first())


def test_screenshot_changes_with_the_scene_and_record_writes_frames(tmp_path):
    frames = tmp_path / "frames"
    sim = make_sim(tmp_path, record=str(frames), keys="U A")  # About
    sim.app.start()
    sim.frame()
    first = sim.screenshot(str(tmp_path / "a.png"))
    sim.run_headless()
    second = sim.screenshot(str(tmp_path / "b.png"))
    assert colours(first)[1] != colours(second)[1] or \
        pygame.image.tostring(pygame.image.load(first), "RGB") != pygame.image.tostring(pygame.image.load(second), "RGB")
    recorded = sorted(os.listdir(frames))
    assert recorded[0] == "frame_00001.png" and len(recorded) >= 2


def test_incremental_refresh_matches_a_full_redraw(tmp_path):
    """The simulator refreshes only dirty areas (merged when many): the picture must equal a full redraw."""
    sim = make_sim(tmp_path)
    display = sim.display
    group = displayio.Group()
    colors = displayio.Palette(5)
    for index in range(5):
        colors[index] = 0x203040 * index + 0x102000
    sheet = displayio.Bitmap(35, 7, 5)
    for x in range(35):
        for y in range(7):
            sheet[x, y] = (x // 7 + y) % 5
    # Several separate TileGrids: each changed one is its own dirty area, so frames have 1..6 disjoint areas.
    grids = []
    for index in range(6):
        grid = displayio.TileGrid(sheet, pixel_shader=colors, width=4, height=4, tile_width=7, tile_height=7,
                                  x=(index % 3) * 52 + 2, y=(index // 3) * 60 + 20)
        grids.append(grid)
        group.append(grid)
    words = text.label("start", 5, 5)
    group.append(words)
    display.root_group = group
    display.refresh()
    rng = random.Random(5)
    for step in range(80):
        for grid in rng.sample(grids, rng.randrange(1, 7)):
            grid[rng.randrange(4), rng.randrange(4)] = rng.randrange(5)
        if step % 5 == 0:
            words.text = "t%d" % rng.randrange(100000)
            words.x = rng.randrange(0, 100)
        display.refresh()
    incremental = pygame.image.tostring(display.surface, "RGB")
    display.root_group = displayio.Group()
    display.refresh()
    display.root_group = group
    display.refresh()
    assert pygame.image.tostring(display.surface, "RGB") == incremental
