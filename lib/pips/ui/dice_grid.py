"""A square board of dice tiles that writes a tile only when its index changes (Würfelglanz, Dymino).

    cells = DiceGrid(sheet, colors, side=5, cell=20, x=2, y=14)
    group.append(cells.tiles)
    cells.set_cell(i, tile)    # one tile; nothing is written (nor sent to the display) when it already shows
    cells.sync(board)          # the engine's board bytes: writes only the cells that differ
    cells.shown                # bytearray mirror of the tile indices;  cells.tile_writes counts the writes
"""
import displayio


class DiceGrid:
    def __init__(self, sheet, colors, side, cell, x, y):
        self.side = side
        self.tiles = displayio.TileGrid(sheet, pixel_shader=colors, width=side, height=side,
                                        tile_width=cell, tile_height=cell, x=x, y=y)
        self.shown = bytearray(side * side)
        self.tile_writes = 0

    def set_cell(self, cell, tile):
        if self.shown[cell] != tile:
            self.shown[cell] = tile
            self.tiles[cell] = tile  # (a flat index: an (x, y) tuple would be garbage on every write)
            self.tile_writes += 1

    def sync(self, board):
        for cell in range(self.side * self.side):
            self.set_cell(cell, board[cell])
