"""Dominoes on the badge: its setup, the game scene, its turn flow and views, texts and saved records.

What the setup and the pause menu's Settings both offer is here, once: the two settings, in the order of the
record's first fields (pips.dominoes.records: the opponent, then the match target's index; a test holds it), and
the rules page.
"""
from pips.text import File

RULES_TITLE = "Dominoes rules"
RULES_TEXT = File("dominoes_rules.txt")  # read when shown
SETTING_LABELS = ("Opponent", "Match to")
# by the record's opponent value: the CPU's levels (Easy, Normal, Hard), then two people passing the badge
OPPONENT_NAMES = ("Easy CPU", "Normal CPU", "Hard CPU", "2 players")


def setting_options():
    """The option names of each setting, in SETTING_LABELS' order: a setting's value is an index into them."""
    from engine.dominoes import MATCH_TARGETS
    return (OPPONENT_NAMES, tuple(str(target) for target in MATCH_TARGETS))
