"""The lean pass changes nothing a player sees: each game's badge session (tools/badge_scripts.py, code.py's own path
under circuitpython-pybadge-display, from .mpy) shows the same screen at every frame, and leaves the same saves, built
with the pass and without it (build_device --plain)."""
import hashlib
import os

import pytest

from tools import badge_scripts, build_device, cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
FRAME_MS = 33  # the stand-ins' frame (tools/badge/_badge.py): one shot a frame


@pytest.fixture(scope="module")
def builds():
    folder = os.path.join(cp_run.REPO, "build", "test-lean")  # fixed folders, as tests/test_circuitpython_app.py's
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross (MPY_CROSS or ../shared/tools/circuitpython/mpy-cross)")
    made = {}
    for kind in ("plain", "lean"):
        made[kind] = os.path.join(folder, kind, "CIRCUITPY")
        build_device.build(made[kind], mpy_cross=compiler, log=lambda line: None, plain=kind == "plain")
    return made


def _every_frame(build, keys, folder):
    """The session, and {frame ms: digest of the screen drawn then} for all its frames."""
    last_key = max(int(ms) for ms in cp_run.key_events(keys).split()[::3])
    os.makedirs(folder)
    session = cp_run.session(build, keys, heap="1M", shots=range(0, last_key + 2000, FRAME_MS), shot_dir=folder)
    screens = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as handle:
            screens[int(name[:-len(".ppm")])] = hashlib.sha1(handle.read()).hexdigest()
    return session, screens


@pytest.mark.parametrize("game", sorted(badge_scripts.SCRIPTS))
def test_a_session_plays_the_same_frames_with_and_without_the_lean_pass(builds, game, tmp_path):
    keys = badge_scripts.SCRIPTS[game]
    plain, plain_screens = _every_frame(builds["plain"], keys, str(tmp_path / "plain"))
    lean, lean_screens = _every_frame(builds["lean"], keys, str(tmp_path / "lean"))
    assert plain.ok and lean.ok, (plain, lean)
    assert len(plain_screens) == plain.report["frames"]  # every frame was seen
    assert lean.report["frames"] == plain.report["frames"] and lean.report["ms"] == plain.report["ms"]
    assert lean.runs == plain.runs
    differ = [ms for ms in sorted(plain_screens) if lean_screens.get(ms) != plain_screens[ms]]
    assert not differ and len(lean_screens) == len(plain_screens), "screens differ at %s ms" % differ[:5]
    assert lean.nvm == plain.nvm  # the same saves
