"""The title menu's help and about pages and the replay codes' help: text files, read when shown (pips.text)."""
from pips.text import File

HOW_TO_PLAY = File("how_to_play.txt")

ABOUT = File("about_pips.txt")

REPLAY_CODES = File("replay_codes.txt")
