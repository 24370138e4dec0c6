"""Würfelglanz's greedy move: what the simulator's bot plays and the game's hint shows.

Every legal spot of the tray piece is tried on a scratch game; the best is the one with the most points, then the
most empty cells left, then the most room for a pair (adjacent empty cells); ties go to the first spot in scan
order (cell 0..24, rotation 0..3), so a position has one hint.

    hinter = Hinter(scratch=None)    scratch: any Game (it becomes a copy of the game for each try)
    hinter.start(game); hinter.step(tries) ... ; hinter.move    in slices (engine.grid_hint)
    hinter.best(game) -> move        all at once: a move code (engine.wuerfelglanz.encode_move), -1 when none fits
    best_move(game, scratch) -> move all at once (a Hinter over `scratch`)
start and step allocate nothing.
"""
from engine.grid_hint import SpotSearch
from engine.wuerfelglanz import BOARD_SIZE, PLACED, Game

_CELLS = BOARD_SIZE * BOARD_SIZE
# Neighbouring cell pairs (right and down neighbours): 40 edges of the 5 x 5 board.
_EDGE_A = bytes([i for i in range(_CELLS) if i % BOARD_SIZE < BOARD_SIZE - 1] +
                [i for i in range(_CELLS - BOARD_SIZE)])
_EDGE_B = bytes([i + 1 for i in range(_CELLS) if i % BOARD_SIZE < BOARD_SIZE - 1] +
                [i + BOARD_SIZE for i in range(_CELLS - BOARD_SIZE)])


def _room(board):
    room = 0
    edge_b = _EDGE_B
    k = 0
    for a in _EDGE_A:
        if board[a] == 0 and board[edge_b[k]] == 0:
            room += 1
        k += 1
    return room


class Hinter(SpotSearch):
    def __init__(self, scratch=None):
        self.scratch = scratch if scratch is not None else Game(1)
        SpotSearch.__init__(self)

    def reset(self):
        self._points = self._empty = self._room = -1

    def rotations(self, game):
        return 4 if game.piece_len == 2 else 1  # a single's rotation changes nothing: tried once per cell

    def legal(self, game, cell, rotation):
        return game.check(cell % BOARD_SIZE, cell // BOARD_SIZE, rotation) == PLACED

    def better(self, game, cell, rotation):
        scratch = self.scratch
        scratch.copy_from(game)
        scratch.place(cell % BOARD_SIZE, cell // BOARD_SIZE, rotation)
        points = scratch.points
        if points < self._points:
            return False
        board = scratch.board
        empty = 0
        for value in board:
            if value == 0:
                empty += 1
        if points == self._points and empty < self._empty:
            return False
        room = _room(board)
        if points == self._points and empty == self._empty and room <= self._room:
            return False
        self._points = points
        self._empty = empty
        self._room = room
        return True


def best_move(game, scratch):
    return Hinter(scratch).best(game)
