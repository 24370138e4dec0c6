"""Fixed-width text in ONE TileGrid: a page of lines that changes often (the rules viewer) without labels.

A label lays its text out again on every change: one TileGrid and glyph lookups per character, about 2.5 KB of
garbage and several badge milliseconds a line. Here the glyphs of the characters the text uses are copied once into
a small sheet (one tile each), and writing a line only sets tile indices: no layout, no allocation.

    grid = TextGrid(columns, rows, x, y, color, characters)   # characters: every character the text may show
    TextGrid(..., cell_h=11)              # denser lines: each cell drops the font's blank top row(s); the glyphs
                                          # still sit where a label at (x, y) puts them
    TextGrid(columns, rows, x, y, color, None, like=grid)   # another colour: shares grid's glyph sheet
    grid.write(row, codes, start, end)    # codes[start:end] (bytes from encode) on `row`, padded with blanks
"""
from micropython import const

import displayio
import terminalio

try:
    from bitmaptools import blit  # the firmware's C copy (SAMD51 builds have it); else pixel by pixel
except ImportError:
    blit = None

_BLANK = const(0)  # tile 0 of the sheet stays empty: spaces and characters the sheet has no glyph for


def encode(text):
    """A line as bytes for write(): characters outside Latin-1 become '?'."""
    data = text.encode()
    if len(data) == len(text):  # ASCII: the C encoder's bytes are the codes
        return data
    out = bytearray(len(text))
    for index in range(len(text)):
        code = ord(text[index])
        out[index] = code if code < 256 else 63
    return bytes(out)


def _copy_glyph(sheet, left, glyph, top):
    """Copy a glyph's pixels into the sheet's tile starting at column `left`, its top row at `top`."""
    source = glyph.bitmap
    per_row = source.width // glyph.width
    sx = (glyph.tile_index % per_row) * glyph.width
    sy = (glyph.tile_index // per_row) * glyph.height
    x0 = left + max(0, glyph.dx)
    first = max(0, -top)  # glyph rows above the sheet (a cut cell) or below it are left out
    last = min(glyph.height, sheet.height - top)
    if blit is not None and first < last:
        blit(sheet, source, x0, top + first, x1=sx, y1=sy + first, x2=sx + glyph.width, y2=sy + last)
        return
    for y in range(first, last):
        for x in range(glyph.width):
            if source[sx + x, sy + y]:
                sheet[x0 + x, top + y] = 1


class TextGrid:
    def __init__(self, columns, rows, x, y, color, characters, font=terminalio.FONT, cell_h=None, like=None,
                 background=None):
        self.columns = columns
        self.rows = rows
        if like is not None:  # another colour of `like`'s characters: its glyph sheet is shared, not copied
            self.tiles = like.tiles
            self.sheet = like.sheet
            self.cut = like.cut
            self.cell_w = like.cell_w
        else:
            self._make_sheet(characters, font, cell_h)
        colors = displayio.Palette(2)
        colors[1] = color
        if background is None:
            colors.make_transparent(0)
        else:
            # Opaque on a known solid background: displayio then skips the layers below for these pixels (a
            # transparent cell costs about as much again to render as an opaque one)
            colors[0] = background
        self.grid = displayio.TileGrid(self.sheet, pixel_shader=colors, width=columns, height=rows,
                                       tile_width=self.cell_w, tile_height=self.sheet.height, x=x, y=y + self.cut)

    def _make_sheet(self, characters, font, cell_h):
        box = font.get_bounding_box()
        cell_w = box[0]
        cut = 0 if cell_h is None else box[1] - cell_h  # rows cut from each cell's top
        cell_h = box[1] - cut
        # Two passes over the font, holding one glyph at a time: the firmware makes a new Glyph object at each
        # get_glyph, and a list of them all (~50 bytes each) was the Rules screen's heap peak.
        tiles = self.tiles = bytearray(256)  # character code -> tile
        for code in encode(characters):
            tiles[code] = 1
        tiles[32] = 0  # a space is the blank tile
        count = 0
        ascent = 0  # one baseline for every glyph: the tallest ascent among them sits at the cell's top
        umlaut = 0  # the tile of the u-umlaut, drawn as "u" and our dots (pips.ui.text: the badge's font lacks it)
        for code in range(256):
            if tiles[code]:
                glyph = font.get_glyph(code if code != 0xFC else 0x75)
                if glyph is None:
                    tiles[code] = 0
                    continue
                count += 1
                tiles[code] = count
                ascent = max(ascent, glyph.height + glyph.dy)
                if code == 0xFC:
                    umlaut = count
        sheet = displayio.Bitmap(cell_w * (count + 1), cell_h, 2)
        for code in range(256):
            if tiles[code]:
                glyph = font.get_glyph(code if code != 0xFC else 0x75)
                _copy_glyph(sheet, cell_w * tiles[code], glyph, ascent - glyph.height - glyph.dy - cut)
        if umlaut:
            from pips.ui.text import UMLAUT_COLUMNS, UMLAUT_ROW
            u = font.get_glyph(0x75)
            top = ascent - u.height - u.dy - cut + UMLAUT_ROW  # where a label puts the dots over its "u"
            if 0 <= top < cell_h:
                for x in UMLAUT_COLUMNS:
                    sheet[cell_w * umlaut + max(0, u.dx) + x, top] = 1
        self.sheet = sheet
        self.cut = cut
        self.cell_w = cell_w

    def write(self, row, codes, start=0, end=None):
        """Show codes[start:end] (bytes from encode) on `row`, cut or padded with blanks to the grid's width.
        Indexes `codes` in place: no slice is made."""
        grid = self.grid
        tiles = self.tiles
        first = row * self.columns
        count = min((len(codes) if end is None else end) - start, self.columns)
        # Only the cells that change: displayio redraws every cell written, even with the tile it had.
        for column in range(count):
            tile = tiles[codes[start + column]]
            if grid[first + column] != tile:
                grid[first + column] = tile
        for column in range(count, self.columns):
            if grid[first + column] != _BLANK:
                grid[first + column] = _BLANK

    def read(self, row):
        """The characters shown on `row` (for tests), trailing blanks removed."""
        codes = {}
        for code in range(256):
            if self.tiles[code]:
                codes[self.tiles[code]] = chr(code)
        start = row * self.columns
        return "".join(codes.get(self.grid[start + column], " ") for column in range(self.columns)).rstrip()
