"""The device build's short names: after the lean pass (tools/lean.py), the names our own code makes up (its
functions, classes, methods, attributes, globals, arguments) are given the shortest names free, the same at every
use in every device file, so the source keeps names for its reader and the badge interns short ones: the interpreter
keeps each name's text in RAM for good (README, On the badge: names).

A name is shortened only where the program surely owns it: it is bound somewhere in the device files (a def, a class,
an assignment, an argument, an import's `as`), and it is none of
    a dunder (__init__, __enter__: the interpreter calls them) or any other name beginning with two underscores,
    a name the firmware has in ROM (tools/rom_names.txt: `append`, `x`, `pixel_shader`; the ROM's names cost nothing,
        and a method of ours named like a built-in one could not be told from it),
    a module's or package's name (files keep their names: imports and sys.modules name them),
    a name imported from a module that is not ours (the firmware's, a library's),
    a string in a device file (getattr(obj, "view"), the catalog's class names, __import__'s from-list), or
    a name in `keep` (ENTRY_NAMES: what code outside the device files imports from the build; the build adds the
        names of the libraries it ships, whose objects the device files use).
Locals that are not arguments have no name on the badge and are left as written. A build without the lean pass
(`make device ARGS=--plain`) keeps every name, for an error's message naming the attribute as the source does.

    shorten(sources, keep=ENTRY_NAMES, rom=None)  {module name: source text} -> {module name: new text or None}
    rom_names()                                    the names a PyBadge has in ROM (ROM_LIST)
    identifiers(text)                              every name a source uses
"""
import ast
import itertools
import keyword
import os

ROM_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rom_names.txt")
# What runs the build from outside its files: tools/cp_run.py's entries (code.py is a device file)
ENTRY_NAMES = frozenset(("main", "run", "DevicePlatform"))

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CHARACTERS = _LETTERS + "0123456789_"


def _candidates():
    """Identifiers from the shortest up: a, b, ..., Z, aa, ab, ..."""
    for length in itertools.count(1):
        for first in _LETTERS:
            for rest in itertools.product(_CHARACTERS, repeat=length - 1):
                yield first + "".join(rest)


def _sites(tree):
    """(holder, key, binds) of every place a name sits in `tree`: holder.key (an attribute of a node, or an index
    of Global's and Nonlocal's list) holds it; binds: the name is bound there."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node, "id", not isinstance(node.ctx, ast.Load)
        elif isinstance(node, ast.Attribute):
            yield node, "attr", not isinstance(node.ctx, ast.Load)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node, "name", True
        elif isinstance(node, ast.arg):
            yield node, "arg", True
        elif isinstance(node, ast.keyword) and node.arg is not None:
            yield node, "arg", False
        elif isinstance(node, ast.ExceptHandler) and node.name:
            yield node, "name", True
        elif isinstance(node, ast.alias):
            yield node, "name", False  # (a module's name, the only dotted one, is never renamed: _fixed_names)
            if node.asname:
                yield node, "asname", True
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for index in range(len(node.names)):
                yield node.names, index, False
        elif isinstance(node, ast.Match):
            raise ValueError("a match statement (MicroPython has none; its names would not be followed)")


def _get(holder, key):
    return holder[key] if isinstance(holder, list) else getattr(holder, key)


def _fixed_names(tree, own_modules):
    """The names in `tree` that must stay: strings, modules' names, names imported from another program."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.Import):
            for alias in node.names:
                for part in alias.name.split("."):
                    yield part
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            for part in module.split("."):
                yield part
            for alias in node.names:
                if module not in own_modules or "%s.%s" % (module, alias.name) in own_modules:
                    yield alias.name  # another program's name, or a module of ours


def short_names(trees, keep=(), rom=frozenset()):
    """{old name: short name} for the program `trees` ({module name: ast.Module}), the most used names first."""
    uses, bound, fixed = {}, set(), set(keep)
    for module, tree in trees.items():
        fixed.update(module.split("."))
        fixed.update(_fixed_names(tree, trees))
        for holder, key, binds in _sites(tree):
            name = _get(holder, key)
            uses[name] = uses.get(name, 0) + 1
            if binds:
                bound.add(name)
    ours = [name for name in bound
            if not name.startswith("__") and name not in rom and name not in fixed]
    ours.sort(key=lambda name: (-uses.get(name, 0), name))
    taken = set(uses) | fixed | set(rom) | set(keyword.kwlist) | {"_"}
    # A private name stays private: mpy-cross folds a private `_X = const(3)` and keeps no global and no name for it
    next_free = {False: _free(taken, ""), True: _free(taken, "_")}
    new = dict((private, next(free)) for private, free in next_free.items())
    names = {}
    for name in ours:
        private = name.startswith("_")
        if len(new[private]) < len(name):  # (a name as short as the next free one stays as it is)
            names[name] = new[private]
            new[private] = next(next_free[private])
    return names


def _free(taken, prefix):
    return (prefix + name for name in _candidates() if prefix + name not in taken)


def rom_names(path=ROM_LIST):
    if not os.path.exists(path):
        raise FileNotFoundError("%s is missing: python -m tools.names --rom-from CIRCUITPYTHON_SRC" % path)
    with open(path, encoding="utf-8") as handle:
        return set(line.strip() for line in handle if line.strip() and not line.startswith("#"))


def identifiers(text):
    """Every name a Python source uses or binds (a library's: names the build must leave to it)."""
    tree = ast.parse(text)
    return set(_get(holder, key) for holder, key, _ in _sites(tree)) | set(_fixed_names(tree, ()))


def shorten(sources, keep=ENTRY_NAMES, rom=None):
    """{module name: source text} of the whole device program -> {module name: text with short names, or None where
    no name changed}. rom: the firmware's names (None: rom_names())."""
    trees = dict((name, ast.parse(text)) for name, text in sources.items())
    names = short_names(trees, keep, rom_names() if rom is None else rom)
    out = {}
    for module, tree in trees.items():
        changed = False
        for holder, key, _ in list(_sites(tree)):
            new = names.get(_get(holder, key))
            if new is not None:
                changed = True
                if isinstance(holder, list):
                    holder[key] = new
                else:
                    setattr(holder, key, new)
        out[module] = ast.unparse(tree) + "\n" if changed else None
    return out
