"""Würfelglanz property tests (CPython, hypothesis) over seeded random games, against an independent reference.

The reference below finds every poppable run/group on the whole board with plain sets and lists, straight
from the rules page; the engine looks only near the placed dice. Each move must agree on points, matches and
freed cells, and the usual invariants must hold.
"""
from hypothesis import given, settings, strategies as st

from engine.wuerfelglanz import (JOKER, OCCUPIED, OFF_BOARD, PARTNER_DX, PARTNER_DY, PLACED, ROUND_OVER,
                                 RULE_CONNECTED, RULE_STRAIGHT, Game)


def _matches_v(code, value):
    return code == value or code == JOKER


def reference_matches(board, rule):
    """Every run (straight) or group (connected) that pops on this board: a list of (value, cells)."""
    found = []
    for value in range(1, 7):
        if rule == RULE_STRAIGHT:
            lines = [[y * 5 + x for x in range(5)] for y in range(5)] + [[y * 5 + x for y in range(5)] for x in range(5)]
            for line in lines:
                segment = []
                for cell in line + [None]:
                    if cell is not None and _matches_v(board[cell], value):
                        segment.append(cell)
                        continue
                    if len(segment) >= 3:
                        found.append((value, frozenset(segment)))
                    segment = []
        else:
            seen = set()
            for start in range(25):
                if start in seen or not _matches_v(board[start], value):
                    continue
                group, todo = {start}, [start]
                while todo:
                    cell = todo.pop()
                    x, y = cell % 5, cell // 5
                    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        other = ny * 5 + nx
                        if 0 <= nx < 5 and 0 <= ny < 5 and other not in group and _matches_v(board[other], value):
                            group.add(other)
                            todo.append(other)
                seen |= group
                if len(group) >= 3:
                    found.append((value, frozenset(group)))
    # counts only with a real die of the value, except that jokers alone count as sixes
    return [(v, cells) for v, cells in found if v == 6 or any(board[c] == v for c in cells)]


def reference_piece_fits(board, piece_len):
    empty = [c for c in range(25) if board[c] == 0]
    if piece_len == 1:
        return bool(empty)
    return any((c % 5 < 4 and board[c + 1] == 0) or (c < 20 and board[c + 5] == 0) for c in empty)


def _legal_moves(game):
    return [(x, y, r) for y in range(5) for x in range(5) for r in range(4) if game.check(x, y, r) == PLACED]


def play_checked(seed, rule, choices):
    """Play a seeded game with the given move choices, checking every move against the reference."""
    game = Game(seed, rule)
    codes = []
    for choice in choices:
        if game.round_over:
            break
        before = bytearray(game.board)
        score_before, popped_before = game.score, game.popped_total
        moves = _legal_moves(game)
        assert moves, "the round is not over, so the tray piece fits somewhere"
        if choice < 0:  # an illegal attempt first: it must change nothing
            state = game.to_bytes()
            x, y, r = (-choice) % 5, 5, 0
            assert game.place(x, y, r) == OFF_BOARD and game.to_bytes() == state
            occupied = [c for c in range(25) if before[c]]
            if occupied:
                c = occupied[-choice % len(occupied)]
                assert game.place(c % 5, c // 5, 0 if c % 5 < 4 else 2) == OCCUPIED and game.to_bytes() == state
            choice = -choice
        x, y, r = moves[choice % len(moves)]
        piece = (game.piece_len, game.piece_a, game.piece_b)
        assert game.place(x, y, r) == PLACED
        codes.append((y * 5 + x) * 4 + r)

        # the board right after placing, before popping
        placed_board = bytearray(before)
        placed_board[y * 5 + x] = piece[1]
        if piece[0] == 2:
            bx, by = x + PARTNER_DX[r], y + PARTNER_DY[r]
            assert before[by * 5 + bx] == 0  # no die is ever overwritten
            placed_board[by * 5 + bx] = piece[2]
        assert before[y * 5 + x] == 0

        expected = reference_matches(placed_board, rule)
        expected_cells = set().union(*[cells for _, cells in expected]) if expected else set()
        got = [(game.match_value[k], game.match_length[k], game.match_runs[k], game.match_points[k])
               for k in range(game.match_count)]
        # per pip value: the union of its popping runs/groups, scored 3 * v * 2^(n_v - 3), lowest value first
        per_value = {}
        for v, cells in expected:
            per_value.setdefault(v, []).append(cells)
        assert got == [(v, len(frozenset().union(*runs)), len(runs), 3 * v * 2 ** (len(frozenset().union(*runs)) - 3))
                       for v, runs in sorted(per_value.items())]
        popped = [game.popped[k] for k in range(game.popped_count)]
        assert len(popped) == len(set(popped)) and set(popped) == expected_cells
        assert game.points == sum(p for _, _, _, p in got)
        assert game.score == score_before + game.points >= score_before  # score never falls
        assert game.popped_total == popped_before + len(popped)

        after = game.board
        for c in range(25):
            if c in expected_cells:
                assert after[c] == 0
            else:
                assert after[c] == placed_board[c]  # dice never move; only popped cells change
        # popped count = cells freed
        filled = lambda b: sum(1 for v in b if v)
        assert filled(before) + piece[0] - len(popped) == filled(after)
        assert reference_matches(after, rule) == []  # nothing poppable is left behind (no cascade needed)
        assert game.round_over == (not reference_piece_fits(after, game.piece_len))
    if game.round_over:
        assert game.place(0, 0, 0) == ROUND_OVER
    return game, codes


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**30 - 1), rule=st.sampled_from([RULE_STRAIGHT, RULE_CONNECTED]),
       choices=st.lists(st.integers(-300, 300), min_size=1, max_size=60))
def test_random_games_agree_with_the_reference(seed, rule, choices):
    play_checked(seed, rule, choices)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**30 - 1), rule=st.sampled_from([RULE_STRAIGHT, RULE_CONNECTED]),
       choices=st.lists(st.integers(0, 300), min_size=1, max_size=40), cut=st.integers(0, 40))
def test_state_round_trips_and_same_seed_same_moves_same_game(seed, rule, choices, cut):
    game, codes = play_checked(seed, rule, choices)
    replay = Game(seed, rule)
    for code in codes:
        assert replay.place_code(code) == PLACED
    assert replay.to_bytes() == game.to_bytes()
    # save part-way, load into a fresh game, continue both the same way
    first = Game(seed, rule)
    for code in codes[:cut]:
        first.place_code(code)
    data = first.to_bytes()
    loaded = Game(12345, RULE_STRAIGHT if rule == RULE_CONNECTED else RULE_CONNECTED)
    loaded.load_from(data)
    assert loaded.to_bytes() == data and loaded.round_over == first.round_over
    for code in codes[cut:]:
        assert loaded.place_code(code) == first.place_code(code) == PLACED
        assert loaded.to_bytes() == first.to_bytes()
    assert loaded.to_bytes() == game.to_bytes()


@settings(max_examples=60, deadline=None)
@given(data=st.binary(min_size=50, max_size=50))
def test_random_bytes_load_or_raise_value_error(data):
    game = Game(1)
    untouched = game.to_bytes()
    try:
        game.load_from(data)
    except ValueError:
        assert game.to_bytes() == untouched
        return
    assert game.to_bytes() == bytes(data)


def test_piece_draw_constants_agree_with_the_rules_numbers():
    # CPython only: MicroPython folds underscore constants away, so the module has no such attributes there.
    from engine import wuerfelglanz as w
    outcomes = w._PAIR_CHANCE_OF * 6 * w._JOKER_ODDS * 6 * w._JOKER_ODDS
    assert w._PIECE_OUTCOMES == outcomes
    assert w._PIECE_DRAW_LIMIT % outcomes == 0 and 0 <= (1 << 30) - w._PIECE_DRAW_LIMIT < outcomes
