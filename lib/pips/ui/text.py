"""Text on displayio: labels with terminalio.FONT (6 x 12 cells), label updates that skip unchanged text, wrapping."""
import terminalio
from adafruit_display_text import label as _label

from pips.ui import palette

FONT = terminalio.FONT
CHAR_W = 6
LINE_H = 12
SCREEN_W = 160
SCREEN_H = 128
COLUMNS = SCREEN_W // CHAR_W  # 26 characters across the screen


def label(text, x, y, color=palette.TEXT, scale=1, anchor=(0.0, 0.0)):
    """A label whose anchor point (0..1 of its box; (0.5, 0) = top centre) sits at (x, y)."""
    return _label.Label(FONT, text=text, color=color, scale=scale, anchor_point=anchor, anchored_position=(x, y))


def centered(text, y, color=palette.TEXT, scale=1, x=SCREEN_W // 2):
    return label(text, x, y, color, scale, (0.5, 0.0))


def set_text(lbl, text):
    """Change a label only when the text differs (a text change re-lays out the glyphs)."""
    if lbl.text != text:
        lbl.text = text


def set_color(lbl, color):
    if lbl.color != color:
        lbl.color = color


def wrap(text, columns=COLUMNS):
    """Lines of at most `columns` characters; breaks at spaces, keeps "\\n" line breaks, splits over-long words.
    Finds each break with rfind and slices each line once: no string is built up word by word."""
    lines = []
    for paragraph in text.split("\n"):
        start = 0
        end = len(paragraph)
        while end - start > columns:
            cut = paragraph.rfind(" ", start, start + columns + 1)
            if cut <= start:  # one word wider than the screen: split it
                lines.append(paragraph[start:start + columns])
                start += columns
            else:
                lines.append(paragraph[start:cut])
                start = cut + 1
        lines.append(paragraph[start:])
    return lines
