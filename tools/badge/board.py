"""Stand-in for a PyBadge's board module: pins (plain names), DISPLAY and the I2C bus with the accelerometer.

DISPLAY is the real one: circuitpython-pybadge-display's BusDisplay over its ST7735 bus model. A session's frames
happen there: each refresh() moves the virtual clock, feeds due key events and samples the heap (see _badge).
"""
import _badge
import _pybadge_display


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


# The firmware's own BusDisplay (circuitpython-pybadge-display builds it as board.c does): each refresh() made
# while auto_refresh is off renders and sends the dirty areas, then ends one frame of the session.
DISPLAY = _pybadge_display.display()
_pybadge_display.on_refresh(_badge.step)
