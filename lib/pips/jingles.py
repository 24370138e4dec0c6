"""Short jingles as note sequences: (hz, ms, hz, ms, ...); hz 0 is a rest. App.play_jingle plays one from the app's
tick, a note at a time through platform.tone, only while sound is on. Each lasts well under a second."""

# A rising major arpeggio that lands an octave up: a new record.
RECORD = (523, 90, 659, 90, 784, 90, 1047, 280)
# Three quick calls and a high finish: five of a kind in Dice Duel.
KNIFFEL = (784, 70, 0, 30, 784, 70, 0, 30, 784, 70, 1568, 320)
# A run up the scale: a Dymino series (a merge that made another).
SERIES = (880, 50, 1175, 50, 1480, 50, 1760, 160)
# Won: a bright fourth and fifth to the octave. Lost: a slow step down.
WON = (659, 110, 880, 110, 988, 110, 1319, 320)
LOST = (392, 200, 370, 200, 349, 200, 330, 420)


def length_ms(notes):
    total = 0
    for index in range(1, len(notes), 2):
        total += notes[index]
    return total
