"""Dymino's texts: the rules page (a text file, read when shown: pips.text) and the bonus powers' names."""
from pips.text import File

RULES_TITLE = "Dymino rules"
RULES_TEXT = File("dymino_rules.txt")

# Index = bonus power 1..6; short enough for the side panel (9 characters).
POWER_NAMES = ("", "Choose", "Remove", "Row", "Column", "Row+Col", "Around")
BONUS_TITLES = ("", "Bonus 1", "Bonus 2", "Bonus 3", "Bonus 4", "Bonus 5", "Bonus 6")

ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th")
