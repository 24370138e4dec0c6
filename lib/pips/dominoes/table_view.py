"""Dominoes' table on screen: the whole table as one TileGrid of 12-pixel half tiles (40 x 28 cells, about 3 x 4
screens) moved under a window by the camera, two ghost halves for the chosen position, a red frame over the half
at each blocked end; and the whole-table overview (4-pixel cells) shown instead when asked.

Cells are given as (x, y) on the table. Frames write tile indices only where they change, and positions.
"""
import displayio

from engine.dominoes_table import TABLE_H, TABLE_W
from pips.dominoes import sheets
from pips.dominoes.camera import Camera
from pips.ui import palette, shapes, text

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

CELL = sheets.CELL
VIEW_Y = const(12)  # the window onto the table: below the score bar
VIEW_H = const(72)  # six cells high, the whole screen wide
MINI_Y = const(13)  # the overview: 160 x 112 pixels
FOLLOW_MARGIN = const(18)


class TableView:
    def __init__(self):
        self.group = displayio.Group()  # the window: moved by the camera, covered above and below by the bars
        self.board = displayio.Group()
        self.group.append(self.board)
        self.board.append(shapes.rect(0, 0, TABLE_W * CELL, TABLE_H * CELL, sheets.FELT))
        halves = sheets.half_sheet()
        self.table = displayio.TileGrid(halves, pixel_shader=sheets.tile_palette(), width=TABLE_W, height=TABLE_H,
                                        tile_width=CELL, tile_height=CELL)
        self.board.append(self.table)
        self.shown = bytearray(TABLE_W * TABLE_H)
        self.tile_writes = 0
        ghost_colors = sheets.ghost_palette()
        self.ghosts = []
        self.dead = []
        for kind in range(2):
            ghost = displayio.TileGrid(halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            self.board.append(ghost)
            cross = displayio.TileGrid(halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            cross[0] = sheets.DEAD
            cross.hidden = True
            self.dead.append(cross)
            self.board.append(cross)
        self.camera = Camera(text.SCREEN_W, VIEW_H, TABLE_W * CELL, TABLE_H * CELL, FOLLOW_MARGIN)
        self._place_board()
        # the overview, hidden until asked for
        self.overview = displayio.Group()
        self.overview.hidden = True
        self.overview.append(shapes.rect(0, VIEW_Y, text.SCREEN_W, text.SCREEN_H - VIEW_Y, sheets.FELT))
        self.mini = displayio.TileGrid(sheets.mini_sheet(), pixel_shader=sheets.tile_palette(), width=TABLE_W,
                                       height=TABLE_H, tile_width=sheets.MINI, tile_height=sheets.MINI, x=0, y=MINI_Y)
        self.overview.append(self.mini)
        self.mini_shown = bytearray(TABLE_W * TABLE_H)
        # where the window is, as a frame on the overview
        scale = CELL // sheets.MINI
        w = text.SCREEN_W // scale
        h = VIEW_H // scale
        self.frame = displayio.Group()
        for x, y, fw, fh in ((0, 0, w, 1), (0, h - 1, w, 1), (0, 0, 1, h), (w - 1, 0, 1, h)):
            self.frame.append(shapes.rect(x, y, fw, fh, palette.ACCENT))
        self.overview.append(self.frame)
        self.mini_ghost = []
        for _ in range(2):
            ghost = displayio.TileGrid(self.mini.bitmap, pixel_shader=self.mini.pixel_shader, tile_width=sheets.MINI,
                                       tile_height=sheets.MINI)
            ghost.hidden = True
            self.mini_ghost.append(ghost)
            self.overview.append(ghost)

    # ---- cells ------------------------------------------------------------------------------------------------
    def set_half(self, x, y, number, toward, end_mark):
        """A half tile at (x, y); `end_mark` 0 plain, MINI_END an open end, MINI_DEAD a blocked end (overview)."""
        k = y * TABLE_W + x
        index = sheets.half_index(number, toward)
        if self.shown[k] != index:
            self.shown[k] = index
            self.table[x, y] = index
            self.tile_writes += 1
        mini = (end_mark or 1) + toward
        if self.mini_shown[k] != mini:
            self.mini_shown[k] = mini
            self.mini[x, y] = mini

    def clear(self):
        for y in range(TABLE_H):
            for x in range(TABLE_W):
                k = y * TABLE_W + x
                if self.shown[k]:
                    self.shown[k] = 0
                    self.table[x, y] = 0
                    self.tile_writes += 1
                if self.mini_shown[k]:
                    self.mini_shown[k] = 0
                    self.mini[x, y] = 0
        self.hide_ghosts()
        for end in range(2):
            self.show_dead(end, -1, 0)

    def show_ghost(self, index, x, y, number, toward):
        ghost = self.ghosts[index]
        ghost.x = x * CELL
        ghost.y = y * CELL
        sprite = sheets.half_index(number, toward)
        if ghost[0] != sprite:
            ghost[0] = sprite
        ghost.hidden = False
        mini = self.mini_ghost[index]
        mini.x = x * sheets.MINI
        mini.y = MINI_Y + y * sheets.MINI
        if mini[0] != sheets.MINI_GHOST + toward:
            mini[0] = sheets.MINI_GHOST + toward
        mini.hidden = False

    def hide_ghosts(self):
        for i in range(2):
            self.ghosts[i].hidden = True
            self.mini_ghost[i].hidden = True

    def show_dead(self, end, x, y):
        """The red frame over the half at a blocked end (x < 0: none)."""
        cross = self.dead[end]
        if x < 0:
            cross.hidden = True
            return
        cross.x = x * CELL
        cross.y = y * CELL
        cross.hidden = False

    # ---- the camera -------------------------------------------------------------------------------------------
    def follow(self, x1, y1, x2, y2):
        """Keep cells (x1, y1) .. (x2, y2) in the window."""
        self.camera.follow(min(x1, x2) * CELL, min(y1, y2) * CELL, (max(x1, x2) + 1) * CELL,
                           (max(y1, y2) + 1) * CELL)

    def center_on(self, x, y):
        self.camera.center(x * CELL + CELL // 2, y * CELL + CELL // 2)
        self._place_board()

    def glide(self):
        """One frame of the camera's glide; True when the window moved."""
        if self.camera.glide():
            self._place_board()
            return True
        return False

    def _place_board(self):
        self.board.x = -self.camera.x
        self.board.y = VIEW_Y - self.camera.y

    def show_overview(self, on):
        if on:
            scale = CELL // sheets.MINI
            self.frame.x = self.camera.target_x // scale
            self.frame.y = MINI_Y + self.camera.target_y // scale
        self.overview.hidden = not on
        self.group.hidden = on
