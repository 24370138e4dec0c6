"""Dice Duel's screen (160 x 128), built once: dice with keep marks, rolls left, the chip table (names lit
where the dice make them, values, tray and set-aside counts), every seat's name, score and chips, and a panel for
"pass the badge" messages.

    y  0  message line
    y 12  five dice (20 px) + rolls left      y 33 keep marks, y 37 die cursor
    y 40  chip names (lit green where the dice make them, grey where they do but the chips are gone)
    y 51  chip values   y 62 tray counts   y 73 set-aside counts
    y 84  one row per seat: name and score, chips held per kind
The chip table's columns are 15 px apart (two characters and a gap); a row is two labels, the even columns
and the odd ones, each spaced five characters (30 px), so the row reads "2P 3K SS ..." with few labels (RAM).
"""
import displayio

from engine.dice_duel_combos import CHIP_VALUES, KIND_COUNT, KIND_SHORT
from engine import dice_duel as dd
from pips.ui import dice, palette, shapes, text
from pips.ui.tumble import Tumble
from pips.dice_duel.texts import seat_name

DIE_SIZE = 20
DICE_TOP = 12
DIE_STEP = 24
DICE_LEFT = 2
KEEP_Y = 33
CURSOR_Y = 37
NAMES_Y = 40
VALUES_Y = 51
TRAY_Y = 62
ASIDE_Y = 73
SEATS_Y = 84
SEAT_STEP = 11
COLUMN_LEFT = 54         # the chip columns
COLUMN_STEP = 15
_CELL_CHARS = 5          # characters from one column of a parity label to its next (2 * COLUMN_STEP / 6)
_COUNT_SHIFT = 3         # one-character counts sit in the middle of their two-character column
_SEAT_CHARS = 8          # name and right-aligned score before the chip columns: "CPU2 125"
RED_TILE = 6            # sheet tiles: 0 blank, 1..6 black faces, 7..12 red faces (face + RED_TILE)
_RED_PIP = 4

RED = 0xD02828


def _dice_sheet():
    """The shared die drawing, with the even faces' pips recoloured red (one 5-colour sheet)."""
    faces = dice.FACES
    bitmap = displayio.Bitmap(DIE_SIZE * (faces + RED_TILE), DIE_SIZE, 5)
    for face in range(faces):
        dice.draw_face(bitmap, face * DIE_SIZE, 0, DIE_SIZE, face)
    for face in range(1, faces):
        dice.draw_face(bitmap, (face + RED_TILE) * DIE_SIZE, 0, DIE_SIZE, face)
        if face % 2 == 0:
            dice.recolor(bitmap, face + RED_TILE, DIE_SIZE, dice.PIP, _RED_PIP)
    colors = displayio.Palette(5)
    colors[dice.BODY] = palette.DIE_BODY
    colors[dice.PIP] = palette.DIE_PIP
    colors[dice.EDGE] = palette.DIE_EDGE
    colors[_RED_PIP] = RED
    colors.make_transparent(dice.OUTSIDE)
    return bitmap, colors


def die_tile(face):
    """Sheet tile of a face: [edition] odd faces black, even faces red."""
    if face == 0:
        return 0
    return face + RED_TILE if face % 2 == 0 else face


class DiceDuelView:
    def __init__(self, players, cpu_mask):
        self.group = group = displayio.Group()
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        self.message = text.label("", 2, 0, palette.ACCENT)
        group.append(self.message)
        sheet, colors = _dice_sheet()
        self.dice = []
        self.keep_marks = []
        for i in range(dd.DICE):
            x = DICE_LEFT + i * DIE_STEP
            die = displayio.TileGrid(sheet, pixel_shader=colors, tile_width=DIE_SIZE, tile_height=DIE_SIZE,
                                     x=x, y=DICE_TOP)
            self.dice.append(die)
            group.append(die)
            mark = shapes.rect(x + 2, KEEP_Y, DIE_SIZE - 4, 3, palette.GOOD)
            mark.hidden = True
            self.keep_marks.append(mark)
            group.append(mark)
        self.tumble = Tumble(self.dice, die_tile)  # rolled dice tumble for a moment (pips.ui.tumble)
        self.cursor = shapes.rect(DICE_LEFT, CURSOR_Y, DIE_SIZE, 2, palette.ACCENT)
        group.append(self.cursor)
        group.append(text.label("Rolls", 126, DICE_TOP - 1, palette.DIM_TEXT))
        self.rolls = text.label("3", 133, DICE_TOP + 9, palette.TEXT, scale=2)
        group.append(self.rolls)
        # Behind each chip name: lit when the dice make that combination (green, or grey when its chips are gone).
        self.made = []
        for kind in range(KIND_COUNT):
            lit = shapes.rect(column_x(kind) - 1, NAMES_Y, 14, 11, MADE_OPEN)
            lit.hidden = True
            self.made.append(lit)
            group.append(lit)
        self.chip_bar = shapes.rect(0, TRAY_Y, 14, 11, palette.HIGHLIGHT)
        self.chip_bar.hidden = True
        group.append(self.chip_bar)
        for name, y in (("Chip", NAMES_Y), ("Points", VALUES_Y), ("Tray", TRAY_Y), ("Set aside", ASIDE_Y)):
            group.append(text.label(name, 2, y, palette.DIM_TEXT))
        for parity in (0, 1):
            group.append(text.label(_cells(KIND_SHORT, parity), column_x(parity), NAMES_Y, palette.TEXT))
            values = [("%2d" % CHIP_VALUES[kind]) for kind in range(KIND_COUNT)]
            group.append(text.label(_cells(values, parity), column_x(parity), VALUES_Y, palette.DIM_TEXT))
        self.tray = self._add_row(TRAY_Y, _COUNT_SHIFT, palette.TEXT)
        self.aside = self._add_row(ASIDE_Y, _COUNT_SHIFT, palette.TEXT)
        self.seat_names = []
        self.seat_chips = []
        for seat in range(players):
            y = ASIDE_Y + (seat + 1) * SEAT_STEP
            name = text.label("", 2, y, palette.TEXT)
            self.seat_names.append(name)
            group.append(name)
            self.seat_chips.append(self._add_row(y, _COUNT_SHIFT, palette.TEXT))
        self.cpu_mask = cpu_mask
        # "Pass the badge" / roll-off panel over the lower screen.
        self.panel = displayio.Group()
        self.panel.append(shapes.panel(8, 40, 144, 60, palette.PANEL, palette.BORDER))
        self.panel_title = text.centered("", 46, palette.ACCENT)
        self.panel_body = text.centered("", 58, palette.TEXT)
        self.panel_body2 = text.centered("", 70, palette.TEXT)
        self.panel.append(self.panel_title)
        self.panel.append(self.panel_body)
        self.panel.append(self.panel_body2)
        self.panel.append(text.centered("A: ready", 84, palette.DIM_TEXT))
        self.panel.hidden = True
        group.append(self.panel)

    def _add_row(self, y, shift, color):
        """Two labels (even and odd columns) for a row of per-kind cells; returns them as a pair."""
        pair = (text.label("", column_x(0) + shift, y, color), text.label("", column_x(1) + shift, y, color))
        self.group.append(pair[0])
        self.group.append(pair[1])
        return pair

    def show_panel(self, title, body, body2=""):
        text.set_text(self.panel_title, title)
        text.set_text(self.panel_body, body)
        text.set_text(self.panel_body2, body2)
        self.panel.hidden = False

    def hide_panel(self):
        self.panel.hidden = True

    def set_message(self, message):
        text.set_text(self.message, message)

    def draw(self, game, die_cursor, chip_choice, show_cursor):
        """Everything from the engine's state; labels change only when their text does."""
        for i in range(dd.DICE):
            if self.tumble.rolling(i):
                continue  # the tumble shows it until it ends
            tile = die_tile(game.dice[i])
            if self.dice[i][0] != tile:
                self.dice[i][0] = tile
            kept = game.phase == dd.PHASE_ROLL and game.rolls_left < dd.ROLLS_PER_TURN and game.keep >> i & 1
            self.keep_marks[i].hidden = not kept
        self.cursor.hidden = not show_cursor
        self.cursor.x = DICE_LEFT + die_cursor * DIE_STEP
        text.set_text(self.rolls, str(game.rolls_left))
        mask = game.mask
        tray = game.tray
        for kind in range(KIND_COUNT):
            lit = self.made[kind]
            lit.hidden = not mask >> kind & 1
            color = MADE_OPEN if tray[kind] else MADE_GONE
            if lit.pixel_shader[0] != color:
                lit.pixel_shader[0] = color
        _set_row(self.tray, tray, 0, "-")
        _set_row(self.aside, game.aside, 0, "")
        if chip_choice == dd.CHOICE_NONE:
            self.chip_bar.hidden = True
        else:
            self.chip_bar.hidden = False
            self.chip_bar.x = column_x(chip_choice & 7) - 1
            self.chip_bar.y = ASIDE_Y if chip_choice >= dd.CHOICE_ASIDE else TRAY_Y
        for seat in range(game.players):
            name = seat_name(self.cpu_mask, seat, game.players)
            score = str(game.score(seat))
            lbl = self.seat_names[seat]
            text.set_text(lbl, name + " " * max(1, _SEAT_CHARS - len(name) - len(score)) + score)
            text.set_color(lbl, palette.ACCENT if seat == game.current and not game.is_over() else palette.TEXT)
            _set_row(self.seat_chips[seat], game.held, seat * KIND_COUNT, "")


MADE_OPEN = 0x1F6A36     # behind a chip name the dice make
MADE_GONE = 0x3A4250     # ... whose chips are all gone


def column_x(kind):
    return COLUMN_LEFT + kind * COLUMN_STEP


def _cells(names, parity):
    """The cells of every other kind (parity 0: kinds 0 2 4 6, 1: kinds 1 3 5) in one string, each cell
    _CELL_CHARS wide; trailing blanks dropped."""
    out = ""
    for kind in range(parity, KIND_COUNT, 2):
        out += (names[kind] + " " * _CELL_CHARS)[:_CELL_CHARS]
    return out.rstrip()


def _set_row(pair, values, start, zero):
    """Counts values[start..start+6] into a row's two labels (`zero` shown for 0)."""
    cells = []
    for kind in range(KIND_COUNT):
        count = values[start + kind]
        cells.append(str(count) if count else zero)
    text.set_text(pair[0], _cells(cells, 0))
    text.set_text(pair[1], _cells(cells, 1))
