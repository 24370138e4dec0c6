"""Key scripts for headless runs: `--keys "A A w500 R R D A S w200"`.

Tokens, separated by spaces (case does not matter):
    U D L R         the D-pad (also UP DOWN LEFT RIGHT)
    A B             the A and B buttons
    S  / START      Start          SEL / SELECT   Select
    K  / SHAKE      a shake of the badge (the window's K key; the simulator's accelerometer)
    KEY*N           tap KEY N times, e.g. D*3            (N: 1 .. MAX_REPEAT)
    KEY+MS          hold KEY for MS milliseconds, e.g. R+700 (the D-pad auto-repeats while held; MS: 1 .. MAX_MS)
    wMS             wait MS milliseconds, e.g. w500      (MS: 0 .. MAX_MS)
A tap holds the key TAP_MS and then leaves GAP_MS before the next token, so each tap lands in its own frames.
A whole script lasts at most MAX_SCRIPT_MS of badge time. Tokens are checked up front (ValueError, one line) and
expanded into key events only as the clock reaches them.
"""
from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP

TAP_MS = 50
GAP_MS = 50
MAX_REPEAT = 1000
MAX_MS = 60000
SHAKE = -1  # not a key number: the platform's shake (Player.feed)
MAX_SCRIPT_MS = 3600000  # an hour of badge time (about 109,000 headless frames): a whole recorded game fits

KEY_NAMES = {
    "U": KEY_UP, "UP": KEY_UP,
    "D": KEY_DOWN, "DOWN": KEY_DOWN,
    "L": KEY_LEFT, "LEFT": KEY_LEFT,
    "R": KEY_RIGHT, "RIGHT": KEY_RIGHT,
    "A": KEY_A,
    "B": KEY_B,
    "S": KEY_START, "START": KEY_START,
    "SEL": KEY_SELECT, "SELECT": KEY_SELECT,
    "K": SHAKE, "SHAKE": SHAKE,
}
_SYNTAX = "keys: U D L R A B S SEL K, KEY*N, KEY+MS, wMS"


def _number(text, token, low, high, what):
    if not text or not text.isdigit() or not text.isascii():
        raise ValueError("bad key script token %r (%s)" % (token, _SYNTAX))
    value = int(text)
    if not low <= value <= high:
        raise ValueError("%s in key script token %r must be %d..%d" % (what, token, low, high))
    return value


def steps(script):
    """-> [(key or None for a wait, taps, hold_ms)], one per token; ValueError for a bad token or a long script."""
    out = []
    total = 0
    for token in script.split():
        upper = token.upper()
        if upper.startswith("W") and upper not in KEY_NAMES:
            step = (None, 1, _number(upper[1:], token, 0, MAX_MS, "the wait (ms)"))
            total += step[2]
        else:
            name, repeat, hold = upper, 1, TAP_MS
            if "*" in upper:
                name, count = upper.split("*", 1)
                repeat = _number(count, token, 1, MAX_REPEAT, "the repeat count")
            elif "+" in upper:
                name, millis = upper.split("+", 1)
                hold = _number(millis, token, 1, MAX_MS, "the hold (ms)")
            if name not in KEY_NAMES:
                raise ValueError("unknown key %r in key script (%s)" % (token, _SYNTAX))
            step = (KEY_NAMES[name], repeat, hold)
            total += repeat * (hold + GAP_MS)
        if total > MAX_SCRIPT_MS:
            raise ValueError("key script lasts more than %d ms" % MAX_SCRIPT_MS)
        out.append(step)
    return out


def events(script_steps):
    """The (ms, key_number, pressed) events of the steps, in time order, made one at a time."""
    now = 0
    for key, repeat, hold in script_steps:
        if key is None:
            now += hold
            continue
        for _ in range(repeat):
            yield now, key, True
            yield now + hold, key, False
            now += hold + GAP_MS


def length_ms(script_steps):
    total = 0
    for key, repeat, hold in script_steps:
        total += hold if key is None else repeat * (hold + GAP_MS)
    return total


def parse(script):
    """-> (events, end_ms): the whole list, for tests and short scripts (Player does not build it)."""
    script_steps = steps(script)
    return list(events(script_steps)), length_ms(script_steps)


class Player:
    """Feeds a script into a key queue as the clock passes each event's time (relative to `start_ms`)."""

    def __init__(self, script, start_ms=0):
        script_steps = steps(script)
        self.end_ms = length_ms(script_steps)
        self._events = events(script_steps)
        self._next = next(self._events, None)
        self.start_ms = start_ms

    def feed(self, keys, now_ms, shake=None):
        """Record the events due by now_ms into `keys`; a K press calls `shake` (the platform's shake)."""
        elapsed = now_ms - self.start_ms
        while self._next is not None and self._next[0] <= elapsed:
            _, key, pressed = self._next
            if key != SHAKE:
                keys.record(key, pressed)
            elif pressed and shake is not None:
                shake()
            self._next = next(self._events, None)

    def skip(self, count):
        """Drop the first `count` events: a script extended while it plays resumes where it was."""
        for _ in range(count):
            if self._next is None:
                return
            self._next = next(self._events, None)

    def done(self, now_ms):
        return self._next is None and now_ms - self.start_ms >= self.end_ms
