"""Dice that fly together (Dymino's merges): each merging die takes off from its cell -- the cell is cleared, one
tile write -- and glides as a sprite to the merge cell over FLY_MS, then the sprites hide (the scene then shows the
merged die). While flying only the sprites' positions change: no tile writes. The sprites are made on the first
flight, at most FLYERS of them, and kept; a bigger group's other dice stay in their cells until the merge shows.

    flight = Flight(group, above, sheet, colors, cell_px, left, top)   above: the grid's TileGrid in group
    flight.start(grid, anchor)        grid: a pips.ui.dice_grid.DiceGrid; anchor: the merge cell
    flight.add(cell)                  a die takes off from cell (False: no sprite left for it)
    flight.frame(now_ms)              once a frame; True while flying
    flight.end()                      at once (any button, or the merge's result): the sprites hide
"""
from pips import actions

FLY_MS = 180
FLYERS = 6


class Flight:
    def __init__(self, group, above, sheet, colors, cell_px, left, top):
        self.group = group
        self.above = above
        self.sheet = sheet
        self.colors = colors
        self.cell_px = cell_px
        self.left = left
        self.top = top
        self.sprites = []
        self.starts = bytearray(FLYERS)  # each sprite's cell
        self.count = 0
        self.grid = None
        self.anchor = 0
        self.start_at = None
        self.writes = 0  # the grid's tile writes (take-offs) and the sprites' tile indices

    def start(self, grid, anchor):
        self.end()
        self.grid = grid
        self.anchor = anchor
        self.start_at = None

    def add(self, cell):
        k = self.count
        if k == FLYERS:
            return False
        if k == len(self.sprites):
            import displayio  # here: the module loads (and is measured) without it
            sprite = displayio.TileGrid(self.sheet, pixel_shader=self.colors, tile_width=self.cell_px,
                                        tile_height=self.cell_px)
            self.group.insert(self.group.index(self.above) + 1, sprite)
            self.sprites.append(sprite)
        sprite = self.sprites[k]
        grid = self.grid
        sprite[0] = grid.shown[cell]
        self.writes += 1
        self._place(sprite, cell, 0)
        sprite.hidden = False
        grid.set_cell(cell, 0)
        self.writes += 1
        self.starts[k] = cell
        self.count = k + 1
        return True

    def _place(self, sprite, cell, age):
        side = self.grid.side
        size = self.cell_px
        x = cell % side * size
        y = cell // side * size
        # Even pixel positions only: the simulator's Blinka display fails on odd-sized dirty areas.
        sprite.x = self.left + (x + (self.anchor % side * size - x) * age // FLY_MS) & ~1
        sprite.y = self.top + (y + (self.anchor // side * size - y) * age // FLY_MS) & ~1

    def frame(self, now_ms):
        if not self.count:
            return False
        if self.start_at is None:
            self.start_at = now_ms
        age = min(actions.ticks_diff(now_ms, self.start_at), FLY_MS)
        for k in range(self.count):
            self._place(self.sprites[k], self.starts[k], age)
        return age < FLY_MS

    def end(self):
        for k in range(self.count):
            self.sprites[k].hidden = True
        self.count = 0
