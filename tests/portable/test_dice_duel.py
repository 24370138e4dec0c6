"""Kniffel Dice Duel engine: rolling, keeping, the chip tray, rounds, set-aside chips, bonuses, end and state bytes."""
from engine.rng import Rng
from engine import dice_duel as dd
from engine.dice_duel import DiceDuel
from engine.dice_duel_combos import (TWO_PAIRS, THREE_OF_A_KIND, SMALL_STRAIGHT, FLUSH, FULL_HOUSE,
                                     FOUR_OF_A_KIND, LARGE_STRAIGHT, KIND_COUNT, CHIP_VALUES)

# Forced dice making exactly the named chip (see test_dice_duel_combos for the masks).
DICE_FOR = (b"\x01\x01\x02\x02\x03", b"\x05\x05\x05\x01\x02", b"\x01\x02\x03\x04\x06", b"\x01\x03\x05\x05\x01",
            b"\x03\x06\x03\x06\x03", b"\x04\x04\x01\x04\x04", b"\x01\x02\x03\x04\x05")
NOTHING = b"\x01\x01\x02\x03\x05"
KNIFFEL = b"\x06\x06\x06\x06\x06"


def forced_turn(game, dice, choice):
    """One turn with forced dice: a single roll, stop, take `choice`; asserts each step is legal."""
    assert game.set_dice(dice) == dd.OK
    assert game.stop() == dd.OK
    code = game.take(choice)
    assert code == dd.OK, code


def play_random_game(game, chooser, max_steps=4000, log=None):
    """Play to the end with moves drawn from `chooser` (an Rng); `log` collects every call made."""
    for _ in range(max_steps):
        if game.is_over():
            return True
        if game.phase == dd.PHASE_ROLL:
            if game.rolls_left == dd.ROLLS_PER_TURN or chooser.below(3):
                if game.rolls_left < dd.ROLLS_PER_TURN:
                    game.set_keep(chooser.below(31))
                code = game.roll()
                if log is not None:
                    log.append(("roll", game.keep, code))
            else:
                code = game.stop()
                if log is not None:
                    log.append(("stop", code))
        else:
            legal = game.choices()
            choice = dd.CHOICE_NONE
            if legal:
                pick = chooser.below(16)
                while not legal >> pick & 1:
                    pick = (pick + 1) % 16
                choice = pick
            code = game.take(choice)
            if log is not None:
                log.append(("take", choice, code))
        assert code == dd.OK, code
    return False


def test_new_game_has_a_full_tray_and_waits_for_the_first_roll():
    game = DiceDuel(3, seed=5)
    assert list(game.tray) == [4] * 7
    assert game.aside_count() == 0
    assert game.phase == dd.PHASE_ROLL and game.rolls_left == 3
    assert game.current == game.first


def test_roll_off_highest_single_die_starts():
    for seed in range(40):
        game = DiceDuel(4, seed=seed)
        best = max(game.rolloff)
        assert game.rolloff[game.first] == best
        assert list(game.rolloff).count(best) == 1
        assert 1 <= best <= 6


def test_three_rolls_and_kept_dice_stay():
    game = DiceDuel(2, seed=9)
    assert game.set_keep(1) == dd.ERR_NOT_ROLLED
    assert game.stop() == dd.ERR_NOT_ROLLED
    assert game.roll() == dd.OK
    first = bytes(game.dice)
    assert all(1 <= d <= 6 for d in first)
    assert game.toggle_keep(0) == dd.OK and game.toggle_keep(3) == dd.OK
    assert game.keep == 0b01001
    assert game.roll() == dd.OK
    assert game.dice[0] == first[0] and game.dice[3] == first[3]
    assert game.toggle_keep(7) == dd.ERR_BAD_DIE
    assert game.roll() == dd.OK
    assert game.rolls_left == 0 and game.phase == dd.PHASE_CHOOSE
    assert game.roll() == dd.ERR_PHASE


def test_rolling_with_every_die_kept_changes_nothing():
    game = DiceDuel(1, seed=3)
    game.roll()
    assert game.set_keep(dd.ALL_DICE) == dd.OK
    before = game.to_bytes()
    assert game.roll() == dd.ERR_ALL_KEPT
    assert game.to_bytes() == before


def test_dice_kept_before_may_be_rolled_again():
    game = DiceDuel(1, seed=3)
    game.set_dice(NOTHING)
    game.set_keep(0b11)
    game.set_dice(b"\x01\x01\x02\x02\x06")
    assert game.set_keep(0b00001) == dd.OK
    assert game.keep == 1


def test_turn_end_clears_dice_and_keep():
    game = DiceDuel(1, seed=11)
    game.roll()
    game.set_keep(0b10101)
    game.stop()
    game.take(game.choices() and _lowest_bit(game.choices()) or dd.CHOICE_NONE)
    assert game.keep == 0
    assert list(game.dice) == [0] * 5


def _lowest_bit(mask):
    bit = 0
    while not mask >> bit & 1:
        bit += 1
    return bit


def test_taking_a_fitting_chip_moves_it_to_the_player():
    game = DiceDuel(2, seed=1)
    player = game.current
    forced_turn(game, DICE_FOR[FULL_HOUSE], FULL_HOUSE)
    assert game.tray[FULL_HOUSE] == 3
    assert game.held_count(player, FULL_HOUSE) == 1
    assert game.current == 1 - player
    assert game.score(player) == 30


def test_player_chooses_among_fitting_chips_and_illegal_choices_change_nothing():
    game = DiceDuel(2, seed=1)
    game.set_dice(b"\x03\x06\x03\x06\x03")
    game.stop()
    assert game.choices() == (1 << TWO_PAIRS) | (1 << THREE_OF_A_KIND) | (1 << FULL_HOUSE)
    before = game.to_bytes()
    assert game.take(FLUSH) == dd.ERR_NOT_FITTING
    assert game.take(dd.CHOICE_ASIDE + FULL_HOUSE) == dd.ERR_NOT_FITTING
    assert game.take(99) == dd.ERR_NOT_FITTING
    assert game.to_bytes() == before
    assert game.take(TWO_PAIRS) == dd.OK


def test_a_player_may_decline_a_fitting_chip_and_a_chipless_round_then_sets_one_aside():
    game = DiceDuel(2, seed=1)
    first = game.current
    game.set_dice(DICE_FOR[FULL_HOUSE])
    game.stop()
    assert game.choices() and game.take(dd.CHOICE_NONE) == dd.OK  # [seed] a player *may* take a chip
    assert game.current == 1 - first and game.chip_points(first) == 0 and game.tray_count() == 28
    forced_turn(game, DICE_FOR[TWO_PAIRS], dd.CHOICE_NONE)  # the other seat declines too: a round without chips
    assert game.aside[LARGE_STRAIGHT] == 1 and game.last_aside == LARGE_STRAIGHT and game.tray_count() == 27


def test_best_choice_offers_the_most_valuable_chip_the_dice_allow():
    game = DiceDuel(2, seed=1)
    game.set_dice(DICE_FOR[LARGE_STRAIGHT])  # a large straight also makes a small straight
    game.stop()
    assert game.best_choice() == LARGE_STRAIGHT
    game = DiceDuel(2, seed=1)
    game.set_dice(DICE_FOR[FULL_HOUSE])      # also two pairs and three of a kind
    game.stop()
    assert game.best_choice() == FULL_HOUSE
    game = DiceDuel(2, seed=1)
    game.set_dice(KNIFFEL)                   # a Kniffel may take any chip: the large straight
    game.stop()
    assert game.best_choice() == LARGE_STRAIGHT
    # with the tray's large straights gone and one set aside, a Kniffel is offered the set-aside one
    game.tray[LARGE_STRAIGHT] = 0
    game.aside[LARGE_STRAIGHT] = 1
    assert game.best_choice() == dd.CHOICE_ASIDE + LARGE_STRAIGHT
    game.aside[LARGE_STRAIGHT] = 0
    assert game.best_choice() == FOUR_OF_A_KIND
    game = DiceDuel(2, seed=1)
    game.set_dice(NOTHING)
    game.stop()
    assert game.best_choice() == dd.CHOICE_NONE


def test_back_to_rolls_leaves_the_chip_choice_while_rolls_are_left():
    game = DiceDuel(1, seed=3)
    assert game.back_to_rolls() == dd.ERR_PHASE  # not choosing
    game.set_dice(DICE_FOR[FLUSH])
    game.stop()
    assert game.back_to_rolls() == dd.OK and game.phase == dd.PHASE_ROLL and game.rolls_left == 2
    assert game.set_keep(0b00111) == dd.OK and game.roll() == dd.OK and game.rolls_left == 1
    game.roll()
    assert game.phase == dd.PHASE_CHOOSE and game.back_to_rolls() == dd.ERR_NO_ROLLS  # no rolls left
    game = DiceDuel(1, seed=3)
    game.set_dice(KNIFFEL)
    game.stop()
    assert game.take(LARGE_STRAIGHT) == dd.OK and game.picks_left == 1  # solo Kniffel: the second chip
    assert game.back_to_rolls() == dd.ERR_PHASE  # a chip was taken this turn: no going back


def test_combination_with_its_chips_gone_gives_nothing():
    game = DiceDuel(1, seed=2)
    for _ in range(4):
        forced_turn(game, DICE_FOR[SMALL_STRAIGHT], SMALL_STRAIGHT)
    assert game.tray[SMALL_STRAIGHT] == 0
    game.set_dice(DICE_FOR[SMALL_STRAIGHT])
    game.stop()
    assert game.choices() == 0
    before = game.to_bytes()
    assert game.take(SMALL_STRAIGHT) == dd.ERR_NO_CHIP
    assert game.to_bytes() == before
    assert game.take(dd.CHOICE_NONE) == dd.OK
    assert game.held_count(0, SMALL_STRAIGHT) == 4
    # Solo: that turn had no chip, so the highest chip left in the tray was set aside.
    assert game.aside[LARGE_STRAIGHT] == 1 and game.last_aside == LARGE_STRAIGHT


def test_no_combination_after_three_rolls_no_chip():
    game = DiceDuel(2, seed=4)
    player = game.current
    game.set_dice(NOTHING)
    game.set_dice(NOTHING)
    game.set_dice(NOTHING)
    assert game.phase == dd.PHASE_CHOOSE and game.choices() == 0
    assert game.take(dd.CHOICE_NONE) == dd.OK
    assert game.current == 1 - player
    assert game.chip_points(player) == 0


def test_chipless_round_sets_aside_the_highest_chip_only_at_round_end():
    game = DiceDuel(3, seed=6)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside_count() == 0
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside[LARGE_STRAIGHT] == 1 and game.tray[LARGE_STRAIGHT] == 3
    assert game.last_aside == LARGE_STRAIGHT
    assert game.current == game.first


def test_a_round_with_any_chip_sets_nothing_aside():
    game = DiceDuel(3, seed=6)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    forced_turn(game, DICE_FOR[TWO_PAIRS], TWO_PAIRS)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside_count() == 0
    assert game.round == 1


def test_set_aside_takes_the_highest_kind_still_in_the_tray():
    game = DiceDuel(1, seed=6)
    for _ in range(4):
        forced_turn(game, DICE_FOR[LARGE_STRAIGHT], LARGE_STRAIGHT)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside[FOUR_OF_A_KIND] == 1 and game.aside_count() == 1


def test_kniffel_takes_a_set_aside_chip_and_plays_again():
    game = DiceDuel(2, seed=8)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside[LARGE_STRAIGHT] == 1
    player = game.current
    game.set_dice(KNIFFEL)
    game.stop()
    legal = game.choices()
    assert legal & (1 << (dd.CHOICE_ASIDE + LARGE_STRAIGHT))
    assert legal & 0x7F == 0x7F  # any tray chip too
    assert game.take(dd.CHOICE_ASIDE + LARGE_STRAIGHT) == dd.OK
    assert game.aside_count() == 0
    assert game.held_count(player, LARGE_STRAIGHT) == 1
    assert game.current == player and game.extra_turn()
    assert game.phase == dd.PHASE_ROLL and game.rolls_left == 3
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.current != player and not game.extra_turn()


def test_kniffel_may_take_any_tray_chip_in_a_duel_but_only_one():
    game = DiceDuel(2, seed=8)
    player = game.current
    forced_turn(game, KNIFFEL, LARGE_STRAIGHT)
    assert game.chip_points(player) == 50
    assert game.current == player and game.phase == dd.PHASE_ROLL


def test_solo_kniffel_gives_two_chips_and_another_turn():
    game = DiceDuel(1, seed=8)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside[LARGE_STRAIGHT] == 1
    game.set_dice(KNIFFEL)
    game.stop()
    assert game.take(dd.CHOICE_ASIDE + LARGE_STRAIGHT) == dd.OK
    assert game.phase == dd.PHASE_CHOOSE and game.picks_left == 1
    assert game.take(SMALL_STRAIGHT) == dd.OK
    assert game.chip_points(0) == 70
    assert game.phase == dd.PHASE_ROLL and game.extra_turn() and game.aside_count() == 0


def test_solo_extra_turn_after_a_kniffel_without_a_chip_sets_the_highest_chip_aside():
    # [seed] solo: every turn without a chip sets the highest chip aside, the Kniffel's extra turn too
    game = DiceDuel(1, seed=8)
    game.set_dice(KNIFFEL)
    game.stop()
    assert game.take(TWO_PAIRS) == dd.OK and game.take(FLUSH) == dd.OK
    assert game.extra_turn() and game.aside_count() == 0
    forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.aside[LARGE_STRAIGHT] == 1 and game.last_aside == LARGE_STRAIGHT
    assert game.tray[LARGE_STRAIGHT] == 3 and not game.extra_turn()


def test_duel_extra_turn_without_a_chip_keeps_the_round_its_kniffel_chip():
    # with seats, the Kniffel's chip was taken in the round: the round sets nothing aside
    game = DiceDuel(2, seed=8)
    player = game.current
    forced_turn(game, KNIFFEL, TWO_PAIRS)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)  # the extra turn
    assert game.current != player
    forced_turn(game, NOTHING, dd.CHOICE_NONE)  # the round's other seat: the round ends
    assert game.aside_count() == 0


def test_game_ends_when_the_last_chip_is_taken_with_the_last_chip_bonus():
    game = DiceDuel(2, seed=12)
    taker = -1
    for kind in range(KIND_COUNT):
        for _ in range(4):
            taker = game.current
            forced_turn(game, DICE_FOR[kind], kind)
    assert game.is_over() and game.tray_count() == 0
    assert game.last_taker == taker
    assert game.last_chip_bonus(taker) == 20 and game.last_chip_bonus(1 - taker) == 0
    assert game.roll() == dd.ERR_PHASE and game.take(dd.CHOICE_NONE) == dd.ERR_PHASE


def test_game_ended_by_a_set_aside_gives_no_last_chip_bonus():
    game = DiceDuel(1, seed=12)
    for kind in range(KIND_COUNT - 1):
        for _ in range(4):
            forced_turn(game, DICE_FOR[kind], kind)
    for _ in range(4):
        forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.is_over() and game.aside[LARGE_STRAIGHT] == 4
    assert game.last_taker == dd.NOBODY and game.last_chip_bonus(0) == 0
    # six kinds complete: six full stacks and silver, no gold
    assert game.score(0) == 4 * (5 + 10 + 20 + 25 + 30 + 40) + 6 * 30 + 20


def test_perfect_solo_game_scores_exactly_1000():
    game = DiceDuel(1, seed=2026)
    for kind in (LARGE_STRAIGHT, TWO_PAIRS, FLUSH, FOUR_OF_A_KIND, THREE_OF_A_KIND, FULL_HOUSE, SMALL_STRAIGHT):
        for _ in range(4):
            forced_turn(game, DICE_FOR[kind], kind)
    assert game.is_over()
    assert game.chip_points(0) == 720
    assert game.stack_bonus(0) == 210
    assert game.kinds_bonus(0) == 50
    assert game.last_chip_bonus(0) == 20
    assert game.score(0) == 1000


def _holding(kinds_with_counts):
    game = DiceDuel(1, seed=1)
    for kind, count in kinds_with_counts:
        for _ in range(count):
            forced_turn(game, DICE_FOR[kind], kind)
    return game


def test_silver_for_exactly_six_kinds_gold_for_seven_never_both():
    five = _holding([(k, 1) for k in range(5)])
    assert five.kinds_bonus(0) == 0
    six = _holding([(k, 1) for k in range(6)])
    assert six.kinds_bonus(0) == 20
    assert six.score(0) == 5 + 10 + 20 + 25 + 30 + 40 + 20
    seven = _holding([(k, 1) for k in range(7)])
    assert seven.kinds_bonus(0) == 50
    assert seven.score(0) == 180 + 50


def test_full_stack_bonus_for_each_complete_kind():
    game = _holding([(TWO_PAIRS, 4), (THREE_OF_A_KIND, 3), (FLUSH, 4)])
    assert game.full_stacks(0) == 2
    assert game.score(0) == 20 + 30 + 100 + 60


def test_equal_points_share_the_win():
    game = DiceDuel(2, seed=21)
    for kind in range(KIND_COUNT):
        rounds = 1 if kind == LARGE_STRAIGHT else 2
        for _ in range(rounds):
            forced_turn(game, DICE_FOR[kind], kind)
            forced_turn(game, DICE_FOR[kind], kind)
    assert game.tray_count() == 2
    for _ in range(4):
        forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.is_over()
    assert game.score(0) == game.score(1) == 2 * (5 + 10 + 20 + 25 + 30 + 40) + 50 + 50
    assert game.winners() == 0b11


def test_most_points_wins_alone():
    game = DiceDuel(2, seed=21)
    leader = game.current
    forced_turn(game, DICE_FOR[FLUSH], FLUSH)
    forced_turn(game, DICE_FOR[TWO_PAIRS], TWO_PAIRS)
    assert game.winners() == 1 << leader


def test_state_bytes_round_trip_and_continue_identically():
    game = DiceDuel(3, seed=77, cpu_mask=0b110)
    chooser = Rng(5)
    for _ in range(60):
        if game.phase == dd.PHASE_ROLL:
            game.roll()
        else:
            legal = game.choices()
            game.take(_lowest_bit(legal) if legal else dd.CHOICE_NONE)
    saved = game.to_bytes()
    assert len(saved) == dd.STATE_BYTES
    copy = dd.from_bytes(saved)
    assert copy.to_bytes() == saved
    assert copy.cpu_mask == 0b110 and copy.players == 3
    play_random_game(game, Rng(chooser.next30()))
    play_random_game(copy, Rng(Rng(5).next30()))
    assert game.to_bytes() == copy.to_bytes()


def test_bad_state_bytes_raise_value_error_and_change_nothing():
    game = DiceDuel(2, seed=4)
    game.roll()
    good = game.to_bytes()
    other = DiceDuel(1, seed=9)
    before = other.to_bytes()
    bad = bytearray(good)
    bad[0] = 99
    broken = [bytes(bad), good[:-1], b""]
    bad = bytearray(good)
    bad[13] += 1  # one chip too many in the tray
    broken.append(bytes(bad))
    bad = bytearray(good)
    bad[1] = 7
    broken.append(bytes(bad))
    for data in broken:
        try:
            other.load_from(data)
        except ValueError:
            pass
        else:
            assert False, "accepted bad bytes"
        assert other.to_bytes() == before


def test_corrupted_bytes_either_load_or_raise_value_error():
    game = DiceDuel(4, seed=31)
    game.roll()
    good = game.to_bytes()
    loaded = DiceDuel(1, seed=1)
    bad = bytearray(good)
    noise = Rng(99)
    rejected = 0
    for _ in range(200):
        position = noise.below(len(bad))
        bad[position] = noise.below(256)
        try:
            loaded.load_from(bad)
        except ValueError:
            rejected += 1
        else:
            assert loaded.tray_count() + loaded.aside_count() <= 28
        bad[position] = good[position]
    assert rejected > 20


def test_takeable_shows_the_chips_before_stopping():
    game = DiceDuel(1, seed=14)
    assert game.takeable() == 0
    game.set_dice(DICE_FOR[FULL_HOUSE])
    assert game.phase == dd.PHASE_ROLL
    assert game.takeable() == (1 << TWO_PAIRS) | (1 << THREE_OF_A_KIND) | (1 << FULL_HOUSE)
    game.stop()
    assert game.choices() == game.takeable()
