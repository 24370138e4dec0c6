"""Dominoes' screen geometry and sprite numbering, shared by the views and the sheets (no drawing here: the sheets'
drawing code, pips.dominoes.sheets, leaves RAM once the sheets are drawn)."""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

CELL = const(12)  # a half tile on the table, in pixels
HALF_SPRITES = const(30)  # 0 empty, 1 + number * 4 + direction of the other half (N, E, S, W), DEAD
DEAD = const(29)  # the red frame over the half at a blocked end
HAND_W = const(14)  # hand pitch: a 12-pixel tile and a 2-pixel gap
HAND_H = const(24)  # a hand tile stands upright: two halves
MARK_H = const(3)  # the green bar under a hand tile that can be played (its own row: the sheet stays small)
MINI = const(4)  # an overview cell
MINI_SPRITES = const(18)  # 0 empty, 1 + direction of the other half, 5 + .. open end, 9 + .. dead end, 13.. ghost
MINI_END = const(5)
MINI_DEAD = const(9)
MINI_GHOST = const(13)
VIEW_Y = const(12)  # the window onto the table: below the score bar
VIEW_H = const(72)  # six cells high, the whole screen wide
MINI_Y = const(13)  # the overview: 160 x 112 pixels
FELT = const(0x0E3526)
# colour indices in the sheets
CLEAR = const(0)
C_BODY = const(1)
C_PIP = const(2)
C_EDGE = const(3)
C_LINE = const(4)
C_MARK = const(5)
C_DEAD = const(6)


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


def sides(x, y, size):
    """The sides (bits: 1 N, 2 E, 4 S, 8 W) of a size x size cell that pixel (x, y) lies on."""
    last = size - 1
    return (1 if y == 0 else 0) | (2 if x == last else 0) | (4 if y == last else 0) | (8 if x == 0 else 0)
