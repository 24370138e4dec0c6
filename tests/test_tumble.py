"""Roll animations (pips.ui.tumble) in Dymino and Würfelglanz: a new roll or piece tumbles for well under half a
second, writing only its own dice's tiles (at most two a frame), and ends on the engine's faces; any button ends it
at once."""
from engine import dymino as dy
from pips import actions
from pips.app import FRAME_MS
from pips.ui.tumble import TUMBLE_MS
from sim.bot import dymino as dbot
from sim.bot import wuerfelglanz as wbot
from engine import wuerfelglanz as w
from tests.simkit import DictStore, make_sim


def watch(sim, tumble):
    """Frames until the tumble ends: (frames, frames in which a die changed); checks the writes per frame."""
    frames = changed = 0
    while tumble.mask:
        before = [grid[0] for grid in tumble.tilegrids]
        writes = tumble.writes
        sim.frame()
        frames += 1
        assert tumble.writes - writes <= 2
        changed += before != [grid[0] for grid in tumble.tilegrids]
        assert frames * FRAME_MS <= TUMBLE_MS + 2 * FRAME_MS
    return frames, changed


def test_dymino_s_next_roll_tumbles_then_shows_the_engine_s_dice(tmp_path):
    assert TUMBLE_MS < 500
    sim = make_sim(tmp_path, store=DictStore(), seed=7)
    sim.app.start("dymino")
    scene = sim.app.top()
    scratch = dy.Dymino(1)
    tumble = scene.view.roll_tumble
    for _ in range(20):  # a move, then (unless a bonus die is due) the next pair is rolled
        dbot.press_action(sim.app, scene, dbot.choose(scene.game, scratch, quick=True))
        scene._finish_animation()  # merges shown at once: the roll comes after them
        if tumble.mask:
            break
    assert tumble.mask and scene.game.phase == dy.PHASE_PAIR
    frames, changed = watch(sim, tumble)
    assert frames >= 5 and changed >= 4
    assert [grid[0] for grid in scene.view.roll] == list(scene.game.roll)


def test_wuerfelglanz_s_new_piece_tumbles_and_a_button_ends_it(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=7)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    wbot.press_move(sim.app, scene, wbot.choose(scene.game, w.Game(1)))
    wbot.settle(sim, scene)
    tumble = scene.view.tray_tumble
    assert tumble.mask
    sim.frame()
    sim.frame()
    sim.app.dispatch(actions.LEFT)
    assert not tumble.mask
    game = scene.game
    assert scene.view.tray[0][0] == game.piece_a
    if game.piece_len == 2:
        assert scene.view.tray[1][0] == game.piece_b
    wbot.press_move(sim.app, scene, wbot.choose(scene.game, w.Game(1)))
    wbot.settle(sim, scene)
    frames, changed = watch(sim, tumble)
    assert frames >= 5 and changed >= 4
    assert scene.view.tray[0][0] == scene.game.piece_a


def test_dymino_s_first_roll_shows_at_rest_with_the_screen(tmp_path):
    # As Würfelglanz's first piece: the screen's first draw shows the engine's dice, no tumble follows it
    sim = make_sim(tmp_path, store=DictStore(), seed=7)
    sim.app.start("dymino")
    scene = sim.app.top()
    tumble = scene.view.roll_tumble
    assert not tumble.mask
    assert [grid[0] for grid in scene.view.roll] == list(scene.game.roll)
    writes = tumble.writes
    for _ in range(12):
        sim.frame()
    assert tumble.writes == writes and not tumble.mask
    scene.new_round()  # "Again" after the results
    assert not tumble.mask
    assert [grid[0] for grid in scene.view.roll] == list(scene.game.roll)
