"""`make bench`: run every bench/bench_*.py (each has main() that prints its figures), in name order."""
import importlib
import os
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(selected=()):
    for path in (REPO, os.path.join(REPO, "lib")):
        if path not in sys.path:
            sys.path.insert(0, path)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    names = sorted(n[:-3] for n in os.listdir(os.path.join(REPO, "bench")) if n.startswith("bench_") and n.endswith(".py"))
    if selected:
        names = [n for n in names if any(s in n for s in selected)]
    for name in names:
        started = time.time()
        print("== %s" % name[len("bench_"):])
        sys.stdout.flush()
        importlib.import_module("bench." + name).main()
        print("   (%.1f s)" % (time.time() - started))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
