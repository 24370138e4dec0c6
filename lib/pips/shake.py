"""Shake detection from accelerometer samples (m/s^2), one sample a frame: pure logic, fed by the app.

    detector = ShakeDetector()
    detector.feed(x, y, z, now_ms) -> True once per shake (allocates nothing on the badge: its floats are not objects)
    ShakeReader(platform.acceleration).poll(wanted, now_ms)   what the app calls once a frame

A shake is _PEAKS_NEEDED swings of the badge, each pushing the acceleration more than SWING (m/s^2) away from
gravity, within _WINDOW_MS; then swings count again only after _QUIET_MS without one (one shake, one roll,
however long it lasts). Gravity is followed by a slow
low-pass of the samples, so the badge may be held at any angle.

How the numbers were chosen (the traces in sim/shake_traces.py, sampled at the app's 30 frames a second):
- Walking with the badge in hand moves it by 0.2-0.6 g (2-6 m/s^2) at about two steps a second; heel strikes
  reach about 0.8 g. SWING = 1.2 g leaves that margin, and 4 swings within 1.2 s is more than the 2-3 steps in
  that time could give even above the threshold.
- A deliberate shake is 3-6 swings a second of 1.5-3 g (the LIS3DH is read at +-4 g): 4 swings come in well under
  a second.
- A tap on the table is one sharp spike with a little ringing: a single sample past SWING, which is no swing
  (a swing lasts _SAMPLES_ABOVE samples in a row), so even drumming on the table does not roll.
- A swing ends only when the acceleration falls back below REARM (half of SWING): one long push counts once.
Running with the badge in hand can pass for a shake; walking, tapping and picking it up do not.
"""
from micropython import const

from pips.actions import ticks_diff

SWING = 9.8         # m/s^2 away from gravity (1.0 g) that counts as one swing
REARM = 4.9         # back below this (0.5 g) before the next swing counts
_PEAKS_NEEDED = const(4)
_SAMPLES_ABOVE = const(2)  # a swing lasts: two samples in a row past SWING, the same way (a tap's spike and its
                          # rebound point opposite ways)
_WINDOW_MS = const(1200)
_QUIET_MS = const(1000)
GRAVITY_BLEND = 0.08  # low-pass weight of a new sample in the gravity estimate (~0.4 s at 30 samples a second)

_SWING2 = SWING * SWING
_REARM2 = REARM * REARM


class ShakeDetector:
    def __init__(self):
        self.reset()

    def reset(self):
        """Forget everything (the next sample starts the gravity estimate afresh)."""
        self.gx = self.gy = self.gz = 0.0
        self.started = False
        self.armed = True
        self.above = 0
        self.px = self.py = self.pz = 0.0  # the last sample's pull away from gravity while above SWING
        self.swings = 0
        self.first_swing = 0
        self.quiet_from = None

    def feed(self, x, y, z, now_ms):
        """One sample; True when it completes a shake."""
        # (One store a line: `a, b, c = x, y, z` builds a tuple on the badge, whose compiler unpacks only pairs.)
        if not self.started:
            self.gx = x
            self.gy = y
            self.gz = z
            self.started = True
            return False
        dx = x - self.gx
        dy = y - self.gy
        dz = z - self.gz
        self.gx += dx * GRAVITY_BLEND
        self.gy += dy * GRAVITY_BLEND
        self.gz += dz * GRAVITY_BLEND
        away2 = dx * dx + dy * dy + dz * dz
        if not self.armed:
            if away2 < _REARM2:
                self.armed = True
            return False
        if away2 < _SWING2:
            self.above = 0
            return False
        if self.above and dx * self.px + dy * self.py + dz * self.pz <= 0:
            self.above = 0  # a rebound, not the same swing going on
        self.px = dx
        self.py = dy
        self.pz = dz
        self.above += 1
        if self.above < _SAMPLES_ABOVE:
            return False
        self.above = 0
        self.armed = False
        if self.quiet_from is not None:
            if ticks_diff(now_ms, self.quiet_from) < _QUIET_MS:
                self.quiet_from = now_ms  # still shaking: the same shake, not a new one
                return False
            self.quiet_from = None
        if self.swings == 0 or ticks_diff(now_ms, self.first_swing) > _WINDOW_MS:
            self.swings = 1
            self.first_swing = now_ms
            return False
        self.swings += 1
        if self.swings < _PEAKS_NEEDED:
            return False
        self.swings = 0
        self.quiet_from = now_ms
        return True


class ShakeReader:
    """The app's side: reads the accelerometer into a detector while the top scene takes shakes."""

    def __init__(self, read_acceleration):
        self.read = read_acceleration
        self.detector = ShakeDetector()

    def poll(self, wanted, now_ms):
        """One frame: True when a shake completes. While not `wanted` nothing is read and the detector forgets
        (samples from before a scene took shakes say nothing about now)."""
        detector = self.detector
        if not wanted:
            if detector.started:
                detector.reset()
            return False
        sample = self.read()
        return sample is not None and detector.feed(sample[0], sample[1], sample[2], now_ms)
