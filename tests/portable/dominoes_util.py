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


def _free_run(table, c, d, cap):
    """Free cells in a row from c (exclusive) in direction d (0 N .. 3 E), up to cap: each empty, with no tile
    ahead of it or to either side (the wall is no tile)."""
    step = (-table.stride, 1, table.stride, -1)
    n = 0
    while n < cap:
        c += step[d]
        if table.grid[c] or any(table.grid[c + step[k]] not in (0, WALL) for k in (d, (d + 1) % 4, (d + 3) % 4)):
            break
        n += 1
    return n


def room_after(table, double, end, option):
    """The room an end keeps after a tile (double or not) goes at `end` with `option` (a free position): the free
    cells straight ahead of the new end, three times, plus those to its two sides (engine.dominoes_table's
    best_option weighs positions by this: 8 ahead and 6 a side at most)."""
    table.cells(double, end, option)
    d = table.end_dir[end]
    if double:
        c = table.c1
    else:
        c = table.c2
        d = (d + (3 if option == LEFT else 1 if option == RIGHT else 0)) % 4
    ahead = _free_run(table, c, d, 8)
    if not ahead:
        return 0
    c += (-table.stride, 1, table.stride, -1)[d]
    return 3 * ahead + _free_run(table, c, (d + 3) % 4, 6) + _free_run(table, c, (d + 1) % 4, 6)
