"""Dominoes' screen geometry and sprite numbering, shared by the views and the sheets (no drawing here: the sheets'
drawing code, pips.dominoes.sheets, leaves RAM once the sheets are drawn)."""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

CELL = const(12)  # a half tile on the table, in pixels
# the half sheet: 0 empty, 1 + number * 4 + direction of the other half (N, E, S, W), then DEAD
DEAD = const(29)  # the red frame over the half at a blocked end
HAND_W = const(14)  # hand pitch: a 12-pixel tile and a 2-pixel gap
MARK_H = const(3)  # the green bar under a hand tile that can be played (its own row: the sheet stays small)
MINI = const(4)  # an overview cell
VIEW_Y = const(12)  # the window onto the table: below the score bar
VIEW_H = const(72)  # six cells high, the whole screen wide
FELT = const(0x0E3526)


def half_index(number, side):
    """The half sheet's sprite of a half showing `number` whose other half lies toward `side` (0 N .. 3 W)."""
    return 1 + number * 4 + side


def toward(cell, other):
    """Direction (0 N, 1 E, 2 S, 3 W) from table cell `cell` to the neighbouring `other`."""
    d = other - cell
    if d == 1:
        return 1
    if d == -1:
        return 3
    return 2 if d > 0 else 0
