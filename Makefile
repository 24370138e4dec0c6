# The commands a person uses. Each sets up .venv from the pinned requirements first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: sim test bench device flash device-test screenshots clean

$(READY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $(READY)

sim: $(READY)  ## open the simulator window at the title menu
	$(BIN)/python -m sim $(ARGS)

test: $(READY)  ## the whole suite (CPython, real MicroPython, mpy-cross)
	$(BIN)/python -m pytest

bench: $(READY)  ## print the benchmark figures
	$(BIN)/python -m tools.bench

clean:
	rm -rf $(VENV) build
