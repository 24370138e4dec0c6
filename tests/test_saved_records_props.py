"""Saved games crafted with the project's own encoders — every field at its bounds and beyond — run through the
app: open the game, play a few keys, Save & quit, open it again. Nothing may raise, the other records must stay as
they were, a refused record is cleared and told once, and whatever the game writes its loader takes back.

Adding a game is one GAMES entry: (catalog key, saved-game kind, best-scores kind, a function yielding (label, engine game) variants,
its saved-game module, how the game scene is reached)."""
import gc
import struct

import pytest

from engine import dice_duel as dd
from engine import dominoes as dm
from engine import dymino as dy
from engine import dymino_score
from engine import wuerfelglanz as w
from pips import actions, saved_game, saves
from pips.dice_duel import saved as duel_saved
from pips.dominoes import saved as dominoes_saved
from pips.dymino import saved as dymino_saved
from pips.scenes.results import ResultsScene
from pips.store import Store
from pips.wuerfelglanz import records as wg_records
from sim.flash import EraseBlockArea, MemoryMirror
from tests.simkit import make_sim

LIMIT = 0x3FFFFFFF
COUNTS = (0, 1, LIMIT - 1, LIMIT, LIMIT + 1, 0xFFFFFFFF)  # 32-bit counters: at, around and past the limit
BYTES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 254, 255)


def _fields(make, fields, values):
    """A fresh game from make() for each field set to each value."""
    for field in fields:
        for value in values:
            game = make()
            setattr(game, field, value)
            yield "%s=%d" % (field, value), game


def _wuerfelglanz():
    base = w.Game(5, w.RULE_STRAIGHT)
    yield from _fields(lambda: w.Game(5), ("score", "moves", "popped_total"), COUNTS)
    yield from _fields(lambda: w.Game(5), ("rule", "piece_len", "piece_a", "piece_b"), BYTES)
    for code in (w.JOKER, w.JOKER + 1, 255):
        for cells in (1, 24, 25):
            game = w.Game(5)
            for cell in range(cells):
                game.board[cell] = code if cell % 2 == 0 or code != w.JOKER else 1 + cell % 6
            yield "board %d cells of %d" % (cells, code), game
    yield "fresh", base


def _dymino():
    yield from _fields(lambda: dy.Dymino(5), ("turns", "merges"), COUNTS)
    yield from _fields(lambda: dy.Dymino(5), ("phase", "next_die", "bonus", "longest_series"), BYTES)
    for first, second in ((0, 1), (6, 6), (7, 1), (1, 255)):
        game = dy.Dymino(5)
        game.roll[0] = first
        game.roll[1] = second
        yield "roll %d %d" % (first, second), game
    for value in (6, 7, 255):
        for cells in (1, 24, 25):
            game = dy.Dymino(5)
            for cell in range(cells):
                game.grid[cell] = value if cell % 3 == 0 else 1 + cell % 5
            yield "grid %d cells of %d" % (cells, value), game
    game = dy.Dymino(5)
    game.score[:] = b"\x09" * dymino_score.SCORE_DIGITS  # the largest score: saturated
    yield "score all nines", game


def _dice_duel():
    for players, cpu_mask in ((1, 0), (1, 1), (2, 2), (2, 3), (4, 14), (4, 15), (0, 0), (5, 0)):
        game = dd.DiceDuel(min(max(players, 1), 4), 9, 0)
        game.players = players
        game.cpu_mask = cpu_mask
        yield "players %d cpu %d" % (players, cpu_mask), game
    yield from _fields(lambda: dd.DiceDuel(2, 9, 2), ("first", "current", "phase", "rolls_left", "keep",
                                                       "picks_left", "flags", "last_taker", "round", "last_aside"),
                       BYTES + (31, 32))
    for phase in (dd.PHASE_ROLL, dd.PHASE_CHOOSE):
        for dice in ((6, 6, 6, 6, 6), (1, 2, 3, 4, 5), (0, 0, 0, 0, 0), (7, 1, 1, 1, 1)):
            for picks in (0, 1, 2, 3):
                for players in (1, 2):
                    game = dd.DiceDuel(players, 9, 0)
                    game.phase = phase
                    game.rolls_left = 1
                    game.dice[:] = bytes(dice)
                    game.picks_left = picks
                    yield "phase %d dice %s picks %d players %d" % (phase, dice, picks, players), game
    for kind in (0, 6):
        for field, value in (("tray", 0), ("tray", 5), ("aside", 1), ("held", 1)):
            game = dd.DiceDuel(2, 9, 0)
            getattr(game, field)[kind] = value
            yield "%s[%d]=%d" % (field, kind, value), game
    for rolloff in (0, 6, 7, 255):
        game = dd.DiceDuel(3, 9, 0)
        game.rolloff[2] = rolloff
        yield "rolloff %d" % rolloff, game


def _dominoes():
    def played(moves):
        """A match a few moves in (each move the first legal one, else a draw or a pass)."""
        game = dm.DominoesGame(7)
        for _ in range(moves):
            if game.phase != dm.PLAYING:
                break
            if game.legal_moves():
                move = game.moves[0]
                game.play_move(move)
            elif game.draw() != dm.OK:
                game.pass_turn()
        return game
    yield from _fields(lambda: played(4), ("round_no", "target"), (0, 1, 65534, 65535, 65536))
    yield from _fields(lambda: played(4), ("phase", "turn", "leader", "lead_tile", "last_kind", "last_player",
                                           "last_tile", "draw_pos", "round_winner", "round_blocked"), BYTES + (27, 28, 200))
    for score in (0, 99, 65535, 65536):
        game = played(6)
        game.scores[0] = score
        yield "score %d" % score, game
    for hand in (0, 1, (1 << 28) - 1, 1 << 28):
        game = played(2)
        game.hands[1] = hand
        yield "hand %x" % hand, game
    yield "fresh", dm.DominoesGame(7)


def _open_duel(sim):
    """Dice Duel opens on its setup screen: resume the saved game there when it offers one."""
    setup = sim.app.top()
    if "Resume saved" in getattr(setup, "rows", ()):
        setup.list.cursor = setup.rows.index("Resume saved")
        sim.app.dispatch(actions.A)


GAMES = [
    ("wuerfelglanz", saves.WUERFELGLANZ_GAME, saves.WUERFELGLANZ_BEST, _wuerfelglanz, wg_records,
     lambda store, game: wg_records.save_game(store, game, 1000), None),
    ("dymino", saves.DYMINO_GAME, saves.DYMINO_BEST, _dymino, dymino_saved, dymino_saved.save_game, None),
    ("diceduel", saves.DICE_DUEL_GAME, saves.DICE_DUEL_BEST, _dice_duel, duel_saved, duel_saved.save_game, _open_duel),
    ("dominoes", saves.DOMINOES_GAME, saves.DOMINOES_RECORD, _dominoes, dominoes_saved,
     lambda store, game: dominoes_saved.save_game(store, game, 1), None),
]

OTHERS = {  # every other record present, as a player would have them
    saves.SETTINGS: bytes((1, 0, 2, 3)),
    saves.WUERFELGLANZ_BEST: b"\x01\x01\x01" + bytes(8),
    saves.DYMINO_BEST: b"\x01\x00",
    saves.DOMINOES_RECORD: b"\x01\x02\x03",
    saves.DICE_DUEL_BEST: b"\x01\x10\x01",
}


def _crafted(save_game, game):
    """The record the game's own encoder writes for `game`, or None when the encoder itself cannot write it."""
    scratch = Store(EraseBlockArea(), saves.LAYOUT)
    try:
        save_game(scratch, game)
    except (ValueError, OverflowError, IndexError, TypeError, struct.error):
        return None
    return scratch


def _play_a_little(sim):
    """A few presses, each followed by ticks on the clock (CPU turns, animations), without drawing frames."""
    for action in (actions.A, actions.RIGHT, actions.A, actions.DOWN, actions.A, actions.B, actions.A):
        sim.app.dispatch(action)
        for _ in range(3):
            sim.clock.advance(200)
            sim.app.tick(sim.clock.ticks_ms())


@pytest.mark.parametrize("key, kind, best_kind, variants, records, save_game, opener", GAMES,
                         ids=[g[0] for g in GAMES])
def test_crafted_saved_games_open_play_save_and_reopen(key, kind, best_kind, variants, records, save_game, opener,
                                                       tmp_path, monkeypatch):
    monkeypatch.setattr(gc, "collect", lambda: 0)  # the app's RAM hygiene between games: seconds here, no value
    sim = make_sim(tmp_path, seed=3)
    tried = refused = accepted = 0
    for label, game in variants():
        crafted = _crafted(save_game, game)
        if crafted is None:
            continue
        tried += 1
        store = Store(EraseBlockArea(), saves.LAYOUT, MemoryMirror())
        for other, payload in OTHERS.items():
            store.save(other, payload)
        store.save(kind, crafted.load(kind))
        sim.app.store = store
        sim.app.start(key)
        if isinstance(sim.app.top(), ResultsScene):  # the loader refused it: told once, then cleared
            refused += 1
            assert store.load(kind) is None, label
            sim.app.dispatch(actions.A)
        else:
            accepted += 1
        if opener is not None:
            opener(sim)
        _play_a_little(sim)
        scene = sim.app.stack[0]
        if getattr(scene, "save_game", None) is not None and len(sim.app.stack) == 1:
            sim.app.pause(scene)
            sim.app.top().choose("Save & quit")
        sim.app.to_menu()
        written = store.load(kind)
        if written is not None:  # what the game wrote, its loader takes back
            check = Store(EraseBlockArea(), saves.LAYOUT)
            check.save(kind, written)
            assert records.load_game(check) is not None, label
            assert saved_game.take_notice() is None, (label, "the game wrote a record it refuses")
        sim.app.start(key)
        assert not isinstance(sim.app.top(), ResultsScene), label
        for other, payload in OTHERS.items():
            if other == best_kind:  # the game may enter a new best, never lose the record
                assert store.load(other) is not None, label
            else:
                assert store.load(other) == payload, (label, other)
        sim.app.to_menu()
    assert tried >= 40 and refused >= 10 and accepted >= 5, (tried, refused, accepted)
