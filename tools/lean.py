"""The device build's lean pass: the source is written for its reader, the badge gets a leaner form of it, made on
the AST of every device file (engine/, lib/pips/, code.py) before mpy-cross (tools/build_device.py runs it).

    constants are inlined where another module reads them: `from engine.x import FOO` and `x.FOO` (x an imported
        module), where engine.x has FOO = const(3) or imports FOO so from its owner, become 3 at each read; an
        import left binding nothing is removed, so a module imported only for its constants is not loaded for them.
        A plain FOO = 3 (numbers and constants' names only) counts as a constant where no device file may set it
        otherwise (a second binding, `global`, module.FOO = ..., a string "FOO" as setattr's, globals()). A private
        _FOO = const(3) (MicroPython keeps no global for it) may be imported too: the build fails where such an
        import cannot be inlined.
    a public constant no device file reads by its name any more is dropped at its owner too (its reads there
        inlined): on the badge it would be a global and a name that nothing uses. One read by name (a string
        equal to it, `getattr(module, "FOO")`), through an object the pass cannot place (`game.FOO`), or by an
        import the pass leaves (a rebound name) keeps it.
    the const() fallback for CPython (`try: from micropython import const` / `except ImportError: def const`)
        goes: mpy-cross folds NAME = const(value) without any import, so the badge never looks `const` up; a file
        that calls const() any other way gets a plain `from micropython import const`.

So a constant can be written once, public at its owner, and imported wherever it is read, at no cost on the badge.
(tools/lean_names.py then gives the program's own names short ones: build_device runs both.)
A name is inlined only where it surely means the import: a scope that binds it any other way (an assignment, an
argument, a loop or `except ... as` target, a second import, `global` in a function that assigns it) keeps it.
A file the pass does not change is shipped as written; a changed one as ast.unparse writes it (no comments; line
numbers are those of the lean text: `make device ARGS=--plain` builds without the pass).
Measured and left out (README, On the badge): mpy-cross already drops docstrings; writing short strings as
("text",)[0] keeps them out of the name table but costs more heap than the names (a str object and a tuple).

    lean_sources({module name: source text})  -> {module name: lean text, or None where nothing changed}
    LeanError                                  an import the badge could not satisfy (a private const not inlined)
"""
import ast
import operator

# Calls that read a scope's names by string: where one appears, the pass removes no import of that module
DYNAMIC_SCOPE = frozenset(("globals", "locals", "vars", "eval", "exec"))
_FOLD = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
         ast.Mod: operator.mod, ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,
         ast.BitAnd: operator.and_, ast.BitXor: operator.xor, ast.Pow: operator.pow}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
_BIG_SHIFT = 64  # a const() shifted further than this is not folded here (nor kept small by MicroPython)


class LeanError(Exception):
    pass


class Scope:
    def __init__(self, kind, parent):
        self.kind = kind  # "module", "function", "class" or "comprehension"
        self.parent = parent
        self.bindings = {}  # name -> [binding nodes]: an import's ast.alias, else the node that binds it
        self.declared = {}  # name -> "global" | "nonlocal"
        self.deleted = set()  # names a `del` unbinds here (that makes them local, as an assignment does)

    def top(self):
        scope = self
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def owner_of(self, name):
        """The scope whose binding `name` means here (Python's rules), or None for a builtin or an unbound name."""
        scope, first = self, True
        while scope is not None:
            declared = scope.declared.get(name)
            if declared == "global":
                return self.top()
            if declared is None and (first or scope.kind != "class") and (
                    name in scope.bindings or name in scope.deleted):
                return scope
            first = False
            scope = scope.parent
        return None

    def only_binding(self, name):
        """The single node that binds `name` as seen from here, or None (a builtin, or bound more than once)."""
        owner = self.owner_of(name)
        found = owner.bindings.get(name, ()) if owner is not None else ()
        return found[0] if len(found) == 1 else None


def _declarations(body):
    """{name: "global" | "nonlocal"} declared in a scope's statements (not in the scopes nested in them)."""
    found = {}
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Global):
            found.update((name, "global") for name in node.names)
        elif isinstance(node, ast.Nonlocal):
            found.update((name, "nonlocal") for name in node.names)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return found


class Binder(ast.NodeVisitor):
    """Every scope of a module, what binds each name in it, and the scope each Name node is read in."""

    def __init__(self, tree):
        self.module = self.scope = Scope("module", None)
        self.module.declared = {}
        self.scope_of = {}  # id(node) -> the scope a Name (load or del) or an import's alias is in
        self.loads = []  # Name nodes read
        self.deletes = []  # Name nodes `del` unbinds
        self.aliases = {}  # id(ast.alias) -> the Import / ImportFrom statement it is part of
        self.star = False  # `from x import *`: the module's names cannot be known
        self.dynamic = False  # a DYNAMIC_SCOPE call
        self.visit(tree)

    def bind(self, name, node):
        scope = self.scope
        while scope.kind == "comprehension" and isinstance(node, ast.NamedExpr):
            scope = scope.parent  # := in a comprehension binds in the scope around it
        declared = scope.declared.get(name)
        if declared == "global":
            scope = self.module
        elif declared == "nonlocal":  # bound in some enclosing function: counted against every one of them
            scope = scope.parent
            while scope is not None:
                if scope.kind == "function":
                    scope.bindings.setdefault(name, []).append(node)
                scope = scope.parent
            return
        scope.bindings.setdefault(name, []).append(node)

    def _enter(self, kind, body):
        scope = Scope(kind, self.scope)
        scope.declared = _declarations(body)
        self.scope = scope
        return scope

    def _leave(self, scope):
        self.scope = scope.parent

    def _arguments(self, args):
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]:
            self.bind(arg.arg, arg)

    def visit_FunctionDef(self, node):
        for child in node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d]:
            self.visit(child)
        self.bind(node.name, node)
        scope = self._enter("function", node.body)
        self._arguments(node.args)
        for child in node.body:
            self.visit(child)
        self._leave(scope)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        for child in node.args.defaults + [d for d in node.args.kw_defaults if d]:
            self.visit(child)
        scope = self._enter("function", [])
        self._arguments(node.args)
        self.visit(node.body)
        self._leave(scope)

    def visit_ClassDef(self, node):
        for child in node.decorator_list + node.bases + node.keywords:
            self.visit(child)
        self.bind(node.name, node)
        scope = self._enter("class", node.body)
        for child in node.body:
            self.visit(child)
        self._leave(scope)

    def _comprehension(self, node, parts):
        self.visit(node.generators[0].iter)  # the first iterable is evaluated outside
        scope = self._enter("comprehension", [])
        for index, generator in enumerate(node.generators):
            self.visit(generator.target)
            if index:
                self.visit(generator.iter)
            for condition in generator.ifs:
                self.visit(condition)
        for part in parts:
            self.visit(part)
        self._leave(scope)

    def visit_ListComp(self, node):
        self._comprehension(node, [node.elt])

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node):
        self._comprehension(node, [node.key, node.value])

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.scope_of[id(node)] = self.scope
            self.loads.append(node)
        elif isinstance(node.ctx, ast.Del):
            self.scope_of[id(node)] = self.scope
            self.deletes.append(node)
            scope = self.module if self.scope.declared.get(node.id) == "global" else self.scope
            scope.deleted.add(node.id)
        else:
            self.bind(node.id, node)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.bind(node.target.id, node)

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            self.bind(node.name, node)
        for child in node.body:
            self.visit(child)

    def visit_Import(self, node):
        for alias in node.names:
            self.aliases[id(alias)] = node
            self.scope_of[id(alias)] = self.scope
            self.bind(alias.asname or alias.name.split(".")[0], alias)

    def visit_ImportFrom(self, node):
        for alias in node.names:
            if alias.name == "*":
                self.star = True
                continue
            self.aliases[id(alias)] = node
            self.scope_of[id(alias)] = self.scope
            self.bind(alias.asname or alias.name, alias)

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id in DYNAMIC_SCOPE:
            self.dynamic = True
        self.generic_visit(node)

    def _bind_pattern(self, node):
        if getattr(node, "name", None):
            self.bind(node.name, node)
        if getattr(node, "rest", None):
            self.bind(node.rest, node)
        self.generic_visit(node)

    visit_MatchAs = visit_MatchStar = visit_MatchMapping = _bind_pattern


def is_const_call(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "const"
            and len(node.args) == 1 and not node.keywords)


def folded_by_micropython(node):
    """NAME = const(value): the statement MicroPython's parser folds (the only const() it needs no `const` for)."""
    return (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and is_const_call(node.value))


def fold(node, lookup):
    """The int a const() expression comes to (`lookup(node)` gives a Name's or an Attribute's int or None), or
    None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, (ast.Name, ast.Attribute)):
        return lookup(node)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        value = fold(node.operand, lookup)
        return None if value is None else _UNARY[type(node.op)](value)
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLD:
        left, right = fold(node.left, lookup), fold(node.right, lookup)
        if left is None or right is None:
            return None
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0:
            return None
        if isinstance(node.op, (ast.LShift, ast.RShift, ast.Pow)) and not 0 <= right <= _BIG_SHIFT:
            return None
        return _FOLD[type(node.op)](left, right)
    return None


class Module:
    def __init__(self, name, text):
        self.name = name
        self.text = text
        self.tree = ast.parse(text, name)
        self.binder = Binder(self.tree)
        # Top-level NAME = const(expr), or NAME = expr of numbers and names, bound nowhere else in the module:
        # {name: expr}; declared: the names of the const()s; statements: id() of those assignments
        scope = self.binder.module
        self.consts, self.declared, self.statements = {}, set(), set()
        for node in self.tree.body:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
                continue
            name = node.targets[0].id
            if len(scope.bindings.get(name, ())) != 1 or name in scope.deleted:
                continue
            if folded_by_micropython(node):
                self.consts[name] = node.value.args[0]
                self.declared.add(name)
            elif _arithmetic(node.value) and not self.binder.dynamic:
                self.consts[name] = node.value
            else:
                continue
            self.statements.add(id(node))


def _arithmetic(node):
    """Whether `node` is made of numbers, names and operators only (what fold() may turn into an int)."""
    return all(isinstance(part, (ast.Constant, ast.Name, ast.Attribute, ast.UnaryOp, ast.BinOp, ast.Load,
                                 ast.operator, ast.unaryop)) for part in ast.walk(node))


class Program:
    """The device files together: which names are whose const()s, with their values."""

    def __init__(self, sources):
        self.modules = dict((name, Module(name, text)) for name, text in sources.items())
        self._packages = set(name.rsplit(".", dots)[0] for name in self.modules for dots in range(name.count(".") + 1))
        self._values = {}
        for module in self.modules.values():
            module.program = self
        # (module, name) pairs some device code assigns or deletes as module.name: no constants. A plain global
        # (no const()) is one only if no code may set it any other way: as an attribute of an object the pass
        # cannot place, or by a name in a string (setattr)
        self.assigned, self.loosely_set = set(), set()
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                    owner = module_of(module, node.value)
                    if owner is not None:
                        self.assigned.add((owner, node.attr))
                    elif not _surely_no_module(module, node.value):
                        self.loosely_set.add(node.attr)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    self.loosely_set.add(node.value)

    def is_module(self, name):
        return name in self._packages

    def binds(self, module, name):
        """Whether `module`'s own code binds `name` (so module.name is not its submodule)."""
        found = self.modules.get(module)
        return found is not None and name in found.binder.module.bindings

    def value(self, module, name, _seen=None):
        """The int module.name surely is on the badge (its const(), or one it imports so), else None."""
        key = (module, name)
        if key in self._values:
            return self._values[key]
        seen = _seen or set()
        found = self.modules.get(module)
        if found is None or key in seen or found.binder.star:
            return None
        seen.add(key)
        result = None
        if key in self.assigned or (name not in found.declared and name in self.loosely_set):
            pass
        elif name in found.consts:
            result = fold(found.consts[name], lambda node: self._read(found, node, seen))
        else:
            binding = found.binder.module.only_binding(name)
            statement = found.binder.aliases.get(id(binding)) if binding is not None else None
            if isinstance(statement, ast.ImportFrom) and statement.level == 0:
                result = self.value(statement.module, binding.name, seen)
        if _seen is None or result is not None:
            self._values[key] = result
        return result

    def _read(self, module, node, seen):
        """The int a Name or module.NAME in a const() expression of `module` comes to, or None."""
        if isinstance(node, ast.Name):
            return self.value(module.name, node.id, seen)
        owner = module_of(module, node.value)
        return self.value(owner, node.attr, seen) if owner is not None else None

    def private_const(self, module, name):
        found = self.modules.get(module)
        return found is not None and name.startswith("_") and name in found.declared


def module_of(module, node):
    """The dotted name of the program module `node` (an expression of `module`) surely is, or None."""
    program, binder = module.program, module.binder
    if isinstance(node, ast.Name) and id(node) in binder.scope_of:
        binding = binder.scope_of[id(node)].only_binding(node.id)
        statement = binder.aliases.get(id(binding)) if binding is not None else None
        if isinstance(statement, ast.Import):
            return binding.name if binding.asname else binding.name.split(".")[0]
        if isinstance(statement, ast.ImportFrom) and statement.level == 0:
            full = "%s.%s" % (statement.module, binding.name)
            if program.is_module(full) and not program.binds(statement.module, binding.name):
                return full
        return None
    if isinstance(node, ast.Attribute):
        base = module_of(module, node.value)
        if base is not None:
            full = "%s.%s" % (base, node.attr)
            if program.is_module(full) and not program.binds(base, node.attr):
                return full
    return None


def _constant(value, like):
    node = ast.Constant(value) if value >= 0 else ast.UnaryOp(ast.USub(), ast.Constant(-value))
    return ast.copy_location(node, like)


class Inliner(ast.NodeTransformer):
    """Replaces the reads of imported const()s (a Name bound only by `from owner import NAME`, or owner.NAME) by
    their values."""

    def __init__(self, module):
        self.module = module
        self.changed = False

    def _imported_value(self, node):
        binder = self.module.binder
        binding = binder.scope_of[id(node)].only_binding(node.id) if id(node) in binder.scope_of else None
        statement = binder.aliases.get(id(binding)) if binding is not None else None
        if isinstance(statement, ast.ImportFrom) and statement.level == 0:
            return self.module.program.value(statement.module, binding.name)
        return None

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            value = self._imported_value(node)
            if value is not None:
                self.changed = True
                return _constant(value, node)
        return node

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load):
            owner = module_of(self.module, node.value)
            value = self.module.program.value(owner, node.attr) if owner is not None else None
            if value is not None:
                self.changed = True
                return _constant(value, node)
        self.generic_visit(node)
        return node


def _names_left(tree):
    return set(id(node) for node in ast.walk(tree) if isinstance(node, ast.Name))


def _reads(program, removed):
    """(module, name) pairs read from other modules (imports kept, module.name), and the names read by string or
    from objects the pass cannot place (conservative: such a name may be any module's)."""
    pairs, loose = set(), set()
    for module in program.modules.values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                pairs.update((node.module, alias.name) for alias in node.names if id(alias) not in removed)
            elif isinstance(node, ast.Attribute):
                owner = module_of(module, node.value)
                if owner is not None:
                    pairs.add((owner, node.attr))
                elif not _surely_no_module(module, node.value):
                    loose.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                loose.add(node.value)
    return pairs, loose


def _surely_no_module(module, node):
    """`self.x`, `cls.x`, a literal's attribute: not a module's."""
    if isinstance(node, ast.Name) and id(node) in module.binder.scope_of:
        binding = module.binder.scope_of[id(node)].only_binding(node.id)
        return isinstance(binding, ast.arg) and binding.arg in ("self", "cls")
    return isinstance(node, (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Dict, ast.Set))


class _Remover(ast.NodeTransformer):
    """Takes out the given import aliases and `del` targets; a statement left with none goes, a body left empty
    gets `pass`."""

    def __init__(self, aliases, deletes):
        self.aliases = aliases
        self.deletes = deletes

    def _imports(self, node):
        node.names = [alias for alias in node.names if id(alias) not in self.aliases]
        return node if node.names else None

    visit_Import = visit_ImportFrom = _imports

    def visit_Delete(self, node):
        node.targets = [target for target in node.targets if id(target) not in self.deletes]
        return node if node.targets else None

    def generic_visit(self, node):
        return _filled(ast.NodeTransformer.generic_visit(self, node))


def _filled(node):
    """`node` with `pass` in a body a removal left empty (a try left with neither handlers nor finally gets one)."""
    if isinstance(getattr(node, "body", None), list) and not node.body and not isinstance(node, ast.Module):
        node.body = [ast.copy_location(ast.Pass(), node)]
    if isinstance(node, ast.Try) and not node.handlers and not node.finalbody:
        node.finalbody = [ast.copy_location(ast.Pass(), node)]
    return node


def _const_shims(tree):
    """The statements that bind `const` for CPython: the try/except fallback, or a bare micropython import."""
    found = []
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(parent, field, None)
            for node in statements if isinstance(statements, list) else ():
                if isinstance(node, ast.Try) and _imports_const(node.body) and not node.orelse and \
                        not node.finalbody and all(_catches_import_error(h) and _defines_const(h.body)
                                                   for h in node.handlers):
                    found.append(node)
                elif isinstance(node, ast.ImportFrom) and node.module == "micropython" and \
                        [a.name for a in node.names] == ["const"] and not node.names[0].asname:
                    found.append(node)
    return found


def _imports_const(body):
    return len(body) == 1 and isinstance(body[0], ast.ImportFrom) and body[0].module == "micropython" and \
        [(a.name, a.asname) for a in body[0].names] == [("const", None)]


def _catches_import_error(handler):
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return handler.name is None and all(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError")
                                        for n in names)


def _defines_const(body):
    if len(body) != 1:
        return False
    node = body[0]
    return (isinstance(node, ast.FunctionDef) and node.name == "const") or (
        isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["const"])


def _const_read_at_run_time(tree, shims):
    """Whether the module reads `const` other than in NAME = const(value) (which mpy-cross folds)."""
    folded = set(id(node.value.func) for node in ast.walk(tree) if folded_by_micropython(node))
    inside = set(id(node) for shim in shims for node in ast.walk(shim))
    return any(isinstance(node, ast.Name) and node.id == "const" and id(node) not in folded and id(node) not in inside
               for node in ast.walk(tree))


class _UnreadDropper(ast.NodeTransformer):
    """Drops the owner's NAME = const(value) (or NAME = value) of the given names and inlines its reads of them."""

    def __init__(self, module, names):
        self.module = module
        self.names = names

    def visit_Assign(self, node):
        if id(node) in self.module.statements and node.targets[0].id in self.names:
            return None
        return self.generic_visit(node)

    def visit_Name(self, node):
        binder = self.module.binder
        if isinstance(node.ctx, ast.Load) and node.id in self.names and id(node) in binder.scope_of and \
                binder.scope_of[id(node)].owner_of(node.id) is binder.module:
            return _constant(self.module.program.value(self.module.name, node.id), node)
        return node


class _ShimReplacer(ast.NodeTransformer):
    def __init__(self, shims, keep_import):
        self.shims = set(id(node) for node in shims)
        self.keep_import = keep_import
        self.kept = False

    def _visit(self, node):
        if id(node) not in self.shims:
            return self.generic_visit(node)
        if self.keep_import and not self.kept:
            self.kept = True
            return ast.copy_location(ast.ImportFrom("micropython", [ast.alias("const")], 0), node)
        return None

    visit_Try = visit_ImportFrom = _visit

    def generic_visit(self, node):
        return _filled(ast.NodeTransformer.generic_visit(self, node))


def lean_sources(sources, drop_unread=True):
    """{module name: source text} of the whole device program -> {module name: lean text, or None if unchanged}.
    drop_unread=False keeps every constant at its owner (a public const() or a plain number is then a global and
    a name on the badge)."""
    program = Program(sources)
    # 1. inline; note each import binding some read of it was inlined at
    inlined = {}  # id(alias) -> (module, alias)
    for module in program.modules.values():
        binder = module.binder
        before = [(node, binder.scope_of[id(node)].only_binding(node.id)) for node in binder.loads]
        inliner = Inliner(module)
        module.tree = inliner.visit(module.tree)
        module.changed = inliner.changed
        left = _names_left(module.tree)
        users = {}
        for node, binding in before:
            if binding is not None and id(binding) in binder.aliases:
                users.setdefault(id(binding), [binding, 0, 0])
                users[id(binding)][1 if id(node) in left else 2] += 1
        for key, (binding, kept, gone) in users.items():
            if gone and not kept:
                inlined[key] = (module, binding)
    # 2. remove the import bindings nothing reads now; a module-level one only if no other module reads it from
    # there (a re-export: repeated, as removing one import can free another)
    removed = set(inlined)
    while True:
        pairs, loose = _reads(program, removed)
        keep = set()
        for key in removed:
            module, alias = inlined[key]
            name = alias.asname or alias.name.split(".")[0]
            top_level = module.binder.scope_of[key] is module.binder.module
            if module.binder.dynamic or (top_level and ((module.name, name) in pairs or name in loose)):
                keep.add(key)
        if not keep:
            break
        removed -= keep
    for module in program.modules.values():
        deletes = set()
        for node in module.binder.deletes:
            binding = module.binder.scope_of[id(node)].only_binding(node.id)
            if binding is not None and id(binding) in removed:
                deletes.add(id(node))
        mine = set(key for key in removed if inlined[key][0] is module)
        if mine or deletes:
            module.tree = _Remover(mine, deletes).visit(module.tree)
            module.changed = True
    # 3. a constant no device code reads by its name now goes at its owner too (the owner's reads inlined):
    # on the badge it would only be a global and a name
    if drop_unread:
        pairs, loose = _reads(program, set())
        for module in program.modules.values():
            # (a private const() has no global to drop)
            unread = set(name for name in module.consts if not (name.startswith("_") and name in module.declared)
                         and name not in loose
                         and (module.name, name) not in pairs and program.value(module.name, name) is not None)
            if unread:
                module.tree = _UnreadDropper(module, unread).visit(module.tree)
                module.changed = True
    # 4. a private const the badge keeps no name for must not be imported at run time
    for module in program.modules.values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                for alias in node.names:
                    if program.private_const(node.module, alias.name):
                        raise LeanError("%s imports %s from %s, a private const() the badge keeps no name for, and "
                                        "the lean pass could not inline it there (bound there another way?)" % (
                                            module.name, alias.name, node.module))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                owner = module_of(module, node.value)
                if owner is not None and program.private_const(owner, node.attr):
                    raise LeanError("%s reads %s.%s, a private const() the badge keeps no name for, and the lean "
                                    "pass could not inline it" % (module.name, owner, node.attr))
    # 5. the const() fallback
    for module in program.modules.values():
        shims = _const_shims(module.tree)
        if shims:
            replacer = _ShimReplacer(shims, _const_read_at_run_time(module.tree, shims))
            module.tree = replacer.visit(module.tree)
            module.changed = True
    return dict((name, ast.unparse(ast.fix_missing_locations(module.tree)) + "\n" if module.changed else None)
                for name, module in program.modules.items())
