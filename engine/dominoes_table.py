"""Dominoes: tiles as small ints and the bounded table the line snakes over.

A tile is an int 0..27: tile = hi*(hi+1)/2 + lo with hi >= lo, so 0 is 0-0, 27 is 6-6 and a larger id is a
"higher" tile (6-6 > 6-5 > 6-4 ... > 5-5 ...). A hand or the stock is a 28-bit mask (a small int everywhere).

The table is a grid of half-tile cells (TABLE_W x TABLE_H) in a bytearray holding tile+1 per cell (0 = empty).
The line has two open ends; each end is a cell (the outer half of the tile it ends on), a direction the line goes
on in, the number showing, the tile it ends on, and whether that tile is a double. At an end a tile may go
straight on (option 0) or turn left (1) or right (2) around the corner; a double lies crosswise with its second
half to the left (1) or right (2) of the line; the tile after a double continues straight (option 0 only),
crosswise to the double. A position is free when both cells are on the table and empty and neither touches (edge
to edge) any tile except the one it joins. An end with no free position is blocked.
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from engine.match import NO_CELL, Grid

TILE_COUNT = const(28)
TABLE_W = const(20)  # [decided] table size in half-tile cells (8 px each on the 160 x 128 screen)
TABLE_H = const(12)
TABLE_CELLS = const(240)  # TABLE_W * TABLE_H
FIRST_X = const(9)  # [decided] the first tile lies in the middle: its first half on (FIRST_X, FIRST_Y)
FIRST_Y = const(5)

# directions as in engine.match (clockwise from up): turning right is +1, left is +3 (mod 4)
NORTH = const(0)
EAST = const(1)
SOUTH = const(2)
WEST = const(3)
STRAIGHT = const(0)
LEFT = const(1)
RIGHT = const(2)
OPTIONS = const(3)
NO_TILE = const(255)

# the table's neighbour table (shared by every Table): _NB[4 * cell + direction], NO_CELL past the edge
_NB = Grid(TABLE_W, TABLE_H).neighbours

# tile -> its halves
HI = bytes([h for h in range(7) for _ in range(h + 1)])
LO = bytes([lo for h in range(7) for lo in range(h + 1)])
PIPS = bytes([HI[t] + LO[t] for t in range(28)])
# SUIT_TILES[n * 7 + k]: the 7 tiles showing number n
SUIT_TILES = bytes([max(n, k) * (max(n, k) + 1) // 2 + min(n, k) for n in range(7) for k in range(7)])
ALL_TILES = const(0xFFFFFFF)
# SUIT_MASKS[n]: the 7 tiles showing number n, as a mask
SUIT_MASKS = tuple(sum(1 << t for t in range(28) if HI[t] == n or LO[t] == n) for n in range(7))
_UNKNOWN = const(255)


def tile_of(a, b):
    """The tile id of the tile a-b (either order)."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def is_double(tile):
    return HI[tile] == LO[tile]


class Table:
    """The bounded table: grid, the two open ends and the placements in play order (with their undo data)."""

    def __init__(self):
        self.grid = bytearray(TABLE_CELLS)
        self.count = 0
        # per placement, in play order
        self.moves = bytearray(TILE_COUNT)  # packed move: tile | end << 5 | option << 6
        self.cell1 = bytearray(TILE_COUNT)  # the half that matches (for the lead: the half at end 0)
        self.cell2 = bytearray(TILE_COUNT)
        self.num1 = bytearray(TILE_COUNT)
        self.num2 = bytearray(TILE_COUNT)
        self._undo = bytearray(TILE_COUNT * 5)  # the end's previous cell, dir, num, tile, after_double
        # the two open ends
        self.end_cell = bytearray(2)
        self.end_dir = bytearray(2)
        self.end_num = bytearray(2)
        self.end_tile = bytearray(2)
        self.end_double = bytearray(2)
        self._room = bytearray(b"\xff\xff")  # end_room() results until the table changes
        # cells of the position last checked by room()
        self.c1 = 0
        self.c2 = 0

    def reset(self):
        grid = self.grid
        for i in range(TABLE_CELLS):
            grid[i] = 0
        self.count = 0
        self._room[0] = self._room[1] = _UNKNOWN

    def copy_from(self, other):
        self.grid[:] = other.grid
        n = other.count
        self.count = n
        self.moves[:] = other.moves
        self.cell1[:] = other.cell1
        self.cell2[:] = other.cell2
        self.num1[:] = other.num1
        self.num2[:] = other.num2
        self._undo[:] = other._undo
        self.end_cell[:] = other.end_cell
        self.end_dir[:] = other.end_dir
        self.end_num[:] = other.end_num
        self.end_tile[:] = other.end_tile
        self.end_double[:] = other.end_double
        self._room[0] = other._room[0]
        self._room[1] = other._room[1]

    def mask(self):
        """The tiles on the table as a 28-bit mask."""
        m = 0
        moves = self.moves
        for i in range(self.count):
            m |= 1 << (moves[i] & 31)
        return m

    def _free(self, c, joined):
        """1 when cell c is on the table, empty, and touches no tile other than `joined` (tile + 1)."""
        if c == NO_CELL:
            return 0
        grid = self.grid
        if grid[c]:
            return 0
        k = c << 2
        # The four neighbours written out: this check runs for every candidate position of every move.
        n = _NB[k]
        if n != NO_CELL:
            v = grid[n]
            if v and v != joined:
                return 0
        n = _NB[k + 1]
        if n != NO_CELL:
            v = grid[n]
            if v and v != joined:
                return 0
        n = _NB[k + 2]
        if n != NO_CELL:
            v = grid[n]
            if v and v != joined:
                return 0
        n = _NB[k + 3]
        if n != NO_CELL:
            v = grid[n]
            if v and v != joined:
                return 0
        return 1

    def room(self, double, end, option):
        """1 when a tile (double or not) fits at `end` with `option`; leaves its cells in self.c1 / self.c2."""
        d = self.end_dir[end]
        if self.end_double[end]:
            if double or option != STRAIGHT:
                return 0
            d2 = d
        elif double:
            if option == STRAIGHT:
                return 0
            d2 = (d + 3) & 3 if option == LEFT else (d + 1) & 3
        elif option == STRAIGHT:
            d2 = d
        else:
            d2 = (d + 3) & 3 if option == LEFT else (d + 1) & 3
        c1 = _NB[(self.end_cell[end] << 2) + d]
        joined = self.end_tile[end] + 1
        if not self._free(c1, joined):
            return 0
        c2 = _NB[(c1 << 2) + d2]
        if not self._free(c2, joined):
            return 0
        self.c1 = c1
        self.c2 = c2
        return 1

    def end_room(self, end):
        """Which positions are free at `end`, whatever the tile: bit k (k = option) for a plain tile, bit 3 + k
        for a double. Whether a position is free depends only on the shape, not on the numbers. Cached until
        the table changes."""
        bits = self._room[end]
        if bits == _UNKNOWN:
            bits = self._compute_room(end)
            self._room[end] = bits
        return bits

    def _compute_room(self, end):
        # a double's half to the left / right takes the same cells as a plain tile turning left / right
        d = self.end_dir[end]
        c1 = _NB[(self.end_cell[end] << 2) + d]
        joined = self.end_tile[end] + 1
        if not self._free(c1, joined):
            return 0
        k = c1 << 2
        bits = 1 if self._free(_NB[k + d], joined) else 0
        if self.end_double[end]:
            return bits  # after a double only straight on; no double can follow a double
        if self._free(_NB[k + ((d + 3) & 3)], joined):
            bits |= 2 | 16
        if self._free(_NB[k + ((d + 1) & 3)], joined):
            bits |= 4 | 32
        return bits

    def open_positions(self, end):
        """How many positions a plain (not double) tile would have at `end`: 0..3, 0 = the end is blocked."""
        bits = self.end_room(end)
        return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)

    def place_first(self, tile):
        """Lay the lead in the middle: a plain tile along the line (hi at end 0, the west end), a double across it."""
        self.reset()
        hi = HI[tile]
        lo = LO[tile]
        c = FIRST_Y * TABLE_W + FIRST_X
        dbl = 1 if hi == lo else 0
        c2 = c + TABLE_W if dbl else c + 1
        self.grid[c] = tile + 1
        self.grid[c2] = tile + 1
        self.end_cell[0] = c
        self.end_cell[1] = c if dbl else c2
        self.end_dir[0] = WEST
        self.end_dir[1] = EAST
        self.end_num[0] = hi
        self.end_num[1] = lo
        self.end_tile[0] = tile
        self.end_tile[1] = tile
        self.end_double[0] = dbl
        self.end_double[1] = dbl
        self.moves[0] = tile
        self.cell1[0] = c
        self.cell2[0] = c2
        self.num1[0] = hi
        self.num2[0] = lo
        self.count = 1
        self._room[0] = self._room[1] = _UNKNOWN

    def place(self, tile, end, option):
        """Lay `tile` at `end` with `option` (the caller checked match and room). Returns the new end number."""
        double = 1 if HI[tile] == LO[tile] else 0
        self.room(double, end, option)
        i = self.count
        u = i * 5
        undo = self._undo
        undo[u] = self.end_cell[end]
        undo[u + 1] = self.end_dir[end]
        undo[u + 2] = self.end_num[end]
        undo[u + 3] = self.end_tile[end]
        undo[u + 4] = self.end_double[end]
        n = self.end_num[end]
        other = HI[tile] + LO[tile] - n
        c1 = self.c1
        c2 = self.c2
        self.grid[c1] = tile + 1
        self.grid[c2] = tile + 1
        self.moves[i] = tile | (end << 5) | (option << 6)
        self.cell1[i] = c1
        self.cell2[i] = c2
        self.num1[i] = n
        self.num2[i] = other
        if double:
            # the line goes on from the half that joined, in the same direction
            self.end_cell[end] = c1
        else:
            self.end_cell[end] = c2
            if option != STRAIGHT:
                d = self.end_dir[end]
                self.end_dir[end] = (d + 3) & 3 if option == LEFT else (d + 1) & 3
        self.end_num[end] = other
        self.end_tile[end] = tile
        self.end_double[end] = double
        self.count = i + 1
        self._room[0] = self._room[1] = _UNKNOWN
        return other

    def undo(self):
        """Take back the last placement."""
        i = self.count - 1
        if i < 0:
            return
        self.grid[self.cell1[i]] = 0
        self.grid[self.cell2[i]] = 0
        self.count = i
        self._room[0] = self._room[1] = _UNKNOWN
        if i == 0:
            return
        end = (self.moves[i] >> 5) & 1
        u = i * 5
        undo = self._undo
        self.end_cell[end] = undo[u]
        self.end_dir[end] = undo[u + 1]
        self.end_num[end] = undo[u + 2]
        self.end_tile[end] = undo[u + 3]
        self.end_double[end] = undo[u + 4]
