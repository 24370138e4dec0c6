"""Dominoes on the badge: its setup, the game scene, its turn flow and views, texts and saved records.

What the setup and the game scene (its pause menu's Settings and Rules) both offer is here, once.
"""


def setting_choices():
    """(label, option names) of each setting the setup and Settings offer, in the order of the record's first fields
    (pips.dominoes.records: the opponent, then the match target's index; a test holds it): a setting's value is an
    index into its option names. The opponent's are by the record's value: the CPU's levels, then two people."""
    from engine.dominoes import MATCH_TARGETS
    return (("Opponent", ("Easy CPU", "Normal CPU", "Hard CPU", "2 players")),
            ("Match to", tuple(map(str, MATCH_TARGETS))))


def rules(scene):
    """The rules page, (title, text): the setup's and the game scene's rules() (pips.scene). The text is a file, read
    when shown (pips.text)."""
    from pips.text import File
    return "Dominoes rules", File("dominoes_rules.txt")
