"""Dominoes' table on screen: a window onto the engine's table (40 x 28 cells of 12-pixel half tiles, about 3 x 4
screens), two ghost halves for the chosen position, a red frame over the half at each blocked end; the place of the
whole-table overview (pips.dominoes.overview, made by the view only while it is shown); the camera that says which
part of the table the window shows; and the screen geometry and sprite numbering the views and the sheets share.

The engine's Table is the one copy of the table: the view reads it and holds no table-sized data. The window is a
TileGrid the size of the screen plus a margin, in rows of half cells; the camera glides the board a pixel at a time,
and when the window's first cell or half row changes its tile indices are rewritten from the engine's grid (written
only where they change). Ghosts and frames sit on the board at table pixels. Cells are given as (x, y) on the table.
"""
import displayio

from engine.dominoes_table import MOVE_TILE, TABLE_H, TABLE_W
from pips.ui import show
from pips.ui.text import SCREEN_W

from micropython import const

# the screen's geometry and sprite numbering, shared by the views and the sheets (pips.dominoes.view, .overview,
# .sheets)
CELL = const(12)  # a half tile on the table, in pixels
# the half sheet: 0 empty, 1 + number * 4 + direction of the other half (N, E, S, W), then DEAD
DEAD = const(29)  # the red frame over the half at a blocked end
HALF_SPRITES = const(30)  # the half sheet's sprites, in one row: with half-cell tiles, sprite + 30 is its lower half
HAND_W = const(14)  # hand pitch: a 12-pixel tile and a 2-pixel gap
MARK_H = const(3)  # the green bar under a hand tile that can be played (its own row: the sheet stays small)
MINI = const(4)  # an overview cell
VIEW_Y = const(12)  # the window onto the table: below the score bar
VIEW_H = const(72)  # six cells high, the whole screen wide
FELT = const(0x0E3526)

WINDOW_W = const(15)  # cells the window TileGrid holds: 160 / 12 = 13.3 visible, and a cell at either side
# The window's rows are half cells: a moved window dirties the union of its old and new rectangle, and its margin
# under the bars is then 6 pixels, not 12 (a glide frame renders and sends up to 83 rows, not 95)
ROW_H = const(6)
WINDOW_ROWS = const(13)  # 72 / 6 = 12 visible, and a row below (the status strip covers it)
_MAX_X = const(40 * 12 - 160)  # TABLE_W * CELL - SCREEN_W: the camera's x goes from 0 to this
_MAX_Y = const(28 * 12 - 72)  # TABLE_H * CELL - VIEW_H
_FOLLOW_MARGIN = const(18)  # how close to the window's edge a followed point may come
_GLIDE_DIV = const(2)  # [decided] each frame the camera covers half the way left (at least _GLIDE_MIN px): a
# glide across the whole table takes 8 frames
_GLIDE_MIN = const(3)


def half_index(number, side):
    """The half sheet's sprite of a half showing `number` whose other half lies toward `side` (0 N .. 3 W)."""
    return 1 + number * 4 + side


def toward(cell, other):
    """Direction (0 N, 1 E, 2 S, 3 W) from table cell `cell` to the neighbouring `other`."""
    d = other - cell
    if d == 1:
        return 1
    if d == -1:
        return 3
    return 2 if d > 0 else 0


def _clamp(value, top):
    return 0 if value < 0 else (top if value > top else value)


def _toward(now, goal):
    """One frame's glide from `now` toward `goal`."""
    gap = goal - now
    if gap == 0:
        return now
    step = gap // _GLIDE_DIV if gap > 0 else -((-gap) // _GLIDE_DIV)
    if -_GLIDE_MIN < step < _GLIDE_MIN:
        step = _GLIDE_MIN if gap > 0 else -_GLIDE_MIN
    if (gap > 0 and step > gap) or (gap < 0 and step < gap):
        step = gap
    return now + step


class Camera:
    """Which part of the table the window shows, following a point of interest (the ghost, the end being played)
    and gliding there a few pixels a frame instead of jumping. x, y: the table pixel at the window's top-left
    corner; target_x, target_y: where it glides to."""

    def __init__(self):
        self.x = _MAX_X // 2
        self.y = _MAX_Y // 2
        self.target_x = self.x
        self.target_y = self.y

    def follow(self, left, top, right, bottom):
        """Keep the box (table pixels) in view with the margin: re-centre on it when it comes too near an edge."""
        m = _FOLLOW_MARGIN
        if left - m < self.target_x or right + m > self.target_x + SCREEN_W:
            self.target_x = _clamp((left + right - SCREEN_W) // 2, _MAX_X)
        if top - m < self.target_y or bottom + m > self.target_y + VIEW_H:
            self.target_y = _clamp((top + bottom - VIEW_H) // 2, _MAX_Y)

    def center(self, x, y):
        """Aim at a point and go there at once (a new round, a resumed match)."""
        self.target_x = _clamp(x - SCREEN_W // 2, _MAX_X)
        self.target_y = _clamp(y - VIEW_H // 2, _MAX_Y)
        self.arrive()

    def arrive(self):
        """Stand where it glides to at once; True when the view moved."""
        moved = self.x != self.target_x or self.y != self.target_y
        self.x = self.target_x
        self.y = self.target_y
        return moved

    def glide(self):
        """One frame's move toward the target; True when the view moved."""
        x = _toward(self.x, self.target_x)
        y = _toward(self.y, self.target_y)
        moved = x != self.x or y != self.y
        self.x = x
        self.y = y
        return moved


class TableView:
    def __init__(self, halves, colors, ghost_colors):
        """halves: the half-tile sheet (pips.dominoes.sheets), colors its palette, ghost_colors the ghosts'."""
        self.source = None  # the engine's Table shown (read only), from draw()
        self.count = -1  # how many tiles it had when drawn
        self.placed = bytearray(28)  # tile -> its placement's index in the table, for the tiles laid
        self.group = displayio.Group()  # the window: moved by the camera, covered above and below by the bars
        self.board = displayio.Group()  # at table pixels: the board's (0, 0) is the table's top-left corner
        self.group.append(self.board)
        self.halves = halves
        self.colors = colors
        # The window covers the whole view: its clear pixels are the felt itself, opaque, so displayio does not
        # render the felt under it too (a glide frame redraws the view: 61 -> 40 ms of rendering)
        felt = displayio.Palette(len(colors))
        for index in range(len(colors)):
            felt[index] = FELT if colors.is_transparent(index) else colors[index]
        self.window = displayio.TileGrid(self.halves, pixel_shader=felt, width=WINDOW_W, height=WINDOW_ROWS,
                                         tile_width=CELL, tile_height=ROW_H)
        self.board.append(self.window)
        # one row of cells while the window is drawn, three rows of sprites: felt (stays 0), their upper halves and
        # their lower halves
        self.cells = bytearray(3 * WINDOW_W)
        self.filled = bytearray(WINDOW_ROWS)  # 1 where a window row shows a half
        self.left = -1  # the table cell at the window's top-left corner (-1: not drawn yet)
        self.top = 0  # the half row at the window's top
        self.ghosts = []
        self.dead = []
        for kind in range(2):
            ghost = displayio.TileGrid(self.halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            self.board.append(ghost)
            cross = displayio.TileGrid(self.halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            cross[0] = DEAD
            cross.hidden = True
            self.dead.append(cross)
            self.board.append(cross)
        self.camera = Camera()
        # the overview: an empty group until shown (pips.dominoes.overview: made then, dropped with its code after)
        self.overview = displayio.Group()
        self.overview.hidden = True
        self.whole = None  # the Overview while it is shown
        self._place_board()

    # ---- the window -----------------------------------------------------------------------------------------
    def draw(self, table):
        """Show the engine's `table` (TABLE_W x TABLE_H) as it is now: after a tile is laid or taken back, a new
        deal, another game."""
        self.source = table
        self.count = -1  # (its tiles are indexed again)
        self.left = -1  # (the window is rewritten where it stands)
        self._place_board()
        for end in range(2):
            cross = self.dead[end]
            if table.count and not table.end_room(end):
                c = table.end_cell[end]
                cross.x = table.cell_x(c) * CELL
                cross.y = table.cell_y(c) * CELL
                show(cross, True)
            else:
                show(cross, False)
        if self.whole is not None:
            self.whole.draw(table)

    def _index_tiles(self):
        """Note where each laid tile is in the table's lists, and the table rows they span."""
        table = self.source
        self.count = table.count
        low = TABLE_H
        high = -1
        for i in range(table.count):
            self.placed[table.moves[i] & MOVE_TILE] = i
            for c in (table.cell1[i], table.cell2[i]):
                y = table.cell_y(c)
                low = min(low, y)
                high = max(high, y)
        self.low = low
        self.high = high

    def _draw_window(self, left, top):
        table = self.source
        if self.count != table.count:  # (a tile laid or taken back and not drawn yet)
            self._index_tiles()
        self.left = left
        self.top = top
        self.window.x = left * CELL
        self.window.y = top * ROW_H
        filled = self.filled
        cells = self.cells
        window = self.window
        for y in range(WINDOW_ROWS):
            half = top + y
            if y == 0 or not half & 1:  # a new row of cells
                laid = self._cells(left, half >> 1)
            if not laid and not filled[y]:
                continue  # (felt, and felt already)
            filled[y] = laid
            at = (1 + (half & 1)) * WINDOW_W if laid else 0  # the row of sprites it shows
            k = y * WINDOW_W
            for x in range(at, at + WINDOW_W):
                index = cells[x]
                if window[k] != index:  # (read back: no copy of the window kept; an int index makes no tuple)
                    window[k] = index
                k += 1

    def _cells(self, left, y):
        """The sprites of the window's cells on table row y, into self.cells' upper and lower halves' rows: 0 when
        empty (or the wall round the table), else the half's number and the side its partner is on. False when all
        are empty."""
        if y < self.low or y > self.high:
            return False
        table = self.source
        cells = self.cells
        grid = table.grid
        placed = self.placed
        laid = False
        c = table.cell(left, y)
        for x in range(WINDOW_W):
            index = 0
            v = grid[c]
            if v and v <= 28:
                i = placed[v - 1]
                if table.cell1[i] == c:
                    index = half_index(table.num1[i], toward(c, table.cell2[i]))
                else:
                    index = half_index(table.num2[i], toward(c, table.cell1[i]))
                laid = True
            cells[WINDOW_W + x] = index
            cells[2 * WINDOW_W + x] = index + HALF_SPRITES if index else 0
            c += 1
        return laid

    # ---- ghosts -----------------------------------------------------------------------------------------------
    def show_ghosts(self, c1, c2, n1, n2):
        """The two ghost halves on table cells c1 and c2 (neighbours, of the table drawn), showing n1 and n2."""
        table = self.source
        for i in range(2):
            ghost = self.ghosts[i]
            c, other, number = (c1, c2, n1) if i == 0 else (c2, c1, n2)
            ghost.x = table.cell_x(c) * CELL
            ghost.y = table.cell_y(c) * CELL
            sprite = half_index(number, toward(c, other))
            if ghost[0] != sprite:
                ghost[0] = sprite
            show(ghost, True)
            if self.whole is not None:
                self.whole.place_ghost(i, ghost)

    def hide_ghosts(self):
        for i in range(2):
            show(self.ghosts[i], False)
            if self.whole is not None:
                self.whole.place_ghost(i, self.ghosts[i])

    # ---- the camera -------------------------------------------------------------------------------------------
    def follow(self, x1, y1, x2, y2):
        """Keep cells (x1, y1) .. (x2, y2) in the window."""
        self.camera.follow(min(x1, x2) * CELL, min(y1, y2) * CELL, (max(x1, x2) + 1) * CELL,
                           (max(y1, y2) + 1) * CELL)

    def center_on(self, x, y):
        self.camera.center(x * CELL + CELL // 2, y * CELL + CELL // 2)
        self._place_board()

    def set_camera(self, place):
        """Look from `place`, (x, y, target_x, target_y) of a camera: a view built again goes on from where the
        last one stood."""
        camera = self.camera
        camera.x, camera.y, camera.target_x, camera.target_y = place[0], place[1], place[2], place[3]
        self._place_board()

    def glide(self):
        """One frame of the camera's glide; True when the window moved. Behind the whole table it goes straight
        to its target: the overview shows the target, and the window comes back drawn once, not gliding."""
        if self.camera.arrive() if self.whole is not None else self.camera.glide():
            self._place_board()
            return True
        return False

    def _place_board(self):
        camera = self.camera
        self.board.x = -camera.x
        self.board.y = VIEW_Y - camera.y
        left = min(camera.x // CELL, TABLE_W - WINDOW_W)
        top = min(camera.y // ROW_H, 2 * TABLE_H - WINDOW_ROWS)
        if self.source is not None and (left != self.left or top != self.top):
            self._draw_window(left, top)

    # ---- the overview -----------------------------------------------------------------------------------------
    def show_overview(self, whole):
        """Show `whole` (an Overview made in self.overview: pips.dominoes.view makes it) in place of the window,
        or the window again (None)."""
        self.whole = whole
        if whole is not None:
            self.glide()  # (to the target at once)
            whole.draw(self.source)
            for i in range(2):
                whole.place_ghost(i, self.ghosts[i])
        else:
            while len(self.overview):
                self.overview.pop()
        self.overview.hidden = whole is None
        self.group.hidden = whole is not None
