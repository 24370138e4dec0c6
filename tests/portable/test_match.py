"""engine.match: neighbour table, line runs, flood fill, pair fit — on hand-set boards (CPython and MicroPython)."""
from engine.match import DOWN, LEFT, NO_CELL, NO_JOKER, RIGHT, UP, Grid

JOKER = 7


def _grid(rows):
    """Rows of '.' (empty), digits 1-6 and 'J' (joker, code 7) -> a Grid of that shape."""
    grid = Grid(len(rows[0]), len(rows))
    i = 0
    for row in rows:
        for ch in row:
            grid.cells[i] = JOKER if ch == "J" else (0 if ch == "." else ord(ch) - 48)
            i += 1
    return grid


def _run_cells(grid, length):
    return [grid.run_first + k * grid.run_step for k in range(length)]


def test_neighbour_table_edges_and_inside():
    grid = Grid(4, 3)
    nb = grid.neighbours
    assert len(nb) == 4 * 12
    # corner (0, 0): only right and down
    assert nb[UP] == NO_CELL and nb[LEFT] == NO_CELL and nb[RIGHT] == 1 and nb[DOWN] == 4
    # inside cell (1, 1) = 5
    assert (nb[20 + UP], nb[20 + RIGHT], nb[20 + DOWN], nb[20 + LEFT]) == (1, 6, 9, 4)
    # last cell (3, 2) = 11: only up and left
    assert (nb[44 + UP], nb[44 + RIGHT], nb[44 + DOWN], nb[44 + LEFT]) == (7, NO_CELL, NO_CELL, 10)
    # right edge does not wrap to the next row
    assert nb[4 * 3 + RIGHT] == NO_CELL and nb[4 * 4 + LEFT] == NO_CELL


def test_index_and_bad_sizes():
    grid = Grid(5, 5)
    assert grid.index(0, 0) == 0 and grid.index(4, 4) == 24 and grid.index(2, 3) == 17
    assert grid.index(5, 0) == NO_CELL and grid.index(-1, 2) == NO_CELL and grid.index(0, 5) == NO_CELL
    for w, h in ((0, 3), (16, 16)):
        try:
            Grid(w, h)
        except ValueError:
            continue
        assert False, "grid size must be refused"


def test_grid_uses_the_given_cells():
    cells = bytearray(6)
    grid = Grid(3, 2, cells)
    cells[4] = 3
    assert grid.cells is cells and grid.first_empty() == 0
    try:
        Grid(3, 3, cells)
    except ValueError:
        return
    assert False, "wrong cells length must be refused"


def test_horizontal_run_is_maximal_and_stops_at_other_values():
    grid = _grid([".555.", "55455", ".....", ".....", "....."])
    assert grid.run(2, 5, NO_JOKER, False) == 3
    assert _run_cells(grid, 3) == [1, 2, 3] and grid.run_real == 3
    # row 1: 5 5 4 5 5 -- the 4 splits it
    assert grid.run(5, 5, NO_JOKER, False) == 2 and grid.run_first == 5
    assert grid.run(8, 5, NO_JOKER, False) == 2 and grid.run_first == 8
    # a run does not wrap from the end of row 0 into row 1
    assert grid.run(3, 5, NO_JOKER, False) == 3


def test_vertical_run():
    grid = _grid(["..3..", "..3..", "..3..", "..3..", "..1.."])
    assert grid.run(7, 3, NO_JOKER, True) == 4
    assert _run_cells(grid, 4) == [2, 7, 12, 17] and grid.run_step == 5 and grid.run_real == 4
    assert grid.run(7, 3, NO_JOKER, False) == 1


def test_run_through_non_matching_cell_is_empty():
    grid = _grid(["123..", ".....", ".....", ".....", "....."])
    assert grid.run(1, 5, NO_JOKER, False) == 0
    assert grid.run(4, 5, NO_JOKER, False) == 0  # empty cell
    assert grid.run(1, 2, NO_JOKER, False) == 1


def test_joker_extends_runs_of_every_value_and_is_not_real():
    grid = _grid(["44J22", ".....", ".....", ".....", "....."])
    assert grid.run(0, 4, JOKER, False) == 3 and grid.run_first == 0 and grid.run_real == 2
    assert grid.run(4, 2, JOKER, False) == 3 and grid.run_first == 2 and grid.run_real == 2
    # through the joker itself, for each value
    assert grid.run(2, 4, JOKER, False) == 3 and grid.run(2, 2, JOKER, False) == 3
    assert grid.run(2, 6, JOKER, False) == 1 and grid.run_real == 0
    # without jokers in play the 7 is just another code
    assert grid.run(0, 4, NO_JOKER, False) == 2


def test_all_joker_run_has_no_real_die():
    grid = _grid(["JJJ1.", ".....", ".....", ".....", "....."])
    assert grid.run(1, 6, JOKER, False) == 3 and grid.run_real == 0
    assert grid.run(1, 1, JOKER, False) == 4 and grid.run_real == 1


def test_flood_finds_l_shape_group():
    grid = _grid(["2....", "2....", "22...", ".2.2.", "....."])
    length = grid.flood(0, 2, NO_JOKER)
    assert length == 5 and grid.group_len == 5 and grid.group_real == 5
    assert grid.group[0] == 0
    assert sorted(grid.group[i] for i in range(length)) == [0, 5, 10, 11, 16]
    # diagonal does not connect: (3, 3) stays alone
    assert grid.flood(18, 2, NO_JOKER) == 1


def test_flood_through_jokers_counts_real_dice():
    grid = _grid(["3J...", ".J3..", "...J.", ".....", "....."])
    length = grid.flood(0, 3, JOKER)
    members = sorted(grid.group[i] for i in range(length))
    assert members == [0, 1, 6, 7] and grid.group_real == 2  # joker at (3,2) is only diagonal
    assert grid.flood(1, 6, JOKER) == 2 and grid.group_real == 0


def test_flood_of_non_matching_cell_is_empty():
    grid = _grid(["1....", ".....", ".....", ".....", "....."])
    assert grid.flood(0, 2, NO_JOKER) == 0 and grid.group_len == 0
    assert grid.flood(3, 2, NO_JOKER) == 0


def test_flood_leaves_no_marks_and_repeats_identically():
    grid = _grid(["44444", "4...4", "44444", ".....", "4444."])
    first = grid.flood(0, 4, NO_JOKER)
    assert first == 12
    assert grid._mark == bytearray(25)
    assert grid.flood(14, 4, NO_JOKER) == 12
    assert grid.flood(20, 4, NO_JOKER) == 4
    assert grid._mark == bytearray(25)


def test_flood_whole_board():
    grid = Grid(5, 5)
    for i in range(25):
        grid.cells[i] = 6
    assert grid.flood(12, 6, NO_JOKER) == 25 and grid.group_real == 25
    assert sorted(grid.group) == list(range(25))


def test_pair_fits():
    full = _grid(["12121", "21212", "12121", "21212", "12121"])
    assert not full.pair_fits() and full.first_empty() == NO_CELL
    # checkerboard holes: singles fit, pairs do not
    holes = _grid(["1.1.1", ".1.1.", "1.1.1", ".1.1.", "1.1.1"])
    assert not holes.pair_fits() and holes.first_empty() == 1
    across = _grid(["11111", "11111", "11111", "11111", "111.."])
    assert across.pair_fits()
    down = _grid(["11111", "11111", "11111", "1111.", "1111."])
    assert down.pair_fits()
    assert Grid(5, 5).pair_fits()
    assert not Grid(1, 1).pair_fits() and Grid(1, 1).first_empty() == 0


def test_clear_empties_every_cell():
    grid = _grid(["12345", "6J123", "45612", "34561", "23456"])
    grid.clear()
    assert grid.cells == bytearray(25)
