"""Würfelglanz engine: every rule and example of shared/rules/wuerfelglanz.md on hand-set boards.

Runs under CPython (pytest) and real MicroPython (tests/test_micropython.py).
"""
from engine.wuerfelglanz import (BAD_ROTATION, JOKER, OCCUPIED, OFF_BOARD, PARTNER_DX, PARTNER_DY, PLACED,
                                 ROUND_OVER, RULE_CONNECTED, RULE_STRAIGHT, STATE_BYTES, Game, encode_move)

J = JOKER


def _cells(rows):
    """Five rows of '.' (empty), '1'..'6' and 'J' (joker)."""
    cells = bytearray(25)
    i = 0
    for row in rows:
        for ch in row:
            cells[i] = J if ch == "J" else (0 if ch == "." else ord(ch) - 48)
            i += 1
    return cells


def _game(rows, piece, rule=RULE_STRAIGHT, seed=1):
    game = Game(seed, rule)
    game.set_position(_cells(rows), len(piece), piece[0], piece[1] if len(piece) > 1 else 0)
    return game


def _popped(game):
    return sorted(game.popped[k] for k in range(game.popped_count))


def _matches(game):
    """One (value, popped cells of that value, runs/groups, points) per pip value that popped."""
    return sorted((game.match_value[k], game.match_length[k], game.match_runs[k], game.match_points[k])
                  for k in range(game.match_count))


EMPTY_ROWS = [".....", ".....", ".....", ".....", "....."]


def test_three_four_five_fives_score_15_30_60():
    game = _game(["55...", ".....", ".....", ".....", "....."], [5])
    assert game.place(2, 0, 0) == PLACED
    assert game.points == 15 and game.score == 15 and _popped(game) == [0, 1, 2]
    assert game.board == bytearray(25)
    game = _game(["555..", ".....", ".....", ".....", "....."], [5])
    assert game.place(3, 0, 0) == PLACED and game.points == 30 and _popped(game) == [0, 1, 2, 3]
    game = _game(["55..5", ".....", ".....", ".....", "....."], [5, 5])
    assert game.place(2, 0, 0) == PLACED and game.points == 60 and _popped(game) == [0, 1, 2, 3, 4]
    assert _matches(game) == [(5, 5, 1, 60)]  # both placed dice in one run: counted once


def test_score_formula_for_other_values():
    game = _game(["1....", "1....", ".....", ".....", "....."], [1])
    assert game.place(0, 2, 0) == PLACED and game.points == 3  # 3 * 1
    game = _game(["66.66", ".....", ".....", ".....", "....."], [6])
    assert game.place(2, 0, 0) == PLACED and game.points == 3 * 6 * 4


def test_two_dice_are_no_match():
    game = _game(["5....", ".....", ".....", ".....", "....."], [5])
    assert game.place(1, 0, 0) == PLACED
    assert game.points == 0 and game.popped_count == 0 and game.match_count == 0
    assert game.board[0] == 5 and game.board[1] == 5 and game.popped_total == 0


def test_vertical_run_from_a_vertical_pair():
    game = _game(["..2..", "..2..", ".....", ".....", "....."], [2, 2])
    assert game.place(2, 2, 1) == PLACED  # A over B
    assert _matches(game) == [(2, 4, 1, 12)] and _popped(game) == [2, 7, 12, 17]


def test_plus_of_five_fives_is_five_popped_fives_60_not_15_plus_15():
    # The rules page's example: a cross scores per pip value, by the dice popped, each die once.
    game = _game([".....", "..5..", ".5.5.", "..5..", "....."], [5])
    assert game.place(2, 2, 0) == PLACED
    assert _matches(game) == [(5, 5, 2, 60)] and game.points == 60
    assert game.popped_count == 5 and game.board == bytearray(25)


def test_big_cross_frees_each_die_once_and_scores_its_nine_fives():
    game = _game(["..5..", "..5..", "55.55", "..5..", "..5.."], [5])
    assert game.place(2, 2, 0) == PLACED
    assert _matches(game) == [(5, 9, 2, 3 * 5 * 2 ** 6)]
    assert game.points == 960 and game.popped_count == 9 and game.popped_total == 9
    assert game.board == bytearray(25)


def test_two_separate_runs_of_three_fours_from_one_pair_score_96():
    # 4|4 placed on the middle row completes two vertical runs that share no die: six popped 4s, 3*4*2^3.
    game = _game([".....", "44...", ".....", "44...", "....."], [4, 4])
    assert game.place(0, 2, 0) == PLACED
    assert _matches(game) == [(4, 6, 2, 96)] and game.points == 96
    assert _popped(game) == [0 + 5, 1 + 5, 10, 11, 15, 16]
    game = _game([".....", "44...", ".....", "44...", "....."], [4, 4], RULE_CONNECTED)
    assert game.place(0, 2, 0) == PLACED and _matches(game) == [(4, 6, 1, 96)]  # one group of six


def test_pair_pops_two_values_at_once():
    game = _game(["33...", "44...", ".....", ".....", "....."], [3, 4])
    assert game.place(2, 0, 1) == PLACED  # 3 over 4
    assert _matches(game) == [(3, 3, 1, 9), (4, 3, 1, 12)] and game.points == 21  # values' scores add
    assert _popped(game) == [0, 1, 2, 5, 6, 7]


def test_joker_completing_a_run_of_threes_and_a_run_of_fives_counts_in_both():
    # The joker's cell is freed once but it is one of the popped 3s and one of the popped 5s.
    game = _game(["..3..", "..3..", "55...", ".....", "....."], [J])
    assert game.place(2, 2, 0) == PLACED
    assert _matches(game) == [(3, 3, 1, 9), (5, 3, 1, 15)] and game.points == 24
    assert _popped(game) == [2, 7, 10, 11, 12] and game.popped_count == 5


def test_joker_in_two_runs_of_one_value_counts_once_for_it():
    # J joins a row and a column of 2s: five distinct popped 2s (the joker once), 3*2*2^2.
    game = _game(["..2..", "..2..", "22...", ".....", "....."], [J])
    assert game.place(2, 2, 0) == PLACED and _matches(game) == [(2, 5, 2, 24)]


def test_joker_completes_a_run_of_one_value_and_a_run_of_another():
    game = _game(["44.22", ".....", ".....", ".....", "....."], [J])
    assert game.place(2, 0, 0) == PLACED
    assert _matches(game) == [(2, 3, 1, 6), (4, 3, 1, 12)]  # the joker counts in both values' dice
    assert game.points == 18 and _popped(game) == [0, 1, 2, 3, 4] and game.popped_count == 5


def test_joker_inside_a_longer_run():
    game = _game(["3J3..", ".....", ".....", ".....", "....."], [3])
    assert game.place(3, 0, 0) == PLACED and _matches(game) == [(3, 4, 1, 18)]


def test_all_joker_line_scores_as_sixes():
    game = _game(["JJ...", ".....", ".....", ".....", "....."], [J])
    assert game.place(2, 0, 0) == PLACED
    assert _matches(game) == [(6, 3, 1, 18)] and _popped(game) == [0, 1, 2]


def test_joker_run_needs_a_real_die_of_a_value_other_than_six():
    # J J + J next to a 1: the 1-run (J J J 1) holds a real 1; the jokers alone also count as sixes.
    game = _game(["JJ.1.", ".....", ".....", ".....", "....."], [J])
    assert game.place(2, 0, 0) == PLACED
    assert _matches(game) == [(1, 4, 1, 6), (6, 3, 1, 18)] and _popped(game) == [0, 1, 2, 3]
    assert game.points == 24  # the rules page's example
    # Jokers with a real 6 are an ordinary run of sixes, counted once.
    game = _game(["JJ.6.", ".....", ".....", ".....", "....."], [J])
    assert game.place(2, 0, 0) == PLACED and _matches(game) == [(6, 4, 1, 36)]


def test_placed_joker_next_to_two_jokers_and_values_without_a_third():
    # J 2 on the board, place J 2 beside: two jokers + two 2s in a row = run of four 2s, no all-joker run.
    game = _game(["J2...", ".....", ".....", ".....", "....."], [J, 2])
    assert game.place(2, 0, 0) == PLACED and _matches(game) == [(2, 4, 1, 12)]


def test_diagonals_and_l_shapes_do_not_pop_in_straight_mode():
    game = _game(["4....", ".4...", ".....", ".....", "....."], [4])
    assert game.place(2, 2, 0) == PLACED and game.popped_count == 0
    game = _game(["33...", ".....", ".....", ".....", "....."], [3])
    assert game.place(0, 1, 0) == PLACED and game.popped_count == 0


def test_l_shape_pops_only_under_the_connected_rule():
    rows = ["33...", ".....", ".....", ".....", "....."]
    straight = _game(rows, [3], RULE_STRAIGHT)
    assert straight.place(0, 1, 0) == PLACED and straight.popped_count == 0 and straight.score == 0
    connected = _game(rows, [3], RULE_CONNECTED)
    assert connected.place(0, 1, 0) == PLACED
    assert _matches(connected) == [(3, 3, 1, 9)] and _popped(connected) == [0, 1, 5]


def test_connected_block_scores_by_size():
    game = _game(["22...", "2....", ".....", ".....", "....."], [2, 2], RULE_CONNECTED)
    assert game.place(1, 1, 1) == PLACED  # 2x2 block plus one below: 5 twos
    assert _matches(game) == [(2, 5, 1, 24)] and _popped(game) == [0, 1, 5, 6, 11]


def test_connected_joker_joins_groups_of_two_values_and_all_jokers_count_as_sixes():
    game = _game(["1.4..", "1.4..", ".....", ".....", "....."], [J], RULE_CONNECTED)
    assert game.place(1, 0, 0) == PLACED
    assert _matches(game) == [(1, 3, 1, 3), (4, 3, 1, 12)] and _popped(game) == [0, 1, 2, 5, 7]
    game = _game(["J....", "J....", ".....", ".....", "....."], [J], RULE_CONNECTED)
    assert game.place(1, 1, 0) == PLACED and _matches(game) == [(6, 3, 1, 18)]


def test_connected_pair_in_two_separate_groups():
    game = _game(["55...", "...66", ".....", ".....", "....."], [5, 6], RULE_CONNECTED)
    assert game.place(2, 0, 1) == PLACED  # 5 at (2,0), 6 at (2,1)
    assert _matches(game) == [(5, 3, 1, 15), (6, 3, 1, 18)] and game.points == 33


def test_rotation_puts_die_b_around_the_cursor_clockwise():
    expected = [(3, 2), (2, 3), (1, 2), (2, 1)]  # A|B, A over B, B|A, B over A with A at (2, 2)
    for rotation in range(4):
        game = _game(EMPTY_ROWS, [1, 2])
        assert game.place(2, 2, rotation) == PLACED
        bx, by = expected[rotation]
        assert (PARTNER_DX[rotation], PARTNER_DY[rotation]) == (bx - 2, by - 2)
        assert game.board[12] == 1 and game.board[by * 5 + bx] == 2
        assert game.placed_count == 2 and game.placed[0] == 12 and game.placed[1] == by * 5 + bx
        assert sum(1 for c in game.board if c) == 2


def test_illegal_spots_change_nothing_byte_for_byte():
    game = _game(["1....", ".....", ".....", ".....", "....4"], [2, 3])
    game.place(2, 2, 0)  # a real move first, so the last-move buffers hold something
    before = game.to_bytes()
    buffers = (bytes(game.popped), bytes(game.placed), game.placed_count, game.points, game.match_count)
    moves = game.moves
    piece = (game.piece_len, game.piece_a, game.piece_b)
    attempts = [(-1, 0, 0, OFF_BOARD), (5, 0, 0, OFF_BOARD), (2, 5, 0, OFF_BOARD), (0, 0, 0, OCCUPIED),
                (2, 2, 0, OCCUPIED), (2, 2, 7, BAD_ROTATION), (2, 2, -1, BAD_ROTATION)]
    if game.piece_len == 2:
        attempts += [(4, 1, 0, OFF_BOARD), (0, 1, 2, OFF_BOARD), (0, 4, 1, OFF_BOARD), (0, 0, 3, OFF_BOARD),
                     (1, 2, 0, OCCUPIED), (4, 3, 1, OCCUPIED)]
    for x, y, rotation, why in attempts:
        assert game.check(x, y, rotation) == why
        assert game.place(x, y, rotation) == why
        assert game.to_bytes() == before
        assert (bytes(game.popped), bytes(game.placed), game.placed_count, game.points, game.match_count) == buffers
        assert game.moves == moves and (game.piece_len, game.piece_a, game.piece_b) == piece


def test_pair_off_board_in_each_rotation_at_edges():
    game = _game(EMPTY_ROWS, [1, 2])
    assert game.check(4, 0, 0) == OFF_BOARD and game.check(4, 0, 2) == PLACED
    assert game.check(0, 4, 1) == OFF_BOARD and game.check(0, 4, 3) == PLACED
    assert game.check(0, 0, 2) == OFF_BOARD and game.check(0, 0, 3) == OFF_BOARD
    single = _game(EMPTY_ROWS, [1])
    assert single.check(4, 4, 0) == PLACED and single.check(4, 4, 1) == PLACED


# A checkerboard of dice with holes where x + y is odd: no two holes touch, no two dice touch, and no value 6.
HOLES = ["1.2.3", ".4.5.", "2.3.1", ".5.4.", "3.1.2"]


def test_round_over_at_once_when_the_tray_pair_fits_nowhere():
    assert _game(HOLES, [6, 6]).round_over
    assert not _game(HOLES, [6]).round_over
    full = _cells(HOLES)
    for i in range(25):
        if not full[i]:
            full[i] = 6 if (i // 5) % 2 else 5
    game = Game(1)
    game.set_position(full, 1, 6, 0)
    assert game.round_over and game.place(0, 0, 0) == ROUND_OVER


def test_round_ends_after_a_placement_when_the_next_pair_fits_nowhere_but_a_single_would():
    seen_pair = seen_single = False
    holes = _cells(HOLES)
    game = Game(1)  # one game reused: MicroPython's heap stays small in this loop
    for seed in range(1, 25):
        for rule in (RULE_STRAIGHT, RULE_CONNECTED):
            game.new_round(seed, rule)
            game.set_position(holes, 1, 6, 0)
            assert game.place(1, 0, 0) == PLACED and game.popped_count == 0
            before = game.to_bytes()
            if game.piece_len == 2:
                seen_pair = True
                assert game.round_over
                assert game.place(3, 0, 0) == ROUND_OVER and game.check(3, 0, 1) == ROUND_OVER
                assert game.to_bytes() == before
            else:
                seen_single = True
                assert not game.round_over  # a single still fits in any hole
                assert game.place(3, 0, 0) == PLACED
    assert seen_pair and seen_single


def test_round_not_over_while_two_adjacent_cells_are_free():
    rows = ["12121", "21212", "12121", "21212", "121.."]
    assert not _game(rows, [6, 6]).round_over
    rows = ["12121", "21212", "12121", "2121.", "1212."]
    assert not _game(rows, [6, 6]).round_over


def test_moves_and_popped_dice_are_counted():
    game = _game(["55...", ".....", ".....", ".....", "....."], [5])
    game.place(2, 0, 0)
    assert game.moves == 1 and game.popped_total == 3
    game.place(9, 9, 0)
    assert game.moves == 1


def test_pieces_follow_the_decided_odds():
    game = Game(2024)
    pairs = jokers = 0
    draws = 6000
    for _ in range(draws):
        game._draw_piece()
        assert game.piece_len in (1, 2)
        assert 1 <= game.piece_a <= J
        if game.piece_len == 2:
            pairs += 1
            assert 1 <= game.piece_b <= J and not (game.piece_a == J and game.piece_b == J)
        else:
            assert game.piece_b == 0
        jokers += (game.piece_a == J) + (game.piece_b == J)
    assert 3700 < pairs < 4300  # 2/3 of 6000 = 4000
    dice = draws + pairs
    assert dice // 45 < jokers < dice // 20  # about 1 in 30


def _play_first_fitting(game, steps):
    """Deterministic filler play: first legal spot scanning cells and rotations; returns the move codes."""
    codes = []
    for _ in range(steps):
        if game.round_over:
            break
        for code in range(100):
            if game.place_code(code) == PLACED:
                codes.append(code)
                break
    return codes


def test_state_round_trips_and_replays():
    game = Game(777, RULE_CONNECTED)
    codes = _play_first_fitting(game, 12)
    data = game.to_bytes()
    assert len(data) == STATE_BYTES
    copy = Game(1)
    copy.load_from(data)
    assert copy.to_bytes() == data and copy.rule == RULE_CONNECTED
    assert _play_first_fitting(copy, 20) == _play_first_fitting(game, 20)
    assert copy.to_bytes() == game.to_bytes()
    replay = Game(777, RULE_CONNECTED)
    for code in codes:
        assert replay.place_code(code) == PLACED
    assert replay.to_bytes() == data
    assert encode_move(3, 2, 1) == 53 and replay.place_code(53) in (PLACED, OCCUPIED, OFF_BOARD, ROUND_OVER)


def test_bad_state_bytes_raise_value_error_and_change_nothing():
    game = Game(5)
    _play_first_fitting(game, 3)
    good = game.to_bytes()
    bad = []
    for offset, value in ((0, 9), (1, 2), (2, 3), (3, 0), (3, 8), (13, 8), (37, 200)):
        data = bytearray(good)
        data[offset] = value
        bad.append(data)
    two_jokers = bytearray(good)
    two_jokers[2] = 2
    two_jokers[3] = J
    two_jokers[4] = J
    bad.append(two_jokers)
    bad.append(bytearray(good)[:-1])
    zero_rng = bytearray(good)
    for k in range(5, 13):
        zero_rng[k] = 0
    bad.append(zero_rng)
    target = Game(99)
    _play_first_fitting(target, 2)
    untouched = target.to_bytes()
    for data in bad:
        try:
            target.load_from(data)
        except ValueError:
            assert target.to_bytes() == untouched
            continue
        assert False, "bad state accepted"


def test_new_round_resets_and_switches_rule():
    game = Game(3)
    _play_first_fitting(game, 5)
    game.new_round(3, RULE_CONNECTED)
    assert game.rule == RULE_CONNECTED and game.score == 0 and game.moves == 0 and game.popped_total == 0
    assert game.board == bytearray(25) and not game.round_over
    assert Game(3, RULE_CONNECTED).to_bytes() == game.to_bytes()



def test_place_refuses_exactly_where_check_refuses():
    # place() repeats check()'s tests inline (one call less on the hot path): both must give the same answer.
    rows = ["1.2..", ".J.3.", "4..5.", "..6..", "2...1"]
    for piece in ([3, 4], [5]):
        game = _game(rows, piece)
        state = game.to_bytes()
        trial = Game(1)
        for y in range(-1, 6):
            for x in range(-1, 6):
                for rotation in range(-1, 5):
                    expected = game.check(x, y, rotation)
                    trial.load_from(state)
                    assert trial.place(x, y, rotation) == expected
    over = _game(HOLES, [6, 6])
    assert over.check(1, 0, 0) == ROUND_OVER and over.place(1, 0, 0) == ROUND_OVER
