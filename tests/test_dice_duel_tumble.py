"""Dice Duel's roll animation: the rolled dice tumble for well under half a second, writing only their own tiles,
kept dice stay still, the end (or any button) shows the engine's faces; a press during the tumble only ends it."""
from engine import dice_duel as dd
from pips import actions
from pips.app import FRAME_MS
from pips.ui.tumble import TUMBLE_MS
from tests.simkit import press_seen, start_solo_dice_duel


def shown(scene):
    return [scene.view.dice[i][0] for i in range(dd.DICE)]


def truth(scene):
    return list(scene.game.dice)


def test_rolled_dice_tumble_briefly_and_only_their_tiles_are_written(tmp_path):
    assert TUMBLE_MS < 500
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)  # the first roll: all five tumble
    sim.app.dispatch(actions.A)  # ends this tumble at once, and only that
    assert shown(scene) == truth(scene) and not scene.view.tumble.mask and scene.game.keep == 0
    sim.app.dispatch(actions.A)  # keeps die 0
    assert scene.game.keep == 1
    sim.app.dispatch(actions.B)  # the second roll: dice 1..4 tumble, die 0 is kept
    kept_tile = scene.view.dice[0][0]
    frames = 0
    changed_frames = 0
    while scene.view.tumble.mask:
        before = shown(scene)
        writes = scene.view.tumble.writes
        sim.frame()
        frames += 1
        after = shown(scene)
        assert after[0] == kept_tile
        assert scene.view.tumble.writes - writes <= 4  # per frame: one tile per tumbling die, nothing else
        changed_frames += before != after
        assert frames * FRAME_MS <= TUMBLE_MS + 2 * FRAME_MS
    assert frames >= 5 and changed_frames >= 4
    assert shown(scene) == truth(scene)


def test_any_button_ends_the_tumble_and_does_nothing_else(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)
    sim.frame()
    sim.frame()
    assert scene.view.tumble.mask
    sim.app.dispatch(actions.RIGHT)
    assert not scene.view.tumble.mask and shown(scene) == truth(scene) and scene.die_cursor == 0
    sim.app.dispatch(actions.RIGHT)  # the dice lie still now: the press does its job
    assert scene.die_cursor == 1


def test_a_quick_second_b_does_not_spend_the_roll_nobody_saw(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    game = scene.game
    sim.app.dispatch(actions.B)
    first = truth(scene)
    sim.app.dispatch(actions.B)  # at once, during the tumble: it only shows the first roll
    assert game.rolls_left == dd.ROLLS_PER_TURN - 1 and truth(scene) == first and shown(scene) == first
    press_seen(sim.app, actions.B)  # once seen, B rolls again
    assert game.rolls_left == dd.ROLLS_PER_TURN - 2


def test_a_during_the_tumble_keeps_no_unseen_die(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.dispatch(actions.B)
    sim.frame()
    sim.app.dispatch(actions.A)
    assert scene.game.keep == 0 and not scene.view.tumble.mask


def test_the_kniffel_tip_shows_the_dice_as_they_lie(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    sim.app.tips = True
    game = scene.game
    game.roll = lambda: game.set_dice(b"\x03\x03\x03\x03\x03")  # the roll a Kniffel
    sim.app.dispatch(actions.B)
    assert type(sim.app.top()).__name__ == "TipScene"
    assert shown(scene) == truth(scene) == [3] * dd.DICE and not scene.view.tumble.mask
