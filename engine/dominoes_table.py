"""Dominoes: tiles as small ints and the table the line snakes over.

A tile is an int 0..27: tile = hi*(hi+1)/2 + lo with hi >= lo, so 0 is 0-0, 27 is 6-6 and a larger id is a
"higher" tile (6-6 > 6-5 > 6-4 ... > 5-5 ...). A hand or the stock is a 28-bit mask (a small int everywhere).

The table is a grid of half-tile cells, width x height, several screens large (the view scrolls over it). It is
stored row by row in a bytearray with a one-cell WALL border all round (stride = width + 2), so a neighbour is
cell +- 1 or +- stride with no edge test; a cell holds tile + 1 (0 = empty). Cell indices need 16 bits.
The line has two open ends; each end is a cell (the outer half of the tile it ends on), a direction the line goes
on in, the number showing, the tile it ends on, and whether that tile is a double. At an end a tile may go
straight on (option 0) or turn left (1) or right (2) around the corner; a double lies crosswise with its second
half to the left (1) or right (2) of the line; the tile after a double continues straight (option 0 only),
crosswise to the double. A position is free when both cells are on the table and empty and neither touches (edge
to edge) any tile except the one it joins. An end with no free position is blocked.

Ends that live: of the free positions at an end, `best_option` is the one that leaves the new end the most room
ahead (free cells straight on, then to the sides), so a snake turns before it meets the edge or the line.
"""
from micropython import const

from array import array

TILE_COUNT = const(28)
TABLE_W = const(40)  # [decided] table size in half-tile cells: about 3 x 4 screens of 12-pixel halves
TABLE_H = const(28)
_WALL = const(255)  # the border cells round the table

# directions, clockwise from north: turning right is +1, left is +3 (mod 4)
_NORTH = const(0)  # (module-private: a name costs the badge; tests spell the same numbers)
_EAST = const(1)
_SOUTH = const(2)
_WEST = const(3)
# options at an end (a move's option field)
_STRAIGHT = const(0)
_LEFT = const(1)
_RIGHT = const(2)
OPTIONS = const(3)
NO_TILE = const(255)
NO_OPTION = const(255)
# room ahead of an end [decided]: free cells counted straight on (weighted) and to either side, each up to a cap
_ROOM_AHEAD_CAP = const(8)
_ROOM_SIDE_CAP = const(6)
_ROOM_AHEAD_WEIGHT = const(3)
# the farthest cell (in steps along rows and columns) end_room / best_option read from their end's cell: the new
# end 2 away, _ROOM_AHEAD_CAP on from it and the neighbour of that; a tile laid farther leaves their cache valid
_BEST_REACH = const(2 + _ROOM_AHEAD_CAP + 1)
ROOM_REACH = const(3)  # end_room's: the two cells of a position and their neighbours

# tile -> its halves
HI = bytes([n for n in range(7) for _ in range(n + 1)])
LO = bytes([k for n in range(7) for k in range(n + 1)])
PIPS = bytes([HI[t] + LO[t] for t in range(28)])
# SUIT_TILES[n * 7 + k]: the 7 tiles showing number n
SUIT_TILES = bytes([max(n, k) * (max(n, k) + 1) // 2 + min(n, k) for n in range(7) for k in range(7)])
ALL_TILES = const(0xFFFFFFF)
# SUIT_MASKS[n]: the 7 tiles showing number n, as a mask
SUIT_MASKS = tuple(sum(1 << t for t in range(28) if HI[t] == n or LO[t] == n) for n in range(7))
_UNKNOWN = const(255)


# A move packed in one int: tile | end << 5 | option << 6
MOVE_TILE = const(31)  # move & MOVE_TILE: the tile
MOVE_END = const(5)  # (move >> MOVE_END) & 1: the end
MOVE_OPTION = const(6)  # move >> MOVE_OPTION: the option


def hand_pips(mask):
    """The pips of the tiles of a hand (a mask)."""
    total = 0
    for t in range(TILE_COUNT):
        if mask & (1 << t):
            total += PIPS[t]
    return total


def hand_count(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def turned(direction, option):
    """The direction after turning _LEFT / _RIGHT (_STRAIGHT keeps it)."""
    if option == _LEFT:
        return (direction + 3) & 3
    if option == _RIGHT:
        return (direction + 1) & 3
    return direction


class Table:
    """The table: grid, the two open ends and the placements in play order (with their undo data).
    `width` x `height` cells; the bench also builds one too big to ever reach its edge (an unbounded table)."""

    def __init__(self, width=TABLE_W, height=TABLE_H):
        self.width = width
        self.height = height
        stride = width + 2
        self.stride = stride
        self.first_cell = (height // 2 + 1) * stride + width // 2  # the lead's first half: the middle
        self.step = array("h", (-stride, 1, stride, -1))  # cell offset per direction
        self.grid = bytearray(stride * (height + 2))
        grid = self.grid
        for x in range(stride):
            grid[x] = _WALL
            grid[(height + 1) * stride + x] = _WALL
        for y in range(height + 2):
            grid[y * stride] = _WALL
            grid[y * stride + width + 1] = _WALL
        self.count = 0
        self.laid = 0  # the tiles on the table as a mask (mask())
        # per placement, in play order
        self.moves = bytearray(TILE_COUNT)  # packed move: tile | end << 5 | option << 6
        self.cell1 = array("H", bytes(2 * TILE_COUNT))  # the half that matches (for the lead: the half at end 0)
        self.cell2 = array("H", bytes(2 * TILE_COUNT))
        self.num1 = bytearray(TILE_COUNT)
        self.num2 = bytearray(TILE_COUNT)
        self._undo_cell = array("H", bytes(2 * TILE_COUNT))  # the end's previous cell
        self._undo = bytearray(TILE_COUNT * 4)  # ... and its dir, num, tile, after_double
        # the two open ends
        self.end_cell = array("H", bytes(4))
        self.end_dir = bytearray(2)
        self.end_num = bytearray(2)
        self.end_tile = bytearray(2)
        self.end_double = bytearray(2)
        self._room = bytearray(b"\xff\xff")  # end_room() results until the table changes near the end
        self._best = bytearray(b"\xff\xff\xff\xff")  # best_option() per end * 2 + double, likewise
        # cells of the position last checked by room()
        self.c1 = 0
        self.c2 = 0

    # ---- coordinates ------------------------------------------------------------------------------------------
    def cell(self, x, y):
        """The cell at column x, row y (0-based, inside the table)."""
        return (y + 1) * self.stride + x + 1

    def cell_x(self, cell):
        return cell % self.stride - 1

    def cell_y(self, cell):
        return cell // self.stride - 1

    def _forget(self):
        self._room[0] = self._room[1] = _UNKNOWN
        best = self._best
        best[0] = best[1] = best[2] = best[3] = _UNKNOWN

    def reset(self):
        grid = self.grid
        stride = self.stride
        for y in range(1, self.height + 1):
            row = y * stride
            for x in range(row + 1, row + 1 + self.width):
                grid[x] = 0
        self.count = 0
        self.laid = 0
        self._forget()

    def copy_from(self, other):
        self.grid[:] = other.grid
        self.count = other.count
        self.laid = other.laid
        self.moves[:] = other.moves
        self.num1[:] = other.num1
        self.num2[:] = other.num2
        self._undo[:] = other._undo
        # 16-bit arrays element by element: a slice copy between arrays allocates under MicroPython
        for i in range(other.count):
            self.cell1[i] = other.cell1[i]
            self.cell2[i] = other.cell2[i]
            self._undo_cell[i] = other._undo_cell[i]
        self.end_cell[0] = other.end_cell[0]
        self.end_cell[1] = other.end_cell[1]
        self.end_dir[:] = other.end_dir
        self.end_num[:] = other.end_num
        self.end_tile[:] = other.end_tile
        self.end_double[:] = other.end_double
        self._room[:] = other._room
        self._best[:] = other._best

    def mask(self):
        """The tiles on the table as a 28-bit mask."""
        return self.laid

    # ---- free positions -------------------------------------------------------------------------------------
    def _free(self, c, joined):
        """1 when cell c is on the table, empty, and touches no tile other than `joined` (tile + 1; 0: none)."""
        grid = self.grid
        if grid[c]:
            return 0  # a tile or the wall
        stride = self.stride
        # The four neighbours written out: this check runs for every candidate position of every move.
        v = grid[c - stride]
        if v and v != joined and v != _WALL:
            return 0
        v = grid[c + 1]
        if v and v != joined and v != _WALL:
            return 0
        v = grid[c + stride]
        if v and v != joined and v != _WALL:
            return 0
        v = grid[c - 1]
        if v and v != joined and v != _WALL:
            return 0
        return 1

    def room(self, double, end, option):
        """1 when a tile (double or not) fits at `end` with `option`; leaves its cells in self.c1 / self.c2."""
        d = self.end_dir[end]
        if self.end_double[end]:
            if double or option != _STRAIGHT:
                return 0
            d2 = d
        elif double:
            if option == _STRAIGHT:
                return 0
            d2 = turned(d, option)
        else:
            d2 = turned(d, option)
        step = self.step
        c1 = self.end_cell[end] + step[d]
        joined = self.end_tile[end] + 1
        if not self._free(c1, joined):
            return 0
        c2 = c1 + step[d2]
        if not self._free(c2, joined):
            return 0
        self.c1 = c1
        self.c2 = c2
        return 1

    def cells(self, double, end, option):
        """room()'s cells for a position known to be free, without checking it again."""
        d = self.end_dir[end]
        step = self.step
        c1 = self.end_cell[end] + step[d]
        self.c1 = c1
        self.c2 = c1 + step[d if self.end_double[end] else turned(d, option)]

    def end_room(self, end):
        """Which positions are free at `end`, whatever the tile: bit k (k = option) for a plain tile, bit 3 + k
        for a double. Whether a position is free depends only on the shape, not on the numbers. Cached until
        the table changes within _BEST_REACH of the end."""
        bits = self._room[end]
        if bits == _UNKNOWN:
            bits = self.room_bits(self.end_cell[end], self.end_dir[end], self.end_tile[end], self.end_double[end])
            self._room[end] = bits
        return bits

    def room_bits(self, cell, d, tile, after_double):
        """end_room()'s bits for an end at `cell` going on in direction `d`, ending on `tile` (a double or not):
        the CPU reads the room a move would leave from the grid alone, without place() and undo()."""
        # a double's half to the left / right takes the same cells as a plain tile turning left / right
        step = self.step
        c1 = cell + step[d]
        joined = tile + 1
        if not self._free(c1, joined):
            return 0
        bits = 1 if self._free(c1 + step[d], joined) else 0
        if after_double:
            return bits  # after a double only straight on; no double can follow a double
        if self._free(c1 + step[(d + 3) & 3], joined):
            bits |= 2 | 16
        if self._free(c1 + step[(d + 1) & 3], joined):
            bits |= 4 | 32
        return bits

    # ---- ends that live ---------------------------------------------------------------------------------------
    def _run(self, c, d, cap):
        """Free cells in a row from c (exclusive, an empty cell) in direction d, up to cap (touching counts: no
        tile joins). _free(cell, 0) written out: the cell behind each one is empty, so only three neighbours."""
        grid = self.grid
        step = self.step
        s = step[d]
        a = step[(d + 1) & 3]  # the two sides
        b = -a
        n = 0
        while n < cap:
            c += s
            if grid[c]:
                break
            v = grid[c + s]
            if v and v != _WALL:
                break
            v = grid[c + a]
            if v and v != _WALL:
                break
            v = grid[c + b]
            if v and v != _WALL:
                break
            n += 1
        return n

    def best_option(self, double, end):
        """Of the free positions for a tile (double or not) at `end`, the one that keeps the end the most room
        (the first of equals); NO_OPTION when none is free. Cached until the table changes within _BEST_REACH."""
        k = end * 2 + double
        best = self._best[k]
        if best == _UNKNOWN:
            bits = self.end_room(end)
            bits = (bits >> 3 if double else bits) & 7
            best = NO_OPTION
            best_room = -1
            if bits == 1 or bits == 2 or bits == 4:  # one free position: nothing to weigh
                best = bits >> 1
                bits = 0
            for option in range(OPTIONS):
                if not bits & (1 << option):
                    continue
                # the room the end keeps after the tile goes there: free cells straight ahead of the new end
                # (weighted) plus those to its two sides -- not counted when even full sides could not beat the
                # best so far
                self.cells(double, end, option)
                d = self.end_dir[end]
                if double:
                    c = self.c1  # the line goes on from the joining half, straight across the double
                else:
                    c = self.c2
                    d = turned(d, option)
                ahead = self._run(c, d, _ROOM_AHEAD_CAP)
                r = ahead * _ROOM_AHEAD_WEIGHT
                if ahead and r + 2 * _ROOM_SIDE_CAP > best_room:
                    c += self.step[d]
                    r += self._run(c, (d + 3) & 3, _ROOM_SIDE_CAP) + self._run(c, (d + 1) & 3, _ROOM_SIDE_CAP)
                if r > best_room:
                    best_room = r
                    best = option
            self._best[k] = best
        return best

    # ---- laying and taking back -------------------------------------------------------------------------------
    def place_first(self, tile):
        """Lay the lead in the middle: a plain tile along the line (hi at end 0, the west end), a double across it."""
        self.reset()
        hi = HI[tile]
        lo = LO[tile]
        c = self.first_cell
        dbl = 1 if hi == lo else 0
        c2 = c + self.stride if dbl else c + 1
        self.grid[c] = tile + 1
        self.grid[c2] = tile + 1
        self.end_cell[0] = c
        self.end_cell[1] = c if dbl else c2
        self.end_dir[0] = _WEST
        self.end_dir[1] = _EAST
        self.end_num[0] = hi
        self.end_num[1] = lo
        self.end_tile[0] = tile
        self.end_tile[1] = tile
        self.end_double[0] = dbl
        self.end_double[1] = dbl
        self.moves[0] = tile
        self.laid = 1 << tile
        self.cell1[0] = c
        self.cell2[0] = c2
        self.num1[0] = hi
        self.num2[0] = lo
        self.count = 1
        self._forget()

    def place(self, tile, end, option):
        """Lay `tile` at `end` with `option` (the caller checked match and room). Returns the new end number."""
        double = 1 if HI[tile] == LO[tile] else 0
        self.cells(double, end, option)
        i = self.count
        self._undo_cell[i] = self.end_cell[end]
        u = i * 4
        undo = self._undo
        undo[u] = self.end_dir[end]
        undo[u + 1] = self.end_num[end]
        undo[u + 2] = self.end_tile[end]
        undo[u + 3] = self.end_double[end]
        n = self.end_num[end]
        other = HI[tile] + LO[tile] - n
        c1 = self.c1
        c2 = self.c2
        self.grid[c1] = tile + 1
        self.grid[c2] = tile + 1
        self.moves[i] = tile | (end << MOVE_END) | (option << MOVE_OPTION)
        self.laid |= 1 << tile
        self.cell1[i] = c1
        self.cell2[i] = c2
        self.num1[i] = n
        self.num2[i] = other
        if double:
            # the line goes on from the half that joined, in the same direction
            self.end_cell[end] = c1
        else:
            self.end_cell[end] = c2
            self.end_dir[end] = turned(self.end_dir[end], option)
        self.end_num[end] = other
        self.end_tile[end] = tile
        self.end_double[end] = double
        self.count = i + 1
        # the end laid at changed; the other end's room and best options still hold when the tile is out of
        # their reach (the playouts re-read only one end a ply)
        if self.near(self.end_cell[1 - end], c1, c2, _BEST_REACH):
            self._forget()
        else:
            self._room[end] = _UNKNOWN
            self._best[end * 2] = self._best[end * 2 + 1] = _UNKNOWN
        return other

    def near(self, cell, c1, c2, reach):
        """True when cell c1 or c2 is at most `reach` steps from `cell` along rows and columns."""
        stride = self.stride
        x = cell % stride
        y = cell // stride
        dx = x - c1 % stride
        dy = y - c1 // stride
        if (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy) <= reach:
            return True
        dx = x - c2 % stride
        dy = y - c2 // stride
        return (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy) <= reach

    def undo(self):
        """Take back the last placement."""
        i = self.count - 1
        if i < 0:
            return
        self.grid[self.cell1[i]] = 0
        self.grid[self.cell2[i]] = 0
        self.laid &= ~(1 << (self.moves[i] & MOVE_TILE))
        self.count = i
        self._forget()
        if i == 0:
            return
        end = (self.moves[i] >> MOVE_END) & 1
        u = i * 4
        undo = self._undo
        self.end_cell[end] = self._undo_cell[i]
        self.end_dir[end] = undo[u]
        self.end_num[end] = undo[u + 1]
        self.end_tile[end] = undo[u + 2]
        self.end_double[end] = undo[u + 3]
