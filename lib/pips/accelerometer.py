"""The LIS3DH accelerometer of the PyBadge and PyGamer, read through the firmware's busio.I2C.

    sensor = open_sensor(board)   # an Accelerometer, or None where nothing answers (the PyBadge LC has none)
    sensor.acceleration()         # [x, y, z] in m/s^2: one list, rewritten at every read

Imported by pips.device only once a scene that takes shakes is on top. It sets two registers and reads one block:
the Adafruit driver (adafruit_lis3dh, with adafruit_bus_device) did the same with ~3 KB of .mpy and ~65 names the
badge interns for good at its import, in every game's run.

A read makes no garbage (the app reads once a frame): the bytes come into the sensor's buffer and the numbers go
into its one list. struct.unpack would make a tuple a read, and so would returning (x, y, z); the floats are not
objects on the badge (CircuitPython's floats fit in a word, as small ints do).
"""
from micropython import const

_ADDRESS = const(0x19)  # the badges wire the sensor's SDO high
_WHO_AM_I = const(0x0F)
_IDENTITY = const(0x33)  # what a LIS3DH answers at WHO_AM_I
_CTRL_REG1 = const(0x20)
_RATE_50_HZ = const(0x47)  # output data rate 50 Hz (about the app's 30 reads a second), X, Y and Z on
_CTRL_REG4 = const(0x23)
_RANGE_4_G = const(0x98)  # block data update, +-4 g full scale (a hearty shake passes 2 g), high resolution
_OUT_X_L = const(0xA8)  # OUT_X_L (0x28) with bit 7 set: the address steps on through Y and Z (6 bytes)
_COUNTS_PER_4_G = const(32768)  # the readings are left-justified 16-bit numbers
_GRAVITY = 9.80665  # m/s^2 in one g


class Accelerometer:
    def __init__(self, bus):
        self.bus = bus  # board.I2C(): bus, buffer and scale are names the firmware has in ROM
        self.buffer = bytearray(6)
        self.scale = 4 * _GRAVITY / _COUNTS_PER_4_G  # m/s^2 a count
        self._transfer(bytes((_WHO_AM_I,)), 1)
        if self.buffer[0] != _IDENTITY:
            raise ValueError("not a LIS3DH")
        self._transfer(bytes((_CTRL_REG1, _RATE_50_HZ)), 0)
        self._transfer(bytes((_CTRL_REG4, _RANGE_4_G)), 0)
        self._read_xyz = bytes((_OUT_X_L,))
        self.sample = [0.0, 0.0, 0.0]

    def _transfer(self, out, length):
        """Write `out` to the sensor, then read `length` bytes into the buffer (none: a register write)."""
        bus = self.bus
        while not bus.try_lock():
            pass
        try:
            if length:
                bus.writeto_then_readfrom(_ADDRESS, out, self.buffer, in_end=length)
            else:
                bus.writeto(_ADDRESS, out)
        finally:
            bus.unlock()

    def acceleration(self):
        """[x, y, z] in m/s^2: the sensor's one list, rewritten by the next read."""
        self._transfer(self._read_xyz, 6)
        buffer = self.buffer
        sample = self.sample
        scale = self.scale
        for axis in range(3):
            count = buffer[2 * axis] | buffer[2 * axis + 1] << 8  # little-endian
            if count & 0x8000:
                count -= 0x10000  # two's complement: negative
            sample[axis] = count * scale
        return sample


def open_sensor(board):
    """The sensor on `board` (the board module), set up, or None: the PyBadge LC runs the same firmware without one,
    so the only way to tell is to ask the I2C bus."""
    try:
        return Accelerometer(board.I2C())
    except (AttributeError, ValueError, OSError, RuntimeError):
        return None
