"""Dymino's greedy placement: what the simulator's bot plays and the game's hint shows, for the pair and for the
single dice (a bonus die's use is left to the player).

Every legal spot is tried on a scratch game; the best gains the most points, then leaves the most empty cells,
then room for a pair, then the most touching equal dice (clusters merge later); ties go to the first spot in scan
order (cell 0..24, rotation 0..3).

    hinter = Hinter()
    hinter.start(game); hinter.step(tries) ... ; hinter.move    in slices (engine.grid_hint)
    hinter.best(game) -> cell * 4 + rotation (a single: rotation 0), or -1 (no pair or single to place)
start and step allocate nothing.
"""
from engine import dymino as d
from engine import dymino_score
from engine.grid_hint import SpotSearch

# Touching cell pairs: right neighbours inside a row, then down neighbours inside a column.
TOUCH_A = bytes([i for i in range(d.CELLS) if i % d.SIDE < d.SIDE - 1] + [i for i in range(d.CELLS - d.SIDE)])
TOUCH_B = bytes([i + 1 for i in range(d.CELLS) if i % d.SIDE < d.SIDE - 1] +
                [i + d.SIDE for i in range(d.CELLS - d.SIDE)])


def touching_pairs(grid):
    """How many touching cell pairs hold the same die."""
    count = 0
    k = 0
    touch_b = TOUCH_B
    for a in TOUCH_A:
        value = grid[a]
        if value and value == grid[touch_b[k]]:
            count += 1
        k += 1
    return count


class Hinter(SpotSearch):
    def __init__(self):
        self.scratch = d.Dymino(1)
        self.best_gain = dymino_score.new_score()
        self.zero = dymino_score.new_score()
        SpotSearch.__init__(self)

    def reset(self):
        self._empty = self._fits = self._touch = -1

    def rotations(self, game):
        phase = game.phase
        return 4 if phase == d.PHASE_PAIR else 1 if phase == d.PHASE_SINGLE else 0  # a bonus die: no hint

    def legal(self, game, cell, rotation):
        if game.phase == d.PHASE_PAIR:
            return game.check_pair(cell, rotation) == d.OK
        return not game.grid[cell]

    def better(self, game, cell, rotation):
        scratch = self.scratch
        scratch.copy_from(game)
        if game.phase == d.PHASE_PAIR:
            scratch.place_pair(cell, rotation)
        else:
            scratch.place_single(cell)
        gain = scratch.gain if scratch.merge_len else self.zero
        order = 1 if self.move < 0 else dymino_score.compare(gain, self.best_gain)
        if order < 0:
            return False
        empty = 0
        for value in scratch.grid:  # (bytearray.count is missing on CircuitPython)
            if value == 0:
                empty += 1
        if order == 0 and empty < self._empty:
            return False
        fits = 1 if scratch.board.pair_fits() else 0
        if order == 0 and empty == self._empty and fits < self._fits:
            return False
        touch = touching_pairs(scratch.grid)
        if order == 0 and empty == self._empty and fits == self._fits and touch <= self._touch:
            return False
        self.best_gain[:] = gain
        self._empty = empty
        self._fits = fits
        self._touch = touch
        return True
