"""Stand-in for the firmware's fontio: BuiltinFont (its bitmap sits in flash: no heap) and Glyph.

get_glyph makes a new Glyph on every call, as the firmware does: a namedtuple of 8 fields (shared-bindings/fontio/
Glyph.c), 40 bytes on the heap (48 in GC blocks) — here the same namedtuple.
"""
from collections import namedtuple

from micropython import const

import displayio

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))

# The glyphs the stand-in font has: printable ASCII and Latin-1 (the firmware's font has ASCII plus the characters
# its translation uses; the stand-in errs on the side of more glyphs, i.e. more heap).
_TILES = const((0x7F - 0x20) + (0x100 - 0xA0))


class _FlashBitmap(displayio.Bitmap):
    """A 1-bit glyph sheet held in flash: the right size for TileGrid's checks, no heap for pixels."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.bits_per_value = 1
        self.bytes = None

    def _get(self, x, y):
        return 0  # the firmware reads the glyph's pixel from flash; the stand-in has no pixels (all blank)


class BuiltinFont:
    def __init__(self, width, height):
        self.bitmap = _FlashBitmap(width * _TILES, height)  # the glyph size is the sheet's: no fields of its own

    def get_bounding_box(self):
        return self.bitmap.width // _TILES, self.bitmap.height

    def get_glyph(self, codepoint):
        width = self.bitmap.width // _TILES
        tile = 0
        for low, high in ((0x20, 0x7F), (0xA0, 0x100)):  # the ranges of _TILES
            if low <= codepoint < high:
                return Glyph(self.bitmap, tile + codepoint - low, width, self.bitmap.height, 0, 0, width, 0)
            tile += high - low
        return None
