"""Die faces as one sprite sheet, built in code once: tile 0 = blank die, tiles 1..6 = that many pips.

    sheet, colors = dice_sheet()            # 20 x 20 tiles
    grid = displayio.TileGrid(sheet, pixel_shader=colors, width=5, height=1, tile_width=20, tile_height=20)
    grid[i] = face                          # a frame only writes tile indices

Palette indices in the sheet: 0 outside the die (transparent), 1 body, 2 pip, 3 edge. Other looks (held dice,
the CPU's dice) are other palettes over the same sheet: dice_palette(body, pip, edge).
"""
import displayio
from bitmaptools import fill_region

from pips.ui import palette

FACES = 7  # blank + 1..6
OUTSIDE = 0
BODY = 1
PIP = 2
EDGE = 3

# Pips of each face on a 3 x 3 grid; bit k = cell k (row-major: 0 top-left .. 8 bottom-right).
_PIP_CELLS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)


def dice_palette(body=palette.DIE_BODY, pip=palette.DIE_PIP, edge=palette.DIE_EDGE):
    colors = displayio.Palette(4)
    colors[BODY] = body
    colors[PIP] = pip
    colors[EDGE] = edge
    colors.make_transparent(OUTSIDE)
    return colors


def draw_face(bitmap, left, top, size, face, body=BODY, pip=PIP):
    """Draw one die of `size` pixels with its top-left at (left, top) into bitmap (values as in the sheet; `body`
    and `pip` give its body and pips other values). Solid areas are filled by bitmaptools (the firmware's C): pixel
    by pixel, the dice sheets took a game's view about 150 ms of badge time to draw."""
    right = left + size
    bottom = top + size
    fill_region(bitmap, left, top, right, bottom, EDGE)  # the frame: 1 pixel all round
    fill_region(bitmap, left + 1, top + 1, right - 1, bottom - 1, body)
    # Rounded corners: at each, the 3 pixels nearest the corner are outside and the one diagonally in is edge.
    for x, y, sx, sy in ((left, top, 1, 1), (right - 1, top, -1, 1), (left, bottom - 1, 1, -1),
                         (right - 1, bottom - 1, -1, -1)):
        bitmap[x, y] = OUTSIDE
        bitmap[x + sx, y] = OUTSIDE
        bitmap[x, y + sy] = OUTSIDE
        bitmap[x + sx, y + sy] = EDGE
    cells = _PIP_CELLS[face]
    side = max(2, size // 6)  # pip side in pixels
    start = -(side // 2)
    for k in range(9):
        if cells & (1 << k):
            x = left + (size * (1 + (k % 3))) // 4 + start
            y = top + (size * (1 + (k // 3))) // 4 + start
            fill_region(bitmap, x, y, x + side, y + side, pip)
            if side >= 4:  # larger pips lose their corners
                for cx, cy in ((x, y), (x + side - 1, y), (x, y + side - 1), (x + side - 1, y + side - 1)):
                    bitmap[cx, cy] = body


_sheets = {}  # size -> Bitmap: drawn once per run, shared by the menu and the games (do not draw into it)


def dice_sheet(size=20, colors=None):
    """(Bitmap of FACES tiles side by side, Palette). The Bitmap is built once per size and shared."""
    bitmap = _sheets.get(size)
    if bitmap is None:
        bitmap = displayio.Bitmap(size * FACES, size, 4)
        for face in range(FACES):
            draw_face(bitmap, face * size, 0, size, face)
        _sheets[size] = bitmap
    return bitmap, (colors if colors is not None else dice_palette())
