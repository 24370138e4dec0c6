"""Dominoes' sprite sheets and palettes, drawn once when the screen is built (this module then leaves RAM): 12-pixel
half tiles for the table (and the ghost, and the dead-end cross, and the hand's upright tiles: two halves each),
and a mark bar under the playable hand tiles. The overview draws its own 4-pixel cells (pips.dominoes.overview).

A half tile has a dark outline on its three outer sides and a short grey divider on the side of its other half,
so two tiles that meet show a 2-pixel dark seam while the divider inside a tile does not reach the edges. Pips
are 2 x 2 on a 3 x 3 grid.
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

import displayio

from pips.dominoes.tiles import (C_BODY, C_DEAD, C_EDGE, C_LINE, C_MARK, C_PIP, CELL, CLEAR, DEAD, HALF_SPRITES,
                                  HAND_W, MARK_H, half_index, sides)

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


def draw_half(bitmap, left, top, number, toward):
    """A 12 x 12 half showing `number`; its other half lies in direction `toward` (0 N, 1 E, 2 S, 3 W)."""
    partner = 1 << toward
    for y in range(CELL):
        for x in range(CELL):
            on = sides(x, y, CELL)
            outer = on & ~partner
            if outer:
                # outline; the two far corners cut round
                value = CLEAR if outer & (outer - 1) else C_EDGE
            elif on:
                # the divider runs across the middle of the partner side only: a seam inside a tile stays short
                along = x if toward == 0 or toward == 2 else y
                value = C_LINE if 2 <= along <= CELL - 3 else C_BODY
            else:
                value = C_BODY
            bitmap[left + x, top + y] = value
    cells = _PIPS[number]
    across = toward == 1 or toward == 3  # a tile lying east-west: its pip rows run along it
    for k in range(9):
        if cells & (1 << k):
            row = k % 3 if across else k // 3
            col = k // 3 if across else k % 3
            for py in range(2):
                for px in range(2):
                    bitmap[left + _PIP_AT[col] + px, top + _PIP_AT[row] + py] = C_PIP


def _draw_dead(bitmap, left):
    """A red frame, 2 px wide, laid over the half at a blocked end (its pips stay readable)."""
    for y in range(CELL):
        for x in range(CELL):
            if x < 2 or y < 2 or x >= CELL - 2 or y >= CELL - 2:
                bitmap[left + x, y] = C_DEAD


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


def tile_palette(body=_BODY):
    colors = displayio.Palette(8)
    for index, color in ((C_BODY, body), (C_PIP, _PIP), (C_EDGE, _EDGE), (C_LINE, _LINE), (C_MARK, _MARK),
                         (C_DEAD, _DEAD)):
        colors[index] = color
    colors.make_transparent(CLEAR)
    return colors


def ghost_palette():
    return tile_palette(_GHOST_BODY)


def selected_palette():
    return tile_palette(_SELECTED_BODY)
