"""Select's hint on a grid game's play screen (Würfelglanz, Dymino): a mixin of the scene. The hint is worked out
across frames and the scene keeps nothing of it between hints: Select's own frame only shows NOTE;
the next frame loads pips.hint_run, which loads the rest (an import a frame) and runs the search one slice a frame
while the message line's dots move; then the cursor goes to the spot and the round is marked as hinted. Start
pauses it (the scene gets no frames under the pause menu); any other key stops it and unloads its code.

The scene sets hint_module (its engine hint module's name, whose Hinter is used) and hint_tries (legal spots a
slice tries), has game, cursor (pips.ui.pair_cursor), note and hinted, and defines _draw() and _draw_note() (the
message line alone). It calls hint_takes(action) first in on_action, hint_frame() from tick() while `hint` is not
None, and stop_hint() when its game changes or it exits.
"""
from micropython import const

from pips import actions

_ASKED = const(1)  # `hint` in Select's frame
_LOAD = const(0)   # `hint` in the frame that loads pips.hint_run; then a HintRun
NOTE = "Hint: thinking"
_NOTES = (NOTE, NOTE + ".", NOTE + "..", NOTE + "...")  # the dots move while it works
_NOTE_FRAMES = const(4)  # frames a step of the dots


class Hinting:
    hint = None

    def show_hint(self):
        if self.hint is None:
            self.hint = _ASKED
            self.note = NOTE

    def hint_takes(self, action):
        """True when the key is the hint's (Select while it is being worked out); any other key but Start stops it."""
        if self.hint is None:
            return False
        if action == actions.SELECT:
            return True
        if action != actions.START:
            self.stop_hint()  # the player moved on: the hint would answer a question no longer asked
        return False

    def hint_frame(self):
        hint = self.hint
        if hint == _ASKED:
            self.hint = _LOAD
            return
        if hint == _LOAD:
            from pips import modules
            before = modules.loaded()
            from pips.hint_run import HintRun
            self.hint = HintRun(before, self.game, self.hint_module, self.hint_tries)
            return
        code = hint.step()
        if code is None:
            self.note = _NOTES[hint.frames // _NOTE_FRAMES % len(_NOTES)]
            self._draw_note()
            return
        self.stop_hint()
        self.note = ""
        if code >= 0:
            cursor = self.cursor
            cursor.rotation = code & 3  # (a single die's spot has rotation 0)
            cursor.place_at((code >> 2) % cursor.width, (code >> 2) // cursor.width)
            self.hinted = True
            self.note = "Hint: the bot's spot"
        self._draw()

    def stop_hint(self):
        if self.hint is not None and not isinstance(self.hint, int):
            self.hint.stop()
        self.hint = None
