"""Simulator: start to title menu (cold process and in-process), frame times of the headless app, tile writes.

All headless (SDL dummy drivers), on CPython with Blinka's pure-Python displayio: these are desktop figures,
not the badge's (on the badge displayio is C and the SPI transfer dominates).
"""
import os
import random
import subprocess
import sys
import tempfile
import time

from tools.bench import REPO

COLD_RUNS = 3
FRAMES = 200
TILE_FRAMES = 100


def cold_start_ms(scratch):
    """`python -m sim --headless` from process start to the menu drawn and the process gone."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    best = None
    for _ in range(COLD_RUNS):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "sim", "--headless", "--save", os.path.join(scratch, "cold.bin")],
                       cwd=REPO, env=env, check=True, capture_output=True)
        took = (time.perf_counter() - started) * 1000
        best = took if best is None else min(best, took)
    return best


def warm_start_ms(scratch):
    """Sim() + app.start() + the first frame, with the modules already imported."""
    from sim.main import Sim
    Sim(headless=True, scale=1, save=os.path.join(scratch, "warm.bin"))  # imports everything once
    started = time.perf_counter()
    sim = Sim(headless=True, scale=1, save=os.path.join(scratch, "warm.bin"))
    sim.app.start()
    sim.frame()
    return (time.perf_counter() - started) * 1000, sim


def frame_ms(sim, before_frame, frames=FRAMES):
    started = time.perf_counter()
    for index in range(frames):
        before_frame(index)
        sim.frame()
    return (time.perf_counter() - started) * 1000 / frames


def tile_frame_ms(sim, writes_per_frame):
    """A 8 x 6 grid of 20 x 20 tiles (a game board): write tiles, refresh, per frame."""
    import displayio
    colors = displayio.Palette(4)
    for index in range(4):
        colors[index] = 0x304050 * index
    sheet = displayio.Bitmap(80, 20, 4)
    for x in range(80):
        for y in range(20):
            sheet[x, y] = (x // 20 + (x ^ y)) % 4
    grid = displayio.TileGrid(sheet, pixel_shader=colors, width=8, height=6, tile_width=20, tile_height=20, y=4)
    group = displayio.Group()
    group.append(grid)
    sim.display.root_group = group
    sim.display.refresh()
    rng = random.Random(1)
    started = time.perf_counter()
    for _ in range(TILE_FRAMES):
        for _ in range(writes_per_frame):
            grid[rng.randrange(8), rng.randrange(6)] = rng.randrange(4)
        sim.display.refresh()
    took = (time.perf_counter() - started) * 1000 / TILE_FRAMES
    sim.display.root_group = sim.app.root
    return took


def main():
    from pips import actions
    with tempfile.TemporaryDirectory() as scratch:
        print("   cold start to title menu (python -m sim --headless, best of %d)  %.0f ms"
              % (COLD_RUNS, cold_start_ms(scratch)))
        warm, sim = warm_start_ms(scratch)
        print("   in-process start to title menu drawn  %.1f ms" % warm)
        app = sim.app
        print("   idle frame (nothing changes)  %.2f ms" % frame_ms(sim, lambda index: None))
        print("   menu frame with a cursor move  %.2f ms"
              % frame_ms(sim, lambda index: app.dispatch(actions.DOWN)))

        def toggle_help(index):
            if index % 2 == 0:
                app.show_help("Help", "Bench text. " * 40)
            else:
                app.pop()
        print("   frame with a scene change (help open/close, full redraw)  %.1f ms" % frame_ms(sim, toggle_help, 40))
        print("   frame with 1 tile write (20x20 tiles)  %.2f ms" % tile_frame_ms(sim, 1))
        print("   frame with 10 tile writes  %.2f ms" % tile_frame_ms(sim, 10))


if __name__ == "__main__":
    main()
