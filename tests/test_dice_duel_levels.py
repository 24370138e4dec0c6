"""Dice Duel's CPU levels: three different policies, in order of strength, and levels out of range refused.

The full measurement (2,000 games a pair) is docs/dice_duel_levels.md; here a small fixed sample whose margins are
far from the goals (at 200 games a pair the 95 % interval is about ±5 points)."""
import pytest

from engine import dice_duel as dd
from engine.dice_duel_cpu import DiceDuelCpu, STOP, THINKING, apply_keep
from engine.dice_duel_rules import LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, LEVELS, NORMAL_STOP
from bench.bench_dice_duel import level_deal, level_solo

SAMPLE_DEALS = 100  # 200 games a pair, seats swapped


def _win_share(first, second):
    results = [level_deal((seed, first, second))[0] / 2 for seed in range(SAMPLE_DEALS)]
    return sum(results) / len(results)


def test_normal_beats_easy():
    assert _win_share(LEVEL_NORMAL, LEVEL_EASY) > 0.6  # measured 84.8 % over 1,000 games


def test_hard_beats_easy():
    assert _win_share(LEVEL_HARD, LEVEL_EASY) > 0.6  # measured 89.8 % over 1,000 games


def test_hard_not_below_normal():
    # Hard over Normal is the narrow pair (about 60 %): a sample of 200 can only rule out an inversion
    assert _win_share(LEVEL_HARD, LEVEL_NORMAL) > 0.5


def test_solo_means_ordered():
    games = 60
    means = [sum(level_solo((seed, level)) for seed in range(games)) / games for level in range(LEVELS)]
    assert means[LEVEL_EASY] + 100 < means[LEVEL_NORMAL]  # ~633 against ~803 over 1,000 games


def _keep(level, values):
    game = dd.DiceDuel(2, seed=1, cpu_mask=3, levels=(level, level))
    assert game.set_dice(values) == dd.OK
    return DiceDuelCpu().choose_keep(game)


def test_each_level_its_own_keep():
    # 1 1 2 3 5 with two rolls left: Easy keeps its pair of ones, Normal the odd dice (a flush in one roll),
    # Hard 2 3 5 (the straights over two rolls)
    values = (1, 1, 2, 3, 5)
    assert _keep(LEVEL_EASY, values) == 0b00011
    assert _keep(LEVEL_NORMAL, values) == 0b11011
    assert _keep(LEVEL_HARD, values) == 0b11100


def test_easy_stops_on_any_chip_normal_only_on_a_good_one():
    two_pairs = (2, 2, 4, 4, 1)  # two pairs (5 points) and nothing better
    assert _keep(LEVEL_EASY, two_pairs) == STOP
    assert _keep(LEVEL_NORMAL, two_pairs) != STOP
    straight = (1, 2, 3, 4, 6)  # a small straight: 20 points
    assert _keep(LEVEL_NORMAL, straight) == STOP and NORMAL_STOP <= 20


def test_easy_answers_at_once_normal_and_hard_think_in_slices():
    cpu = DiceDuelCpu()
    slices = []
    for level in range(LEVELS):
        game = dd.DiceDuel(1, seed=3, cpu_mask=1, levels=(level,))
        game.set_dice((1, 1, 2, 3, 5))
        answer = cpu.begin_keep(game)
        count = 0
        while answer == THINKING:
            answer = cpu.think(game)
            count += 1
        slices.append(count)
    assert slices[LEVEL_EASY] == 0
    assert 0 < slices[LEVEL_NORMAL] < slices[LEVEL_HARD]


def test_choose_chip_by_level():
    # Hard weighs the bonuses (a kind it has not yet, the full stack); Easy and Normal take the most points
    game = dd.DiceDuel(2, seed=5, cpu_mask=3, levels=(LEVEL_EASY, LEVEL_EASY))
    game.set_dice((3, 3, 3, 5, 5))  # full house (30), three of a kind (10), two pairs (5)
    game.stop()
    cpu = DiceDuelCpu()
    assert cpu.choose_chip(game) == game.best_choice()
    game.set_levels((LEVEL_NORMAL, LEVEL_NORMAL))
    assert cpu.choose_chip(game) == game.best_choice()


def test_default_levels_are_hard():
    assert list(dd.DiceDuel(3, seed=1, cpu_mask=6).levels) == [LEVEL_HARD] * dd.MAX_PLAYERS
    assert list(dd.DiceDuel(2, seed=1, cpu_mask=2, levels=(LEVEL_EASY,)).levels) == [LEVEL_EASY] + [LEVEL_HARD] * 3


@pytest.mark.parametrize("levels", [(LEVELS,), (0, 0, 0, 0, 0), (-1,), (0, 255)])
def test_levels_out_of_range_refused(levels):
    with pytest.raises(ValueError):
        dd.DiceDuel(2, seed=1, cpu_mask=2, levels=levels)
    game = dd.DiceDuel(2, seed=1, cpu_mask=2, levels=(LEVEL_NORMAL, LEVEL_EASY))
    with pytest.raises(ValueError):
        game.set_levels(levels)
    assert list(game.levels[:2]) == [LEVEL_NORMAL, LEVEL_EASY]  # unchanged


def test_mixed_levels_play_to_the_end():
    cpu = DiceDuelCpu()
    game = dd.DiceDuel(4, seed=11, cpu_mask=15, levels=(LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, LEVEL_NORMAL))
    turns = 0
    while not game.is_over():
        if game.phase == dd.PHASE_ROLL:
            apply_keep(game, cpu.choose_keep(game))
        else:
            game.take(cpu.choose_chip(game))
        turns += 1
        assert turns < 10000
