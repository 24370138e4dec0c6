"""Dymino's texts: the rules page and the bonus powers' names."""

RULES_TITLE = "Dymino rules"
RULES_TEXT = (
    "Each turn rolls two dice. Place them as a pair on two touching empty cells: the D-pad moves, "
    "B turns the pair, A places. Once no two touching cells are empty, the dice go one at a time "
    "(B swaps which comes first).\n"
    "Three or more equal dice touching side by side merge: they vanish and one die of the next value "
    "(6 becomes 1) stays where you placed. It can merge again at once: a series.\n"
    "Points: n dice of value v score n x v x 10^(n-3): three 1s 3, three 6s 18, four 2s 80. "
    "In a series the 2nd merge counts x5, the 3rd x10, the 4th x20, the 5th x30, then +10 each. "
    "Both dice of a pair belong to one series; the lower value merges first.\n"
    "A double gives a bonus die, used at once:\n"
    "1: choose a value (Up/Down, A), place it.\n"
    "2: choose a value: every die of it goes.\n"
    "3: place it: its row is cleared.\n"
    "4: its column is cleared.\n"
    "5: its row and column.\n"
    "6: the 8 dice around it.\n"
    "A bonus that needs an empty cell is lost when none is left. Removals score nothing.\n"
    "The game ends when no cell is empty at the start of a turn. The top 5 scores are kept.\n"
    "Select: a hint, where the bot would place the pair or die (a top-5 score from a hinted game is marked).\n"
    "Start: pause menu (rules, save & quit)."
)

# Index = bonus power 1..6; short enough for the side panel (9 characters).
POWER_NAMES = ("", "Choose", "Remove", "Row", "Column", "Row+Col", "Around")
BONUS_TITLES = ("", "Bonus 1", "Bonus 2", "Bonus 3", "Bonus 4", "Bonus 5", "Bonus 6")

ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th")
