"""Würfelglanz's texts: rule names and the rules page for the help viewer (ASCII: the badge's font)."""

TITLE = "Wuerfelglanz"
RULE_NAMES = ("Lines", "Groups")          # engine RULE_STRAIGHT, RULE_CONNECTED (the panel shows "Rule" above)
RULE_LONG_NAMES = ("Straight lines", "Connected")
TIME_NAMES = ("off", "on")

RULES_TITLE = "Wuerfelglanz rules"
RULES_TEXT = (
    "Place the dice from the tray on the 5x5 board. A piece is one die or a pair; the tray shows it before "
    "you place it.\n"
    "D-pad: move. B: turn the pair clockwise. A: place. Select: a hint, the spot the bot would choose (a best "
    "score from a hinted round is marked as such). A piece that does not fit slides back; nothing "
    "changes.\n"
    "Lines (default): 3 or more alike in a straight row or column pop. Groups: 3 or more alike touching "
    "side by side pop (L, T, blocks).\n"
    "The golden joker matches every value and counts in every line it completes. A line of jokers only "
    "counts as sixes. In a cross each die pops once.\n"
    "Score per number: n popped dice of value v make 3 x v x 2^(n-3): three 5s = 15, four = 30, five "
    "(a line or a plus) = 60. Two lines of three 4s at once are six 4s: 96. When several numbers pop, "
    "their scores are added; a joker in a 3-line and a 5-line counts for both.\n"
    "Dice never move. The round ends when the piece in the tray fits nowhere, in any turn.\n"
    "Start: pause, settings (match rule, time), save & quit."
)
