"""The build's short names (tools/lean_names.py): the names the device program makes up get short ones, the same in
every file, and the program does the same; the names others own stay."""
import ast
import os
import subprocess
import sys

from tools import lean_names

ROM = frozenset(("append", "x", "hidden", "print", "len", "range", "name"))


def _run(sources, tmp_path, entry):
    """What `entry` prints, with the modules `sources` ({dotted name: text}) on the path."""
    for name, text in sources.items():
        parts = name.split(".")
        folder = tmp_path.joinpath(*parts[:-1])
        folder.mkdir(parents=True, exist_ok=True)
        for depth in range(1, len(parts)):
            init = tmp_path.joinpath(*parts[:depth], "__init__.py")
            if not init.exists():
                init.write_text("")
        (folder / (parts[-1] + ".py")).write_text(text)
    result = subprocess.run([sys.executable, "-c", entry], cwd=str(tmp_path), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _short(sources, **options):
    out = lean_names.shorten(sources, rom=options.pop("rom", ROM), **options)
    return dict((name, out[name] or sources[name]) for name in sources)


def _names(text):
    return set(node.id for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Name))


TALLY = {
    "game.tally": '''
class Tally:
    def __init__(self, start):
        self._count = start
        self.history = []

    def add_points(self, points, *, double=False):
        try:
            self._count += points * (2 if double else 1)
        except TypeError as refused:
            return str(refused)
        self.history.append(points)
        return self._count
''',
    "game.play": '''
from game.tally import Tally as Counter
from game import tally


def play_rounds():
    board = Counter(10)
    board.add_points(3)
    board.add_points(4, double=True)
    refused = board.add_points(None)[:11]  # (bound here too: the handler's name must change with it)
    return board._count, board.history, tally.Tally(1).add_points(1), refused
''',
}


def test_names_of_our_own_are_shortened_alike_in_every_file_and_the_program_does_the_same(tmp_path):
    entry = "from game.play import play_rounds\nprint(play_rounds())\n"
    before = _run(TALLY, tmp_path / "before", entry.replace("play_rounds", "play_rounds"))
    short = _short(TALLY, keep={"play_rounds"})
    after = _run(short, tmp_path / "after", entry)
    assert before == after == "(21, [3, 4], 2, 'unsupported')\n"
    for name in ("Tally", "_count", "add_points", "history", "double", "points", "start", "Counter", "board", "refused"):
        assert name not in short["game.tally"] + short["game.play"], name
    # the class, imported by name and read as the module's attribute, has one new name everywhere
    new = lean_names.short_names(dict((name, ast.parse(text)) for name, text in TALLY.items()), rom=ROM)["Tally"]
    assert "import %s as " % new in short["game.play"] and "tally.%s(1)" % new in short["game.play"]
    assert "class %s:" % new in short["game.tally"]


def test_names_others_own_stay():
    sources = {
        "scene": '''
from micropython import const
from displayio import Group
from game import rules


class Scene:
    def __init__(self):
        self.group = Group()
        self.group.hidden = True
        self.view = None
        self.layers = []
        self.layers.append(rules.SIZE)

    def refresh_view(self):
        if getattr(self, "view", None) is None:
            self.group.x = len(self.layers)


def main():
    Scene().refresh_view()
''',
        "game.rules": "SIZE = 3\n",
    }
    short = _short(sources, keep={"main"})
    out = short["scene"]
    for kept in ("__init__", "Group", "micropython", "const", "displayio", "hidden", "append", "from game import rules",
                 "'view'", ".x", "def main"):
        assert kept in out, kept
    assert "refresh_view" not in out and "layers" not in out and "class Scene" not in out
    # a module's global is ours: read as the module's attribute, it has the name its module gives it
    size = short["game.rules"].split(" = ")[0]
    assert size != "SIZE" and "append(rules.%s)" % size in out


def test_the_most_used_names_get_the_shortest_and_no_name_in_use_is_given_twice():
    sources = {"m": '''
def often_called(value):
    return value + 1


def seldom_called(a):
    b = often_called(a)
    return often_called(often_called(b))
'''}
    names = lean_names.short_names({"m": ast.parse(sources["m"])}, rom=ROM)
    # a and b are names in use (locals): the new names skip them
    assert names["often_called"] == "c" and len(names["seldom_called"]) == 1
    assert not set(names.values()) & {"a", "b"}
    assert "a" not in names and "b" not in names  # (already as short as any free name)


def test_a_file_without_names_of_its_own_is_left_as_written():
    sources = {"plain": "import gc\ngc.collect()\n", "other": "def helper_function():\n    return 1\n"}
    out = lean_names.shorten(sources, rom=ROM)
    assert out["plain"] is None and out["other"] is not None


def test_a_library_s_names_are_kept_where_the_build_ships_one():
    library = "class NeoPixel:\n    def __init__(self, pin, n, brightness=1.0):\n        self.brightness = brightness\n"
    assert {"NeoPixel", "brightness", "pin"} <= lean_names.identifiers(library)
    sources = {"lights": "def dim(pixels, brightness):\n    pixels.brightness = brightness / 2\n"}
    kept = lean_names.shorten(sources, keep=lean_names.identifiers(library), rom=ROM)["lights"]
    assert ".brightness = brightness / 2" in kept  # (its argument too: one name, however bound)
    assert "brightness" not in lean_names.shorten(sources, rom=ROM)["lights"]


def test_the_rom_list_is_read():
    rom = lean_names.rom_names()
    assert {"append", "pixel_shader", "TileGrid"} <= rom and len(rom) > 1000
    assert os.path.basename(lean_names.ROM_LIST) == "rom_names.txt"


def test_a_private_name_stays_private():
    # mpy-cross keeps no global and no name for a private `_X = const(...)`: a public new name would add both
    sources = {"m": "from micropython import const\n_LIMIT = const(3)\n_cache = []\n\n\ndef limit_of(values):\n"
                    "    return min(len(values), _LIMIT)\n"}
    names = lean_names.short_names({"m": ast.parse(sources["m"])}, rom=ROM)
    assert names["_LIMIT"].startswith("_") and names["_cache"].startswith("_")
    assert len(names["_LIMIT"]) == 2 and not names["limit_of"].startswith("_")


def test_the_built_app_brings_fewer_names_than_with_the_source_s(tmp_path):
    """The names each .mpy brings (tools.names): as many names as before or fewer (a name the pass made public or
    split in two would be one more in every session), with fewer bytes of text."""
    import pytest
    from tools import build_device, names
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross (MPY_CROSS or ../shared/tools/circuitpython/mpy-cross)")
    rom = lean_names.rom_names()
    found = {}
    for short in (True, False):
        out = str(tmp_path / str(short))
        build_device.build(out, mpy_cross=compiler, log=lambda line: None, short_names=short)
        every = set()
        for root, _, files in os.walk(out):
            every.update(*(names.mpy_names(os.path.join(root, name))[0] for name in files if name.endswith(".mpy")))
        found[short] = every - rom
    assert len(found[True]) <= len(found[False])
    assert sum(map(len, found[True])) < 0.6 * sum(map(len, found[False]))
