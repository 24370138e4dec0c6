"""tools/live_heap.py: its reading of a session's output and its command line (the diagnostic interpreter it runs
is not part of the checkout: see its docstring)."""
import subprocess
import sys

from tools import cp_run, live_heap


def test_the_largest_live_heap_of_each_run_and_the_frame_before_it():
    stdout = "\n".join((
        "@@live 1000 16", "@@heap 33 900", "@@live 5000 64", "@@heap 66 4000", "@@live 4000 8",
        "@@badge frames=2 ms=66", "@@live 700 16", "@@heap 33 600", "@@live 7000 300", "@@badge frames=1 ms=99"))
    assert live_heap.maxima(stdout) == [(5000, 64, 33), (7000, 300, 33)]


def _run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "tools.live_heap"] + list(args), cwd=cp_run.REPO,
                          capture_output=True, text=True, env=env)


def test_without_the_interpreter_or_with_an_unknown_game_one_line_and_exit_2():
    import os
    env = dict(os.environ)
    env.pop(live_heap.ENV, None)
    done = _run(env=env)
    assert done.returncode == 2 and live_heap.ENV in done.stderr and len(done.stderr.splitlines()) == 1
    env[live_heap.ENV] = sys.executable  # any executable: the game is checked before anything runs
    done = _run("nosuchgame", env=env)
    assert done.returncode == 2 and "nosuchgame" in done.stderr and len(done.stderr.splitlines()) == 1
