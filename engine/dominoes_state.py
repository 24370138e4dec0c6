"""Dominoes state to and from bytes: a version byte, a fixed header, the shuffled deck, the PRNG state and the
line as its packed placements (replayed and checked on load). About 100 bytes, at most SAVE_BYTES_MAX."""
import struct

from engine.rng import Rng
from engine.dominoes_table import ALL_TILES, HI, LO, NO_TILE, OPTIONS, TILE_COUNT, Table
from engine.dominoes import HAND_SIZE, MATCH_OVER, NOBODY

SAVE_VERSION = 1
_HEADER = "<BBBBBBBBHHHIIIIBHHBBBB"  # version, phase, turn, leader, lead tile, match winner, round winner,
# blocked, round no, target, round points, hands, voids, drew flags, scores, draw pos, last kind/player/tile
_HEADER_BYTES = struct.calcsize(_HEADER)
SAVE_BYTES_MAX = _HEADER_BYTES + TILE_COUNT + 8 + 1 + TILE_COUNT


def save_state(game):
    """The game state as bytes."""
    head = struct.pack(_HEADER, SAVE_VERSION, game.phase, game.turn, game.leader, game.lead_tile,
                       game.match_winner, game.round_winner, game.round_blocked, game.round_no, game.target,
                       game.round_points, game.hands[0], game.hands[1], game.void[0], game.void[1],
                       game.drew_since_void[0] | (game.drew_since_void[1] << 1), game.scores[0], game.scores[1],
                       game.draw_pos, game.last_kind, game.last_player, game.last_tile)
    out = bytearray(head)
    out.extend(game.deck)
    rng_bytes = bytearray(8)
    game.rng.save_into(rng_bytes, 0)
    out.extend(rng_bytes)
    out.append(game.table.count)
    out.extend(game.table.moves[:game.table.count])
    return bytes(out)


def load_state(game, data):
    """Load bytes from save_state into game `self`; ValueError on bad bytes, leaving the game unchanged."""
    try:
        fields = struct.unpack_from(_HEADER, data, 0)
    except Exception:
        raise ValueError("short dominoes state")
    if fields[0] != SAVE_VERSION:
        raise ValueError("dominoes state version")
    pos = _HEADER_BYTES
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
    seen = 0
    for t in deck:
        if t >= TILE_COUNT or seen & (1 << t):
            raise ValueError("deck is not a set of 28 tiles")
        seen |= 1 << t
    if phase > MATCH_OVER or turn > 1 or leader > NOBODY or match_winner > NOBODY or round_winner > NOBODY:
        raise ValueError("bad dominoes header")
    if not 2 * HAND_SIZE <= draw_pos <= TILE_COUNT or (lead_tile >= TILE_COUNT and lead_tile != NO_TILE):
        raise ValueError("bad dominoes header")
    if h0 & h1 or (h0 | h1) > ALL_TILES or v0 > ALL_TILES or v1 > ALL_TILES:
        raise ValueError("bad hands")
    # rebuild the line by replaying it, checking each placement
    table = Table()
    laid = 0
    for i in range(count):
        m = placed[i]
        t = m & 31
        if t >= TILE_COUNT or laid & (1 << t):
            raise ValueError("bad line")
        if i == 0:
            table.place_first(t)
        else:
            end = (m >> 5) & 1
            opt = m >> 6
            n = table.end_num[end]
            if opt >= OPTIONS or (HI[t] != n and LO[t] != n) or not table.room(1 if HI[t] == LO[t] else 0, end, opt):
                raise ValueError("bad line")
            table.place(t, end, opt)
        laid |= 1 << t
    dealt = 0
    for i in range(draw_pos):
        dealt |= 1 << deck[i]
    if laid & (h0 | h1) or (laid | h0 | h1) != dealt:
        raise ValueError("tiles do not add up")
    rng = Rng(1)
    rng.load_from(rng_state, 0)
    # all checked: commit
    game.rng = rng
    game.table.copy_from(table)
    game.deck[:] = deck
    game.phase, game.turn, game.leader, game.lead_tile = phase, turn, leader, lead_tile
    game.match_winner, game.round_winner, game.round_blocked = match_winner, round_winner, blocked
    game.round_no, game.target, game.round_points = round_no, target, points
    game.hands[0], game.hands[1], game.void[0], game.void[1] = h0, h1, v0, v1
    game.drew_since_void[0] = drew & 1
    game.drew_since_void[1] = (drew >> 1) & 1
    game.scores[0], game.scores[1] = s0, s1
    game.draw_pos = draw_pos
    game.last_kind, game.last_player, game.last_tile = last_kind, last_player, last_tile
    game.move_count = 0
