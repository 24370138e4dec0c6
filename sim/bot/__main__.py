"""`python -m sim.bot GAME [options]`: run the bot of one game (sim/bot/<GAME>.py, its main(argv))."""
import importlib
import os
import sys

BOT_DIR = os.path.dirname(os.path.abspath(__file__))


def games():
    return sorted(n[:-3] for n in os.listdir(BOT_DIR) if n.endswith(".py") and not n.startswith("_"))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in games():
        print("usage: python -m sim.bot GAME [options]   (GAME: %s; GAME --help for its options)" % ", ".join(games()))
        return 2
    return importlib.import_module("sim.bot." + argv[0]).main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
