"""The glyph sheet pips.ui.text lays text over, copied together where a font has a bitmap per glyph (the desktop's
font; the badge's built-in font is one sheet already)."""
import displayio


def copy_sheet(font, char_w, line_h):
    """(one Bitmap of the glyphs of printable ASCII and Latin-1, {code point: tile}) for a font with a bitmap
    per glyph."""
    codes = [code for low, high in ((0x20, 0x7F), (0xA0, 0x100)) for code in range(low, high)]
    sheet = displayio.Bitmap(char_w * len(codes), line_h, 2)
    tiles = {}
    for tile, code in enumerate(codes):
        glyph = font.get_glyph(code)
        tiles[code] = tile
        if glyph is None:
            continue
        bitmap = glyph.bitmap
        left = tile * char_w
        for y in range(min(line_h, glyph.height)):
            for x in range(min(char_w, glyph.width)):
                if bitmap[glyph.tile_index * glyph.width + x, y]:
                    sheet[left + x, y] = 1
    return sheet, tiles
