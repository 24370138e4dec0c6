"""The title menu's help and about pages and the replay codes' help: text files, read when shown (pips.text)."""
from pips.text import File
from pips.version import VERSION

HOW_TO_PLAY = File("how_to_play.txt")

# (title, text): the About page's title says the version. The menu shows it with show_help(*ABOUT), no name of its
# own (the menu is loaded in every run; the names this module brings come only with a help page).
ABOUT = ("About Pips " + VERSION, File("about_pips.txt"))

REPLAY_CODES = File("replay_codes.txt")
