"""Dymino's saved game (DYMINO_GAME), apart from the records: what the game loads to keep itself (Save & quit, the
autosave) and to resume.

    DYMINO_GAME: version, then the engine's state bytes, then from this version a byte: 1 if hints were shown
"""
from engine.dymino_rules import PHASE_OVER, STATE_BYTES
from pips import saved_game
from pips.saves import DYMINO_GAME

from micropython import const

_GAME_VERSION = const(1)


def save_game(store, game, hinted=False):
    state = bytearray(STATE_BYTES + 1)
    game.save_into(state, 0)
    state[STATE_BYTES] = 1 if hinted else 0
    return saved_game.save(store, DYMINO_GAME, _GAME_VERSION, state)


def saved_hinted(store):
    """Whether the saved game (if any) had hints shown; read before load_game clears nothing, so either order."""
    data = store.load(DYMINO_GAME) if store is not None else None
    return bool(data) and len(data) == 2 + STATE_BYTES and data[-1] == 1


def load_game(store):
    """The saved game (a Dymino), or None: no record, or one that does not load or is already over (then
    refused: cleared, and the player told once)."""
    state = saved_game.load(store, DYMINO_GAME, _GAME_VERSION)
    if state is None:
        return None
    try:
        if len(state) == STATE_BYTES + 1:
            state = state[:STATE_BYTES]  # the hinted byte (saved_hinted)
        elif len(state) != STATE_BYTES:
            raise ValueError("saved game size")
        from engine.dymino import Dymino  # (the engine only where a game loads: not for the Records screen)
        game = Dymino.from_bytes(state)
        if game.phase == PHASE_OVER:
            raise ValueError("saved game over")
    except ValueError:
        saved_game.refuse(store, DYMINO_GAME)
        return None
    return game
