"""Replay codes (pips.codes): every seed the app hands out round-trips through its 7-letter code, typed codes are
read leniently and refused clearly, and a code played from the title menu deals that round in each game."""
import random

import pytest

from engine import dice_duel as dd
from engine import dominoes as dm
from engine import dymino as dy
from engine import wuerfelglanz as w
from engine.rng import Rng
from pips import actions, catalog, code_entry, codes
from pips.scenes.play_code import NOT_A_CODE, PlayCodeScene
from tests.simkit import DictStore, make_sim

LAST_SEED = codes.SEED_LIMIT - 1
LOOK_ALIKES = "ILOQV"


def seeds_to_check():
    """Both ends, every power of two and its neighbours, every place where a letter rolls over, and 200,000
    random seeds: the whole 0..2**30-1 range is 10**9 seeds, too many for a test that runs in seconds."""
    seeds = {0, 1, LAST_SEED, LAST_SEED - 1}
    for bit in range(30):
        seeds.update(((1 << bit) - 1, 1 << bit, (1 << bit) + 1))
    for place in range(codes.LENGTH):
        step = codes.BASE ** place
        for multiple in (1, codes.BASE - 1, codes.BASE):
            seeds.update((step * multiple - 1, step * multiple))
    rng = random.Random(12)
    seeds.update(rng.randrange(codes.SEED_LIMIT) for _ in range(200000))
    return sorted(seed for seed in seeds if 0 <= seed <= LAST_SEED)


def test_every_checked_seed_round_trips_through_a_7_letter_code_without_look_alikes():
    seen = set()
    for seed in seeds_to_check():
        code = codes.encode(seed)
        assert len(code) == codes.LENGTH and not set(code) & set(LOOK_ALIKES), code
        assert code_entry.decode(code) == seed
        assert code_entry.from_digits(code_entry.digits(seed, bytearray(codes.LENGTH))) == seed
        seen.add(code)
    assert len(seen) == len(seeds_to_check())  # different seeds, different codes


def test_the_app_seeds_stay_in_the_code_range():
    rng = Rng(5)
    for _ in range(10000):
        assert 0 <= rng.next30() <= LAST_SEED  # what App.next_seed hands out (before a xor with 30-bit ticks)


def test_typed_codes_are_read_leniently_and_refused_clearly():
    code = codes.encode(987654321)
    assert code_entry.decode(code.lower()) == 987654321
    assert code_entry.decode(code[:3] + "-" + code[3:]) == 987654321
    assert code_entry.decode(" " + code[:4] + " " + code[4:]) == 987654321
    for bad in ("", code[:-1], code + "A", code[:-1] + "I", code[:-1] + "0", "ZZZZZZZ"):
        assert code_entry.decode(bad) is None, bad
    with pytest.raises(ValueError):
        codes.encode(codes.SEED_LIMIT)
    with pytest.raises(ValueError):
        codes.encode(-1)


def test_todays_code_differs_from_day_to_day_and_stays_in_range():
    days = [(year, month, day) for year in range(2025, 2036) for month in range(1, 13) for day in range(1, 32)]
    seeds = [code_entry.today(*date) for date in days]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed <= LAST_SEED for seed in seeds)
    assert code_entry.today(2026, 12, 1) == code_entry.today(2026, 12, 1)


def _play(tmp_path, key, seed, store=None):
    sim = make_sim(tmp_path, store=store if store is not None else DictStore(), seed=3)
    app = sim.app
    app.start()
    code_entry.play(app, catalog.find(key), seed)
    if key in ("diceduel", "dominoes"):
        setup = app.top()
        setup.list.cursor = setup.rows.index("Start")
        app.dispatch(actions.A)
    sim.frame()
    return sim, app.top()


SEED = 700000001


def test_a_code_deals_that_round_in_every_game_and_the_pause_menu_shows_it(tmp_path):
    expected = {
        "wuerfelglanz": lambda scene: w.Game(SEED, scene.records.rule).to_bytes(),
        "dymino": lambda scene: dy.Dymino(SEED).to_bytes(),
        "dominoes": lambda scene: dm.DominoesGame(SEED, scene.target()).save(),
    }
    for key in ("wuerfelglanz", "dymino", "dominoes", "diceduel"):
        sim, scene = _play(tmp_path, key, SEED)
        if key == "diceduel":
            fresh = dd.DiceDuel(scene.game.players, seed=SEED, cpu_mask=scene.game.cpu_mask)
            assert (scene.game.rng.s1, scene.game.rng.s2) == (fresh.rng.s1, fresh.rng.s2)
        else:
            got = scene.game.save() if key == "dominoes" else scene.game.to_bytes()
            assert bytes(got) == bytes(expected[key](scene)), key
        assert sim.app.round_code() == codes.encode(SEED)
        sim.app.dispatch(actions.START)
        pause = sim.app.top()
        assert pause.items[-1] == "Code " + codes.encode(SEED)
        # The code dealt one round only: the next round gets a fresh seed.
        assert sim.app.next_seed() != SEED


def test_a_code_sets_a_saved_round_aside_without_losing_it(tmp_path):
    from pips.dymino import saved as dymino_saved
    store = DictStore()
    saved = dy.Dymino(42)
    dymino_saved.save_game(store, saved)
    before = dict(store.records)
    sim, scene = _play(tmp_path, "dymino", SEED, store)
    assert bytes(scene.game.to_bytes()) == bytes(dy.Dymino(SEED).to_bytes())
    assert store.records == before  # the saved round is still there for the next plain start
    sim.app.to_menu()
    sim.app.start_game(catalog.find("dymino"))
    assert bytes(sim.app.top().game.to_bytes()) == bytes(saved.to_bytes())
    assert sim.app.round_code() is None  # a resumed round's seed is not known: no code is shown


def test_the_play_a_code_screen_spells_a_code_with_the_dpad_and_refuses_one_past_the_range(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=3)
    app = sim.app
    app.start()
    menu = app.top()
    menu.choose(menu.items.index("Play a code"))
    sim.frame()  # at the start of the next frame (App.later)
    screen = app.top()
    assert isinstance(screen, PlayCodeScene)
    assert screen.code() == codes.encode(code_entry.today(*app.platform.today()))  # the simulator knows the date
    for _ in range(codes.LENGTH):  # every letter down to A: code AAAAAAA is seed 0
        for _ in range(codes.BASE):
            if screen.values[screen.cursor - 1] == 0:
                break
            app.dispatch(actions.DOWN)
        app.dispatch(actions.RIGHT)
    assert screen.cursor == 0 and screen.code() == "AAAAAAA"
    app.dispatch(actions.UP)  # the game row: the next game
    assert screen.game_label.text == catalog.GAMES[1][1]  # its name alone: no < > while Up/Down change it
    app.dispatch(actions.RIGHT)  # back to the first letter
    app.dispatch(actions.DOWN)  # A -> Z: past the last seed
    assert screen.code() == "ZAAAAAA" and screen.seed() is None
    app.dispatch(actions.A)
    assert app.top() is screen and screen.note.text == NOT_A_CODE
    app.dispatch(actions.UP)
    app.dispatch(actions.UP)  # Z -> A -> B
    assert screen.code() == "BAAAAAA"
    app.dispatch(actions.A)
    setup = app.top()
    assert type(setup).__name__ == "DiceDuelSetup"  # the second game on the menu; its seed is asked at Start
    setup.list.cursor = setup.rows.index("Start")
    app.dispatch(actions.A)
    dealt = dd.DiceDuel(1, seed=code_entry.decode("BAAAAAA"))
    assert app.round_code() == "BAAAAAA" and app.top().game.rng.s1 == dealt.rng.s1


def test_the_simulator_takes_a_code_for_seed(tmp_path, capsys):
    from sim.main import parse_args
    code = codes.encode(SEED)
    args = parse_args(["--seed", code.lower(), "--game", "dymino"])
    assert args.round_seed == SEED and args.seed == SEED
    assert parse_args(["--seed", "7"]).round_seed is None
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--seed", "KXPRTAI"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "replay code" in err[0]


def test_the_badges_interpreter_makes_the_same_codes():
    from tests.simkit import run_on_circuitpython
    script = ("from pips import code_entry, codes\n"
              "print(codes.encode(987654321), code_entry.decode('%s'), code_entry.today(2026, 12, 1), codes.encode(%d))"
              % (codes.encode(LAST_SEED), LAST_SEED))
    out = run_on_circuitpython(script).split()
    assert out == [codes.encode(987654321), str(LAST_SEED), str(code_entry.today(2026, 12, 1)), codes.encode(LAST_SEED)]
