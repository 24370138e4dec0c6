"""The portable engine tests and the heap_lock() allocation proofs under CircuitPython's own interpreter
(circuitpython-pybadge: 32-bit, 31-bit small ints, the SAMD51's 2 KB Python stack), from .py and from .mpy made by
CircuitPython's mpy-cross, at a capped heap.

The WebAssembly MicroPython (tests/test_micropython.py, the *_alloc tests) stays as a second interpreter: it is
plain MicroPython 1.27, so it proves the engine runs on MicroPython as well as on CircuitPython.
"""
import os
import subprocess

import pytest

from tests import test_dice_duel_alloc, test_dymino_alloc, test_wuerfelglanz_alloc
from tests.test_micropython import MODULES
from tools import build_device, cp_run, mpy_run

REASON = cp_run.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

HEAP = "192K"  # the portable tests build many games; the proofs collect garbage between locked stretches
REPO = cp_run.REPO
SOURCES = ("engine", os.path.join("lib", "pips"), os.path.join("tests", "portable"))


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """{"py": the repository, "mpy": a copy of engine/, lib/pips/ and tests/ compiled with mpy-cross}."""
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross (MPY_CROSS or ../shared/tools/circuitpython/mpy-cross)")
    root = tmp_path_factory.mktemp("mpy")
    for top in SOURCES + ("tests",):
        for name in sorted(os.listdir(os.path.join(REPO, top))):
            if not name.endswith(".py") or (top == "tests" and name != "__init__.py"):
                continue
            dest = root / top / (name[:-3] + ".mpy")
            dest.parent.mkdir(parents=True, exist_ok=True)
            rel = "%s/%s" % (top.replace(os.sep, "/"), name)
            subprocess.run([compiler, "-o", str(dest), "-s", rel, os.path.join(REPO, top, name)], check=True)
            build_device.check_mpy_header(str(dest))
    return {"py": REPO, "mpy": str(root)}


def _run(root, code, heap=HEAP):
    prelude = "import sys\nsys.path[:0] = [%r, %r]\n" % (root, os.path.join(root, "lib"))
    result = cp_run.run(code=prelude + code, heap=heap, timeout=600)
    return result


@pytest.mark.parametrize("form", ("py", "mpy"))
@pytest.mark.parametrize("module", MODULES)
def test_portable_module_passes_under_circuitpython(trees, form, module):
    result = _run(trees[form], "from tests.portable import runner\n"
                               "sys.exit(1 if runner.main(['tests.portable.%s']) else 0)\n" % module)
    assert result.status == 0, result
    assert "portable: 0 failed" in result.stdout
    assert "ok tests.portable.%s test_" % module in result.stdout


PROOFS = (test_wuerfelglanz_alloc.test_place_allocates_nothing_under_heap_lock,
          test_dymino_alloc.test_every_action_allocates_nothing_under_heap_lock,
          test_dice_duel_alloc.test_whole_games_allocate_nothing_under_micropython,
          test_dice_duel_alloc.test_cpu_decisions_allocate_nothing_under_micropython)


@pytest.mark.parametrize("form", ("py", "mpy"))
@pytest.mark.parametrize("proof", PROOFS, ids=lambda proof: proof.__name__)
def test_allocation_proof_holds_under_circuitpython(trees, form, proof, monkeypatch):
    """The same proof scripts and checks as under MicroPython, run by circuitpython-pybadge instead."""
    def check(code, heap=None, timeout=120.0):
        result = _run(trees[form], code)
        if result.status != 0:
            raise AssertionError("circuitpython-pybadge failed: %r" % result)
        return result.stdout

    monkeypatch.setattr(mpy_run, "check", check)
    proof()
