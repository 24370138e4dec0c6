# Signals are caught before anything else is imported (_signal: the C module, no imports of its own): a Ctrl-C or
# SIGTERM while Python still imports the simulator ends the run quietly, as one between frames does (sim.main).
import _signal

_early = []
for _number in (_signal.SIGINT, _signal.SIGTERM):
    _signal.signal(_number, lambda number, frame: _early.append(number))

import sys  # noqa: E402

from sim.main import main  # noqa: E402

sys.exit(main(early=_early))
