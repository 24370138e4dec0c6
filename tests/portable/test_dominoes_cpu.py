"""The Dominoes CPU: every level picks legal moves and leaves the game untouched; Hard's samples respect what
the person cannot hold; Normal prefers closing the table when the opponent must then draw the stock."""
from engine.dominoes import OK, PLAYING, DominoesGame, hand_count
from engine.dominoes_cpu import DominoesCpu, heaviest_move, play_rounds, take_turn
from engine.dominoes import EASY, HARD, NORMAL, NO_MOVE
from engine.dominoes_table import ALL_TILES, HI, LO, PIPS, turned
from tests.portable.dominoes_util import stock_mask, tile_of


def _is_legal(game, move):
    n = game.legal_moves()
    for i in range(n):
        if game.moves[i] == move:
            return True
    return False


def test_every_level_plays_legal_moves_and_leaves_the_game_unchanged():
    for level in (EASY, NORMAL, HARD):
        cpu = DominoesCpu(level, 3, samples=2, depth=4)
        game = DominoesGame(40 + level)
        moves = 0
        while game.phase == PLAYING:
            before = game.save()
            m = cpu.choose(game)
            assert game.save() == before
            if m == NO_MOVE:
                assert game.legal_moves() == 0
                assert game.no_move()
            else:
                assert _is_legal(game, m)
                assert game.play_move(m) == OK
                moves += 1
        assert moves > 3


def test_hard_samples_respect_what_the_person_cannot_hold():
    game = DominoesGame(8)
    cpu = DominoesCpu(HARD, 5)
    me = game.turn
    opp = 1 - me
    hidden = ALL_TILES & ~game.hands[me] & ~game.table.mask()
    # pretend the person is known not to hold any 6 or 5 it might have: the samples must avoid them
    void = 0
    for t in range(28):
        if hidden & (1 << t) and (t >= tile_of(5, 0)):
            void |= 1 << t
    allowed = hidden & ~void
    assert hand_count(allowed) >= hand_count(game.hands[opp])
    game.void[opp] = void
    size = hand_count(game.hands[opp])
    for _ in range(20):
        work = DominoesGame(1)
        work.copy_from(game)
        cpu._sample_hidden(work, me)
        assert hand_count(work.hands[opp]) == size
        assert work.hands[opp] & void == 0
        assert work.hands[opp] & ~hidden == 0
        # the stock holds exactly the other hidden tiles
        assert stock_mask(work) == hidden & ~work.hands[opp]


def test_heaviest_baseline_plays_the_heaviest_tile():
    game = DominoesGame(12)
    game.legal_moves()
    m = heaviest_move(game)
    n = game.legal_moves()
    assert max(PIPS[game.moves[i] & 31] for i in range(n)) == PIPS[m & 31]


def test_play_rounds_counts_every_decided_round():
    wa, wb, pa, pb, blocked = play_rounds(DominoesCpu(EASY, 1).choose, DominoesCpu(EASY, 2).choose, 12, 100)
    assert 0 < wa + wb <= 12
    assert pa > 0 and pb > 0
    assert 0 <= blocked <= 12


def test_play_rounds_plays_each_deal_twice_with_seats_swapped():
    # a deterministic player against itself: each deal's two rounds mirror each other, so both sides win alike
    wa, wb, pa, pb, _ = play_rounds(heaviest_move, heaviest_move, 20, 300)
    assert wa == wb and pa == pb


def test_cpu_places_where_the_end_keeps_the_most_room():
    game = DominoesGame(5)
    cpu = DominoesCpu(NORMAL, 3)
    for _ in range(12):
        if game.phase != PLAYING:
            break
        m = cpu.choose(game)
        if m == NO_MOVE:
            game.no_move()
            continue
        if game.table.count:
            t = m & 31
            assert m >> 6 == game.table.best_option(1 if HI[t] == LO[t] else 0, (m >> 5) & 1)
        game.play_move(m)


def test_hard_decided_in_slices_picks_the_one_shot_move():
    # Hard thinks across frames: start(), then step(units) each frame. However the units are sliced, and with
    # the game played on meanwhile (the CPU thinks on its own copy), the move is the one choose() picks at once.
    game = DominoesGame(21)
    shown = DominoesGame(1)
    other = DominoesCpu(NORMAL, 4)
    searched = 0
    for r in range(3):
        game.rng.seed(600 + r)
        game.new_match()
        while game.phase == PLAYING:
            if game.turn == 1:
                at_once = DominoesCpu(HARD, 30 + r, samples=3, depth=6).choose(game)
                budget = 1 + game.table.count % 4
                sliced = DominoesCpu(HARD, 30 + r, samples=3, depth=6)
                shown.copy_from(game)
                sliced.start(shown)
                steps = 0
                while not sliced.step(budget):
                    if shown.phase == PLAYING:  # the game the CPU started from changes under it
                        if shown.legal_moves():
                            shown.play_move(shown.moves[0])
                        else:
                            shown.no_move()
                    steps += 1
                assert sliced.move() == at_once
                assert sliced.step(budget)  # done stays done
                searched += steps > 0
                m = at_once
            else:
                m = other.choose(game)
            take_turn(game, m)
    assert searched > 10  # that many decisions took several slices


def test_normal_score_reads_the_room_a_move_leaves_without_changing_the_game():
    # normal_score writes the tile's two cells into the grid and reads both ends' room (Table.room_bits) instead
    # of place() and undo(): that room must be what a real placement leaves, and the game must come back as it was
    game = DominoesGame(1)
    placed = DominoesGame(1)
    cpu = DominoesCpu(NORMAL, 3)
    checked = 0
    for r in range(6):
        game.rng.seed(900 + r)
        game.new_match()
        while game.phase == PLAYING:
            n = game.legal_moves()
            for m in bytes(game.moves[:n]):
                table = game.table
                if table.count == 0:
                    continue
                end = (m >> 5) & 1
                t = m & 31
                double = 1 if HI[t] == LO[t] else 0
                before = game.save()
                cpu.normal_score(game, m)
                assert game.save() == before
                table.room(double, end, m >> 6)
                c1 = table.c1
                c2 = table.c2
                table.grid[c1] = table.grid[c2] = t + 1
                new_cell, new_dir = (c1, table.end_dir[end]) if double else (c2, turned(table.end_dir[end], m >> 6))
                o = 1 - end
                read = (table.room_bits(new_cell, new_dir, t, double),
                        table.room_bits(table.end_cell[o], table.end_dir[o], table.end_tile[o], table.end_double[o]))
                table.grid[c1] = table.grid[c2] = 0
                placed.copy_from(game)
                assert placed.play_move(m) == OK
                if placed.phase == PLAYING:
                    assert read == (placed.table.end_room(end), placed.table.end_room(o))
                    checked += 1
            take_turn(game, cpu.choose(game))
    assert checked > 200


def test_the_history_check_passes_the_real_hand_and_rejects_most_others():
    # Normal against Normal: at each of seat 1's turns, the opponent's real hand is one from which Normal laid
    # each checked tile as it did (who laid what read from the leader and the passes, its last draw from
    # game.history), so it always passes and the game comes back unchanged; hands drawn at random often fail.
    game = DominoesGame(1)
    work = DominoesGame(1)
    players = (DominoesCpu(NORMAL, 1), DominoesCpu(NORMAL, 2))
    hard = DominoesCpu(HARD, 5)
    checked = rejected = 0
    for r in range(8):
        game.rng.seed(700 + r)
        game.new_match()
        while game.phase == PLAYING:
            if game.turn == 1 and game.table.count >= 2:
                before = game.save()
                history = list(game.history)
                units = hard._fits_history(game, 1)
                assert units > 0, (r, game.table.count)
                assert game.save() == before and game.history == history
                checked += units > 1
                work.copy_from(game)
                hard._sample_hidden(work, 1)
                rejected += hard._fits_history(work, 1) < 0
            take_turn(game, players[game.turn].choose(game))
    assert checked > 30 and rejected > checked // 4, (checked, rejected)
