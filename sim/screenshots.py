"""`make screenshots`: regenerate the README's images with the headless simulator.

Each entry of SHOTS is one picture: (file name under docs/, game key or None for the title menu, key script, seed).
Game helpers: add a line for your game's screens. Key scripts: see sim/keyscript.py. Every shot starts from a
fresh, empty save file, so pictures do not depend on anyone's saves.
"""
import os
import sys
import tempfile

SCALE = 2
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")

# Würfelglanz's key scripts (long: a whole round), used below.
_WG_POP = ("L U U A w400 R R A w400 L L A w400 R R A w400 B R R A w400 A w400 L L A w400 R A w400 L D L L A w400 "
           "B B B A w400 B R D A")
_WG_REST = ("w400 B B B L L A w400 R R A w400 L U L U A w400 B B B R D A w400 B B L U L A w400 U A w400 D A w400 "
            "R A w400 R A w400 B B B L D L A w400 B R U R R A w400 L D A w400 U A w400 R D R A w400 D A w400 "
            "L A w400 B B B L U L A w400 R R A w400 L L L A w400 R A w400 B L D A w400 R A w400 B R D A w400 "
            "B B B L U A w400")

SHOTS = [
    ("menu.png", None, "", 1),
    ("settings.png", None, "U*3 A", 1),  # Up from the top wraps to About, How to play, then Settings
    # Dice Duel: setup (3 people), a solo roll with kept dice, the chip choice, the pass screen, a CPU turn.
    ("dice_duel_setup.png", "diceduel", "R R D R", 1),
    ("dice_duel_solo.png", "diceduel", "D A B w100 A R R A B w100", 2),
    ("dice_duel_choose.png", "diceduel", "D A B B w100 S w100", 4),
    ("dice_duel_pass.png", "diceduel", "R R D D D A A B S A w100", 1),
    ("dice_duel_cpu.png", "diceduel", "R D R D A A B S A w2500", 1),
    # Dymino: a series of merges mid-animation (series count and coefficient), then a bonus 3..6 die with the
    # dice it would clear framed in red. Greedy-bot moves for seed 1, as key presses.
    ("dymino_series.png", "dymino", "L U U A w1200 R R A w1200 B R R A w1200 L D A w1200 L A w1200 L L A w1200 "
     "B B B R A w1200 R U A w1200 B L L L A w1200 B B B R U A w1200 L D A w1200 B B R R R A w1200 U A w1200 "
     "B B B L A w1200 A L D A w300", 1),
    ("dymino_bonus.png", "dymino", "L U U A w1200 R R A w1200 B R R A w1200 L D A w1200 L A w1200 L L A w1200 "
     "B B B R A w1200 R U", 1),
    # Wuerfelglanz: greedy-bot moves for seed 4 as key presses. A pop lit up (6, joker, 6: 3 x 6 = 18), the
    # ghost pair turned (B|A) over free cells, and the results of the whole round (35 moves, 150 points).
    ("wuerfelglanz_pop.png", "wuerfelglanz", _WG_POP, 4),
    ("wuerfelglanz_play.png", "wuerfelglanz", _WG_POP + " w400 B L", 4),
    ("wuerfelglanz_results.png", "wuerfelglanz", _WG_POP + " " + _WG_REST + " w1200", 4),
    # Dominoes (seed 1; A lays the tile and position shown first): the window onto the big table with the ghost of
    # your next tile and the green marks of the tiles that fit; the whole table (SELECT); two people: the pass
    # cover (Settings > Opponent > 2 players, then New match); a round's result with the pips.
    ("dominoes_play.png", "dominoes", " ".join(["A w1700"] * 5), 1),
    ("dominoes_table.png", "dominoes", " ".join(["A w1700"] * 9) + " SEL w200", 1),
    ("dominoes_pass.png", "dominoes", "w300 S D D D A D D D R R B U A L A w300", 1),
    ("dominoes_people.png", "dominoes", "w300 S D D D A D D D R R B U A L A w300 A A w300 A w300", 1),
    ("dominoes_round.png", "dominoes", " ".join(["A w1700"] * 21) + " w2500", 1),
]


def take(name, game, keys, seed, folder=DOCS, scale=SCALE):
    from sim.main import Sim
    with tempfile.TemporaryDirectory() as scratch:
        sim = Sim(headless=True, scale=scale, save=os.path.join(scratch, "save.bin"), seed=seed, keys=keys)
        sim.app.start(game)
        sim.run_headless()
        return sim.screenshot(os.path.join(folder, name))


def main(argv=None):
    wanted = sys.argv[1:] if argv is None else argv
    for name, game, keys, seed in SHOTS:
        if wanted and not any(part in name for part in wanted):
            continue
        print(take(name, game, keys, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
