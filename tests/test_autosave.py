"""The round in progress kept against a power cut (App.keep_round): every AUTOSAVE_MOVES moves, when the pause
menu opens and when the screen dims; a cut then resumes the round at the last keep. A resumed round's copy stays
until the round ends; the end of a round forgets it; New round replaces it. Played in the simulator over its save
file (nvm's erase-block model), a "power cut" being a new app over the same file."""
from engine import dymino as dy
from pips import actions
from pips.app import AUTOSAVE_MOVES
from pips.dymino.scene import MODE_ANIM, MODE_OVER, DyminoScene
from pips.scenes.pause import PauseScene
from sim.bot import dymino as bot
from tests.simkit import make_sim


def _start(tmp_path, seed=5):
    sim = make_sim(tmp_path, seed=seed)
    sim.app.start("dymino")
    return sim


def _frame(sim, count=1):
    for _ in range(count):
        sim.frame()


def _move(sim):
    """One move by the quick bot with the buttons, played out."""
    scene = sim.app.top()
    bot.press_action(sim.app, scene, bot.choose(scene.game, dy.Dymino(1), quick=True))
    for _ in range(300):
        _frame(sim)
        if scene.mode != MODE_ANIM and (scene.mode == MODE_OVER or not scene.view.settle.count):
            return


def _after_cut(tmp_path):
    """The next power-on over the same save file: the game chosen again from the menu."""
    again = make_sim(tmp_path, seed=77)
    again.app.start("dymino")
    return again.app.top()


def _kept_copy(tmp_path):
    """Whether the save file holds a Dymino round (read by a new app, as the next power-on would)."""
    from pips.dymino import saved
    return saved.load_game(make_sim(tmp_path, seed=78).app.store) is not None


def _writes(sim):
    return sim.platform.storage.writes


def test_every_autosave_moves_moves_the_round_is_kept_and_a_cut_resumes_it(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    for _ in range(AUTOSAVE_MOVES - 1):
        _move(sim)
    before = _writes(sim)
    kept = scene.game.to_bytes()
    _frame(sim, 3)
    assert _writes(sim) == before  # not yet: one move short
    assert not _kept_copy(tmp_path)  # a cut now would lose these moves: the budget's price
    _move(sim)
    kept = scene.game.to_bytes()
    assert _writes(sim) > before  # the keep: in the frames after the move
    resumed = _after_cut(tmp_path)
    assert isinstance(resumed, DyminoScene) and resumed.game.to_bytes() == kept


def test_opening_the_pause_menu_keeps_the_round_once(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    _move(sim)
    kept = scene.game.to_bytes()
    before = _writes(sim)
    sim.app.dispatch(actions.START)
    assert isinstance(sim.app.top(), PauseScene)
    assert _writes(sim) > before and _after_cut(tmp_path).game.to_bytes() == kept
    written = _writes(sim)
    sim.app.dispatch(actions.B)  # resume, and pause again without a move: nothing new to write
    sim.app.dispatch(actions.START)
    _frame(sim, 2)
    assert _writes(sim) == written


def test_the_screen_dimming_keeps_the_round(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    kept = scene.game.to_bytes()
    dim_ms = sim.app.settings.dim_ms()
    assert dim_ms
    before = _writes(sim)
    sim.clock.advance(dim_ms)
    _frame(sim)
    assert sim.app.dimmed and _writes(sim) > before
    assert _after_cut(tmp_path).game.to_bytes() == kept


def test_a_resumed_rounds_copy_stays_until_the_round_ends(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    sim.app.dispatch(actions.START)
    _frame(sim, 2)
    kept = scene.game.to_bytes()
    resumed = _after_cut(tmp_path)
    assert resumed.game.to_bytes() == kept
    again = _after_cut(tmp_path)  # cut again before a move: still there
    assert again.game.to_bytes() == kept


def test_the_end_of_the_round_forgets_the_kept_copy(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    for _ in range(400):
        if scene.game.phase == dy.PHASE_OVER:
            break
        _move(sim)
        if scene.game.phase != dy.PHASE_OVER and scene.game.turns % 7 == 0:
            sim.app.dispatch(actions.START)  # pauses along the way keep the round
            _frame(sim, 2)
            sim.app.dispatch(actions.B)
    assert scene.game.phase == dy.PHASE_OVER
    _frame(sim, 2)
    assert not _kept_copy(tmp_path)  # the next power-on starts a new game


def test_new_round_from_the_pause_menu_replaces_the_kept_copy(tmp_path):
    sim = _start(tmp_path)
    scene = sim.app.top()
    _move(sim)
    _move(sim)
    sim.app.dispatch(actions.START)
    _frame(sim, 2)
    pause = sim.app.top()
    pause.choose("New round")
    if sim.app.top() is not scene:  # asked to confirm
        sim.app.dispatch(actions.LEFT)
        sim.app.dispatch(actions.A)
    _frame(sim, 2)
    assert not any(scene.game.grid)  # the new round
    assert _after_cut(tmp_path).game.to_bytes() == scene.game.to_bytes()


# ---- Dice Duel: the game scene behind its setup screen; a move is a turn's chip (taken or declined) ------------
def _duel_start(tmp_path, seed=5):
    """A solo Dice Duel from its setup (Start), in a simulator over the save file."""
    from pips.dice_duel.scene import DiceDuelScene
    sim = make_sim(tmp_path, seed=seed)
    sim.app.start("diceduel")
    setup = sim.app.top()
    setup.list.cursor = setup.rows.index("Start")
    sim.app.dispatch(actions.A)
    _frame(sim)
    assert isinstance(sim.app.top(), DiceDuelScene)
    return sim, sim.app.top()


def _duel_turn(sim, scene):
    """One turn with the buttons: roll once, open the chip choice, take the chip offered (or none, if none fits)."""
    from pips.dice_duel import scene as duel
    from tests.simkit import press_seen
    press_seen(sim.app, actions.B)
    if scene.mode == duel.MODE_PLAY:
        press_seen(sim.app, actions.SELECT)
    while scene.mode == duel.MODE_CHOOSE:  # (a solo Kniffel takes two chips)
        press_seen(sim.app, actions.A)
    _frame(sim)


def _duel_after_cut(tmp_path):
    """The next power-on: Dice Duel chosen again; its setup offers the kept game (None without one)."""
    again = make_sim(tmp_path, seed=77)
    again.app.start("diceduel")
    return again.app.top().saved


def test_dice_duel_keeps_its_game_every_autosave_moves_turns_and_a_cut_resumes_it(tmp_path):
    sim, scene = _duel_start(tmp_path)
    for _ in range(AUTOSAVE_MOVES - 1):
        _duel_turn(sim, scene)
    assert _duel_after_cut(tmp_path) is None  # a cut now would lose these turns: the budget's price
    _duel_turn(sim, scene)
    kept = scene.game.to_bytes()
    resumed = _duel_after_cut(tmp_path)
    assert resumed is not None and resumed.to_bytes() == kept


def test_dice_duel_pause_keeps_the_game_and_the_resumed_copy_stays_until_the_game_ends(tmp_path):
    sim, scene = _duel_start(tmp_path)
    _duel_turn(sim, scene)
    sim.app.dispatch(actions.START)
    assert isinstance(sim.app.top(), PauseScene)
    kept = scene.game.to_bytes()
    assert _duel_after_cut(tmp_path).to_bytes() == kept
    # resumed from the setup, then cut again before a turn: the copy is still there
    again = make_sim(tmp_path, seed=79)
    again.app.start("diceduel")
    assert again.app.top().rows[again.app.top().list.cursor] == "Resume saved"
    again.app.dispatch(actions.A)
    _frame(again)
    assert again.app.top().game.to_bytes() == kept
    assert _duel_after_cut(tmp_path).to_bytes() == kept
    # played to its end: the copy is forgotten
    resumed_scene = again.app.top()
    for _ in range(400):
        if resumed_scene.game.is_over():
            break
        _duel_turn(again, resumed_scene)
    assert resumed_scene.game.is_over()
    assert _duel_after_cut(tmp_path) is None


def test_dice_duel_a_new_game_from_the_setup_replaces_the_kept_one(tmp_path):
    sim, scene = _duel_start(tmp_path)
    _duel_turn(sim, scene)
    sim.app.dispatch(actions.START)  # kept
    old = _duel_after_cut(tmp_path)
    assert old is not None
    fresh, fresh_scene = _duel_start(tmp_path, seed=9)  # the next power-on: Start, not Resume
    replaced = _duel_after_cut(tmp_path)
    assert replaced is not None and replaced.to_bytes() == fresh_scene.game.to_bytes() != old.to_bytes()


def test_dice_duel_new_round_from_the_pause_menu_replaces_the_kept_copy(tmp_path):
    sim, scene = _duel_start(tmp_path)
    _duel_turn(sim, scene)
    sim.app.dispatch(actions.START)
    _frame(sim, 2)
    sim.app.top().choose("New round")
    if sim.app.top() is not scene:  # asked to confirm
        sim.app.dispatch(actions.LEFT)
        sim.app.dispatch(actions.A)
    _frame(sim, 2)
    assert scene.game.tray_count() == 28  # the new round
    assert _duel_after_cut(tmp_path).to_bytes() == scene.game.to_bytes()
