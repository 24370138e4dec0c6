"""Dymino: roll two dice, place them on a 5x5 grid; three or more equal connected dice merge into the next value.

Rules: shared/rules/dymino.md. Built on engine.match.Grid (neighbour table, allocation-free flood fill, pair-fit
check). Each action (place_pair, place_single, bonus_place, bonus_remove) changes the game only when it is legal
and returns OK, else a small error code and nothing changed. Actions allocate nothing (proved under MicroPython's
heap_lock by tests/test_dymino_alloc.py): the score is a decimal digit bytearray (engine.dymino_score).

What an action changed, for the scene (all preallocated, valid until the next action):
    merge_log[4k .. 4k+3]    for merge k < merge_len: anchor cell, merged value, dice count, place in its series
    cleared_by[cell]         1 + the merge (k) that emptied the cell, 0 if none; 255: removed by a bonus power
    gain                     the action's points (digit bytearray, as `score`)
    die_lost, bonus_lost     a single-phase second die / a bonus die had no empty cell (the value / the power)

State machine: PAIR (place the roll as a pair) or SINGLE (no two adjacent empty cells at the turn's start: place
the roll's dice one by one) -> after a double: BONUS (power = the double's value) -> next turn ... -> OVER.
"""
from engine.match import Grid, NO_CELL, NO_JOKER
from engine.rng import Rng
from engine import dymino_score
from engine.dymino_rules import (CELLS, COUNTER_LIMIT, ERR_CELL, ERR_OCCUPIED, ERR_PHASE, ERR_ROTATION, ERR_VALUE, OK,
                                 PHASE_BONUS, PHASE_OVER, PHASE_PAIR, PHASE_SINGLE, POWER_CHOOSE, POWER_COLUMN,
                                 POWER_CROSS, POWER_REMOVE, POWER_ROW, POWER_SURROUND, REMOVED_BY_BONUS,
                                 SERIES_PER_PLACEMENT, SIDE, STATE_BYTES, TOP_VALUE)

from micropython import const

# [seed] Three or more equal connected dice merge.
_MIN_COMBINATION = const(3)
_MAX_MERGES = const(32)    # merges one action can cause: each removes >= 2 dice net, so <= 12 per die placed
# Rotation r puts the second die in direction (r + 1) & 3 of match.UP/RIGHT/DOWN/LEFT: right, below, left, above.
_ROTATIONS = const(4)


class Dymino:
    def __init__(self, seed=1):
        self.board = Grid(SIDE, SIDE)
        self.grid = self.board.cells
        self.rng = Rng(seed)
        self.roll = bytearray(2)
        self.score = dymino_score.new_score()
        self.gain = dymino_score.new_score()
        self.cleared_by = bytearray(CELLS)
        self.merge_log = bytearray(4 * _MAX_MERGES)
        self.merge_len = 0
        self.new_game(seed)

    # ---- game flow -------------------------------------------------------------------------------------------

    def new_game(self, seed):
        self.rng.seed(seed)
        self.board.clear()
        dymino_score.clear(self.score)
        self.turns = 0
        self.merges = 0          # combinations this game
        self.longest_series = 0
        self.series = 0          # combinations in the running series
        self.next_die = 0        # single phase: which of the roll's dice goes next
        self.bonus = 0           # bonus phase: the power 1..6
        self._begin_action()
        self._next_turn()

    def _next_turn(self):
        self.bonus = 0
        self.next_die = 0
        if self.board.first_empty() == NO_CELL:
            self.phase = PHASE_OVER
            return
        if self.turns < COUNTER_LIMIT:  # saturates: a saved game stays one its loader accepts
            self.turns += 1
        rng = self.rng
        self.roll[0] = rng.die()
        self.roll[1] = rng.die()
        self.phase = PHASE_PAIR if self.board.pair_fits() else PHASE_SINGLE

    def _end_turn(self):
        """The roll is placed: a double's bonus comes now, else the next turn."""
        self.next_die = 0
        power = self.roll[0]
        if power != self.roll[1]:
            self._next_turn()
            return
        if power != POWER_REMOVE and self.board.first_empty() == NO_CELL:
            self.bonus_lost = power
            self._next_turn()
            return
        self.bonus = power
        self.phase = PHASE_BONUS

    def _begin_action(self):
        cleared_by = self.cleared_by
        for cell in range(CELLS):
            cleared_by[cell] = 0
        self.merge_len = 0
        self.die_lost = 0
        self.bonus_lost = 0
        dymino_score.clear(self.gain)

    # ---- actions ---------------------------------------------------------------------------------------------

    def partner(self, cell, rotation):
        """The pair's second cell for the first die on `cell`, or NO_CELL off the grid."""
        if cell < 0 or cell >= CELLS or rotation < 0 or rotation >= _ROTATIONS:
            return NO_CELL
        return self.board.neighbours[4 * cell + ((rotation + 1) & 3)]

    def check_pair(self, cell, rotation):
        """What place_pair would answer, changing nothing (for the scene's ghost)."""
        if self.phase != PHASE_PAIR:
            return ERR_PHASE
        if rotation < 0 or rotation >= _ROTATIONS:
            return ERR_ROTATION
        if cell < 0 or cell >= CELLS:
            return ERR_CELL
        other = self.board.neighbours[4 * cell + ((rotation + 1) & 3)]
        if other == NO_CELL:
            return ERR_CELL
        if self.grid[cell] or self.grid[other]:
            return ERR_OCCUPIED
        return OK

    def place_pair(self, cell, rotation):
        """Place the roll: the first die on `cell`, the second beside it as `rotation` says (0..3)."""
        error = self.check_pair(cell, rotation)
        if error:
            return error
        self._begin_action()
        other = self.board.neighbours[4 * cell + ((rotation + 1) & 3)]
        first = self.roll[0]
        second = self.roll[1]
        grid = self.grid
        grid[cell] = first
        grid[other] = second
        self._begin_series()
        # [decided] A double side by side is one group anchored on the first die; else the lower value goes first.
        if second < first:
            self._resolve(other)
            if grid[cell]:
                self._resolve(cell)
        else:
            self._resolve(cell)
            if first != second and grid[other]:
                self._resolve(other)
        self._end_series()
        self._end_turn()
        return OK

    def check_single(self, cell):
        if self.phase != PHASE_SINGLE:
            return ERR_PHASE
        if cell < 0 or cell >= CELLS:
            return ERR_CELL
        if self.grid[cell]:
            return ERR_OCCUPIED
        return OK

    def place_single(self, cell):
        """Single phase: place the roll's next die on the empty `cell`."""
        error = self.check_single(cell)
        if error:
            return error
        self._begin_action()
        self.grid[cell] = self.roll[self.next_die]
        self._begin_series()
        self._resolve(cell)
        self._end_series()
        self.next_die += 1
        if self.next_die == 1 and self.board.first_empty() == NO_CELL:
            self.die_lost = self.roll[1]  # [decided] the second die has nowhere to go: it is lost
            self.next_die = 2
        if self.next_die == 2:
            self._end_turn()
        return OK

    def swap_roll(self):
        """Single phase, before the first die: swap which die goes first (the pair phase rotates instead)."""
        if self.phase != PHASE_SINGLE or self.next_die:
            return ERR_PHASE
        first = self.roll[0]
        self.roll[0] = self.roll[1]
        self.roll[1] = first
        return OK

    def check_bonus_place(self, cell, value):
        power = self.bonus
        if self.phase != PHASE_BONUS or power == POWER_REMOVE:
            return ERR_PHASE
        if power == POWER_CHOOSE and (value < 1 or value > TOP_VALUE):
            return ERR_VALUE
        if cell < 0 or cell >= CELLS:
            return ERR_CELL
        if self.grid[cell]:
            return ERR_OCCUPIED
        return OK

    def bonus_place(self, cell, value=0):
        """Bonus 1: place a die of the chosen `value` on `cell` (it can merge). Bonus 3..6: place the bonus die
        on `cell` and clear its row / column / both / 8 neighbours; the bonus die goes too. `value` is ignored
        for 3..6."""
        error = self.check_bonus_place(cell, value)
        if error:
            return error
        self._begin_action()
        power = self.bonus
        if power == POWER_CHOOSE:
            self.grid[cell] = value
            self._begin_series()
            self._resolve(cell)
            self._end_series()
        else:
            x = cell % SIDE
            y = cell // SIDE
            if power == POWER_ROW or power == POWER_CROSS:
                for i in range(y * SIDE, y * SIDE + SIDE):
                    self._remove(i)
            if power == POWER_COLUMN or power == POWER_CROSS:
                for row in range(SIDE):
                    self._remove(row * SIDE + x)
            if power == POWER_SURROUND:
                for ny in range(y - 1, y + 2):
                    if 0 <= ny < SIDE:
                        for nx in range(x - 1, x + 2):
                            if 0 <= nx < SIDE:
                                self._remove(ny * SIDE + nx)
        self._next_turn()
        return OK

    def bonus_remove(self, value):
        """Bonus 2: every die of `value` (1..6) leaves the grid. Scores nothing."""
        if self.phase != PHASE_BONUS or self.bonus != POWER_REMOVE:
            return ERR_PHASE
        if value < 1 or value > TOP_VALUE:
            return ERR_VALUE
        self._begin_action()
        grid = self.grid
        for i in range(CELLS):
            if grid[i] == value:
                self._remove(i)
        self._next_turn()
        return OK

    # ---- resolution ------------------------------------------------------------------------------------------

    def _remove(self, cell):
        if self.grid[cell]:
            self.grid[cell] = 0
            self.cleared_by[cell] = REMOVED_BY_BONUS

    def _resolve(self, anchor):
        """Merge the group at `anchor` while it holds >= 3 dice; the next value lands on `anchor` each time."""
        board = self.board
        grid = self.grid
        group = board.group
        cleared_by = self.cleared_by
        log = self.merge_log
        while True:
            value = grid[anchor]
            count = board.flood(anchor, value, NO_JOKER)
            if count < _MIN_COMBINATION:
                return
            k = self.merge_len
            for i in range(count):
                cell = group[i]
                grid[cell] = 0
                cleared_by[cell] = k + 1
            grid[anchor] = value % TOP_VALUE + 1
            self.series += 1
            place = self.series
            dymino_score.add_points(self.score, count, value, place)
            dymino_score.add_points(self.gain, count, value, place)
            if k < _MAX_MERGES:
                log[4 * k] = anchor
                log[4 * k + 1] = value
                log[4 * k + 2] = count
                log[4 * k + 3] = place
                self.merge_len = k + 1
            if self.merges < COUNTER_LIMIT:
                self.merges += 1

    def _begin_series(self):
        if SERIES_PER_PLACEMENT:
            self.series = 0

    def _end_series(self):
        if self.series > self.longest_series:
            self.longest_series = self.series
        if not self.merge_len:
            self.series = 0  # a placement without a merge ends a series (matters only for the streak reading)

    # ---- hand-set positions and copies (tests, look-ahead players): engine.dymino_state ----------------------

    def set_position(self, cells, first, second):
        """Put `cells` (CELLS values 0..6, row by row) on the grid and start a turn with the roll (first, second):
        pair or single phase as the grid allows, game over when it is full. Score and counters stay."""
        from engine import dymino_state
        dymino_state.set_position(self, cells, first, second)

    def set_bonus(self, power):
        """Enter the bonus phase with `power` (1..6) as if a double of it had just been placed."""
        if not 1 <= power <= TOP_VALUE:
            raise ValueError("power")
        self.roll[0] = power
        self.roll[1] = power
        self._begin_action()
        self._end_turn()

    def copy_from(self, other):
        """Become a copy of `other`'s game (not its last action's reports): for look-ahead (the hint, bots).
        Allocates nothing."""
        self.grid[:] = other.grid
        self.roll[:] = other.roll
        self.score[:] = other.score
        self.rng.copy_from(other.rng)
        self.phase = other.phase
        self.next_die = other.next_die
        self.bonus = other.bonus
        self.turns = other.turns
        self.merges = other.merges
        self.longest_series = other.longest_series
        self.series = other.series

    # ---- queries ---------------------------------------------------------------------------------------------

    def die_to_place(self):
        """The value the scene shows under the cursor: the pair's first die, the single phase's next die, or 0."""
        if self.phase == PHASE_PAIR:
            return self.roll[0]
        if self.phase == PHASE_SINGLE:
            return self.roll[self.next_die]
        return 0

    def score_text(self, separator=","):
        return dymino_score.to_text(self.score, separator)

    # ---- state bytes -----------------------------------------------------------------------------------------

    def to_bytes(self):
        buf = bytearray(STATE_BYTES)
        self.save_into(buf, 0)
        return bytes(buf)

    def save_into(self, buf, offset):
        """Write STATE_BYTES bytes at buf[offset:]; returns the offset after them."""
        from engine import dymino_state  # imported on use: it imports this module
        return dymino_state.save_into(self, buf, offset)

    def load_from(self, buf, offset=0):
        """Restore a state written by save_into; ValueError (and no change) on bytes that are not one."""
        from engine import dymino_state
        return dymino_state.load_from(self, buf, offset)

    @classmethod
    def from_bytes(cls, data):
        game = cls(1)
        game.load_from(data, 0)
        return game
