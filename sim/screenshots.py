"""`make screenshots`: regenerate the README's images with the headless simulator.

Each entry of SHOTS is one picture: (file name under docs/, game key or None for the title menu, key script, seed).
Game helpers: add a line for your game's screens. Key scripts: see sim/keyscript.py. Every shot starts from a
fresh, empty save file, so pictures do not depend on anyone's saves.
"""
import os
import sys
import tempfile

SCALE = 2
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")

SHOTS = [
    ("menu.png", None, "", 1),
    ("settings.png", None, "U*3 A", 1),  # Up from the top wraps to About, How to play, then Settings
]


def take(name, game, keys, seed, folder=DOCS, scale=SCALE):
    from sim.main import Sim
    with tempfile.TemporaryDirectory() as scratch:
        sim = Sim(headless=True, scale=scale, save=os.path.join(scratch, "save.bin"), seed=seed, keys=keys)
        sim.app.start(game)
        sim.run_headless()
        return sim.screenshot(os.path.join(folder, name))


def main(argv=None):
    wanted = sys.argv[1:] if argv is None else argv
    for name, game, keys, seed in SHOTS:
        if wanted and not any(part in name for part in wanted):
            continue
        print(take(name, game, keys, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
