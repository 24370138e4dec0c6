"""Dice Duel's engine modules import one another one way only (DESIGN.md: no two files that import each other),
function-level imports included: the saved state's checks take the game's numbers from engine.dice_duel_rules."""
import ast
import os

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")


def _imports(module):
    """Every engine module `module` imports, at any level of its code."""
    with open(os.path.join(ENGINE, module + ".py")) as handle:
        tree = ast.parse(handle.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "engine":
                found.update(alias.name for alias in node.names)
            elif node.module.startswith("engine."):
                found.add(node.module.split(".", 1)[1])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".", 1)[1] for alias in node.names if alias.name.startswith("engine."))
    return found


def test_no_dice_duel_engine_module_imports_back_one_that_imports_it():
    modules = [name[:-3] for name in os.listdir(ENGINE) if name.startswith("dice_duel") and name.endswith(".py")]
    graph = {module: _imports(module) & set(modules) for module in modules}
    assert "dice_duel_state" in graph["dice_duel"]

    def reaches(start, goal, seen):
        for module in graph[start]:
            if module == goal or (module not in seen and reaches(module, goal, seen | {module})):
                return True
        return False

    circles = [module for module in modules if reaches(module, module, {module})]
    assert not circles, circles
