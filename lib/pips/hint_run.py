"""The hint's search across frames, for pips.hinting (Würfelglanz, Dymino), which makes it in the frame after Select
and drops it when done or stopped. Loaded only for one hint: its first step imports engine.grid_hint and its second
the game's hint module (an import a frame: each costs 10-20 ms of badge time, every name in a module being looked
up among the app's); then each step is one slice of the search. stop() unloads all three.

    hint = HintRun(before, game, module, tries)   before: modules.loaded() from before this module's import;
                                                  module: the game's hint module (its Hinter class is used);
                                                  tries: legal spots a slice (a frame) tries
    hint.step() -> None while working, else the move code (-1: none fits)
    hint.frames                                   steps so far
    hint.stop()
"""
from pips import modules


class HintRun:
    def __init__(self, before, game, module, tries):
        self._before = before
        self._game = game
        self._module = module
        self._hinter = None
        self.tries = tries
        self.frames = 0

    def step(self):
        self.frames += 1
        hinter = self._hinter
        if hinter is None:
            if self.frames == 1:
                import engine.grid_hint  # noqa: F401 (loaded in a frame of its own)
            else:
                hinter = self._hinter = __import__(self._module, None, None, ("Hinter",)).Hinter()
                hinter.start(self._game)
            return None
        return hinter.move if hinter.step(self.tries) else None

    def stop(self):
        if self._before is not None:
            self._hinter = self._game = None
            modules.unload_since(self._before)  # this module and the hint's: loaded again on the next Select
            self._before = None
