"""A placed die settles into its cell: it shows lit (its face's tile + `lit` on the sheet) for three frames (about
100 ms), then plain. One tile write per die when it lands (lit over the plain face the scene wrote in the
same frame) and one when it settles, none in between (counted in `writes`); nothing else is touched.
Würfelglanz and Dymino, over their pips.ui.dice_grid.DiceGrid.

    settle = Settle(cells, lit)        cells: the DiceGrid; lit: tile + lit is tile's lit face on its sheet
    settle.start(first, second)        the cells just placed (second -1: one die), lit at once
    settle.frame(now_ms)               once a frame (a scene's tick); True while settling
    settle.end()                       at once (any button): the plain faces
"""
from pips import actions

SETTLE_MS = 60  # counted from the first frame after the landing: the lit dice show three frames (~100 ms)


class Settle:
    def __init__(self, cells, lit):
        self.cells = cells
        self.lit = lit
        self.placed = bytearray(2)
        self.count = 0
        self.end_at = None
        self.writes = 0

    def start(self, first, second=-1):
        self.end()
        self._light(first)
        self._light(second)  # (not a loop over (first, second): that tuple would be garbage on every move)
        self.end_at = None

    def _light(self, cell):
        cells = self.cells
        if cell >= 0 and 0 < cells.shown[cell] <= self.lit:
            self.placed[self.count] = cell
            self.count += 1
            cells.set_cell(cell, cells.shown[cell] + self.lit)
            self.writes += 1

    def frame(self, now_ms):
        if not self.count:
            return False
        if self.end_at is None:
            self.end_at = actions.ticks_add(now_ms, SETTLE_MS)
        elif actions.ticks_diff(now_ms, self.end_at) >= 0:
            self.end()
            return False
        return True

    def end(self):
        cells = self.cells
        for k in range(self.count):
            cell = self.placed[k]
            tile = cells.shown[cell]
            if tile > self.lit:  # still lit: nothing else has drawn this cell meanwhile
                cells.set_cell(cell, tile - self.lit)
                self.writes += 1
        self.count = 0
