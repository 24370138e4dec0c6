"""Dice Duel's texts: the rules page and seat names. The rules stay loaded with the game: loaded when asked for,
the text wanted one 1.2 KB block while the pause menu is open, which a fragmented heap did not have (measured:
tools/cp_run.py)."""

RULES_TITLE = "Dice Duel rules"
RULES_TEXT = (
    "Roll five dice up to three times; between rolls keep any dice and roll the rest. "
    "Odd faces are black, even faces red.\n"
    "End on a combination to take one of its chips from the tray: two pairs 5, three of a kind 10, "
    "small straight 20, flush (one colour) 25, full house 30, four of a kind 40, large straight 50. "
    "Four of a kind and a full house count as two pairs. No chip left of that kind: nothing.\n"
    "Kniffel (five alike): any chip, even a set-aside one, and another turn.\n"
    "A round where nobody takes a chip sets aside the highest chip in the tray. "
    "The game ends when the tray is empty.\n"
    "Bonuses: last chip from the tray 20, each full stack of 4 chips 30, all 7 kinds 50 (gold), "
    "exactly 6 kinds 20 (silver). Equal points share the win.\n"
    "Solo: every turn without a chip sets one aside; a Kniffel gives 2 chips. Best: 1,000.\n"
    "Keys: Left/Right choose a die, A keeps or releases it, B rolls (or shake the badge). Up: the odds of each chip with the dice kept now. Select: take a chip (the chip choice "
    "opens by itself after the third roll). In the chip choice Left/Right choose (the most valuable chip comes "
    "first; \"No chip\" declines, asked to confirm), A takes, B goes back to the dice while rolls are left. "
    "Start: pause menu."
)


def seat_name(cpu_mask, seat, players):
    """"You" when one person plays, else P1..P4 for the people; CPU1..CPU3 for the CPU seats, each group
    numbered on its own."""
    cpu = cpu_mask >> seat & 1
    number = 1
    people = 0
    for other in range(players):
        if not cpu_mask >> other & 1:
            people += 1
        if other < seat and (cpu_mask >> other & 1) == cpu:
            number += 1
    if cpu:
        return "CPU%d" % number
    return "You" if people == 1 else "P%d" % number
