"""The app's net under every game's loader: a saved round that passes the loader but makes the game fail when it
opens is forgotten, the player told once, and the game opens afresh; any other failure still stands."""
import pytest

from pips import saves
from pips.scene import Scene
from pips.scenes.results import ResultsScene
from tests.simkit import DictStore, make_sim

ENTRY = ("dymino", "Fragile", "tests.test_app_saved_game", "Fragile")  # the key picks the saved-game kind


class Fragile(Scene):
    """Fails to open while a saved round is in the store (as Dominoes did on a crafted last tile of 200)."""
    failure = IndexError

    def __init__(self, app):
        super().__init__(app)
        if app.store.load(saves.DYMINO_GAME) is not None:
            raise Fragile.failure("tile 200")


@pytest.fixture
def sim(tmp_path):
    sim = make_sim(tmp_path, store=DictStore())
    sim.app.start()
    yield sim
    Fragile.failure = IndexError


def test_a_saved_round_the_game_cannot_open_is_forgotten_and_told_once(sim):
    sim.app.store.save(saves.DYMINO_GAME, b"\x01crafted")
    sim.app.store.save(saves.SETTINGS, b"\x01\x01\x01\x01")
    sim.app.start_game(ENTRY)
    assert isinstance(sim.app.top(), ResultsScene) and isinstance(sim.app.stack[0], Fragile)
    assert sim.app.store.load(saves.DYMINO_GAME) is None
    assert sim.app.store.load(saves.SETTINGS) == b"\x01\x01\x01\x01"
    sim.app.to_menu()
    sim.app.start_game(ENTRY)
    assert isinstance(sim.app.top(), Fragile)  # told once


def test_without_a_saved_round_or_out_of_memory_the_error_stands(sim):
    Fragile.failure = MemoryError
    sim.app.store.save(saves.DYMINO_GAME, b"\x01crafted")
    with pytest.raises(MemoryError):
        sim.app.start_game(ENTRY)
    assert sim.app.store.load(saves.DYMINO_GAME) == b"\x01crafted"  # not blamed on the save
    sim.app.store.clear(saves.DYMINO_GAME)

    class Broken(Fragile):
        def __init__(self, app):
            raise KeyError("a bug")
    import tests.test_app_saved_game as here
    here.Broken = Broken
    with pytest.raises(KeyError):
        sim.app.start_game(("dymino", "Broken", "tests.test_app_saved_game", "Broken"))
