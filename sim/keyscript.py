"""Key scripts for headless runs: `--keys "A A w500 R R D A S w200"`.

Tokens, separated by spaces (case does not matter):
    U D L R         the D-pad (also UP DOWN LEFT RIGHT)
    A B             the A and B buttons
    S  / START      Start          SEL / SELECT   Select
    KEY*N           tap KEY N times, e.g. D*3
    KEY+MS          hold KEY for MS milliseconds, e.g. R+700 (the D-pad auto-repeats while held)
    wMS             wait MS milliseconds, e.g. w500
A tap holds the key TAP_MS and then leaves GAP_MS before the next token, so each tap lands in its own frames.
"""
from pips.platform import KEY_A, KEY_B, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SELECT, KEY_START, KEY_UP

TAP_MS = 50
GAP_MS = 50

KEY_NAMES = {
    "U": KEY_UP, "UP": KEY_UP,
    "D": KEY_DOWN, "DOWN": KEY_DOWN,
    "L": KEY_LEFT, "LEFT": KEY_LEFT,
    "R": KEY_RIGHT, "RIGHT": KEY_RIGHT,
    "A": KEY_A,
    "B": KEY_B,
    "S": KEY_START, "START": KEY_START,
    "SEL": KEY_SELECT, "SELECT": KEY_SELECT,
}


def _number(text, token):
    if not text.isdigit():
        raise ValueError("bad key script token %r" % token)
    return int(text)


def parse(script):
    """-> (events, end_ms): events is a time-ordered list of (ms, key_number, pressed)."""
    events = []
    now = 0
    for token in script.split():
        upper = token.upper()
        if upper.startswith("W") and upper[1:].isdigit():
            now += int(upper[1:])
            continue
        repeat = 1
        hold = TAP_MS
        name = upper
        if "*" in upper:
            name, count = upper.split("*", 1)
            repeat = _number(count, token)
        elif "+" in upper:
            name, millis = upper.split("+", 1)
            hold = max(1, _number(millis, token))
        if name not in KEY_NAMES:
            raise ValueError("unknown key %r in key script (keys: U D L R A B S SEL, wMS, KEY*N, KEY+MS)" % token)
        key = KEY_NAMES[name]
        for _ in range(repeat):
            events.append((now, key, True))
            events.append((now + hold, key, False))
            now += hold + GAP_MS
    return events, now


class Player:
    """Feeds a parsed script into a key queue as the clock passes each event's time (relative to `start_ms`)."""

    def __init__(self, script, start_ms=0):
        self.events, self.end_ms = parse(script)
        self.start_ms = start_ms
        self.next = 0

    def feed(self, keys, now_ms):
        elapsed = now_ms - self.start_ms
        events = self.events
        while self.next < len(events) and events[self.next][0] <= elapsed:
            _, key, pressed = events[self.next]
            keys.record(key, pressed)
            self.next += 1

    def done(self, now_ms):
        return self.next >= len(self.events) and now_ms - self.start_ms >= self.end_ms
