"""Dominoes state from the bytes engine.dominoes_state writes (replayed and checked).

The loader trusts nothing: every field is checked against the game's limits and against the others (the tiles
add up, the line replays on the table, the phase agrees with the hands and the scores), so every state it accepts
is one the game could have reached and saves again as it was. Imports the game (which does not import this
module: a game loads only here)."""
import struct

from engine.rng import Rng
from engine.dominoes import (DRAW_FLOOR, HAND_SIZE, LAST_DRAW, LAST_PASS, MATCH_OVER, MATCH_TARGETS, MAX_PIPS, NOBODY,
                             PLAYING, ROUND_MAX, DominoesGame)
from engine.dominoes_state import SAVE_VERSION, HEADER_FORMAT, HEADER_BYTES
from engine.dominoes_table import (ALL_TILES, HI, LO, MOVE_END, MOVE_OPTION, MOVE_TILE, NO_TILE, OPTIONS, TILE_COUNT,
                                   Table, hand_pips)


def load_state(game, data):
    """Load bytes from save_state into `game`; ValueError on bad bytes, leaving the game unchanged."""
    try:
        fields = struct.unpack_from(HEADER_FORMAT, data, 0)
    except Exception:
        raise ValueError("short dominoes state")
    if fields[0] != SAVE_VERSION:
        raise ValueError("dominoes state version")
    pos = HEADER_BYTES
    if len(data) < pos + TILE_COUNT + 8 + 1:
        raise ValueError("short dominoes state")
    deck = bytes(data[pos:pos + TILE_COUNT])
    pos += TILE_COUNT
    rng_state = data[pos:pos + 8]
    pos += 8
    count = data[pos]
    pos += 1
    if count > TILE_COUNT or len(data) != pos + count:
        raise ValueError("bad dominoes line length")
    placed = data[pos:pos + count]
    (_, phase, turn, leader, lead_tile, match_winner, round_winner, blocked, round_no, target, points,
     h0, h1, v0, v1, drew, s0, s1, draw_pos, last_kind, last_player, last_tile) = fields
    # the header: each field in its range, and the fields agree with each other
    if phase > MATCH_OVER or turn > 1 or leader > NOBODY or match_winner > NOBODY or round_winner > NOBODY:
        raise ValueError("bad dominoes header")
    conceded = blocked >> 1  # (the byte: 1 blocked, 2 conceded)
    if blocked > 2 or drew > 3 or last_kind > LAST_PASS or last_player > NOBODY:
        raise ValueError("bad dominoes header")
    if not 1 <= round_no <= ROUND_MAX or target not in MATCH_TARGETS or points > MAX_PIPS:
        raise ValueError("bad dominoes counters")
    if not 2 * HAND_SIZE <= draw_pos <= TILE_COUNT - DRAW_FLOOR:
        raise ValueError("stock position out of range")
    if (lead_tile >= TILE_COUNT and lead_tile != NO_TILE) or (last_tile >= TILE_COUNT and last_tile != NO_TILE):
        raise ValueError("bad tile number")
    if h0 & h1 or (h0 | h1) > ALL_TILES or v0 > ALL_TILES or v1 > ALL_TILES:
        raise ValueError("hands overlap or hold unknown tiles")
    # the phase agrees with the hands and the scores
    if phase == PLAYING:
        if not h0 or not h1 or round_winner != NOBODY or match_winner != NOBODY or points or blocked:
            raise ValueError("bad round under way")
    elif round_winner == NOBODY and (points or not blocked):
        raise ValueError("bad tied round")
    if phase == MATCH_OVER:
        if match_winner == NOBODY or match_winner != round_winner or (s0, s1)[match_winner] < target:
            raise ValueError("bad match end")
    elif match_winner != NOBODY or s0 >= target or s1 >= target:
        raise ValueError("bad match under way")
    if phase != PLAYING:
        # the round's result is the one its hands give
        p0 = hand_pips(h0)
        p1 = hand_pips(h1)
        if conceded:
            # the loser gave the round up: the winner scores the loser's pips (engine.dominoes' concede)
            # (both still held tiles: it was given up under way)
            due = -1 if round_winner == NOBODY or not (h0 and h1) else (p1 if round_winner == 0 else p0)
        elif round_winner == NOBODY:
            due = 0 if p0 == p1 else -1
        elif blocked:
            due = (p1 - p0) if round_winner == 0 else (p0 - p1)
        else:
            due = -1 if (h0, h1)[round_winner] else (p1 if round_winner == 0 else p0)
        if due < 0 or (due == 0 and round_winner != NOBODY and not conceded) or points != due:
            raise ValueError("bad round result")
    if last_kind == LAST_DRAW and (last_player > 1 or last_tile == NO_TILE
                                   or not (h0, h1)[last_player] & (1 << last_tile)):
        raise ValueError("bad last draw")
    seen = 0
    for t in deck:
        if t >= TILE_COUNT or seen & (1 << t):
            raise ValueError("deck is not a set of 28 tiles")
        seen |= 1 << t
    # rebuild the line by replaying it, checking each placement, on a table of the game's size
    table = Table(game.table.width, game.table.height)
    laid = 0
    for i in range(count):
        m = placed[i]
        t = m & MOVE_TILE
        if t >= TILE_COUNT or laid & (1 << t):
            raise ValueError("a laid tile does not fit its line")
        if i == 0:
            if m != t:
                raise ValueError("a laid tile does not fit its line")
            table.place_first(t)
        else:
            end = (m >> MOVE_END) & 1
            opt = m >> MOVE_OPTION
            n = table.end_num[end]
            if opt >= OPTIONS or (HI[t] != n and LO[t] != n) or not table.room(1 if HI[t] == LO[t] else 0, end, opt):
                raise ValueError("a laid tile does not fit its line")
            table.place(t, end, opt)
        laid |= 1 << t
    dealt = 0
    for i in range(draw_pos):
        dealt |= 1 << deck[i]
    if laid & (h0 | h1) or (laid | h0 | h1) != dealt:
        raise ValueError("tiles do not add up")
    if count == 0 and phase == PLAYING and lead_tile != NO_TILE and not (h0, h1)[turn] & (1 << lead_tile):
        raise ValueError("lead tile not in the hand")
    rng = Rng(1)
    rng.load_from(rng_state, 0)
    # all checked: commit
    game.rng = rng
    game.table.copy_from(table)
    game.deck[:] = deck
    game.phase, game.turn, game.leader, game.lead_tile = phase, turn, leader, lead_tile
    game.match_winner, game.round_winner = match_winner, round_winner
    game.round_blocked = blocked & 1
    game.round_conceded = conceded
    game.round_no, game.target, game.round_points = round_no, target, points
    game.hands[0], game.hands[1], game.void[0], game.void[1] = h0, h1, v0, v1
    game.drew_since_void[0] = drew & 1
    game.drew_since_void[1] = (drew >> 1) & 1
    game.scores[0], game.scores[1] = s0, s1
    game.draw_pos = draw_pos
    game.last_kind, game.last_player, game.last_tile = last_kind, last_player, last_tile
    game.history[2] = -1  # the round's draws and passes are not saved: unknown (the CPU reads only the last move)


def load_game(data):
    """A new game in the state `data` (bytes from DominoesGame.save()); ValueError on bad bytes."""
    game = DominoesGame(1)
    load_state(game, data)
    return game
