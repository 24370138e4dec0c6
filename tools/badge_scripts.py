"""Key scripts of the whole-app badge sessions, one per game (seed 1), recorded in the simulator twin
by `python -m tools.badge_sessions --write`: do not edit by hand."""
SEED = 1
SCRIPTS = {
    'diceduel': (
        'w1 D*1 w64 A w395 R w65 D*2 w64 A w65 A w3926 SEL w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A w65 '
        'D*3 B w62 D*1 w65 A w65 D*1 w65 A w395 D*2 w64 A w65 B w65 S w65 A w4025 B w65 S w65 A w3365 B w65 '
        'S w65 A w4025 B w65 S w65 A w3365 B w65 S w65 A w4025 B w65 S w65 A w3365 B w65 S w65 A w2045 B w65 '
        'S w65 A w3365 B w65 S w65 A w3365 B w65 S w65 A w3365 B w65 S w65 A w4025 B w65 S w65 A w3365 B w65 '
        'S w65 A w4025 B w65 S w65 A w3365 B w65 S w65 A w4025 B w65 S w65 A w2045 B w65 S w65 A w3365 B w65 '
        'S w65 A w4025 B w65 S w65 A w3365 B w65 S w65 A w65 A w300 w62 A w300 w62 A w300 w62 SEL w300 w62 '
        'D*3 w63 A w65 L A'
    ),
    'dominoes': (
        'w1 D*3 w62 A w395 A w1700 w48 A w1700 w48 A w1700 w48 S w65 D*2 w64 A w65 R w100 L B w62 D*1 w65 A '
        'w65 D*3 B w62 D*1 w65 A w65 D*3 w63 A w395 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 '
        'w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w1700 w48 A w300 w62 S w300 w62 '
        'D*4 w62 A'
    ),
    'dymino': (
        'w1 D*2 w63 A w395 L w65 U w65 U w65 A w65 R w65 R w65 A w65 R w65 R w65 A w494 S w65 D*2 w64 A w65 '
        'R w100 L B w62 D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 D*2 w64 A w395 L w65 U w65 U w65 A w65 R w65 R '
        'w65 A w65 B w65 R w65 R w65 A w65 B w65 B w65 B w65 L w65 L w65 L w65 A w65 R w65 R w65 A w65 L w65 '
        'L w65 D w65 A w65 R w65 R w65 A w65 L w65 L w65 D w65 A w494 B w65 B w65 B w65 U w65 A w494 B w65 R '
        'w65 D w65 A w494 L w65 L w65 D w65 A w494 R w65 U w65 A w494 B w65 R w65 R w65 U w65 U w65 A w65 R '
        'w65 D w65 A w65 B w65 B w65 B w65 L w65 L w65 L w65 D w65 D w65 A w65 R w65 R w65 A w65 L w65 U w65 '
        'U w65 U w65 U w65 A w65 L w65 D w65 A w65 R w65 D w65 A w494 B w65 U w65 U w65 A w65 B w65 B w65 B '
        'w65 R w65 R w65 D w65 A w494 L w65 L w65 D w65 A w494 L w65 U w65 A w65 B w65 R w65 R w65 A w65 R '
        'w65 R w65 A w494 A w494 B w65 B w65 B w65 L w65 L w65 A w494 R w65 R w65 D w65 A w494 L w65 L w65 L '
        'w65 A w494 B w65 R w65 R w65 R w65 R w65 U w65 U w65 U w65 A w65 B w65 B w65 B w65 L w65 D w65 A '
        'w494 B w65 L w65 U w65 A w65 B w65 B w65 B w65 R w65 D w65 D w65 A w494 U w65 U w65 A w65 R w65 U '
        'w65 U w65 A w1022 B w65 L w65 A w494 L w65 L w65 U w65 A w494 B w65 B w65 B w65 L w65 U w65 A w65 R '
        'w65 R w65 A w65 B w65 R w65 R w65 A w65 L w65 L w65 L w65 L w65 D w65 A w65 B w65 B w65 B w65 D w65 '
        'A w65 B w65 R w65 R w65 R w65 A w65 L w65 L w65 L w65 L w65 D w65 A w65 R w65 R w65 R w65 A w494 U '
        'w65 U w65 A w494 B w65 B w65 B w65 L w65 U w65 A w65 B w65 R w65 R w65 A w65 L w65 D w65 A w494 L '
        'w65 A w65 R w65 U w65 A w494 B w65 B w65 R w65 D w65 A w494 B w65 L w65 L w65 D w65 D w65 A w494 R '
        'w65 U w65 U w65 U w65 U w65 A w65 D w65 A w65 B w65 R w65 R w65 D w65 D w65 A w65 U w65 U w65 U w65 '
        'A w65 L w65 D w65 D w65 A w65 L w65 L w65 D w65 A w494 B w65 B w65 B w65 L w65 A w65 R w65 R w65 A '
        'w65 R w65 R w65 A w65 L w65 L w65 L w65 L w65 D w65 A w65 R w65 R w65 R w65 A w65 A w300 w62 A w300 '
        'w62 S w300 w62 D*4 w62 A'
    ),
    'wuerfelglanz': (
        'w1 A w394 L w65 U w65 U w65 A w65 R w65 A w65 R w65 R w65 A w65 S w65 D*2 w64 A w65 R w100 L B w62 '
        'D*1 w65 A w65 D*3 B w62 D*1 w65 A w65 A w395 R w65 R w65 R w65 U w65 U w65 A w65 L w65 L w65 L w65 '
        'L w65 D w65 A w65 R w65 A w65 R w65 A w65 R w65 A w65 B w65 L w65 L w65 L w65 D w65 A w296 R w65 R '
        'w65 R w65 A w296 U w65 U w65 A w296 L w65 L w65 L w65 D w65 A w65 D w65 D w65 A w65 B w65 B w65 B '
        'w65 R w65 U w65 U w65 A w65 R w65 R w65 A w65 L w65 L w65 D w65 A w65 R w65 R w65 A w65 R w65 A w65 '
        'B w65 L w65 L w65 D w65 A w65 R w65 A w296 L w65 L w65 D w65 A w296 B w65 R w65 D w65 A w296 B w65 '
        'B w65 B w65 L w65 L w65 U w65 A w65 D w65 D w65 A w65 R w65 R w65 U w65 A w65 D w65 D w65 A w65 B '
        'w65 B w65 B w65 R w65 A w65 D w65 A w692 A w300 w62 S w300 w62 D*4 w62 A'
    ),
}
