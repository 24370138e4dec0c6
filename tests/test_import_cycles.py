"""No import circles: modules that import each other, directly or through others, load in an order that depends
on who came first, and on the badge an import made on use inside such a circle can find the other half unfinished.
Every import counts, also those inside functions (the badge imports most modules on use)."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# package folder -> the name it is imported by (lib/ is on the badge's path, so lib/pips is "pips")
PACKAGES = (("engine", "engine"), ("lib/pips", "pips"), ("sim", "sim"), ("tools", "tools"))


def module_files():
    """{module name: path} for every .py file of the packages."""
    found = {}
    for folder, name in PACKAGES:
        base = os.path.join(ROOT, folder)
        for directory, _, files in os.walk(base):
            for file in files:
                if not file.endswith(".py"):
                    continue
                parts = os.path.relpath(os.path.join(directory, file[:-3]), base).split(os.sep)
                if parts[-1] == "__init__":
                    parts.pop()
                found[".".join([name] + [p for p in parts if p != "."])] = os.path.join(directory, file)
    return found


def imported(tree, module, is_package, known):
    """The known modules a module's source imports (anywhere in it)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = base + "." + alias.name
                # "from pkg import sub" imports the submodule sub; "from mod import name" the module mod
                yield sub if sub in known else base


def import_graph():
    files = module_files()
    graph = {}
    for module, path in files.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_package = path.endswith("__init__.py")
        graph[module] = {m for m in imported(tree, module, is_package, files) if m in files and m != module}
    return graph


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_graph_is_read():
    graph = import_graph()
    # a module known to import another on use, inside a function: the walk must see it
    assert "engine.dymino_score" in graph["engine.dymino"]
    assert "pips.app" in graph and "engine.rng" in graph["engine.dymino"]


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles():
    assert circles(import_graph()) == []
