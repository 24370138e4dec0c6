"""Point 3 of issue 14: counters cannot overflow their records. For each record kind, a game (or table) driven to
its limits writes a record that its own loader takes back; and the loaders refuse the states issue 14 crafted."""
import pytest

from engine import dice_duel as dd
from engine import dymino as dy
from engine import wuerfelglanz as w
from pips import saves, settings
from pips.dice_duel import records as duel_records
from pips.dymino import records as dymino_records
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
    dymino_records.save_game(store, game)
    again = dymino_records.load_game(store)
    assert again is not None and again.turns == LIMIT and again.merges == LIMIT


def test_dice_duel_round_saturates_and_the_best_table_round_trips():
    game = dd.DiceDuel(2, 5, 2)
    game.round = 255
    store = DictStore()
    duel_records.save_game(store, game)
    assert duel_records.load_game(store).round == 255
    for score in (0, 1, 900, 0xFFFF):
        duel_records.add_best(store, score)
    assert duel_records.load_best(store)[:2] == [0xFFFF, 900]


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
    duel_records.save_game(store, game)
    assert duel_records.load_game(store) is None and store.load(saves.DICE_DUEL_GAME) is None
