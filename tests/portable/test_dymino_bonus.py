"""Dymino's six bonus powers on hand-set grids (portable: CPython and MicroPython)."""
from engine import dymino as d
from engine import dymino_score
from engine.dymino import Dymino
from tests.portable.dymino_util import at, rows


def _full_but(empty_cell):
    """Every cell filled with a 4/5 checkerboard (4 on even x+y) except `empty_cell`; no equal dice touch."""
    grid = bytearray(25)
    for i in range(25):
        grid[i] = 4 + (i % 5 + i // 5) % 2
    grid[empty_cell] = 0
    return grid


def _bonus_game(power, empty_cell=12):
    game = Dymino(7)
    game.set_position(_full_but(empty_cell), 1, 2)
    game.set_bonus(power)
    assert game.phase == d.PHASE_BONUS and game.bonus == power
    return game


def _emptied(game, before):
    return [i for i in range(25) if before[i] and not game.grid[i]]


def test_double_gives_the_bonus_of_its_value():
    game = Dymino(1)
    game.set_position(bytearray(25), 3, 3)
    game.place_pair(at(0, 0), 0)
    assert game.phase == d.PHASE_BONUS and game.bonus == d.POWER_ROW


def test_bonus_3_clears_the_row_and_the_bonus_die_does_not_stay():
    game = _bonus_game(d.POWER_ROW)
    before = bytes(game.grid)
    assert game.bonus_place(at(2, 2)) == d.OK
    assert rows(game)[2] == "....."
    assert _emptied(game, before) == [at(0, 2), at(1, 2), at(3, 2), at(4, 2)]
    assert [cell for cell in range(25) if game.cleared_by[cell] == d.REMOVED_BY_BONUS] == _emptied(game, before)
    assert dymino_score.is_zero(game.score)
    assert game.phase in (d.PHASE_PAIR, d.PHASE_SINGLE) and game.bonus == 0


def test_bonus_4_clears_the_column():
    game = _bonus_game(d.POWER_COLUMN, at(1, 3))
    before = bytes(game.grid)
    assert game.bonus_place(at(1, 3)) == d.OK
    assert _emptied(game, before) == [at(1, 0), at(1, 1), at(1, 2), at(1, 4)]
    assert game.grid[at(1, 3)] == 0


def test_bonus_5_clears_row_and_column():
    game = _bonus_game(d.POWER_CROSS, at(3, 1))
    before = bytes(game.grid)
    assert game.bonus_place(at(3, 1)) == d.OK
    expected = sorted([at(x, 1) for x in (0, 1, 2, 4)] + [at(3, y) for y in (0, 2, 3, 4)])
    assert _emptied(game, before) == expected
    assert sum(1 for v in game.grid if v) == 24 - 8


def test_bonus_6_removes_the_eight_surrounding_dice():
    game = _bonus_game(d.POWER_SURROUND)
    before = bytes(game.grid)
    assert game.bonus_place(at(2, 2)) == d.OK
    assert rows(game) == ["45454", "5...5", "4...4", "5...5", "45454"]
    assert len(_emptied(game, before)) == 8


def test_bonus_6_in_a_corner_removes_three():
    game = _bonus_game(d.POWER_SURROUND, at(0, 0))
    before = bytes(game.grid)
    game.bonus_place(at(0, 0))
    assert _emptied(game, before) == [at(1, 0), at(0, 1), at(1, 1)]


def test_bonus_1_places_a_chosen_value_that_can_merge():
    game = _bonus_game(d.POWER_CHOOSE)
    assert game.bonus_place(at(2, 2), 0) == d.ERR_VALUE
    assert game.bonus_place(at(2, 2), 7) == d.ERR_VALUE
    assert game.bonus_place(at(0, 0), 5) == d.ERR_OCCUPIED
    assert game.bonus_remove(5) == d.ERR_PHASE
    assert game.phase == d.PHASE_BONUS
    # A 5 in the centre meets the four 5s around it: 5 * 5 * 100 = 2500, and a 6 stays there.
    assert game.bonus_place(at(2, 2), 5) == d.OK
    assert dymino_score.to_int(game.score) == 2500
    assert rows(game)[1:4] == ["54.45", "4.6.4", "54.45"]


def test_bonus_1_die_stays_when_it_does_not_merge():
    game = _bonus_game(d.POWER_CHOOSE)
    game.bonus_place(at(2, 2), 1)
    assert game.grid[at(2, 2)] == 1 and dymino_score.is_zero(game.score)


def test_bonus_2_removes_every_die_of_the_chosen_value_and_scores_nothing():
    game = _bonus_game(d.POWER_REMOVE)
    assert game.bonus_remove(0) == d.ERR_VALUE
    assert game.bonus_place(at(2, 2), 4) == d.ERR_PHASE
    assert game.bonus_remove(4) == d.OK
    assert list(game.grid).count(4) == 0 and sum(1 for v in game.grid if v == 5) == 12
    assert dymino_score.is_zero(game.score)
    assert game.cleared_by[at(0, 0)] == d.REMOVED_BY_BONUS


def test_bonus_on_an_occupied_cell_is_refused():
    for power in (3, 4, 5, 6):
        game = _bonus_game(power)
        before = game.to_bytes()
        assert game.bonus_place(at(0, 0)) == d.ERR_OCCUPIED
        assert game.bonus_place(25) == d.ERR_CELL
        assert game.to_bytes() == before


def test_set_bonus_on_a_full_grid_loses_it():
    game = Dymino(7)
    full = _full_but(12)
    full[12] = 1
    game.set_position(full, 1, 2)
    game.set_bonus(d.POWER_SURROUND)
    assert game.bonus_lost == d.POWER_SURROUND and game.phase == d.PHASE_OVER
