"""Jingles (pips.jingles): played a note at a time from the app's tick through platform.tone, only with sound on,
for a record, a Kniffel, a Dymino series and a Dice Duel won or lost against CPUs."""
from engine import dice_duel as dd
from engine.dice_duel_combos import BIT_KNIFFEL
from pips import actions, jingles
from pips.dymino.scene import MODE_ANIM
from tests.portable.dominoes_util import CPU, ROUND_OVER
from tests.portable.dymino_util import cells
from tests.simkit import DictStore, make_sim, start_dominoes, start_solo_dice_duel

FRAME = 33


def tone_log(sim):
    played = []
    sim.platform.tone = lambda hz, ms: played.append((hz, ms))
    return played


def run_frames(sim, count):
    for _ in range(count):
        sim.app.tick(sim.clock.ticks_ms())
        sim.clock.advance(FRAME)


def notes_of(jingle):
    return [(jingle[k], jingle[k + 1]) for k in range(0, len(jingle), 2)]


def test_every_jingle_is_short_and_well_formed():
    for jingle in (jingles.RECORD, jingles.KNIFFEL, jingles.SERIES, jingles.WON, jingles.LOST, jingles.ROUND_WON,
                   jingles.ROUND_LOST, jingles.NEUTRAL):
        assert len(jingle) % 2 == 0 and 300 <= jingles.length_ms(jingle) <= 1300
        assert all(hz == 0 or 200 <= hz <= 2000 for hz in jingle[::2])


def test_a_jingle_plays_its_notes_in_order_on_time_and_not_without_sound(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=1)
    sim.app.start()
    played = tone_log(sim)
    sim.app.play_jingle(jingles.KNIFFEL)
    started = sim.clock.ticks_ms()
    run_frames(sim, 3)
    assert played == notes_of(jingles.KNIFFEL)[:1]  # the first note lasts 70 ms: the second waits for it
    run_frames(sim, 60)
    assert played == notes_of(jingles.KNIFFEL)
    assert sim.clock.ticks_ms() - started > jingles.length_ms(jingles.KNIFFEL)
    played.clear()
    sim.app.settings.sound = False
    sim.app.play_jingle(jingles.RECORD)
    run_frames(sim, 60)
    assert played == []
    sim.app.settings.sound = True
    sim.app.play_jingle(jingles.RECORD)
    run_frames(sim, 2)
    sim.app.settings.sound = False  # switched off mid-jingle: the rest is not played
    run_frames(sim, 60)
    assert played == notes_of(jingles.RECORD)[:1]


def test_a_new_record_on_the_results_plays_the_record_jingle(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=1)
    sim.app.start()
    played = tone_log(sim)
    sim.app.show_results("Round over", [("Score", 10)], new_record=True, again=True)
    run_frames(sim, 40)
    assert played == notes_of(jingles.RECORD)
    played.clear()
    sim.app.pop()
    sim.app.show_results("Round over", [("Score", 1)], new_record=False, again=True)
    run_frames(sim, 40)
    assert played == []


def test_a_kniffel_plays_its_jingle(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    played = tone_log(sim)
    scene._rolled()  # an ordinary roll: the short roll tone only
    run_frames(sim, 40)
    assert len(played) == 1 and played[0][1] < 100
    played.clear()
    scene.game.mask |= BIT_KNIFFEL
    scene._rolled()
    run_frames(sim, 40)
    assert played == notes_of(jingles.KNIFFEL)


def test_a_dymino_series_ends_with_the_series_jingle_and_a_single_merge_does_not(tmp_path):
    from engine import dymino as dy
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dymino")
    scene = sim.app.top()
    for rows, first, second, wanted in ((["..1..", "..1..", "66.22", ".....", "....."], 6, 5, True),
                                        (["..1..", "..1..", ".....", ".....", "....."], 1, 5, False)):
        game = dy.Dymino(1)
        game.set_position(cells(*rows), first, second)
        scene.new_round(game)
        scene.cursor.place_at(2, 2)
        scene.cursor.rotation = 1
        played = tone_log(sim)
        sim.app.dispatch(actions.A)
        assert scene.mode == MODE_ANIM
        run_frames(sim, 120)
        tail = played[-len(notes_of(jingles.SERIES)):]
        assert (tail == notes_of(jingles.SERIES)) == wanted, played


def test_dice_duel_against_cpus_ends_with_won_or_lost(tmp_path):
    from pips.dice_duel import results
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start()
    for winners, jingle in ((0b01, jingles.WON), (0b10, jingles.LOST)):
        game = dd.DiceDuel(2, seed=3, cpu_mask=0b10)
        game.winners = lambda winners=winners: winners
        played = tone_log(sim)
        results.show(sim.app, game, False, None)
        sim.app.dispatch(actions.A)  # the person's points
        sim.app.dispatch(actions.A)  # the CPU's points -> the standings
        run_frames(sim, 60)
        assert played == notes_of(jingle)
        sim.app.to_menu()


def test_dominoes_rounds_and_matches_end_with_won_lost_or_neutral(tmp_path):
    from engine import dominoes as dm
    from pips.dominoes.records import PEOPLE
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    game = scene.game
    cases = ((1, dm.PERSON, False, jingles.ROUND_WON), (1, CPU, False, jingles.ROUND_LOST),
             (1, dm.NOBODY, False, jingles.NEUTRAL), (1, dm.PERSON, True, jingles.WON),
             (1, CPU, True, jingles.LOST), (PEOPLE, dm.PERSON, False, jingles.NEUTRAL),
             (PEOPLE, CPU, True, jingles.NEUTRAL))
    for opponent, winner, match_over, jingle in cases:
        scene.opponent = opponent
        game.round_winner = winner
        game.match_winner = winner
        game.phase = dm.MATCH_OVER if match_over else ROUND_OVER
        played = tone_log(sim)
        if match_over:
            scene._after_round_result()  # the match's results, after the last round's
        else:
            scene._show_round_result()
        run_frames(sim, 60)
        assert played == notes_of(jingle), (opponent, winner, match_over)
        sim.app.pop()
    sim.app.settings.sound = False
    played = tone_log(sim)
    scene._after_round_result()
    run_frames(sim, 60)
    assert played == []
