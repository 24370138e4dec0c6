"""Dymino's score digits and state bytes (portable: CPython and MicroPython)."""
from engine import dymino as d
from engine import dymino_score as s
from engine.dymino import Dymino
from tests.portable.dymino_util import play_first_legal


def test_add_points_is_exact_for_big_combinations():
    digits = s.new_score()
    expected = 0
    for count, value, place in ((3, 1, 1), (25, 6, 12), (9, 5, 2), (17, 3, 7), (3, 6, 40)):
        s.add_points(digits, count, value, place)
        expected += count * value * 10 ** (count - 3) * s.series_coefficient(place)
        assert s.to_int(digits) == expected
    assert s.to_text(digits, "") == str(expected)


def test_score_text_groups_thousands_exactly():
    assert s.to_text(s.from_int(0)) == "0"
    assert s.to_text(s.from_int(999)) == "999"
    assert s.to_text(s.from_int(1234567)) == "1,234,567"
    assert s.to_text(s.from_int(123456789012345)) == "123,456,789,012,345"
    assert s.to_text(s.from_int(123456789012345), "") == "123456789012345"
    assert s.to_text_within(s.from_int(1234567), 9) == "1,234,567"  # grouped where it fits, else plain
    assert s.to_text_within(s.from_int(1234567), 8) == "1234567"


def test_compare_orders_scores():
    a = s.from_int(10 ** 20)
    b = s.from_int(10 ** 20 - 1)
    assert s.compare(a, b) == 1 and s.compare(b, a) == -1 and s.compare(a, s.from_int(10 ** 20)) == 0


def test_score_saturates_instead_of_wrapping():
    digits = s.from_int(10 ** 40 - 5)
    s.add_points(digits, 3, 4, 1)  # + 12
    assert s.to_text(digits, "") == "9" * 40


def test_packed_score_round_trips_and_bad_digits_raise():
    buf = bytearray(s.PACKED_BYTES + 2)
    value = s.from_int(9081726354453627189)
    assert s.pack_into(value, buf, 1) == 1 + s.PACKED_BYTES
    back = s.new_score()
    s.unpack_from(back, buf, 1)
    assert back == value
    buf[3] = 0xA0
    try:
        s.unpack_from(back, buf, 1)
    except ValueError:
        pass
    else:
        assert False, "bad digit accepted"


def test_state_round_trips_mid_game_and_goes_on_identically():
    for seed in (1, 2, 3):
        game = Dymino(seed)
        play_first_legal(game, 7 * seed)
        data = game.to_bytes()
        assert len(data) == d.STATE_BYTES
        copy = Dymino.from_bytes(data)
        assert copy.to_bytes() == data
        play_first_legal(game, 40)
        play_first_legal(copy, 40)
        assert copy.to_bytes() == game.to_bytes()


def _expect_value_error(data):
    game = Dymino(5)
    before = game.to_bytes()
    try:
        game.load_from(data)
    except ValueError:
        pass
    else:
        assert False, "bad state accepted"
    assert game.to_bytes() == before


def test_bad_state_bytes_raise_value_error_and_change_nothing():
    good = bytearray(Dymino(9).to_bytes())
    _expect_value_error(bytes(good[:-1]))
    for index, value in ((0, 99), (1, 7), (26, 4), (27, 0), (28, 7), (29, 1), (30, 3), (45, 0xFF),
                         (63, 0x40)):
        bad = bytearray(good)
        bad[index] = value
        _expect_value_error(bytes(bad))
    bad = bytearray(good)
    bad[32:36] = bytes(4)  # a PRNG state of 0 is a fixed point, never a real state
    _expect_value_error(bytes(bad))


def test_phase_must_fit_the_grid():
    good = bytearray(Dymino(9).to_bytes())
    full = bytearray(good)
    for i in range(25):
        full[1 + i] = 1 + (i % 5 + i // 5) % 2
    _expect_value_error(bytes(full))  # pair phase on a full grid
    full[26] = d.PHASE_OVER
    game = Dymino(5)
    game.load_from(bytes(full))
    assert game.phase == d.PHASE_OVER
    good[26] = d.PHASE_OVER
    _expect_value_error(bytes(good))  # game over on an empty grid


def test_same_seed_same_moves_same_game_on_every_interpreter():
    game = Dymino(2024)
    played = play_first_legal(game, 300)
    data = game.to_bytes()
    checksum = 0
    for byte in data:
        checksum = (checksum * 31 + byte) % 1000003
    # Printed once by CPython; MicroPython must reach the very same state.
    assert (played, game.turns, checksum) == GOLDEN


GOLDEN = (25, 19, 640040)
