"""Leaving a game unloads the code it imported (on the badge four games do not fit in RAM together)."""
import sys

from pips import catalog
from tests.simkit import make_sim
from tools import mpy_run

ENTRY = ("standin", "Stand-in", "tests.stand_in_game.scene", "StandInScene")
GAME_MODULES = ("tests.stand_in_game", "tests.stand_in_game.scene", "tests.stand_in_game.rules")


def test_to_menu_unloads_the_modules_the_game_imported(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "GAMES", catalog.GAMES + (ENTRY,))
    sim = make_sim(tmp_path)
    sim.app.start_game(ENTRY)
    assert all(name in sys.modules for name in GAME_MODULES)
    sim.app.to_menu()
    assert not any(name in sys.modules for name in GAME_MODULES)
    assert not hasattr(sys.modules["tests"], "stand_in_game")  # no package attribute keeps it alive
    assert "pips.app" in sys.modules  # what was loaded before the game stays


def test_a_game_started_again_is_loaded_afresh(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "GAMES", catalog.GAMES + (ENTRY,))
    sim = make_sim(tmp_path)
    sim.app.start_game(ENTRY)
    first = sys.modules["tests.stand_in_game.rules"]
    sim.app.to_menu()
    sim.app.start_game(ENTRY)
    assert sys.modules["tests.stand_in_game.rules"] is not first
    assert sim.app.top().rules_text == "Stand-in rules."
    sim.app.to_menu()


UNLOAD_UNDER_MICROPYTHON = """
import gc, sys
sys.path.insert(0, '/repo/lib')
from pips import modules
import engine  # loaded before any game, as in the app
gc.collect()
base = gc.mem_alloc()
snapshot = modules.loaded()
import engine.dominoes, engine.dominoes_cpu, engine.dice_duel_cpu
gc.collect()
loaded = gc.mem_alloc()
modules.unload_since(snapshot)
gc.collect()
print(loaded - base, gc.mem_alloc() - base, 'engine.dominoes' in sys.modules, hasattr(sys.modules['engine'], 'dominoes'))
"""


def test_unloading_gives_the_heap_back_under_micropython():
    grown, left, still_loaded, still_attr = mpy_run.check(UNLOAD_UNDER_MICROPYTHON).split()
    assert still_loaded == "False" and still_attr == "False"
    assert int(grown) > 20000            # the games' engine code is big on a 192 KB badge ...
    # ... and most of it comes back once the game is unloaded (interned names stay: MicroPython never frees them;
    # measured 34.6 KB grown, 8.7 KB left)
    assert int(left) < int(grown) // 3


def test_a_brief_block_unloads_what_it_imported_and_keeps_what_was_there(monkeypatch):
    from pips import modules
    for name in GAME_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    import tests.stand_in_game  # loaded before the block: it stays
    with modules.briefly():
        from tests.stand_in_game import rules
        assert "tests.stand_in_game.rules" in sys.modules and rules is not None
    assert "tests.stand_in_game.rules" not in sys.modules
    assert not hasattr(tests.stand_in_game, "rules")  # no package attribute keeps it alive
    assert "tests.stand_in_game" in sys.modules
    try:
        with modules.briefly():
            from tests.stand_in_game import rules  # noqa: F811
            raise ValueError("the block fails")
    except ValueError:
        pass
    assert "tests.stand_in_game.rules" not in sys.modules  # an error leaves nothing loaded either
