"""Dice Duel's saved game (DICE_DUEL_GAME), apart from the records: what the game loads to keep itself (Save & quit,
the autosave) and the setup to resume it.

    DICE_DUEL_GAME: version 2, each seat's CPU level (MAX_PLAYERS bytes), then the engine's state bytes
                    (engine.dice_duel_state). Version 1 (the state alone) still loads: its CPUs play Hard, the
                    one CPU there was before levels.
Every field is checked: the state by the engine, a level out of range refuses the saved game.
"""
from micropython import const

from engine import dice_duel as dd
from pips import saved_game
from pips.saves import DICE_DUEL_GAME

_GAME_VERSION = const(2)
_OLD_GAME_VERSION = const(1)  # the state alone: its CPUs play Hard


def save_game(store, game):
    payload = bytearray(dd.MAX_PLAYERS + dd.STATE_BYTES)
    payload[:dd.MAX_PLAYERS] = game.levels
    game.save_into(payload, dd.MAX_PLAYERS)
    return saved_game.save(store, DICE_DUEL_GAME, _GAME_VERSION, payload)


def load_game(store):
    """The saved game, or None: no record, or one that does not load (a level out of range too) or is already
    over (then refused: cleared, and the player told once)."""
    data = saved_game.load(store, DICE_DUEL_GAME, _GAME_VERSION, _OLD_GAME_VERSION)
    if data is None:
        return None
    try:
        if data[0] == _GAME_VERSION:
            game = dd.DiceDuel(1, 1, 0, data[1:1 + dd.MAX_PLAYERS])  # (a level out of range: ValueError)
            game.load_from(data, 1 + dd.MAX_PLAYERS)
        else:
            game = dd.DiceDuel(1, 1)  # before levels: its CPUs play Hard
            game.load_from(data, 1)
        if game.is_over():
            raise ValueError("saved game over")
    except ValueError:
        saved_game.refuse(store, DICE_DUEL_GAME)
        return None
    return game
