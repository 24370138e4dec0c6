"""Synthetic accelerometer traces (m/s^2, x y z, one sample per app frame) shaped like recordings from a hand-held
badge: the simulator's shake key plays `shake()` into the app's detector, and tests/test_shake.py checks the
detector against all of them.

How they are made (no recording hardware here, so from published ranges for hand-held and wrist accelerometers):
- gravity 9.81 m/s^2, mostly along z with the badge tilted ~30 degrees towards the player (as held to play);
- shake: side to side along x, 4-5 swings a second, 1.8-2.5 g at the turning points (a sine per swing with some
  variation in strength), for about a second;
- walk: two steps a second; a vertical bounce of 0.3 g with a sharper heel strike up to 0.8 g, sideways sway of
  0.15 g at half the step rate, hand tremor noise of 0.05 g; "brisk" raises the bounce to 0.45 g and the strike
  to 0.9 g;
- tap: the badge at rest on a table, tapped with a finger: one sample of a 2-3 g spike along z, ringing of
  -0.6 g and 0.2 g in the next two samples; taps a given number of ms apart;
- pick up: lifted from the table and tilted to the playing angle over half a second (0.3 g at most).
A fixed random.Random seed makes each trace the same every run.
"""
import math
import random

G = 9.81
FRAME_MS = 33  # pips.app.FRAME_MS: the app reads one sample a frame
_TILT = math.radians(30)


def _rest():
    return (0.0, G * math.sin(_TILT), G * math.cos(_TILT))


def _noise(rng, amount):
    return rng.uniform(-amount, amount)


def shake(seconds=1.0, swings_per_second=4.5, peak_g=2.2, seed=1):
    rng = random.Random(seed)
    gx, gy, gz = _rest()
    samples = []
    strength = [peak_g * rng.uniform(0.8, 1.15) for _ in range(int(seconds * swings_per_second) + 2)]
    for frame in range(int(seconds * 1000 / FRAME_MS)):
        t = frame * FRAME_MS / 1000.0
        phase = t * swings_per_second * math.pi  # one swing = half a cycle
        swing = strength[int(t * swings_per_second)] * G * math.sin(phase)
        samples.append((gx + swing + _noise(rng, 0.5), gy + 0.2 * swing + _noise(rng, 0.5), gz + _noise(rng, 0.5)))
    return samples


def walk(seconds=10.0, steps_per_second=2.0, bounce_g=0.3, strike_g=0.8, seed=2):
    rng = random.Random(seed)
    gx, gy, gz = _rest()
    samples = []
    for frame in range(int(seconds * 1000 / FRAME_MS)):
        t = frame * FRAME_MS / 1000.0
        step_phase = (t * steps_per_second) % 1.0
        vertical = bounce_g * math.sin(2 * math.pi * step_phase)
        if step_phase < 0.08:  # heel strike: a short sharp rise at the start of each step
            vertical += (strike_g - bounce_g) * (1 - step_phase / 0.08)
        sway = 0.15 * math.sin(math.pi * t * steps_per_second)
        samples.append((gx + sway * G + _noise(rng, 0.5), gy + _noise(rng, 0.5),
                        gz + vertical * G + _noise(rng, 0.5)))
    return samples


def taps(count=3, apart_ms=300, spike_g=2.6, seed=3):
    rng = random.Random(seed)
    flat = (0.0, 0.0, G)
    frames = int((count * apart_ms + 1000) / FRAME_MS)
    samples = [flat] * frames
    for tap in range(count):
        at = int((500 + tap * apart_ms) / FRAME_MS)
        for offset, g in ((0, spike_g * rng.uniform(0.9, 1.1)), (1, -0.6), (2, 0.2)):
            samples[at + offset] = (_noise(rng, 0.3), _noise(rng, 0.3), G + g * G)
    return samples


def pick_up(seed=4):
    rng = random.Random(seed)
    samples = []
    rest = _rest()
    frames = int(500 / FRAME_MS)
    for frame in range(frames + 20):
        k = min(1.0, frame / frames)
        lift = 0.3 * G * math.sin(math.pi * k)
        angle = _TILT * k
        samples.append((_noise(rng, 0.3), G * math.sin(angle), G * math.cos(angle) + lift))
    samples.extend([rest] * 10)
    return samples


def feed(detector, samples, start_ms=0):
    """Play `samples` into a pips.shake.ShakeDetector a frame apart; the times (ms) at which it saw a shake."""
    shakes = []
    now = start_ms
    for x, y, z in samples:
        if detector.feed(x, y, z, now):
            shakes.append(now)
        now += FRAME_MS
    return shakes
