"""The Würfelglanz and Dymino hints' search in slices (engine.grid_hint), counted under CircuitPython's own
interpreter in callgrind (tools/callgrind_cost.py; badge ms = instructions / 1.11e8, ±2x): over the positions of
two seeded games each (the hint's own moves played), every slice of HINT_TRIES legal spots (the scenes' figure,
one slice a frame) and each whole search. The scenes' frames around the slices (loading the hint's code, drawing)
are in bench_badge_frames.py's grid part."""
from tools import callgrind_cost as cost

POSITIONS = 12  # per seeded game

SCRIPT = """
from engine import %(engine)s as game_module
from engine.%(engine)s_hint import Hinter
hinter = Hinter()
for seed in (3, 7):
    game = %(new_game)s
    moves = 0
    while %(going)s and moves < %(positions)d:
        hinter.start(game)
        slices = 0
        done = False
        while not done:
            BEGIN()
            done = hinter.step(%(tries)d)
            END()
            slices += 1
        print("slices", slices)
        move = hinter.move
        if move < 0:
            break
        %(play)s
        moves += 1
"""

GAMES = (
    ("Wuerfelglanz", "pips.wuerfelglanz.scene", dict(
        engine="wuerfelglanz", new_game="game_module.Game(seed, seed & 1)", going="not game.round_over",
        play="game.place_code(move)")),
    ("Dymino", "pips.dymino.scene", dict(
        engine="dymino", new_game="game_module.Dymino(seed)", going="game.phase != game_module.PHASE_OVER",
        play="game.place_pair(move >> 2, move & 3) if game.phase == game_module.PHASE_PAIR else "
             "game.place_single(move >> 2)")),
)


def _tries(scene_module):
    """HINT_TRIES as the scene sets it (read from its source: the scene needs displayio to import)."""
    import os
    path = os.path.join(cost.REPO, "lib", *scene_module.split(".")) + ".py"
    with open(path) as source:
        for line in source:
            if line.startswith("HINT_TRIES = const("):
                return int(line.split("(")[1].split(")")[0])
    raise RuntimeError("no HINT_TRIES in " + path)


def main():
    reason = cost.missing()
    if reason:
        print("   skipped: %s" % reason)
        return
    print("   a hint's search in slices (%d positions of 2 seeded games each; badge ms, ±2x): slice mean / worst,"
          " whole search mean / worst, slices a hint mean / worst" % POSITIONS)
    for name, scene_module, fields in GAMES:
        tries = _tries(scene_module)
        units, stdout = cost.segments(SCRIPT % dict(fields, positions=POSITIONS, tries=tries))
        slices = [int(line.split()[1]) for line in stdout.splitlines() if line.startswith("slices")]
        searches = []
        at = 0
        for count in slices:
            searches.append(sum(units[at:at + count]))
            at += count
        print("   %-13s %d tries a slice: %6.2f / %6.2f ms   search %6.1f / %6.1f ms   %4.1f / %d slices" % (
            name, tries, cost.badge_ms(sum(units) / len(units)), cost.badge_ms(max(units)),
            cost.badge_ms(sum(searches) / len(searches)), cost.badge_ms(max(searches)),
            sum(slices) / len(slices), max(slices)))


if __name__ == "__main__":
    main()
