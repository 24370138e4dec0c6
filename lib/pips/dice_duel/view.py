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
The counts (tray, set aside, each seat's chips) change as chips move: they are one-character cells of two tile
grids (even and odd kinds; pips.ui.text_grid), rewritten row by row only when a count in the row changed, with no
string built. draw() compares with what is shown and touches only what changed (a key press redraws a die, the
cursor or a keep mark; the badge's frame budget: bench/bench_badge_frames.py).
"""
from micropython import const

import displayio

from engine.dice_duel_combos import CHIP_VALUES, KIND_COUNT, KIND_SHORT, is_red
from engine import dice_duel as dd
from pips.ui import dice, palette, shapes, show, text
from pips.ui.text_grid import TextGrid, encode
from pips.ui.tumble import Tumble, face_tile
from pips.dice_duel.texts import seat_name

_DIE_SIZE = const(20)
_DICE_TOP = const(12)
_DIE_STEP = const(24)
_DICE_LEFT = const(2)
_KEEP_Y = const(33)
_CURSOR_Y = const(37)
_NAMES_Y = const(40)
_VALUES_Y = const(51)
_TRAY_Y = const(62)
_ASIDE_Y = const(73)
_SEAT_STEP = const(11)
_COLUMN_LEFT = const(54)         # the chip columns
_COLUMN_STEP = const(15)
_CELL_CHARS = const(5)          # characters from one column of a parity label to its next (2 * _COLUMN_STEP / 6)
_COUNT_SHIFT = const(3)         # one-character counts sit in the middle of their two-character column
_SEAT_CHARS = const(8)          # name and right-aligned score before the chip columns: "CPU2 125"
_COUNT_ROWS = const(2)          # tray and set-aside rows of the count grids, then one row a seat
_COUNT_COLUMNS = (16, 11)  # count grids' widths (even kinds at columns 0 5 10 15, odd kinds at 0 5 10)
_ROLLS_TEXT = ("0", "1", "2", "3")  # rolls left, as shown (no str() in a frame)
# The message line is a tile grid: a new message writes 26 tile indices (a label laid its text out again: a glyph
# object a character, ~2 KB of garbage a message under CircuitPython).
_MESSAGE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :!?.,-'"
_TABLE_GLYPHS = "CPUYou0123456789-"  # the counts' and seats' characters
_BLANK = const(32)
_DASH = const(45)
_DIGIT_0 = const(48)

_RED = const(0xD02828)
_MADE_OPEN = const(0x1F6A36)     # behind a chip name the dice make
_MADE_GONE = const(0x3A4250)     # ... whose chips are all gone


class DiceDuelView:
    def __init__(self, players, cpu_mask):
        self.group = group = displayio.Group()
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        self.message = TextGrid(text.COLUMNS, 1, 2, 0, palette.ACCENT, _MESSAGE_CHARS, background=palette.BACKGROUND)
        self.message_text = ""
        self.message_codes = b""  # message_text encoded: a control hint over it gives it back without a new string
        group.append(self.message.grid)
        # The shared die sheet (pips.ui.dice, 2 bits a pixel) under two palettes: [edition] odd faces' pips black,
        # even faces' red (a 5-colour sheet with red copies of the faces held 2.6 KB in one block).
        sheet, self.black_pips = dice.dice_sheet(_DIE_SIZE)
        self.red_pips = dice.dice_palette(pip=_RED)
        self.dice = []
        self.keep_marks = []
        for i in range(dd.DICE):
            x = _DICE_LEFT + i * _DIE_STEP
            die = displayio.TileGrid(sheet, pixel_shader=self.black_pips, tile_width=_DIE_SIZE,
                                     tile_height=_DIE_SIZE, x=x, y=_DICE_TOP)
            self.dice.append(die)
            group.append(die)
            mark = shapes.rect(x + 2, _KEEP_Y, _DIE_SIZE - 4, 3, palette.GOOD)
            mark.hidden = True
            self.keep_marks.append(mark)
            group.append(mark)
        self.tumble = Tumble(self.dice, face_tile)  # rolled dice tumble for a moment (pips.ui.tumble)
        self.cursor = shapes.rect(_DICE_LEFT, _CURSOR_Y, _DIE_SIZE, 2, palette.ACCENT)
        group.append(self.cursor)
        group.append(text.label("Rolls", 126, _DICE_TOP - 1, palette.DIM_TEXT))
        self.rolls = text.label("3", 133, _DICE_TOP + 9, palette.TEXT, scale=2)
        group.append(self.rolls)
        # Behind each chip name: lit when the dice make that combination (green, or grey when its chips are gone).
        self.made = []
        for kind in range(KIND_COUNT):
            lit = shapes.rect(column_x(kind) - 1, _NAMES_Y, 14, 11, _MADE_OPEN)
            lit.hidden = True
            self.made.append(lit)
            group.append(lit)
        self.chip_bar = shapes.rect(0, _TRAY_Y, 14, 11, palette.HIGHLIGHT)
        self.chip_bar.hidden = True
        group.append(self.chip_bar)
        for name, y in (("Chip", _NAMES_Y), ("Points", _VALUES_Y), ("Tray", _TRAY_Y), ("Set aside", _ASIDE_Y)):
            group.append(text.label(name, 2, y, palette.DIM_TEXT))
        for parity in (0, 1):
            group.append(text.label(_cells(KIND_SHORT, parity), column_x(parity), _NAMES_Y, palette.TEXT))
            values = [("%2d" % CHIP_VALUES[kind]) for kind in range(KIND_COUNT)]
            group.append(text.label(_cells(values, parity), column_x(parity), _VALUES_Y, palette.DIM_TEXT))
        # The counts: rows tray, set aside, then each seat; 11 px apart as the labels beside them.
        # One glyph sheet (11 px rows) for the counts and the seats' rows.
        seats_y = _ASIDE_Y + _SEAT_STEP
        # (opaque: only the current seat's accent grid lies over it)
        self.seats = TextGrid(_SEAT_CHARS, players, 2, seats_y, palette.TEXT, _TABLE_GLYPHS, cell_h=_SEAT_STEP,
                              background=palette.BACKGROUND)
        self.counts = []
        for parity in (0, 1):
            grid = TextGrid(_COUNT_COLUMNS[parity], _COUNT_ROWS + players, column_x(parity) + _COUNT_SHIFT, _TRAY_Y,
                            palette.TEXT, None, like=self.seats)
            self.counts.append(grid)
            group.append(grid.grid)
        self.row_codes = bytearray(_COUNT_COLUMNS[0])  # one row's characters while it is written
        # What the count rows show (0xFF: not drawn yet), the seats' scores and who was current.
        self.shown = bytearray(b"\xff" * (_COUNT_ROWS * KIND_COUNT + players * KIND_COUNT))
        self.shown_scores = [-1] * players
        self.shown_current = -1
        # Each seat's name and score ("CPU2 125"): tile grids too, the current seat's row in its own accent grid
        # that moves to that seat (its row in the plain grid stays blank).
        self.current_seat = TextGrid(_SEAT_CHARS, 1, 2, seats_y, palette.ACCENT, None, like=self.seats)
        self.current_seat.grid.hidden = True
        group.append(self.seats.grid)
        group.append(self.current_seat.grid)
        self.seat_names = [encode(seat_name(cpu_mask, seat, players)) for seat in range(players)]
        self.seat_row = bytearray(_SEAT_CHARS)
        self.cpu_mask = cpu_mask
        # "Pass the badge" / roll-off panel over the lower screen: built when shown, dropped when hidden (1.5 KB
        # of labels a game against the CPU shows once).
        self.panel = None

    def show_panel(self, title, body, body2="", body3=""):
        if self.panel is None:
            self.panel = displayio.Group()
            self.panel.append(shapes.panel(8, 38, 144, 66, palette.PANEL, palette.BORDER))
            self.panel_title = text.centered("", 43, palette.ACCENT)
            self.panel_body = text.centered("", 55, palette.TEXT)
            self.panel_body2 = text.centered("", 66, palette.TEXT)
            self.panel_body3 = text.centered("", 77, palette.TEXT)
            self.panel.append(self.panel_title)
            self.panel.append(self.panel_body)
            self.panel.append(self.panel_body2)
            self.panel.append(self.panel_body3)
            self.panel.append(text.centered("A: ready", 90, palette.DIM_TEXT))
            self.group.append(self.panel)
        text.set_text(self.panel_title, title)
        text.set_text(self.panel_body, body)
        text.set_text(self.panel_body2, body2)
        text.set_text(self.panel_body3, body3)

    def panel_texts(self):
        """The panel's title and body lines (to show them again after the view was away)."""
        return (self.panel_title.text, self.panel_body.text, self.panel_body2.text, self.panel_body3.text)

    def hide_panel(self):
        if self.panel is not None:
            self.group.remove(self.panel)
            self.panel = self.panel_title = self.panel_body = self.panel_body2 = self.panel_body3 = None

    def set_message(self, message):
        if message != self.message_text:
            self.message_text = message
            self.message_codes = encode(message)
            self.message.write(0, self.message_codes)

    def show_hint(self, codes):
        """Show the encoded hint `codes` over the message for a while, or the message again (None)."""
        self.message.write(0, self.message_codes if codes is None else codes)

    def draw(self, game, die_cursor, chip_choice, show_cursor):
        """Everything from the engine's state; only what differs from the screen is touched."""
        counting = game.phase == dd.PHASE_ROLL and game.rolls_left < dd.ROLLS_PER_TURN
        for i in range(dd.DICE):
            die = self.dice[i]
            face = game.dice[i]
            pips = self.red_pips if face and is_red(face) else self.black_pips
            if die.pixel_shader is not pips:
                die.pixel_shader = pips  # a tumbling die already shows its final colour
            show(self.keep_marks[i], counting and game.keep >> i & 1)
            if not self.tumble.rolling(i) and die[0] != face:  # the tumble shows a rolling die until it ends
                die[0] = face
        show(self.cursor, show_cursor)
        x = _DICE_LEFT + die_cursor * _DIE_STEP
        if self.cursor.x != x:
            self.cursor.x = x
        text.set_text(self.rolls, _ROLLS_TEXT[game.rolls_left])
        mask = game.mask
        tray = game.tray
        for kind in range(KIND_COUNT):
            lit = self.made[kind]
            show(lit, mask >> kind & 1)
            color = _MADE_OPEN if tray[kind] else _MADE_GONE
            if lit.pixel_shader[0] != color:
                lit.pixel_shader[0] = color
        self._counts(0, tray, 0, _DASH)
        self._counts(1, game.aside, 0, _BLANK)
        if chip_choice == dd.CHOICE_NONE:
            show(self.chip_bar, False)
        else:
            show(self.chip_bar, True)
            self.chip_bar.x = column_x(chip_choice & 7) - 1
            self.chip_bar.y = _ASIDE_Y if chip_choice >= dd.CHOICE_ASIDE else _TRAY_Y
        current = -1 if game.is_over() else game.current
        moved = current != self.shown_current
        for seat in range(game.players):
            score = game.score(seat)
            if score != self.shown_scores[seat] or (moved and (seat == current or seat == self.shown_current)):
                self.shown_scores[seat] = score
                self._seat_row(seat, score, seat == current)
            self._counts(_COUNT_ROWS + seat, game.held, seat * KIND_COUNT, _BLANK)
        if moved:
            self.shown_current = current
            show(self.current_seat.grid, current >= 0)
            if current >= 0:
                self.current_seat.grid.y = self.seats.grid.y + current * _SEAT_STEP

    def _seat_row(self, seat, score, current):
        """A seat's name and right-aligned score, in the accent grid for the current seat (no string built)."""
        row = self.seat_row
        name = self.seat_names[seat]
        for column in range(_SEAT_CHARS):
            row[column] = name[column] if column < len(name) else _BLANK
        column = _SEAT_CHARS - 1
        while True:
            row[column] = _DIGIT_0 + score % 10
            score //= 10
            column -= 1
            if not score:
                break
        if current:
            self.current_seat.write(0, row)
            self.seats.write(seat, b"")
        else:
            self.seats.write(seat, row)

    def _counts(self, row, values, start, zero):
        """Row `row` of the count grids shows values[start..start+6] (`zero`: the character for 0), rewritten
        only when a count differs from what is shown."""
        shown = self.shown
        first = row * KIND_COUNT
        changed = False
        for kind in range(KIND_COUNT):
            if shown[first + kind] != values[start + kind]:
                shown[first + kind] = values[start + kind]
                changed = True
        if not changed:
            return
        codes = self.row_codes
        for parity in (0, 1):
            for column in range(len(codes)):
                codes[column] = _BLANK
            for kind in range(parity, KIND_COUNT, 2):
                count = values[start + kind]
                codes[(kind >> 1) * _CELL_CHARS] = _DIGIT_0 + count if count else zero
            grid = self.counts[parity]
            grid.write(row, codes, 0, grid.columns)


def column_x(kind):
    return _COLUMN_LEFT + kind * _COLUMN_STEP


def _cells(names, parity):
    """The cells of every other kind (parity 0: kinds 0 2 4 6, 1: kinds 1 3 5) in one string, each cell
    _CELL_CHARS wide; trailing blanks dropped."""
    out = ""
    for kind in range(parity, KIND_COUNT, 2):
        out += (names[kind] + " " * _CELL_CHARS)[:_CELL_CHARS]
    return out.rstrip()
