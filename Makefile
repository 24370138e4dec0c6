# The commands a person uses. Each sets up .venv from the pinned requirements first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: sim test faults bench device release flash device-test screenshots clean

# A fresh .venv with exactly the pinned packages: --clear drops what an older list installed, --no-deps keeps out
# what the pinned packages declare but nothing here imports (requirements.txt says which).
$(READY): requirements.txt requirements-test.txt
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q --no-deps -r requirements-test.txt
	touch $(READY)

sim: $(READY)  ## open the simulator window at the title menu
	$(BIN)/python -m sim $(ARGS)

screenshots: $(READY)  ## regenerate the README's pictures in docs/ with the headless simulator
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m sim.screenshots $(ARGS)

test: $(READY)  ## the whole suite (CPython, circuitpython-pybadge, real MicroPython, mpy-cross)
	$(BIN)/python -m pytest

faults: $(READY)  ## the save store under every sequence of up to two faults (tests/fault_model.py); DEPTH=3 SAMPLE=15: a sample of three
	$(BIN)/python -m tests.fault_model --depth $(or $(DEPTH),2) $(if $(SAMPLE),--sample $(SAMPLE))

bench: $(READY)  ## print the benchmark figures
	$(BIN)/python -m tools.bench

device: $(READY)  ## assemble build/CIRCUITPY as .mpy (CircuitPython's mpy-cross: MPY_CROSS or ../shared/tools/circuitpython; ARGS="--py", "--circuitpython 9")
	$(BIN)/python -m tools.build_device $(ARGS)

release: $(READY)  ## dist/pips-<version>-circuitpython-10.zip: the .mpy build and INSTALL.txt, for players
	$(BIN)/python -m tools.build_release

flash: device  ## copy the build onto the mounted CIRCUITPY drive (or CIRCUITPY=path), changed files only
	$(BIN)/python -m tools.flash_device

device-test: device  ## run the portable engine tests on a badge connected by USB (through mpremote)
	$(BIN)/python -m tools.device_test

clean:
	rm -rf $(VENV) build dist
