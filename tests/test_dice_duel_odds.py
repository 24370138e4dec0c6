"""Dice Duel's odds (engine.dice_duel_cpu.DiceDuelCpu.chances and the odds screen): checked against an independent
brute force over every roll (exact fractions), computed with the heap locked under MicroPython, one button away."""
import itertools
from array import array
from fractions import Fraction
from functools import lru_cache

import pytest

from engine import dice_duel as dd
from engine.dice_duel_combos import BIT_KNIFFEL, KIND_COUNT, combos
from engine.dice_duel_cpu import KNIFFEL_ROW, ODDS_SCALE, DiceDuelCpu
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


def test_the_kniffel_odds_match_a_brute_force():
    cpu = DiceDuelCpu()
    out = array("H", [0] * (KNIFFEL_ROW + 1))
    cpu.chances(dd.DiceDuel(1, seed=1), out)  # three rolls, nothing kept
    exact = kniffel_chance((), 3)
    assert abs(Fraction(out[KNIFFEL_ROW], ODDS_SCALE) - exact) <= TOLERANCE
    assert round(float(exact) * 100, 2) == 4.60
    game = dd.DiceDuel(1, seed=3)
    game.set_dice(b"\x04\x04\x04\x02\x06")
    game.set_keep(0b00111)  # three fours kept, two rolls left
    cpu.chances(game, out)
    assert abs(Fraction(out[KNIFFEL_ROW], ODDS_SCALE) - kniffel_chance((4, 4, 4), 2)) <= TOLERANCE


@lru_cache(maxsize=None)
def kniffel_chance(kept, rolls):
    """Exact chance of five equal dice from the sorted tuple `kept`, rolling the rest `rolls` times, re-keeping the
    best sub-multiset after each roll but the last."""
    total = Fraction(0)
    count = 0
    for faces in itertools.product(range(1, 7), repeat=5 - len(kept)):
        dice = tuple(sorted(kept + faces))
        count += 1
        best = Fraction(int(len(set(dice)) == 1))
        if rolls > 1 and not best:
            for size in range(5):
                for keep in set(itertools.combinations(dice, size)):
                    best = max(best, kniffel_chance(keep, rolls - 1))
        total += best
    return total / count


def test_the_odds_allocate_nothing_under_micropython():
    out = mpy_run.check(ODDS_UNDER_HEAP_LOCK)
    assert out.split()[0] == "odds" and 0 < int(out.split()[1]) <= 60000


def test_up_while_rolling_opens_the_odds_and_any_button_closes_them(tmp_path):
    from pips.dice_duel.odds import OddsScene, ROWS, WORKING, line_at, percent
    from tests.simkit import press_seen, start_solo_dice_duel
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)  # roll
    press_seen(sim.app, actions.A)  # keep the first die
    press_seen(sim.app, actions.UP)
    odds = sim.app.top()
    assert isinstance(odds, OddsScene)
    shown = [item.text for item in odds.group if hasattr(item, "text")]
    assert shown[0] == "Working out the odds" and shown[1:5] == ["Kniffel", WORKING, "Large straight", WORKING]
    expected = scene.cpu.chances(scene.game, array("H", [0] * ROWS))  # all at once (the same tables)
    odds.cpu.begin_odds(scene.game, odds.chances)  # the screen's own work starts again after that
    frames = 0
    while odds.working:
        odds.tick(frames * 33)
        frames += 1
        figures = [item.text for item in odds.group if hasattr(item, "text")][2:2 + 2 * ROWS:2]
        for row in range(ROWS):  # a figure shows once final, and then it is the exact one
            assert figures[row] in (WORKING, "gone", percent(expected[line_at(row)]))
    # worked in slices over several frames (2 rolls left: 10 slices a line, 4 a frame), not in one
    assert frames == -(-ROWS * 10 // 4)
    shown = [item.text for item in odds.group if hasattr(item, "text")]
    assert shown[0] == "1 kept, 2 rolls left"
    assert shown[1:5] == ["Kniffel", percent(expected[KNIFFEL_ROW]), "Large straight", percent(expected[6])]
    assert shown[2:2 + 2 * ROWS:2] == [percent(expected[line_at(row)]) for row in range(ROWS)]
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


def test_with_every_die_kept_the_odds_say_b_will_not_roll(tmp_path):
    from pips.dice_duel.odds import NO_ROLL, OddsScene, ROWS
    from tests.simkit import press_seen, start_solo_dice_duel
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)
    for _ in range(dd.DICE):
        press_seen(sim.app, actions.A)
        press_seen(sim.app, actions.RIGHT)
    assert scene.game.keep == dd.ALL_DICE and scene.game.roll() == dd.ERR_ALL_KEPT  # B refuses this roll
    press_seen(sim.app, actions.UP)
    odds = sim.app.top()
    assert isinstance(odds, OddsScene) and not odds.working
    shown = [item.text for item in odds.group if hasattr(item, "text")]
    assert shown[0] == "All 5 kept: B won't roll" and shown[2:2 + 2 * ROWS:2] == [NO_ROLL] * ROWS
    assert "%" not in " ".join(shown)


@pytest.mark.parametrize("chance, text", [(0, "0%"), (1, "<1%"), (ODDS_SCALE - 1, ">99%"), (ODDS_SCALE, "100%"),
                                          (ODDS_SCALE // 4, "25%")])
def test_percent_never_rounds_a_possible_chance_to_0_or_a_doubtful_one_to_100(chance, text):
    from pips.dice_duel.odds import percent
    assert percent(chance) == text


def test_the_odds_open_a_frame_after_up_and_not_over_another_screen(tmp_path):
    from pips.dice_duel.odds import OddsScene
    from pips.platform import KEY_UP
    from tests.simkit import start_solo_dice_duel
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)  # roll
    for _ in range(60):
        sim.frame()  # the dice stop tumbling
    sim.platform.keys.record(KEY_UP, True)
    sim.frame()
    assert sim.app.top() is scene and sim.app.screen_due()  # the press's frame: the busy mark (~3 ms on a badge)
    sim.frame()
    assert isinstance(sim.app.top(), OddsScene)  # built and drawn in the next
    sim.app.dispatch(actions.B)
    assert sim.app.top() is scene
    sim.platform.keys.record(KEY_UP, False)
    sim.platform.keys.record(KEY_UP, True)
    sim.frame()
    sim.app.pause(scene)  # another screen on top before the next frame
    sim.frame()
    assert type(sim.app.top()).__name__ == "PauseScene"
    assert not any(isinstance(s, OddsScene) for s in sim.app.stack)
