"""Würfelglanz's, Dymino's and Dice Duel's view leaves RAM while their results cover the game (pips.scene: the view under the
results) and is built again, its drawn sheets reused, only when the player chooses Again: every screen of the
game's end and of the next round is exactly the screen a game that keeps its view shows (two headless simulators
on real displayio, the same seed and presses), and Menu never builds the view again."""
import gc


from pips import actions
from pips.scenes.results import ResultsScene
from tests.simkit import DictStore, frames, make_sim, picture




def press(sim, name, wait=2):
    sim.app.dispatch(getattr(actions, name))
    frames(sim, wait)


def _open_game(tmp_path, key, keep_view):
    """(sim, its game scene) of the game `key` (a catalog key) just opened; keep_view: the scene never drops its view
    (the reference: the view stays under the results, as before)."""
    sim = make_sim(tmp_path, store=DictStore(), seed=3)
    sim.app.start(key)
    game = sim.app.top()
    if keep_view:
        game.drop_view = lambda: None
    return sim, game


def dymino_to_results(tmp_path, keep_view):
    """A Dymino game played with the buttons until its first results screen shows; returns (sim, game)."""
    from engine import dymino as dy
    from pips.dymino.scene import MODE_OVER
    from sim.bot import dymino as bot
    sim, game = _open_game(tmp_path, "dymino", keep_view)
    scratch = dy.Dymino(1)
    for _ in range(2000):
        if isinstance(sim.app.top(), ResultsScene):
            return sim, game
        if game.mode == MODE_OVER:  # the full grid holds, then the results come
            frames(sim, 5)
            continue
        bot.press_action(sim.app, game, bot.choose(game.game, scratch, quick=True))
        frames(sim, 3)
    raise AssertionError("no game over")


def wuerfelglanz_to_results(tmp_path, keep_view):
    """A Würfelglanz round played with the buttons until its results show; returns (sim, game)."""
    from sim.bot import wuerfelglanz as bot
    sim, game = _open_game(tmp_path, "wuerfelglanz", keep_view)
    bot.play_round_in_scene(sim, game)
    for _ in range(200):
        if isinstance(sim.app.top(), ResultsScene):
            return sim, game
        frames(sim, 1)
    raise AssertionError("no results")


def dice_duel_to_results(tmp_path, keep_view):
    """A solo Dice Duel played with the buttons until its results show; returns (sim, game)."""
    from pips.dice_duel import scene as duel_scene
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("diceduel")
    setup = sim.app.top()
    setup.list.cursor = setup.rows.index("Start")
    press(sim, "A")
    game = sim.app.top()
    if keep_view:
        game.drop_view = lambda: None
    for _ in range(2000):
        if isinstance(sim.app.top(), ResultsScene):
            return sim, game
        if game.mode == duel_scene.MODE_PLAY:
            press(sim, "B", wait=40)  # rolled, the tumble over
            press(sim, "SELECT")
        press(sim, "A")  # the chip offered first
    raise AssertionError("no game over")


def end_screens(tmp_path, to_results, keep_view, pages):
    """Screens of the results pages (A on each; Again on the last), then of the next round; with the view's
    whereabouts checked on the way."""
    sim, game = to_results(tmp_path, keep_view)
    sheets = game._sheets
    if not keep_view:
        assert game.view is None and len(game.group) == 0  # nothing of the view under the results
    results_alive = []
    if not keep_view:
        make_view = game.make_view

        def watched_make_view(sheets=None):  # is a results screen still held when the view is built again?
            gc.collect()
            results_alive.append(any(isinstance(thing, ResultsScene) for thing in gc.get_objects()))
            return make_view(sheets)
        game.make_view = watched_make_view
    shots = []
    for _ in range(pages):
        assert isinstance(sim.app.top(), ResultsScene)
        shots.append(picture(sim))
        if sim.app.top().entry is not None:
            press(sim, "START")  # a record's initials, as offered
        assert (game.view is None) != keep_view
        press(sim, "A")
    assert sim.app.top() is game and game.view is not None
    if not keep_view:
        # The drawn sheets taken over, not drawn again, where the scene kept them (Dymino lets them go with its view:
        # ~2 KB more room beside its results pages on the badge; Again draws them anew)
        assert sheets is None or getattr(game.view, "sheets", None) is sheets
        assert results_alive == [False]  # built once, after the last results screen had gone
    shots.append(picture(sim))
    frames(sim, 60)
    shots.append(picture(sim))
    press(sim, "B", wait=40)  # the new round plays on
    shots.append(picture(sim))
    return shots


def test_dymino_results_without_the_view_and_again_looks_the_same(tmp_path):
    dropped = end_screens(tmp_path / "a", dymino_to_results, False, 2)  # Game over, Top 5
    kept = end_screens(tmp_path / "b", dymino_to_results, True, 2)
    assert len(set(dropped)) > 2  # the screens differ from each other: a comparison that could fail
    assert dropped == kept


def test_wuerfelglanz_results_without_the_view_and_again_looks_the_same(tmp_path):
    dropped = end_screens(tmp_path / "a", wuerfelglanz_to_results, False, 1)
    kept = end_screens(tmp_path / "b", wuerfelglanz_to_results, True, 1)
    assert len(set(dropped)) >= 2  # the results and the new round (which B only turns back to where it was)
    assert dropped == kept


def test_dice_duel_results_without_the_view_and_again_looks_the_same(tmp_path):
    dropped = end_screens(tmp_path / "a", dice_duel_to_results, False, 1)
    kept = end_screens(tmp_path / "b", dice_duel_to_results, True, 1)
    assert len(set(dropped)) > 2
    assert dropped == kept


def test_menu_from_the_results_never_builds_the_view_again(tmp_path):
    sim, game = dymino_to_results(tmp_path, False)
    built = []
    game.make_view = lambda sheets=None: built.append(sheets)
    press(sim, "START")  # the record's initials, as offered
    press(sim, "A")  # Top 5, the last page
    press(sim, "B")  # the title menu
    assert type(sim.app.top()).__name__ == "MenuScene" and game.view is None and built == []
