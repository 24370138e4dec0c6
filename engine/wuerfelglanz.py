"""Würfelglanz: place single dice and pairs on a 5 x 5 board; runs (or connected groups) of >= 3 alike pop.

Rules: shared/rules/wuerfelglanz.md. Cell codes: 0 empty, 1..6 a die, JOKER (7) the golden joker.

    game = Game(seed, rule)          rule: RULE_STRAIGHT (default, "Gerade Reihen") or RULE_CONNECTED
    game.piece_len, piece_a, piece_b the piece in the tray (len 1: a single die, piece_b = 0; len 2: a pair)
    game.place(x, y, rotation)       -> PLACED, OFF_BOARD, OCCUPIED, ROUND_OVER or BAD_ROTATION
        The cursor cell (x, y) takes die A; die B goes to (x + PARTNER_DX[r], y + PARTNER_DY[r]):
        rotation 0 A|B, 1 A over B, 2 B|A, 3 B over A (rotating clockwise steps 0 -> 1 -> 2 -> 3 -> 0).
        Singles take any rotation 0..3. Anything but PLACED changes nothing at all.
        After PLACED the game's buffers describe the move:
            placed[0:placed_count]      the cells written (A first)
            popped[0:popped_count]      the cells freed (each once, however many runs it was in)
            points                      the move's points: the sum of its pip values' scores
            match_count, match_value[k], match_length[k], match_runs[k], match_points[k]
                one entry per pip value that popped, lowest value first: match_length[k] is n_v, the number
                of distinct cells popped for that value (the union of all its runs/groups, jokers included),
                match_runs[k] how many runs/groups made it, match_points[k] = 3 * v * 2^(n_v - 3)
        and the round-end check has run against the new tray piece: round_over.
    game.check(x, y, rotation)       what place() would return, without changing anything (ghost tint)
    game.score, game.moves, game.popped_total, game.round_over
    game.save_into(buf, offset) -> offset + STATE_BYTES;  game.load_from(buf, offset) (ValueError on bad bytes)
    move codes for replays: encode_move(x, y, rotation) -> 0..99; place_code(code)

All of place() -- resolution and round-end check included -- allocates nothing (tests/test_wuerfelglanz_alloc.py).
"""
from engine.match import Grid
from engine.rng import Rng, _get32, _put32

from micropython import const

# Rules numbers (shared/rules/wuerfelglanz.md).
BOARD_SIZE = const(5)            # [seed] 5 x 5 board
_PAIR_CHANCE_IN = const(2)       # [decided] a piece is a pair with probability 2/3 ...
_PAIR_CHANCE_OF = const(3)
_JOKER_ODDS = const(30)          # [decided] ... and a die is a golden joker with probability 1/30
_MAX_JOKERS_PER_PIECE = const(1)  # [decided] at most one joker per piece
_MIN_MATCH = const(3)            # [seed] runs / groups of >= 3 pop
_POINTS_BASE = const(3)          # [seed] n popped dice of value v score 3 * v * 2^(n - 3), once per value
_ALL_JOKER_VALUE = const(6)      # [seed] a run of only jokers counts as sixes

JOKER = const(7)
_EMPTY = const(0)
RULE_STRAIGHT = const(0)
RULE_CONNECTED = const(1)

# place() / check() results
PLACED = const(0)
OFF_BOARD = const(1)
OCCUPIED = const(2)
ROUND_OVER = const(3)
BAD_ROTATION = const(4)
# what each result tells the player (REFUSALS[result]: the scene's message for a place refused; the cursor never
# turns a piece out of range, so BAD_ROTATION has none)
REFUSALS = ("", "Off the board", "Taken", "Round over", "")

# Where die B sits relative to die A (the cursor cell) for rotations 0..3.
PARTNER_DX = (1, 0, -1, 0)
PARTNER_DY = (0, 1, 0, -1)

_CELLS = const(25)
_NO_CELL = const(255)            # engine.match.NO_CELL: no neighbour past the edge
_PIECE_OUTCOMES = const(97200)   # _PAIR_CHANCE_OF * 6 * _JOKER_ODDS * 6 * _JOKER_ODDS
_PIECE_DRAW_LIMIT = const(1073671200)  # the largest multiple of _PIECE_OUTCOMES not above 2^30
_VALUES = const(6)               # pip values 1..6: one score entry per value that pops
_VERSION = const(1)
# version, rule, piece_len, piece_a, piece_b, rng, board, score, moves, popped_total
_OFF_RNG = const(5)
_OFF_BOARD = const(13)           # _OFF_RNG + rng state bytes
_OFF_SCORE = const(38)           # _OFF_BOARD + 25
_OFF_MOVES = const(42)
_OFF_POPPED = const(46)
STATE_BYTES = const(50)
# Empty cells beyond this many always include two adjacent ones: at most ceil(25 / 2) = 13 cells of a 5 x 5
# board can be pairwise non-adjacent (a checkerboard colour class).
_MAX_ISOLATED_EMPTIES = const(13)
COUNTER_LIMIT = const(0x3FFFFFFF)  # score, moves and popped dice stop here (the badge's largest small int)


def encode_move(x, y, rotation):
    return (y * BOARD_SIZE + x) * 4 + rotation


class Game:
    def __init__(self, seed=1, rule=RULE_STRAIGHT):
        self.grid = Grid(BOARD_SIZE, BOARD_SIZE)
        self.board = self.grid.cells
        self.rng = Rng(1)
        self.placed = bytearray(2)
        self.popped = bytearray(_CELLS)
        self.match_value = bytearray(_VALUES)
        self.match_length = bytearray(_VALUES)
        self.match_runs = bytearray(_VALUES)
        self.match_points = [0] * _VALUES  # ints up to 3 * 6 * 2^22: a list of small ints, preallocated
        self._pop_mark = bytearray(_CELLS)
        # Per value v (index v): its popped cells so far this placement, and how many runs/groups found them.
        # _value_mark[cell] has bit v set once the cell is counted for v, so a cell in two v-runs counts once.
        self._value_cells = bytearray(_VALUES + 1)
        self._value_runs = bytearray(_VALUES + 1)
        self._value_mark = bytearray(_CELLS)
        self.new_round(seed, rule)

    def new_round(self, seed, rule=None):
        if rule is not None:
            if rule != RULE_STRAIGHT and rule != RULE_CONNECTED:
                raise ValueError("rule")
            self.rule = rule
        self.rng.seed(seed)
        self.grid.clear()
        self.score = 0
        self.moves = 0
        self.popped_total = 0
        self._empties = _CELLS
        self._clear_move()
        self._draw_piece()
        self.round_over = False

    def _clear_move(self):
        self.placed_count = 0
        self.popped_count = 0
        self.points = 0
        self.match_count = 0

    def _draw_piece(self):
        # One 30-bit draw decides the whole piece (mixed radix: kind, die A, joker A, die B, joker B), by
        # rejection so every outcome is equally likely: a fifth of the PRNG calls of drawing each part alone.
        rng = self.rng
        r = (rng.next15() << 15) | rng.next15()  # next30(), one call less
        while r >= _PIECE_DRAW_LIMIT:
            r = (rng.next15() << 15) | rng.next15()
        length = 2 if r % _PAIR_CHANCE_OF < _PAIR_CHANCE_IN else 1
        r //= _PAIR_CHANCE_OF
        a = r % 6 + 1
        r //= 6
        jokers = 0
        if r % _JOKER_ODDS == 0:
            a = JOKER
            jokers = 1
        r //= _JOKER_ODDS
        b = _EMPTY
        if length == 2:
            b = r % 6 + 1
            r //= 6
            if r % _JOKER_ODDS == 0 and jokers < _MAX_JOKERS_PER_PIECE:
                b = JOKER
        self.piece_len = length
        self.piece_a = a
        self.piece_b = b

    def _piece_fits(self):
        """Does the tray piece fit anywhere, in any rotation? (Rotation never changes a pair's cell sets.)"""
        empties = self._empties
        if self.piece_len == 1:
            return empties > 0
        if empties > _MAX_ISOLATED_EMPTIES:
            return True
        return empties > 1 and self.grid.pair_fits()

    def check(self, x, y, rotation):
        if self.round_over:
            return ROUND_OVER
        if rotation < 0 or rotation > 3:
            return BAD_ROTATION
        if x < 0 or x >= BOARD_SIZE or y < 0 or y >= BOARD_SIZE:
            return OFF_BOARD
        if self.piece_len == 2:
            bx = x + PARTNER_DX[rotation]
            by = y + PARTNER_DY[rotation]
            if bx < 0 or bx >= BOARD_SIZE or by < 0 or by >= BOARD_SIZE:
                return OFF_BOARD
            if self.board[by * BOARD_SIZE + bx] != _EMPTY:
                return OCCUPIED
        if self.board[y * BOARD_SIZE + x] != _EMPTY:
            return OCCUPIED
        return PLACED

    def place_code(self, code):
        """place() from a move code (encode_move): replays store one byte per move."""
        cell = code >> 2
        return self.place(cell % BOARD_SIZE, cell // BOARD_SIZE, code & 3)

    def place(self, x, y, rotation):
        # check() written out again here: one call less on the hot path (the two must stay the same)
        if self.round_over:
            return ROUND_OVER
        if rotation < 0 or rotation > 3:
            return BAD_ROTATION
        if x < 0 or x >= BOARD_SIZE or y < 0 or y >= BOARD_SIZE:
            return OFF_BOARD
        board = self.board
        a_cell = y * BOARD_SIZE + x
        count = self.piece_len
        b_cell = a_cell
        if count == 2:
            bx = x + PARTNER_DX[rotation]
            by = y + PARTNER_DY[rotation]
            if bx < 0 or bx >= BOARD_SIZE or by < 0 or by >= BOARD_SIZE:
                return OFF_BOARD
            b_cell = by * BOARD_SIZE + bx
            if board[b_cell] != _EMPTY:
                return OCCUPIED
        if board[a_cell] != _EMPTY:
            return OCCUPIED
        placed = self.placed
        board[a_cell] = self.piece_a
        placed[0] = a_cell
        if count == 2:
            board[b_cell] = self.piece_b
            placed[1] = b_cell
        self.placed_count = count
        self._empties -= count
        self.moves = _saturated(self.moves, 1)
        self._resolve(count, rotation & 1)
        self._draw_piece()
        # _piece_fits() written out: a single needs an empty cell, a pair two adjacent ones
        empties = self._empties
        if self.piece_len == 1:
            self.round_over = empties == 0
        elif empties > _MAX_ISOLATED_EMPTIES:
            self.round_over = False
        else:
            self.round_over = empties < 2 or not self.grid.pair_fits()
        return PLACED

    def _resolve(self, placed_count, pair_vertical):
        """Find every new run/group (each holds a placed die), free their union once, and score once per pip
        value: n_v distinct cells popped for v score 3 * v * 2^(n_v - 3) ([seed] "each further popped die of
        the same number doubles the points ... the scores of different numbers are added")."""
        board = self.board
        grid = self.grid
        nb = grid.neighbours
        placed = self.placed
        connected = self.rule == RULE_CONNECTED
        # Straight: direction 0 looks at the RIGHT/LEFT neighbours (1, 3), direction 1 at UP/DOWN (0, 2).
        # Connected: one pass over all four.
        directions = 1 if connected else 2
        look_step = 1 if connected else 2
        popped_count = 0
        value_runs = self._value_runs
        a_cell = placed[0]
        for k in range(placed_count):
            cell = placed[k]
            code = board[cell]
            low = code
            high = code + 1
            if code == JOKER:
                low = 1
                high = 7
            for value in range(low, high):
                # The pair's second die shares A's group, and A's run along the pair's axis, whenever A
                # matches the same value: that run/group was already counted from A.
                a_matches = k == 1 and (board[a_cell] == value or board[a_cell] == JOKER)
                for direction in range(directions):
                    if a_matches and (connected or direction == pair_vertical):
                        continue
                    # Cheap test first: 3 or more cells through this one need a matching neighbour.
                    # (A while loop: a for over range() with a variable step would allocate a range object.)
                    d = 4 * cell + (0 if connected else 1 - direction)
                    end = 4 * cell + 4
                    while d < end:
                        j = nb[d]
                        if j != _NO_CELL and (board[j] == value or board[j] == JOKER):
                            break
                        d += look_step
                    if d >= end:
                        continue
                    if connected:
                        length = grid.flood(cell, value, JOKER)
                        real = grid.group_real
                    else:
                        length = grid.run(cell, value, JOKER, direction == 1)
                        real = grid.run_real
                    if length < _MIN_MATCH or (real == 0 and value != _ALL_JOKER_VALUE):
                        continue
                    value_runs[value] += 1
                    popped_count = self._mark_popped(connected, length, value, popped_count)
        popped = self.popped
        mark = self._pop_mark
        value_mark = self._value_mark
        for k in range(popped_count):
            cell = popped[k]
            board[cell] = _EMPTY
            mark[cell] = 0
            value_mark[cell] = 0
        value_cells = self._value_cells
        matches = 0
        points = 0
        for value in range(1, _VALUES + 1):
            runs = value_runs[value]
            if runs:
                cells = value_cells[value]
                gained = _POINTS_BASE * value << (cells - _MIN_MATCH)
                self.match_value[matches] = value
                self.match_length[matches] = cells
                self.match_runs[matches] = runs
                self.match_points[matches] = gained
                matches += 1
                points += gained
                value_runs[value] = 0
                value_cells[value] = 0
        self.match_count = matches
        self.points = points
        self.popped_count = popped_count
        self.score = _saturated(self.score, points)
        self.popped_total = _saturated(self.popped_total, popped_count)
        self._empties += popped_count

    def _mark_popped(self, connected, length, value, popped_count):
        """Add the last run/group's cells to the popped list (each cell once) and to value's count of popped
        cells (each cell once per value)."""
        grid = self.grid
        group = grid.group
        popped = self.popped
        mark = self._pop_mark
        value_mark = self._value_mark
        bit = 1 << value
        counted = 0
        cell = grid.run_first
        step = grid.run_step
        for k in range(length):
            if connected:
                cell = group[k]
            if not mark[cell]:
                mark[cell] = 1
                popped[popped_count] = cell
                popped_count += 1
            if not value_mark[cell] & bit:
                value_mark[cell] |= bit
                counted += 1
            cell += step
        self._value_cells[value] += counted
        return popped_count

    # --- state to and from bytes -------------------------------------------------------------------------

    def to_bytes(self):
        buf = bytearray(STATE_BYTES)
        self.save_into(buf, 0)
        return bytes(buf)

    def save_into(self, buf, offset):
        buf[offset] = _VERSION
        buf[offset + 1] = self.rule
        buf[offset + 2] = self.piece_len
        buf[offset + 3] = self.piece_a
        buf[offset + 4] = self.piece_b
        self.rng.save_into(buf, offset + _OFF_RNG)
        buf[offset + _OFF_BOARD:offset + _OFF_BOARD + _CELLS] = self.board
        _put32(buf, offset + _OFF_SCORE, self.score)
        _put32(buf, offset + _OFF_MOVES, self.moves)
        _put32(buf, offset + _OFF_POPPED, self.popped_total)
        return offset + STATE_BYTES

    def load_from(self, buf, offset=0):
        """Restore a state written by save_into; ValueError (and no change) if the bytes are not one."""
        if offset < 0 or len(buf) - offset < STATE_BYTES:
            raise ValueError("state too short")
        if buf[offset] != _VERSION:
            raise ValueError("state version")
        rule = buf[offset + 1]
        if rule != RULE_STRAIGHT and rule != RULE_CONNECTED:
            raise ValueError("unknown rule in the state")
        _check_piece(buf[offset + 2], buf[offset + 3], buf[offset + 4])
        _count_empties(buf, offset + _OFF_BOARD)
        score = _get32(buf, offset + _OFF_SCORE)
        moves = _get32(buf, offset + _OFF_MOVES)
        popped_total = _get32(buf, offset + _OFF_POPPED)
        if score > COUNTER_LIMIT or moves > COUNTER_LIMIT or popped_total > COUNTER_LIMIT:
            raise ValueError("state stats")
        self.rng.load_from(buf, offset + _OFF_RNG)  # checks its bytes before changing anything
        self.rule = rule
        self.score = score
        self.moves = moves
        self.popped_total = popped_total
        self.set_position(buf[offset + _OFF_BOARD:offset + _OFF_BOARD + _CELLS],
                          buf[offset + 2], buf[offset + 3], buf[offset + 4])
        return offset + STATE_BYTES

    def copy_from(self, other):
        """Become a copy of `other`: board, piece, counters and PRNG (look-ahead; allocates nothing)."""
        self.rule = other.rule
        self.board[:] = other.board
        self.piece_len = other.piece_len
        self.piece_a = other.piece_a
        self.piece_b = other.piece_b
        self.rng.copy_from(other.rng)
        self.score = other.score
        self.moves = other.moves
        self.popped_total = other.popped_total
        self._empties = other._empties
        self._clear_move()
        self.round_over = other.round_over

    def set_position(self, cells, piece_len, piece_a, piece_b):
        """Put 25 cell codes on the board and a piece in the tray (loading, tests, puzzles); ValueError if
        either is not valid. Score, moves and the PRNG stay as they are; round_over is worked out afresh."""
        _check_piece(piece_len, piece_a, piece_b)
        if len(cells) != _CELLS:
            raise ValueError("board of the wrong size")
        empties = _count_empties(cells, 0)
        self.board[:] = cells
        self.piece_len = piece_len
        self.piece_a = piece_a
        self.piece_b = piece_b
        self._empties = empties
        self._clear_move()
        self.round_over = not self._piece_fits()


def _saturated(counter, amount):
    """counter + amount, stopping at COUNTER_LIMIT: saved counters stay small ints the loader accepts."""
    if amount > COUNTER_LIMIT - counter:
        return COUNTER_LIMIT
    return counter + amount


def _check_piece(length, a, b):
    if length == 1:
        ok = 1 <= a <= JOKER and b == _EMPTY
    else:
        ok = length == 2 and 1 <= a <= JOKER and 1 <= b <= JOKER and not (a == JOKER and b == JOKER)
    if not ok:
        raise ValueError("piece")


def _count_empties(cells, offset):
    empties = 0
    for k in range(offset, offset + _CELLS):
        code = cells[k]
        if code > JOKER:
            raise ValueError("unknown board cell code")
        if code == _EMPTY:
            empties += 1
    return empties
