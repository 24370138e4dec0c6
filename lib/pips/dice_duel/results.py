"""Dice Duel's results: each seat's points with the bonuses itemised, then the standings (shell results scene)."""
from pips.dice_duel import records
from pips.dice_duel.texts import seat_name


def seat_rows(game, seat):
    kinds_bonus = game.kinds_bonus(seat)
    medal = "Gold (7 kinds)" if kinds_bonus == 50 else "Silver (6 kinds)" if kinds_bonus else "Gold/silver"
    return [
        ("Chips (%d)" % sum(game.held_count(seat, k) for k in range(7)), game.chip_points(seat)),
        ("Full stacks (%d)" % game.full_stacks(seat), game.stack_bonus(seat)),
        (medal, kinds_bonus),
        ("Last chip", game.last_chip_bonus(seat)),
        ("Total", game.score(seat)),
    ]


def standings(game):
    """Rows of (name, points), highest first, and the title naming the winner(s)."""
    order = sorted(range(game.players), key=lambda seat: -game.score(seat))
    rows = [(seat_name(game.cpu_mask, seat, game.players), game.score(seat)) for seat in order]
    winners = game.winners()
    names = [seat_name(game.cpu_mask, seat, game.players) for seat in range(game.players) if winners >> seat & 1]
    title = ("Shared win: " if len(names) > 1 else "Winner: ") + " ".join(names)
    return title, rows


def show(app, game, place, on_done, name=""):
    """The results: solo, the points (`place`: the score's place among the best, 1..5, or 0; its initials `name`
    are entered first when it has one); with seats, each seat's points, then the standings."""
    if game.players == 1:
        rows = seat_rows(game, 0)
        best = records.load_best(app.store)
        if best:
            rows.append(("Best solo", best[0]))
        entry = None
        if place:
            def entered(letters):
                records.set_initials(app.store, place, letters)
            entry = (name, entered)
        app.show_results("Solo: %d points" % game.score(0), rows, place == 1, on_done, again=True, initials=entry)
        return
    title, rows = standings(game)

    def show_seat(seat):
        if seat == game.players:
            app.show_results(title, rows, False, on_done, again=True)
            if game.cpu_mask:  # against CPUs: did a person win? (people among themselves: someone always does)
                from pips import jingles
                app.play_jingle(jingles.WON if game.winners() & ~game.cpu_mask else jingles.LOST)
            return
        app.show_results("%s: %d points" % (seat_name(game.cpu_mask, seat, game.players), game.score(seat)),
                         seat_rows(game, seat), False, lambda: show_seat(seat + 1))

    show_seat(0)
