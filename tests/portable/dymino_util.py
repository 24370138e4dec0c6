"""Helpers for the Dymino tests (portable: CPython and MicroPython)."""
from engine.dymino import Dymino


def cells(*rows):
    """Five strings of five characters, '.' empty or a die 1..6, top row first -> 25 cell values."""
    out = bytearray(25)
    assert len(rows) == 5
    for y in range(5):
        assert len(rows[y]) == 5
        for x in range(5):
            ch = rows[y][x]
            out[5 * y + x] = 0 if ch == "." else ord(ch) - 48
    return out


def rows(game):
    """The grid back as five strings (for readable asserts)."""
    out = []
    for y in range(5):
        out.append("".join("." if v == 0 else chr(48 + v) for v in game.grid[5 * y:5 * y + 5]))
    return out


def at(x, y):
    return 5 * y + x


def game_with(grid_rows, first, second, seed=1):
    game = Dymino(seed)
    game.set_position(cells(*grid_rows), first, second)
    return game


def play_first_legal(game, moves):
    """Play `moves` actions with a simple deterministic policy (the first legal placement from a start cell that
    moves on each action); returns the actions played."""
    from engine import dymino as d
    played = 0
    while played < moves and game.phase != d.PHASE_OVER:
        if game.phase == d.PHASE_PAIR:
            done = False
            for k in range(25):
                cell = (k + 7 * played) % 25
                for rotation in range(4):
                    if game.place_pair(cell, rotation) == d.OK:
                        done = True
                        break
                if done:
                    break
        elif game.phase == d.PHASE_SINGLE:
            game.place_single(_empty_from(game, 7 * played))
        elif game.bonus == d.POWER_REMOVE:
            game.bonus_remove(1 + played % 6)
        else:
            game.bonus_place(_empty_from(game, 7 * played), 1 + played % 6)
        played += 1
    return played


def _empty_from(game, start):
    for k in range(25):
        cell = (k + start) % 25
        if not game.grid[cell]:
            return cell
    return 0
