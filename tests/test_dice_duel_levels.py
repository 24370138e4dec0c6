"""Dice Duel's CPU levels: three different policies, in order of strength, and levels out of range refused.

The full measurement (2,000 games a pair) is docs/dice_duel_levels.md; here a small fixed sample whose margins are
far from the goals (at 200 games a pair the 95 % interval is about ±5 points)."""
import pytest

from engine import dice_duel as dd
from engine.dice_duel_cpu import DiceDuelCpu, STOP, THINKING, apply_keep
from engine.dice_duel_combos import CHIP_VALUES
from engine.dice_duel_rules import LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, LEVELS, NORMAL_STOP_KIND
from bench.bench_dice_duel import level_deal, level_solo

SAMPLE_DEALS = 100  # 200 games a pair, seats swapped


def _win_share(first, second):
    results = [level_deal((seed, first, second))[0] / 2 for seed in range(SAMPLE_DEALS)]
    return sum(results) / len(results)


def test_normal_beats_easy():
    assert _win_share(LEVEL_NORMAL, LEVEL_EASY) > 0.6  # measured 84.8 % over 1,000 games


def test_hard_beats_easy():
    assert _win_share(LEVEL_HARD, LEVEL_EASY) > 0.6  # measured 89.8 % over 1,000 games


def test_hard_not_below_normal():
    # Hard over Normal is the narrow pair (about 60 %): a sample of 200 can only rule out an inversion
    assert _win_share(LEVEL_HARD, LEVEL_NORMAL) > 0.5


def test_solo_means_ordered():
    games = 60
    means = [sum(level_solo((seed, level)) for seed in range(games)) / games for level in range(LEVELS)]
    assert means[LEVEL_EASY] + 100 < means[LEVEL_NORMAL]  # ~633 against ~803 over 1,000 games


def _keep(level, values):
    game = dd.DiceDuel(2, seed=1, cpu_mask=3, levels=(level, level))
    assert game.set_dice(values) == dd.OK
    return DiceDuelCpu().choose_keep(game)


def test_each_level_its_own_keep():
    # 1 1 2 3 5 with two rolls left: Easy keeps its pair of ones, Normal the odd dice (a flush in one roll),
    # Hard 2 3 5 (the straights over two rolls)
    values = (1, 1, 2, 3, 5)
    assert _keep(LEVEL_EASY, values) == 0b00011
    assert _keep(LEVEL_NORMAL, values) == 0b11011
    assert _keep(LEVEL_HARD, values) == 0b11100


def test_easy_stops_on_any_chip_normal_only_on_a_good_one():
    two_pairs = (2, 2, 4, 4, 1)  # two pairs (5 points) and nothing better
    assert _keep(LEVEL_EASY, two_pairs) == STOP
    assert _keep(LEVEL_NORMAL, two_pairs) != STOP
    straight = (1, 2, 3, 4, 6)  # a small straight: 20 points
    assert _keep(LEVEL_NORMAL, straight) == STOP and CHIP_VALUES[NORMAL_STOP_KIND] == 20


def test_easy_answers_at_once_normal_and_hard_think_in_slices():
    cpu = DiceDuelCpu()
    slices = []
    for level in range(LEVELS):
        game = dd.DiceDuel(1, seed=3, cpu_mask=1, levels=(level,))
        game.set_dice((1, 1, 2, 3, 5))
        answer = cpu.begin_keep(game)
        count = 0
        while answer == THINKING:
            answer = cpu.think(game)
            count += 1
        slices.append(count)
    assert slices[LEVEL_EASY] == 0
    assert 0 < slices[LEVEL_NORMAL] < slices[LEVEL_HARD]


def test_choose_chip_by_level():
    # Hard weighs the bonuses (a kind it has not yet, the full stack); Easy and Normal take the most points
    game = dd.DiceDuel(2, seed=5, cpu_mask=3, levels=(LEVEL_EASY, LEVEL_EASY))
    game.set_dice((3, 3, 3, 5, 5))  # full house (30), three of a kind (10), two pairs (5)
    game.stop()
    cpu = DiceDuelCpu()
    assert cpu.choose_chip(game) == game.best_choice()
    game.levels[0] = game.levels[1] = LEVEL_NORMAL
    assert cpu.choose_chip(game) == game.best_choice()


def test_default_levels_are_hard():
    assert list(dd.DiceDuel(3, seed=1, cpu_mask=6).levels) == [LEVEL_HARD] * dd.MAX_PLAYERS
    assert list(dd.DiceDuel(2, seed=1, cpu_mask=2, levels=(LEVEL_EASY,)).levels) == [LEVEL_EASY] + [LEVEL_HARD] * 3


@pytest.mark.parametrize("levels", [(LEVELS,), (0, 0, 0, 0, 0), (-1,), (0, 255)])
def test_levels_out_of_range_refused(levels):
    with pytest.raises(ValueError):
        dd.DiceDuel(2, seed=1, cpu_mask=2, levels=levels)


def test_mixed_levels_play_to_the_end():
    cpu = DiceDuelCpu()
    game = dd.DiceDuel(4, seed=11, cpu_mask=15, levels=(LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, LEVEL_NORMAL))
    turns = 0
    while not game.is_over():
        if game.phase == dd.PHASE_ROLL:
            apply_keep(game, cpu.choose_keep(game))
        else:
            game.take(cpu.choose_chip(game))
        turns += 1
        assert turns < 10000


# ---- the app: the setup's level rows, remembered; the saved game keeps the levels ---------------------------------
def _sim(tmp_path, store=None):
    from tests.simkit import DictStore, make_sim
    sim = make_sim(tmp_path, store=store or DictStore(), seed=11)
    sim.app.start("diceduel")
    return sim


def _press(sim, *names):
    from pips import actions
    from tests.simkit import press_seen
    for name in names:
        press_seen(sim.app, getattr(actions, name))


def test_setup_sets_each_cpu_level_and_remembers_the_setup(tmp_path):
    from pips.dice_duel.scene import DiceDuelScene
    sim = _sim(tmp_path)
    setup = sim.app.top()
    _press(sim, "RIGHT", "DOWN", "RIGHT")  # vs CPU, 2 CPU players
    assert setup.rows[2:4] == ["CPU1 level", "CPU2 level"]
    assert setup.list.item_values[2:4] == ["Normal", "Normal"]  # the default
    _press(sim, "DOWN", "RIGHT", "DOWN", "LEFT", "LEFT")  # CPU1 Hard, CPU2 Normal -> Hard -> Easy... wraps
    assert setup.list.item_values[2:4] == ["Hard", "Hard"]
    _press(sim, "A")  # A on a level row changes it too
    assert setup.list.item_values[3] == "Easy"
    _press(sim, "DOWN", "A")
    scene = sim.app.top()
    assert isinstance(scene, DiceDuelScene)
    assert scene.game.cpu_mask == 0b110 and list(scene.game.levels[:3]) == [LEVEL_NORMAL, LEVEL_HARD, LEVEL_EASY]
    scene.new_round()  # a new round keeps the seats' levels
    assert list(scene.game.levels[:3]) == [LEVEL_NORMAL, LEVEL_HARD, LEVEL_EASY]
    store = sim.app.store
    sim = _sim(tmp_path, store)
    setup = sim.app.top()
    assert setup.mode == 1 and setup.cpus == 2
    assert setup.list.item_values[1:4] == ["2", "Hard", "Easy"]


def test_people_with_cpu_seats_get_their_levels(tmp_path):
    sim = _sim(tmp_path)
    setup = sim.app.top()
    _press(sim, "RIGHT", "RIGHT", "DOWN", "DOWN", "RIGHT", "RIGHT")  # people: 2, CPU seats: 2
    assert setup.rows[3:5] == ["CPU1 level", "CPU2 level"]
    _press(sim, "DOWN", "DOWN", "LEFT")  # CPU2 Easy
    players, cpu_mask = setup.seats_and_cpus()
    assert (players, cpu_mask) == (4, 0b1100)
    assert list(setup.seat_levels(players, cpu_mask)) == [LEVEL_NORMAL, LEVEL_NORMAL, LEVEL_NORMAL, LEVEL_EASY]


def test_saved_game_keeps_levels_and_an_old_record_plays_hard():
    from pips import saves
    from pips.dice_duel import saved
    from tests.simkit import DictStore
    store = DictStore()
    game = dd.DiceDuel(3, seed=9, cpu_mask=0b110, levels=(LEVEL_NORMAL, LEVEL_EASY, LEVEL_HARD))
    game.roll()
    saved.save_game(store, game)
    loaded = saved.load_game(store)
    assert loaded.to_bytes() == game.to_bytes() and loaded.levels == game.levels
    # version 1 (before levels): the state alone, played by the CPU that is now Hard
    store.save(saves.DICE_DUEL_GAME, b"\x01" + game.to_bytes())
    old = saved.load_game(store)
    assert old.to_bytes() == game.to_bytes() and list(old.levels) == [LEVEL_HARD] * dd.MAX_PLAYERS


@pytest.mark.parametrize("bad", [bytes((0, 1, 3, 0)), bytes((0, 255, 0, 0))])
def test_a_saved_level_out_of_range_is_refused(bad):
    from pips import saves, saved_game
    from pips.dice_duel import saved
    from tests.simkit import DictStore
    store = DictStore()
    game = dd.DiceDuel(2, seed=9, cpu_mask=2)
    store.save(saves.DICE_DUEL_GAME, b"\x02" + bad + game.to_bytes())  # passes the store's CRC: checked here
    assert saved.load_game(store) is None
    assert store.load(saves.DICE_DUEL_GAME) is None and saved_game.take_notice()  # cleared, the player told
    store.save(saves.DICE_DUEL_GAME, b"\x03" + bytes(4) + game.to_bytes())  # a version from the future
    assert saved.load_game(store) is None


def test_the_setup_record_is_checked_field_by_field():
    from pips import saves
    from pips.dice_duel import records
    from pips.dice_duel.setup import remember, remembered, DEFAULT_SETUP
    from tests.simkit import DictStore
    store = DictStore()
    records.add_best(store, 700, "KAT")
    assert store.load(saves.DICE_DUEL_BEST)[0] == 2  # no setup remembered yet: the version before setups
    remember(store, DEFAULT_SETUP)
    assert store.load(saves.DICE_DUEL_BEST)[0] == 2  # the default setup as it stands: nothing written
    setup = bytes((1, 3, 2, 0, LEVEL_EASY, LEVEL_HARD, LEVEL_NORMAL))
    remember(store, setup)
    assert records.read_best(store) == ([700], ["KAT"], setup) and remembered(setup) == setup
    records.add_best(store, 800, "BOB")  # a best keeps the setup
    assert records.read_best(store)[2] == setup
    data = bytearray(store.load(saves.DICE_DUEL_BEST))
    for at, value in ((1, 3), (2, 0), (2, 4), (3, 1), (3, 5), (4, 3), (5, 3), (6, 3), (7, 3)):
        broken = bytearray(data)
        broken[at] = value
        store.save(saves.DICE_DUEL_BEST, bytes(broken))
        # a field out of range: the default setup; the scores, checked apart, still load
        scores, names, stored = records.read_best(store)
        assert (scores, names, remembered(stored)) == ([800, 700], ["BOB", "KAT"], DEFAULT_SETUP), (at, value)
    store.save(saves.DICE_DUEL_BEST, bytes(data[:5]))  # cut inside the setup
    assert records.read_best(store) == ([], [], None) and remembered(None) == DEFAULT_SETUP


def test_a_game_saved_before_levels_resumes_with_hard_cpus(tmp_path):
    from pips import saves
    from pips.dice_duel.scene import DiceDuelScene
    from tests.simkit import DictStore
    store = DictStore()
    game = dd.DiceDuel(3, seed=4, cpu_mask=0b110)
    game.roll()
    store.save(saves.DICE_DUEL_GAME, b"\x01" + game.to_bytes())  # version 1, as the app wrote it before levels
    sim = _sim(tmp_path, store)
    setup = sim.app.top()
    assert setup.rows[setup.list.cursor] == "Resume saved"
    _press(sim, "A")
    scene = sim.app.top()
    assert isinstance(scene, DiceDuelScene) and scene.game.to_bytes() == game.to_bytes()
    assert list(scene.game.levels) == [LEVEL_HARD] * dd.MAX_PLAYERS
