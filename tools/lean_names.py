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
import keyword
import os

ROM_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rom_names.txt")
# What runs the build from outside its files: tools/cp_run.py's entries (code.py is a device file)
ENTRY_NAMES = frozenset(("main", "run", "DevicePlatform"))

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CHARACTERS = _LETTERS + "0123456789_"


def _candidates():
    """Identifiers from the shortest up: a, b, ..., Z, aa, ab, ..."""
    length = 1
    while True:
        index = 0
        while True:
            name = ""
            rest = index
            for position in range(length):
                alphabet = _LETTERS if position == length - 1 else _CHARACTERS
                name = alphabet[rest % len(alphabet)] + name
                rest //= len(alphabet)
            if rest:
                break
            yield name
            index += 1
        length += 1


class _Census(ast.NodeVisitor):
    """Every identifier of a module: how often each is used, which are bound, and which must keep their names."""

    def __init__(self, own_modules, uses, bound, fixed):
        self.own_modules = own_modules
        self.uses = uses
        self.bound = bound
        self.fixed = fixed

    def _use(self, name, binds=False):
        self.uses[name] = self.uses.get(name, 0) + 1
        if binds:
            self.bound.add(name)

    def visit_Name(self, node):
        self._use(node.id, not isinstance(node.ctx, ast.Load))

    def visit_Attribute(self, node):
        self._use(node.attr, not isinstance(node.ctx, ast.Load))
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        self._use(node.name, True)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef

    def visit_arg(self, node):
        self._use(node.arg, True)

    def visit_keyword(self, node):
        if node.arg is not None:
            self._use(node.arg)
        self.generic_visit(node)

    def visit_Global(self, node):
        for name in node.names:
            self._use(name)

    def visit_ExceptHandler(self, node):
        if node.name:
            self._use(node.name, True)
        self.generic_visit(node)

    visit_Nonlocal = visit_Global

    def visit_Match(self, node):
        raise ValueError("a match statement (MicroPython has none; its names would not be followed)")

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.fixed.add(node.value)

    def visit_Import(self, node):
        for alias in node.names:
            self.fixed.update(alias.name.split("."))
            if alias.asname:
                self._use(alias.asname, True)

    def visit_ImportFrom(self, node):
        module = node.module or ""
        self.fixed.update(module.split("."))
        ours = module in self.own_modules
        for alias in node.names:
            if not ours or "%s.%s" % (module, alias.name) in self.own_modules:
                self.fixed.add(alias.name)  # another program's name, or a module of ours
            self._use(alias.name)
            if alias.asname:
                self._use(alias.asname, True)


class _Renamer(ast.NodeTransformer):
    def __init__(self, names):
        self.names = names
        self.changed = False

    def _new(self, name):
        new = self.names.get(name)
        if new is None:
            return name
        self.changed = True
        return new

    def visit_Name(self, node):
        node.id = self._new(node.id)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self._new(node.attr)
        return node

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.name = self._new(node.name)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef

    def visit_arg(self, node):
        self.generic_visit(node)
        node.arg = self._new(node.arg)
        return node

    def visit_keyword(self, node):
        self.generic_visit(node)
        if node.arg is not None:
            node.arg = self._new(node.arg)
        return node

    def visit_Global(self, node):
        node.names = [self._new(name) for name in node.names]
        return node

    def visit_ExceptHandler(self, node):
        self.generic_visit(node)
        if node.name:
            node.name = self._new(node.name)
        return node

    visit_Nonlocal = visit_Global

    def visit_alias(self, node):
        node.name = self._new(node.name)  # (a module's name never changes: _Census)
        if node.asname:
            node.asname = self._new(node.asname)
        return node


def short_names(trees, keep=(), rom=frozenset()):
    """{old name: short name} for the program `trees` ({module name: ast.Module}), the most used names first."""
    own_modules = set(trees)
    uses, bound, fixed = {}, set(), set(keep)
    for name in trees:
        fixed.update(name.split("."))
    for tree in trees.values():
        _Census(own_modules, uses, bound, fixed).visit(tree)
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
    uses, bound, fixed = {}, set(), set()
    _Census(set(), uses, bound, fixed).visit(ast.parse(text))
    return set(uses) | fixed


def shorten(sources, keep=ENTRY_NAMES, rom=None):
    """{module name: source text} of the whole device program -> {module name: text with short names, or None where
    no name changed}. rom: the firmware's names (None: rom_names())."""
    trees = dict((name, ast.parse(text)) for name, text in sources.items())
    names = short_names(trees, keep, rom_names() if rom is None else rom)
    out = {}
    for module, tree in trees.items():
        renamer = _Renamer(names)
        tree = renamer.visit(tree)
        out[module] = ast.unparse(ast.fix_missing_locations(tree)) + "\n" if renamer.changed else None
    return out
