"""A press does not undo and redo a sprite within its frame. On the badge a TileGrid hidden and shown again, moved
and moved back, or a tile written and written back is still redrawn and sent (CircuitPython's TileGrid.c marks it
changed), though no pixel changed: the views show what a draw needs and hide only the rest."""
import random

import displayio
import pytest

from pips import actions
from tests.simkit import DictStore, make_sim, start_dominoes


class Undone:
    """TileGrids changed during one frame and back as they were at its end."""

    def __init__(self, monkeypatch):
        self.first = {}  # id -> (the TileGrid, its state before the frame's first change)
        tile_grid = displayio.TileGrid
        for name in ("hidden", "x", "y"):
            monkeypatch.setattr(tile_grid, name, self._watched(getattr(tile_grid, name)))
        set_tile = tile_grid.__setitem__

        def watched_set_tile(grid, index, value):
            if grid[index] != value:
                self._note(grid)
            set_tile(grid, index, value)
        monkeypatch.setattr(tile_grid, "__setitem__", watched_set_tile)

    def _watched(self, prop):
        def fset(grid, value):
            if prop.fget(grid) != value:
                self._note(grid)
            prop.fset(grid, value)
        return property(prop.fget, fset)

    @staticmethod
    def _state(grid):
        return grid.x, grid.y, grid.hidden, [grid[i] for i in range(grid.width * grid.height)]

    def _note(self, grid):
        if id(grid) not in self.first:
            self.first[id(grid)] = (grid, self._state(grid))

    def press(self, sim, action):
        """The press's frame; the TileGrids it left as they were after changing them."""
        self.first.clear()
        sim.app.dispatch(action)
        sim.app.tick(sim.clock.ticks_ms())
        return [grid for grid, state in self.first.values() if self._state(grid) == state]


@pytest.fixture
def undone(monkeypatch):
    return Undone(monkeypatch)


@pytest.mark.parametrize("game", ["wuerfelglanz", "dymino"])
def test_moving_and_turning_the_piece_redraws_no_sprite_it_leaves_as_it_was(tmp_path, undone, game):
    # the ghosts follow the cursor, the red outlines and marks stand on taken cells: before, each draw hid all of
    # them and showed the ones it needed again
    sim = make_sim(tmp_path, store=DictStore(), seed=5)
    sim.app.start(game)
    scene = sim.app.top()
    for action in (actions.A, actions.A, actions.A):  # a few dice on the grid, so some cells are taken
        sim.app.dispatch(action)
        for _ in range(60):
            sim.frame()
    pick = random.Random(3)
    for _ in range(80):
        action = pick.choice((actions.LEFT, actions.RIGHT, actions.UP, actions.DOWN, actions.B))
        assert undone.press(sim, action) == [], (game, action)
        assert sim.app.top() is scene


def test_laying_a_tile_leaves_its_ghost_on_the_cells_it_showed_the_tile_on(tmp_path, undone):
    # the tile laid lights up under the ghost's two halves (Dominoes' landing): the draw of the move no longer hides
    # them first
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    for _ in range(5):
        sim.frame()
    scene = sim.app.top()
    ghosts = scene.view.table.ghosts
    assert not ghosts[0].hidden
    before = [(g.x, g.y, g[0]) for g in ghosts]
    assert undone.press(sim, actions.A) == []
    assert scene.game.table.count == 1 and scene.landing is not None
    assert [(g.x, g.y, g[0], g.hidden) for g in ghosts] == [b + (False,) for b in before]
