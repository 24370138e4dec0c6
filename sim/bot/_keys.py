"""Bot games as key scripts (`make screenshots`): play a seeded game in a headless simulator with a greedy bot,
record the buttons it presses and how long each move takes to play out. The scripts then replay the same game
under `python -m sim --seed N`, whatever the cursor rules of the day are (they come from the scene itself).
"""
import os
import tempfile


def _tokens():
    from pips import actions
    return {actions.UP: "U", actions.DOWN: "D", actions.LEFT: "L", actions.RIGHT: "R", actions.A: "A",
            actions.B: "B", actions.START: "S", actions.SELECT: "SEL"}


def moves(game_key, seed, count, margin_ms=150):
    """Up to `count` bot moves from a fresh game: a list of (keys, ms the move takes to play out)."""
    from pips.app import FRAME_MS
    from sim.main import Sim
    driver = _DRIVERS[game_key]
    names = _tokens()
    with tempfile.TemporaryDirectory() as scratch:
        sim = Sim(headless=True, scale=1, save=os.path.join(scratch, "save.bin"), seed=seed)
        app = sim.app
        app.start(game_key)
        scene = app.top()
        pressed = []
        dispatch = app.dispatch

        def recording(action):
            pressed.append(names[action])
            dispatch(action)

        app.dispatch = recording
        out = []
        for _ in range(count):
            if app.top() is not scene or driver.over(scene):
                break
            del pressed[:]
            driver.move(app, scene)
            frames = 0
            while driver.busy(scene) and frames < 2000:
                sim.frame()
                frames += 1
            out.append((" ".join(pressed), frames * FRAME_MS + margin_ms))
        return out


def script(moves_list, last_wait=None):
    """One key script from moves(); `last_wait` (ms) replaces the last move's wait (a shot mid-animation)."""
    parts = []
    for index, (keys, wait) in enumerate(moves_list):
        if index == len(moves_list) - 1 and last_wait is not None:
            wait = last_wait
        parts.append("%s w%d" % (keys, wait))
    return " ".join(parts)


class _Wuerfelglanz:
    @staticmethod
    def move(app, scene):
        from engine import wuerfelglanz as w
        from sim.bot import wuerfelglanz as bot
        bot.press_move(app, scene, bot.choose(scene.game, w.Game(1)))

    @staticmethod
    def busy(scene):
        from pips.wuerfelglanz import scene as module
        return scene.mode == module.MODE_POP or scene.mode == module.MODE_SLIDE

    @staticmethod
    def over(scene):
        return scene.game.round_over


class _Dymino:
    @staticmethod
    def move(app, scene):
        from engine import dymino as d
        from sim.bot import dymino as bot
        bot.press_action(app, scene, bot.choose(scene.game, d.Dymino(1)))

    @staticmethod
    def busy(scene):
        from pips.dymino import scene as module
        return scene.mode == module.MODE_ANIM

    @staticmethod
    def over(scene):
        from engine import dymino as d
        return scene.game.phase == d.PHASE_OVER


_DRIVERS = {"wuerfelglanz": _Wuerfelglanz, "dymino": _Dymino}
