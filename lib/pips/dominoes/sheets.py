"""Dominoes' sprite sheets and palettes, drawn when a screen needs them (this module then leaves RAM): 12-pixel
half tiles for the table (and the ghost, and the dead-end cross, and the hand's upright tiles: two halves each),
a mark bar under the playable hand tiles, and the overview's 4-pixel cells.

A half tile has a dark outline on its three outer sides and a short grey divider on the side of its other half,
so two tiles that meet show a 2-pixel dark seam while the divider inside a tile does not reach the edges. Pips
are 2 x 2 on a 3 x 3 grid.
"""
from micropython import const

import displayio

from pips.dominoes.table_view import CELL, DEAD, HALF_SPRITES, HAND_W, MARK_H, MINI, half_index
from pips.ui import palette

# colour indices in the tile palettes (module-private: every name costs the badge)
_CLEAR = const(0)
_C_BODY = const(1)
_C_PIP = const(2)
_C_EDGE = const(3)
_C_LINE = const(4)
_C_MARK = const(5)
_C_DEAD = const(6)
_MINI_SPRITES = const(18)  # 0 empty, then 1 + kind * 4 + side of the other half (kinds: _MINI_COLORS)

_BODY = const(0xF4F0E4)
_PIP = const(0x18181C)
_EDGE = const(0x050A08)
_LINE = const(0x9C9C94)
_MARK = const(0x50D070)
_DEAD = const(0xF04038)
_GHOST_BODY = const(0xFFE08A)
_SELECTED_BODY = const(0xFFF0A0)

# pips on a 3 x 3 grid, bit k = row k // 3, column k % 3
_PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)
_PIP_AT = b"\x02\x05\x08"  # pixel of grid position 0 / 1 / 2 in a 12-pixel half
# the overview's kinds of cell (pips.dominoes.overview): a plain half, an open end, a blocked end, the ghost
_MINI_COLORS = (_C_BODY, _C_MARK, _C_DEAD, _C_LINE)


def _sides(x, y, size):
    """The sides (bits: 1 N, 2 E, 4 S, 8 W) of a size x size cell that pixel (x, y) lies on."""
    last = size - 1
    return (1 if y == 0 else 0) | (2 if x == last else 0) | (4 if y == last else 0) | (8 if x == 0 else 0)


def _draw_half(bitmap, left, number, side):
    """A 12 x 12 half showing `number`; its other half lies toward `side` (0 N, 1 E, 2 S, 3 W)."""
    partner = 1 << side
    for y in range(CELL):
        for x in range(CELL):
            on = _sides(x, y, CELL)
            outer = on & ~partner
            if outer:
                # outline; the two far corners cut round
                value = _CLEAR if outer & (outer - 1) else _C_EDGE
            elif on:
                # the divider runs across the middle of the partner side only: a seam inside a tile stays short
                along = x if side == 0 or side == 2 else y
                value = _C_LINE if 2 <= along <= CELL - 3 else _C_BODY
            else:
                value = _C_BODY
            bitmap[left + x, y] = value
    cells = _PIPS[number]
    across = side == 1 or side == 3  # a tile lying east-west: its pip rows run along it
    for k in range(9):
        if cells & (1 << k):
            row = k % 3 if across else k // 3
            col = k // 3 if across else k % 3
            for py in range(2):
                for px in range(2):
                    bitmap[left + _PIP_AT[col] + px, _PIP_AT[row] + py] = _C_PIP


def _palette(body, clear=None):
    """The halves' colours with `body`; their clear pixels transparent, or opaque in the colour `clear` (the hand's, on
    the plain strip: displayio then renders nothing under a changed slot)."""
    colors = displayio.Palette(8)
    for index, color in ((_C_BODY, body), (_C_PIP, _PIP), (_C_EDGE, _EDGE), (_C_LINE, _LINE), (_C_MARK, _MARK),
                         (_C_DEAD, _DEAD)):
        colors[index] = color
    if clear is None:
        colors.make_transparent(_CLEAR)
    else:
        colors[_CLEAR] = clear
    return colors


def draw():
    """(halves, their palette, the ghost's palette, the hand's and its raised tile's palettes, marks, the marks'
    palette): the sheets and palettes of the game's view."""
    halves = displayio.Bitmap(CELL * HALF_SPRITES, CELL, 8)
    for number in range(7):
        for side in range(4):
            _draw_half(halves, half_index(number, side) * CELL, number, side)
    # a red frame, 2 px wide, laid over the half at a blocked end (its pips stay readable)
    for y in range(CELL):
        for x in range(CELL):
            if x < 2 or y < 2 or x >= CELL - 2 or y >= CELL - 2:
                halves[DEAD * CELL + x, y] = _C_DEAD
    # two marks, HAND_W x MARK_H: nothing, and the green bar of a playable tile
    marks = displayio.Bitmap(2 * HAND_W, MARK_H, 2)
    for y in range(MARK_H):
        for x in range(2, CELL):
            marks[HAND_W + x, y] = 1
    mark_colors = displayio.Palette(2)
    mark_colors[0] = palette.BACKGROUND
    mark_colors[1] = _MARK
    return (halves, _palette(_BODY), _palette(_GHOST_BODY), _palette(_BODY, palette.BACKGROUND),
            _palette(_SELECTED_BODY, palette.BACKGROUND), marks, mark_colors)


def mini_sheet():
    """The overview's cells (MINI pixels, in the halves' palette): a half's body on its partner's side with a
    1-pixel gap on the outer ones."""
    bitmap = displayio.Bitmap(MINI * _MINI_SPRITES, MINI, 8)
    for kind in range(4):
        color = _MINI_COLORS[kind]
        for side in range(4):
            left = (1 + kind * 4 + side) * MINI
            for y in range(MINI):
                for x in range(MINI):
                    if not _sides(x, y, MINI) & ~(1 << side):
                        bitmap[left + x, y] = color
    return bitmap
