"""The headless key-script syntax (sim/keyscript.py)."""
import pytest

from pips.platform import KEY_A, KEY_DOWN, KEY_RIGHT, KEY_SELECT, KEY_START
from sim.keyscript import GAP_MS, MAX_MS, MAX_REPEAT, MAX_SCRIPT_MS, TAP_MS, Player, parse
from sim.platform import SimKeys


def test_taps_and_waits_are_timed_in_order():
    events, end = parse("A w500 R")
    tap = TAP_MS + GAP_MS
    assert events == [(0, KEY_A, True), (TAP_MS, KEY_A, False),
                      (tap + 500, KEY_RIGHT, True), (tap + 500 + TAP_MS, KEY_RIGHT, False)]
    assert end == 2 * tap + 500


def test_repeat_hold_and_names():
    events, end = parse("d*3 R+700 start SEL s")
    downs = [t for t, key, pressed in events if key == KEY_DOWN and pressed]
    assert downs == [0, TAP_MS + GAP_MS, 2 * (TAP_MS + GAP_MS)]
    hold_start = 3 * (TAP_MS + GAP_MS)
    assert (hold_start, KEY_RIGHT, True) in events and (hold_start + 700, KEY_RIGHT, False) in events
    assert [key for _, key, pressed in events if pressed][-3:] == [KEY_START, KEY_SELECT, KEY_START]
    times = [t for t, _, _ in events]
    assert times == sorted(times)


def test_the_briefs_example_parses():
    events, end = parse("A A w500 R R D A S w200")
    assert len(events) == 14 and end > 700


@pytest.mark.parametrize("bad", ["Q", "A*x", "R+", "w", "A*", "ww5", "FOO", "w-1", "A*-1", "*", "A*\u00b2", "A*0",
                                 "A*1001", "w60001", "A+0", "A+60001", "W999999999999999999999",
                                 "A+99999999999", "A*1000 " * 36 + "w1"])
def test_bad_tokens_are_rejected(bad):
    with pytest.raises(ValueError):
        parse(bad)


def test_player_feeds_events_as_the_clock_passes():
    keys = SimKeys()
    player = Player("A w100 D", start_ms=1000)
    player.feed(keys, 1000)
    assert len(keys) == 1
    player.feed(keys, 1000 + TAP_MS)
    assert len(keys) == 2 and not player.done(1000 + TAP_MS)
    player.feed(keys, 5000)
    assert len(keys) == 4 and player.done(5000)


def test_limits_are_inclusive_and_a_long_script_is_expanded_only_as_it_plays():
    script = "A*%d w%d R+%d" % (MAX_REPEAT, MAX_MS, MAX_MS)
    events, end = parse(script)
    assert len(events) == 2 * MAX_REPEAT + 2 and end == MAX_REPEAT * (TAP_MS + GAP_MS) + 2 * MAX_MS + GAP_MS
    assert end <= MAX_SCRIPT_MS
    player = Player(script)
    keys = SimKeys(max_events=4096)
    player.feed(keys, TAP_MS)  # one press and its release: nothing further has been built
    assert len(keys) == 2 and not player.done(TAP_MS)
    assert player.end_ms == end


def test_k_shakes_the_badge_instead_of_pressing_a_key():
    keys = SimKeys()
    shakes = []
    player = Player("K w10 A shake")
    player.feed(keys, 10 * MAX_MS, lambda: shakes.append(1))
    assert len(shakes) == 2 and len(keys) == 2  # the two shakes, and A's press and release only


def test_a_headless_key_script_shakes_the_platform(tmp_path):
    from sim.main import Sim
    sim = Sim(headless=True, save=str(tmp_path / "s.bin"), keys="K")
    motion = []
    sim.platform.shake = lambda: motion.append(True)
    for _ in range(5):
        sim.frame()
    assert motion == [True]
