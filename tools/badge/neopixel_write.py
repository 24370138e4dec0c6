"""Stand-in for the firmware's neopixel_write (the hardware side of the neopixel library): keeps the last bytes."""
last = None


def neopixel_write(pin, buf):
    global last
    last = buf
