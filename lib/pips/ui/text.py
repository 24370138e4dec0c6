"""Text on displayio: compact text lines in terminalio.FONT (6 x 12 cells), updates that skip unchanged text, wrapping.

A line is ONE TileGrid over the font's glyph sheet (a tile per character, as the firmware's own terminal draws),
in a Group that places it by an anchor. adafruit_display_text's Label makes a TileGrid per character instead:
measured under CircuitPython (tools/cp_run.py), an 11-character Label holds about 2 KB of heap and a 25-character
one 3.3 KB; a line here holds about 0.3 KB, so a screen of text fits the badge. Colours share one 2-colour palette
each. On the badge the glyph sheet is the built-in font's bitmap (in flash); the desktop's font has a bitmap per
glyph, so there the sheet is copied together once.
"""
from micropython import const

import displayio
import terminalio

from pips.ui import palette, show

FONT = terminalio.FONT
CHAR_W = 6
LINE_H = 12
SCREEN_W = 160
SCREEN_H = 128
COLUMNS = SCREEN_W // CHAR_W  # 26 characters across the screen

_sheet = None        # the glyph sheet Bitmap
_tile_of = None      # None: ask the font (the badge); else {code point: tile} of the copied sheet
_palettes = {}       # colour, or (colour, background) -> Palette(2): 0 transparent or the background, 1 the colour
# Printable ASCII's tiles, looked up once each: a text change then allocates nothing per character
_ASCII_FIRST = const(0x20)
_ASCII_END = const(0x7F)
_UNKNOWN = const(0xFF)  # (a font whose ASCII tiles lie past 254 is asked every time)
_ascii_tiles = bytearray(b"\xff" * (_ASCII_END - _ASCII_FIRST))
# The firmware's font has no u-umlaut, the one the game's name needs: it is drawn as "u" with two dots of our own
# above it (the same on every platform, whatever its font has).
U_UMLAUT = "\u00fc"
UMLAUT_ROW = const(2)  # the dots' row in a 6 x 12 cell, above the "u" (rows 4..9)
UMLAUT_COLUMNS = (1, 3)
_dots = None  # the dots as a 6 x 1 Bitmap, made at the first u-umlaut shown


def _glyph_sheet():
    global _sheet, _tile_of
    if _sheet is None:
        probe = FONT.get_glyph(ord("A"))
        if probe.bitmap.width > probe.width:
            _sheet = probe.bitmap  # the firmware's built-in font: one sheet of 6 x 12 tiles
        else:
            from pips.ui.font_sheet import copy_sheet  # desktop fonts only: the badge never loads it
            _sheet, _tile_of = copy_sheet(FONT, CHAR_W, LINE_H)
    return _sheet


def _tile(char):
    code = ord(char)
    if code == 0xFC:
        code = 0x75  # "u": TextLine puts the dots above it
    if _ASCII_FIRST <= code < _ASCII_END:
        tile = _ascii_tiles[code - _ASCII_FIRST]
        if tile == _UNKNOWN:  # first use of this character: ask the font once
            tile = _font_tile(code)
            if tile < _UNKNOWN:
                _ascii_tiles[code - _ASCII_FIRST] = tile
        return tile
    return _font_tile(code)


def _font_tile(code):
    if _tile_of is not None:
        return _tile_of.get(code, _tile_of[0x3F])  # "?" where the font has no glyph
    glyph = FONT.get_glyph(code)  # the firmware makes a new Glyph (48 bytes of heap) on every call
    if glyph is None:
        glyph = FONT.get_glyph(0x3F)
    return glyph.tile_index


def _umlaut_dots():
    global _dots
    if _dots is None:
        _dots = displayio.Bitmap(CHAR_W, 1, 2)
        for x in UMLAUT_COLUMNS:
            _dots[x, 0] = 1
    return _dots


def _palette(color, background=None):
    key = color if background is None else (color, background)
    shader = _palettes.get(key)
    if shader is None:
        shader = displayio.Palette(2)
        if background is None:
            shader.make_transparent(0)
        else:
            shader[0] = background
        shader[1] = color
        _palettes[key] = shader
    return shader


class TextLine(displayio.Group):
    """A text label: .text, .color, .hidden, .x/.y (placed by its anchor: see label()).
    Lines split at "\n". The TileGrid grows when a longer text comes and never shrinks (no churn).
    One u-umlaut a text gets its dots (a small TileGrid, made when first needed)."""

    _umlaut = None  # the dots' TileGrid (a class default: lines without one hold no slot for it)

    def __init__(self, text, x, y, color, scale, anchor, background):
        super().__init__(scale=scale)
        self._text = ""
        self._color = color
        self._background = background
        self._anchor = anchor
        self._position = (x, y)
        self._grid = None
        self.text = text

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, value):
        # Lines are found by offsets and tiles written by flat index, only where they change: a change on the key
        # path allocates nothing (no line strings, no (x, y) tuples, no glyphs)
        size = len(value)
        rows = columns = start = 0
        while start <= size:
            stop = value.find("\n", start)
            if stop < 0:
                stop = size
            columns = max(columns, stop - start)
            rows += 1
            start = stop + 1
        grid = self._grid
        if grid is None or columns > grid.width or rows > grid.height:
            self._grow(max(columns, grid.width if grid else 1), max(rows, grid.height if grid else 1))
            grid = self._grid
        blank = _tile(" ")
        width = grid.width
        # An anchored text moves within its grid by whole characters (up to 3 px off its anchor) rather than moving
        # the grid: a moved TileGrid is redrawn whole, old place and new, a changed tile only where it changed.
        shift = int(self._anchor[0] * (width - columns) + 0.5)
        start = 0
        for row in range(grid.height):
            stop = value.find("\n", start) if start <= size else -1
            if stop < 0:
                stop = size
            index = row * width
            for column in range(width):
                at = start + column - shift
                tile = _tile(value[at]) if start <= at < stop else blank
                if grid[index] != tile:
                    grid[index] = tile
                index += 1
            start = stop + 1
        self._text = value
        self._rows = rows if value else 0
        self._place_umlaut(value, shift)
        self._place()

    def _place_umlaut(self, value, shift):
        dots = self._umlaut
        found = value.find(U_UMLAUT)
        if found < 0:
            if dots is not None:
                show(dots, False)
            return
        if dots is None:
            dots = self._umlaut = displayio.TileGrid(_umlaut_dots(), pixel_shader=self._grid.pixel_shader)
            self.append(dots)
        dots.x = (shift + found - value.rfind("\n", 0, found) - 1) * CHAR_W
        dots.y = value.count("\n", 0, found) * LINE_H + UMLAUT_ROW
        show(dots, True)

    def _grow(self, columns, rows):
        if self._grid is not None:
            self.remove(self._grid)
        self._grid = displayio.TileGrid(_glyph_sheet(), pixel_shader=_palette(self._color, self._background),
                                        width=columns, height=rows, tile_width=CHAR_W, tile_height=LINE_H,
                                        default_tile=_tile(" "))
        self.append(self._grid)

    def _place(self):
        scale = self.scale
        x, y = self._position
        self.x = x - int(self._anchor[0] * self._grid.width * CHAR_W * scale + 0.5)
        self.y = y - int(self._anchor[1] * self._rows * LINE_H * scale + 0.5)

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        self._color = value
        self._grid.pixel_shader = _palette(value, self._background)
        if self._umlaut is not None:
            self._umlaut.pixel_shader = self._grid.pixel_shader


def mark(text, x, y, color=palette.TEXT):
    """A fixed text of up to 4 characters as one bare TileGrid at (x, y): the firmware keeps up to 4 tile indices
    inside the object, so it is one small block of heap (a label is a Group, a TileGrid and its tiles)."""
    grid = displayio.TileGrid(_glyph_sheet(), pixel_shader=_palette(color), width=len(text), height=1,
                              tile_width=CHAR_W, tile_height=LINE_H, x=x, y=y)
    for column in range(len(text)):
        grid[column] = _tile(text[column])
    return grid


def label(text, x, y, color=palette.TEXT, scale=1, anchor=(0.0, 0.0), background=None):
    """A text line whose anchor point (0..1 of its box; (0.5, 0) = top centre) sits at (x, y). With a
    `background` colour its blank is opaque: on a plain background of that colour displayio then renders no layer
    under the line's changes."""
    return TextLine(text, x, y, color, scale, anchor, background)


def centered(text, y, color=palette.TEXT, scale=1, x=SCREEN_W // 2, background=None):
    return label(text, x, y, color, scale, (0.5, 0.0), background)


def set_text(label, text):
    """Change a label only when the text differs (a text change rewrites its tiles)."""
    if label.text != text:
        label.text = text


def set_color(label, color):
    if label.color != color:
        label.color = color


def wrap_spans(text, columns=COLUMNS):
    """Where the wrapped lines of `text` are: array("H") [start, end, start, end, ...] of slices of `text`.
    Lines of at most `columns` characters break at spaces, keep "\\n" breaks and split over-long words.
    Offsets, not strings: the rules texts wrap to ~100 lines, which as strings held ~5 KB of the badge's heap."""
    from array import array
    spans = array("H")
    size = len(text)
    start = 0
    while True:
        stop = text.find("\n", start)
        if stop < 0:
            stop = size
        first = last = 0  # the line so far is text[first:last]; empty when first == last
        word = start
        while True:
            word_end = text.find(" ", word, stop)
            if word_end < 0:
                word_end = stop
            while word_end - word > columns:
                if last > first:
                    spans.append(first)
                    spans.append(last)
                    first = last = 0
                spans.append(word)
                spans.append(word + columns)
                word += columns
            if last == first:
                first, last = word, word_end
            elif last - first + 1 + word_end - word <= columns:
                last = word_end
            else:
                spans.append(first)
                spans.append(last)
                first, last = word, word_end
            if word_end >= stop:
                break
            word = word_end + 1
        spans.append(first)
        spans.append(last)
        if stop >= size:
            return spans
        start = stop + 1


def wrap(text, columns=COLUMNS):
    """The wrapped lines of `text` as strings (see wrap_spans)."""
    spans = wrap_spans(text, columns)
    return [text[spans[i]:spans[i + 1]] for i in range(0, len(spans), 2)]
