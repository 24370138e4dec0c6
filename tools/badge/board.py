"""Stand-in for a PyBadge's board module: pins (plain names), DISPLAY and the I2C bus with the accelerometer.

DISPLAY is where a session's frames happen: each refresh() moves the virtual clock, feeds due key events and
samples the heap (see _badge). The firmware's display object is static (not on the Python heap).
"""
import _badge
import displayio


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
NEOPIXEL = Pin("NEOPIXEL")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
A0 = SPEAKER
LIGHT = Pin("LIGHT")
TFT_LITE = Pin("TFT_LITE")


def I2C():
    """The firmware's one static busio.I2C, with the PyBadge's LIS3DH on it (the busio stand-in: imported only by a
    game that reads the accelerometer, so the other sessions intern none of its names)."""
    import busio
    return busio.I2C()


class Display:
    width = 160
    height = 128
    rotation = 0

    def __init__(self):
        self.auto_refresh = True
        self.brightness = 1.0
        self.group = None  # root_group

    @property
    def root_group(self):
        return self.group

    @root_group.setter
    def root_group(self, group):
        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("root_group must be a Group")
        if group is displayio.CIRCUITPYTHON_TERMINAL:
            _badge.mode |= 1  # _badge's crashed bit
        self.group = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        if self.auto_refresh:
            # The firmware draws at once (BusDisplay.c: refresh); only code.py's blank screen does this, before
            # the app takes the display: no frame of the app.
            return True
        _badge.step()
        return True


DISPLAY = Display()
