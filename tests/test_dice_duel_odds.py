"""Dice Duel's odds (engine.dice_duel_cpu.DiceDuelCpu.chances and the odds screen): checked against an independent
brute force over every roll (exact fractions), computed with the heap locked under MicroPython, one button away."""
import itertools
from array import array
from fractions import Fraction
from functools import lru_cache

import pytest

from engine import dice_duel as dd
from engine.dice_duel_combos import BIT_KNIFFEL, KIND_COUNT, combos
from engine.dice_duel_cpu import ODDS_SCALE, DiceDuelCpu
from engine.rng import Rng
from pips import actions
from tools import mpy_run

TOLERANCE = Fraction(3, 1000)  # the tables' integer means round down a little at each level


def makes(dice, kind):
    return bool(combos(bytes(dice)) & ((1 << kind) | BIT_KNIFFEL))


@lru_cache(maxsize=None)
def chance(kept, rolls, kind):
    """Exact chance of making `kind` from the sorted tuple `kept`, rolling the rest `rolls` times, re-keeping the
    best sub-multiset after each roll but the last."""
    if rolls == 0:
        return Fraction(int(makes(kept, kind)))
    total = Fraction(0)
    count = 0
    for faces in itertools.product(range(1, 7), repeat=5 - len(kept)):
        dice = tuple(sorted(kept + faces))
        count += 1
        if rolls == 1:
            total += int(makes(dice, kind))
        else:
            best = Fraction(int(makes(dice, kind)))
            for size in range(5):
                for keep in set(itertools.combinations(dice, size)):
                    best = max(best, chance(keep, rolls - 1, kind))
            total += best
    return total / count


def test_chances_match_a_brute_force_for_kept_dice_and_rolls_left():
    cpu = DiceDuelCpu()
    out = array("H", [0] * KIND_COUNT)
    rng = Rng(17)
    checked = 0
    for seed in range(1, 7):
        game = dd.DiceDuel(1, seed=seed)
        game.roll()  # two rolls left
        for rolls_left in (2, 1, 0):
            keep = rng.next15() % 31
            if rolls_left:
                game.set_keep(keep)
            cpu.chances(game, out)
            kept = tuple(sorted(game.dice[d] for d in range(5) if (keep if rolls_left else 31) >> d & 1))
            for kind in range(KIND_COUNT):
                exact = chance(kept, rolls_left, kind)
                assert abs(Fraction(out[kind], ODDS_SCALE) - exact) <= TOLERANCE, (kind, kept, rolls_left)
                checked += 1
            if rolls_left:
                game.roll()
    assert checked == 6 * 3 * KIND_COUNT


def test_before_the_first_roll_the_chances_are_the_three_roll_ones():
    cpu = DiceDuelCpu()
    out = cpu.chances(dd.DiceDuel(1, seed=1), array("H", [0] * KIND_COUNT))
    # Known three-roll figures for the optimal chaser of one combination (Yahtzee tables): a small straight
    # 61.5 %, a full house (with five of a kind) 36.6 %, five of a kind alone 4.6 % (so four of a kind > 4.6 %).
    assert abs(out[2] / ODDS_SCALE - 0.615) < 0.01
    assert abs(out[4] / ODDS_SCALE - 0.366) < 0.01
    assert out[0] > out[1] > out[5] > ODDS_SCALE * 46 // 1000


ODDS_UNDER_HEAP_LOCK = """
import micropython
from array import array
from engine import dice_duel as dd
from engine import dice_duel_tables
from engine.dice_duel_cpu import DiceDuelCpu

cpu = DiceDuelCpu()
dice_duel_tables.build()  # the tables' build slices are tested apart (test_dice_duel_tables)
out = array("H", bytes(14))
game = dd.DiceDuel(1, seed=9)
micropython.heap_lock()
cpu.chances(game, out)
game.roll()
game.set_keep(5)
cpu.chances(game, out)
micropython.heap_unlock()
print("odds", out[0], out[6])
"""


def test_the_odds_allocate_nothing_under_micropython():
    out = mpy_run.check(ODDS_UNDER_HEAP_LOCK)
    assert out.split()[0] == "odds" and 0 < int(out.split()[1]) <= 60000


def test_up_while_rolling_opens_the_odds_and_any_button_closes_them(tmp_path):
    from pips.dice_duel.odds import OddsScene, WORKING, percent
    from tests.simkit import press_seen, start_solo_dice_duel
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)  # roll
    press_seen(sim.app, actions.A)  # keep the first die
    press_seen(sim.app, actions.UP)
    odds = sim.app.top()
    assert isinstance(odds, OddsScene)
    shown = [item.text for item in odds.group if hasattr(item, "text")]
    assert shown[0] == "Working out the odds" and shown[1:3] == ["Large straight", WORKING]
    expected = scene.cpu.chances(scene.game, array("H", [0] * KIND_COUNT))  # all at once (the same tables)
    odds.cpu.begin_odds(scene.game, odds.chances)  # the screen's own work starts again after that
    frames = 0
    while odds.working:
        odds.tick(frames * 33)
        frames += 1
        rows = [item.text for item in odds.group if hasattr(item, "text")]
        for kind in range(KIND_COUNT):  # a figure shows once final, and then it is the exact one
            figure = rows[2 + 2 * (KIND_COUNT - 1 - kind)]
            assert figure in (WORKING, "gone", percent(expected[kind]))
    # worked in slices over several frames (2 rolls left: 10 slices a kind, 4 a frame), not in one
    assert frames == -(-KIND_COUNT * 10 // 4)
    shown = [item.text for item in odds.group if hasattr(item, "text")]
    assert shown[0] == "1 kept, 2 rolls left"
    assert shown[1:3] == ["Large straight", percent(expected[6])]
    assert [shown[2 + 2 * (KIND_COUNT - 1 - kind)] for kind in range(KIND_COUNT)] == [
        percent(expected[kind]) for kind in range(KIND_COUNT)]
    sim.app.dispatch(actions.LEFT)
    assert sim.app.top() is scene


def test_start_on_the_odds_screen_while_they_are_worked_out_pauses_the_game(tmp_path):
    from pips.dice_duel.odds import OddsScene
    from pips.scenes.pause import PauseScene
    from tests.simkit import press_seen, start_solo_dice_duel
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)
    press_seen(sim.app, actions.UP)
    odds = sim.app.top()
    assert isinstance(odds, OddsScene)
    odds.tick(0)
    assert odds.working
    sim.app.dispatch(actions.START)
    assert type(sim.app.top()).__name__ == PauseScene.__name__ and sim.app.stack[-2] is scene


@pytest.mark.parametrize("chance, text", [(0, "0%"), (1, "<1%"), (ODDS_SCALE - 1, ">99%"), (ODDS_SCALE, "100%"),
                                          (ODDS_SCALE // 4, "25%")])
def test_percent_never_rounds_a_possible_chance_to_0_or_a_doubtful_one_to_100(chance, text):
    from pips.dice_duel.odds import percent
    assert percent(chance) == text
