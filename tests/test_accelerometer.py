"""The badge's accelerometer (pips.accelerometer, read through busio.I2C without the Adafruit driver) against a
fake I2C bus that answers as a LIS3DH's registers do; and pips.device loading it only at the first read."""
import struct
import sys
import types

import pytest

from pips.accelerometer import open_sensor

GRAVITY = 9.80665


class FakeLis3dh:
    """busio.I2C with a LIS3DH at 0x19: registers by address, auto-increment when bit 7 of the address is set, and
    the lock a busio.I2C needs around every transfer."""

    def __init__(self, identity=0x33, xyz=(0, 0, 8192), answers=True):
        self.registers = bytearray(0x40)
        self.registers[0x0F] = identity
        self.registers[0x28:0x2E] = struct.pack("<hhh", *xyz)
        self.answers = answers
        self.locked = False
        self.writes = []

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def _check(self, address):
        assert self.locked, "a transfer without the bus lock"
        if not self.answers or address != 0x19:
            raise OSError(19)  # no device answers (ENODEV), as the PyBadge LC's bus does

    def writeto(self, address, out):
        self._check(address)
        self.writes.append(bytes(out))
        self.registers[out[0] & 0x7F] = out[1]

    def writeto_then_readfrom(self, address, out, into, in_end=None):
        self._check(address)
        start = out[0] & 0x7F
        length = len(into) if in_end is None else in_end
        step = 1 if out[0] & 0x80 else 0
        for index in range(length):
            into[index] = self.registers[start + index * step]


def board_with(bus):
    return types.SimpleNamespace(I2C=lambda: bus)


def test_sets_50_hz_and_4_g_and_reads_m_per_s2():
    bus = FakeLis3dh(xyz=(0, -4096, 8192))  # 0, -0.5 g, 1 g at +-4 g full scale
    sensor = open_sensor(board_with(bus))
    assert bus.writes == [bytes((0x20, 0x47)), bytes((0x23, 0x98))]
    x, y, z = sensor.acceleration()
    assert x == 0 and y == pytest.approx(-GRAVITY / 2) and z == pytest.approx(GRAVITY)
    assert not bus.locked


def test_a_full_scale_reading_is_4_g():
    bus = FakeLis3dh(xyz=(32767, -32768, 0))
    x, y, _ = open_sensor(board_with(bus)).acceleration()
    assert x == pytest.approx(4 * GRAVITY, rel=1e-4) and y == pytest.approx(-4 * GRAVITY)


def test_no_sensor_or_another_chip_is_none():
    assert open_sensor(board_with(FakeLis3dh(answers=False))) is None  # PyBadge LC: nothing at 0x19
    assert open_sensor(board_with(FakeLis3dh(identity=0x6A))) is None  # a chip that is not a LIS3DH
    assert open_sensor(types.SimpleNamespace()) is None  # a board without an I2C bus


def test_device_loads_the_sensor_code_at_the_first_read_only(monkeypatch):
    from pips import device
    bus = FakeLis3dh(xyz=(0, 0, 8192))
    monkeypatch.setitem(sys.modules, "board", board_with(bus))
    monkeypatch.delitem(sys.modules, "pips.accelerometer")
    platform = device.DevicePlatform.__new__(device.DevicePlatform)  # the sensor part alone: no display, keys
    platform._accelerometer = None
    assert "pips.accelerometer" not in sys.modules
    assert platform.acceleration()[2] == pytest.approx(GRAVITY)
    assert "pips.accelerometer" in sys.modules
    bus.answers = False  # a read the sensor does not answer this time
    assert platform.acceleration() is None


def test_device_without_a_sensor_reads_none(monkeypatch):
    from pips import device
    monkeypatch.setitem(sys.modules, "board", board_with(FakeLis3dh(answers=False)))
    monkeypatch.delitem(sys.modules, "pips.accelerometer", raising=False)
    platform = device.DevicePlatform.__new__(device.DevicePlatform)
    platform._accelerometer = None
    assert platform.acceleration() is None
    assert platform.acceleration is None  # buttons only from now on (pips.platform)
    assert "pips.accelerometer" not in sys.modules  # its code left again


_LOCKED_READS = """
import sys
sys.path.insert(0, %(lib)r)
import board
import gc
import micropython
from pips.accelerometer import open_sensor
from pips.shake import ShakeReader


class Replay:
    def __init__(self, trace):
        self.trace = trace
        self.at = 0

    def read(self):
        sample = self.trace[self.at]
        self.at += 1
        return sample


held = ShakeReader(open_sensor(board).acceleration)  # the stand-in sensor (tools/badge/busio.py), held still
shaken = ShakeReader(Replay(%(trace)r).read)
walked = ShakeReader(Replay(%(still_trace)r).read)  # walking, then taps on the table: no shake
held.poll(True, 0)
shaken.poll(True, 0)
walked.poll(True, 0)


def frames():  # locals only: a new global would grow the module's dict
    shakes = 0
    for frame in range(1, %(frames)d):
        now = frame * 33
        shakes += held.poll(True, now)
        shakes += shaken.poll(True, now)
    return shakes


def not_shaken():
    shakes = 0
    for frame in range(1, %(still_frames)d):
        shakes += walked.poll(True, frame * 33)
    return shakes


result = "allocated"
gc.collect()
micropython.heap_lock()
try:
    shakes = frames()
    walk_shakes = not_shaken()
    result = "reads-allocate-nothing"
except MemoryError:
    shakes = walk_shakes = None
finally:
    micropython.heap_unlock()
print("#", result, shakes, walk_shakes, held.read()[2] > 8)
"""


def test_the_badge_reads_and_detects_a_shake_without_allocating():
    """Under CircuitPython's interpreter, micropython.heap_lock(): a frame's read of the stand-in LIS3DH into the shake
    detector, and traces played through the detector, allocate nothing; with the badge's floats (30 bits) the shake
    still rolls once and walking and taps not at all, as on the desktop (tests/test_shake.py)."""
    import os
    from sim import shake_traces
    from tools import cp_run
    reason = cp_run.missing()
    if reason is not None:
        pytest.skip(reason)
    trace = [list(sample) for sample in shake_traces.shake()] + [list(shake_traces.pick_up()[-1])] * 5
    still_trace = [list(sample) for sample in shake_traces.walk() + shake_traces.taps(count=8, apart_ms=150)]
    code = _LOCKED_READS % {"lib": os.path.join(cp_run.REPO, "lib"), "trace": trace, "frames": len(trace),
                            "still_trace": still_trace, "still_frames": len(still_trace)}
    result = cp_run.run(code=code, heap="256K")
    assert result.status == 0, result
    assert "# reads-allocate-nothing 1 0 True" in result.stdout, result
