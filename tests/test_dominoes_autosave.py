"""Dominoes' match in progress kept against a power cut (App.keep_round, as tests/test_autosave.py checks for
Dymino): every AUTOSAVE_MOVES moves (the person's and the CPU's), when the pause menu opens and when the screen
dims; a cut then resumes the match at the last keep. A resumed match's copy stays until the match ends; its end
forgets it. Played in the simulator over its save file, a "power cut" being a new app over the same file."""
from engine import dominoes as dm
from engine.dominoes_cpu import DominoesCpu
from engine.dominoes import NORMAL
from pips import actions
from pips.app import AUTOSAVE_MOVES
from pips.dominoes import saved
from pips.dominoes.scene import DominoesScene
from pips.dominoes.scene import MODE_PERSON
from pips.scenes.pause import PauseScene
from pips.scenes.results import ResultsScene
from tests.simkit import make_sim, start_dominoes
from tests.test_dominoes_scene import steer

POLICY = DominoesCpu(NORMAL, 4)


def _start(tmp_path, seed=5):
    sim = make_sim(tmp_path, seed=seed)
    start_dominoes(sim.app)
    return sim


def _signature(game):
    return (game.table.count, game.draw_pos, game.turn, game.round_no, game.last_kind, game.last_player)


def _move(sim):
    """One move (the person's with the buttons, or the CPU's, waited for); results screens are closed on the way."""
    scene = sim.app.top()
    for _ in range(400):
        top = sim.app.top()
        if isinstance(top, ResultsScene):
            sim.app.dispatch(actions.A)
            sim.frame()
            continue
        scene = top
        if scene.mode == MODE_PERSON:
            break
        before = _signature(scene.game)
        for _ in range(200):
            sim.clock.advance(50)
            sim.frame()
            if _signature(scene.game) != before or isinstance(sim.app.top(), ResultsScene):
                return
    game = scene.game
    move = POLICY.choose(game)
    if move == 255:
        sim.app.dispatch(actions.A)
    else:
        steer(sim, scene, move)
    sim.frame()


def _after_cut(tmp_path):
    """The next power-on over the same save file: the game chosen again from the menu."""
    again = make_sim(tmp_path, seed=77)
    start_dominoes(again.app)
    return again.app.top()


def _kept(tmp_path):
    """The match the save file holds (read by a new app, as the next power-on would), or None."""
    kept = saved.load_game(make_sim(tmp_path, seed=78).app.store)
    return None if kept is None else kept[0].save()


def _writes(sim):
    return sim.platform.storage.writes


def test_every_autosave_moves_moves_the_match_is_kept_and_a_cut_resumes_it(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    written = _writes(sim)
    moves = 0
    while _writes(sim) == written:
        _move(sim)
        moves += 1
        assert moves <= AUTOSAVE_MOVES + 1
        sim.frame()  # the keep comes at the start of the frame after the move
    assert moves >= AUTOSAVE_MOVES - 1  # (a round's results may count a CPU move the person did not wait for)
    kept = scene.game.save()
    resumed = _after_cut(tmp_path)
    assert isinstance(resumed, DominoesScene) and resumed.game.save() == kept and resumed.strip.note == "Match resumed"


def test_opening_the_pause_menu_keeps_the_match_once(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    _move(sim)
    kept = scene.game.save()
    before = _writes(sim)
    sim.app.dispatch(actions.START)
    assert isinstance(sim.app.top(), PauseScene)
    assert _writes(sim) > before and _kept(tmp_path) == kept
    written = _writes(sim)
    sim.app.dispatch(actions.B)  # resume, and pause again without a move: nothing new to write
    sim.app.dispatch(actions.START)
    sim.frame()
    assert _writes(sim) == written


def test_the_screen_dimming_keeps_the_match(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    while scene.mode != MODE_PERSON:
        _move(sim)
    kept = scene.game.save()
    before = _writes(sim)
    sim.clock.advance(sim.app.settings.dim_ms())
    sim.frame()
    assert sim.app.dimmed and _writes(sim) > before and _kept(tmp_path) == kept


def test_a_resumed_matchs_copy_stays_and_the_end_of_the_match_forgets_it(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    sim.app.dispatch(actions.START)
    sim.frame()
    kept = scene.game.save()
    assert _after_cut(tmp_path).game.save() == kept
    resumed = _after_cut(tmp_path)  # cut again before a move: still there
    assert resumed.game.save() == kept
    sim = make_sim(tmp_path, seed=79)
    start_dominoes(sim.app)
    scene = sim.app.top()
    scene.game.target = 50  # (a shorter match; the saved one is to 100)
    for _ in range(3000):
        if scene.game.phase == dm.MATCH_OVER:
            break
        _move(sim)
    assert scene.game.phase == dm.MATCH_OVER
    sim.frame()
    assert _kept(tmp_path) is None  # the next power-on starts a new match
    assert scene.keep_round() is False  # nothing to keep once the match is over
