"""The grid games' hint (Würfelglanz, Dymino) worked out across frames. The scene keeps nothing of it between hints:
Select's own frame only shows HINT_NOTE; then the hint's code loads over three frames, one import each (an import
costs 10-20 ms of badge time: each name in a module is looked up among the app's): this module, the search
(engine.grid_hint), the game's hinter. Then each frame runs one slice and the message line's dots move. Start
pauses it (the scene gets no frames under the pause menu); any other key stops it. stop() unloads what was loaded
for it.

    hint = HintRun(before, game, module, tries)   before: modules.loaded() from before this module's import;
                                                  module: the game's hint module (its Hinter class is used);
                                                  tries: legal spots a slice (a frame) tries
    hint.step() -> None while working, else the move code (-1: none fits)
    hint.note()                                       the message line while working
    hint.stop()
"""
from pips import modules

HINT_NOTE = "Hint: thinking"
_NOTES = (HINT_NOTE, HINT_NOTE + ".", HINT_NOTE + "..", HINT_NOTE + "...")
_NOTE_FRAMES = 4  # the dots step every few frames


class HintRun:
    def __init__(self, before, game, module, tries):
        self._before = before
        self._game = game
        self._module = module
        self._hinter = None
        self.tries = tries
        self._frames = 0

    def step(self):
        self._frames += 1
        hinter = self._hinter
        if hinter is None:
            if self._frames == 1:
                import engine.grid_hint  # noqa: F401 (loaded in a frame of its own)
            else:
                hinter = self._hinter = __import__(self._module, None, None, ("Hinter",)).Hinter()
                hinter.start(self._game)
            return None
        return hinter.move if hinter.step(self.tries) else None

    def note(self):
        return _NOTES[self._frames // _NOTE_FRAMES % len(_NOTES)]

    def stop(self):
        if self._before is not None:
            self._hinter = self._game = None
            modules.unload_since(self._before)  # this module and the hint's: loaded again on the next Select
            self._before = None
