"""Dice Duel's screen (160 x 128), built once: dice with keep marks, rolls left, the combinations the dice make,
the chip tray and set-aside chips, every seat's chips and score, and a panel for "pass the badge" messages.

    y  0  message line
    y 12  five dice (20 px) + rolls left      y 33 keep marks, y 37 die cursor
    y 40  combinations made (greyed when their chips are gone), in the chip columns
    y 52  chip names    y 63 tray counts    y 74 set-aside counts
    y 85  one row per seat: name, score, chips held per kind
"""
import displayio

from engine.dice_duel_combos import KIND_COUNT, KIND_SHORT
from engine import dice_duel as dd
from pips.ui import dice, palette, shapes, text
from pips.dice_duel.texts import seat_name

DIE_SIZE = 20
DICE_TOP = 12
DIE_STEP = 24
DICE_LEFT = 2
KEEP_Y = 33
CURSOR_Y = 37
COMBO_Y = 40
NAMES_Y = 52
TRAY_Y = 63
ASIDE_Y = 74
SEATS_Y = 85
SEAT_STEP = 11
COLUMN_LEFT = 72         # the chip columns: two characters each, one label per row (few labels: RAM)
COLUMN_STEP = 12
RED_TILE = 6            # sheet tiles: 0 blank, 1..6 black faces, 7..12 red faces (face + RED_TILE)
_RED_PIP = 4

RED = 0xD02828
GREY = 0x4A5460
NAME_TINT = 0x8CB4E8


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
        self.cursor = shapes.rect(DICE_LEFT, CURSOR_Y, DIE_SIZE, 2, palette.ACCENT)
        group.append(self.cursor)
        group.append(text.label("Rolls", 126, DICE_TOP - 1, palette.DIM_TEXT))
        self.rolls = text.label("3", 133, DICE_TOP + 9, palette.TEXT, scale=2)
        group.append(self.rolls)
        self.chip_bar = shapes.rect(0, TRAY_Y, COLUMN_STEP, 11, palette.HIGHLIGHT)
        self.chip_bar.hidden = True
        group.append(self.chip_bar)
        group.append(text.label("Dice makes", 2, COMBO_Y, palette.DIM_TEXT))
        group.append(text.label("Chip", 2, NAMES_Y, palette.DIM_TEXT))
        group.append(text.label("Tray", 2, TRAY_Y, palette.DIM_TEXT))
        group.append(text.label("Set aside", 2, ASIDE_Y, palette.DIM_TEXT))
        # Chip names in alternating colours, so that neighbouring two-letter names read apart.
        group.append(text.label(_columns(KIND_SHORT, 0), COLUMN_LEFT, NAMES_Y, palette.TEXT))
        group.append(text.label(_columns(KIND_SHORT, 1), COLUMN_LEFT, NAMES_Y, NAME_TINT))
        self.combos_open = text.label("", COLUMN_LEFT, COMBO_Y, palette.GOOD)
        self.combos_gone = text.label("", COLUMN_LEFT, COMBO_Y, GREY)
        self.tray = text.label("", COLUMN_LEFT, TRAY_Y, palette.TEXT)
        self.aside = text.label("", COLUMN_LEFT, ASIDE_Y, palette.TEXT)
        for lbl in (self.combos_open, self.combos_gone, self.tray, self.aside):
            group.append(lbl)
        self.seat_names = []
        self.seat_chips = []
        for seat in range(players):
            y = SEATS_Y + seat * SEAT_STEP
            name = text.label("", 2, y, palette.TEXT)
            chips = text.label("", COLUMN_LEFT, y, palette.TEXT)
            self.seat_names.append(name)
            self.seat_chips.append(chips)
            group.append(name)
            group.append(chips)
        self.cpu_mask = cpu_mask
        # "Pass the badge" / roll-off panel over the lower screen.
        self.panel = displayio.Group()
        self.panel.append(shapes.panel(8, 40, 144, 60, palette.PANEL, palette.BORDER))
        self.panel_title = text.centered("", 46, palette.ACCENT)
        self.panel_body = text.centered("", 62, palette.TEXT)
        self.panel.append(self.panel_title)
        self.panel.append(self.panel_body)
        self.panel.append(text.centered("A: ready", 82, palette.DIM_TEXT))
        self.panel.hidden = True
        group.append(self.panel)

    def show_panel(self, title, body):
        text.set_text(self.panel_title, title)
        text.set_text(self.panel_body, body)
        self.panel.hidden = False

    def hide_panel(self):
        self.panel.hidden = True

    def set_message(self, message):
        text.set_text(self.message, message)

    def draw(self, game, die_cursor, chip_choice, show_cursor):
        """Everything from the engine's state; labels change only when their text does."""
        for i in range(dd.DICE):
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
        made_open = [""] * KIND_COUNT
        made_gone = [""] * KIND_COUNT
        for kind in range(KIND_COUNT):
            if mask >> kind & 1:
                if tray[kind]:
                    made_open[kind] = KIND_SHORT[kind]
                else:
                    made_gone[kind] = KIND_SHORT[kind]
        text.set_text(self.combos_open, _cells(made_open))
        text.set_text(self.combos_gone, _cells(made_gone))
        text.set_text(self.tray, _counts(tray, 0, "-"))
        text.set_text(self.aside, _counts(game.aside, 0, ""))
        if chip_choice == dd.CHOICE_NONE:
            self.chip_bar.hidden = True
        else:
            self.chip_bar.hidden = False
            self.chip_bar.x = COLUMN_LEFT + (chip_choice & 7) * COLUMN_STEP
            self.chip_bar.y = ASIDE_Y if chip_choice >= dd.CHOICE_ASIDE else TRAY_Y
        for seat in range(game.players):
            name = "%s %d" % (seat_name(self.cpu_mask, seat), game.score(seat))
            lbl = self.seat_names[seat]
            text.set_text(lbl, name)
            text.set_color(lbl, palette.ACCENT if seat == game.current and not game.is_over() else palette.TEXT)
            text.set_text(self.seat_chips[seat], _counts(game.held, seat * KIND_COUNT, ""))


def _cells(names):
    """Seven two-character cells in one string ("" = blank cell); trailing blanks dropped."""
    out = ""
    for name in names:
        out += (name + "  ")[:2]
    return out.rstrip()


def _columns(names, parity):
    """The names of every other kind (parity 0: 2P SS FH LS, 1: 3K FL 4K) at their columns."""
    return _cells([names[k] if k % 2 == parity else "" for k in range(KIND_COUNT)])


def _counts(values, start, zero):
    """Counts values[start..start+6] under the chip names (`zero` shown for 0)."""
    cells = []
    for kind in range(KIND_COUNT):
        count = values[start + kind]
        cells.append(str(count) if count else zero)
    return _cells(cells)
