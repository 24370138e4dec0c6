"""Dice Duel's texts: the rules page (a text file, read when shown: pips.text) and seat names."""
from pips.text import File

RULES_TITLE = "Dice Duel rules"
RULES_TEXT = File("dice_duel_rules.txt")


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
