"""The grid games' hint search (Würfelglanz, Dymino): every spot of the piece, cell 0..24 by rotation 0..3, in scan
order, tried in slices or at once; ties go to the first spot, so a position has one hint. A game's hinter says which
spots it tries and which try is better (engine.wuerfelglanz_hint, engine.dymino_hint).

    hinter.start(game)            then, once a frame (the game's hint: the screen never freezes):
    hinter.step(tries) -> True    when every spot has been looked at; a slice tries at most `tries` legal spots
                                  (the costly part: a copy and a move each). The game must not change between
                                  start and the last step.
    hinter.move                   cell * 4 + rotation of the best spot, or -1 when none fits
    hinter.best(game) -> move     all at once
A subclass defines rotations(game) (0: nothing to hint), legal(game, cell, rotation) and better(game, cell,
rotation) -> True when that spot beats the best so far (it then keeps the new best's figures), and resets its
figures in reset() (and sets them first: a new attribute would allocate). start and step allocate nothing.
"""
from micropython import const

_SPOTS = const(100)  # cell * 4 + rotation over the 5 x 5 board


class SpotSearch:
    def __init__(self):
        self.game = None
        self.spot = _SPOTS  # the next spot to look at; _SPOTS: the search is over
        self.move = -1
        self.reset()

    def start(self, game):
        self.game = game
        self.spot = 0 if self.rotations(game) else _SPOTS
        self.move = -1
        self.reset()

    def step(self, tries):
        game = self.game
        rotations = self.rotations(game)
        spot = self.spot
        while spot < _SPOTS and tries > 0:
            cell = spot >> 2
            rotation = spot & 3
            spot += 1
            if rotation >= rotations or not self.legal(game, cell, rotation):
                continue
            tries -= 1
            if self.better(game, cell, rotation):
                self.move = cell * 4 + rotation
        self.spot = spot
        return spot >= _SPOTS

    def best(self, game):
        self.start(game)
        self.step(_SPOTS)
        return self.move
