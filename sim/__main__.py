import sys

from sim.main import main

sys.exit(main())
