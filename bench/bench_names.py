"""Names the app leaves interned on a badge (tools/names.py): a name a module brings stays in the qstr pool for good,
even after the module is unloaded, and the pool grows in doubling tables (the 1,280-name one is 7.7 KB in one
block), so names are held like heap bytes.

    per module   the names of the modules with the most (of the .mpy build; the badge's ROM names taken off)
    per session  the names each game's scripted session (tools/badge_scripts.py) leaves interned in its run (a
                 restart starts another) with the most: the union over every module that run loads at any frame;
                 "all four" is the four games in one power-on; then, per run of the session, the names it may still
                 intern before the next qstr table (cp_run.names_left, the probe's own ~15 counted in), or "over"
                 where that run needed the 1,280-name table
    plain        the same without the lean pass (build_device --plain, tools/lean.py): names per session and the
                 build's .mpy bytes, what the pass saves
    stand-ins    the names the badge stand-ins a session loads (tools/badge) intern under circuitpython-pybadge and
                 a badge never does (names.stand_in_names): on top of the session's count in the unix twin

Run: `make bench` or `.venv/bin/python -m tools.bench names`.
"""
import os

from tools import badge_scripts, build_device, cp_run, names

TOP = 15
GAMES = ("wuerfelglanz", "diceduel", "dymino", "dominoes")


def mpy_bytes(build):
    return sum(os.path.getsize(os.path.join(folder, name)) for folder, _, files in os.walk(build)
               for name in files if name.endswith(".mpy"))


def main():
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        print("   skipped: no mpy-cross (set MPY_CROSS or put ../shared/tools/circuitpython/ beside the checkout)")
        return
    build = os.path.join(cp_run.REPO, "build", "bench-names", "CIRCUITPY")
    build_device.build(build, mpy_cross=compiler, log=lambda line: None)
    plain = os.path.join(cp_run.REPO, "build", "bench-names", "plain", "CIRCUITPY")
    build_device.build(plain, mpy_cross=compiler, log=lambda line: None, plain=True)
    print("   .mpy bytes %d (without the lean pass: %d)" % (mpy_bytes(build), mpy_bytes(plain)))
    table = names.module_names(build)
    plain_table = names.module_names(plain)
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
        runs = names.session_runs(build, keys)
        found, modules = names.largest_run(table, runs)
        without = len(names.largest_run(plain_table, names.session_runs(plain, keys))[0])
        # Under circuitpython-pybadge (its stand-ins' names too): names each run may still intern before the
        # interpreter's next qstr table; "over" where that run made the 1,280-name table (~7.7 KB) already.
        left = ["%d" % count if table_bytes <= cp_run.QSTR_TABLE_1280_BYTES else "over"
                for count, table_bytes in cp_run.names_left(build, keys)]
        print("   session %-13s %5d names (%d modules; its largest of %d runs; %d without the lean pass)  left per "
              "run: %s" % (game, len(found), len([m for m in modules if m in table]), len(runs), without,
                           " ".join(left)))
    # Test equipment, not the app: the sessions above run with the stand-ins of tools/badge, whose names a badge has
    # in ROM (its modules are C) but circuitpython-pybadge interns; their own internals make every session fatter.
    own, api = names.stand_in_names()
    paths = len([name for name in own if name.endswith(".mpy")])
    print("   stand-ins      %5d names a badge never interns: %d their own (%d of them module paths) + %d firmware "
          "API names" % (len(own) + len(api), len(own), paths, len(api)))

