"""A press does not undo and redo a sprite within its frame, nor set it as it is. On the badge a TileGrid hidden and
shown again, moved and moved back, or a tile written and written back is still redrawn and sent (CircuitPython's
TileGrid.c marks it changed), though no pixel changed; so is one whose `hidden` or tile is set to the value it has
(only a move to where it stands is ignored there): the views show what a draw needs, hide only the rest, and write
only changes (pips.ui.show)."""
import random

import displayio
import pytest

from pips import actions
from tests.simkit import DictStore, make_sim, start_dominoes, start_solo_dice_duel


class Undone:
    """TileGrids changed during one frame and back as they were at its end."""

    def __init__(self, monkeypatch):
        self.first = {}  # id -> (the TileGrid, its state before the frame's first change)
        tile_grid = displayio.TileGrid
        for name in ("hidden", "x", "y"):
            monkeypatch.setattr(tile_grid, name, self._watched(getattr(tile_grid, name), name == "hidden"))
        set_tile = tile_grid.__setitem__

        def watched_set_tile(grid, index, value):
            self._note(grid)  # (the firmware marks a tile written with the index it had)
            set_tile(grid, index, value)
        monkeypatch.setattr(tile_grid, "__setitem__", watched_set_tile)

    def _watched(self, prop, always):
        def fset(grid, value):
            if always or prop.fget(grid) != value:
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


@pytest.mark.parametrize("game", ["wuerfelglanz", "dymino", "dominoes", "diceduel"])
def test_any_press_in_play_redraws_no_sprite_it_leaves_as_it_was(tmp_path, undone, game):
    # refused moves too (Dymino's "Cell taken" hid its hidden ghosts again, Dominoes' Up/A/B its ghost halves: 0.6-0.8
    # KB sent for no pixel). Each press once the last one's animations are over: one pressed during an animation
    # ends it and draws twice in its frame (a known cost, rare)
    if game == "diceduel":
        sim = start_solo_dice_duel(tmp_path, seed=5)[0]
    else:
        sim = make_sim(tmp_path, store=DictStore(), seed=5)
        if game == "dominoes":
            start_dominoes(sim.app)
        else:
            sim.app.start(game)
    for _ in range(40):
        sim.frame()
    scene = sim.app.top()
    pick = random.Random(7)
    left = []
    presses = 0
    while presses < 100 and sim.app.top() is scene:
        action = pick.choice((actions.LEFT, actions.RIGHT, actions.UP, actions.DOWN, actions.A, actions.A, actions.B))
        found = undone.press(sim, action)
        if sim.app.top() is scene:  # (a press that opens another screen builds new sprites)
            left += [(action, grid.width, grid.height) for grid in found]
        presses += 1
        for _ in range(60):
            sim.frame()
        if type(sim.app.top()).__name__ in ("TipScene", "OddsScene"):  # (a tip shown once, Dice Duel's odds)
            sim.app.dispatch(actions.B)
            for _ in range(5):
                sim.frame()
    assert presses >= 30
    assert not left, left
