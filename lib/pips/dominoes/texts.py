"""Dominoes' texts: messages and hints (the rules page is pips.dominoes.rules, loaded when it opens)."""

NO_FIT_PREFIX = "No tile fits: "
HINT_DRAW = "A draws"
HINT_PASS = "A passes"
ONE_END = "It fits one end only"
OVERVIEW_NOTE = "The whole table: any key"
