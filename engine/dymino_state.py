"""Dymino's game state to and from bytes (resume and replays). Layout, version 1 (STATE_BYTES = 68):

    0       version                 1..25   grid (0 empty, 1..6)
    26      phase                   27, 28  the roll
    29      next die (single phase) 30      bonus power (bonus phase)
    31      longest series          32..39  PRNG state (engine.rng)
    40..59  score (20 BCD bytes)    60..63  turns     64..67  merges (little-endian)

Loading checks every field and that the phase fits the grid (a pair phase needs two adjacent empty cells, ...),
so a loaded game can always go on; on bad bytes it raises ValueError and leaves the game as it was.
"""
from micropython import const

from engine import dymino_score
from engine.dymino import (CELLS, PHASE_BONUS, PHASE_OVER, PHASE_PAIR, PHASE_SINGLE, POWER_REMOVE, STATE_BYTES,
                           STATE_VERSION, TOP_VALUE)
from engine.match import NO_CELL
from engine.rng import Rng

_GRID = const(1)
_PHASE = const(26)
_ROLL = const(27)
_NEXT_DIE = const(29)
_BONUS = const(30)
_LONGEST = const(31)
_RNG = const(32)
_SCORE = const(40)
_TURNS = const(60)
_MERGES = const(64)


def _put32(buf, offset, value):
    for i in range(4):
        buf[offset + i] = (value >> (8 * i)) & 0xFF


def _get32(buf, offset):
    value = buf[offset] | (buf[offset + 1] << 8) | (buf[offset + 2] << 16)
    top = buf[offset + 3]
    if top >= 0x40:  # keep counters small ints
        raise ValueError("counter too large")
    return value | (top << 24)


def save_into(game, buf, offset):
    buf[offset] = STATE_VERSION
    for i in range(CELLS):
        buf[offset + _GRID + i] = game.grid[i]
    buf[offset + _PHASE] = game.phase
    buf[offset + _ROLL] = game.roll[0]
    buf[offset + _ROLL + 1] = game.roll[1]
    buf[offset + _NEXT_DIE] = game.next_die
    buf[offset + _BONUS] = game.bonus
    buf[offset + _LONGEST] = min(game.longest_series, 255)
    game.rng.save_into(buf, offset + _RNG)
    dymino_score.pack_into(game.score, buf, offset + _SCORE)
    _put32(buf, offset + _TURNS, game.turns)
    _put32(buf, offset + _MERGES, game.merges)
    return offset + STATE_BYTES


def load_from(game, buf, offset):
    if len(buf) < offset + STATE_BYTES:
        raise ValueError("dymino state too short")
    if buf[offset] != STATE_VERSION:
        raise ValueError("dymino state version")
    grid = bytes(buf[offset + _GRID:offset + _GRID + CELLS])
    for value in grid:
        if value > TOP_VALUE:
            raise ValueError("bad die value")
    phase = buf[offset + _PHASE]
    roll0 = buf[offset + _ROLL]
    roll1 = buf[offset + _ROLL + 1]
    next_die = buf[offset + _NEXT_DIE]
    bonus = buf[offset + _BONUS]
    if phase > PHASE_OVER:
        raise ValueError("phase out of range")
    if not (1 <= roll0 <= TOP_VALUE and 1 <= roll1 <= TOP_VALUE):
        raise ValueError("roll out of range")
    if next_die > (1 if phase == PHASE_SINGLE else 0):
        raise ValueError("bad next die")
    if (phase == PHASE_BONUS) != (bonus != 0) or bonus > TOP_VALUE:
        raise ValueError("bonus does not fit the phase")
    if phase == PHASE_BONUS and (bonus != roll0 or bonus != roll1):
        raise ValueError("bonus without a double")
    rng = Rng(1)
    rng.load_from(buf, offset + _RNG)
    score = dymino_score.new_score()
    dymino_score.unpack_from(score, buf, offset + _SCORE)
    turns = _get32(buf, offset + _TURNS)
    merges = _get32(buf, offset + _MERGES)
    # The phase must fit the grid, or the loaded game could not go on.
    empty = 0
    for value in grid:
        if value == 0:
            empty += 1
    if phase == PHASE_OVER and empty:
        raise ValueError("game over with room left")
    if phase == PHASE_SINGLE and not empty:
        raise ValueError("single phase on a full grid")
    if phase == PHASE_BONUS and bonus != POWER_REMOVE and not empty:
        raise ValueError("bonus with no empty cell")
    previous = bytes(game.grid)
    game.grid[:] = grid
    if phase == PHASE_PAIR and not game.board.pair_fits():
        game.grid[:] = previous
        raise ValueError("pair phase with no room for a pair")
    if phase == PHASE_SINGLE and game.board.pair_fits() and next_die == 0:
        game.grid[:] = previous
        raise ValueError("single phase with room for a pair")
    game.phase = phase
    game.roll[0] = roll0
    game.roll[1] = roll1
    game.next_die = next_die
    game.bonus = bonus
    game.longest_series = buf[offset + _LONGEST]
    game.rng.copy_from(rng)
    game.score[:] = score
    game.turns = turns
    game.merges = merges
    game.series = 0
    game._begin_action()
    return offset + STATE_BYTES


def set_position(game, cells, first, second):
    """Dymino.set_position: a hand-set grid and roll (tests, demos)."""
    if len(cells) != CELLS or not (1 <= first <= TOP_VALUE and 1 <= second <= TOP_VALUE):
        raise ValueError("position")
    for i in range(CELLS):
        if cells[i] > TOP_VALUE:
            raise ValueError("die value out of range")
    for i in range(CELLS):
        game.grid[i] = cells[i]
    game._begin_action()
    game.bonus = 0
    game.next_die = 0
    game.roll[0] = first
    game.roll[1] = second
    if game.board.first_empty() == NO_CELL:
        game.phase = PHASE_OVER
    else:
        game.phase = PHASE_PAIR if game.board.pair_fits() else PHASE_SINGLE
