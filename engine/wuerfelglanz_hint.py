"""Würfelglanz's greedy move: what the simulator's bot plays and the game's hint shows.

Every legal spot of the tray piece is tried on a scratch game; the best is the one with the most points, then the
most empty cells left, then the most room for a pair (adjacent empty cells); ties go to the first spot in scan
order (cell 0..24, rotation 0..3), so a position has one hint.

    best_move(game, scratch) -> a move code (engine.wuerfelglanz.encode_move), or -1 when none fits
    scratch: any Game (it becomes a copy of `game` for each try). Allocates nothing.
"""
from engine.wuerfelglanz import BOARD_SIZE, PLACED

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


def best_move(game, scratch):
    rotations = 4 if game.piece_len == 2 else 1  # a single's rotation changes nothing: tried once per cell
    best = -1
    best_points = best_empty = best_room = -1
    for cell in range(_CELLS):
        x = cell % BOARD_SIZE
        y = cell // BOARD_SIZE
        for rotation in range(rotations):
            if game.check(x, y, rotation) != PLACED:
                continue
            scratch.copy_from(game)
            scratch.place(x, y, rotation)
            points = scratch.points
            if points < best_points:
                continue
            board = scratch.board
            empty = 0
            for value in board:
                if value == 0:
                    empty += 1
            if points == best_points and empty < best_empty:
                continue
            room = _room(board)
            if points == best_points and empty == best_empty and room <= best_room:
                continue
            best = cell * 4 + rotation
            best_points = points
            best_empty = empty
            best_room = room
    return best
