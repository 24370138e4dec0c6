"""Dominoes' table on screen: a window onto the engine's table (40 x 28 cells of 12-pixel half tiles, about 3 x 4
screens), two ghost halves for the chosen position, a red frame over the half at each blocked end; and the
whole-table overview (4-pixel cells), built only while it is shown.

The engine's Table is the one copy of the table: the view reads it and holds no table-sized data. The window is a
TileGrid the size of the screen plus one cell of margin; the camera glides the board a pixel at a time, and when
the window's first cell changes its tile indices are rewritten from the engine's grid (written only where they
change). Ghosts and frames sit on the board at table pixels. Cells are given as (x, y) on the table.
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
WINDOW_W = const(15)  # cells the window TileGrid holds: 160 / 12 = 13.3 visible, and a cell at either side
WINDOW_H = const(7)  # 72 / 12 = 6 visible, and a cell below (the status strip covers it)
MINI_Y = const(13)  # the overview: 160 x 112 pixels
FOLLOW_MARGIN = const(18)


def toward(cell, other):
    """Direction (0 N, 1 E, 2 S, 3 W) from `cell` to the neighbouring `other`."""
    d = other - cell
    if d == 1:
        return 1
    if d == -1:
        return 3
    return 2 if d > 0 else 0


class TableView:
    def __init__(self):
        self.source = None  # the engine's Table shown (read only), from draw()
        self.placed = bytearray(28)  # tile -> its placement's index in the table, for the tiles laid
        self.group = displayio.Group()  # the window: moved by the camera, covered above and below by the bars
        self.board = displayio.Group()  # at table pixels: the board's (0, 0) is the table's top-left corner
        self.group.append(self.board)
        self.halves = sheets.half_sheet()
        self.colors = sheets.tile_palette()
        self.window = displayio.TileGrid(self.halves, pixel_shader=self.colors, width=WINDOW_W, height=WINDOW_H,
                                         tile_width=CELL, tile_height=CELL)
        self.board.append(self.window)
        self.shown = bytearray(WINDOW_W * WINDOW_H)  # the window's tile indices, row by row
        self.left = -1  # the table cell at the window's top-left corner (-1: not drawn yet)
        self.top = 0
        self.tile_writes = 0
        ghost_colors = sheets.ghost_palette()
        self.ghosts = []
        self.dead = []
        for kind in range(2):
            ghost = displayio.TileGrid(self.halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            self.board.append(ghost)
            cross = displayio.TileGrid(self.halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            cross[0] = sheets.DEAD
            cross.hidden = True
            self.dead.append(cross)
            self.board.append(cross)
        self.camera = Camera(text.SCREEN_W, VIEW_H, TABLE_W * CELL, TABLE_H * CELL, FOLLOW_MARGIN)
        # the overview: an empty group until shown (its grid, sheet and frame are made then and dropped after)
        self.overview = displayio.Group()
        self.overview.hidden = True
        self.mini = None
        self.mini_ghost = None
        self._place_board()

    # ---- the window -----------------------------------------------------------------------------------------
    def draw(self, table):
        """Show the engine's `table` (TABLE_W x TABLE_H) as it is now: after a tile is laid or taken back, a new
        deal, another game."""
        self.source = table
        self._draw_window()
        for end in range(2):
            cross = self.dead[end]
            if table.count and not table.end_room(end):
                c = table.end_cell[end]
                cross.x = table.cell_x(c) * CELL
                cross.y = table.cell_y(c) * CELL
                cross.hidden = False
            else:
                cross.hidden = True
        if self.mini is not None:
            self._draw_mini()

    def half_sprite(self, c):
        """The half-sheet sprite of table cell c: 0 when empty, else its number and the side its partner is on."""
        table = self.source
        v = table.grid[c]
        if v == 0 or v > 28:
            return 0  # empty, or the wall round the table
        i = self.placed[v - 1]
        if table.cell1[i] == c:
            return sheets.half_index(table.num1[i], toward(c, table.cell2[i]))
        return sheets.half_index(table.num2[i], toward(c, table.cell1[i]))

    def _draw_window(self):
        table = self.source
        for i in range(table.count):
            self.placed[table.moves[i] & 31] = i
        left = min(self.camera.x // CELL, TABLE_W - WINDOW_W)
        top = min(self.camera.y // CELL, TABLE_H - WINDOW_H)
        self.left = left
        self.top = top
        self.window.x = left * CELL
        self.window.y = top * CELL
        shown = self.shown
        window = self.window
        k = 0
        for y in range(WINDOW_H):
            c = table.cell(left, top + y)
            for x in range(WINDOW_W):
                index = self.half_sprite(c + x)
                if shown[k] != index:
                    shown[k] = index
                    window[x, y] = index
                    self.tile_writes += 1
                k += 1

    # ---- ghosts -----------------------------------------------------------------------------------------------
    def show_ghost(self, index, x, y, number, side):
        """Ghost half `index` (0 / 1) at cell (x, y), showing `number`, its partner toward `side`."""
        ghost = self.ghosts[index]
        ghost.x = x * CELL
        ghost.y = y * CELL
        sprite = sheets.half_index(number, side)
        if ghost[0] != sprite:
            ghost[0] = sprite
        ghost.hidden = False
        if self.mini_ghost is not None:
            self._place_mini_ghost(index)

    def hide_ghosts(self):
        for i in range(2):
            self.ghosts[i].hidden = True
            if self.mini_ghost is not None:
                self.mini_ghost[i].hidden = True

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
        camera = self.camera
        self.board.x = -camera.x
        self.board.y = VIEW_Y - camera.y
        left = min(camera.x // CELL, TABLE_W - WINDOW_W)
        top = min(camera.y // CELL, TABLE_H - WINDOW_H)
        if self.source is not None and (left != self.left or top != self.top):
            self._draw_window()

    # ---- the overview -----------------------------------------------------------------------------------------
    def show_overview(self, on):
        if on and self.mini is None:
            self._build_overview()
        elif not on and self.mini is not None:
            while len(self.overview):
                self.overview.pop()
            self.mini = None  # its grid, sheet and frame go with it
            self.mini_ghost = None
        self.overview.hidden = not on
        self.group.hidden = on

    def _build_overview(self):
        overview = self.overview
        overview.append(shapes.rect(0, VIEW_Y, text.SCREEN_W, text.SCREEN_H - VIEW_Y, sheets.FELT))
        self.mini = displayio.TileGrid(sheets.mini_sheet(), pixel_shader=self.colors, width=TABLE_W,
                                       height=TABLE_H, tile_width=sheets.MINI, tile_height=sheets.MINI,
                                       x=0, y=MINI_Y)
        overview.append(self.mini)
        self._draw_mini()
        # where the window is, as a frame
        scale = CELL // sheets.MINI
        w = text.SCREEN_W // scale
        h = VIEW_H // scale
        frame = displayio.Group()
        for x, y, fw, fh in ((0, 0, w, 1), (0, h - 1, w, 1), (0, 0, 1, h), (w - 1, 0, 1, h)):
            frame.append(shapes.rect(x, y, fw, fh, palette.ACCENT))
        frame.x = self.camera.target_x // scale
        frame.y = MINI_Y + self.camera.target_y // scale
        overview.append(frame)
        self.mini_ghost = []
        for i in range(2):
            ghost = displayio.TileGrid(self.mini.bitmap, pixel_shader=self.colors, tile_width=sheets.MINI,
                                       tile_height=sheets.MINI)
            self.mini_ghost.append(ghost)
            overview.append(ghost)
            self._place_mini_ghost(i)

    def _draw_mini(self):
        """The overview's cells: each half toward its partner; an open end green, a blocked end red."""
        table = self.source
        mini = self.mini
        for y in range(TABLE_H):
            for x in range(TABLE_W):
                if mini[x, y]:
                    mini[x, y] = 0
        for i in range(table.count):
            self._mini_half(table.cell1[i], table.cell2[i])
            self._mini_half(table.cell2[i], table.cell1[i])

    def _mini_half(self, c, other):
        table = self.source
        kind = 1
        for end in range(2):
            if c == table.end_cell[end]:
                kind = sheets.MINI_END if table.end_room(end) else sheets.MINI_DEAD
                break
        self.mini[table.cell_x(c), table.cell_y(c)] = kind + toward(c, other)

    def _place_mini_ghost(self, i):
        ghost = self.ghosts[i]
        mini = self.mini_ghost[i]
        scale = CELL // sheets.MINI
        mini.x = ghost.x // scale
        mini.y = MINI_Y + ghost.y // scale
        mini[0] = sheets.MINI_GHOST + (ghost[0] - 1) % 4
        mini.hidden = ghost.hidden
