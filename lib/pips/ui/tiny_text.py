"""A one-line TileGrid of 3 x 5 pixel glyphs (4 x 6 with spacing): digits, ",", "H", "i" and space.

For numbers too long for terminalio's 6 x 12 font: 40 characters across the 160-pixel screen. Built once;
set() writes tile indices only (right- or left-aligned), so changing the text allocates no label.
"""
import displayio

GLYPH_W = 4
GLYPH_H = 6
_CHARS = " 0123456789,Hi"
_GLYPHS = (
    "000000000000000",  # space
    "111101101101111", "010110010010111", "111001111100111", "111001111001111", "101101111001001",
    "111100111001111", "111100111101111", "111001001001001", "111101111101111", "111101111001111",
    "000000000001010",  # ,
    "101101111101101",  # H
    "010000010010010",  # i
)


def tiny_sheet():
    bitmap = displayio.Bitmap(GLYPH_W * len(_CHARS), GLYPH_H, 2)
    for index, rows in enumerate(_GLYPHS):
        for k, bit in enumerate(rows):
            if bit == "1":
                bitmap[index * GLYPH_W + k % 3, k // 3] = 1
    return bitmap


class TinyText:
    def __init__(self, columns, x, y, color, sheet=None):
        self.columns = columns
        colors = displayio.Palette(2)
        colors[1] = color
        colors.make_transparent(0)
        self.sheet = sheet if sheet is not None else tiny_sheet()
        self.tiles = displayio.TileGrid(self.sheet, pixel_shader=colors, width=columns, height=1,
                                        tile_width=GLYPH_W, tile_height=GLYPH_H, x=x, y=y)
        self.text = ""

    def set(self, value, right=False):
        """Show `value` (characters outside the glyph set show as spaces), cut to the columns."""
        if value == self.text:
            return
        self.text = value
        value = value[:self.columns]
        start = self.columns - len(value) if right else 0
        tiles = self.tiles
        for column in range(self.columns):
            k = column - start
            index = _CHARS.find(value[k]) if 0 <= k < len(value) else 0
            tiles[column, 0] = index if index > 0 else 0
