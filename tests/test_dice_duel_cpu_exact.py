"""The CPU's keep choice against a plain brute force over every dice outcome (CPython only: slow on purpose)."""
import itertools
from functools import lru_cache

from hypothesis import given, settings, strategies as st

from engine import dice_duel as dd
from engine.dice_duel import DiceDuel
from engine.dice_duel_combos import combos, BIT_KNIFFEL
from engine.dice_duel_cpu import DiceDuelCpu, STOP
from engine.rng import Rng
from bench.bench_dice_duel import greedy_turn

SCALE = 32


def brute_force_values(cpu, game):
    """Expected (scaled) worth of each keep mask 0..30 and of stopping, by enumerating the 6^n outcomes."""
    cpu._prepare_worths(game)
    worth = list(cpu.worth)
    kniffel = cpu.kniffel_worth

    def stop_value(dice):
        mask = combos(dice)
        if mask & BIT_KNIFFEL:
            return kniffel
        return max([worth[k] for k in range(7) if mask >> k & 1] or [0])

    @lru_cache(maxsize=None)
    def expected(kept, rolls):
        """kept: sorted tuple of kept dice; rolls: rolls left after this one."""
        n = 5 - len(kept)
        total = 0
        for outcome in itertools.product(range(1, 7), repeat=n):
            total += best(tuple(sorted(kept + outcome)), rolls)
        return total / 6 ** n

    @lru_cache(maxsize=None)
    def best(dice, rolls):
        value = stop_value(dice)
        if rolls:
            for mask in range(31):
                kept = tuple(d for i, d in enumerate(dice) if mask >> i & 1)
                value = max(value, expected(kept, rolls - 1))
        return value

    dice = tuple(game.dice)
    rolls = game.rolls_left - 1
    values = [expected(tuple(sorted(d for i, d in enumerate(dice) if m >> i & 1)), rolls) for m in range(31)]
    return values, stop_value(dice)


def random_position(seed, rolls_left):
    rng = Rng(seed)
    game = DiceDuel(1 + rng.below(3), seed=seed)
    # a few random whole turns first, so the tray and holdings vary
    for _ in range(rng.below(30)):
        if game.is_over():
            break
        game.roll()
        game.stop()
        legal = game.choices()
        options = [c for c in range(16) if legal >> c & 1] or [dd.CHOICE_NONE]
        game.take(options[rng.below(len(options))])
    if game.is_over():
        return None
    game.roll()
    if rolls_left == 1:
        game.roll()
    return game


def check_choice(game):
    cpu = DiceDuelCpu()
    choice = cpu.choose_keep(game)
    values, stop = brute_force_values(cpu, game)
    best = max(max(values), stop)
    chosen = stop if choice == STOP else values[choice]
    # the CPU's fixed-point means round down once per die rolled: allow that much
    assert chosen >= best - 12, (list(game.dice), choice, chosen, best)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_one_roll_left_choice_is_the_exact_best(seed):
    game = random_position(seed, 1)
    if game is not None:
        check_choice(game)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_two_rolls_left_choice_is_the_exact_best(seed):
    game = random_position(seed, 2)
    if game is not None:
        check_choice(game)


def test_cpu_beats_the_greedy_policy_on_the_same_seeds():
    cpu = DiceDuelCpu()
    cpu_total = greedy_total = 0
    for seed in range(12):
        game = DiceDuel(1, seed=seed)
        while not game.is_over():
            cpu.play_turn(game)
        cpu_total += game.score(0)
        game = DiceDuel(1, seed=seed)
        while not game.is_over():
            greedy_turn(game)
        greedy_total += game.score(0)
    assert cpu_total > greedy_total * 1.2
