"""Dominoes' round and match results screens (with their flash and jingle): loaded when a round ends and unloaded
again once its screens are up (pips.dominoes.scene), so a match in play does not hold this code."""
from micropython import const

from engine import dominoes as dm
from pips import modules
from pips.dominoes.records import PEOPLE, WON

_WIN_COLOR = const(0x40E060)
_LOSE_COLOR = const(0xE04040)


def show(scene, match):
    """The finished round's results (closing them calls scene._after_round_result()), or with `match` the finished
    match's (Again: a new match); with their flash and jingle."""
    game = scene.game
    names = scene.names()
    app = scene.app
    k = scene.opponent
    if match:
        seat = game.match_winner
        first_won = seat == dm.PERSON
        record = scene.record
        rows = [("Rounds", game.round_no),
                ("%s : %s" % names, "%d : %d" % (game.scores[0], game.scores[1]))]
        won = record[WON + 2 * k]
        lost = record[WON + 2 * k + 1]
        if k == PEOPLE:
            title = "%s wins the match!" % names[seat]
            rows.append(("Matches P1 : P2", "%d : %d" % (won, lost)))
        else:
            title = "You win the match!" if first_won else "The CPU wins"
            rows.append(("CPU level", ("Easy", "Normal", "Hard")[k]))
            rows.append(("Won / lost", "%d / %d" % (won, lost)))
        app.show_results(title, rows, first_won and k != PEOPLE, scene.new_match, again=True)
    else:
        with modules.briefly():  # the statistics' code is needed once a round (1 KB under the results)
            from pips import stats
            stats.update(app.store, ((stats.DOMINOES_ROUNDS, 1),))
        seat = game.round_winner
        if seat == dm.NOBODY:
            title = "Blocked: a tie"
        elif k == PEOPLE:
            title = "%s wins the round" % names[seat]
        else:
            title = "You win the round" if seat == dm.PERSON else "CPU wins the round"
        if game.round_conceded:
            ending = "Conceded"
        else:
            ending = "Blocked" if game.round_blocked else "Domino"
        rows = [("Round %d" % game.round_no, ending),
                ("%s pips" % names[0], dm.hand_pips(game.hands[0])),
                ("%s pips" % names[1], dm.hand_pips(game.hands[1])),
                ("Points", ("+%d %s" % (game.round_points, names[seat])) if seat != dm.NOBODY else "none"),
                ("%s : %s" % names, "%d : %d" % (game.scores[0], game.scores[1])),
                ("Match to", game.target)]
        if seat != dm.NOBODY:
            good = seat == dm.PERSON or k == PEOPLE
            app.flash_pixels(_WIN_COLOR if good else _LOSE_COLOR, 300)
        app.show_results(title, rows, False, scene._after_round_result)
    # the jingle: won or lost for the person against the CPU, a neutral one between two people or for a tie
    # (App.play_jingle respects the sound setting)
    from pips import jingles
    if seat == dm.NOBODY or k == PEOPLE:
        notes = jingles.NEUTRAL
    elif seat == dm.PERSON:
        notes = jingles.WON if match else jingles.ROUND_WON
    else:
        notes = jingles.LOST if match else jingles.ROUND_LOST
    app.play_jingle(notes)
