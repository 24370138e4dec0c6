"""Stand-in for the firmware's analogio: AnalogIn reads the middle of its 16-bit range (a centred joystick)."""


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        self.reference_voltage = 3.3

    def deinit(self):
        pass
