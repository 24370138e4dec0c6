"""tools/names.py reads the names a .mpy brings from its qstr table (compiled by CircuitPython's own mpy-cross)."""
import os
import subprocess

import pytest

from tools import build_device, names

COMPILER = build_device.find_mpy_cross(log=lambda line: None)
pytestmark = pytest.mark.skipif(COMPILER is None, reason="no CircuitPython mpy-cross (MPY_CROSS or "
                                                         "../shared/tools/circuitpython/mpy-cross)")

SOURCE = '''from micropython import const
PUBLIC_LIMIT = const(7)
_PRIVATE_LIMIT = const(9)
RULES = "a long text that is a heap str, not a name"


def score_board(pips_total):
    return pips_total * PUBLIC_LIMIT + _PRIVATE_LIMIT, "short"
'''


def compiled(tmp_path, source):
    src = tmp_path / "sample.py"
    src.write_text(source)
    out = str(tmp_path / "sample.mpy")
    subprocess.run([COMPILER, "-O3", "-o", out, "-s", "sample", str(src)], check=True)
    return out


def test_names_of_a_module(tmp_path):
    found, text_bytes = names.mpy_names(compiled(tmp_path, SOURCE))
    assert {"sample", "PUBLIC_LIMIT", "RULES", "score_board", "pips_total", "short"} <= set(found)
    # a module-private const makes no name; a long string constant is a str object, counted as text bytes
    assert "_PRIVATE_LIMIT" not in found
    assert not any("long text" in name for name in found)
    assert text_bytes == len("a long text that is a heap str, not a name")


def test_rom_names_are_taken_off(tmp_path):
    rom = names.rom_names()
    assert {"print", "append", "x", "Bitmap"} <= rom
    found, _ = names.mpy_names(compiled(tmp_path, SOURCE + "print(len([]))\n"))
    build = tmp_path / "CIRCUITPY"
    (build / "lib").mkdir(parents=True)
    os.replace(compiled(tmp_path, SOURCE + "print(len([]))\n"), str(build / "lib" / "sample.mpy"))
    table = names.module_names(str(build))
    assert "print" not in table["sample"][0] and "PUBLIC_LIMIT" in table["sample"][0]
    assert "/lib/sample.mpy" in table["sample"][0]  # its __file__


def test_not_a_mpy_is_refused(tmp_path):
    path = tmp_path / "x.mpy"
    path.write_bytes(b"M\x06\x00\x1f\x00")
    with pytest.raises(ValueError):
        names.mpy_names(str(path))


def test_names_only_one_module_brings():
    table = {"a": ({"shared", "only_a"}, 0), "b": ({"shared", "only_b", "also_b"}, 0), "c": ({"shared"}, 0)}
    assert names.unique_names(table, ["a", "b", "gone"]) == {"a": ["only_a"], "b": ["also_b", "only_b"]}
    assert names.session_names(table, ["a", "c"]) == {"shared", "only_a"}
