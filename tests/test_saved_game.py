"""The saved-game framing shared by the four games: version byte, state bytes, clear."""
from pips import saved_game, saves
from pips.saves import WUERFELGLANZ_GAME, open_store
from pips.platform import STORAGE_BYTES


def test_round_trip_through_the_real_store():
    store = open_store(bytearray(b"\xff" * STORAGE_BYTES))
    assert saved_game.save(store, WUERFELGLANZ_GAME, 3, b"\x01\x02\x03")
    assert saved_game.load(store, WUERFELGLANZ_GAME, 3) == b"\x01\x02\x03"


def test_another_version_or_no_record_loads_nothing():
    store = open_store(bytearray(b"\xff" * STORAGE_BYTES))
    assert saved_game.load(store, WUERFELGLANZ_GAME, 1) is None
    saved_game.save(store, WUERFELGLANZ_GAME, 2, b"\x05")
    assert saved_game.load(store, WUERFELGLANZ_GAME, 1) is None


def test_clear_forgets_the_round():
    store = open_store(bytearray(b"\xff" * STORAGE_BYTES))
    saved_game.save(store, WUERFELGLANZ_GAME, 1, b"\x09\x09")
    saved_game.clear(store, WUERFELGLANZ_GAME)
    assert saved_game.load(store, WUERFELGLANZ_GAME, 1) is None


def test_without_a_store_nothing_happens():
    assert saved_game.save(None, WUERFELGLANZ_GAME, 1, b"\x01") is False
    assert saved_game.load(None, WUERFELGLANZ_GAME, 1) is None
    saved_game.clear(None, WUERFELGLANZ_GAME)


def test_a_saved_game_whose_every_copy_is_damaged_is_refused_once():
    from pips.store import Store
    from sim.flash import EraseBlockArea, MemoryMirror
    area = EraseBlockArea()
    mirror = MemoryMirror()
    store = Store(area, saves.LAYOUT, mirror)
    saved_game.save(store, saves.DYMINO_GAME, 1, b"round")
    saved_game.take_notice()
    offset = 0
    for kind, size in saves.LAYOUT:
        if kind == saves.DYMINO_GAME:
            break
        offset += 2 * (size + 10)
    area.data[offset + 12] ^= 0xFF  # the payload of the nvm copy...
    mirror.files[saves.DYMINO_GAME][12] ^= 0xFF  # ... and of the drive's copy
    assert store.damaged(saves.DYMINO_GAME)
    assert saved_game.load(store, saves.DYMINO_GAME, 1) is None
    assert saved_game.take_notice() is not None and saved_game.take_notice() is None
    assert not store.damaged(saves.DYMINO_GAME)  # cleared: a good empty record
    assert saved_game.load(store, saves.DYMINO_GAME, 1) is None and saved_game.take_notice() is None
    assert not Store(EraseBlockArea(), saves.LAYOUT).damaged(saves.DYMINO_GAME)  # never saved: nothing lost
