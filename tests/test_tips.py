"""First-game tips (pips.tips): once each, at their moment, remembered in the store, switched back on in
Settings; headless simulator runs have none (scripts meet the same screens)."""
from engine import dymino as dy
from engine import wuerfelglanz as w
from pips import actions, tips
from pips.app import App
from pips.platform import KEY_A
from pips.scenes.settings import SettingsScene
from pips.scenes.tip import TipScene
from tests.portable.dymino_util import cells
from tests.simkit import DictStore, make_sim


def tipping_sim(tmp_path, store):
    sim = make_sim(tmp_path, store=store, seed=4)
    sim.app.tips = True
    return sim


def start_tip_frames(sim):
    """A game's start tip is asked for at its first frame (App.later) and built at the next (App.show_tip)."""
    sim.frame()
    sim.frame()


def test_a_games_start_tip_shows_once_and_is_remembered_in_the_store(tmp_path):
    store = DictStore()
    sim = tipping_sim(tmp_path, store)
    app = sim.app
    app.start("wuerfelglanz")
    start_tip_frames(sim)
    tip = app.top()
    assert isinstance(tip, TipScene)
    assert any(getattr(item, "text", "") == "Tip" for item in tip.group)
    app.dispatch(actions.A)
    game_scene = app.top()
    assert type(game_scene).__name__ == "WuerfelglanzScene"
    app.to_menu()
    app.start("wuerfelglanz")
    start_tip_frames(sim)
    assert app.top() is not tip and not isinstance(app.top(), TipScene)
    # Another power-up over the same store: still remembered; another game has its own tip.
    again = App(sim.platform, store=store, seed=1)
    again.tips = True
    again.start("wuerfelglanz")
    for _ in range(2):  # (as start_tip_frames)
        again.step(sim.clock.ticks_ms())
    assert not isinstance(again.top(), TipScene)
    again.start("dominoes")
    for _ in range(2):  # (as start_tip_frames)
        again.step(sim.clock.ticks_ms())
    assert isinstance(again.top(), TipScene)


def test_the_joker_and_double_tips_come_when_a_joker_or_a_double_turns_up(tmp_path):
    store = DictStore()
    sim = tipping_sim(tmp_path, store)
    app = sim.app
    every = (1 << len(tips.BY_NAME)) - 1
    app.tips_seen = every & ~(1 << tips.BY_NAME["WUERFELGLANZ_JOKER"] | 1 << tips.BY_NAME["DYMINO_DOUBLE"])
    app.start("wuerfelglanz")
    start_tip_frames(sim)
    scene = app.top()
    scene._after_move()
    assert app.top() is scene  # no joker in the piece: no tip
    scene.game.piece_a = w.JOKER
    scene._after_move()
    sim.frame()  # asked for at the next frame with nothing else due, built at the one after (App.show_tip)
    assert app.top() is scene and app.screen_due()
    sim.frame()
    assert isinstance(app.top(), TipScene)
    app.dispatch(actions.A)
    scene._after_move()
    sim.frame()
    assert app.top() is scene  # once
    app.start("dymino")
    start_tip_frames(sim)
    scene = app.top()
    game = dy.Dymino(1)
    game.set_position(cells(".....", ".....", ".....", ".....", "....."), 2, 5)
    scene.new_round(game)
    scene._after_move()
    assert app.top() is scene
    game.set_position(cells(".....", ".....", ".....", ".....", "....."), 4, 4)
    scene._after_move()
    sim.frame()
    assert isinstance(app.top(), TipScene)


def test_settings_switch_the_tips_back_on_and_off(tmp_path):
    store = DictStore()
    sim = tipping_sim(tmp_path, store)
    app = sim.app
    tips.set_all(app, seen=True)
    app.start()
    start_tip_frames(sim)
    app.open_settings()
    settings = app.top()
    assert isinstance(settings, SettingsScene)
    row = [row.label for row in settings.rows].index("First-game tips")
    assert settings.rows[row].options[settings.rows[row].index] == "off"
    settings.list.cursor = row
    app.dispatch(actions.RIGHT)  # on
    assert not tips.all_seen(app)
    app.dispatch(actions.B)
    app.start("dymino")
    start_tip_frames(sim)
    assert isinstance(app.top(), TipScene)
    fresh = App(sim.platform, store=store, seed=1)
    assert fresh.tips_seen is None and not tips.all_seen(fresh)


def test_headless_runs_have_no_tips(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=4)
    sim.app.start("dymino")
    start_tip_frames(sim)
    assert not isinstance(sim.app.top(), TipScene)


def test_every_tip_fits_its_panel_whole():
    from pips.scenes import tip
    from pips.ui import text
    from pips.text import File
    bodies = File("first_game_tips.txt").read().split("\n")
    assert sorted(tips.BY_NAME.values()) == list(range(len(bodies)))  # a line for every tip, a tip for every line
    for body in bodies:
        assert len(text.wrap(body, tip.COLUMNS)) <= tip.LINES, body


def test_a_tip_takes_its_code_with_it_when_it_closes(tmp_path):
    import sys
    import pips
    import pips.scenes
    names = ("pips.tips", "pips.scenes.tip")
    kept = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    for package, child in ((pips, "tips"), (pips.scenes, "tip")):
        if hasattr(package, child):
            delattr(package, child)  # as pips.modules.unload_since does: a fresh import, as on the badge
    try:
        sim = tipping_sim(tmp_path, DictStore())
        app = sim.app
        app.start("dymino")
        start_tip_frames(sim)
        assert type(app.top()).__name__ == "TipScene" and all(name in sys.modules for name in names)
        app.dispatch(actions.A)
        assert type(app.top()).__name__ == "DyminoScene"
        assert not any(name in sys.modules for name in names)  # the badge gets that heap back
        assert app.show_tip("dymino") is False  # seen before: nothing shows, and nothing stays loaded
        assert not any(name in sys.modules for name in names)
    finally:
        sys.modules.update(kept)
        pips.tips = kept.get("pips.tips", tips)
        pips.scenes.tip = kept.get("pips.scenes.tip", sys.modules.get("pips.scenes.tip"))


def test_a_game_chosen_in_a_frame_opens_at_the_next_frame_and_its_start_tip_at_the_one_after(tmp_path):
    # A frame holds its garbage and stale stack slots until it returns: on the badge, the game built beside the
    # menu's, and the tip's screen beside the game's, were a session's peaks (tests/test_circuitpython_app.py).
    sim = tipping_sim(tmp_path, DictStore())
    app = sim.app
    app.start()
    start_tip_frames(sim)
    sim.platform.keys.record(KEY_A, True)  # the menu's first game
    sim.frame()
    assert type(app.top()).__name__ == "MenuScene" and app.screen_due()
    sim.frame()
    assert type(app.top()).__name__ == "WuerfelglanzScene"
    sim.frame()  # the tip asked for: this frame shows the busy mark (a tip takes ~190 ms of badge time to build)
    assert type(app.top()).__name__ == "WuerfelglanzScene" and app.screen_due()
    sim.frame()
    assert isinstance(app.top(), TipScene)


def test_a_joker_in_the_rounds_first_piece_gets_its_tip_after_the_start_tip(tmp_path):
    """The first piece holds a joker: the tip comes at once (after the game's own start tip), not a turn later."""
    for start_tip_seen in (False, True):
        store = DictStore()
        sim = tipping_sim(tmp_path / str(start_tip_seen), store)
        app = sim.app
        seen = 1 << tips.BY_NAME["wuerfelglanz"] if start_tip_seen else 0
        app.tips_seen = ((1 << len(tips.BY_NAME)) - 1) & ~(1 << tips.BY_NAME["WUERFELGLANZ_JOKER"]) & \
            ~(1 << tips.BY_NAME["wuerfelglanz"]) | seen
        seed = next(s for s in range(200) if w.Game(s).piece_a == w.JOKER or w.Game(s).piece_b == w.JOKER)
        app.start("wuerfelglanz", round_seed=seed)
        shown = []
        for _ in range(6):
            sim.frame()
            top = app.top()
            if isinstance(top, TipScene) and (not shown or shown[-1] is not top):
                shown.append(top)
                app.dispatch(actions.A)
        assert len(shown) == (1 if start_tip_seen else 2)  # the start tip (first game), then the joker's
        assert type(app.top()).__name__ == "WuerfelglanzScene" and app.top().game.moves == 0
