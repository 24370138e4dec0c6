"""Button events -> actions: one action per press, D-pad auto-repeat timing, clock wrap, one reused event."""
from pips import actions
from pips.actions import REPEAT_DELAY_MS, REPEAT_EVERY_MS, ActionReader
from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP
from sim.platform import SimKeys


def drain(reader, now):
    got = []
    while True:
        action = reader.next(now)
        if action == actions.NONE:
            return got
        got.append(action)


def run(reader, keys, start, end, step=5, presses=(), releases=()):
    """Advance a fake clock from start to end in `step` ms frames; returns [(ms, action)]."""
    out = []
    for now in range(start, end, step):
        for at, key in presses:
            if at == now:
                keys.record(key, True)
        for at, key in releases:
            if at == now:
                keys.record(key, False)
        for action in drain(reader, now):
            out.append((now, action))
    return out


def test_every_key_maps_to_its_action():
    keys = SimKeys()
    reader = ActionReader(keys)
    expected = {KEY_UP: actions.UP, KEY_DOWN: actions.DOWN, KEY_LEFT: actions.LEFT, KEY_RIGHT: actions.RIGHT,
                KEY_A: actions.A, KEY_B: actions.B, KEY_START: actions.START, KEY_SELECT: actions.SELECT}
    for key, action in expected.items():
        keys.record(key, True)
        keys.record(key, False)
        assert drain(reader, 0) == [action]
    assert len(set(expected.values())) == 8 and actions.NONE not in expected.values()


def test_held_dpad_repeats_after_delay_then_at_interval():
    keys = SimKeys()
    reader = ActionReader(keys)
    got = run(reader, keys, 0, 1000, presses=[(0, KEY_RIGHT)], releases=[(700, KEY_RIGHT)])
    times = [t for t, a in got if a == actions.RIGHT]
    expected = [0] + list(range(REPEAT_DELAY_MS, 700, REPEAT_EVERY_MS))
    assert times == expected
    assert all(a == actions.RIGHT for _, a in got)


def test_buttons_do_not_repeat():
    keys = SimKeys()
    reader = ActionReader(keys)
    got = run(reader, keys, 0, 2000, presses=[(0, KEY_A), (0, KEY_START)])
    assert [a for _, a in got] == [actions.A, actions.START]
    assert reader.is_held(actions.A) and reader.is_held(actions.START)


def test_newest_dpad_key_takes_over_repeat_and_release_of_older_keeps_it():
    keys = SimKeys()
    reader = ActionReader(keys)
    got = run(reader, keys, 0, 1200, presses=[(0, KEY_UP), (200, KEY_LEFT)],
              releases=[(300, KEY_UP), (1000, KEY_LEFT)])
    ups = [t for t, a in got if a == actions.UP]
    lefts = [t for t, a in got if a == actions.LEFT]
    assert ups == [0]  # LEFT was pressed before UP's first repeat was due
    assert lefts == [200] + list(range(200 + REPEAT_DELAY_MS, 1000, REPEAT_EVERY_MS))


def test_short_tap_gives_one_action():
    keys = SimKeys()
    reader = ActionReader(keys)
    got = run(reader, keys, 0, 1000, presses=[(0, KEY_DOWN)], releases=[(100, KEY_DOWN)])
    assert got == [(0, actions.DOWN)]


def test_presses_between_frames_are_not_lost():
    keys = SimKeys()
    reader = ActionReader(keys)
    for key in (KEY_A, KEY_B, KEY_A):
        keys.record(key, True)
        keys.record(key, False)
    assert drain(reader, 0) == [actions.A, actions.B, actions.A]


def test_repeat_across_the_clock_wrap():
    keys = SimKeys()
    reader = ActionReader(keys)
    wrap = 1 << 29
    start = wrap - 100
    keys.record(KEY_DOWN, True)
    assert drain(reader, start) == [actions.DOWN]
    assert drain(reader, (start + REPEAT_DELAY_MS - 5) % wrap) == []
    assert drain(reader, (start + REPEAT_DELAY_MS) % wrap) == [actions.DOWN]
    assert drain(reader, (start + REPEAT_DELAY_MS + REPEAT_EVERY_MS) % wrap) == [actions.DOWN]


def test_a_stall_gives_one_repeat_not_a_burst():
    keys = SimKeys()
    reader = ActionReader(keys)
    keys.record(KEY_RIGHT, True)
    drain(reader, 0)
    assert drain(reader, 5000) == [actions.RIGHT]
    assert drain(reader, 5000 + REPEAT_EVERY_MS - 1) == []
    assert drain(reader, 5000 + REPEAT_EVERY_MS) == [actions.RIGHT]


def test_reads_into_one_preallocated_event():
    keys = SimKeys()
    reader = ActionReader(keys)
    event = reader.event
    keys.record(KEY_B, True)
    drain(reader, 0)
    assert reader.event is event and event.key_number == KEY_B and event.pressed


def test_ticks_diff_and_add_wrap():
    wrap = 1 << 29
    assert actions.ticks_diff(5, wrap - 5) == 10
    assert actions.ticks_diff(wrap - 5, 5) == -10
    assert actions.ticks_add(wrap - 5, 10) == 5


def test_app_reads_keys_into_the_platforms_own_event_object(tmp_path):
    # The PyGamer's platform merges joystick moves into an event object of its own; the app must use that one.
    from tests.simkit import make_sim
    sim = make_sim(tmp_path)
    own_event = type(sim.app.reader.event)()
    sim.platform.key_event = own_event
    from pips.app import App
    app = App(sim.platform)
    assert app.reader.event is own_event


def test_the_test_kits_action_names_are_the_actions_numbers():
    from tests.simkit import ACTION_NAMES
    assert [getattr(actions, name) for name in ACTION_NAMES] == list(range(len(ACTION_NAMES)))
