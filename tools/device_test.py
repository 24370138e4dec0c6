"""`make device-test`: run the portable engine tests on a badge connected by USB, through mpremote.

Puts the build and tests/portable/ onto the CIRCUITPY drive (changed files only; code on the badge cannot write
its own drive while USB has it), then runs the tests over the raw REPL (`mpremote resume exec`: no soft reset,
which on CircuitPython would restart code.py) and prints the verdict "portable: N failed".
Exit status: 0 all passed, 1 failures (or no verdict), 2 no badge / no drive.
"""
import os
import shlex
import subprocess
import sys
import time

from tools.build_device import DEFAULT_OUT, REPO
from tools.flash_device import FlashError, find_drive, flash

TIMEOUT_S = 1800


def mpremote_command(environ=os.environ):
    """The mpremote command line (MPREMOTE overrides it, e.g. for a wrapper)."""
    if environ.get("MPREMOTE"):
        return shlex.split(environ["MPREMOTE"])
    return [sys.executable, "-m", "mpremote"]


def usb_serial_ports(mpremote):
    """Serial ports with a USB id, from `mpremote devs` (e.g. '/dev/ttyACM0 ... 239a:8029 Adafruit ...')."""
    result = subprocess.run(mpremote + ["devs"], capture_output=True, text=True, timeout=60)
    ports = []
    for line in result.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[2] != "0000:0000":
            ports.append(fields[0])
    return ports


def portable_modules(repo=REPO):
    folder = os.path.join(repo, "tests", "portable")
    return sorted(n[:-3] for n in os.listdir(folder) if n.startswith("test_") and n.endswith(".py"))


def test_files(repo=REPO):
    """(source, path on the drive) for tests/__init__.py and tests/portable/*.py."""
    pairs = [(os.path.join(repo, "tests", "__init__.py"), os.path.join("tests", "__init__.py"))]
    folder = os.path.join(repo, "tests", "portable")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            pairs.append((os.path.join(folder, name), os.path.join("tests", "portable", name)))
    return pairs


def runner_script(modules):
    """What the badge executes: each module in turn, unloaded afterwards so the heap stays free."""
    return ("import sys, gc\n"
            "from tests.portable import runner\n"
            "failed = 0\n"
            "for name in %r:\n"
            "    failed += runner.run_module('tests.portable.' + name)\n"
            "    sys.modules.pop('tests.portable.' + name, None)\n"
            "    gc.collect()\n"
            "print('portable: %%d failed' %% failed)\n" % (modules,))


def verdict(output):
    """The failure count from the runner's last line, or None when it never got there."""
    for line in reversed(output.splitlines()):
        line = line.strip()
        if line.startswith("portable: ") and line.endswith(" failed"):
            try:
                return int(line[len("portable: "):-len(" failed")])
            except ValueError:
                return None
    return None


def main(environ=os.environ, build_dir=DEFAULT_OUT):
    mpremote = mpremote_command(environ)
    port = environ.get("PORT")
    if not port:
        ports = usb_serial_ports(mpremote)
        if not ports:
            print("make device-test: no badge found: mpremote sees no USB serial device. Connect the badge by USB "
                  "(a data cable), or name its port with PORT=/dev/ttyACM0.", file=sys.stderr)
            return 2
        port = ports[0]
    try:
        drive = find_drive(environ)
        copied, _ = flash(build_dir, drive, extra=test_files())
    except FlashError as error:
        print("make device-test: %s" % error, file=sys.stderr)
        return 2
    if copied:
        time.sleep(3)  # let the badge finish its auto-reload after the copy
    command = mpremote + ["connect", port, "resume", "exec", runner_script(portable_modules())]
    print("running %d portable test modules on %s ..." % (len(portable_modules()), port))
    sys.stdout.flush()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print("make device-test: no answer from the badge within %d s" % TIMEOUT_S, file=sys.stderr)
        return 1
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    if "no device found" in result.stdout + result.stderr:
        print("make device-test: mpremote found no badge on %s" % port, file=sys.stderr)
        return 2
    failed = verdict(result.stdout)
    if failed is None:
        print("make device-test: no verdict from the badge (mpremote exit %d)" % result.returncode, file=sys.stderr)
        return 1
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
