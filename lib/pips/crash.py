"""Last resort on the badge: show an unhandled error on the screen and restart on a button press.

Imports as little as possible (the heap may be nearly full): the firmware's own terminal shows the text.
"""


def _print_error(error):
    print("Pips stopped on an error:")
    try:
        import traceback
        try:
            traceback.print_exception(error)  # CircuitPython 8+: the exception alone
        except TypeError:
            traceback.print_exception(type(error), error, error.__traceback__)
    except ImportError:
        import sys
        sys.print_exception(error)
    print()
    print("Press a button to restart.")


def _show_terminal():
    import board
    import displayio
    display = board.DISPLAY
    terminal = getattr(displayio, "CIRCUITPYTHON_TERMINAL", None)  # CircuitPython 9's name for the console
    if terminal is None:
        terminal = getattr(displayio, "SERIAL_GROUP", None)
    if terminal is not None:
        display.root_group = terminal
    display.brightness = 1.0
    display.auto_refresh = True


def _wait_for_press(platform):
    """Block until a button goes down; the platform's queue if it was built, else a fresh shift register."""
    import time
    keys = event = None
    if platform is not None:  # None: DevicePlatform() itself raised (pips.boot binds only a whole one)
        keys = platform.keys
        event = platform.key_event
    if keys is None or event is None:
        import board
        import keypad
        buttons = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                           latch=board.BUTTON_LATCH, key_count=4, value_when_pressed=True)
        keys = buttons.events
        event = keypad.Event()
    while True:
        while keys.get_into(event):
            if event.pressed:
                return
        time.sleep(0.02)


def show_and_restart(error, platform=None):
    """Never returns: shows `error`, waits for a press, reloads code.py."""
    import gc
    gc.collect()
    try:
        platform.tone(0, 0)
    except Exception:  # no platform, or it is the thing that broke
        pass
    try:
        _show_terminal()
    except Exception:
        pass  # no display: the text still goes to the USB console
    _print_error(error)
    try:
        _wait_for_press(platform)
    except Exception:
        import time
        time.sleep(30)  # no buttons either: try again after a while
    import supervisor
    supervisor.reload()
