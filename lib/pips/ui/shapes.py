"""Solid rectangles and framed panels as TileGrids (one small Bitmap each, built once)."""
import displayio


def rect(x, y, width, height, color):
    bitmap = displayio.Bitmap(width, height, 1)
    colors = displayio.Palette(1)
    colors[0] = color
    return displayio.TileGrid(bitmap, pixel_shader=colors, x=x, y=y)


def panel(x, y, width, height, fill, border):
    """A filled box with a 1-pixel border: one 2-colour Bitmap."""
    bitmap = displayio.Bitmap(width, height, 2)
    for i in range(width):
        bitmap[i, 0] = 1
        bitmap[i, height - 1] = 1
    for j in range(height):
        bitmap[0, j] = 1
        bitmap[width - 1, j] = 1
    colors = displayio.Palette(2)
    colors[0] = fill
    colors[1] = border
    return displayio.TileGrid(bitmap, pixel_shader=colors, x=x, y=y)
