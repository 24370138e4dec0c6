"""Dominoes' sprite sheets and palettes, drawn once: 12-pixel half tiles for the table (and the ghost, and the
dead-end cross, and the hand's upright tiles: two halves each), a mark bar under the playable hand tiles, and
4-pixel cells for the whole-table overview (made only while it is shown).

A half tile has a dark outline on its three outer sides and a short grey divider on the side of its other half,
so two tiles that meet show a 2-pixel dark seam while the divider inside a tile does not reach the edges. Pips
are 2 x 2 on a 3 x 3 grid.
"""
import displayio

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

CELL = const(12)  # a half tile on the table, in pixels
HALF_SPRITES = const(30)  # 0 empty, 1 + number * 4 + direction of the other half (N, E, S, W), DEAD
DEAD = const(29)  # the red frame over the half at a blocked end
HAND_W = const(14)  # hand pitch: a 12-pixel tile and a 2-pixel gap
HAND_H = const(24)  # a hand tile stands upright: two halves
MARK_H = const(3)  # the green bar under a hand tile that can be played (its own row: the sheet stays small)
MINI = const(4)  # an overview cell
MINI_SPRITES = const(18)  # 0 empty, 1 + direction of the other half, 5 + .. (an open end), 9 + .. (a dead end), 13.. ghost
MINI_END = const(5)
MINI_DEAD = const(9)
MINI_GHOST = const(13)

FELT = const(0x0E3526)
_BODY = 0xF4F0E4
_PIP = 0x18181C
_EDGE = 0x050A08
_LINE = 0x9C9C94
_MARK = 0x50D070
_DEAD = 0xF04038
_GHOST_BODY = 0xFFE08A
_SELECTED_BODY = 0xFFF0A0

# colour indices in the sheets
_CLEAR = const(0)
_C_BODY = const(1)
_C_PIP = const(2)
_C_EDGE = const(3)
_C_LINE = const(4)
_C_MARK = const(5)
_C_DEAD = const(6)

# pips on a 3 x 3 grid, bit k = row k // 3, column k % 3
_PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)
_PIP_AT = b"\x02\x05\x08"  # pixel of grid position 0 / 1 / 2 in a 12-pixel half


def half_index(number, toward):
    return 1 + number * 4 + toward


def _sides(x, y, size):
    """The sides (bits: 1 N, 2 E, 4 S, 8 W) of a size x size cell that pixel (x, y) lies on."""
    last = size - 1
    return (1 if y == 0 else 0) | (2 if x == last else 0) | (4 if y == last else 0) | (8 if x == 0 else 0)


def draw_half(bitmap, left, top, number, toward):
    """A 12 x 12 half showing `number`; its other half lies in direction `toward` (0 N, 1 E, 2 S, 3 W)."""
    partner = 1 << toward
    for y in range(CELL):
        for x in range(CELL):
            sides = _sides(x, y, CELL)
            outer = sides & ~partner
            if outer:
                # outline; the two far corners cut round
                value = _CLEAR if outer & (outer - 1) else _C_EDGE
            elif sides:
                # the divider runs across the middle of the partner side only: a seam inside a tile stays short
                along = x if toward == 0 or toward == 2 else y
                value = _C_LINE if 2 <= along <= CELL - 3 else _C_BODY
            else:
                value = _C_BODY
            bitmap[left + x, top + y] = value
    cells = _PIPS[number]
    across = toward == 1 or toward == 3  # a tile lying east-west: its pip rows run along it
    for k in range(9):
        if cells & (1 << k):
            row = k % 3 if across else k // 3
            col = k // 3 if across else k % 3
            for py in range(2):
                for px in range(2):
                    bitmap[left + _PIP_AT[col] + px, top + _PIP_AT[row] + py] = _C_PIP


def _draw_dead(bitmap, left):
    """A red frame, 2 px wide, laid over the half at a blocked end (its pips stay readable)."""
    for y in range(CELL):
        for x in range(CELL):
            if x < 2 or y < 2 or x >= CELL - 2 or y >= CELL - 2:
                bitmap[left + x, y] = _C_DEAD


def half_sheet():
    bitmap = displayio.Bitmap(CELL * HALF_SPRITES, CELL, 8)
    for number in range(7):
        for toward in range(4):
            draw_half(bitmap, half_index(number, toward) * CELL, 0, number, toward)
    _draw_dead(bitmap, DEAD * CELL)
    return bitmap


def mark_sheet():
    """Two sprites, HAND_W x MARK_H: nothing, and the green bar of a playable tile."""
    bitmap = displayio.Bitmap(2 * HAND_W, MARK_H, 2)
    for y in range(MARK_H):
        for x in range(2, CELL):
            bitmap[HAND_W + x, y] = 1
    return bitmap


def mark_palette():
    colors = displayio.Palette(2)
    colors[1] = _MARK
    colors.make_transparent(0)
    return colors


def mini_sheet():
    """Overview cells: a half (body on its partner's side, a 1-pixel gap on the outer ones) in four colours."""
    bitmap = displayio.Bitmap(MINI * MINI_SPRITES, MINI, 8)
    for kind, color in ((1, _C_BODY), (MINI_END, _C_MARK), (MINI_DEAD, _C_DEAD), (MINI_GHOST, _C_LINE)):
        for toward in range(4):
            left = (kind + toward) * MINI
            for y in range(MINI):
                for x in range(MINI):
                    if not _sides(x, y, MINI) & ~(1 << toward):
                        bitmap[left + x, y] = color
    return bitmap


def tile_palette(body=_BODY):
    colors = displayio.Palette(8)
    for index, color in ((_C_BODY, body), (_C_PIP, _PIP), (_C_EDGE, _EDGE), (_C_LINE, _LINE), (_C_MARK, _MARK),
                         (_C_DEAD, _DEAD)):
        colors[index] = color
    colors.make_transparent(_CLEAR)
    return colors


def ghost_palette():
    return tile_palette(_GHOST_BODY)


def selected_palette():
    return tile_palette(_SELECTED_BODY)
