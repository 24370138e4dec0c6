"""Names the app leaves interned on a badge (tools/names.py): a name a module brings stays in the qstr pool for good,
even after the module is unloaded, and the pool grows in doubling tables (the 1,280-name one is 7.7 KB in one
block), so names are held like heap bytes.

    per module   the names of the modules with the most (of the .mpy build; the badge's ROM names taken off)
    per session  the names each game's scripted session (tools/badge_scripts.py) leaves interned: the union over
                 every module it loads at any frame; "all four" is the four games in one power-on
    stand-ins    the names the badge stand-ins a session loads (tools/badge) intern under circuitpython-pybadge and
                 a badge never does (cp_run.stand_in_names): on top of the session's count in the unix twin

Run: `make bench` or `.venv/bin/python -m tools.bench names`.
"""
import os

from tools import badge_scripts, build_device, cp_run, names

TOP = 15
GAMES = ("wuerfelglanz", "diceduel", "dymino", "dominoes")


def main():
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        print("   skipped: no mpy-cross (set MPY_CROSS or put ../shared/tools/circuitpython/ beside the checkout)")
        return
    build = os.path.join(cp_run.REPO, "build", "bench-names", "CIRCUITPY")
    build_device.build(build, mpy_cross=compiler, log=lambda line: None)
    table = names.module_names(build)
    rows = sorted(table.items(), key=lambda item: (-len(item[1][0]), item[0]))
    print("   %-30s %6s  (of %d modules, %d names in all)" % ("module", "names", len(table),
                                                           len(names.session_names(table, table))))
    for module, (found, _) in rows[:TOP]:
        print("   %-30s %6d" % (module, len(found)))
    reason = cp_run.missing()
    if reason:
        print("   sessions skipped: " + reason)
        return
    sessions = [(game, badge_scripts.SCRIPTS[game]) for game in GAMES] + [("all four", badge_scripts.MARATHON)]
    for game, keys in sessions:
        modules = names.session_modules(build, keys)
        print("   session %-13s %5d names (%d modules)" % (game, len(names.session_names(table, modules)),
                                                        len([m for m in modules if m in table])))
    # Test equipment, not the app: the sessions above run with the stand-ins of tools/badge, whose names a badge has
    # in ROM (its modules are C) but circuitpython-pybadge interns; their own internals make every session fatter.
    own, api = cp_run.stand_in_names()
    paths = len([name for name in own if name.endswith(".mpy")])
    print("   stand-ins      %5d names a badge never interns: %d their own (%d of them module paths) + %d firmware "
          "API names" % (len(own) + len(api), len(own), paths, len(api)))

