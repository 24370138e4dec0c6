"""Shake to roll: the detector (pips.shake) against traces shaped like a hand-held badge's accelerometer
(sim/shake_traces.py says how they are made), and the app giving shakes only to the games that roll on them."""
import math

from engine import dice_duel as dd
from engine import dymino as dy
from pips import actions
from pips.shake import ShakeDetector
from sim import shake_traces as traces
from tests.simkit import DictStore, make_sim, start_solo_dice_duel


def shakes_in(samples):
    return traces.feed(ShakeDetector(), samples)


def test_a_shake_is_seen_once_however_fast_or_long():
    for samples in (traces.shake(), traces.shake(swings_per_second=6, seed=7),
                    traces.shake(swings_per_second=3, seconds=1.5, seed=8), traces.shake(peak_g=1.6, seed=9),
                    traces.shake(seconds=4, seed=10)):
        found = shakes_in(samples)
        assert len(found) == 1 and found[0] < 1300  # within about a second of the first swing


def test_two_shakes_with_a_pause_between_are_two_rolls():
    still = [traces.pick_up()[-1]] * 40  # 1.3 s held still
    assert len(shakes_in(traces.shake(seed=1) + still + traces.shake(seed=2))) == 2


def test_walking_tapping_and_picking_up_do_not_roll():
    assert shakes_in(traces.walk()) == []
    assert shakes_in(traces.walk(seconds=20, steps_per_second=2.4, bounce_g=0.45, strike_g=0.9, seed=5)) == []
    assert shakes_in(traces.taps()) == []
    for apart in (100, 150, 200, 300):  # drumming on the table beside the badge
        assert shakes_in(traces.taps(count=8, apart_ms=apart, spike_g=3.5)) == []
    assert shakes_in(traces.pick_up()) == []


def test_the_margins_the_thresholds_leave():
    """Walking would have to bounce three times harder than it does before it rolls; a shake half as hard as the
    traces' still rolls."""
    assert shakes_in(traces.walk(bounce_g=0.9, strike_g=1.2, steps_per_second=2.6)) == []
    assert len(shakes_in(traces.shake(peak_g=1.5))) == 1
    assert shakes_in(traces.shake(peak_g=0.9)) == []  # a wobble is not a shake


def test_the_badge_may_be_held_at_any_angle():
    turn = math.radians(75)
    cos, sin = math.cos(turn), math.sin(turn)
    turned = [(x, y * cos - z * sin, y * sin + z * cos) for x, y, z in traces.shake()]
    assert len(shakes_in(turned)) == 1
    assert shakes_in([(x, y * cos - z * sin, y * sin + z * cos) for x, y, z in traces.walk()]) == []


def test_the_detector_works_across_the_clocks_wrap():
    start = (1 << 29) - 400  # supervisor.ticks_ms wraps at 2**29
    found = traces.feed(ShakeDetector(), traces.shake(), start_ms=start)
    assert len(found) == 1


def _run(sim, frames):
    for _ in range(frames):
        sim.frame()


def test_a_shake_rolls_in_dice_duel(tmp_path):
    sim, scene = start_solo_dice_duel(tmp_path)
    game = scene.game
    _run(sim, 5)
    assert game.rolls_left == dd.ROLLS_PER_TURN
    sim.platform.shake()
    _run(sim, 40)
    assert game.rolls_left == dd.ROLLS_PER_TURN - 1  # one shake, one roll


def test_a_shake_turns_dymino_s_pair(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dymino")
    scene = sim.app.top()
    assert scene.game.phase == dy.PHASE_PAIR
    _run(sim, 5)
    rotation = scene.cursor.rotation
    sim.platform.shake()
    _run(sim, 40)
    assert scene.cursor.rotation != rotation


def test_menus_get_no_shakes_and_the_accelerometer_is_not_read_for_them(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start()
    reads = []
    real = sim.app._read_acceleration
    sim.app._read_acceleration = lambda: reads.append(1) or real()
    sim.platform.shake()
    _run(sim, 40)
    assert reads == [] and sim.app._shake is None


def test_a_badge_without_an_accelerometer_plays_with_buttons(tmp_path):
    from pips.accelerometer import open_sensor

    class NoI2C:
        def I2C(self):
            raise ValueError("No I2C device at address: 0x19")  # what the PyBadge LC's bus answers

    assert open_sensor(NoI2C()) is None
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.platform.acceleration = None
    from pips.app import App
    app = App(sim.platform, store=DictStore(), seed=1)
    app.start("dymino")
    app.step(0)
    assert app._shake is None


def test_a_badge_that_finds_no_sensor_at_its_first_read_loads_no_shake_detector(tmp_path):
    # pips.device on a PyBadge LC: the first read finds nothing and sets the member None (pips.platform)
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    reads = []

    def no_sensor():
        reads.append(1)
        sim.platform.acceleration = None
        return None

    sim.platform.acceleration = no_sensor
    from pips.app import App
    app = App(sim.platform, store=DictStore(), seed=1)
    app.tips = False
    app.start("dymino")
    for frame in range(10):
        app.step(frame * 33)
    assert app.top().takes_shake
    assert reads == [1] and app._shake is None and app._read_acceleration is None
