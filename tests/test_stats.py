"""Statistics (pips.stats) kept at each round's end and shown on the Records screen."""
from engine import dice_duel as dd
from engine import dymino as dy
from engine import wuerfelglanz as w
from engine.dice_duel_combos import BIT_KNIFFEL
from pips import saves, stats
from pips.dymino import records as dymino_records
from pips.dymino import results as dymino_results
from pips.platform import STORAGE_BYTES
from pips.scenes.records import record_lines
from pips.store import Store
from sim.bot import wuerfelglanz as wbot
from tests.simkit import DictStore, make_sim, start_dominoes, start_solo_dice_duel


def test_counters_add_raise_stop_at_the_limit_and_a_bad_record_reads_as_zeros():
    store = DictStore()
    assert stats.load(store) == [0] * stats.FIELDS
    stats.update(store, ((stats.WUERFELGLANZ_ROUNDS, 1), (stats.WUERFELGLANZ_POINTS, 250)))
    stats.update(store, ((stats.WUERFELGLANZ_ROUNDS, 1), (stats.WUERFELGLANZ_POINTS, 101)),
                 ((stats.DYMINO_LONGEST_SERIES, 4),))
    stats.update(store, (), ((stats.DYMINO_LONGEST_SERIES, 3),))  # lower: kept at 4
    counters = stats.load(store)
    assert counters[stats.WUERFELGLANZ_ROUNDS] == 2 and counters[stats.WUERFELGLANZ_POINTS] == 351
    assert counters[stats.DYMINO_LONGEST_SERIES] == 4
    assert stats.average(351, 2) == 176 and stats.average(0, 0) == 0
    stats.update(store, ((stats.DICE_DUEL_KNIFFELS, stats.LIMIT),))
    stats.update(store, ((stats.DICE_DUEL_KNIFFELS, stats.LIMIT),))
    assert stats.load(store)[stats.DICE_DUEL_KNIFFELS] == stats.LIMIT
    for bad in (b"", b"\x01", b"\x02" + bytes(32), b"\x01" + bytes(31)):
        store.records[saves.STATS] = bad
        assert stats.load(store) == [0] * stats.FIELDS


def test_saves_made_before_the_stats_record_still_load():
    area = bytearray(STORAGE_BYTES)
    old = Store(area, saves.LAYOUT[:-1])  # the layout before STATS was added at its end
    old.save(saves.DICE_DUEL_BEST, b"\x01\x10\x02")
    new = Store(area, saves.LAYOUT)
    assert new.load(saves.DICE_DUEL_BEST) == b"\x01\x10\x02"
    stats.update(new, ((stats.DYMINO_GAMES, 3),))
    assert stats.load(Store(area, saves.LAYOUT))[stats.DYMINO_GAMES] == 3


def test_a_wuerfelglanz_round_counts_with_its_score(tmp_path):
    store = DictStore()
    sim = make_sim(tmp_path, store=store, seed=5)
    sim.app.start("wuerfelglanz")
    scene = sim.app.top()
    scratch = w.Game(1)
    while not scene.game.round_over:
        wbot.press_move(sim.app, scene, wbot.choose(scene.game, scratch))
        wbot.settle(sim, scene)
    counters = stats.load(store)
    assert counters[stats.WUERFELGLANZ_ROUNDS] == 1 and counters[stats.WUERFELGLANZ_POINTS] == scene.game.score > 0
    lines, _ = record_lines(store)
    assert any(line.startswith("Rounds played") and line.endswith(" 1") for line in lines)
    assert any(line.startswith("Average score") and line.endswith(" %d" % scene.game.score) for line in lines)


def test_a_dymino_game_counts_with_its_longest_series():
    store = DictStore()
    game = dy.Dymino(1)
    game.longest_series = 3
    dymino_results.record(store, game)
    game.longest_series = 2
    dymino_results.record(store, game)
    counters = stats.load(store)
    assert counters[stats.DYMINO_GAMES] == 2 and counters[stats.DYMINO_LONGEST_SERIES] == 3
    rows = dict(dymino_records.summary_rows(store))
    assert rows["Games played"] == "2" and rows["Longest series"] == "3"


def test_a_solo_dice_duel_counts_its_points_and_the_kniffels_thrown(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    store = sim.app.store
    scene.game.mask |= BIT_KNIFFEL
    scene._rolled()  # as if the roll had been five of a kind
    scene.game.mask = 0
    game = scene.game
    while not game.is_over():  # play it out: roll once, take the first chip offered, or decline
        if game.phase == dd.PHASE_ROLL:
            game.roll()
        if game.phase == dd.PHASE_ROLL:
            game.stop()
        assert game.take(game.best_choice()) == dd.OK
    scene._finish()
    counters = stats.load(store)
    assert counters[stats.DICE_DUEL_GAMES] == 1 and counters[stats.DICE_DUEL_SOLO_GAMES] == 1
    assert counters[stats.DICE_DUEL_SOLO_POINTS] == game.score(0)
    assert counters[stats.DICE_DUEL_KNIFFELS] == 1
    lines, _ = record_lines(store)
    assert any(line.startswith("Kniffels thrown") and line.endswith(" 1") for line in lines)


def test_a_record_from_before_the_dominoes_field_keeps_its_counters():
    store = DictStore()
    old = bytearray(1 + 4 * 8)  # version 1 with the first eight fields only
    old[0] = 1
    old[1 + 4 * stats.DYMINO_GAMES] = 7
    store.records[saves.STATS] = bytes(old)
    counters = stats.load(store)
    assert counters[stats.DYMINO_GAMES] == 7 and counters[stats.DOMINOES_ROUNDS] == 0
    stats.update(store, ((stats.DOMINOES_ROUNDS, 1),))
    counters = stats.load(store)
    assert counters[stats.DYMINO_GAMES] == 7 and counters[stats.DOMINOES_ROUNDS] == 1


def test_each_dominoes_round_shown_counts_once(tmp_path):
    from engine import dominoes as dm
    store = DictStore()
    sim = make_sim(tmp_path, store=store, seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    for rounds in (1, 2):
        scene.game.round_winner = dm.PERSON
        scene.game.phase = 1  # between rounds (engine.dominoes: _ROUND_OVER)
        scene._show_round_result()
        sim.app.pop()
        assert stats.load(store)[stats.DOMINOES_ROUNDS] == rounds
    lines, _ = record_lines(store)
    assert any(line.startswith("Rounds played") and line.endswith(" 2") for line in lines)
