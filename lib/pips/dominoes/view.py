"""Dominoes' screen, built once: the score bar, the table (a 20 x 12 TileGrid of 8-pixel half tiles, so the line
snakes over it cell by cell), two ghost halves for the chosen position, the person's hand strip (scrolling,
the selected tile raised), and a message box. Frames write tile indices only, and only where they change.

    0..11     You / CPU scores (the player to move in gold), the CPU's hand face down with its count, the stock
    12..107   the table (TABLE_W x TABLE_H cells of 8 px)
    108..127  the hand: tiles 8 x 16 at a 10-pixel pitch; the selected one 4 px higher
"""
import displayio

from engine.dominoes_table import HI, LO, TABLE_H, TABLE_W
from pips.ui import palette, shapes, text

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

CELL = const(8)
TABLE_Y = const(12)
HAND_Y = const(112)
RAISE = const(4)
PITCH = const(10)
HAND_SLOTS = const(16)
# half-tile sprites: 0 empty, 1 + number * 4 + direction of the other half (north, east, south, west)
HALF_SPRITES = const(29)
# hand sprites (10 x 16): 0 empty, 1 + tile (fits), 29 + tile (does not fit), BACK
HAND_DIM = const(29)
BACK = const(57)
HAND_SPRITES = const(58)

FELT = const(0x0E3526)
_BODY = 0xF4F0E4
_PIP = 0x18181C
_LINE = 0x8C8C84
_DIM_BODY = 0x8C8A84
_DIM_PIP = 0x3C3C40
_BACK_BODY = 0x2E5A8C
_BACK_MARK = 0x9CC0E8
_GHOST_BODY = 0xFFE08A
_SELECTED_BODY = 0xFFF2B8
_SELECTED_DIM = 0xB4A46C

# colour indices in the sheets
_CLEAR = const(0)
_C_BODY = const(1)
_C_PIP = const(2)
_C_LINE = const(3)
_C_DIM_BODY = const(4)
_C_DIM_PIP = const(5)
_C_BACK = const(6)
_C_BACK_MARK = const(7)

# pips on a 3 x 3 grid, bit k = row k // 3, column k % 3
_PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)
_SPAN_START = b"\x02\x03\x05"  # pixel span of grid position 0 / 1 / 2 in an 8-pixel half
_SPAN_LEN = b"\x01\x02\x01"


def draw_half(bitmap, left, top, number, toward, body=_C_BODY, pip=_C_PIP):
    """An 8 x 8 half tile showing `number`; its other half lies in direction `toward` (0 N, 1 E, 2 S, 3 W):
    that side gets the dividing line, the two far corners are cut round."""
    for y in range(CELL):
        for x in range(CELL):
            on_line = ((toward == 0 and y == 0) or (toward == 1 and x == CELL - 1) or (toward == 2 and y == CELL - 1)
                       or (toward == 3 and x == 0))
            corner = (x == 0 or x == CELL - 1) and (y == 0 or y == CELL - 1)
            if on_line:
                value = _C_LINE
            elif corner:
                near = ((toward == 0 and y == 0) or (toward == 2 and y == CELL - 1) or (toward == 1 and x == CELL - 1)
                        or (toward == 3 and x == 0))
                value = body if near else _CLEAR
            else:
                value = body
            bitmap[left + x, top + y] = value
    cells = _PIPS[number]
    across = toward == 1 or toward == 3  # a tile lying east-west: its pip rows run along it
    for k in range(9):
        if cells & (1 << k):
            row = k % 3 if across else k // 3
            col = k // 3 if across else k % 3
            for py in range(_SPAN_LEN[row]):
                for px in range(_SPAN_LEN[col]):
                    bitmap[left + _SPAN_START[col] + px, top + _SPAN_START[row] + py] = pip


def _half_sheet():
    bitmap = displayio.Bitmap(CELL * HALF_SPRITES, CELL, 4)
    for number in range(7):
        for toward in range(4):
            draw_half(bitmap, (1 + number * 4 + toward) * CELL, 0, number, toward)
    return bitmap


def _hand_sheet():
    bitmap = displayio.Bitmap(PITCH * HAND_SPRITES, 2 * CELL, 8)
    for tile in range(28):
        for dim in range(2):
            left = (1 + tile + (HAND_DIM - 1) * dim) * PITCH + 1
            body = _C_DIM_BODY if dim else _C_BODY
            pip = _C_DIM_PIP if dim else _C_PIP
            draw_half(bitmap, left, 0, HI[tile], 2, body, pip)
            draw_half(bitmap, left, CELL, LO[tile], 0, body, pip)
    left = BACK * PITCH + 1
    for y in range(2 * CELL):
        for x in range(CELL):
            corner = (x == 0 or x == CELL - 1) and (y == 0 or y == 2 * CELL - 1)
            mark = (x + y) % 4 == 0 and 0 < x < CELL - 1 and 0 < y < 2 * CELL - 1
            bitmap[left + x, y] = _CLEAR if corner else (_C_BACK_MARK if mark else _C_BACK)
    return bitmap


def _palette(body=_BODY, dim_body=_DIM_BODY):
    colors = displayio.Palette(8)
    for index, color in ((_C_BODY, body), (_C_PIP, _PIP), (_C_LINE, _LINE), (_C_DIM_BODY, dim_body),
                         (_C_DIM_PIP, _DIM_PIP), (_C_BACK, _BACK_BODY), (_C_BACK_MARK, _BACK_MARK)):
        colors[index] = color
    colors.make_transparent(_CLEAR)
    return colors


def half_index(number, toward):
    return 1 + number * 4 + toward


class DominoesView:
    def __init__(self):
        self.group = displayio.Group()
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(shapes.rect(0, TABLE_Y, TABLE_W * CELL, TABLE_H * CELL, FELT))
        halves = _half_sheet()
        self.table = displayio.TileGrid(halves, pixel_shader=_palette(), width=TABLE_W, height=TABLE_H,
                                        tile_width=CELL, tile_height=CELL, x=0, y=TABLE_Y)
        group.append(self.table)
        self.shown = bytearray(TABLE_W * TABLE_H)
        self.tile_writes = 0
        ghost_colors = _palette(_GHOST_BODY)
        self.ghosts = []
        for _ in range(2):
            ghost = displayio.TileGrid(halves, pixel_shader=ghost_colors, tile_width=CELL, tile_height=CELL)
            ghost.hidden = True
            self.ghosts.append(ghost)
            group.append(ghost)
        hand_sheet = _hand_sheet()
        self.hand = displayio.TileGrid(hand_sheet, pixel_shader=_palette(), width=HAND_SLOTS, height=1,
                                       tile_width=PITCH, tile_height=2 * CELL, x=0, y=HAND_Y)
        group.append(self.hand)
        self.selected = displayio.TileGrid(hand_sheet, pixel_shader=_palette(_SELECTED_BODY, _SELECTED_DIM),
                                           tile_width=PITCH,
                                           tile_height=2 * CELL, x=0, y=HAND_Y - RAISE)
        self.selected.hidden = True
        group.append(self.selected)
        self.shown_hand = bytearray(HAND_SLOTS)
        # the score bar
        self.you = text.label("You 0", 1, 0, palette.TEXT)
        self.cpu = text.label("CPU 0", 50, 0, palette.TEXT)
        backs = _palette()
        self.cpu_back = displayio.TileGrid(hand_sheet, pixel_shader=backs, tile_width=PITCH, tile_height=2 * CELL,
                                           x=96, y=-5)
        self.cpu_back[0] = BACK
        self.cpu_count = text.label("7", 106, 0, palette.TEXT)
        self.stock_back = displayio.TileGrid(hand_sheet, pixel_shader=backs, tile_width=PITCH,
                                             tile_height=2 * CELL, x=124, y=-5)
        self.stock_back[0] = BACK
        self.stock_count = text.label("14", 134, 0, palette.DIM_TEXT)
        for item in (self.you, self.cpu, self.cpu_back, self.cpu_count, self.stock_back, self.stock_count):
            group.append(item)
        # the message box over the top of the table
        self.box = shapes.panel(4, TABLE_Y + 2, text.SCREEN_W - 8, 15, palette.PANEL, palette.BORDER)
        self.message = text.centered("", TABLE_Y + 3)
        self.box.hidden = True
        group.append(self.box)
        group.append(self.message)

    # ---- the table --------------------------------------------------------------------------------------
    def set_cell(self, cell, index):
        if self.shown[cell] != index:
            self.shown[cell] = index
            self.table[cell % TABLE_W, cell // TABLE_W] = index
            self.tile_writes += 1

    def clear_table(self):
        for cell in range(TABLE_W * TABLE_H):
            self.set_cell(cell, 0)

    def show_ghost(self, index, cell, number, toward):
        ghost = self.ghosts[index]
        ghost.x = (cell % TABLE_W) * CELL
        ghost.y = TABLE_Y + (cell // TABLE_W) * CELL
        sprite = half_index(number, toward)
        if ghost[0] != sprite:
            ghost[0] = sprite
        ghost.hidden = False

    def hide_ghosts(self):
        for ghost in self.ghosts:
            ghost.hidden = True

    # ---- the hand ---------------------------------------------------------------------------------------
    def set_slot(self, slot, index):
        if self.shown_hand[slot] != index:
            self.shown_hand[slot] = index
            self.hand[slot, 0] = index

    def show_selected(self, slot, index):
        """The selected tile, raised, above hand slot `slot` (or hidden with slot < 0)."""
        if slot < 0:
            self.selected.hidden = True
            return
        self.selected.x = slot * PITCH
        if self.selected[0] != index:
            self.selected[0] = index
        self.selected.hidden = False

    # ---- text -------------------------------------------------------------------------------------------
    def set_scores(self, you, cpu, person_to_move, cpu_to_move):
        text.set_text(self.you, "You %d" % you)
        text.set_text(self.cpu, "CPU %d" % cpu)
        text.set_color(self.you, palette.ACCENT if person_to_move else palette.TEXT)
        text.set_color(self.cpu, palette.ACCENT if cpu_to_move else palette.TEXT)

    def set_counts(self, cpu_tiles, stock):
        text.set_text(self.cpu_count, str(cpu_tiles))
        text.set_text(self.stock_count, str(stock))

    def set_message(self, message):
        text.set_text(self.message, message)
        self.box.hidden = not message
