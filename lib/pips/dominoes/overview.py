"""Dominoes' whole-table overview (SELECT): the table at 4 pixels a cell, a frame where the window is, the ghost,
and a note. Made when it opens, into the table view's overview group, and dropped with this module's code when it
closes (pips.dominoes.view).

An overview cell is a half: its body on its partner's side with a 1-pixel gap on the outer ones, in four colours
(a plain half, an open end green, a blocked end red, the ghost).
"""
import displayio

from micropython import const

from engine.dominoes_table import TABLE_H, TABLE_W
from pips.dominoes.table_view import FELT, MINI, VIEW_H, VIEW_Y, toward
from pips.ui import palette, shapes, show, text

_SCALE = const(3)  # CELL // MINI: table pixels to overview pixels
_MINI_Y = const(13)  # the overview: 160 x 112 pixels
# the mini sheet's cells (pips.dominoes.sheets.mini_sheet): 1 + kind * 4 + side of the other half
_MINI_END = const(5)
_MINI_DEAD = const(9)
_MINI_GHOST = const(13)


class Overview:
    def __init__(self, group, camera, colors):
        """Fill `group` (empty) with the overview of the table the camera looks at, in the table's palette."""
        group.append(shapes.rect(0, VIEW_Y, text.SCREEN_W, text.SCREEN_H - VIEW_Y, FELT))
        from pips.dominoes import sheets  # (its code leaves with this module's: pips.dominoes.view)
        self.grid = displayio.TileGrid(sheets.mini_sheet(), pixel_shader=colors, width=TABLE_W, height=TABLE_H,
                                       tile_width=MINI, tile_height=MINI, x=0, y=_MINI_Y)
        group.append(self.grid)
        # where the window is, as a frame
        w = text.SCREEN_W // _SCALE
        h = VIEW_H // _SCALE
        frame = displayio.Group()
        for x, y, fw, fh in ((0, 0, w, 1), (0, h - 1, w, 1), (0, 0, 1, h), (w - 1, 0, 1, h)):
            frame.append(shapes.rect(x, y, fw, fh, palette.ACCENT))
        frame.x = camera.target_x // _SCALE
        frame.y = _MINI_Y + camera.target_y // _SCALE
        group.append(frame)
        self.ghosts = []
        for _ in range(2):
            ghost = displayio.TileGrid(self.grid.bitmap, pixel_shader=colors, tile_width=MINI, tile_height=MINI)
            ghost.hidden = True
            self.ghosts.append(ghost)
            group.append(ghost)
        group.append(text.centered("The whole table: any key", text.SCREEN_H - 12, palette.DIM_TEXT))

    def draw(self, table):
        """The table's cells: each half toward its partner; an open end green, a blocked end red."""
        grid = self.grid
        for y in range(TABLE_H):
            for x in range(TABLE_W):
                if grid[x, y]:
                    grid[x, y] = 0
        for i in range(table.count):
            self._half(table, table.cell1[i], table.cell2[i])
            self._half(table, table.cell2[i], table.cell1[i])

    def _half(self, table, c, other):
        kind = 1
        for end in range(2):
            if c == table.end_cell[end]:
                kind = _MINI_END if table.end_room(end) else _MINI_DEAD
                break
        self.grid[table.cell_x(c), table.cell_y(c)] = kind + toward(c, other)

    def place_ghost(self, i, ghost):
        """Overview ghost half `i` where the window's ghost half `ghost` (a TileGrid on the board) is."""
        mini = self.ghosts[i]
        mini.x = ghost.x // _SCALE
        mini.y = _MINI_Y + ghost.y // _SCALE
        mini[0] = _MINI_GHOST + (ghost[0] - 1) % 4
        show(mini, not ghost.hidden)
