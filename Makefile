# Two commands do everything: `make run` and `make test`. Both create or reuse .venv.
# `make run` installs what serving needs (the server extra); `make test` adds the dev tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed-dev

.PHONY: run test system-deps web-deps lint typecheck contracts jstest pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[server]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(RUN_STAMP)
	$(BIN)/nard serve $(ARGS)

test: $(STAMP) system-deps web-deps lint typecheck contracts jstest pytest

system-deps:
	bash tools/system-deps.sh

# axe-core, the accessibility checker the browser tests load into the pages (npm, locked).
web-deps: tests/web/node_modules/.package-lock.json

tests/web/node_modules/.package-lock.json: tests/web/package.json tests/web/package-lock.json
	cd tests/web && npm ci --no-audit --no-fund || echo "note: npm missing or offline; the accessibility test will skip" >&2

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

# The browser's pure modules (the game page's model, the frames' words) under node's own
# test runner: no browser, no npm packages.
jstest:
	node --test tests/js/

# Two processes for everything but the browser tests, then those (Playwright's sync
# API keeps an event loop running in its process, which asyncio.run in a later test
# of the same process would meet).
pytest: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadfile --ignore=tests/web
	$(BIN)/pytest tests/web

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	$(BIN)/python -m bench.movegen

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache tests/web/node_modules
