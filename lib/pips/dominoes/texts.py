"""Dominoes' texts: the rules page (a text file, read when shown: pips.text), messages and result titles."""
from pips.text import File

RULES_TITLE = "Dominoes rules"
RULES_TEXT = File("dominoes_rules.txt")

NO_FIT_PREFIX = "No tile fits: "
HINT_DRAW = "A draws"
HINT_PASS = "A passes"
ONE_END = "It fits one end only"
OVERVIEW_NOTE = "The whole table: any key"
