"""A play screen's idle frame allocates nothing: each game's scene, built from build/CIRCUITPY's files under
CircuitPython's own interpreter with the badge stand-ins, runs 30 frames with nothing pressed under
micropython.heap_lock() (any allocation raises MemoryError). Skipped with the reason where the interpreter is
missing."""
import pytest

from bench.bench_badge_frames import DRIVER, GAMES
from tools import cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

SCRIPT = """
import micropython
def BEGIN():
    pass
END = BEGIN
GARBAGE = False
""" + DRIVER + """
app.start()
for key, opening, play_keys, pause_key in GAMES:
    start(key)
    for k in opening:
        press(k)
    for k in play_keys[:4]:
        press(k)
    for _ in range(120):  # four seconds: intros, animations and timed messages (Dominoes' 2.5 s) end, a CPU turn finishes
        step()
    gc.collect()
    micropython.heap_lock()
    try:
        for _ in range(30):
            step()
        result = "idle-frames-allocate-nothing"
    except MemoryError:
        result = "allocated"
    finally:
        micropython.heap_unlock()
    print("#", key, top_name(), result)
    app.to_menu()
"""


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    from tools import build_device
    out = str(tmp_path_factory.mktemp("circuitpy"))
    build_device.build(out, log=lambda line: None,
                       short_names=False)  # (the script drives the app by its names)
    return out


def test_every_play_screen_idles_without_allocating(build):
    import os
    from tools import callgrind_cost
    paths = [build, os.path.join(build, "lib")]
    code = "GAMES = %r\n" % (GAMES,) + SCRIPT
    out = callgrind_cost.plain(code, paths=paths, heap="1M", stand_ins=True)
    lines = [line.split() for line in out.splitlines() if line.startswith("# ")]
    assert [line[1] for line in lines] == [game[0] for game in GAMES], out[-3000:]
    for _, key, scene, result in lines:
        assert scene != "MenuScene", "%s left its play screen before the idle frames" % key
        assert result == "idle-frames-allocate-nothing", "%s (%s): an idle frame allocated" % (key, scene)
