"""Stand-in for the firmware's warnings: prints the warning, as CircuitPython does."""


def warn(message, category=None):
    print("Warning:", message)


def simplefilter(action, category=None):
    pass
