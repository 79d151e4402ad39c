# Time & Barons — the two commands:  make play  |  make test
# Everything else is a piece of those. `make help` lists them.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON   ?= python3
VENV     := .venv
PY       := $(VENV)/bin/python
PORT     ?= 8000
CHROMIUM ?= /usr/bin/chromium
# Build tools for dist/ (exact pins; the test extras come from pyproject.toml); markupsafe for the
# UI, which the build runs to draw the first screens (scripts/build.py, the same version as pyproject.toml).
BUILD_PINS := build==1.6.1 hatchling==1.33.0 brotli==1.2.1 markupsafe==3.0.4
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
# Workers per pytest suite (pytest-xdist): the engine suite and the e2e suite each split across them.
JOBS     ?= 2
# Engine tests run inside Pyodide (Node): the smoke test and core tests in a freshly started
# interpreter; the parity and conformance suites in one restored from a memory snapshot that
# already holds every engine module, as the app starts on a device that has run it before
# (pwa/tb-worker.mjs). Pyodide plays every random game of the conformance suite to the same
# digest as CPython (tests/parity.py); the conformance checks themselves run there on fewer
# random games and Hypothesis examples, and on each game's fewest and most players only
# (PYODIDE_ENV), since CPython has checked them on every case and those very games.
PYODIDE_TESTS ?= tests/test_core.py tests/test_mcts.py tests/pyodide/test_smoke_in_pyodide.py
PYODIDE_SNAPSHOT_TESTS ?= tests/pyodide/test_parity_in_pyodide.py tests/test_conformance.py
PYODIDE_ENV ?= TB_CONFORMANCE_GAMES=1 TB_CONFORMANCE_COUNTS=ends TB_HYPOTHESIS_EXAMPLES=10
# A test that hangs fails after TEST_TIMEOUT s with its stack (pytest-timeout) instead of holding
# the run until CI gives up: the slowest engine test takes ~75 s and the slowest e2e test ~60 s on
# a busy 2-core machine.
TEST_TIMEOUT ?= 600
ENGINE_ARGS ?= -n $(JOBS) --dist worksteal --timeout=$(TEST_TIMEOUT)
# -rR: the summary names a test that ran again after a browser crash (e2e/conftest.py)
E2E_ARGS ?= e2e -n $(JOBS) --dist worksteal --timeout=$(TEST_TIMEOUT) -rR
BENCH_ARGS ?=
# `make test` runs the three suites at once, all at normal priority: the machine is busy from
# start to end either way, and a lower priority for the CPython and Pyodide suites let any other
# busy program starve them (64.8 min beside two busy loops, benchmarks/RESULTS.md). NICE='nice -n 10'
# gives the browser suite the CPU first.
NICE ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help play test test-all install install-play chromium build serve lint test-engine test-pyodide \
        test-e2e bench icons clean distclean

help:
	@echo "make play          install what is needed, build dist/, serve it at http://127.0.0.1:$(PORT)"
	@echo "make test          install everything (chromium too), build, lint, run every test suite"
	@echo "                   (in parallel; JOBS=$(JOBS) pytest-xdist workers per suite)"
	@echo ""
	@echo "pieces:"
	@echo "  make install       .venv with test+e2e extras, node_modules (locked), Debian chromium"
	@echo "  make build         dist/: wheel, Pyodide, PyScript, app, service worker"
	@echo "  make serve         serve dist/ as it is (PORT=$(PORT))"
	@echo "  make lint          ruff check py_engine tests pwa benchmarks e2e scripts; mypy (strict: py_engine, pwa/tb_ui)"
	@echo "  make test-engine   pytest tests py_engine (CPython, with doctests; ENGINE_ARGS=...)"
	@echo "  make test-pyodide  the engine's tests inside Pyodide under Node (PYODIDE_TESTS=..., and"
	@echo "                     PYODIDE_SNAPSHOT_TESTS=... in an interpreter restored from a snapshot,"
	@echo "                     after tests/parity.py has played the same games in CPython)"
	@echo "  make test-e2e      pytest e2e: the built app in headless Chromium (E2E_ARGS='e2e/test_boot.py -x')"
	@echo "  make bench         simulator throughput, CPython vs Pyodide (BENCH_ARGS=--games 50); the other"
	@echo "                     measurements are scripts in benchmarks/ (RESULTS.md says how to run each)"
	@echo "  make icons         redraw public/icons/*.png"
	@echo "  make clean | distclean"

# ---- the two user-facing commands ------------------------------------------------------------

play: build
	$(PY) scripts/serve.py --dir dist --port $(PORT)

# The pieces run in parallel where they can (make -j): Debian's chromium installs while the
# engine tests run; the CPython, Pyodide and browser suites run at the same time. Each piece's
# output is shown whole when it ends (--output-sync), with its time.
test:
	@echo "make test: installing, then lint and the CPython, Pyodide and browser (e2e) suites in parallel;"
	@echo "           each one's output shows when it ends (the e2e suite, the longest, takes ~10 min)"
	@start=$$(date +%s); \
	if $(MAKE) -j4 --output-sync=target TESTING=1 test-all; then \
	  echo "make test: everything passed in $$(( $$(date +%s) - start )) s"; \
	else \
	  echo "make test: FAILED after $$(( $$(date +%s) - start )) s (the failing suite's output is above)"; exit 1; \
	fi

test-all: lint test-engine test-pyodide test-e2e

# ---- installation (stamped, so repeated runs are quick) --------------------------------------

$(VENV)/.play-stamp: Makefile
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PIP) $(BUILD_PINS)
	@touch $@

$(VENV)/.test-stamp: pyproject.toml $(VENV)/.play-stamp
	$(PIP) -e '.[test,e2e]'
	@touch $@

# Not `npm ci`: the registry these machines reach serves rollup's native optional packages
# for linux-x64/arm64-gnu only, so package-lock.json (made by `npm install` here) lacks the
# other platforms' entries, and `npm ci` refuses any such lock ("Missing: @rollup/... from lock
# file"). `npm install --no-save` installs exactly the locked versions and never rewrites the
# lock; `npm ls` then fails on any missing or mismatched package. (To add or bump a package,
# edit package.json and run a plain `npm install`, which updates the lock.)
node_modules/.npm-stamp: package.json package-lock.json
	npm install --no-audit --no-fund --no-save
	npm ls --all >/dev/null
	@touch $@

install-play: $(VENV)/.play-stamp node_modules/.npm-stamp

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "installing Debian's chromium"; \
	  $(SUDO) apt-get update -qq; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi
	@[ -x $(CHROMIUM) ] || { echo "$(CHROMIUM) still missing"; exit 1; }

install: install-play $(VENV)/.test-stamp chromium

# ---- build and serve --------------------------------------------------------------------------

# Under `make test` (TESTING=1) the build waits for the test tools' install: both use .venv.
build: install-play $(if $(TESTING),$(VENV)/.test-stamp)
	$(PY) scripts/build.py

serve:
	$(PY) scripts/serve.py --dir dist --port $(PORT)

icons:
	$(PYTHON) scripts/make_icons.py

# ---- checks -----------------------------------------------------------------------------------

lint: $(VENV)/.test-stamp
	$(VENV)/bin/ruff check py_engine tests pwa benchmarks e2e scripts
	$(VENV)/bin/mypy

test-engine: $(VENV)/.test-stamp
	@TIMEFORMAT='== test-engine: %0R s'; time $(NICE) $(PY) -m pytest $(ENGINE_ARGS) tests py_engine

test-pyodide: build
	@TIMEFORMAT='== test-pyodide: %0R s'; time { \
	  $(PY) tests/pyodide/fetch_wheels.py && \
	  $(NICE) $(PY) tests/parity.py --out build/parity-cpython.json && \
	  $(NICE) node tests/pyodide/run_pytest_in_pyodide.mjs $(PYODIDE_TESTS) && \
	  $(PYODIDE_ENV) TB_PARITY_FILE=build/parity-cpython.json \
	    $(NICE) node tests/pyodide/run_pytest_in_pyodide.mjs --from-snapshot $(PYODIDE_SNAPSHOT_TESTS); }

test-e2e: build $(VENV)/.test-stamp chromium
	@TIMEFORMAT='== test-e2e: %0R s'; time $(PY) -m pytest $(E2E_ARGS)

bench: build
	$(PY) benchmarks/simulate.py $(BENCH_ARGS)

# ---- cleaning ---------------------------------------------------------------------------------

clean:
	rm -rf dist build/wheel e2e/artifacts test-results .pytest_cache

distclean: clean
	rm -rf $(VENV) node_modules build
