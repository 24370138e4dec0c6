"""Short jingles as note sequences: (hz, ms, hz, ms, ...); hz 0 is a rest. App.play_jingle plays one from the app's
tick (JinglePlayer), a note at a time through platform.tone, only while sound is on. Each lasts under a second."""
from pips.actions import ticks_add, ticks_diff

# A rising major arpeggio that lands an octave up: a new record.
RECORD = (523, 90, 659, 90, 784, 90, 1047, 280)
# Three quick calls and a high finish: five of a kind in Dice Duel.
KNIFFEL = (784, 70, 0, 30, 784, 70, 0, 30, 784, 70, 1568, 320)
# A run up the scale: a Dymino series (a merge that made another).
SERIES = (880, 50, 1175, 50, 1480, 50, 1760, 160)
# Won: a bright fourth and fifth to the octave. Lost: a slow step down.
WON = (659, 110, 880, 110, 988, 110, 1319, 320)
LOST = (392, 200, 370, 200, 349, 200, 330, 420)
# A round (not yet the match) won or lost: shorter cousins of WON and LOST.
ROUND_WON = (784, 90, 988, 90, 1175, 220)
ROUND_LOST = (440, 160, 392, 160, 349, 280)
# Nobody at the badge lost (two people on one badge, or a tie): a calm call and answer.
NEUTRAL = (587, 120, 784, 120, 659, 260)


class JinglePlayer:
    def __init__(self, platform, settings):
        self.platform = platform
        self.settings = settings
        self.notes = None  # the jingle playing, the next note's index and when it is due
        self.index = 0
        self.due = 0

    def play(self, notes, now_ms):
        self.notes = notes
        self.index = 0
        self.due = now_ms

    def tick(self, now_ms):
        notes = self.notes
        if notes is None or ticks_diff(now_ms, self.due) < 0:
            return
        index = self.index
        if index >= len(notes) or not self.settings.sound:
            self.notes = None  # done, or sound switched off meanwhile
            return
        self.platform.tone(notes[index], notes[index + 1])
        self.index = index + 2
        self.due = ticks_add(now_ms, notes[index + 1])


def length_ms(notes):
    total = 0
    for index in range(1, len(notes), 2):
        total += notes[index]
    return total
