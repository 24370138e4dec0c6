"""Solid rectangles and framed panels as TileGrids over one shared blank tile: a solid colour needs no pixels.

A rectangle tiles a small all-zero Bitmap (the largest tile up to 32 x 32 that divides its width and height);
rectangles with the same tile size share it, and rectangles of one colour share a 1-colour Palette. Measured under
CircuitPython (tools/cp_run.py): a full-screen background was a 160 x 128 Bitmap of 2,560 bytes in one block (the
allocation a fragmented heap failed on first); tiled, it holds about 300 bytes.
"""
from micropython import const

import displayio

_TILE_MAX = const(32)
_blank = {}      # (tile width, tile height) -> all-zero Bitmap
_palettes = {}   # colour -> Palette(1)


def _divisor(size):
    """The largest tile side up to _TILE_MAX that divides `size`."""
    side = min(size, _TILE_MAX)
    while size % side:
        side -= 1
    return side


def rect(x, y, width, height, color):
    tile_w = _divisor(width)
    tile_h = _divisor(height)
    blank = _blank.get((tile_w, tile_h))
    if blank is None:
        blank = _blank[(tile_w, tile_h)] = displayio.Bitmap(tile_w, tile_h, 1)
    colors = _palettes.get(color)
    if colors is None:
        colors = _palettes[color] = displayio.Palette(1)
        colors[0] = color
    return displayio.TileGrid(blank, pixel_shader=colors, width=width // tile_w, height=height // tile_h,
                              tile_width=tile_w, tile_height=tile_h, x=x, y=y)


def panel(x, y, width, height, fill, border):
    """A filled box with a 1-pixel border, as a Group of two solid rectangles (no per-pixel drawing)."""
    box = displayio.Group()
    box.append(rect(x, y, width, height, border))
    box.append(rect(x + 1, y + 1, width - 2, height - 2, fill))
    return box
