"""Texts of the title menu's help and about screens (kept out of the scenes so they load only when shown)."""

HOW_TO_PLAY = (
    "Buttons\n"
    "D-pad: move the cursor. Held, it repeats.\n"
    "A: choose, place, roll.\n"
    "B: back, cancel.\n"
    "START: pause menu (resume, new round, settings, rules, save & quit).\n"
    "SELECT: a game's extra action.\n"
    "In Dice Duel, SELECT opens the chip choice; B goes back from it to the dice.\n"
    "\n"
    "In every menu, Up/Down move and A chooses; B goes back.\n"
    "\n"
    "Each game's rules are in its pause menu under Rules.\n"
    "\n"
    "The screen dims after a while without a button press; any button wakes it. "
    "Sound, brightness and the dim delay are under Settings."
)

ABOUT = (
    "Pips\n"
    "Dice and domino games for the Adafruit PyBadge.\n"
    "\n"
    "Runs on CircuitPython, and on the desktop in the simulator: python -m sim.\n"
    "\n"
    "Settings, best scores and a saved game are kept in the badge's 8 KB of non-volatile memory."
)

REPLAY_CODES = (
    "Every round has a code of 7 letters. On the title menu, Play a code deals the same round again: on "
    "this badge, on another one, or in the simulator (python -m sim --seed CODE). Race a friend on the same "
    "dice.\n"
    "\n"
    "Today's code is the same for everyone on one day, where the clock knows the date (the PyBadge has no "
    "clock that keeps time while off)."
)
