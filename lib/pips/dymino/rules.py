"""Dymino's rules page: the rules file with the top-5 table under it, read by the rules viewer (pips.scenes.help) as
it reads a pips.text.File, a page of lines at a time. Joined into one string, the page held the ~1.2 KB rules text
three times over (its bytes, its text, the join) beside the paused game: the tightest moment of Dymino's session
on the badge."""
from engine import dymino_score
from pips.dymino import texts


class RulesPage:
    """The rules file's bytes, then `tail` (the table's lines) at the offsets after them, as one text."""

    def __init__(self, table):
        lines = ["", "Top 5"]  # an empty line after the rules
        for k in range(len(table)):
            lines.append(texts.ORDINALS[k + 1] + "  " + dymino_score.to_text(table[k]))
        if not table:
            lines.append("no records yet")
        self.tail = "\n".join(lines)

    def read(self):
        """The whole page as one string (the viewer's fallback when the file is missing or damaged)."""
        return texts.RULES_TEXT.read() + "\n" + self.tail

    def wrap(self, columns):
        from pips.ui.text import wrap_spans
        rules = texts.RULES_TEXT
        spans, characters = rules.wrap(columns)
        with open(rules.path(), "rb") as handle:
            self.size = handle.seek(0, 2)  # the table's offsets start after the file's last byte (its newline)
        for position in wrap_spans(self.tail, columns):
            spans.append(position + self.size)
        return spans, characters + self.tail.replace("\n", "")

    def slice(self, start, end):
        size = self.size
        head = texts.RULES_TEXT.slice(start, min(end, size)) if start < size else b""
        if end <= size:
            return head
        return head + self.tail[max(start - size, 0):end - size].encode()
