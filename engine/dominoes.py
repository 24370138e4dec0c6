"""Dominoes (the Draw game, double-six) for two: the deal, the lead, turns, drawing and passing, scoring, the match.

Seat 0 is the person, seat 1 the CPU or a second person (the engine does not care which). Moves are packed small
ints: tile | end << 5 | option << 6 (see engine.dominoes_table for ends, options and the table's geometry; the rule
numbers are in engine.dominoes_rules, the state format in engine.dominoes_state and engine.dominoes_load). Every
action returns OK or a small error code and changes nothing when illegal. The legal moves of the player to move
(or only the preferred position per tile and end) are written into the preallocated `moves` buffer.
"""
from engine.rng import Rng
from engine.dominoes_table import (  # noqa: F401 (hand_count, hand_pips re-exported)
    ALL_TILES, HI, LO, NO_TILE, OPTIONS, SUIT_MASKS, SUIT_TILES, TABLE_H, TABLE_W, TILE_COUNT, Table, hand_count,
    hand_pips)

from engine.dominoes_rules import (  # noqa: F401 (re-exported: the game's public names)
    HAND_SIZE, DRAW_FLOOR, MATCH_TARGETS, DEFAULT_TARGET, MAX_MOVES, PERSON, CPU, NOBODY, PLAYING, ROUND_OVER,
    MATCH_OVER, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_NO_MATCH, ERR_NO_ROOM, ERR_LEAD, ERR_MUST_PLAY, ERR_MUST_DRAW,
    ERR_STOCK_LOW, LAST_NONE, LAST_PLAY, LAST_DRAW, LAST_PASS, ROUND_MAX, SCORE_MAX, MAX_PIPS)



def move_tile(move):
    return move & 31


def move_end(move):
    return (move >> 5) & 1


def move_option(move):
    return move >> 6


def pack_move(tile, end, option):
    return tile | (end << 5) | (option << 6)


def opening_tile(hand0, hand1):
    """The first round's lead: the highest double in either hand, else the highest tile."""
    both = hand0 | hand1
    for n in range(6, -1, -1):
        t = n * (n + 1) // 2 + n
        if both & (1 << t):
            return t
    for t in range(TILE_COUNT - 1, -1, -1):
        if both & (1 << t):
            return t
    return NO_TILE


class DominoesGame:
    """One match. `seed` fixes every shuffle; `target` is the points to win the match."""

    def __init__(self, seed=1, target=DEFAULT_TARGET, width=TABLE_W, height=TABLE_H):
        self.rng = Rng(seed)
        self.table = Table(width, height)
        self.deck = bytearray(TILE_COUNT)  # the shuffled set: 0..6 and 7..13 dealt, then the stock in order
        self.moves = bytearray(MAX_MOVES)
        self.move_count = 0
        self.hands = [0, 0]
        # what the opponent knows a player cannot hold (tiles that fitted when they had no move), per player
        self.void = [0, 0]
        self.drew_since_void = [0, 0]
        # the round's draws and passes, for the CPU's reading of the opponent: history[p] bit k: p drew with k tiles
        # on the table; history[2] bit k: a player passed with k tiles on the table (-1: unknown, after a load)
        self.history = [0, 0, 0]
        self.scores = [0, 0]
        self.new_match(target)

    # ---- match and rounds -------------------------------------------------------------------------------------
    def new_match(self, target=None):
        if target is not None:
            self.target = target
        self.scores[0] = 0
        self.scores[1] = 0
        self.round_no = 0
        self.leader = NOBODY  # chosen by the highest double / tile in the first round
        self.match_winner = NOBODY
        self.start_round()

    def start_round(self):
        deck = self.deck
        for i in range(TILE_COUNT):
            deck[i] = i
        rng = self.rng
        for i in range(TILE_COUNT - 1, 0, -1):
            j = rng.below(i + 1)
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        self.deal()

    def deal(self):
        """Deal the hands from self.deck (shuffled by start_round) and settle who leads with what."""
        deck = self.deck
        h0 = 0
        h1 = 0
        for i in range(HAND_SIZE):
            h0 |= 1 << deck[i]
            h1 |= 1 << deck[HAND_SIZE + i]
        self.hands[0] = h0
        self.hands[1] = h1
        self.draw_pos = 2 * HAND_SIZE
        self.table.reset()
        self.void[0] = self.void[1] = 0
        self.drew_since_void[0] = self.drew_since_void[1] = 0
        history = self.history
        history[0] = history[1] = history[2] = 0
        if self.round_no < ROUND_MAX:
            self.round_no += 1
        self.phase = PLAYING
        self.round_winner = NOBODY
        self.round_points = 0
        self.round_blocked = 0
        self.last_kind = LAST_NONE
        self.last_player = NOBODY
        self.last_tile = NO_TILE
        if self.leader == NOBODY:
            self.lead_tile = opening_tile(h0, h1)
            self.leader = PERSON if h0 & (1 << self.lead_tile) else CPU
        else:
            self.lead_tile = NO_TILE  # the previous winner leads with any tile
        self.turn = self.leader
        self._after_action()

    def abandon_round(self):
        """Drop the round under way (nobody scores) and deal a new one; the match goes on. After the match's
        end, a new match."""
        if self.phase == MATCH_OVER:
            self.new_match()
        else:
            self.start_round()
        return OK

    def next_round(self):
        if self.phase != ROUND_OVER:
            return ERR_PHASE
        self.start_round()
        return OK

    # ---- the stock --------------------------------------------------------------------------------------------
    def stock_count(self):
        return TILE_COUNT - self.draw_pos

    def stock_mask(self):
        m = 0
        deck = self.deck
        for i in range(self.draw_pos, TILE_COUNT):
            m |= 1 << deck[i]
        return m

    # ---- legal moves ------------------------------------------------------------------------------------------
    def legal_moves(self):
        """Write the legal moves of the player to move into self.moves; return their count."""
        self.move_count = self._scan(self.turn, 0, 0)
        return self.move_count

    def preferred_moves(self):
        """Like legal_moves, but for each tile and end only the position that keeps that end the most room
        (Table.best_option): the moves the CPU players choose from."""
        self.move_count = self._scan(self.turn, 0, 1)
        return self.move_count

    def can_play(self, player):
        return self._scan(player, 1, 0) > 0

    def _scan(self, player, first_only, preferred):
        if self.phase != PLAYING:
            return 0
        hand = self.hands[player]
        table = self.table
        moves = self.moves
        n = 0
        if table.count == 0:
            if self.lead_tile != NO_TILE:
                if hand & (1 << self.lead_tile):
                    moves[0] = self.lead_tile
                    return 1
                return 0
            for t in range(TILE_COUNT):
                if hand & (1 << t):
                    moves[n] = t
                    n += 1
                    if first_only:
                        return n
            return n
        for end in range(2):
            if not hand & SUIT_MASKS[table.end_num[end]]:
                continue
            free = table.end_room(end)
            if not free:
                continue
            base = table.end_num[end] * 7
            for k in range(7):
                t = SUIT_TILES[base + k]
                if hand & (1 << t):
                    double = 1 if HI[t] == LO[t] else 0
                    bits = free >> 3 if double else free & 7
                    if preferred:
                        if bits:
                            moves[n] = t | (end << 5) | (table.best_option(double, end) << 6)
                            n += 1
                        continue
                    for option in range(OPTIONS):
                        if bits & (1 << option):
                            moves[n] = t | (end << 5) | (option << 6)
                            n += 1
                            if first_only:
                                return n
        return n

    def fitting_tiles(self):
        """Mask of all tiles that would have a position on the table now (whoever holds them)."""
        table = self.table
        if table.count == 0:
            return ALL_TILES if self.lead_tile == NO_TILE else 1 << self.lead_tile
        m = 0
        for end in range(2):
            free = table.end_room(end)
            if not free:
                continue
            base = table.end_num[end] * 7
            for k in range(7):
                t = SUIT_TILES[base + k]
                if free & (56 if HI[t] == LO[t] else 7):
                    m |= 1 << t
        return m

    def check_move(self, tile, end, option):
        """OK when the player to move may play tile at end with option, else the reason."""
        if self.phase != PLAYING:
            return ERR_PHASE
        if tile < 0 or tile >= TILE_COUNT or not self.hands[self.turn] & (1 << tile):
            return ERR_NOT_IN_HAND
        table = self.table
        if table.count == 0:
            if self.lead_tile != NO_TILE and tile != self.lead_tile:
                return ERR_LEAD
            return OK
        if end < 0 or end > 1 or option < 0 or option >= OPTIONS:
            return ERR_NO_ROOM
        n = table.end_num[end]
        if HI[tile] != n and LO[tile] != n:
            return ERR_NO_MATCH
        if not table.room(1 if HI[tile] == LO[tile] else 0, end, option):
            return ERR_NO_ROOM
        return OK

    # ---- actions ----------------------------------------------------------------------------------------------
    def play_move(self, move):
        """play() for a packed move (pack_move): what legal_moves(), preferred_moves() and the CPU players give."""
        return self.play(move & 31, (move >> 5) & 1, move >> 6)

    def play(self, tile, end=0, option=0):
        code = self.check_move(tile, end, option)
        if code != OK:
            return code
        p = self.turn
        if self.table.count == 0:
            self.table.place_first(tile)
        else:
            self.table.place(tile, end, option)
        self.hands[p] &= ~(1 << tile)
        self.last_kind = LAST_PLAY
        self.last_player = p
        self.last_tile = tile
        if not self.hands[p]:
            self._end_round(p, hand_pips(self.hands[1 - p]), 0)
            return OK
        self.turn = 1 - p
        self._after_action()
        return OK

    def may_draw(self):
        return self.phase == PLAYING and self.draw_pos < TILE_COUNT - DRAW_FLOOR and not self.can_play(self.turn)

    def draw(self):
        """The player to move, having no move, takes one tile from the stock (last_tile)."""
        if self.phase != PLAYING:
            return ERR_PHASE
        p = self.turn
        if self.can_play(p):
            return ERR_MUST_PLAY
        if self.draw_pos >= TILE_COUNT - DRAW_FLOOR:
            return ERR_STOCK_LOW
        self._note_void(p)
        t = self.deck[self.draw_pos]
        self.draw_pos += 1
        self.hands[p] |= 1 << t
        self.drew_since_void[p] = 1
        self.history[p] |= 1 << self.table.count
        self.last_kind = LAST_DRAW
        self.last_player = p
        self.last_tile = t
        self._after_action()  # the last allowed draw may leave nobody able to play
        return OK

    def pass_turn(self):
        if self.phase != PLAYING:
            return ERR_PHASE
        p = self.turn
        if self.can_play(p):
            return ERR_MUST_PLAY
        if self.draw_pos < TILE_COUNT - DRAW_FLOOR:
            return ERR_MUST_DRAW
        self._note_void(p)
        self.history[2] |= 1 << self.table.count
        self.last_kind = LAST_PASS
        self.last_player = p
        self.last_tile = NO_TILE
        self.turn = 1 - p
        self._after_action()
        return OK

    def no_move(self):
        """Draw when allowed, else pass (for a player with no move). Returns LAST_DRAW / LAST_PASS or 0 if illegal."""
        if self.draw() == OK:
            return LAST_DRAW
        if self.pass_turn() == OK:
            return LAST_PASS
        return 0

    def _note_void(self, p):
        fit = self.fitting_tiles()
        if self.drew_since_void[p]:
            self.void[p] = fit  # tiles drawn since are unknown: only what fits now is certain
            self.drew_since_void[p] = 0
        else:
            self.void[p] |= fit

    def _after_action(self):
        # blocked: neither may draw and neither can play
        if self.draw_pos >= TILE_COUNT - DRAW_FLOOR and not self.can_play(0) and not self.can_play(1):
            a = hand_pips(self.hands[0])
            b = hand_pips(self.hands[1])
            if a < b:
                self._end_round(PERSON, b - a, 1)
            elif b < a:
                self._end_round(CPU, a - b, 1)
            else:
                self._end_round(NOBODY, 0, 1)

    def _end_round(self, winner, points, blocked):
        self.round_winner = winner
        self.round_points = points
        self.round_blocked = blocked
        self.phase = ROUND_OVER
        if winner != NOBODY:
            self.scores[winner] = min(self.scores[winner] + points, SCORE_MAX)
            self.leader = winner  # a tie keeps the same leader
            if self.scores[winner] >= self.target:
                self.match_winner = winner
                self.phase = MATCH_OVER

    # ---- copies for the CPU's look-ahead -----------------------------------------------------------------------
    def copy_from(self, other):
        self.table.copy_from(other.table)
        self.deck[:] = other.deck
        self.hands[0] = other.hands[0]
        self.hands[1] = other.hands[1]
        self.void[0] = other.void[0]
        self.void[1] = other.void[1]
        self.drew_since_void[0] = other.drew_since_void[0]
        self.drew_since_void[1] = other.drew_since_void[1]
        history = self.history
        history[0] = other.history[0]
        history[1] = other.history[1]
        history[2] = other.history[2]
        self.scores[0] = other.scores[0]
        self.scores[1] = other.scores[1]
        self.target = other.target
        self.round_no = other.round_no
        self.leader = other.leader
        self.match_winner = other.match_winner
        self.draw_pos = other.draw_pos
        self.phase = other.phase
        self.round_winner = other.round_winner
        self.round_points = other.round_points
        self.round_blocked = other.round_blocked
        self.last_kind = other.last_kind
        self.last_player = other.last_player
        self.last_tile = other.last_tile
        self.lead_tile = other.lead_tile
        self.turn = other.turn

    # ---- state to and from bytes (engine.dominoes_state, engine.dominoes_load) --------------------------------
    def save(self):
        """The whole state as bytes (about 100; a version byte first)."""
        from engine.dominoes_state import save_state
        return save_state(self)

    def load(self, data):
        """Restore a state written by save(); raises ValueError on bad bytes (the game is then unchanged)."""
        from engine.dominoes_load import load_state
        load_state(self, data)
        self.history[2] = -1  # not saved: the CPU reads only the last move until the next round


def load_game(data):
    game = DominoesGame(1)
    game.load(data)
    return game
