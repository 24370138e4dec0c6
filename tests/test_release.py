"""`make release` (tools/build_release.py): the zip a player copies onto CIRCUITPY, its version and its bytes.
A session run from the unpacked zip is in tests/test_circuitpython_app.py."""
import os
import re
import zipfile

import pytest

from pips.version import VERSION
from tools import build_device, build_release

COMPILER = build_device.find_mpy_cross(log=lambda line: None)
pytestmark = pytest.mark.skipif(COMPILER is None, reason="no CircuitPython mpy-cross")


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    folder = tmp_path_factory.mktemp("release")
    path = build_release.release(str(folder / "dist"), str(folder / "CIRCUITPY"), mpy_cross=COMPILER,
                                 log=lambda line: None)
    return path, str(folder / "CIRCUITPY")


def test_the_zip_is_named_by_the_version_and_circuitpython_10(released):
    path, _ = released
    assert os.path.basename(path) == "pips-%s-circuitpython-10.zip" % VERSION
    assert build_release.version() == VERSION  # read from the source as the package has it


def test_the_changelog_starts_with_this_release():
    with open(os.path.join(build_release.REPO, "CHANGELOG.md"), encoding="utf-8") as handle:
        releases = re.findall(r"^## (\S+)", handle.read(), re.M)
    assert releases and releases[0] == VERSION


def test_the_zip_holds_the_device_build_and_install_txt(released):
    path, staging = released
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        built = sorted(rel for rel, _ in build_release._entries(staging))
        assert names == sorted(built + ["INSTALL.txt"])
        assert "code.py" in names and "lib/pips/boot.mpy" in names and "lib/pips/text/about_pips.txt" in names
        assert not any(name.endswith(".py") and name != "code.py" for name in names)
        for name in names:
            if name.endswith(".mpy"):
                assert archive.read(name)[:2] == b"C\x06", name  # format 6: CircuitPython 9 and 10 load it
        with open(os.path.join(build_release.REPO, "code.py"), "rb") as handle:
            assert archive.read("code.py") == handle.read()  # compiled on the badge: it checks the firmware first
        install = archive.read("INSTALL.txt").decode("ascii")
    for words in ("Pips %s" % VERSION, "CircuitPython 9 or 10", "circuitpython.org/board/pybadge",
                  "replacing the code.py", "lib/pips and engine", "pips_saves"):
        assert words in install, words


def test_the_same_source_gives_the_same_bytes(released, tmp_path):
    path, _ = released
    again = build_release.release(str(tmp_path / "dist"), str(tmp_path / "elsewhere"), mpy_cross=COMPILER,
                                  log=lambda line: None)
    with open(path, "rb") as first, open(again, "rb") as second:
        assert first.read() == second.read()
    with zipfile.ZipFile(again) as archive:
        infos = archive.infolist()
    assert [info.filename for info in infos] == sorted(info.filename for info in infos)
    assert {(info.date_time, info.external_attr >> 16) for info in infos} == {(build_release.ZIP_DATE, 0o100644)}


def test_without_mpy_cross_there_is_no_release(tmp_path, monkeypatch):
    monkeypatch.setattr(build_device, "find_mpy_cross", lambda log: None)
    with pytest.raises(build_release.ReleaseError, match="mpy-cross"):
        build_release.release(str(tmp_path / "dist"), str(tmp_path / "CIRCUITPY"), log=lambda line: None)
    assert not (tmp_path / "dist").exists()
