"""Key scripts of the whole-app badge sessions, one per game (seed 1), recorded in the simulator twin
by `python -m tools.badge_sessions --write`: do not edit by hand."""
SEED = 1
SCRIPTS = {
    'diceduel': (
        'w1 D*1 w64 A w65 w100 A w394 R w65 D*2 w64 R w65 D*1 w65 A w65 A w65 B w296 SEL w65 A w3926 S w65 '
        'D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 A w65 B w296 SEL w65 A '
        'w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w4025 B w296 SEL w65 A w2045 B w296 SEL w65 A w4025 B '
        'w296 SEL w65 A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 '
        'SEL w65 A w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 SEL w65 '
        'A w3365 B w296 SEL w65 A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 A w4025 '
        'B w296 SEL w65 A w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w300 w62 B w300 w62 B w300'
    ),
    'dominoes': (
        'w1 D*3 w62 A w65 w100 A w394 A w65 A w1700 w48 A w1700 w48 A w1700 w48 S w65 D*3 w63 A w65 R w100 L '
        'B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 A w65 A w1700 w48 A w1700 w48 A w1700 w48 A '
        'w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A '
        'w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 B '
        'w300 w62 S w300 w62 D*5 w61 A'
    ),
    'dymino': (
        'w1 D*2 w63 A w65 w100 A w394 L w65 U w65 U w65 A w65 R w65 R w65 U w65 A w65 D w65 B w65 R w65 R '
        'w65 U w65 U w65 A w65 S w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A '
        'w395 L w65 U w65 A w65 R w65 R w65 U w65 A w494 w100 A w64 B w65 L w65 U w65 U w65 A w494 A w494 R '
        'w65 D w65 B w65 B w65 B w65 L w65 L w65 U w65 U w65 A w65 A w65 R w65 R w65 U w65 A w494 R w65 D '
        'w65 A w494 U w65 U w65 U w65 U w65 A w494 L w65 A w65 D w65 D w65 B w65 B w65 B w65 L w65 L w65 A '
        'w494 R w65 B w65 U w65 U w65 A w65 L w65 A w494 R w65 D w65 A w494 L w65 U w65 U w65 A w65 A w494 R '
        'w65 R w65 D w65 B w65 L w65 L w65 U w65 U w65 A w65 R w65 D w65 B w65 B w65 B w65 L w65 U w65 A w65 '
        'R w65 R w65 U w65 A w494 L w65 B w65 U w65 A w65 R w65 B w65 B w65 B w65 L w65 L w65 A w65 A w494 R '
        'w65 R w65 U w65 U w65 B w65 L w65 U w65 A w1022 A w65 A w65 L w65 B w65 B w65 B w65 R w65 A w65 L '
        'w65 L w65 A w65 R w65 R w65 U w65 A w494 L w65 U w65 U w65 B w65 U w65 A w65 U w65 U w65 B w65 B '
        'w65 L w65 L w65 D w65 D w65 A w65 A w65 L w65 L w65 L w65 L w65 U w65 U w65 A w65 A w65 A w1781 U S '
        'w100 w63 B w300 w62 B w300'
    ),
    'wuerfelglanz': (
        'w1 A w64 w100 A w394 L w65 U w65 U w65 A w65 R w65 R w65 D w65 B w65 L w65 L w65 U w65 A w296 U w65 '
        'A w65 S w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 R w65 U w65 U '
        'w65 A w65 D w65 B w65 R w65 R w65 U w65 U w65 A w65 L w65 D w65 B w65 B w65 B w65 L w65 U w65 A w65 '
        'R w65 B w65 R w65 U w65 A w65 R w65 R w65 A w65 B w65 B w65 B w65 L w65 A w296 R w65 R w65 B w65 L '
        'w65 U w65 U w65 A w65 R w65 B w65 B w65 B w65 L w65 L w65 A w65 R w65 R w65 U w65 B w65 L w65 L w65 '
        'D w65 A w65 A w65 R w65 R w65 D w65 A w65 L w65 U w65 B w65 B w65 B w65 D w65 A w65 U w65 U w65 B '
        'w65 B w65 R w65 D w65 D w65 A w296 U w65 U w65 B w65 B w65 L w65 L w65 D w65 D w65 A w1781 U S w100 '
        'w63 B w300'
    ),
}
# All four games in one power-on, in this order: wuerfelglanz, dymino, diceduel, dominoes
MARATHON = (
        'w1 A w64 w100 A w394 L w65 U w65 U w65 A w65 R w65 R w65 D w65 B w65 L w65 L w65 U w65 A w296 U w65 '
        'A w65 S w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 R w65 U w65 U '
        'w65 A w65 D w65 B w65 R w65 R w65 U w65 U w65 A w65 L w65 D w65 B w65 B w65 B w65 L w65 U w65 A w65 '
        'R w65 B w65 R w65 U w65 A w65 R w65 R w65 A w65 B w65 B w65 B w65 L w65 A w296 R w65 R w65 B w65 L '
        'w65 U w65 U w65 A w65 R w65 B w65 B w65 B w65 L w65 L w65 A w65 R w65 R w65 U w65 B w65 L w65 L w65 '
        'D w65 A w65 A w65 R w65 R w65 D w65 A w65 L w65 U w65 B w65 B w65 B w65 D w65 A w65 U w65 U w65 B '
        'w65 B w65 R w65 D w65 D w65 A w296 U w65 U w65 B w65 B w65 L w65 L w65 D w65 D w65 A w1781 U S w100 '
        'w63 B w300 w62 D*2 w64 A w65 w100 A w394 L w65 U w65 U w65 A w65 R w65 R w65 U w65 A w65 D w65 B '
        'w65 R w65 R w65 U w65 U w65 A w65 S w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 '
        'w65 A w65 A w395 L w65 U w65 A w65 R w65 R w65 U w65 A w65 L w65 L w65 A w494 w100 A w64 R w65 R '
        'w65 U w65 A w494 L w65 L w65 L w65 U w65 U w65 A w494 A w65 A w65 L w65 D w65 B w65 L w65 L w65 U '
        'w65 A w1022 A w65 R w65 R w65 R w65 U w65 A w65 L w65 L w65 A w65 A w65 A w65 L w65 L w65 L w65 A '
        'w494 U w65 U w65 U w65 A w65 A w494 U w65 U w65 A w65 A w494 R w65 R w65 U w65 B w65 B w65 B w65 L '
        'w65 L w65 U w65 U w65 A w65 A w65 A w494 R w65 R w65 U w65 U w65 B w65 L w65 L w65 U w65 U w65 A '
        'w65 A w494 U w65 B w65 B w65 B w65 D w65 A w65 U w65 U w65 B w65 R w65 R w65 D w65 A w65 A w494 R '
        'w65 U w65 U w65 B w65 B w65 B w65 R w65 A w65 U w65 U w65 U w65 A w65 L w65 U w65 A w494 A w65 R '
        'w65 U w65 U w65 B w65 B w65 L w65 L w65 D w65 D w65 A w65 A w1781 U S w100 w63 B w300 w62 B w300 '
        'w62 U*1 w65 A w65 w100 A w394 R w65 D*2 w64 R w65 D*1 w65 A w65 A w65 B w296 SEL w65 A w3266 S w65 '
        'D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 A w65 B w296 SEL w65 A '
        'w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w4025 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B '
        'w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 SEL w65 A w4025 B w296 '
        'SEL w65 A w3365 B w296 SEL w65 A w3365 B w296 SEL w65 A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 '
        'A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 A w4025 B w296 SEL w65 A w5840 B w296 SEL w65 A w3365 '
        'B w296 SEL w65 A w3365 B w296 SEL w65 A w3365 B w300 w62 B w300 w62 B w300 w62 D*2 w64 A w65 w100 A '
        'w394 A w65 A w1700 w48 A w1700 w48 A w1700 w48 S w65 D*3 w63 A w65 R w100 L B w62 D*1 w65 A w65 D*3 '
        'B w62 D*1 w65 A w65 A w395 A w65 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 B w300 w62 S w300 '
        'w62 D*5 w61 A'
)
