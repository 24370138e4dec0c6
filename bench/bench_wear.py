"""Flash wear of a day of play: nvm erases (every save erases the SAMD51's whole 8 KB nvm block) per round and per
hour, with the round in progress kept every pips.app.AUTOSAVE_MOVES moves (plus once at each pause and dim).

The greedy bots play whole rounds in the headless simulator over a save file (sim.flash's erase-block model counts
the erases); an hour of play assumes SECONDS_A_MOVE per move and one pause a round. The drive's copy costs one
4 KB sector erase of its folder per save on the SPI flash (rated 100,000 cycles), so nvm is the first to wear.
Run: `make bench` or `.venv/bin/python -m tools.bench wear`."""
import os
import tempfile

from engine import dymino as dy
from engine import wuerfelglanz as w
from pips.app import AUTOSAVE_MOVES
from sim.bot import dymino as dymino_bot
from sim.bot import wuerfelglanz as wuerfelglanz_bot
from tests.simkit import make_sim

ROUNDS = 3
SECONDS_A_MOVE = 5    # a player thinking, turning and placing (the bots' moves are instant)
SECONDS_A_TURN = 12   # Dice Duel: up to three rolls, each watched, then a chip chosen
SECONDS_A_DOMINO = 3  # Dominoes: the person's move about 5 s, the CPU's about 1 s, every other move each
PAUSES_A_ROUND = 1
NVM_CYCLES = 10000    # kept under the 25,000 cycles Microchip gives its SAM D flash (a margin for the unknown)
HOURS_A_DAY = 2
# The budget AUTOSAVE_MOVES comes from: keeping the round adds at most one erase per ~2 minutes of play
# (AUTOSAVE_MOVES x SECONDS_A_MOVE), about one a round, on top of the round's end (statistics, best, the copy
# forgotten).


def _wuerfelglanz_round(sim, scene):
    scratch = w.Game(1)
    moves = 0
    while not scene.game.round_over:
        wuerfelglanz_bot.press_move(sim.app, scene, wuerfelglanz_bot.choose(scene.game, scratch))
        wuerfelglanz_bot.settle(sim, scene)
        moves += 1
    wuerfelglanz_bot.land(sim, scene)
    return moves


def _dymino_round(sim, scene):
    from pips.dymino.scene import MODE_ANIM, MODE_OVER
    scratch = dy.Dymino(1)
    moves = 0
    while scene.game.phase != dy.PHASE_OVER:
        dymino_bot.press_action(sim.app, scene, dymino_bot.choose(scene.game, scratch, quick=True))
        for _ in range(400):
            sim.frame()
            if scene.mode != MODE_ANIM and (scene.mode == MODE_OVER or not scene.view.settle.count):
                break
        moves += 1
    return moves


def _dice_duel_round(sim, setup):
    """A solo game from the setup (Start): each turn rolls once and takes the chip offered first (none if none
    fits); a move is a turn, the chip taken or declined (pips.dice_duel.scene calls app.moved() then)."""
    from pips import actions
    from pips.dice_duel import scene as duel
    setup.list.cursor = setup.rows.index("Start")
    sim.app.dispatch(actions.A)
    sim.frame()
    scene = sim.app.top()
    moves = 0
    while not scene.game.is_over():
        for action in (actions.B, actions.SELECT, actions.A, actions.A):
            if scene.game.is_over():
                break  # (the view has left for the results)
            scene.view.tumble.end()  # as a player who watched the dice land
            if action == actions.SELECT and scene.mode != duel.MODE_PLAY:
                continue
            if action == actions.A and scene.mode != duel.MODE_CHOOSE:
                break
            sim.app.dispatch(action)
        sim.frame()
        moves += 1
    return moves


def _dominoes_match(sim, setup):
    """A match from the setup (A on Start) against the CPU at its remembered level (Normal), the person's side laid
    with the buttons by a Normal CPU's choices; a move is either side's tile laid, draw or pass (the scene calls
    app.moved() for each). A Dominoes round ends mid-match: the match is the unit its kept copy lives for."""
    from engine.dominoes import NORMAL
    from engine.dominoes_cpu import DominoesCpu
    from pips import actions
    from tests.test_dominoes_scene import play_match
    app = sim.app
    app.dispatch(actions.A)
    sim.frame()
    scene = app.top()
    moves = [0]
    moved = app.moved

    def counted():
        moves[0] += 1
        moved()
    app.moved = counted
    play_match(sim, scene, DominoesCpu(NORMAL, 4))
    return moves[0]


# (title, catalog key, a round played with the buttons, seconds a move takes a player)
GAMES = (("Wuerfelglanz", "wuerfelglanz", _wuerfelglanz_round, SECONDS_A_MOVE),
         ("Dymino", "dymino", _dymino_round, SECONDS_A_MOVE),
         ("Dice Duel", "diceduel", _dice_duel_round, SECONDS_A_TURN),
         ("Dominoes", "dominoes", _dominoes_match, SECONDS_A_DOMINO))


def measure(key, play_round, folder):
    """(moves a round, nvm erases a round) over ROUNDS rounds, each from a power-on over the same save file (as the
    badge restarts after each game), the round's end (records, statistics) included."""
    moves = writes = 0
    for round_number in range(ROUNDS):
        sim = make_sim(folder, seed=3 + round_number)
        sim.app.tips = False
        sim.app.start(key)
        for _ in range(5):
            sim.frame()
        storage = sim.platform.storage
        before = storage.writes
        moves += play_round(sim, sim.app.top())
        for _ in range(120):  # the results' hold: their writes are the round's
            sim.frame()
        writes += storage.writes - before
    return moves / ROUNDS, writes / ROUNDS


def main():
    print("   autosave every %d moves; %d s a move (a Dice Duel turn %d s, a Dominoes move %d s), %d pause a round (a"
          " Dominoes match); nvm budget %d erases" % (AUTOSAVE_MOVES, SECONDS_A_MOVE, SECONDS_A_TURN, SECONDS_A_DOMINO,
                                                     PAUSES_A_ROUND, NVM_CYCLES))
    print("   %-13s %11s %13s %14s %12s %15s %18s" % ("game", "moves/round", "erases/round", "of them keeps",
                                                       "erases/hour", "hours to budget", "days at %d h a day"
                                                       % HOURS_A_DAY))
    for title, key, play_round, seconds in GAMES:
        with tempfile.TemporaryDirectory() as folder:
            moves, writes = measure(key, play_round, folder)
        keeps = moves // AUTOSAVE_MOVES + PAUSES_A_ROUND
        per_round = writes + PAUSES_A_ROUND
        rounds_an_hour = 3600.0 / (moves * seconds)
        per_hour = per_round * rounds_an_hour
        hours = NVM_CYCLES / per_hour
        print("   %-13s %11.1f %13.1f %14d %12.1f %15.0f %18.0f" % (title, moves, per_round, keeps, per_hour, hours,
                                                                   hours / HOURS_A_DAY))


if __name__ == "__main__":
    main()
