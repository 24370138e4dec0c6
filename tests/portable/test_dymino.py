"""Dymino rules: placement, merges, series, scoring, phases, game over (portable: CPython and MicroPython)."""
from engine import dymino as d
from engine import dymino_score
from engine.dymino import Dymino
from tests.portable.dymino_util import at, cells, game_with, rows

EMPTY_ROW = "....."


def score(game):
    return dymino_score.to_int(game.score)


def test_three_ones_score_3_and_leave_a_two_on_the_placed_cell():
    game = game_with(["11...", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 1, 5)
    assert game.place_pair(at(2, 0), 1) == d.OK  # the 5 goes below the placed 1
    assert rows(game)[:2] == ["..2..", "..5.."]
    assert score(game) == 3
    assert game.merge_len == 1


def test_three_sixes_score_18_and_become_a_one():
    game = game_with(["66...", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 6, 2)
    game.place_pair(at(2, 0), 1)
    assert rows(game)[0] == "..1.."
    assert score(game) == 18


def test_four_twos_score_80():
    game = game_with(["2....", "2....", "2....", EMPTY_ROW, EMPTY_ROW], 2, 5)
    game.place_pair(at(1, 1), 0)  # the 2 beside the middle 2, the 5 to its right
    assert rows(game)[:3] == [EMPTY_ROW, ".35..", EMPTY_ROW]
    assert score(game) == 80


def test_two_equal_dice_or_diagonal_ones_do_not_merge():
    game = game_with(["1....", "..4..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 1, 4)
    assert game.place_pair(at(1, 0), 1) == d.OK  # 1 next to the 1; the 4 below it next to the 4: pairs only
    assert rows(game)[:2] == ["11...", ".44.."]
    assert score(game) == 0
    game = game_with(["4....", ".4...", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 4, 1)
    game.place_pair(at(2, 2), 1)  # three 4s on a diagonal
    assert rows(game)[:4] == ["4....", ".4...", "..4..", "..1.."]
    assert score(game) == 0 and game.merge_len == 0


def test_sixes_merge_into_a_one_that_merges_with_ones():
    game = game_with(["66.11", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 6, 5)
    game.place_pair(at(2, 0), 1)
    # 6s: 3*6 = 18 (x1); the new 1 joins the two 1s: 3*1 = 3, second in the series (x5) -> 15.
    assert rows(game)[:2] == ["..2..", "..5.."]
    assert score(game) == 18 + 15
    log = game.merge_log
    assert game.merge_len == 2
    assert (log[0], log[1], log[2], log[3]) == (at(2, 0), 6, 3, 1)
    assert (log[4], log[5], log[6], log[7]) == (at(2, 0), 1, 3, 2)


def test_series_of_three_with_coefficients_1_5_10():
    # The 6 placed in the centre: 6s on its left, then 1s above, then 2s on its right.
    game = game_with(["..1..", "..1..", "66.22", EMPTY_ROW, EMPTY_ROW], 6, 5)
    assert game.place_pair(at(2, 2), 1) == d.OK
    assert rows(game) == [EMPTY_ROW, EMPTY_ROW, "..3..", "..5..", EMPTY_ROW]
    assert score(game) == 18 * 1 + 3 * 5 + 6 * 10
    assert game.merge_len == 3
    assert [game.merge_log[4 * k + 3] for k in range(3)] == [1, 2, 3]
    assert game.longest_series == 3
    assert dymino_score.to_int(game.gain) == 93


def test_series_coefficients_go_on_by_ten():
    assert [dymino_score.series_coefficient(k) for k in range(1, 9)] == [1, 5, 10, 20, 30, 40, 50, 60]


def test_lower_value_resolves_first_when_both_dice_start_groups():
    # First die 5 at (1,2) with two 5s, second die 2 at (2,2) with two 2s. The 2s go first (x1), the 5s second (x5):
    # 6 + 75 = 81 (the other order would give 15 + 30 = 45).
    game = game_with([EMPTY_ROW, "5....", "5..22", EMPTY_ROW, EMPTY_ROW], 5, 2)
    game.place_pair(at(1, 2), 0)
    assert rows(game)[1:3] == [EMPTY_ROW, ".63.."]
    assert score(game) == 81
    assert game.merge_log[1] == 2 and game.merge_log[5] == 5


def test_second_die_swallowed_by_the_first_dies_series_is_not_resolved_again():
    # 2s merge into a 3 on the first die's cell; that 3 groups with the placed 3 and another 3 -> a 4 on (1,2).
    game = game_with([EMPTY_ROW, "2....", "2..3.", EMPTY_ROW, EMPTY_ROW], 2, 3)
    game.place_pair(at(1, 2), 0)
    assert rows(game)[1:3] == [EMPTY_ROW, ".4..."]
    assert score(game) == 6 + 9 * 5
    assert game.merge_len == 2


def test_placed_double_merges_into_one_die_on_the_first_dies_cell():
    # The second die (above) touches the old 4, yet the 5 lands where the first die went.
    game = game_with(["..4..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 4, 4)
    assert game.place_pair(at(2, 2), 3) == d.OK
    assert rows(game)[:3] == [EMPTY_ROW, EMPTY_ROW, "..5.."]
    assert score(game) == 12
    assert game.phase == d.PHASE_BONUS and game.bonus == 4  # a double: its bonus comes now


def test_no_bonus_without_a_double():
    game = game_with([EMPTY_ROW] * 5, 3, 4)
    game.place_pair(at(0, 0), 0)
    assert game.phase == d.PHASE_PAIR and game.bonus == 0
    assert game.turns == 2


def test_illegal_pair_moves_change_nothing_and_say_why():
    game = game_with(["3....", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], 1, 2)
    before = game.to_bytes()
    assert game.place_pair(at(0, 0), 0) == d.ERR_OCCUPIED   # first die on a die
    assert game.place_pair(at(1, 0), 2) == d.ERR_OCCUPIED   # second die (left) on a die
    assert game.place_pair(at(4, 0), 0) == d.ERR_CELL       # second die past the right edge
    assert game.place_pair(at(2, 0), 3) == d.ERR_CELL       # above the top row
    assert game.place_pair(at(0, 4), 1) == d.ERR_CELL       # below the bottom row
    assert game.place_pair(at(0, 2), 2) == d.ERR_CELL       # past the left edge
    assert game.place_pair(25, 0) == d.ERR_CELL
    assert game.place_pair(-1, 0) == d.ERR_CELL
    assert game.place_pair(at(2, 2), 4) == d.ERR_ROTATION
    assert game.place_single(at(2, 2)) == d.ERR_PHASE
    assert game.bonus_remove(3) == d.ERR_PHASE
    assert game.bonus_place(at(2, 2), 3) == d.ERR_PHASE
    assert game.swap_roll() == d.ERR_PHASE
    assert game.to_bytes() == before


def test_four_rotations_put_the_second_die_right_below_left_above():
    for rotation, second in ((0, at(3, 2)), (1, at(2, 3)), (2, at(1, 2)), (3, at(2, 1))):
        game = game_with([EMPTY_ROW] * 5, 1, 2)
        assert game.partner(at(2, 2), rotation) == second
        game.place_pair(at(2, 2), rotation)
        assert game.grid[at(2, 2)] == 1 and game.grid[second] == 2
        assert sum(1 for v in game.grid if v) == 2


# Odd cells hold 3s, even cells are empty: no two adjacent empty cells anywhere.
CHECKER = [".3.3.", "3.3.3", ".3.3.", "3.3.3", ".3.3."]


def test_single_phase_places_the_dice_one_at_a_time():
    game = game_with(CHECKER, 1, 2)
    turns = game.turns
    assert game.phase == d.PHASE_SINGLE
    assert game.place_pair(at(0, 0), 0) == d.ERR_PHASE
    assert game.die_to_place() == 1
    assert game.place_single(at(1, 0)) == d.ERR_OCCUPIED
    assert game.place_single(at(0, 0)) == d.OK
    assert game.turns == turns and game.die_to_place() == 2 and game.swap_roll() == d.ERR_PHASE
    assert game.place_single(at(4, 4)) == d.OK
    assert rows(game)[0][0] == "1" and rows(game)[4][4] == "2"
    assert game.turns == turns + 1 and game.phase == d.PHASE_SINGLE and game.next_die == 0


def test_single_phase_can_swap_which_die_goes_first():
    game = game_with(CHECKER, 1, 2)
    assert game.swap_roll() == d.OK
    assert game.die_to_place() == 2
    game.place_single(at(2, 2))
    assert game.grid[at(2, 2)] == 2


def test_pair_phase_switches_to_single_once_no_two_adjacent_cells_are_empty():
    grid = list(CHECKER)
    grid[0] = "...3."  # (0,0), (1,0), (2,0) empty: a pair still fits
    game = game_with(grid, 1, 2)
    assert game.phase == d.PHASE_PAIR
    assert game.place_pair(at(0, 0), 0) == d.OK
    assert game.phase == d.PHASE_SINGLE


def test_single_die_merges_like_a_pair_die():
    game = game_with(CHECKER, 3, 1)
    game.place_single(at(2, 2))  # four 3s around it: five 3s -> 5*3*100 = 1500, a 4 remains
    assert score(game) == 1500
    assert rows(game)[1:4] == ["3...3", "..4..", "3...3"]
    assert game.grid[at(2, 2)] == 4


def _full_but_corner(low):
    # A checkerboard of `low` and low+1 (no two equal dice touch), the bottom-right corner empty.
    grid = bytearray(25)
    for i in range(24):
        grid[i] = low + (i % 5 + i // 5) % 2
    return grid


def test_second_die_is_lost_without_an_empty_cell_and_the_game_ends():
    game = Dymino(3)
    game.set_position(_full_but_corner(4), 3, 1)
    assert game.phase == d.PHASE_SINGLE
    assert game.place_single(at(4, 4)) == d.OK
    assert game.die_lost == 1
    assert game.phase == d.PHASE_OVER
    assert game.place_single(at(4, 4)) == d.ERR_PHASE and game.place_pair(0, 0) == d.ERR_PHASE


def test_bonus_is_lost_when_it_needs_an_empty_cell_and_none_is_left():
    for power in (1, 3, 4, 5, 6):
        game = Dymino(3)
        game.set_position(_full_but_corner(4 if power < 4 else 1), power, power)
        assert game.place_single(at(4, 4)) == d.OK
        assert game.grid[at(4, 4)] == power  # the die stayed: no merge
        assert game.bonus_lost == power
        assert game.phase == d.PHASE_OVER and game.bonus == 0


def test_remove_bonus_works_on_a_full_grid():
    game = Dymino(3)
    game.set_position(_full_but_corner(4), 2, 2)
    game.place_single(at(4, 4))
    assert game.phase == d.PHASE_BONUS and game.bonus == d.POWER_REMOVE and game.bonus_lost == 0
    assert game.bonus_remove(5) == d.OK
    assert list(game.grid).count(5) == 0 and sum(1 for v in game.grid if v == 4) == 12 and game.grid[24] == 2
    assert score(game) == 0
    assert game.phase == d.PHASE_SINGLE  # the 4s left are a checkerboard: still no room for a pair


def test_game_over_when_the_grid_is_full_at_the_start_of_a_turn():
    game = Dymino(1)
    full = _full_but_corner(1)
    full[24] = 6
    game.set_position(full, 1, 2)
    assert game.phase == d.PHASE_OVER
    assert game.die_to_place() == 0


def test_big_merges_score_exactly_past_two_to_the_thirty():
    game = game_with(["66666", "66666", "6....", EMPTY_ROW, EMPTY_ROW], 6, 1)
    game.place_pair(at(1, 2), 0)  # twelve 6s: 12 * 6 * 10^9
    assert score(game) == 72000000000
    assert game.score_text() == "72,000,000,000"
    assert rows(game)[:3] == [EMPTY_ROW, EMPTY_ROW, ".11.."]


def test_same_seed_same_rolls_different_seed_different_rolls():
    a = [Dymino(11).roll[0] for _ in range(2)]
    assert a[0] == a[1]
    rolls = {}
    for seed in range(1, 30):
        game = Dymino(seed)
        rolls[(game.roll[0], game.roll[1])] = 1
    assert len(rolls) > 5
