# Two commands do everything: `make run` and `make test`. Both create or reuse .venv.
# `make run` installs what serving needs (the server extra); `make test` adds the dev tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed-dev

.PHONY: run test system-deps web-deps lint typecheck contracts pytest bench clean \
	js-types js-types-check typecheck-js lint-js format-js jstest

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

test: $(STAMP) system-deps web-deps lint typecheck contracts js-types-check typecheck-js lint-js jstest pytest

system-deps:
	bash tools/system-deps.sh

# The JavaScript tools, from npm and locked in package-lock.json: TypeScript (tsc checks
# static/js's JSDoc types), Biome (lints and formats the JS and CSS),
# json-schema-to-typescript (writes static/js/types) and axe-core (the accessibility
# checker the browser tests load into the pages).
NODE_BIN := node_modules/.bin
web-deps: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The message types the pages read and send, generated from the pydantic models'
# JSON Schema: `make js-types` after changing a model, `make test` checks it was run.
js-types: $(STAMP) web-deps
	PYTHONPATH=src $(BIN)/python tools/js_types.py

js-types-check: $(STAMP) web-deps
	PYTHONPATH=src $(BIN)/python tools/js_types.py --check

typecheck-js: web-deps
	$(NODE_BIN)/tsc -p tsconfig.json

# Biome lints and formats the JS and the CSS in one fast tool with one config (biome.json),
# where eslint + prettier + stylelint would be three tools, three configs and many packages.
lint-js: web-deps
	$(NODE_BIN)/biome ci --colors=off

format-js: web-deps
	$(NODE_BIN)/biome check --write

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
	$(BIN)/pytest -n 2 --dist loadfile --ignore=tests/web --durations=15
	$(BIN)/pytest tests/web --durations=10

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	$(BIN)/python -m bench.movegen

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache node_modules
