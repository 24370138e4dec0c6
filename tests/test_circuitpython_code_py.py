"""code.py under CircuitPython's own interpreter (circuitpython-pybadge) with the firmware's version faked: on 9 and
10 it runs the app; on any other it says on the screen which CircuitPython Pips needs and where to get it, and
stays there (the app's format-6 .mpy files would otherwise stop at the firmware's "incompatible .mpy file")."""
import os

import pytest

from tools import cp_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

CODE_PY = os.path.join(cp_run.REPO, "code.py")
# The firmware's terminal on a PyBadge (160 x 128 pixels, 6 x 12 glyphs): 24 columns beside Blinka's logo on
# CircuitPython 7 and 8 (a line that fills all 24 wraps onto a blank one), 9 lines under its status line.
COLUMNS = 23
LINES = 9

# code.py's own text, run after stand-ins were put in sys.modules (an import looks there before the built-in
# modules): a `sys` reporting the faked version, a `time` whose sleep ends the run (code.py's wait never would),
# and a `pips.boot` whose main() says it ran.
_RUN = """
import sys
class implementation:
    name = "circuitpython"
    version = %r
class fake_sys:
    pass
fake_sys.implementation = implementation
class fake_time:
    def sleep(seconds):
        print("@@waits")
        raise SystemExit
class fake_boot:
    def main():
        print("@@app")
sys.modules.update({"sys": fake_sys, "time": fake_time, "pips": fake_boot, "pips.boot": fake_boot})
with open(%r) as handle:
    exec(handle.read(), {"__name__": "__main__"})
"""


def _run_code_py(version):
    result = cp_run.run(code=_RUN % (version, CODE_PY), stand_ins_on_path=False, timeout=60)
    assert result.status == 0 and not result.stderr, result
    return result.stdout


@pytest.mark.parametrize("version", [(9, 2, 8, ""), (10, 0, 0, "")])
def test_code_py_runs_the_app_on_circuitpython_9_and_10(version):
    assert _run_code_py(version) == "@@app\n"


@pytest.mark.parametrize("version", [(8, 2, 10, ""), (7, 3, 3, ""), (11, 0, 0, "")])
def test_code_py_says_which_circuitpython_on_any_other_and_stays(version):
    out = _run_code_py(version)
    message, wait = out.rsplit("@@waits", 1)
    assert wait == "\n" and "@@app" not in message  # it waits, and the app's .mpy files are never loaded
    lines = message.rstrip("\n").split("\n")
    assert " ".join(lines[:3]) == "Pips needs CircuitPython 9 or 10 - this badge runs %d.%d." % version[:2]
    assert "".join(lines[3:]) == "Get it fromcircuitpython.org/board/pybadge"
    assert len(lines) <= LINES and max(len(line) for line in lines) <= COLUMNS, lines  # all on the screen
