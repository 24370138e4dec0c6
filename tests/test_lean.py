"""The device build's lean pass (tools/lean.py), source in -> source out, on small programs: what it inlines and
removes, what it must leave alone, and that each program computes the same before and after (run under CPython
with the desktop's const())."""
import ast
import sys
import textwrap
import types

import pytest

from tools import lean

RULES = "from micropython import const\nSIZE = const(7)\n"  # the owner of the const most programs here read
SHIM = """
from micropython import const
"""


def _program(**modules):
    """Module sources by keyword (a__b is the module a.b), dedented."""
    return dict((name.replace("__", "."), textwrap.dedent(text)) for name, text in modules.items())


def _same(text, expected):
    assert text is not None, "the pass changed nothing"
    assert ast.dump(ast.parse(text)) == ast.dump(ast.parse(textwrap.dedent(expected))), text


def _run(sources, module, call):
    """`call` (an expression) evaluated in `module` of the program, each module made from its source."""
    made = {}

    def load(name):
        if name in made:
            return made[name]
        code = types.ModuleType(name)
        made[name] = code
        for parent in range(1, name.count(".") + 1):  # packages on the way
            load(".".join(name.split(".")[:parent]))
        exec(compile(sources.get(name, ""), name, "exec"), code.__dict__)
        if "." in name:
            setattr(made[name.rsplit(".", 1)[0]], name.rsplit(".", 1)[1], code)
        return code

    def importer(name, globals=None, locals=None, fromlist=(), level=0):
        if name in sources or any(other.startswith(name + ".") for other in sources):
            top = load(name)
            for item in fromlist or ():
                if "%s.%s" % (name, item) in sources:
                    load("%s.%s" % (name, item))
            if not fromlist:
                load(name.split(".")[0])
                return made[name.split(".")[0]]
            return top
        return real_import(name, globals, locals, fromlist, level)

    real_import = __import__
    micropython = types.ModuleType("micropython")
    micropython.const = lambda value: value
    saved = sys.modules.get("micropython")
    sys.modules["micropython"] = micropython
    builtins = __builtins__ if isinstance(__builtins__, dict) else __builtins__.__dict__
    builtins["__import__"] = importer
    builtins["const"] = micropython.const  # MicroPython folds NAME = const(value) with no import: the lean form
    try:
        return eval(call, load(module).__dict__)
    finally:
        builtins["__import__"] = real_import
        del builtins["const"]
        if saved is None:
            del sys.modules["micropython"]
        else:
            sys.modules["micropython"] = saved


def _lean_and_same_result(sources, module, call):
    out = lean.lean_sources(sources)
    leaned = dict((name, out[name] if out[name] is not None else text) for name, text in sources.items())
    assert _run(leaned, module, call) == _run(sources, module, call)
    return out


def test_an_imported_const_is_inlined_and_its_empty_import_removed():
    sources = _program(
        rules="from micropython import const\nSIZE = const(7)\n_LIMIT = const(SIZE * 2 + 1)\nNEG = const(-4)\n",
        game="""
            from rules import SIZE, _LIMIT, NEG
            from rules import SIZE as WIDTH
            import gc

            def room(x):
                return x + SIZE * WIDTH - _LIMIT + NEG ** 2 + NEG.bit_length()
            """)
    out = _lean_and_same_result(sources, "game", "room(1)")
    _same(out["game"], """
        import gc

        def room(x):
            return x + 7 * 7 - 15 + (-4) ** 2 + (-4).bit_length()
        """)
    # nothing reads SIZE and NEG by name now: the owner keeps no global for them (the bare micropython import goes)
    _same(out["rules"], "_LIMIT = const(7 * 2 + 1)\n")


def test_a_module_read_for_its_consts_only_is_no_longer_imported():
    sources = _program(
        pkg__keys="KEY_A = const(1)\nKEY_B = const(2)\n",
        pkg__app="""
            from pkg import keys
            import pkg.keys
            import pkg.keys as k

            def pressed(key):
                return key in (keys.KEY_A, pkg.keys.KEY_B, k.KEY_A)
            """,
        pkg__menu="""
            from pkg import keys

            def pressed(key):
                return key == keys.KEY_A or keys is None
            """)
    out = _lean_and_same_result(sources, "pkg.app", "pressed(2)")
    _same(out["pkg.app"], """
        def pressed(key):
            return key in (1, 2, 1)
        """)
    _same(out["pkg.menu"], """
        from pkg import keys

        def pressed(key):
            return key == 1 or keys is None
        """)  # `keys` is read as a module too: the import stays


def test_a_function_local_import_goes_with_its_del():
    sources = _program(
        rules=RULES,
        scene="""
            def size():
                from rules import SIZE
                import rules
                found = SIZE + rules.SIZE
                del rules
                return found
            """)
    out = _lean_and_same_result(sources, "scene", "size()")
    _same(out["scene"], """
        def size():
            found = 7 + 7
            return found
        """)


def test_a_body_left_empty_gets_pass():
    sources = _program(
        rules=RULES,
        scene="""
            try:
                from rules import SIZE
            except ImportError:
                raise
            if True:
                from rules import SIZE as WIDTH
            print(SIZE, WIDTH)
            """)
    _same(lean.lean_sources(sources)["scene"], """
        try:
            pass
        except ImportError:
            raise
        if True:
            pass
        print(7, 7)
        """)


def test_names_that_mean_something_else_in_their_scope_are_left_alone():
    sources = _program(
        rules=RULES,
        scene="""
            from rules import SIZE

            def argument(SIZE):
                return SIZE

            def local():
                SIZE = 3
                return SIZE

            def loop():
                return [SIZE for SIZE in range(2)]

            def caught():
                try:
                    raise ValueError
                except ValueError as SIZE:
                    return type(SIZE).__name__

            class Board:
                SIZE = 4
                doubled = SIZE * 2

                def width(self):
                    return SIZE + self.SIZE

            def module_level():
                return SIZE
            """)
    out = _lean_and_same_result(sources, "scene",
                                "(argument(1), local(), loop(), caught(), Board.doubled, Board().width(), module_level())")
    # only the two reads that mean the import change (a method sees the module's SIZE, not the class body's)
    _same(out["scene"], sources["scene"].replace("from rules import SIZE\n", "").replace(
        "return SIZE + self.SIZE", "return 7 + self.SIZE").replace("def module_level():\n    return SIZE",
                                                                    "def module_level():\n    return 7"))


@pytest.mark.parametrize("rebinding", ["SIZE = 8", "def grow():\n    global SIZE\n    SIZE += 1",
                                       "for SIZE in (1, 2):\n    pass", "from other import SIZE",
                                       "import SIZE"])
def test_a_name_bound_twice_in_its_scope_is_never_inlined(rebinding):
    sources = _program(
        rules=RULES,
        other="from micropython import const\nSIZE = const(9)\n",
        scene="from rules import SIZE\n%s\n\ndef size():\n    return SIZE\n" % rebinding)
    out = lean.lean_sources(sources)
    assert out["scene"] is None


def test_an_assigned_module_attribute_is_no_constant():
    sources = _program(
        rules=RULES,
        setup="import rules\nrules.SIZE = 9\n",
        scene="from rules import SIZE\nimport rules\n\ndef size():\n    return SIZE + rules.SIZE\n")
    out = lean.lean_sources(sources)
    assert out["scene"] is None and out["setup"] is None


def test_attributes_of_other_objects_are_left_alone():
    sources = _program(
        rules=RULES,
        scene="""
            from rules import SIZE

            class Board:
                def __init__(self):
                    self.SIZE = SIZE

                def size(self):
                    return self.SIZE
            """)
    _same(lean.lean_sources(sources)["scene"], """
        class Board:
            def __init__(self):
                self.SIZE = 7

            def size(self):
                return self.SIZE
        """)
    # other.SIZE: `other` might be this module, read for its SIZE: the import stays (self's cannot be)
    sources["scene"] = sources["scene"].replace("return self.SIZE", "return other.SIZE").replace(
        "def size(self)", "def size(self, other)")
    _same(lean.lean_sources(sources)["scene"], """
        from rules import SIZE

        class Board:
            def __init__(self):
                self.SIZE = 7

            def size(self, other):
                return other.SIZE
        """)


def test_a_re_export_is_followed_to_its_owner_and_dropped_where_nobody_reads_it():
    sources = _program(
        table="from micropython import const\nTILES = const(28)\n",
        game="from table import TILES\n\ndef stock():\n    return TILES - 14\n",
        cpu="from game import TILES\nimport game\n\ndef guess():\n    return TILES + game.TILES\n")
    out = _lean_and_same_result(sources, "cpu", "guess()")
    _same(out["cpu"], "def guess():\n    return 28 + 28\n")
    _same(out["game"], "def stock():\n    return 28 - 14\n")


def test_a_re_export_read_in_a_way_the_pass_cannot_follow_stays():
    sources = _program(
        table="from micropython import const\nTILES = const(28)\n",
        game="from table import TILES\n\ndef stock():\n    return TILES - 14\n",
        menu="import game\n\ndef tiles(module):\n    return getattr(module, 'TILES'), module.TILES\n")
    out = lean.lean_sources(sources)
    _same(out["game"], "from table import TILES\n\ndef stock():\n    return 28 - 14\n")


def test_const_expressions_fold_across_modules():
    sources = _program(
        text="from micropython import const\nSCREEN_W = const(160)\n",
        view="""
            from micropython import const
            from text import SCREEN_W
            import text
            _CELL = const(12)
            _MAX_X = const(40 * _CELL - SCREEN_W)
            _MAX_Y = const(text.SCREEN_W - _CELL)
            SHIFTED = const((1 << _CELL) - 1)

            def camera(x):
                return min(x, _MAX_X)
            """,
        scene="from view import SHIFTED, _MAX_Y\n\ndef mask(x):\n    return x & SHIFTED, _MAX_Y\n")
    out = lean.lean_sources(sources, drop_unread=False)
    _same(out["view"], """
        _CELL = const(12)
        _MAX_X = const(40 * _CELL - 160)
        _MAX_Y = const(160 - _CELL)
        SHIFTED = const((1 << _CELL) - 1)

        def camera(x):
            return min(x, _MAX_X)
        """)
    _same(out["scene"], "def mask(x):\n    return (x & 4095, 148)\n")


def test_a_private_const_can_be_imported_and_must_be_inlined():
    # MicroPython keeps no global for _LIMIT: an import of it left in the lean form would fail on the badge
    sources = _program(rules="from micropython import const\n_LIMIT = const(3)\n",
                       scene="from rules import _LIMIT\n\ndef limit():\n    return _LIMIT\n")
    _same(lean.lean_sources(sources)["scene"], "def limit():\n    return 3\n")
    sources["scene"] += "_LIMIT = 4\n"
    with pytest.raises(lean.LeanError, match="scene imports _LIMIT from rules"):
        lean.lean_sources(sources)


def test_the_const_fallback_goes_or_becomes_the_plain_import():
    sources = _program(
        folded=SHIM + "_A = const(1)\nB = const(_A + 1)\n\ndef f():\n    _C = const(3)\n    return B + _C\n",
        called=SHIM + "_BYTES = const(1) + 4\n",
        guarded="import gc\nif gc:\n" + textwrap.indent(SHIM, "    ") + "\nX = const(2)\n")
    out = lean.lean_sources(sources, drop_unread=False)
    _same(out["folded"], "_A = const(1)\nB = const(_A + 1)\n\ndef f():\n    _C = const(3)\n    return B + _C\n")
    # const(1) + 4 is no NAME = const(value): MicroPython calls const there, so the module needs the name
    _same(out["called"], "from micropython import const\n_BYTES = const(1) + 4\n")
    _same(out["guarded"], "import gc\nif gc:\n    pass\nX = const(2)\n")


def test_a_file_with_nothing_to_do_is_left_as_written():
    sources = _program(
        rules=RULES,
        plain="# a comment\nimport gc\nfrom rules import size_of  # not a const\n\ndef f(x):\n    return x\n")
    assert lean.lean_sources(sources)["plain"] is None


def test_only_the_inlined_parts_change():
    source = textwrap.dedent("""
        import gc
        from rules import SIZE, grow
        from elsewhere import thing  # unused: an import for its effect stays

        CONSTANT = 'size'
        def f(x, *rest, key=None, **more):
            y = [i * SIZE for i in range(x) if i % 2]
            return {'a': y, 'b': lambda z=SIZE: z}, grow(SIZE), gc.mem_free(), x if x else -x
        """)
    sources = _program(rules="from micropython import const\nSIZE = const(7)\n\ndef grow(x):\n    return x\n",
                       scene=source)
    out = lean.lean_sources(sources)["scene"]
    expected = ast.parse(source.replace("SIZE, grow", "grow").replace("SIZE", "7"))
    assert ast.dump(ast.parse(out)) == ast.dump(expected)


def test_a_module_that_reads_its_names_by_string_keeps_its_imports():
    sources = _program(rules=RULES,
                       scene="from rules import SIZE\n\ndef f():\n    return SIZE + len(globals())\n")
    _same(lean.lean_sources(sources)["scene"], "from rules import SIZE\n\ndef f():\n    return 7 + len(globals())\n")


def test_nonlocal_and_walrus_bindings_count():
    sources = _program(
        rules=RULES,
        scene="""
            def outer():
                from rules import SIZE

                def inner():
                    nonlocal SIZE
                    SIZE = 1
                inner()
                return SIZE

            def walrus():
                from rules import SIZE
                [(SIZE := n) for n in range(3)]
                return SIZE
            """)
    out = _lean_and_same_result(sources, "scene", "(outer(), walrus())")
    assert out["scene"] is None


def test_a_public_const_nobody_reads_by_name_is_dropped_at_its_owner():
    sources = _program(
        rules="""
            from micropython import const
            SIZE = const(7)
            DOUBLE = const(SIZE * 2)
            NAMED = const(1)
            SEEN = const(2)
            KEPT = const(3)

            def size(SIZE=SIZE):
                return SIZE + DOUBLE

            def shadowed(DOUBLE):
                return DOUBLE
            """,
        scene="""
            from rules import DOUBLE, KEPT
            import rules

            def f(thing):
                return DOUBLE + getattr(rules, 'NAMED') + thing.SEEN

            def g():
                KEPT = 1
                return KEPT
            """)
    out = _lean_and_same_result(sources, "scene", "f(type('T', (), {'SEEN': 2}))")
    # NAMED is read by its name (a string), SEEN from an object the pass cannot place, KEPT by an import that stays
    # (nothing reads it: g's KEPT is its own; the pass removes only the imports it inlined); SIZE and DOUBLE are
    # read only where the pass inlined them
    _same(out["rules"], """
        NAMED = const(1)
        SEEN = const(2)
        KEPT = const(3)

        def size(SIZE=7):
            return SIZE + 14

        def shadowed(DOUBLE):
            return DOUBLE
        """)
    assert _run(dict(sources, rules=out["rules"]), "rules", "(size(), shadowed(5))") == (21, 5)
    kept = lean.lean_sources(sources, drop_unread=False)["rules"]
    assert "SIZE = const(7)" in kept and "DOUBLE = const(SIZE * 2)" in kept


def test_a_plain_number_bound_once_is_a_constant_too():
    sources = _program(
        text="""
            SCREEN_W = 160
            CHAR_W = 6
            COLUMNS = SCREEN_W // CHAR_W
            FONT = None
            TITLE = 'Pips'

            def centre(line):
                return (SCREEN_W - len(line) * CHAR_W) // 2
            """,
        view="""
            from text import COLUMNS, FONT, TITLE
            import text

            def width(line):
                return min(len(line), COLUMNS), text.centre(line), FONT, TITLE, text.CHAR_W
            """)
    out = _lean_and_same_result(sources, "view", "width('four')")
    _same(out["view"], """
        from text import FONT, TITLE
        import text

        def width(line):
            return min(len(line), 26), text.centre(line), FONT, TITLE, 6
        """)
    _same(out["text"], """
        FONT = None
        TITLE = 'Pips'

        def centre(line):
            return (160 - len(line) * 6) // 2
        """)


@pytest.mark.parametrize("setter", ["def grow():\n    global WIDTH\n    WIDTH += 1\n",
                                    "def grow(module):\n    module.WIDTH = 7\n",
                                    "def grow(module):\n    setattr(module, 'WIDTH', 7)\n",
                                    "def grow():\n    globals()['HEIGHT'] = 1\n"])
def test_a_plain_number_that_may_be_set_at_run_time_is_left_alone(setter):
    sources = _program(text="WIDTH = 160\n" + setter,
                       view="from text import WIDTH\n\ndef width():\n    return WIDTH\n")
    out = lean.lean_sources(sources)
    assert out["view"] is None and out["text"] is None


def test_a_private_plain_number_stays_importable():
    # unlike a private const(), _LIMIT = 3 is a global on the badge: an import the pass leaves still works
    sources = _program(rules="_LIMIT = 3\n", scene="from rules import _LIMIT\n_LIMIT = 4\n")
    assert lean.lean_sources(sources)["scene"] is None
