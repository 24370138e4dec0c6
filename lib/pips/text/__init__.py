"""Long texts (rules pages, help pages, tips) as plain ASCII files in this folder, read when shown.

A string constant of a .mpy is a str object on the badge's heap for as long as its module is loaded (a game's
rules page, ~1.3 KB, for the whole game); a file costs nothing until a page of it is on screen, and the rules
viewer then reads only the lines it shows (pips.scenes.help).

    File(name)           the text in the file `name` here (e.g. "dominoes_rules.txt"): paragraphs are its lines,
                         the last newline is dropped
    file.read()          the whole text as a string (a short one, or a page built around it), or a line saying
                         the file is missing or damaged (not ASCII, or empty): shown, not a crash
    file.read(line)      paragraph `line` alone (0 = the file's first line), or that line saying what is wrong
    file.wrap(columns)   (spans, characters): where the wrapped lines are in the file, array("H") of byte offsets
                         [start, end, start, end, ...] (as pips.ui.text.wrap_spans for a string), and every
                         character the text uses (the viewer's glyph sheet). Reads a paragraph at a time.
    file.slice(start, end)   the file's bytes [start:end] (the lines of a page)
wrap and slice raise OSError for a missing file, wrap ValueError for a damaged one.

File names are longer than 10 characters and this module keeps no globals but File: a string of up to 10
characters and every global are names the badge keeps for good (tools/names.py), a longer string is not.
"""


class File:
    def __init__(self, name):
        self.name = name

    def path(self):
        return __file__[:__file__.rfind("__init__")] + self.name  # this folder, on the badge and the desktop

    def read(self, line=None):
        try:
            with open(self.path(), "rb") as handle:
                if line is None:
                    data = handle.read()
                else:  # one line: a tip is read without the file's other lines (a game's first frame is tight)
                    for _ in range(line + 1):
                        data = handle.readline()
            text = data.decode()
            if text and len(text) == len(data):  # ASCII: a character a byte, as the viewer's offsets need
                return text.rstrip("\n")
        except (OSError, ValueError):  # missing, or not UTF-8 (UnicodeError is a ValueError)
            pass
        return "The text file %s is missing or damaged: copy the folder lib/pips/text onto the badge again." % (
            self.name)

    def wrap(self, columns):
        from array import array
        from pips.ui.text import wrap_spans
        spans = array("H")
        seen = set()
        offset = 0
        with open(self.path(), "rb") as handle:
            data = handle.readline()
            while data:
                following = handle.readline()
                paragraph = data.decode()
                if len(paragraph) != len(data):
                    raise ValueError()  # not ASCII: byte offsets would not be character offsets
                if paragraph.endswith("\n"):
                    paragraph = paragraph[:-1]
                if following or paragraph:  # the file's last newline ends the text: no empty line after it
                    seen.update(data)
                    for position in wrap_spans(paragraph, columns):
                        spans.append(position + offset)
                offset += len(data)
                data = following
        seen.discard(10)
        return spans, bytes(sorted(seen)).decode()

    def slice(self, start, end):
        with open(self.path(), "rb") as handle:
            handle.seek(start)
            return handle.read(end - start)
