"""Stand-in for the firmware's storage: the badge as seen with a computer holding its CIRCUITPY drive.

remount() refuses, as the firmware does while a USB host has the drive (supervisor.runtime.usb_connected is True
in these sessions), so nothing a session does can write to this machine's filesystem root (a badge's drive is
"/"). Saves then go to nvm alone, which is what a badge on a USB cable does.
"""


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    raise RuntimeError("Cannot remount path when visible via USB.")


def getmount(mount_path):
    raise OSError(2)


def disable_usb_drive():
    pass


def enable_usb_drive():
    pass
