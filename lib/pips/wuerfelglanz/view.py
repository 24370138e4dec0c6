"""Würfelglanz's screen, built once: the 5x5 board of 20-pixel dice, two ghost dice for the piece under the
cursor, the tray with the piece, score / moves / best / time, and a message line. Drawing writes tile indices
only, and only where the index changes: `tile_writes` counts the board's writes (tests and bench read it).

    y 0..12     score (left), time (right, when shown)
    y 14..113   board at x 2..101            panel x 108..159: tray, moves, best, the match rule
    y 116..127  message
"""
import displayio

from engine.wuerfelglanz import JOKER
from pips.ui import dice, palette, shapes, show, text
from pips.ui.dice_grid import DiceGrid
from pips.ui.settle import Settle
from pips.ui.tumble import Tumble, face_tile

from micropython import const

_CELL = const(20)
SIDE = const(5)
_BOARD_X = const(2)
_BOARD_Y = const(14)
_PANEL_X = const(108)
TRAY_Y = const(26)
LIT = const(8)          # tile LIT + code (1..7): that die lit up as it pops

GHOST_OK = const(0)
GHOST_BAD = const(1)

# Sheet palette: the dice helper's indices 0..3, then the joker's gold and its mark, and the flash body.
_GOLD = const(4)
_GOLD_MARK = const(5)
_FLASH_BODY = const(6)
_GOLD_COLOR = const(0xF2C230)
_GOLD_MARK_COLOR = const(0x8A5A00)
_FLASH_COLOR = const(0xFFFFB0)
_CELL_DARK = const(0x0C1420)
_CELL_LIGHT = const(0x142034)
_GHOST_BODIES = (0xA8F0A8, 0xF09090)   # legal spot, illegal spot


def _sheet():
    """Tile 0 transparent (empty cell), 1..6 faces, 7 the golden joker; LIT + 1..7 the same, lit up."""
    bitmap = displayio.Bitmap(_CELL * (LIT + 8), _CELL, 8)
    for lit, body, gold in ((0, dice.BODY, _GOLD), (LIT, _FLASH_BODY, _FLASH_BODY)):
        for face in range(1, 7):
            dice.draw_face(bitmap, (lit + face) * _CELL, 0, _CELL, face, body)
        dice.draw_face(bitmap, (lit + JOKER) * _CELL, 0, _CELL, 0, gold)
        # The joker's mark: a diamond in the middle.
        middle = (lit + JOKER) * _CELL + _CELL // 2
        for dy in range(-5, 5):
            for dx in range(-5, 5):
                if abs(dx + 0.5) + abs(dy + 0.5) <= 5:
                    bitmap[middle + dx, _CELL // 2 + dy] = _GOLD_MARK
    return bitmap


def _palette(body):
    colors = displayio.Palette(8)
    colors[dice.BODY] = body
    colors[dice.PIP] = palette.DIE_PIP
    colors[dice.EDGE] = palette.DIE_EDGE
    colors[_GOLD] = _GOLD_COLOR if body == palette.DIE_BODY else body
    colors[_GOLD_MARK] = _GOLD_MARK_COLOR
    colors[_FLASH_BODY] = _FLASH_COLOR
    colors[7] = 0
    colors.make_transparent(dice.OUTSIDE)
    return colors


def _frame(color):
    """A 20 x 20 outline (2 pixels wide) with a transparent inside: marks a taken cell under the cursor."""
    bitmap = displayio.Bitmap(_CELL, _CELL, 2)
    for i in range(_CELL):
        for k in (0, 1, _CELL - 2, _CELL - 1):
            bitmap[i, k] = 1
            bitmap[k, i] = 1
    colors = displayio.Palette(2)
    colors[1] = color
    colors.make_transparent(0)
    tile = displayio.TileGrid(bitmap, pixel_shader=colors)
    tile.hidden = True
    return tile


def _board_sheet():
    """The empty board's two cells, dark and light."""
    bitmap = displayio.Bitmap(2 * _CELL, _CELL, 2)
    for y in range(_CELL):
        for x in range(_CELL, 2 * _CELL):
            bitmap[x, y] = 1
    return bitmap


def _board_background(bitmap):
    """The empty board: a checkerboard of two dark cell colours, as a 5 x 5 grid of two 20-pixel tiles (a whole
    100 x 100 bitmap held 1.6 KB of the badge's heap, this 0.2 KB)."""
    colors = displayio.Palette(2)
    colors[0] = _CELL_DARK
    colors[1] = _CELL_LIGHT
    board = displayio.TileGrid(bitmap, pixel_shader=colors, width=SIDE, height=SIDE, tile_width=_CELL,
                               tile_height=_CELL, x=_BOARD_X, y=_BOARD_Y)
    for cell in range(SIDE * SIDE):
        board[cell] = (cell % SIDE + cell // SIDE) & 1
    return board


class WuerfelglanzView:
    def __init__(self, sheets=None):
        """sheets: the `sheets` of a view built before (pips.scene, make_view), else they are drawn."""
        if sheets is None:
            sheets = (_sheet(), _board_sheet())
        self.sheets = sheets  # bitmaps only: a TileGrid belongs to one group for good
        sheet = sheets[0]
        self.group = displayio.Group()
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(_board_background(sheets[1]))
        self.colors = _palette(palette.DIE_BODY)
        self.ghost_colors = _palette(_GHOST_BODIES[GHOST_OK])
        self.cells = DiceGrid(sheet, self.colors, SIDE, _CELL, _BOARD_X, _BOARD_Y)
        self.shown = self.cells.shown  # what the board shows (tests compare it with the engine's board)
        group.append(self.cells.tiles)
        self.settle = Settle(self.cells, LIT)  # a placed piece lights up for a moment as it lands
        self.tray = []
        self.ghosts = []
        for k in range(2):
            die = displayio.TileGrid(sheet, pixel_shader=self.colors, tile_width=_CELL, tile_height=_CELL,
                                     x=self.tray_x(k), y=TRAY_Y)
            self.tray.append(die)
            group.append(die)
        self.tray_tumble = Tumble(self.tray, face_tile)  # a new piece tumbles into the tray
        self.frames = []
        self._kept = 0  # the ghosts (bits 0, 1) and outlines (bits 2, 3) shown since hide_ghosts
        for k in range(2):
            ghost = displayio.TileGrid(sheet, pixel_shader=self.ghost_colors, tile_width=_CELL, tile_height=_CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            group.append(ghost)
            frame = _frame(palette.BAD)
            self.frames.append(frame)
            group.append(frame)
        self._numbers = [-1, -1, -1]  # score, moves and best as shown
        self.score = text.label("Score 0", 2, 1, palette.TEXT)
        self.time = text.label("", text.SCREEN_W - 2, 1, palette.DIM_TEXT, anchor=(1.0, 0.0))
        self.message = text.label("", 2, 116, palette.DIM_TEXT)
        self.moves = text.label("0", _PANEL_X, 59, palette.TEXT)
        self.best = text.label("0", _PANEL_X, 82, palette.ACCENT)
        self.rule = text.label("", _PANEL_X, 105, palette.TEXT)
        for item in (self.score, self.time, self.message, text.label("Tray", _PANEL_X, 13, palette.DIM_TEXT),
                     text.label("Moves", _PANEL_X, 48, palette.DIM_TEXT), self.moves,
                     text.label("Best", _PANEL_X, 71, palette.DIM_TEXT), self.best,
                     text.label("Rule", _PANEL_X, 94, palette.DIM_TEXT), self.rule):
            group.append(item)

    @staticmethod
    def tray_x(k):
        return _PANEL_X + k * (_CELL + 4)

    # ---- the board (self.cells: tiles 0 empty, 1..6, JOKER, LIT + code; only changed tiles are written) -----
    @property
    def tile_writes(self):
        return self.cells.tile_writes

    # ---- ghosts and tray: a draw shows the ghosts and outlines it needs, then hide_ghosts() hides the others (one
    # hidden and shown again in the same frame would be redrawn whole by the firmware, though nothing changed) -----
    def show_ghost(self, index, px, py, face, style):
        """A ghost die with its top-left at pixel (px, py), tinted by legality."""
        ghost = self.ghosts[index]
        ghost.x = px
        ghost.y = py
        if ghost[0] != face:
            ghost[0] = face
        body = _GHOST_BODIES[style]
        if self.ghost_colors[dice.BODY] != body:
            self.ghost_colors[dice.BODY] = body
            self.ghost_colors[_GOLD] = body
        show(ghost, True)
        self._kept |= 1 << index

    def show_taken(self, index, px, py):
        """A red outline instead of ghost `index`: the cell is taken, and its die stays in view."""
        frame = self.frames[index]
        frame.x = px
        frame.y = py
        show(frame, True)
        self._kept |= 4 << index

    def mark_no_room(self, length):
        """The red outline around each die of the tray piece: it found no room, the round is over."""
        for k in range(2):
            if k < length:
                self.show_taken(k, self.tray_x(k), TRAY_Y)

    def hide_ghosts(self):
        """Hide the ghosts and outlines not shown since the last call."""
        kept = self._kept
        self._kept = 0
        for k in range(2):
            if not kept >> k & 1:
                show(self.ghosts[k], False)
            if not kept >> (k + 2) & 1:
                show(self.frames[k], False)

    def set_tray(self, length, first, second, shown=True):
        for k in range(2):
            die = self.tray[k]
            face = first if k == 0 else second
            visible = shown and k < length
            if visible and die[0] != face and not self.tray_tumble.rolling(k):
                die[0] = face
            show(die, visible)

    # ---- text -----------------------------------------------------------------------------------------------
    def set_texts(self, score, moves, best, rule, message):
        """The numbers are formatted only when they change: a key press that leaves them allocates nothing."""
        if score != self._numbers[0]:
            self._numbers[0] = score
            text.set_text(self.score, "Score %d" % score)
        if moves != self._numbers[1]:
            self._numbers[1] = moves
            text.set_text(self.moves, "%d" % moves)
        if best != self._numbers[2]:
            self._numbers[2] = best
            text.set_text(self.best, "%d" % best)
        text.set_text(self.rule, rule)
        text.set_text(self.message, message)

    def set_time(self, shown):
        text.set_text(self.time, shown)


def cell_pixel_x(x):
    return _BOARD_X + x * _CELL


def cell_pixel_y(y):
    return _BOARD_Y + y * _CELL
