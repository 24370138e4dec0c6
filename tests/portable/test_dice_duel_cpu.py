"""Dice Duel CPU: legal keep masks, stopping on the best result, keeping the right dice, chip choice and weights."""
from engine import dice_duel as dd
from engine.dice_duel import DiceDuel
from engine.dice_duel_cpu import DiceDuelCpu, STOP
from engine.dice_duel_combos import (TWO_PAIRS, THREE_OF_A_KIND, SMALL_STRAIGHT, FLUSH, FULL_HOUSE,
                                     FOUR_OF_A_KIND, LARGE_STRAIGHT, KIND_COUNT)
from tests.portable.test_dice_duel import forced_turn, DICE_FOR, NOTHING

CPU = DiceDuelCpu()


def _empty_tray_except(game, keep_kind):
    """Give every chip but `keep_kind`'s to player 0 of a solo game by forced turns (keeps the rules honest)."""
    for kind in range(KIND_COUNT):
        if kind != keep_kind:
            for _ in range(4):
                forced_turn(game, DICE_FOR[kind], kind)


def test_first_roll_rolls_everything_and_no_decision_outside_rolling():
    game = DiceDuel(1, seed=1)
    assert CPU.choose_keep(game) == 0
    game.set_dice(NOTHING)
    game.stop()
    assert CPU.choose_keep(game) == STOP
    assert CPU.choose_chip(game) == dd.CHOICE_NONE


def test_stops_on_a_large_straight():
    game = DiceDuel(1, seed=1)
    game.set_dice(b"\x02\x03\x04\x05\x06")
    assert CPU.choose_keep(game) == STOP


def test_keeps_the_four_running_dice_for_the_only_chips_left():
    game = DiceDuel(1, seed=1)
    _empty_tray_except(game, LARGE_STRAIGHT)
    game.set_dice(b"\x01\x02\x03\x04\x06")
    game.set_dice(b"\x01\x02\x03\x04\x06")
    assert game.rolls_left == 1
    assert CPU.choose_keep(game) == 0b01111


def test_rerolls_everything_when_no_die_helps():
    game = DiceDuel(1, seed=1)
    _empty_tray_except(game, FLUSH)
    # Every flush chip is left; the dice are two odd and three even: keep the three even dice.
    game.set_dice(b"\x02\x01\x04\x03\x06")
    assert CPU.choose_keep(game) == 0b10101


def test_keep_masks_are_always_legal_through_whole_games():
    for players in (1, 2, 4):
        game = DiceDuel(players, seed=players + 40)
        steps = 0
        while not game.is_over():
            if game.phase == dd.PHASE_ROLL:
                keep = CPU.choose_keep(game)
                if keep == STOP:
                    assert game.stop() == dd.OK
                else:
                    assert 0 <= keep < 31
                    if game.rolls_left < 3:
                        assert game.set_keep(keep) == dd.OK
                    assert game.roll() == dd.OK
            else:
                choice = CPU.choose_chip(game)
                legal = game.choices()
                assert choice == dd.CHOICE_NONE if not legal else legal >> choice & 1
                assert game.take(choice) == dd.OK
            steps += 1
            assert steps < 3000


def test_claims_the_best_fitting_chip():
    game = DiceDuel(2, seed=3)
    game.set_dice(DICE_FOR[FULL_HOUSE])
    game.stop()
    assert CPU.choose_chip(game) == FULL_HOUSE


def test_kniffel_takes_the_best_chip_anywhere():
    game = DiceDuel(1, seed=3)
    for _ in range(3):
        forced_turn(game, DICE_FOR[LARGE_STRAIGHT], LARGE_STRAIGHT)
    forced_turn(game, NOTHING, dd.CHOICE_NONE)  # the last large straight goes aside
    game.set_dice(b"\x02\x02\x02\x02\x02")
    game.stop()
    # the set-aside large straight completes a stack: 50 + 30
    assert CPU.choose_chip(game) == dd.CHOICE_ASIDE + LARGE_STRAIGHT


def test_worth_counts_a_completed_stack_and_gold_or_silver():
    game = DiceDuel(1, seed=3)
    for _ in range(3):
        forced_turn(game, DICE_FOR[TWO_PAIRS], TWO_PAIRS)
    assert CPU.chip_worth(game, TWO_PAIRS, False) == 5 + 30
    for kind in (THREE_OF_A_KIND, SMALL_STRAIGHT, FLUSH, FULL_HOUSE):
        forced_turn(game, DICE_FOR[kind], kind)
    # five kinds held: a sixth is worth its silver
    assert CPU.chip_worth(game, FOUR_OF_A_KIND, False) == 40 + 20
    forced_turn(game, DICE_FOR[FOUR_OF_A_KIND], FOUR_OF_A_KIND)
    assert CPU.chip_worth(game, LARGE_STRAIGHT, False) == 50 + 30


def test_late_in_the_game_a_chip_a_rival_needs_is_worth_more():
    game = DiceDuel(2, seed=5)
    rival = 1 - game.current
    # both take flushes in turn until the rival has three
    for _ in range(2):
        forced_turn(game, DICE_FOR[TWO_PAIRS], TWO_PAIRS)
        forced_turn(game, DICE_FOR[FLUSH], FLUSH)
    forced_turn(game, DICE_FOR[TWO_PAIRS], TWO_PAIRS)
    forced_turn(game, DICE_FOR[FLUSH], FLUSH)
    assert game.held_count(rival, FLUSH) == 3
    early = CPU.chip_worth(game, FLUSH, False)
    plain = CPU.chip_worth(game, SMALL_STRAIGHT, False)
    # drain the tray by turns without chips (each round sets aside the highest chip)
    while game.tray_count() > 10:
        forced_turn(game, NOTHING, dd.CHOICE_NONE)
    assert game.tray[FLUSH] == 1
    assert CPU.chip_worth(game, FLUSH, False) > early
    assert CPU.chip_worth(game, SMALL_STRAIGHT, False) == plain
