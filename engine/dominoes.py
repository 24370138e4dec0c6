"""Dominoes (the Draw game, double-six) for two: the deal, the lead, turns, drawing and passing, scoring, the match.

Seat 0 is the person, seat 1 the CPU or a second person (the engine does not care which). Moves are packed small
ints: tile | end << 5 | option << 6 (see engine.dominoes_table for ends, options and the table's geometry; the rule
numbers are below, the state format in engine.dominoes_state and engine.dominoes_load). Every
action returns OK or a small error code and changes nothing when illegal. The legal moves of the player to move
(or only the preferred position per tile and end) are written into the preallocated `moves` buffer.
"""
from micropython import const

from engine.rng import Rng
from engine.dominoes_table import (  # noqa: F401 (hand_count, hand_pips re-exported)
    ALL_TILES, HI, LO, MOVE_END, MOVE_OPTION, MOVE_TILE, NO_TILE, OPTIONS, SUIT_MASKS, SUIT_TILES, TABLE_H, TABLE_W,
    TILE_COUNT, Table, hand_count, hand_pips)

# The rule numbers and the codes the engine, its state format and the app share. A public name is one the app,
# the CPU or the loader (engine.dominoes_load) reads; the rest are module-private (every name costs the badge:
# tools/names.py; tests/portable/dominoes_util.py spells the private ones for the tests).
HAND_SIZE = const(7)  # [seed] tiles dealt to each player
DRAW_FLOOR = const(2)  # [seed] drawing is allowed only while the stock holds more than this
MATCH_TARGETS = (50, 100, 150)  # [decided] match target choices in settings
_DEFAULT_TARGET = const(100)  # [decided]
MAX_MOVES = const(128)  # a hand holds at most 7 + 12 drawn tiles: 19 x 2 ends x 3 options < 128

# seats: 0 and 1 (the person and the CPU, or two people), and "nobody" for a tied round or a match under way
# The CPU's levels (engine.dominoes_cpu plays each; the app's record keeps the one chosen) and the move code of
# none: draw or pass (the CPU's answer then)
EASY = const(0)
NORMAL = const(1)
HARD = const(2)
NO_MOVE = const(255)

PERSON = const(0)
_CPU = const(1)
NOBODY = const(2)

# phases
PLAYING = const(0)
_ROUND_OVER = const(1)
MATCH_OVER = const(2)

# results of actions (pips.dominoes.scene says each in words, by its number)
OK = const(0)
_ERR_PHASE = const(1)  # the round is not being played
_ERR_NOT_IN_HAND = const(2)
_ERR_NO_MATCH = const(3)  # the tile shows no number of that end
_ERR_NO_ROOM = const(4)  # that position is off the table or touches another tile
_ERR_LEAD = const(5)  # the first round must be led with the highest double / tile
_ERR_MUST_PLAY = const(6)  # a player who can play may not draw or pass
_ERR_MUST_DRAW = const(7)  # passing while the stock still allows drawing
_ERR_STOCK_LOW = const(8)  # drawing is not allowed: the stock holds DRAW_FLOOR tiles or fewer
# what each code tells the player (REFUSALS[code]: the scene's message for a move refused)
REFUSALS = ("", "Not now", "Not in hand", "No match", "No room there", "Lead the highest", "You can play",
            "Draw first", "Stock too low")

# what happened last (for the scene's messages)
_LAST_NONE = const(0)
LAST_PLAY = const(1)
LAST_DRAW = const(2)
LAST_PASS = const(3)

# counters saturate so a state the game writes is always one its loader accepts (2-byte fields)
ROUND_MAX = const(65535)
_SCORE_MAX = const(65535)
MAX_PIPS = const(168)  # all 28 tiles' pips: no round scores more
# what _scan writes: every legal move, the first one found only, or each tile and end's preferred position
_LEGAL = const(0)
_FIRST = const(1)
_PREFERRED = const(2)


def opening_tile(mask):
    """The first round's lead among the tiles of `mask` (both hands): the highest double, else the highest tile."""
    for n in range(6, -1, -1):
        t = n * (n + 1) // 2 + n
        if mask & (1 << t):
            return t
    for t in range(TILE_COUNT - 1, -1, -1):
        if mask & (1 << t):
            return t
    return NO_TILE


class DominoesGame:
    """One match. `seed` fixes every shuffle; `target` is the points to win the match."""

    def __init__(self, seed=1, target=_DEFAULT_TARGET, width=TABLE_W, height=TABLE_H):
        self.rng = Rng(seed)
        self.table = Table(width, height)
        self.deck = bytearray(TILE_COUNT)  # the shuffled set: 0..6 and 7..13 dealt, then the stock in order
        self.moves = bytearray(MAX_MOVES)
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
        self.round_conceded = 0  # the round ended by concede()
        self.last_kind = _LAST_NONE
        self.last_player = NOBODY
        self.last_tile = NO_TILE
        if self.leader == NOBODY:
            self.lead_tile = opening_tile(h0 | h1)
            self.leader = PERSON if h0 & (1 << self.lead_tile) else _CPU
        else:
            self.lead_tile = NO_TILE  # the previous winner leads with any tile
        self.turn = self.leader
        self._after_action()

    def abandon_round(self):
        """Drop the round under way (nobody scores, and it does not count: the new deal keeps its number) and deal
        a new one; the match goes on. After the match's end, a new match."""
        if self.phase == MATCH_OVER:
            self.new_match()
        else:
            self.round_no -= 1  # (at least 1: deal() counts it again)
            self.start_round()
        return OK

    def concede(self, seat):
        """`seat` gives the round up: the opponent wins it and scores the pips in `seat`'s hand, what going out
        would have earned (so a bad hand is not re-dealt for free). The match may end."""
        if self.phase != PLAYING or seat < 0 or seat > 1:
            return _ERR_PHASE
        self.round_conceded = 1
        self._end_round(1 - seat, hand_pips(self.hands[seat]), 0)
        return OK

    def next_round(self):
        if self.phase != _ROUND_OVER:
            return _ERR_PHASE
        self.start_round()
        return OK

    # ---- the stock --------------------------------------------------------------------------------------------
    def stock_count(self):
        return TILE_COUNT - self.draw_pos

    # ---- legal moves ------------------------------------------------------------------------------------------
    def legal_moves(self):
        """Write the legal moves of the player to move into self.moves; return their count."""
        return self._scan(self.turn, _LEGAL)

    def preferred_moves(self):
        """Like legal_moves, but for each tile and end only the position that keeps that end the most room
        (Table.best_option): the moves the CPU players choose from."""
        return self._scan(self.turn, _PREFERRED)

    def can_play(self, seat):
        return self._scan(seat, _FIRST) > 0

    def _scan(self, seat, mode):
        """The moves of `seat` into self.moves (mode: _LEGAL all, _FIRST the first found, _PREFERRED the preferred
        positions); their count."""
        if self.phase != PLAYING:
            return 0
        hand = self.hands[seat]
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
                    if mode == _FIRST:
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
                    if mode == _PREFERRED:
                        if bits:
                            moves[n] = t | (end << MOVE_END) | (table.best_option(double, end) << MOVE_OPTION)
                            n += 1
                        continue
                    for option in range(OPTIONS):
                        if bits & (1 << option):
                            moves[n] = t | (end << MOVE_END) | (option << MOVE_OPTION)
                            n += 1
                            if mode == _FIRST:
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

    # ---- actions ----------------------------------------------------------------------------------------------
    def play_move(self, move):
        """play() for a packed move (tile | end << 5 | option << 6): what legal_moves(), preferred_moves() and the
        CPU players give."""
        return self.play(move & MOVE_TILE, (move >> MOVE_END) & 1, move >> MOVE_OPTION)

    def play(self, tile, end=0, option=0):
        """The player to move lays `tile` at `end` with `option`: OK, or the reason it may not (nothing changes)."""
        if self.phase != PLAYING:
            return _ERR_PHASE
        if tile < 0 or tile >= TILE_COUNT or not self.hands[self.turn] & (1 << tile):
            return _ERR_NOT_IN_HAND
        table = self.table
        if table.count == 0:
            if self.lead_tile != NO_TILE and tile != self.lead_tile:
                return _ERR_LEAD
            table.place_first(tile)
        else:
            if end < 0 or end > 1 or option < 0 or option >= OPTIONS:
                return _ERR_NO_ROOM
            n = table.end_num[end]
            if HI[tile] != n and LO[tile] != n:
                return _ERR_NO_MATCH
            if not table.room(1 if HI[tile] == LO[tile] else 0, end, option):
                return _ERR_NO_ROOM
            table.place(tile, end, option)
        p = self.turn
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
            return _ERR_PHASE
        p = self.turn
        if self.can_play(p):
            return _ERR_MUST_PLAY
        if self.draw_pos >= TILE_COUNT - DRAW_FLOOR:
            return _ERR_STOCK_LOW
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
            return _ERR_PHASE
        p = self.turn
        if self.can_play(p):
            return _ERR_MUST_PLAY
        if self.draw_pos < TILE_COUNT - DRAW_FLOOR:
            return _ERR_MUST_DRAW
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

    def _note_void(self, seat):
        fit = self.fitting_tiles()
        if self.drew_since_void[seat]:
            self.void[seat] = fit  # tiles drawn since are unknown: only what fits now is certain
            self.drew_since_void[seat] = 0
        else:
            self.void[seat] |= fit

    def _after_action(self):
        # blocked: neither may draw and neither can play
        if self.draw_pos >= TILE_COUNT - DRAW_FLOOR and not self.can_play(0) and not self.can_play(1):
            a = hand_pips(self.hands[0])
            b = hand_pips(self.hands[1])
            if a < b:
                self._end_round(PERSON, b - a, 1)
            elif b < a:
                self._end_round(_CPU, a - b, 1)
            else:
                self._end_round(NOBODY, 0, 1)

    def _end_round(self, seat, points, blocked):
        """The round ends, won by `seat` (NOBODY: a tie) for `points`, blocked or not."""
        self.round_winner = seat
        self.round_points = points
        self.round_blocked = blocked
        self.phase = _ROUND_OVER
        if seat != NOBODY:
            self.scores[seat] = min(self.scores[seat] + points, _SCORE_MAX)
            self.leader = seat  # a tie keeps the same leader
            if self.scores[seat] >= self.target:
                self.match_winner = seat
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
        self.round_conceded = other.round_conceded
        self.last_kind = other.last_kind
        self.last_player = other.last_player
        self.last_tile = other.last_tile
        self.lead_tile = other.lead_tile
        self.turn = other.turn

    # ---- state to bytes (engine.dominoes_state; engine.dominoes_load reads them back) -----------------------------
    def save(self):
        """The whole state as bytes (about 100; a version byte first)."""
        from engine.dominoes_state import save_state
        return save_state(self)
