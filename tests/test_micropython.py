"""Every portable engine test module, run again under real MicroPython (1.27, 32-bit, capped heap)."""
import os

import pytest

from tools import mpy_run

PORTABLE = os.path.join(os.path.dirname(__file__), "portable")
MODULES = sorted(name[:-3] for name in os.listdir(PORTABLE) if name.startswith("test_") and name.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_portable_module_passes_under_micropython(module):
    script = ("from tests.portable import runner\n"
              "import sys\n"
              "sys.exit(1 if runner.main(['tests.portable.%s']) else 0)\n" % module)
    status, out, err = mpy_run.run(script, timeout=600)
    assert status == 0, out + err
    assert "portable: 0 failed" in out
    assert "ok tests.portable.%s test_" % module in out  # at least one test really ran
