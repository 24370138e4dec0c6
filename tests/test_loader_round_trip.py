"""Every state a loader accepts survives a save right after loading, and after one more move (issue 14, point 2).

Valid states of Wuerfelglanz, Dymino and Dice Duel are damaged at random (values biased to the edges: 0, 1, the
small-int limit's top byte, 254, 255); whatever the engine's loader accepts must write, reload to the same bytes,
take a move, and write again."""
import random

import pytest

from engine import dice_duel as dd
from engine import dymino as dy
from engine import wuerfelglanz as w

EDGES = (0, 1, 2, 5, 6, 7, 8, 0x3F, 0x40, 0x7F, 0x80, 254, 255)
TRIALS = 3000


def _wuerfelglanz_move(game):
    for cell in range(w.BOARD_SIZE * w.BOARD_SIZE):
        for rotation in range(4):
            if game.place(cell % w.BOARD_SIZE, cell // w.BOARD_SIZE, rotation) == w.PLACED:
                return


def _dymino_move(game):
    for cell in range(dy.CELLS):
        if game.phase == dy.PHASE_PAIR:
            for rotation in range(4):
                if game.place_pair(cell, rotation) == dy.OK:
                    return
        elif game.phase == dy.PHASE_SINGLE and game.place_single(cell) == dy.OK:
            return
        elif game.phase == dy.PHASE_BONUS:
            if game.bonus_remove(1 + cell % 6) == dy.OK or game.bonus_place(cell, 1 + cell % 6) == dy.OK:
                return


def _dice_duel_move(game):
    if game.phase == dd.PHASE_ROLL:
        if game.roll() != dd.OK:
            game.stop()
    elif game.phase == dd.PHASE_CHOOSE:
        legal = game.choices()
        choice = dd.CHOICE_NONE
        for bit in range(16):
            if legal >> bit & 1:
                choice = bit
                break
        game.take(choice)


def _wuerfelglanz_states():
    for seed in (1, 2, 3):
        game = w.Game(seed, seed % 2)
        for _ in range(seed * 4):
            _wuerfelglanz_move(game)
        yield game.to_bytes()


def _dymino_states():
    for seed in (1, 2, 3):
        game = dy.Dymino(seed)
        for _ in range(seed * 5):
            _dymino_move(game)
        yield game.to_bytes()


def _dice_duel_states():
    for players, cpu_mask in ((1, 0), (2, 2), (4, 6)):
        game = dd.DiceDuel(players, players, cpu_mask)
        for _ in range(players * 7):
            _dice_duel_move(game)
        yield game.to_bytes()


ENGINES = [
    ("wuerfelglanz", _wuerfelglanz_states, lambda data: _loaded(w.Game(1), data), _wuerfelglanz_move),
    ("dymino", _dymino_states, dy.Dymino.from_bytes, _dymino_move),
    ("diceduel", _dice_duel_states, dd.from_bytes, _dice_duel_move),
]


def _loaded(game, data):
    game.load_from(data, 0)
    return game


@pytest.mark.parametrize("name, states, load, move", ENGINES, ids=[e[0] for e in ENGINES])
def test_whatever_a_loader_accepts_saves_reloads_and_plays_on(name, states, load, move):
    rng = random.Random(name)
    bases = list(states())
    accepted = 0
    for trial in range(TRIALS):
        data = bytearray(bases[trial % len(bases)])
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(1, len(data))] = rng.choice(EDGES) if rng.random() < 0.7 else rng.randrange(256)
        try:
            game = load(bytes(data))
        except ValueError:
            continue
        accepted += 1
        saved = game.to_bytes()
        assert load(saved).to_bytes() == saved, (name, bytes(data).hex())
        move(game)
        load(game.to_bytes())  # the state after a move is one its loader takes back
    assert accepted >= TRIALS // 20, accepted
