"""Würfelglanz's texts: rule names and the rules page for the help viewer (a text file, read when shown:
pips.text; ASCII: the badge's font)."""
from pips.text import File

RULE_NAMES = ("Lines", "Groups")          # engine RULE_STRAIGHT, RULE_CONNECTED (the panel shows "Rule" above)
TIME_NAMES = ("off", "on")

RULES_TITLE = "Würfelglanz rules"
RULES_TEXT = File("wuerfelglanz_rules.txt")
