"""Dymino's screen, built once: score line, the 5x5 grid of 20-pixel dice with a marks layer and two ghost dice,
the side panel (roll, bonus die and power, series), and a message line. Drawing writes tile indices only, and only
for tiles whose index changes (`tile_writes` counts the grid's writes, for the tests).

    0..12    score (left), best (right) in the 6 x 12 font when both fit in 26 columns; else two rows of 3 x 5
             digits (40 columns each): the score, then "Hi" and the best. Always exact, digits grouped.
    14..113  grid at x 2..101          side panel x 106..159: roll 13..45, bonus 48..94, series 93..117 (two lines)
    116..127 message
"""
import displayio
from bitmaptools import fill_region

from pips.ui import dice, palette, shapes, show, text
from pips.ui.dice_grid import DiceGrid
from pips.ui.settle import Settle
from pips.ui.tiny_text import TinyText, tiny_sheet
from pips.ui.tumble import Tumble, face_tile

from micropython import const

CELL = const(20)
SIDE = const(5)
LIT = const(6)  # tile LIT + face: that die lit up as it lands
GRID_X = const(2)
GRID_Y = const(14)
_PANEL_X = const(106)

_MARK_NONE = const(0)
MARK_MERGE = const(1)    # gold frame: a merging group
MARK_CLEAR = const(2)    # red frame: dice a bonus removes (preview and animation)
_MARK_LINE = const(3)     # a 1-pixel frame: each empty cell's outline on the board

GHOST_OK = const(0)
GHOST_BAD = const(1)
GHOST_BONUS = const(2)

_CELL_FILL = const(0x0C1420)
_CELL_LINE = const(0x24364E)
_TINY_COLUMNS = const(40)     # 3 x 5 glyphs across the whole screen: a saturated 40-digit score fits


def _face_sheet():
    """Tile 0 transparent (an empty cell), tiles 1..6 the faces, LIT + 1..6 the same lit up (body and pips
    swapped: a die just placed flashes so, pips.ui.settle)."""
    bitmap = displayio.Bitmap(CELL * (LIT + 7), CELL, 4)
    for face in range(1, 7):
        dice.draw_face(bitmap, face * CELL, 0, CELL, face)
        dice.draw_face(bitmap, (LIT + face) * CELL, 0, CELL, face, body=dice.PIP, pip=dice.BODY)
    return bitmap


def _mark_sheet():
    bitmap = displayio.Bitmap(CELL * 4, CELL, 4)
    for tile in range(1, 4):
        width = 1 if tile == _MARK_LINE else 2
        left = tile * CELL
        right = left + CELL
        fill_region(bitmap, left, 0, right, width, tile)  # the frame's four sides
        fill_region(bitmap, left, CELL - width, right, CELL, tile)
        fill_region(bitmap, left, 0, left + width, CELL, tile)
        fill_region(bitmap, right - width, 0, right, CELL, tile)
    return bitmap


def _board(bitmap):
    """The empty grid: every cell outlined, as a 5 x 5 grid of the mark sheet's 1-pixel frame (a whole 100 x 100
    bitmap held 1.6 KB of the badge's heap; this, no bitmap of its own)."""
    colors = displayio.Palette(4)
    colors[0] = _CELL_FILL
    colors[_MARK_LINE] = _CELL_LINE
    return displayio.TileGrid(bitmap, pixel_shader=colors, width=SIDE, height=SIDE, tile_width=CELL,
                              tile_height=CELL, default_tile=_MARK_LINE, x=GRID_X, y=GRID_Y)


class DyminoView:
    def __init__(self, sheets=None):
        """sheets: the `sheets` of a view built before (pips.scene, make_view), else they are drawn."""
        if sheets is None:
            sheets = (_face_sheet(), _mark_sheet(), tiny_sheet())
        self.sheets = sheets  # bitmaps only: a TileGrid belongs to one group for good
        self.group = displayio.Group()
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        faces = sheets[0]
        self.die_colors = dice.dice_palette()
        ghost_colors = dice.dice_palette()  # one palette: show_ghost sets its body to the ghosts' style
        group.append(_board(sheets[1]))
        self.cells = DiceGrid(faces, self.die_colors, SIDE, CELL, GRID_X, GRID_Y)
        self.shown = self.cells.shown  # what the grid shows (tests compare it with the engine's grid)
        group.append(self.cells.tiles)
        self.faces = faces  # the sheet, for the dice a merge flies together (pips.ui.flight)
        self.settle = Settle(self.cells, LIT)  # a placed die lights up for a moment as it lands
        marks = displayio.Palette(4)
        marks[MARK_MERGE] = palette.ACCENT
        marks[MARK_CLEAR] = palette.BAD
        marks.make_transparent(0)
        self.marks = displayio.TileGrid(sheets[1], pixel_shader=marks, width=SIDE, height=SIDE,
                                        tile_width=CELL, tile_height=CELL, x=GRID_X, y=GRID_Y)
        group.append(self.marks)
        self._marked = 0  # the cells marked since begin_marks (a bit each)
        self._kept = 0  # the ghosts shown since hide_ghosts (a bit each)
        self.ghosts = []
        for _ in range(2):
            ghost = displayio.TileGrid(faces, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            group.append(ghost)
        # Score line and message.
        self.score = text.label("", 2, 1, palette.TEXT)  # the scene's first draw writes the score
        self.best = text.label("", text.SCREEN_W - 2, 1, palette.DIM_TEXT, anchor=(1.0, 0.0))
        self.tiny_score = TinyText(_TINY_COLUMNS, 0, 0, palette.TEXT, sheets[2])
        self.tiny_best = TinyText(_TINY_COLUMNS, 0, 7, palette.DIM_TEXT, sheets[2])
        group.append(self.tiny_score.tiles)
        group.append(self.tiny_best.tiles)
        self.message = text.label("", 2, 116, palette.DIM_TEXT)
        # Side panel: the roll, the bonus die and its power, the series.
        self.roll_title = text.label("Roll", _PANEL_X, 13, palette.DIM_TEXT)
        self.roll = []
        for k in range(2):
            die = displayio.TileGrid(faces, pixel_shader=self.die_colors, tile_width=CELL, tile_height=CELL,
                                     x=_PANEL_X + 2 + 26 * k, y=25)
            self.roll.append(die)
        self.roll_tumble = Tumble(self.roll, face_tile)  # a new roll tumbles for a moment
        self.bonus_title = text.label("", _PANEL_X, 48, palette.ACCENT)
        self.bonus_die = displayio.TileGrid(faces, pixel_shader=self.die_colors, tile_width=CELL, tile_height=CELL,
                                            x=_PANEL_X + 2, y=60)
        self.bonus_name = text.label("", _PANEL_X, 82, palette.TEXT)
        self.series = text.label("", _PANEL_X, 93, palette.ACCENT)  # two lines: the place, the factor
        for item in (self.score, self.best, self.message, self.roll_title, self.roll[0], self.roll[1],
                     self.bonus_title, self.bonus_die, self.bonus_name, self.series):
            group.append(item)

    # ---- the grid (self.cells: set_cell / sync write only changed tiles) ----------------------------------
    @property
    def tile_writes(self):
        return self.cells.tile_writes

    # A draw does not clear a mark or hide a ghost it then shows again: the firmware redraws the whole cell or ghost
    # even when nothing changed. begin_marks() .. end_marks() clears only the marks not set in between, and
    # hide_ghosts() hides the ghosts not shown since its last call.
    def set_mark(self, cell, mark):
        self._marked |= 1 << cell  # (25 cells: a small int)
        if self.marks[cell] != mark:  # (a flat index: no (x, y) tuple)
            self.marks[cell] = mark

    def begin_marks(self):
        self._marked = 0

    def end_marks(self):
        marked = self._marked
        marks = self.marks
        for cell in range(SIDE * SIDE):
            if not marked >> cell & 1 and marks[cell] != _MARK_NONE:
                marks[cell] = _MARK_NONE

    def clear_marks(self):
        self.begin_marks()
        self.end_marks()

    # ---- ghosts -----------------------------------------------------------------------------------------
    def show_ghost(self, index, x, y, face, style):
        ghost = self.ghosts[index]
        ghost.x = GRID_X + x * CELL
        ghost.y = GRID_Y + y * CELL
        if ghost[0] != face:
            ghost[0] = face
        body = (0xFFE08A, 0xE07070, 0x8CC8FF)[style]  # GHOST_OK, GHOST_BAD, GHOST_BONUS
        colors = ghost.pixel_shader
        if colors[dice.BODY] != body:
            colors[dice.BODY] = body
        show(ghost, True)
        self._kept |= 1 << index

    def hide_ghosts(self):
        kept = self._kept
        self._kept = 0
        for k in range(2):
            if not kept >> k & 1:
                show(self.ghosts[k], False)

    # ---- panel and text ---------------------------------------------------------------------------------
    def set_roll(self, first, second):
        """The roll's two faces; a face 0 hides its die (placed, or no roll), both 0 the title too."""
        show(self.roll_title, first or second)
        for k in range(2):
            face = second if k else first
            die = self.roll[k]
            if face and die[0] != face and not self.roll_tumble.rolling(k):
                die[0] = face
            show(die, face)

    def set_bonus(self, title, face, name):
        """The pending bonus: a title ("Bonus 4" / "" to hide), the die's face and the power's name."""
        text.set_text(self.bonus_title, title)
        show(self.bonus_die, title)
        if face and self.bonus_die[0] != face:
            self.bonus_die[0] = face
        text.set_text(self.bonus_name, name)

    def set_series(self, shown):
        """The running series as shown ("Series 2\\nx3"), or ""."""
        text.set_text(self.series, shown)

    def set_score(self, score, best):
        """The exact score and best as texts ("1,234", "Hi 1,234"): one line in the normal font when they fit, else
        two tiny rows."""
        small = len(score) + 1 + len(best) > text.COLUMNS
        text.set_text(self.score, "" if small else score)
        text.set_text(self.best, "" if small else best)
        self.tiny_score.set(_fit(score) if small else "")
        self.tiny_best.set(_fit(best) if small else "")

    def set_message(self, message):
        text.set_text(self.message, message)


def _fit(shown):
    """The small rows' text: without the digit groups when they would not fit (past 30 digits), and at a
    saturated best (40 digits) without the "Hi " before it: the digits always show whole."""
    if len(shown) <= _TINY_COLUMNS:
        return shown
    shown = shown.replace(",", "")
    return shown if len(shown) <= _TINY_COLUMNS else shown[len(shown) - _TINY_COLUMNS:]
