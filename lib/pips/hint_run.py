"""The grid games' hint (Würfelglanz, Dymino) worked out across frames: Select starts it, the scene's tick() runs
one slice a frame (engine.grid_hint), the message line shows that it is thinking, Start pauses it (the scene gets
no ticks under the pause menu) and any other key stops it. Its code is loaded on Select and unloaded when it ends.

    hint = HintRun(tries)                       tries: legal spots a slice (a frame) tries
    hint.start(game, load)                      load() imports the game's hinter and returns a new one (called
                                                in the next frame: Select's own frame stays short)
    hint.running                                True while working it out
    hint.swallows(action) -> bool               before a scene handles a key: Select while running is the hint's;
                                                any other key but Start stops it
    hint.step() -> WORKING or the move code     a slice; the move (-1: none fits) when done (it then stops)
    hint.note()                                 the message line while running
    hint.stop()
"""
from pips import actions, modules

WORKING = -2
_NOTES = ("Hint: thinking", "Hint: thinking.", "Hint: thinking..", "Hint: thinking...")
_NOTE_FRAMES = 4  # the dots step every few frames


class HintRun:
    def __init__(self, tries):
        self.tries = tries
        self.running = False
        self._hinter = None
        self._game = None
        self._load = None
        self._before = None
        self._frames = 0

    def start(self, game, load):
        if not self.running:
            self.running = True
            self._game = game
            self._load = load
            self._frames = 0

    def swallows(self, action):
        if not self.running:
            return False
        if action == actions.SELECT:
            return True
        if action != actions.START:
            self.stop()  # the player moved on: the hint would answer a question no longer asked
        return False

    def step(self):
        hinter = self._hinter
        self._frames += 1
        if hinter is None:
            # Select's own frame only shows the note; the next one only loads the hint's code: an import costs
            # tens of ms on the badge (each name in the module is looked up among the app's), a frame's worth
            if self._frames > 1:
                self._before = modules.loaded()
                hinter = self._hinter = self._load()
                hinter.start(self._game)
            return WORKING
        if not hinter.step(self.tries):
            return WORKING
        move = hinter.move
        self.stop()
        return move

    def note(self):
        return _NOTES[self._frames // _NOTE_FRAMES % len(_NOTES)]

    def stop(self):
        if self.running:
            self.running = False
            self._game = self._load = None
            if self._hinter is not None:
                self._hinter = None
                modules.unload_since(self._before)  # the hint's code leaves with it: loaded again on the next Select
                self._before = None
