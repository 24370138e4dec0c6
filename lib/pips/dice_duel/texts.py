"""Dice Duel's texts: seat names, and the rules page on demand (pips.dice_duel.rules_page)."""

def rules(_scene=None):
    """(title, text) of the rules page, loaded on demand (Scene.rules; the pause menu unloads it again): 1.5 KB
    of text that play does not need in RAM."""
    from pips.dice_duel import rules_page
    return rules_page.TITLE, rules_page.TEXT


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
