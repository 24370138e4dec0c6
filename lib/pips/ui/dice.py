"""Die faces as one sprite sheet, built in code once: tile 0 = blank die, tiles 1..6 = that many pips.

    sheet, colors = dice_sheet()            # 20 x 20 tiles
    grid = displayio.TileGrid(sheet, pixel_shader=colors, width=5, height=1, tile_width=20, tile_height=20)
    grid[i] = face                          # a frame only writes tile indices

Palette indices in the sheet: 0 outside the die (transparent), 1 body, 2 pip, 3 edge. Other looks (held dice,
the CPU's dice) are other palettes over the same sheet: dice_palette(body, pip, edge).
"""
import displayio

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


def draw_face(bitmap, left, top, size, face):
    """Draw one die of `size` pixels with its top-left at (left, top) into bitmap (values as in the sheet)."""
    last = size - 1
    for y in range(size):
        for x in range(size):
            # Rounded corners: cut the 2-pixel diagonal at each corner.
            dx = x if x < size // 2 else last - x
            dy = y if y < size // 2 else last - y
            if dx + dy < 2:
                value = OUTSIDE
            elif dx == 0 or dy == 0 or dx + dy == 2:
                value = EDGE
            else:
                value = BODY
            bitmap[left + x, top + y] = value
    cells = _PIP_CELLS[face]
    pip = max(2, size // 6)  # pip side in pixels
    for k in range(9):
        if cells & (1 << k):
            cx = left + (size * (1 + (k % 3))) // 4
            cy = top + (size * (1 + (k // 3))) // 4
            start = -(pip // 2)
            for py in range(start, start + pip):
                for px in range(start, start + pip):
                    corner = (py == start or py == start + pip - 1) and (px == start or px == start + pip - 1)
                    if not corner or pip < 4:
                        bitmap[cx + px, cy + py] = PIP


def recolor(bitmap, tile, size, old, new):
    """In the `size`-pixel tile number `tile` of a sheet, turn palette index `old` into `new` (built once)."""
    left = tile * size
    for y in range(size):
        for x in range(left, left + size):
            if bitmap[x, y] == old:
                bitmap[x, y] = new


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
