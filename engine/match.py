"""Board geometry and match machinery shared by the grid games (Würfelglanz, Dymino).

A `Grid` is a W x H board stored row by row in one `bytearray` (cell index = y * W + x; value per cell,
0 = empty, codes 1..254 are the game's own). Everything here reads and writes preallocated buffers owned by
the grid and returns small ints, so the match loops allocate nothing (proved under MicroPython's heap_lock
by the games' allocation tests). W * H must be at most 255 because cell indices are stored in bytes.

"Matches v": a cell matches value v when it holds v or the joker code. Pass `joker=NO_JOKER` (255) when the
game has no jokers: no cell ever holds 255, so only v matches.

API (all indices are cell indices 0 .. size-1)
    Grid(width, height, cells=None)
        width, height, size   geometry
        cells                 the board: bytearray(size), or the one passed in (same object, not copied)
        neighbours            bytes(4 * size): neighbours[4 * i + d] is the cell next to i in direction d
                              (UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3), NO_CELL (255) past the edge
        index(x, y) -> int    the cell at (x, y), or NO_CELL when off the board
        clear()               empty every cell

    run(cell, v, joker, vertical) -> length
        The maximal horizontal (vertical=False) or vertical (vertical=True) run of consecutive cells that
        match v and go through `cell`; 0 when `cell` itself does not match v. Also sets
            run_first   the run's top/left cell
            run_step    1 (horizontal) or width (vertical): the run is run_first + k * run_step, k < length
            run_real    how many of its cells hold v itself (not the joker)

    flood(cell, v, joker) -> length
        The maximal orthogonally connected group of cells matching v that contains `cell`; 0 when `cell`
        does not match v. Also sets
            group       bytearray(size): group[0:length] lists the group's cells, group[0] == cell
            group_len   length
            group_real  how many of its cells hold v itself (not the joker)
        Breadth first: the group buffer doubles as the preallocated work list, and a preallocated mark
        array keeps each cell from being queued twice. Only the marked cells are unmarked at the end, so the
        cost is proportional to the group (and its border), never to the board.

    pair_fits() -> bool      are there two orthogonally adjacent empty cells? (a domino / pair fits somewhere,
                             in some rotation: rotating a pair does not change which cell sets it can cover)
    first_empty() -> int     the first empty cell, or NO_CELL when the board is full (a single fits iff not
                             NO_CELL)

Games may add functions here (Dymino does); existing behaviour stays as documented above.
"""
from micropython import const

_EMPTY = const(0)
NO_CELL = const(255)
NO_JOKER = const(255)
UP = const(0)
RIGHT = const(1)
DOWN = const(2)
LEFT = const(3)

_NONE = const(255)
_MAX_CELLS = const(255)


class Grid:
    def __init__(self, width, height, cells=None):
        size = width * height
        if width < 1 or height < 1 or size > _MAX_CELLS:
            raise ValueError("grid size out of range")
        if cells is None:
            cells = bytearray(size)
        elif len(cells) != size:
            raise ValueError("cells length")
        self.width = width
        self.height = height
        self.size = size
        self.cells = cells
        table = bytearray(4 * size)
        for y in range(height):
            for x in range(width):
                k = 4 * (y * width + x)
                table[k + UP] = (y - 1) * width + x if y > 0 else _NONE
                table[k + RIGHT] = y * width + x + 1 if x < width - 1 else _NONE
                table[k + DOWN] = (y + 1) * width + x if y < height - 1 else _NONE
                table[k + LEFT] = y * width + x - 1 if x > 0 else _NONE
        self.neighbours = bytes(table)
        self.group = bytearray(size)
        self.group_len = 0
        self.group_real = 0
        self.run_first = 0
        self.run_step = 1
        self.run_real = 0
        self._mark = bytearray(size)

    def index(self, x, y):
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return NO_CELL

    def clear(self):
        cells = self.cells
        for i in range(self.size):
            cells[i] = _EMPTY

    def run(self, cell, value, joker, vertical):
        cells = self.cells
        c = cells[cell]
        if c != value and c != joker:
            self.run_first = cell
            self.run_real = 0
            return 0
        nb = self.neighbours
        if vertical:
            back = UP
            ahead = DOWN
            self.run_step = self.width
        else:
            back = LEFT
            ahead = RIGHT
            self.run_step = 1
        real = 1 if c == value else 0
        length = 1
        first = cell
        j = nb[4 * cell + back]
        while j != _NONE:
            c = cells[j]
            if c == value:
                real += 1
            elif c != joker:
                break
            first = j
            length += 1
            j = nb[4 * j + back]
        j = nb[4 * cell + ahead]
        while j != _NONE:
            c = cells[j]
            if c == value:
                real += 1
            elif c != joker:
                break
            length += 1
            j = nb[4 * j + ahead]
        self.run_first = first
        self.run_real = real
        return length

    def flood(self, cell, value, joker):
        cells = self.cells
        c = cells[cell]
        if c != value and c != joker:
            self.group_len = 0
            self.group_real = 0
            return 0
        nb = self.neighbours
        group = self.group
        mark = self._mark
        mark[cell] = 1
        group[0] = cell
        length = 1
        head = 0
        real = 0
        while head < length:
            i = group[head]
            head += 1
            if cells[i] == value:
                real += 1
            k = 4 * i
            for d in range(k, k + 4):
                j = nb[d]
                if j != _NONE and not mark[j]:
                    c = cells[j]
                    if c == value or c == joker:
                        mark[j] = 1
                        group[length] = j
                        length += 1
        for head in range(length):
            mark[group[head]] = 0
        self.group_len = length
        self.group_real = real
        return length

    def pair_fits(self):
        cells = self.cells
        nb = self.neighbours
        for i in range(self.size):
            if cells[i] == _EMPTY:
                # Looking right and down from every empty cell sees every adjacent pair once.
                j = nb[4 * i + RIGHT]
                if j != _NONE and cells[j] == _EMPTY:
                    return True
                j = nb[4 * i + DOWN]
                if j != _NONE and cells[j] == _EMPTY:
                    return True
        return False

    def first_empty(self):
        cells = self.cells
        for i in range(self.size):
            if cells[i] == _EMPTY:
                return i
        return NO_CELL
