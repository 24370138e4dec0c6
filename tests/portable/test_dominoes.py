"""Dominoes rules: the lead, turns, matching, drawing and passing, blocked rounds, scoring, the match, saves."""
from engine.dominoes import (DRAW_FLOOR, HAND_SIZE, LAST_DRAW, LAST_PASS, MATCH_OVER, NOBODY, OK, PERSON, PLAYING,
                             DominoesGame, hand_pips, opening_tile)
from engine.dominoes_load import load_game, load_state
from engine.dominoes_table import TILE_COUNT
from tests.portable.dominoes_util import (CPU, ERR_LEAD, ERR_MUST_DRAW, ERR_MUST_PLAY, ERR_NO_MATCH, ERR_NO_ROOM,
                                          ERR_NOT_IN_HAND, ERR_PHASE, ERR_STOCK_LOW, LEFT, RIGHT, ROUND_OVER, STRAIGHT,
                                          tile_of)


def _mask(*tiles):
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def _deal(game, person, cpu, leader=NOBODY):
    """Deal the given 7 + 7 tiles (the stock gets the rest in id order) through the game's own deal."""
    rest = [t for t in range(TILE_COUNT) if t not in person and t not in cpu]
    game.deck[:] = bytes(list(person) + list(cpu) + rest)
    game.leader = leader
    game.deal()


def _set_line(game, first, *placements):
    """Put tiles on the table directly (first tile, then (tile, end, option) ...) and take them from the deck
    order's hands; the test then sets hands / draw_pos itself."""
    game.table.place_first(first)
    for tile, end, option in placements:
        assert game.table.room(1 if tile in (0, 2, 5, 9, 14, 20, 27) else 0, end, option)
        game.table.place(tile, end, option)


def _hands_and_stock(game, person, cpu, stock):
    """Arrange the deck so that `stock` is what is left to draw; hands as given (table tiles elsewhere)."""
    on_table = game.table.mask()
    others = [t for t in range(TILE_COUNT) if not on_table & (1 << t) and t not in person and t not in cpu
              and t not in stock]
    table_tiles = [t for t in range(TILE_COUNT) if on_table & (1 << t)]
    dealt = table_tiles + list(person) + list(cpu) + others
    game.deck[:] = bytes(dealt + list(stock))
    game.draw_pos = len(dealt)
    game.hands[0] = _mask(*person)
    game.hands[1] = _mask(*cpu)
    game.lead_tile = 255


def test_lead_is_the_highest_double():
    game = DominoesGame(1)
    person = [tile_of(6, 5), tile_of(4, 4), tile_of(3, 1), tile_of(2, 0), tile_of(6, 0), tile_of(5, 1), tile_of(3, 2)]
    cpu = [tile_of(5, 5), tile_of(6, 4), tile_of(1, 1), tile_of(4, 0), tile_of(6, 2), tile_of(5, 0), tile_of(3, 0)]
    _deal(game, person, cpu)
    assert game.lead_tile == tile_of(5, 5)
    assert game.leader == CPU and game.turn == CPU
    assert game.legal_moves() == 1 and game.moves[0] == tile_of(5, 5)
    assert game.play(tile_of(6, 4)) == ERR_LEAD
    assert game.play(tile_of(5, 5)) == OK
    assert game.turn == PERSON


def test_lead_without_doubles_is_the_highest_tile():
    game = DominoesGame(1)
    person = [tile_of(6, 4), tile_of(5, 3), tile_of(3, 1), tile_of(2, 0), tile_of(6, 0), tile_of(5, 1), tile_of(3, 2)]
    cpu = [tile_of(6, 5), tile_of(4, 3), tile_of(2, 1), tile_of(4, 0), tile_of(6, 2), tile_of(5, 0), tile_of(3, 0)]
    _deal(game, person, cpu)
    assert game.lead_tile == tile_of(6, 5) and game.leader == CPU
    person[0], cpu[0] = cpu[0], person[0]
    _deal(game, person, cpu)
    assert game.lead_tile == tile_of(6, 5) and game.leader == PERSON
    assert opening_tile(_mask(tile_of(1, 0)) | _mask(tile_of(2, 0))) == tile_of(2, 0)
    assert opening_tile(_mask(tile_of(6, 5)) | _mask(tile_of(0, 0))) == tile_of(0, 0)


def test_later_rounds_are_led_by_the_previous_winner_with_any_tile():
    game = DominoesGame(3)
    game.leader = CPU
    game.start_round()
    assert game.turn == CPU and game.lead_tile == 255
    assert game.legal_moves() == HAND_SIZE


def test_play_must_match_an_end_and_tile_must_be_in_hand():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    _hands_and_stock(game, [tile_of(5, 1), tile_of(3, 2), tile_of(4, 4)], [tile_of(6, 6), tile_of(2, 2)], [])
    game.turn = PERSON
    before = game.save()
    assert game.play(tile_of(5, 1), 1, STRAIGHT) == ERR_NO_MATCH
    assert game.play(tile_of(6, 6), 0, LEFT) == ERR_NOT_IN_HAND
    assert game.play(tile_of(3, 2), 1, 3) == ERR_NO_ROOM
    assert game.save() == before  # illegal moves change nothing
    assert game.play(tile_of(3, 2), 1, STRAIGHT) == OK
    assert game.table.end_num[1] == 2 and game.turn == CPU


def test_player_who_can_play_may_not_draw_or_pass():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    _hands_and_stock(game, [tile_of(3, 1), tile_of(2, 2)], [tile_of(5, 5), tile_of(1, 0)], [tile_of(4, 0), tile_of(4, 1),
                                                                                   tile_of(4, 2), tile_of(0, 0)])
    game.turn = PERSON
    assert game.draw() == ERR_MUST_PLAY
    assert game.pass_turn() == ERR_MUST_PLAY


def test_draw_one_at_a_time_while_stock_holds_more_than_two():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    stock = [tile_of(4, 0), tile_of(0, 0), tile_of(6, 1)]
    _hands_and_stock(game, [tile_of(2, 1), tile_of(2, 2)], [tile_of(5, 3), tile_of(1, 0)], stock)
    game.turn = PERSON
    assert game.stock_count() == DRAW_FLOOR + 1
    assert game.pass_turn() == ERR_MUST_DRAW
    assert game.draw() == OK
    assert game.last_tile == tile_of(4, 0) and game.hands[0] & _mask(tile_of(4, 0))
    assert game.turn == PERSON and game.stock_count() == DRAW_FLOOR
    # no further draw at a stock of 2: the person passes
    assert game.draw() == ERR_STOCK_LOW
    assert game.no_move() == LAST_PASS
    assert game.turn == CPU
    # the history the CPU reads the line by: the person drew, then passed, with one tile on the table
    assert game.history == [1 << 1, 0, 1 << 1]
    copy = DominoesGame(1)
    copy.copy_from(game)
    assert copy.history == game.history
    assert load_game(DominoesGame(3).save()).history[2] == -1  # not saved: unknown after a load
    game.deal()
    assert game.history == [0, 0, 0]


def test_forced_pass_at_stock_of_two_then_the_other_plays():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    _hands_and_stock(game, [tile_of(2, 1), tile_of(2, 2)], [tile_of(5, 3), tile_of(1, 0)],
                     [tile_of(4, 0), tile_of(0, 0)])
    game.turn = PERSON
    game._after_action()
    assert game.phase == PLAYING  # the CPU can still play: not blocked
    assert game.legal_moves() == 0
    assert game.draw() == ERR_STOCK_LOW
    assert game.pass_turn() == OK
    assert game.last_kind == LAST_PASS and game.turn == CPU
    assert game.play(tile_of(5, 3), 1, STRAIGHT) == OK


def test_a_drawn_tile_that_fits_can_be_played_at_once():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    _hands_and_stock(game, [tile_of(2, 1)], [tile_of(1, 0), tile_of(0, 0)],
                     [tile_of(5, 4), tile_of(6, 2), tile_of(4, 0), tile_of(2, 0), tile_of(1, 1)])
    game.turn = PERSON
    assert game.no_move() == LAST_DRAW and game.last_tile == tile_of(5, 4)
    assert game.no_move() == LAST_DRAW and game.last_tile == tile_of(6, 2)
    assert game.no_move() == 0  # it fits: no more drawing
    assert game.play(tile_of(6, 2), 0, STRAIGHT) == OK
    # the CPU's knowledge: the person held nothing that fitted 6 or 3 before the last draw
    assert game.void[PERSON] & _mask(tile_of(6, 6), tile_of(3, 3), tile_of(3, 0))


def test_domino_scores_the_opponents_pips():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    cpu = [tile_of(5, 5), tile_of(4, 2), tile_of(1, 0)]
    _hands_and_stock(game, [tile_of(3, 1)], cpu, [tile_of(4, 0), tile_of(0, 0), tile_of(6, 0)])
    game.turn = PERSON
    game.scores[0], game.scores[1] = 10, 20
    assert game.play(tile_of(3, 1), 1, RIGHT) == OK
    assert game.phase == ROUND_OVER
    assert game.round_winner == PERSON and game.round_blocked == 0
    assert game.round_points == 10 + 6 + 1 == hand_pips(game.hands[1])
    assert game.scores[0] == 27 and game.scores[1] == 20
    assert game.play(tile_of(5, 5), 0, LEFT) == ERR_PHASE
    assert game.next_round() == OK
    assert game.phase == PLAYING and game.turn == PERSON and game.lead_tile == 255


def test_blocked_round_scores_the_difference():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    # after the person's 3-2 the ends show 6 and 2: nobody holds either and the stock holds 2
    person = [tile_of(3, 2), tile_of(1, 0), tile_of(4, 4)]
    cpu = [tile_of(5, 5), tile_of(4, 1)]
    _hands_and_stock(game, person, cpu, [tile_of(6, 6), tile_of(2, 2)])
    game.turn = PERSON
    assert game.play(tile_of(3, 2), 1, STRAIGHT) == OK
    assert game.phase == ROUND_OVER and game.round_blocked == 1
    assert game.round_winner == PERSON and game.round_points == 15 - 9
    assert game.scores[0] == 6 and game.scores[1] == 0


def test_blocked_round_with_equal_pips_scores_nothing_and_keeps_the_leader():
    game = DominoesGame(1)
    _set_line(game, tile_of(6, 3))
    person = [tile_of(3, 2), tile_of(4, 1), tile_of(4, 4)]
    cpu = [tile_of(5, 5), tile_of(3, 0)]
    _hands_and_stock(game, person, cpu, [tile_of(6, 6), tile_of(2, 2)])
    game.leader = CPU
    game.turn = PERSON
    assert game.play(tile_of(3, 2), 1, STRAIGHT) == OK
    # the CPU still holds 3-0 but the 3 end is gone: ends 6 and 2
    assert game.phase == ROUND_OVER and game.round_blocked == 1
    assert game.round_winner == NOBODY and game.round_points == 0
    assert game.scores[0] == 0 and game.scores[1] == 0
    game.next_round()
    assert game.turn == CPU


def test_match_ends_at_the_target():
    game = DominoesGame(1, 50)
    _set_line(game, tile_of(6, 3))
    _hands_and_stock(game, [tile_of(3, 1)], [tile_of(5, 5), tile_of(4, 2)], [tile_of(0, 0), tile_of(1, 1), tile_of(6, 0)])
    game.scores[0] = 35
    game.turn = PERSON
    assert game.play(tile_of(3, 1), 1, STRAIGHT) == OK
    assert game.scores[0] == 51 and game.phase == MATCH_OVER and game.match_winner == PERSON
    assert game.next_round() == ERR_PHASE


def _random_round(seed, rounds):
    from engine.rng import Rng
    game = DominoesGame(seed)
    pick = Rng(seed + 99)
    for _ in range(rounds):
        while game.phase == PLAYING:
            n = game.legal_moves()
            if n:
                m = game.moves[pick.below(n)]
                assert game.play_move(m) == OK
            else:
                assert game.no_move()
        if game.phase == MATCH_OVER:
            break
        game.next_round()
    return game


def test_save_and_load_round_trip_mid_round():
    from engine.rng import Rng
    game = DominoesGame(21)
    pick = Rng(5)
    for _ in range(9):
        n = game.legal_moves()
        if n:
            m = game.moves[pick.below(n)]
            game.play_move(m)
        else:
            game.no_move()
    data = game.save()
    assert len(data) <= 120
    copy = load_game(data)
    assert copy.save() == data
    assert bytes(copy.table.grid) == bytes(game.table.grid)
    assert copy.hands == game.hands and copy.turn == game.turn
    assert copy.legal_moves() == game.legal_moves()


def test_bad_bytes_raise_value_error_and_change_nothing():
    game = _random_round(4, 1)
    data = bytearray(game.save())
    victim = DominoesGame(9)
    before = victim.save()
    for bad in (b"", bytes([9]) + bytes(data[1:]), bytes(data[:-1]), bytes(data) + b"\x00"):
        try:
            load_state(victim, bad)
        except ValueError:
            pass
        else:
            raise AssertionError("accepted bad bytes")
    dup = bytearray(data)
    dup[40] = dup[41]  # a tile twice in the deck
    try:
        load_state(victim, bytes(dup))
    except ValueError:
        pass
    else:
        raise AssertionError("accepted a deck with a repeated tile")
    assert victim.save() == before


def test_same_seed_and_moves_give_the_same_game():
    a = _random_round(77, 3)
    b = _random_round(77, 3)
    assert a.save() == b.save()
    c = _random_round(78, 3)
    assert c.save() != a.save()


def test_abandoning_a_round_keeps_the_match_score():
    game = DominoesGame(21)
    game.scores[0] = 40
    game.scores[1] = 7
    game.leader = PERSON
    n = game.round_no
    assert game.abandon_round() == OK
    # nobody scores, and the round dropped does not count: the new deal keeps its number
    assert game.scores == [40, 7] and game.round_no == n and game.phase == PLAYING
    assert game.table.count == 0 and game.stock_count() == TILE_COUNT - 2 * HAND_SIZE


def test_conceding_a_round_gives_the_opponent_the_pips_in_hand():
    game = DominoesGame(21)
    game.scores[0] = 40
    game.scores[1] = 7
    n = game.round_no
    pips = hand_pips(game.hands[PERSON])
    assert game.concede(PERSON) == OK
    assert game.phase == ROUND_OVER and game.round_winner == 1 and game.round_points == pips
    assert game.scores == [40, 7 + pips] and game.round_no == n
    assert game.round_conceded == 1 and game.round_blocked == 0
    assert game.concede(PERSON) != OK and game.scores == [40, 7 + pips]  # only a round under way
    again = load_game(game.save())  # a conceded round saves and loads as it was (the results still to show)
    assert again.save() == game.save() and again.round_conceded == 1
    assert game.next_round() == OK and game.round_no == n + 1 and game.round_conceded == 0
    # a concede that takes the opponent past the target ends the match
    game.scores[1] = game.target - 1
    assert game.concede(PERSON) == OK and game.phase == MATCH_OVER and game.match_winner == 1


def test_round_number_and_scores_saturate():
    game = DominoesGame(22)
    game.round_no = 65535
    game.abandon_round()
    assert game.round_no == 65535
    assert load_game(game.save()).round_no == 65535


def test_preferred_moves_are_legal_moves_one_per_tile_and_end():
    game = DominoesGame(23)
    for _ in range(40):
        if game.phase != PLAYING:
            break
        n = game.legal_moves()
        legal = set(game.moves[i] for i in range(n))
        k = game.preferred_moves()
        preferred = [game.moves[i] for i in range(k)]
        assert set(preferred) <= legal
        assert len(set(m & 63 for m in preferred)) == len(preferred)  # one position per tile and end
        assert set(m & 63 for m in preferred) == set(m & 63 for m in legal)
        if k:
            m = preferred[k - 1]
            game.play_move(m)
        else:
            game.no_move()
