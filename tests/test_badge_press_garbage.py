"""Garbage per key press on the Würfelglanz and Dymino play screens (issue 13, goal <= 256 bytes a press): the
seeded press session of bench/bench_badge_frames.py (GRID_SESSION: moves, turns, placements, hints), built from
build/CIRCUITPY's files and run under CircuitPython's own interpreter with the badge stand-ins, the collector off
during each frame, so gc.mem_alloc() before and after is what the frame allocated. Skipped with the reason where
the interpreter is missing."""
import pytest

from bench import bench_badge_frames as frames_bench
from tools import cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

GOAL = 256  # bytes a key press (issue 13)


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    import os
    from tools import build_device, callgrind_cost
    out = str(tmp_path_factory.mktemp("circuitpy"))
    build_device.build(out, log=lambda line: None,
                       short_names=False)  # (the script drives the app by its names)
    stdout = callgrind_cost.plain(frames_bench.grid_text(True) + frames_bench.GRID_SESSION,
                                  paths=[out, os.path.join(out, "lib")], heap=frames_bench.GARBAGE_HEAP, stand_ins=True)
    return frames_bench.parse_grid(stdout)


@pytest.mark.parametrize("game", frames_bench.GRID_GAMES)
def test_moves_turns_and_selects_allocate_at_most_the_goal_and_most_placements_nothing(frames, game):
    presses = [f for f in frames if f[0] == game and f[2] == "K"]
    kinds = set(f[1].split()[0] for f in presses)
    assert {"UP", "DOWN", "LEFT", "RIGHT", "A", "B", "SELECT"} <= kinds, kinds
    for game_, kind, _, used, _ in presses:
        if kind.split()[0] != "A":
            assert used <= GOAL, "%s: a %s press allocated %d bytes" % (game, kind, used)
    placements = sorted(f[3] for f in presses if f[1].startswith("A"))
    # A placement that scores writes its points (a few strings), the round's first merge builds Dymino's flying
    # dice, the last move records the round: most placements allocate nothing
    assert placements[len(placements) // 2] == 0, placements
    assert sum(1 for used in placements if used <= GOAL) >= len(placements) * 8 // 10, placements


@pytest.mark.parametrize("game", frames_bench.GRID_GAMES)
def test_the_hints_frames_allocate_nothing_but_loading_and_unloading_its_code(frames, game):
    slices = [f[3] for f in frames if f[0] == game and f[2] == "H"]
    hints = [f for f in frames if f[0] == game and f[1].startswith("SELECT") and f[2] == "K"]
    assert len(hints) >= 3 and len(slices) >= 5 * len(hints)
    quiet = sum(1 for used in slices if used == 0)
    # but the three that load its code and the one that unloads it (and a glyph's first use on the note line)
    assert quiet >= len(slices) - 4 * len(hints) - 2, slices
