"""Helpers for the Dominoes tests (portable: CPython and MicroPython): the numbers engine.dominoes_table keeps
module-private (a name costs the badge), and tile ids by their numbers."""
# directions, clockwise from north (engine.dominoes_table's _NORTH.._WEST)
NORTH = 0
EAST = 1
SOUTH = 2
WEST = 3
# options at an end: a move's option field (engine.dominoes_table's _STRAIGHT, _LEFT, _RIGHT)
STRAIGHT = 0
LEFT = 1
RIGHT = 2
WALL = 255  # the border cells round the table


def tile_of(a, b):
    """The tile id of the tile a-b (either order)."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def open_positions(table, end):
    """How many positions a plain (not double) tile has at `end`: 0..3, 0 = the end is blocked."""
    bits = table.end_room(end)
    return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)


def stock_mask(game):
    """The tiles still in the stock, as a mask."""
    m = 0
    for i in range(game.draw_pos, len(game.deck)):
        m |= 1 << game.deck[i]
    return m


# engine.dominoes' module-private numbers: the CPU's seat, the phase between rounds, and the refusal codes
CPU = 1
ROUND_OVER = 1
ERR_PHASE = 1
ERR_NOT_IN_HAND = 2
ERR_NO_MATCH = 3
ERR_NO_ROOM = 4
ERR_LEAD = 5
ERR_MUST_PLAY = 6
ERR_MUST_DRAW = 7
ERR_STOCK_LOW = 8
