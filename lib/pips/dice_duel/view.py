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
COLUMN_LEFT = 44
COLUMN_STEP = 16
RED_TILE = 6            # sheet tiles: 0 blank, 1..6 black faces, 7..12 red faces (face + RED_TILE)
_RED_PIP = 4

RED = 0xD02828
GREY = 0x4A5460


def _dice_sheet():
    """The shared die drawing, with the even faces' pips recoloured red (one 5-colour sheet)."""
    faces = dice.FACES
    bitmap = displayio.Bitmap(DIE_SIZE * (faces + RED_TILE), DIE_SIZE, 5)
    for face in range(faces):
        dice.draw_face(bitmap, face * DIE_SIZE, 0, DIE_SIZE, face)
    for face in range(1, faces):
        left = (face + RED_TILE) * DIE_SIZE
        dice.draw_face(bitmap, left, 0, DIE_SIZE, face)
        if face % 2 == 0:
            for y in range(DIE_SIZE):
                for x in range(left, left + DIE_SIZE):
                    if bitmap[x, y] == dice.PIP:
                        bitmap[x, y] = _RED_PIP
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
        group.append(text.label("Dice", 2, COMBO_Y, palette.DIM_TEXT))
        group.append(text.label("Chip", 2, NAMES_Y, palette.DIM_TEXT))
        group.append(text.label("Tray", 2, TRAY_Y, palette.DIM_TEXT))
        group.append(text.label("Aside", 2, ASIDE_Y, palette.DIM_TEXT))
        self.combos = []
        self.tray = []
        self.aside = []
        for kind in range(KIND_COUNT):
            x = COLUMN_LEFT + kind * COLUMN_STEP
            group.append(text.label(KIND_SHORT[kind], x, NAMES_Y, palette.TEXT))
            for row, y in ((self.combos, COMBO_Y), (self.tray, TRAY_Y), (self.aside, ASIDE_Y)):
                lbl = text.label("", x if row is self.combos else x + 3, y, palette.TEXT)
                row.append(lbl)
                group.append(lbl)
        self.seat_names = []
        self.seat_chips = []
        for seat in range(players):
            y = SEATS_Y + seat * SEAT_STEP
            name = text.label("", 2, y, palette.TEXT)
            self.seat_names.append(name)
            group.append(name)
            chips = []
            for kind in range(KIND_COUNT):
                lbl = text.label("", COLUMN_LEFT + kind * COLUMN_STEP + 3, y, palette.TEXT)
                chips.append(lbl)
                group.append(lbl)
            self.seat_chips.append(chips)
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
        for kind in range(KIND_COUNT):
            made = mask >> kind & 1
            lbl = self.combos[kind]
            text.set_text(lbl, KIND_SHORT[kind] if made else "")
            text.set_color(lbl, palette.GOOD if made and game.tray[kind] else GREY)
            text.set_text(self.tray[kind], str(game.tray[kind]))
            text.set_color(self.tray[kind], palette.TEXT if game.tray[kind] else GREY)
            text.set_text(self.aside[kind], str(game.aside[kind]) if game.aside[kind] else "")
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
            for kind in range(KIND_COUNT):
                count = game.held_count(seat, kind)
                text.set_text(self.seat_chips[seat][kind], str(count) if count else "")
