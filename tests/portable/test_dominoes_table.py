"""The table: straight, corners, doubles crosswise, ends blocked by the edge and by another tile, and the
position that keeps an end the most room."""
from engine.dominoes_table import HI, LO, NO_OPTION, OPTIONS, TABLE_H, TABLE_W, Table
from tests.portable.dominoes_util import (EAST, LEFT, NORTH, RIGHT, SOUTH, STRAIGHT, WALL, WEST, open_positions,
                                          room_after, tile_of)

# the edge tests use a small table: a line reaches its edge with the tiles of one set
SMALL_W = 12
SMALL_H = 10  # the lead on row 5: the line up the east edge ends on row 0
FIRST_X = TABLE_W // 2 - 1  # the lead lies on the two middle columns
FIRST_Y = TABLE_H // 2
_table = Table()


def _cell(x, y, table=_table):
    return table.cell(x, y)


def _xy(cell, table=_table):
    return table.cell_x(cell), table.cell_y(cell)


def _lay(table, end, option, used):
    """Lay some unused plain tile that matches `end` there with `option`; returns the tile."""
    n = table.end_num[end]
    for other in range(6, -1, -1):
        if other == n:
            continue
        t = tile_of(n, other)
        if not used & (1 << t):
            assert table.room(0, end, option), (end, option)
            table.place(t, end, option)
            return t
    raise AssertionError("no tile left for %d" % n)


def _start(tile, width=TABLE_W, height=TABLE_H):
    table = Table(width, height)
    table.place_first(tile)
    return table, 1 << tile


def test_first_plain_tile_lies_in_the_middle_along_the_line():
    table, _ = _start(tile_of(6, 3))
    assert table.grid[_cell(FIRST_X, FIRST_Y)] == tile_of(6, 3) + 1
    assert table.grid[_cell(FIRST_X + 1, FIRST_Y)] == tile_of(6, 3) + 1
    assert table.end_num[0] == 6 and table.end_num[1] == 3
    assert table.end_dir[0] == WEST and table.end_dir[1] == EAST
    assert sum(1 for v in table.grid if v and v != WALL) == 2
    assert _xy(table.first_cell) == (FIRST_X, FIRST_Y)


def test_straight_tile_continues_the_line_and_shows_its_other_half():
    table, used = _start(tile_of(6, 3))
    assert table.room(0, 1, STRAIGHT)
    table.place(tile_of(3, 1), 1, STRAIGHT)
    assert table.grid[_cell(FIRST_X + 2, FIRST_Y)] == tile_of(3, 1) + 1
    assert table.grid[_cell(FIRST_X + 3, FIRST_Y)] == tile_of(3, 1) + 1
    assert table.end_num[1] == 1
    assert _xy(table.end_cell[1]) == (FIRST_X + 3, FIRST_Y)
    # the matching half touches the end: num1 is the number it joined on
    assert table.num1[1] == 3 and table.num2[1] == 1


def test_corner_turns_the_line():
    table, used = _start(tile_of(6, 3))
    assert table.room(0, 1, RIGHT)  # east, turning right goes south
    table.place(tile_of(3, 2), 1, RIGHT)
    assert _xy(table.cell1[1]) == (FIRST_X + 2, FIRST_Y)
    assert _xy(table.cell2[1]) == (FIRST_X + 2, FIRST_Y + 1)
    assert table.end_dir[1] == SOUTH
    table.place(tile_of(2, 0), 1, STRAIGHT)
    assert _xy(table.cell2[2]) == (FIRST_X + 2, FIRST_Y + 3)


def test_double_lies_crosswise_and_the_next_tile_goes_straight_across_it():
    table, used = _start(tile_of(6, 3))
    d = tile_of(3, 3)
    assert not table.room(1, 1, STRAIGHT)  # a double is never laid along the line
    assert table.room(1, 1, LEFT)
    table.place(d, 1, LEFT)
    x1, y1 = _xy(table.cell1[1])
    x2, y2 = _xy(table.cell2[1])
    assert (x1, y1) == (FIRST_X + 2, FIRST_Y)
    assert (x2, y2) == (FIRST_X + 2, FIRST_Y - 1)  # across the east-going line: side by side north-south
    assert table.end_num[1] == 3 and table.end_double[1] == 1
    # after a double only straight on, in the line's direction
    assert not table.room(0, 1, LEFT) and not table.room(0, 1, RIGHT)
    assert table.room(0, 1, STRAIGHT)
    table.place(tile_of(3, 5), 1, STRAIGHT)
    assert _xy(table.cell1[2]) == (FIRST_X + 3, FIRST_Y)
    assert _xy(table.cell2[2]) == (FIRST_X + 4, FIRST_Y)
    assert table.end_num[1] == 5


def test_double_lead_lies_across_the_line_with_both_ends_on_it():
    table, _ = _start(tile_of(5, 5))
    assert table.grid[_cell(FIRST_X, FIRST_Y)] == tile_of(5, 5) + 1
    assert table.grid[_cell(FIRST_X, FIRST_Y + 1)] == tile_of(5, 5) + 1
    assert table.end_num[0] == 5 and table.end_num[1] == 5
    assert table.end_double[0] and table.end_double[1]
    assert not table.room(0, 0, LEFT) and table.room(0, 0, STRAIGHT)
    table.place(tile_of(5, 2), 0, STRAIGHT)
    assert _xy(table.cell1[1]) == (FIRST_X - 1, FIRST_Y)


def test_a_tile_fits_only_by_turning_at_the_table_edge():
    table, used = _start(tile_of(6, 3), SMALL_W, SMALL_H)
    while table.cell_x(table.end_cell[1]) < SMALL_W - 2:
        used |= 1 << _lay(table, 1, STRAIGHT, used)
    assert _xy(table.end_cell[1], table) == (SMALL_W - 2, SMALL_H // 2)
    assert not table.room(0, 1, STRAIGHT)  # straight on would stick out of the table
    assert table.room(0, 1, LEFT) and table.room(0, 1, RIGHT)
    assert open_positions(table, 1) == 2


def test_end_blocked_by_the_table_edge():
    table, used = _start(tile_of(6, 3), SMALL_W, SMALL_H)
    while table.cell_x(table.end_cell[1]) < SMALL_W - 2:
        used |= 1 << _lay(table, 1, STRAIGHT, used)
    used |= 1 << _lay(table, 1, LEFT, used)  # up the east edge
    assert table.end_dir[1] == NORTH
    while table.cell_y(table.end_cell[1]) > 1:
        used |= 1 << _lay(table, 1, STRAIGHT, used)
    assert _xy(table.end_cell[1], table) == (SMALL_W - 1, 0)
    for option in (STRAIGHT, LEFT, RIGHT):
        assert not table.room(0, 1, option)
        assert not table.room(1, 1, option)
    assert open_positions(table, 1) == 0
    assert open_positions(table, 0) == 3  # the other end is still open
    assert table.best_option(0, 1) == NO_OPTION


def test_best_position_turns_before_the_edge_and_away_from_the_line():
    table, used = _start(tile_of(6, 3))
    # far from the edge: straight on keeps the most room
    assert table.best_option(0, 1) == STRAIGHT and table.best_option(0, 0) == STRAIGHT
    table, used = _start(tile_of(6, 3), SMALL_W, SMALL_H)
    while table.cell_x(table.end_cell[1]) < SMALL_W - 4:
        used |= 1 << _lay(table, 1, STRAIGHT, used)
    # two cells before the east edge: straight on would leave a stub of one cell; it turns instead
    assert table.room(0, 1, STRAIGHT)
    assert table.best_option(0, 1) in (LEFT, RIGHT)
    # turn towards the wider side: the line lies on row SMALL_H // 2, so south has fewer rows than north
    assert table.best_option(0, 1) == LEFT
    # a double's best side is one that is free
    assert table.room(1, 1, table.best_option(1, 1))


def test_best_option_is_a_free_position_and_the_one_with_most_room():
    for lead in (tile_of(6, 3), tile_of(4, 4)):
        table, used = _start(lead, SMALL_W, SMALL_H)
        for end in range(2):
            for double in range(2):
                best = table.best_option(double, end)
                if best == NO_OPTION:
                    assert not any(table.room(double, end, o) for o in range(OPTIONS))
                    continue
                assert table.room(double, end, best)
                rooms = [room_after(table, double, end, o) for o in range(OPTIONS) if table.room(double, end, o)]
                assert room_after(table, double, end, best) == max(rooms)


def test_end_blocked_by_another_tile():
    table, used = _start(tile_of(6, 3))
    # another tile of the line (its id is what matters) lies one cell beyond the east end
    stray = tile_of(1, 0) + 1
    table.grid[_cell(FIRST_X + 3, FIRST_Y)] = stray
    table.grid[_cell(FIRST_X + 3, FIRST_Y + 1)] = stray
    for option in (STRAIGHT, LEFT, RIGHT):
        assert not table.room(0, 1, option)
        assert not table.room(1, 1, option)
    assert open_positions(table, 1) == 0


def test_a_position_touching_an_earlier_tile_is_refused_in_real_play():
    table, used = _start(tile_of(6, 3))
    used |= 1 << _lay(table, 0, LEFT, used)  # west end turns south
    used |= 1 << _lay(table, 0, LEFT, used)  # and east again, one row below the gap
    assert table.end_dir[0] == EAST
    assert _xy(table.end_cell[0]) == (FIRST_X, FIRST_Y + 2)
    # turning north would put a half next to the lead tile
    assert not table.room(0, 0, LEFT)
    assert table.room(0, 0, STRAIGHT) and table.room(0, 0, RIGHT)


def test_undo_restores_grid_and_end():
    table, used = _start(tile_of(6, 3))
    before = bytes(table.grid)
    cell, direction, num = table.end_cell[1], table.end_dir[1], table.end_num[1]
    table.place(tile_of(3, 4), 1, RIGHT)
    table.undo()
    assert bytes(table.grid) == before
    assert (table.end_cell[1], table.end_dir[1], table.end_num[1]) == (cell, direction, num)
    assert table.count == 1


def test_tile_ids_order_and_halves():
    assert tile_of(0, 0) == 0 and tile_of(6, 6) == 27 and tile_of(5, 6) == 26
    seen = set()
    for t in range(28):
        assert HI[t] >= LO[t]
        seen.add((HI[t], LO[t]))
    assert len(seen) == 28
    assert (TABLE_W + 2) * (TABLE_H + 2) == len(Table().grid)  # the table and its wall
