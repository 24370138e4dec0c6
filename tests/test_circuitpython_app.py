"""The whole app under CircuitPython's own interpreter with the firmware's display stack (circuitpython-pybadge-display)
and the badge stand-ins: code.py's
own path from build/CIRCUITPY, title menu -> each game with pause, settings, rules, save & quit, resume, played to
its end screen by the recorded key scripts (tools/badge_scripts.py) -> back to the menu. Heap figures are in
`make bench` (bench/bench_badge_heap.py)."""
import os
import shutil
import zipfile

import pytest

from pips import saves
from tools import badge_scripts, build_device, build_release, cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

BADGE_RAM_KB = 192   # all of a PyBadge's RAM: the sessions must at least run there
MUST_KB = 96         # the heap every session must complete in from .mpy (DESIGN.md)
# Sessions measured above MUST_KB (bench/bench_badge_heap.py prints the figures): expected to fail the must until
# the app gets smaller. Not strict: heap fragmentation makes the figures ragged by a few KB, so a session near the
# line may pass; take it off this list once the bench shows it below the must. Every session meets it today.
OVER_MUST = {}
# A session fails when a run of it makes the 1,280-name qstr table (7.7 KB in one block, made mid-game in a cut-up
# heap): every run keeps at least this many names in hand (the probe's own ~15 counted in; bench_names prints what
# each run has left).
NAMES_LEFT = 10
# What each session leaves in nvm: the game's best score, the statistics of its finished round and the tips seen
# (the first-game tip); no saved round once the last results' Menu was taken (Dominoes quits the next round of its
# match with Save & quit). Dice Duel's setup against a CPU is remembered beside its best solo scores.
SAVED = {"wuerfelglanz": (saves.WUERFELGLANZ_BEST, saves.STATS, saves.TIPS),
         "dymino": (saves.DYMINO_BEST, saves.STATS, saves.TIPS),
         "dominoes": (saves.DOMINOES_GAME, saves.STATS, saves.TIPS),
         "diceduel": (saves.DICE_DUEL_BEST, saves.STATS, saves.TIPS)}


@pytest.fixture(scope="module")
def builds():
    # Always the same folders under build/: a session's heap layout then does not depend on a temporary path.
    folder = os.path.join(cp_run.REPO, "build", "test-badge")
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross (MPY_CROSS or ../shared/tools/circuitpython/mpy-cross)")
    mpy = os.path.join(folder, "mpy", "CIRCUITPY")
    py = os.path.join(folder, "py", "CIRCUITPY")
    build_device.build(mpy, mpy_cross=compiler, log=lambda line: None)
    build_device.build(py, log=lambda line: None)
    return {"mpy": mpy, "py": py}


@pytest.fixture(scope="module")
def release(builds):
    # `make release`'s zip, unpacked as a player copies it onto CIRCUITPY (builds: skipped without mpy-cross).
    folder = os.path.join(cp_run.REPO, "build", "test-badge", "release")
    path = build_release.release(os.path.join(folder, "dist"), os.path.join(folder, "staging"), log=lambda line: None)
    unpacked = os.path.join(folder, "CIRCUITPY")
    shutil.rmtree(unpacked, ignore_errors=True)
    with zipfile.ZipFile(path) as archive:
        archive.extractall(unpacked)
    return unpacked


def _session(build, game, kilobytes):
    keys = badge_scripts.SCRIPTS[game]
    return cp_run.session(build, keys, heap=cp_run.badge_heap(kilobytes, keys))


def _kinds_saved(nvm):
    store = saves.open_store(bytearray(nvm))
    return tuple(kind for kind, _ in saves.LAYOUT if store.load(kind) is not None)


@pytest.mark.parametrize("game", sorted(badge_scripts.SCRIPTS))
def test_each_game_session_runs_from_mpy_on_code_pys_path(builds, game):
    session = _session(builds["mpy"], game, BADGE_RAM_KB)
    assert session.ok, session
    assert session.report["frames"] > 500 and not session.stderr
    assert session.report["reloads"] == 2  # a fresh interpreter after Save & quit, and after the last results
    assert _kinds_saved(session.nvm) == SAVED[game]


def test_a_session_runs_from_py_too(builds):
    session = _session(builds["py"], "wuerfelglanz", BADGE_RAM_KB)
    assert session.ok, session
    assert _kinds_saved(session.nvm) == SAVED["wuerfelglanz"]


@pytest.mark.parametrize("game", sorted(badge_scripts.SCRIPTS))
def test_each_session_completes_from_mpy_at_a_96_kb_heap(builds, game, request):
    if game in OVER_MUST:
        request.applymarker(pytest.mark.xfail(reason="needs %s today" % OVER_MUST[game]))
    session = _session(builds["mpy"], game, MUST_KB)
    assert session.ok, session


@pytest.mark.parametrize("game", sorted(badge_scripts.SCRIPTS))
def test_session_keeps_names_in_hand_under_the_1280_name_table(builds, game):
    left = cp_run.names_left(builds["mpy"], badge_scripts.SCRIPTS[game])
    assert len(left) == 3  # a run to Save & quit, one to the results, the menu after them
    under = cp_run.QSTR_TABLE_1280_BYTES
    assert all(names >= NAMES_LEFT and table <= under for names, table in left), left


def _plays_all_four(build, kilobytes):
    keys = badge_scripts.MARATHON
    session = cp_run.session(build, keys, heap=cp_run.badge_heap(kilobytes, keys))
    assert session.ok, session
    assert session.report["reloads"] == 2 * len(badge_scripts.SCRIPTS)
    assert _kinds_saved(session.nvm) == tuple(sorted(set(kind for kinds in SAVED.values() for kind in kinds)))


def test_all_four_games_in_one_power_on(builds):
    # A player who plays everything: the app restarts after each game (its names would otherwise stay interned for
    # good), so this session needs what its largest game needs (bench/bench_badge_heap.py: "all four").
    _plays_all_four(builds["mpy"], BADGE_RAM_KB)


def test_all_four_games_in_one_power_on_from_the_release_zip_at_a_96_kb_heap(release):
    # What a player runs: the zip's files alone (no build folder, no repository) play every game, at the must.
    _plays_all_four(release, MUST_KB)


def test_all_four_games_in_one_power_on_at_a_96_kb_heap(builds):
    # Every game, a restart after each (badge_scripts.MARATHON); the bench (bench_badge_heap) prints from which heap
    # it completes at every step (README: Memory)
    keys = badge_scripts.MARATHON
    assert cp_run.session(builds["mpy"], keys, heap=cp_run.badge_heap(MUST_KB, keys)).ok


def _saved_wuerfelglanz_round(nvm):
    from pips.wuerfelglanz import records
    game, _, _ = records.load_game(saves.open_store(bytearray(nvm)))
    state = bytearray(512)
    return bytes(state[:game.save_into(state, 0)])


def test_a_saved_round_resumes_after_the_restart_where_it_was_saved(builds):
    # Save & quit restarts the interpreter; the game chosen again in the new one resumes the round: saved again at
    # once, it is the same round, move for move (a new round would be another deal on an empty board).
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools import badge_sessions
    saved_keys, resaved_keys = badge_sessions.record_save_and_resume(badge_scripts.SEED)
    heap = cp_run.badge_heap(BADGE_RAM_KB, resaved_keys)
    saved = cp_run.session(builds["mpy"], saved_keys, heap=heap)
    resaved = cp_run.session(builds["mpy"], resaved_keys, heap=heap)
    assert saved.ok and resaved.ok, (saved, resaved)
    assert (saved.report["reloads"], resaved.report["reloads"]) == (1, 2)
    assert _saved_wuerfelglanz_round(resaved.nvm) == _saved_wuerfelglanz_round(saved.nvm)


def test_a_memory_error_shows_code_pys_error_screen(builds):
    session = _session(builds["mpy"], "wuerfelglanz", 40)
    assert not session.ok and session.report["crashed"] == 1
    assert "Pips stopped on an error:" in session.stdout and "MemoryError" in session.stdout


@pytest.mark.parametrize("game", sorted(badge_scripts.SCRIPTS))
def test_running_out_of_heap_anywhere_near_the_edge_shows_the_error_screen(builds, game):
    # pips.boot loads the error screen's code only on an error (its names interned at the start): it must still
    # show when a session runs out of heap at whatever moment (a raw firmware traceback has crashed == 0).
    shown = 0
    for kilobytes in (80, 84, 88, 92):
        session = _session(builds["mpy"], game, kilobytes)
        if not session.ok:
            assert session.report["crashed"] == 1 and "Pips stopped on an error:" in session.stdout, session
            shown += 1
    assert shown  # the edge is above 80 KB for every game


def test_the_simulator_twin_plays_the_same_session(builds):
    """The scripts are recorded in the simulator twin: the badge session must leave the same saves, byte for byte."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools import badge_twin
    keys = badge_scripts.SCRIPTS["wuerfelglanz"]
    sim = badge_twin.twin(keys, badge_scripts.SEED)
    sim.app.start()
    sim.run_headless()
    twin_nvm = bytes(sim.platform.storage.data)
    session = _session(builds["mpy"], "wuerfelglanz", BADGE_RAM_KB)
    assert session.nvm == twin_nvm and _kinds_saved(twin_nvm) == SAVED["wuerfelglanz"]
    assert sim.restarts == session.report["reloads"] == 2  # the twin restarts its app where the badge reloads
