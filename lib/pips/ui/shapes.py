"""Solid rectangles and framed panels as TileGrids (one small Bitmap each, built once)."""
import displayio


def rect(x, y, width, height, color):
    bitmap = displayio.Bitmap(width, height, 1)
    colors = displayio.Palette(1)
    colors[0] = color
    return displayio.TileGrid(bitmap, pixel_shader=colors, x=x, y=y)


def panel(x, y, width, height, fill, border):
    """A filled box with a 1-pixel border, as a Group of two solid rectangles (no per-pixel drawing)."""
    box = displayio.Group()
    box.append(rect(x, y, width, height, border))
    box.append(rect(x + 1, y + 1, width - 2, height - 2, fill))
    return box
