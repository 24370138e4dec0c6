"""Dominoes' saved match (DOMINOES_GAME), apart from the records: what the game loads to keep itself (Save & quit,
the autosave) and to resume, and the setup to offer Resume.

    DOMINOES_GAME v2: version, the opponent of the match, then the engine's state bytes (engine.dominoes_state)
Every field is checked before it is trusted; anything wrong and the record is refused (the loader returns None).
"""
from engine import dominoes as dm
from pips import modules, saved_game
from pips.dominoes.records import PEOPLE
from pips.saves import DOMINOES_GAME

from micropython import const

_GAME_VERSION = const(2)


def save_game(store, game, opponent):
    before = modules.loaded()
    state = game.save()
    modules.unload_since(before)  # the state's code (engine.dominoes_state) is needed once
    payload = bytearray(1 + len(state))
    payload[0] = opponent
    payload[1:] = state
    return saved_game.save(store, DOMINOES_GAME, _GAME_VERSION, payload)


def load_game(store):
    """The saved match as (DominoesGame, opponent), or None: no record, or one that does not load (every field
    is checked) or is already over (then refused: cleared, and the player told once)."""
    data = saved_game.load(store, DOMINOES_GAME, _GAME_VERSION)
    if data is None:
        return None
    before = modules.loaded()
    try:
        if len(data) < 2 or data[0] > PEOPLE:
            raise ValueError("saved opponent")
        from engine.dominoes_load import load_game
        game = load_game(data[1:])
        if game.phase == dm.MATCH_OVER:
            raise ValueError("saved match over")
    except ValueError:
        saved_game.refuse(store, DOMINOES_GAME)
        return None
    finally:
        modules.unload_since(before)  # the loader's checks (engine.dominoes_load) are needed once
    return game, data[0]
