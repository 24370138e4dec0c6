"""Dominoes' records and saved matches trust nothing: every field is checked, a refused record is None (or the
defaults), every accepted state saves again, counters saturate so what the game writes its loader accepts; the
match record per CPU level and the Records screen's rows."""
import struct

import pytest

from engine import dominoes as dm
from engine.dominoes_cpu import DominoesCpu
from engine.dominoes import EASY, HARD, NORMAL, NO_MOVE
from engine.dominoes_load import load_game, load_state
from engine.dominoes_state import SAVE_VERSION
from pips import saves
from pips.dominoes import records, saved
from pips.dominoes.records import COUNTER_MAX, OPPONENT, PEOPLE, TARGET, WON
from tests.simkit import DictStore, lost, make_sim, start_dominoes, won

_LAST_TILE = 38  # offsets in the engine's state header ("<BBBBBBBBHHHIIIIBHHBBBB")
_LAST_KIND = 36
_ROUND_NO = 8


def _game_after(seed, actions):
    """A seeded game after `actions` CPU-vs-CPU steps (Normal both sides)."""
    game = dm.DominoesGame(seed)
    cpu = DominoesCpu(NORMAL, seed)
    for _ in range(actions):
        if game.phase != dm.PLAYING:
            break
        m = cpu.choose(game)
        if m == NO_MOVE:
            game.no_move()
        else:
            game.play_move(m)
    return game


def _game_that_just_drew():
    for seed in range(1, 200):
        game = dm.DominoesGame(seed)
        cpu = DominoesCpu(NORMAL, seed)
        while game.phase == dm.PLAYING:
            m = cpu.choose(game)
            if m == NO_MOVE:
                game.no_move()
                if game.last_kind == dm.LAST_DRAW and game.phase == dm.PLAYING:
                    return game
            else:
                game.play_move(m)
    raise AssertionError("no draw in 200 seeds")


def _store_with(state, opponent=NORMAL):
    store = DictStore()
    store.save(saves.DOMINOES_GAME, bytes([2, opponent]) + bytes(state))
    return store


def test_a_saved_match_round_trips_with_its_opponent():
    game = _game_after(3, 9)
    store = DictStore()
    saved.save_game(store, game, PEOPLE)
    loaded, opponent = saved.load_game(store)
    assert opponent == PEOPLE and loaded.save() == game.save()


def test_a_last_drawn_tile_of_200_is_refused_not_a_crash(tmp_path):
    game = _game_that_just_drew()
    state = bytearray(game.save())
    assert state[_LAST_KIND] == dm.LAST_DRAW
    state[_LAST_TILE] = 200
    store = _store_with(state)
    assert saved.load_game(store) is None
    # the app opens Dominoes on that store: a fresh match, no IndexError
    sim = make_sim(tmp_path, store=store, seed=3)
    start_dominoes(sim.app)
    scene = sim.app.top()
    assert scene.game.round_no == 1 and scene.strip.note != "Match resumed"
    for _ in range(30):
        sim.frame()


def test_a_drawn_tile_that_is_not_in_the_drawers_hand_is_refused():
    game = _game_that_just_drew()
    state = bytearray(game.save())
    other = [t for t in range(28) if not game.hands[game.last_player] & (1 << t)][0]
    state[_LAST_TILE] = other
    assert saved.load_game(_store_with(state)) is None


def test_round_65535_resumes_plays_on_and_saves_again(tmp_path):
    game = _game_after(5, 4)
    state = bytearray(game.save())
    struct.pack_into("<H", state, _ROUND_NO, dm.ROUND_MAX)
    store = _store_with(state)
    loaded, _ = saved.load_game(store)
    assert loaded.round_no == dm.ROUND_MAX
    again = loaded.save()  # used to raise struct.error after the round number passed 65,535
    assert load_game(again).round_no == dm.ROUND_MAX
    # play into the next round: the round number saturates
    loaded.abandon_round()
    assert loaded.round_no == dm.ROUND_MAX
    assert load_game(loaded.save()).round_no == dm.ROUND_MAX
    # and through the app: resume, Save & quit
    sim = make_sim(tmp_path, store=store, seed=3)
    start_dominoes(sim.app)
    scene = sim.app.top()
    assert scene.strip.note == "Match resumed"
    scene.new_round()
    scene.save_game()
    assert saved.load_game(store)[0].round_no == dm.ROUND_MAX


@pytest.mark.parametrize("seed", [2, 7, 11])
def test_every_state_the_loader_accepts_saves_again(seed):
    """Change each byte of a real save to a spread of values: whatever loads must save, and load again."""
    for steps in (0, 7, 40):
        state = _game_after(seed, steps).save()
        accepted = 0
        for i in range(len(state)):
            for value in (0, 1, 2, 3, 6, 27, 28, 100, 200, 254, 255):
                data = bytearray(state)
                data[i] = value
                game = dm.DominoesGame(1)
                try:
                    load_state(game, bytes(data))
                except ValueError:
                    continue
                accepted += 1
                again = game.save()
                assert load_game(again).save() == again
        assert accepted >= len(state)  # the unchanged values among them, at least


def test_states_that_contradict_themselves_are_refused():
    game = _game_after(4, 6)
    good = game.save()
    cases = {
        "phase past the last": (1, 3),
        "a turn of seat 2": (2, 2),
        "a tie while the round is under way": (7, 1),
        "a version from elsewhere": (0, SAVE_VERSION + 1),
    }
    for name, (offset, value) in cases.items():
        data = bytearray(good)
        data[offset] = value
        with pytest.raises(ValueError):
            load_game(bytes(data))
    data = bytearray(good)
    struct.pack_into("<H", data, 10, 77)  # a match target that is not a choice
    with pytest.raises(ValueError):
        load_game(bytes(data))
    data = bytearray(good)
    struct.pack_into("<H", data, 31, 500)  # a score past the target while the match goes on
    with pytest.raises(ValueError):
        load_game(bytes(data))
    data = bytearray(good)
    struct.pack_into("<H", data, _ROUND_NO, 0)
    with pytest.raises(ValueError):
        load_game(bytes(data))


def test_a_foreign_opponent_byte_is_refused():
    state = _game_after(3, 5).save()
    assert saved.load_game(_store_with(state, 4)) is None
    assert saved.load_game(_store_with(state, PEOPLE)) is not None


def _noted(store, *matches):
    """A new record with each (opponent, won) match noted in it in turn (and saved in `store`)."""
    record = records.new_record()
    for opponent, won_it in matches:
        records.note_match(store, record, opponent, won_it)
    return record


def test_the_record_counts_per_level_saturates_and_is_saved():
    store = DictStore()
    record = _noted(store, (HARD, True), (HARD, False), (EASY, True), (PEOPLE, False))
    assert [won(record, k) for k in range(4)] == [1, 0, 1, 0] and [lost(record, k) for k in range(4)] == [0, 0, 1, 1]
    assert records.load_record(store) == record
    record[WON + 2 * NORMAL] = COUNTER_MAX
    records.note_match(store, record, NORMAL, True)
    assert won(record, NORMAL) == COUNTER_MAX
    again = records.new_record()
    assert records.decode(again, records.encode(record)) and again == record


def test_the_record_is_the_flash_formats_fields():
    record = records.new_record()
    record[OPPONENT] = PEOPLE
    record[TARGET] = 2
    record[WON + 2 * EASY] = 258
    record[WON + 2 * HARD + 1] = 7
    assert records.encode(record) == struct.pack("<BBB8H", 2, PEOPLE, 2, 258, 0, 0, 0, 0, 7, 0, 0)


def test_bad_records_leave_the_defaults():
    good = records.new_record()
    good[OPPONENT] = HARD
    good[TARGET] = 2
    data = records.encode(good)
    for offset, value in ((1, 4), (2, 3), (0, 9)):
        bad = bytearray(data)
        bad[offset] = value
        record = records.new_record()
        assert not records.decode(record, bytes(bad))
        assert record == [NORMAL, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert not records.decode(records.new_record(), data[:-1])
    assert records.load_record(None) == records.new_record()


def test_an_old_record_keeps_its_counts_under_its_level():
    old = bytes([1, 5, 0, 3, 1, HARD, 0])  # v1: won 5, lost 259, Hard, target index 0
    record = records.new_record()
    assert records.decode(record, old)
    assert record[OPPONENT] == HARD and record[TARGET] == 0
    assert won(record, HARD) == 5 and lost(record, HARD) == 259 and sum(record[WON:]) == 264


def test_summary_rows_for_the_records_screen():
    store = DictStore()
    _noted(store, (EASY, True), (NORMAL, False), (PEOPLE, True))
    rows = records.summary_rows(store)
    assert all(isinstance(label, str) and isinstance(value, str) for label, value in rows)
    assert rows == [("vs Easy W/L", "1 / 0 (100%)"), ("vs Normal W/L", "0 / 1 (0%)"), ("vs Hard W/L", "0 / 0"),
                    ("2 players P1/P2", "1 / 0"), ("Rounds played", "0")]
    assert records.summary_rows(None)[0] == ("vs Easy W/L", "0 / 0")


def test_win_rate_is_rounded_down_and_blank_before_a_match():
    assert records.win_rate(0, 0) == ""
    assert records.win_rate(5, 3) == "62%" and records.win_rate(2, 1) == "66%"
    assert records.win_rate(999, 1) == "99%" and records.win_rate(4, 0) == "100%" and records.win_rate(0, 7) == "0%"
    assert records.win_rate(COUNTER_MAX, COUNTER_MAX) == "50%"
