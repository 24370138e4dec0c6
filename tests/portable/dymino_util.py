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


def likes(game, cell, value):
    """How many neighbours of `cell` show `value`: a cheap greedy taste, so merges and series happen often."""
    nb = game.board.neighbours
    n = 0
    for k in range(4 * cell, 4 * cell + 4):
        j = nb[k]
        if j != 255 and game.grid[j] == value:
            n += 1
    return n


def choose_tasty(game, chooser, move):
    """A legal action for `game` into `move` (bytearray: cell, rotation, value): the tastiest of 24 random tries
    drawn from `chooser` (an engine Rng), else the first legal spot. Allocates nothing, so MicroPython scripts
    (allocation test, bench) use it between locked actions."""
    from engine import dymino as d
    best = -1
    for _ in range(24):
        cell = chooser.below(25)
        rot = chooser.below(4)
        value = chooser.below(6) + 1
        if game.phase == d.PHASE_PAIR:
            if game.check_pair(cell, rot) != d.OK:
                continue
            taste = likes(game, cell, game.roll[0]) + likes(game, game.partner(cell, rot), game.roll[1])
        elif game.phase == d.PHASE_SINGLE:
            if game.check_single(cell) != d.OK:
                continue
            taste = likes(game, cell, game.die_to_place())
        elif game.bonus == d.POWER_REMOVE:
            taste = 0
        else:
            if game.check_bonus_place(cell, value) != d.OK:
                continue
            taste = likes(game, cell, value)
        if taste > best:
            best = taste
            move[0] = cell
            move[1] = rot
            move[2] = value
    if best >= 0:
        return
    for cell in range(25):
        for rot in range(4):
            if (game.phase == d.PHASE_PAIR and game.check_pair(cell, rot) == d.OK) or (
                    game.phase != d.PHASE_PAIR and not game.grid[cell]):
                move[0] = cell
                move[1] = rot
                move[2] = 1 + cell % 6
                return
    raise AssertionError("no legal move although the game is not over")


def act(game, move):
    """Play the action chosen into `move` by choose_tasty."""
    from engine import dymino as d
    cell = move[0]
    phase = game.phase
    if phase == d.PHASE_PAIR:
        return game.place_pair(cell, move[1])
    if phase == d.PHASE_SINGLE:
        return game.place_single(cell)
    if game.bonus == d.POWER_REMOVE:
        return game.bonus_remove(move[2])
    return game.bonus_place(cell, move[2])
