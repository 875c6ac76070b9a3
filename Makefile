# The two commands a newcomer needs:  `make run`  and  `make test`.
# Both create .venv with the project's own files; nothing else needs installing first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TEST_WORKERS ?= 2
# (pytest-xdist: two processes share the tests; each has its own hall and browser)

.PHONY: run test bench slow clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "yuanzi needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,browser,servers]'
	@touch $(STAMP)

## run: set up and start the hall (SQLite file under var/, no other service needed)
run: $(STAMP)
	$(BIN)/yuanzi serve

## test: set up and run the whole test suite (lint, types, tests, public rule cases)
test: $(STAMP)
	@scripts/ensure-chromium
	@scripts/ensure-services
	@scripts/ensure-node-deps
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	npm run --silent check
	$(BIN)/pytest -q -n $(TEST_WORKERS) --durations=20
	$(PYTHON) ../shared/tools/check-conformance $(BIN)/yuanzi judge || [ ! -d ../shared ]

## slow: the many-thousand-game tier
slow: $(STAMP)
	$(BIN)/pytest -q --slow -m slow
	YUANZI_SLOW_FUZZ=1 $(BIN)/pytest -q tests/server/test_rest_fuzz.py tests/server/test_ws_fuzz.py

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	$(BIN)/yuanzi bench engine

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules
