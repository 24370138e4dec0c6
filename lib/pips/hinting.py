"""Select's hint on a grid game's play screen (Würfelglanz, Dymino), worked out across frames. Select's own frame only
shows NOTE; the next frame loads pips.hint_run, which loads the rest (an import a frame) and runs the search one
slice a frame while the message line's dots move; then the cursor goes to the spot. Start pauses it (the scene gets
no frames under the pause menu); any other key stops it and unloads its code.

    hint = Hint(module, tries)     module: the game's engine hint module (its Hinter is used); tries: legal spots a
                                   slice (a frame) tries
    hint.ask()                     Select: a hint is worked out from the next frame (busy), its note is NOTE
    hint.takes(action) -> bool     True for Select while busy (the hint's key); any other key but Start stops it
    hint.frame(game, cursor)       a busy hint's frame: QUIET (nothing to show), NOTE_MOVED (note changed) or DONE
                                   (no longer busy; found: the cursor is on the spot)
    hint.busy, hint.note, hint.found, hint.run (None, or the search under way: pips.hint_run)
    hint.stop()                    the game changed or the scene left: the search and its code go
"""
from micropython import const

from pips import actions

QUIET = const(0)
NOTE_MOVED = const(1)
DONE = const(2)

_ASKED = const(1)  # `run` in Select's frame
_LOAD = const(0)   # `run` in the frame that loads pips.hint_run; then a HintRun
NOTE = "Hint: thinking"
_NOTES = (NOTE, NOTE + ".", NOTE + "..", NOTE + "...")  # the dots move while it works
_NOTE_FRAMES = const(4)  # frames a step of the dots


class Hint:
    def __init__(self, module, tries):
        self.module = module
        self.tries = tries
        self.run = None
        self.found = False
        self.note = ""

    @property
    def busy(self):
        return self.run is not None

    def ask(self):
        if self.run is None:
            self.found = False
            self.run = _ASKED
            self.note = NOTE

    def takes(self, action):
        if self.run is None:
            return False
        if action == actions.SELECT:
            return True
        if action != actions.START:
            self.stop()  # the player moved on: the hint would answer a question no longer asked
        return False

    def frame(self, game, cursor):
        run = self.run
        if run == _ASKED:
            self.run = _LOAD
            return QUIET
        if run == _LOAD:
            from pips import modules
            before = modules.loaded()
            from pips.hint_run import HintRun
            self.run = HintRun(before, game, self.module, self.tries)
            return QUIET
        code = run.step()
        if code is None:
            self.note = _NOTES[run.frames // _NOTE_FRAMES % len(_NOTES)]
            return NOTE_MOVED
        self.stop()
        self.note = ""
        if code >= 0:
            cursor.rotation = code & 3  # (a single die's spot has rotation 0)
            cursor.place_at((code >> 2) % cursor.width, (code >> 2) // cursor.width)
            self.found = True
            self.note = "Hint: the bot's spot"
        return DONE

    def stop(self):
        run = self.run
        if run is not None and not isinstance(run, int):
            run.stop()
        self.run = None
