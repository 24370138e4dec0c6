"""requirements.txt and requirements-test.txt pin what the simulator, the tests and the tools import, and nothing
else (the Makefile installs them with --no-deps): every package the code imports is pinned, and every pinned
package is imported, or required by one that is (what the pinned packages import as they run)."""
import importlib.metadata
import os
import re
import sys

from tools import build_device

REPO = build_device.REPO
FILES = ("requirements.txt", "requirements-test.txt")
SCANNED = ("sim", "tests", "tools", "bench", "lib", "engine")
BADGE_STAND_INS = os.path.join("tools", "badge")  # modules for the badge's interpreter, never CPython's
# Imported where no import statement shows it: by the badge's interpreter from site-packages
# (tests/test_circuitpython_text.py), and as `python -m mpremote` (tools/device_test.py).
IMPORTED_OTHERWISE = ("adafruit-circuitpython-display-text", "mpremote")


def _key(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned():
    found = {}
    for name in FILES:
        with open(os.path.join(REPO, name), encoding="utf-8") as handle:
            for line in handle:
                line = line.split("#")[0].strip()
                if line and not line.startswith("-"):
                    package, version = line.split("==")
                    found[_key(package)] = version
    return found


def imported():
    """{distribution: a file importing it} for the code's imports the standard library and the repo do not have;
    modules no installed package has are the firmware's, imported by device code only."""
    own = set(os.listdir(REPO)) | set(os.listdir(os.path.join(REPO, "lib")))
    own = {name[:-3] if name.endswith(".py") else name for name in own}
    providers = importlib.metadata.packages_distributions()
    found = {}
    for top in SCANNED:
        for folder, dirs, names in os.walk(os.path.join(REPO, top)):
            dirs[:] = [d for d in dirs if os.path.join(folder, d) != os.path.join(REPO, BADGE_STAND_INS)]
            for name in names:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                for module in build_device.imports_of(path):
                    if module in sys.stdlib_module_names or module in own:
                        continue
                    if module not in providers:
                        assert module in build_device.FIRMWARE_MODULES and top == "lib", (module, path)
                        continue
                    for dist in providers[module]:
                        found.setdefault(_key(dist), os.path.relpath(path, REPO))
    return found


def test_every_package_the_code_imports_is_pinned():
    missing = {dist: path for dist, path in imported().items() if dist not in pinned()}
    assert not missing, missing  # a new import: pin its package (and what it imports) in requirements*.txt


def test_every_pinned_package_is_imported_or_required_by_one_that_is():
    pins = pinned()
    reached = set(imported()) | set(IMPORTED_OTHERWISE)
    queue = list(reached)
    while queue:
        for requirement in importlib.metadata.requires(queue.pop()) or ():
            if "extra ==" in requirement:
                continue
            dist = _key(re.match(r"[A-Za-z0-9_.-]+", requirement).group(0))
            if dist in pins and dist not in reached:
                reached.add(dist)
                queue.append(dist)
    assert not set(pins) - reached, sorted(set(pins) - reached)  # nothing uses them: unpin


def test_the_pinned_versions_are_the_installed_ones():
    # make's .venv rule reinstalls when a requirements file changes; a venv from an older list fails here
    assert {dist: importlib.metadata.version(dist) for dist in pinned()} == pinned()
