"""Dominoes' round and match results screens (with their flash and jingle): loaded when a round ends and unloaded
again once its screens are up (pips.dominoes.turns), so a match in play does not hold this code.

Short texts are picked from constant tuples: a str constant of up to 10 characters is a name the badge keeps for
good (tools/names.py), one inside a constant tuple is not."""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from engine import dominoes as dm
from pips import modules
from pips.dominoes.records import PEOPLE

_WIN_COLOR = const(0x40E060)
_LOSE_COLOR = const(0xE04040)


def show_round(scene):
    """The finished round's results; closing them calls scene._after_round_result()."""
    from pips import stats
    game = scene.game
    stats.update(scene.app.store, ((stats.DOMINOES_ROUNDS, 1),))
    modules.unload("pips.stats")  # its code is needed once a round: it leaves RAM (1 KB under the results)
    winner = game.round_winner
    names = scene.names()
    if winner == dm.NOBODY:
        title = "Blocked: a tie"
    elif scene.opponent == PEOPLE:
        title = "%s wins the round" % names[winner]
    else:
        title = "You win the round" if winner == dm.PERSON else "CPU wins the round"
    text = ("Round %d", "Domino", "Blocked", "%s pips", "Points", "+%d %s", "none", "%s : %s", "%d : %d", "Match to")
    rows = [(text[0] % game.round_no, text[1 + game.round_blocked]),
            (text[3] % names[0], dm.hand_pips(game.hands[0])),
            (text[3] % names[1], dm.hand_pips(game.hands[1])),
            (text[4], (text[5] % (game.round_points, names[winner])) if winner != dm.NOBODY else text[6]),
            (text[7] % names, text[8] % (game.scores[0], game.scores[1])),
            (text[9], game.target)]
    if winner != dm.NOBODY:
        good = winner == dm.PERSON or scene.opponent == PEOPLE
        scene.app.flash_pixels(_WIN_COLOR if good else _LOSE_COLOR, 300)
    scene.app.show_results(title, rows, False, scene._after_round_result)
    _play_outcome(scene, winner, False)


def show_match(scene):
    """The finished match's results (Again: a new match)."""
    game = scene.game
    names = scene.names()
    first_won = game.match_winner == dm.PERSON
    k = scene.opponent
    record = scene.record
    text = ("Rounds", "%s : %s", "%d : %d", "CPU level", "Won / lost", "%d / %d")
    rows = [(text[0], game.round_no),
            (text[1] % names, text[2] % (game.scores[0], game.scores[1]))]
    if k == PEOPLE:
        title = "%s wins the match!" % names[game.match_winner]
        rows.append(("Matches P1 : P2", text[2] % (record.won[k], record.lost[k])))
    else:
        title = "You win the match!" if first_won else "The CPU wins"
        rows.append((text[3], ("Easy", "Normal", "Hard")[k]))
        rows.append((text[4], text[5] % (record.won[k], record.lost[k])))
    scene.app.show_results(title, rows, first_won and k != PEOPLE, scene.new_match, again=True)
    _play_outcome(scene, game.match_winner, True)


def _play_outcome(scene, winner, match):
    """The round's or the match's jingle: won or lost for the person against the CPU, a neutral one between two
    people or for a tie (App.play_jingle respects the sound setting)."""
    from pips import jingles
    if winner == dm.NOBODY or scene.opponent == PEOPLE:
        notes = jingles.NEUTRAL
    elif winner == dm.PERSON:
        notes = jingles.WON if match else jingles.ROUND_WON
    else:
        notes = jingles.LOST if match else jingles.ROUND_LOST
    scene.app.play_jingle(notes)
