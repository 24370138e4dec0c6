"""`make screenshots`: regenerate the README's images with the headless simulator.

Each entry of SHOTS is one picture: (file name under docs/, game key or None for the title menu, key script or a
function that makes one, seed).
Game helpers: add a line for your game's screens. Key scripts: see sim/keyscript.py. Every shot starts from a
fresh, empty save file, so pictures do not depend on anyone's saves.
"""
import os
import sys
import tempfile

SCALE = 2
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")


def _bot(game, seed, count, last_wait=None, tail=""):
    """A key script of the greedy bot's first `count` moves (sim/bot/_keys.py), made when the shot is taken so it
    always replays under the current controls; `tail` is pressed after them."""
    def keys():
        from sim.bot import _keys
        return (_keys.script(_keys.moves(game, seed, count), last_wait) + " " + tail).strip()
    return keys


def _bot_aim(game, seed, count):
    """The bot's first `count` moves, then the next one's keys without its final A: the piece aimed, not placed."""
    def keys():
        from sim.bot import _keys
        moves = _keys.moves(game, seed, count + 1)
        return _keys.script(moves[:count]) + " " + moves[count][0].rsplit(" ", 1)[0]
    return keys


_ROUND = 200  # more moves than any bot round of Würfelglanz takes

SHOTS = [
    ("menu.png", None, "", 1),
    ("settings.png", None, "U*3 A", 1),  # Up from the top wraps to About, How to play, then Settings
    # The Records screen after one bot round of Würfelglanz (results: Right, A = Menu; Records is 6th, after Play a code).
    ("records.png", "wuerfelglanz", _bot("wuerfelglanz", 8, _ROUND, 2400, "S w200 R A w200 D*5 A"), 8),
    # Dice Duel: setup (3 people), a solo roll with kept dice, the chip choice after a large straight offered
    # first, the pass screen, a CPU turn.
    ("dice_duel_setup.png", "diceduel", "R D R D R D", 1),  # vs 2 CPUs: CPU1 Hard, the cursor on CPU2's level
    ("dice_duel_solo.png", "diceduel", "D A B w100 A R R A B w100", 2),
    ("dice_duel_choose.png", "diceduel", "D A B w100 SEL w100", 1),
    ("dice_duel_pass.png", "diceduel", "R R D D D A A B SEL A w100", 1),
    ("dice_duel_cpu.png", "diceduel", "R D R D*3 A A B SEL A w2500", 1),  # (past the two CPUs' level rows)
    # Dymino (greedy-bot moves for seed 3, as key presses): a series of three merges mid-animation, a bonus 4
    # die aimed with the dice it would clear framed in red, and the full grid holding at the end of a game.
    ("dymino_series.png", "dymino", _bot("dymino", 3, 12, 850), 3),
    ("dymino_bonus.png", "dymino", _bot_aim("dymino", 3, 5), 3),
    ("dymino_over.png", "dymino", _bot("dymino", 3, 2000, 600), 3),
    # Wuerfelglanz (greedy-bot moves for seed 8): a pop of two values lit up (a joker in a row of 1s and a row
    # of 6s), the ghost pair over free cells, the end with the piece that found no room, the results.
    ("wuerfelglanz_pop.png", "wuerfelglanz", _bot("wuerfelglanz", 8, 15, 0), 8),
    ("wuerfelglanz_play.png", "wuerfelglanz", _bot_aim("wuerfelglanz", 8, 16), 8),
    ("wuerfelglanz_over.png", "wuerfelglanz", _bot("wuerfelglanz", 8, _ROUND, 800), 8),
    ("wuerfelglanz_results.png", "wuerfelglanz", _bot("wuerfelglanz", 8, _ROUND, 2400), 8),
    # Dominoes (seed 1): its setup as it opens (the remembered choices: Normal CPU, a match to 100; the cursor on
    # Start); then Start (A) and A lays the tile and position shown first: the window onto the big table with the
    # ghost of your next tile and the green marks of the tiles that fit; the whole table (SELECT); two people (set
    # on the setup's Opponent row): the pass cover; a round's result with the pips.
    ("dominoes_setup.png", "dominoes", "w100", 1),
    ("dominoes_play.png", "dominoes", "A " + " ".join(["A w1700"] * 5), 1),
    ("dominoes_table.png", "dominoes", "A " + " ".join(["A w1700"] * 9) + " SEL w200", 1),
    ("dominoes_pass.png", "dominoes", "U*2 R*2 D*2 A w300", 1),
    ("dominoes_people.png", "dominoes", "U*2 R*2 D*2 A w300 A A w300 A w300", 1),
    ("dominoes_round.png", "dominoes", "A " + " ".join(["A w1700"] * 21) + " w2500", 1),
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
        print(take(name, game, keys() if callable(keys) else keys, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
