"""Point 3 of issue 14: counters cannot overflow their records. For each record kind, a game (or table) driven to
its limits writes a record that its own loader takes back; and the loaders refuse the states issue 14 crafted."""
import pytest

from engine import dice_duel as dd
from engine import dymino as dy
from engine import wuerfelglanz as w
from pips import saves, settings
from pips.dice_duel import records as duel_records, saved as duel_saved
from pips.dymino import records as dymino_records, saved as dymino_saved
from pips.wuerfelglanz import records as wg_records
from tests.simkit import DictStore

LIMIT = w.COUNTER_LIMIT


def _popping_wuerfelglanz(score):
    """A round whose next placement (a single 5 at the cursor cell 2) pops the row 5 5 _ (straight rule)."""
    game = w.Game(3, w.RULE_STRAIGHT)
    cells = bytearray(25)
    cells[0] = cells[1] = 5
    game.set_position(cells, 1, 5, 0)
    game.score = score
    game.moves = game.popped_total = LIMIT
    return game


def test_wuerfelglanz_counters_stop_at_the_limit_and_the_saved_round_and_best_reload():
    game = _popping_wuerfelglanz(LIMIT - 3)
    assert game.place(2, 0, 0) == w.PLACED and game.points > 3
    assert game.score == game.moves == game.popped_total == LIMIT
    store = DictStore()
    assert wg_records.save_game(store, game, 0x7FFFFFFF)  # elapsed time saturates too
    loaded, elapsed, _ = wg_records.load_game(store)
    assert loaded.score == LIMIT and elapsed == 0x3FFFFFFF
    best = wg_records.Records()
    best.best[0] = best.best[1] = game.score
    wg_records.save_records(store, best)
    assert wg_records.load_records(store).best == [LIMIT, LIMIT]


def test_dymino_turns_and_merges_stop_at_the_limit_and_the_game_reloads():
    game = dy.Dymino(4)
    game.turns = game.merges = LIMIT
    placed = any(game.place_pair(game.grid.index(0), rotation) == dy.OK for rotation in range(4))
    assert placed and game.turns == LIMIT
    store = DictStore()
    dymino_saved.save_game(store, game)
    again = dymino_saved.load_game(store)
    assert again is not None and again.turns == LIMIT and again.merges == LIMIT


def test_dice_duel_round_saturates_and_the_best_table_round_trips():
    game = dd.DiceDuel(2, 5, 2)
    game.round = 255
    store = DictStore()
    duel_saved.save_game(store, game)
    assert duel_saved.load_game(store).round == 255
    for score in (0, 1, 900, duel_records._MAX_SCORE):
        duel_records.add_best(store, score)
    assert duel_records.load_best(store)[:2] == [duel_records._MAX_SCORE, 900]
    duel_records.add_best(store, 0xFFFF)  # no game scores that: kept as the most one can
    assert duel_records.load_best(store)[:2] == [duel_records._MAX_SCORE] * 2


def test_dice_duel_best_is_the_most_a_game_can_score():
    chips = dd.CHIPS_PER_KIND * sum(dd.CHIP_VALUES)
    assert duel_records._MAX_SCORE == (chips + dd.KIND_COUNT * dd.FULL_STACK_BONUS + dd.GOLD_BONUS
                                      + dd.LAST_CHIP_BONUS)


@pytest.mark.parametrize("scores", [
    [0xFFFF] * 31,           # issue 23, 5: 31 scores of 65,535 were accepted and shown
    [1001],                  # more than a game can score
    [900, 800, 700, 600, 500, 400],  # six
    [100, 900],              # not highest first
])
def test_dice_duel_refuses_a_best_table_no_game_writes(scores):
    store = DictStore()
    payload = bytearray((1,))
    for score in scores:
        payload += bytes((score & 0xFF, score >> 8))
    store.save(saves.DICE_DUEL_BEST, payload)
    assert duel_records.load_best(store) == []


def test_dymino_refuses_a_best_table_out_of_order():
    from engine import dymino_score
    store = DictStore()
    for score in (500, 80):
        dymino_records.add_score(store, dymino_score.from_int(score))
    data = bytearray(store.load(saves.DYMINO_BEST))
    width = dymino_score.PACKED_BYTES
    data[3:3 + width], data[3 + width:3 + 2 * width] = data[3 + width:3 + 2 * width], data[3:3 + width]
    store.save(saves.DYMINO_BEST, data)
    assert dymino_records.load_table(store) == []


def test_tips_refuse_bits_of_tips_that_do_not_exist():
    import types
    from pips import tips
    store = DictStore()
    store.save(saves.TIPS, bytes((1, 0xFF)))
    app = types.SimpleNamespace(store=store, tips_seen=None)
    assert not tips.all_seen(app) and app.tips_seen == 0


def test_settings_every_value_round_trips():
    chosen = settings.Settings()
    for sound in range(2):
        for level in range(len(settings.BRIGHTNESS_LEVELS)):
            for dim in range(len(settings.DIM_SECONDS)):
                chosen.sound, chosen.brightness, chosen.dim = sound, level, dim
                again = settings.Settings()
                again.decode(chosen.encode())
                assert again == chosen


@pytest.mark.parametrize("players, cpu_mask", [(1, 1), (2, 3), (4, 15)])
def test_dice_duel_refuses_a_table_without_a_person(players, cpu_mask):
    game = dd.DiceDuel(players, 5, 0)
    game.cpu_mask = cpu_mask
    with pytest.raises(ValueError):
        dd.from_bytes(game.to_bytes())


def test_dice_duel_refuses_a_choice_with_no_picks_left():
    game = dd.DiceDuel(1, 5, 0)
    while game.phase == dd.PHASE_ROLL:
        assert game.roll() == dd.OK
        if game.phase == dd.PHASE_ROLL and game.rolls_left == 0:
            game.stop()
    if game.phase != dd.PHASE_CHOOSE:
        game.stop()
    assert game.phase == dd.PHASE_CHOOSE and game.picks_left >= 1
    assert dd.from_bytes(game.to_bytes()).picks_left == game.picks_left
    game.picks_left = 0
    with pytest.raises(ValueError):
        dd.from_bytes(game.to_bytes())


def test_a_refused_saved_game_is_cleared():
    store = DictStore()
    game = dd.DiceDuel(1, 5, 0)
    game.cpu_mask = 1
    duel_saved.save_game(store, game)
    assert duel_saved.load_game(store) is None and store.load(saves.DICE_DUEL_GAME) is None
