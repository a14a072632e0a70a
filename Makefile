# Trailpost. The README's two commands: `make run` and `make test`.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1

# The suite runs twice: on real PostgreSQL and Redis on their standard ports, then on SQLite with
# Kombu's filesystem broker under var/ (what `make run` uses when no Redis answers).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/trailpost
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15
TEST_SQLITE_URL ?= sqlite:///$(CURDIR)/var/test.sqlite3
PYTEST_ARGS ?=
PYTEST = $(BIN)/python -m pytest -n 2 --dist loadgroup -q $(PYTEST_ARGS)

.PHONY: run test lint bench venv chromium migrate clean lock upgrade mutate

# requirements.txt is compiled from requirements.in by pip-tools: every package, pip too, pinned
# with its hashes, so a new machine installs exactly the set that was tested.
$(BIN)/.installed: requirements.txt
	@command -v $(PY) >/dev/null || { echo "Python 3.11 is needed ($(PY) not found)"; exit 1; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements.txt
	touch $@

venv: $(BIN)/.installed

PIP_COMPILE = $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
	-o requirements.txt requirements.in

# After editing requirements.in: pin what it adds, keep every other version.
lock: venv
	$(PIP_COMPILE)

# Move every package to its newest allowed version, on purpose; then run `make test`.
upgrade: venv
	$(PIP_COMPILE) --upgrade

# Browser tests drive Debian's Chromium through Playwright; install it when it is missing.
chromium:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

run: venv
	$(BIN)/python scripts/run.py

test: venv chromium
	@rc=0; \
	echo "== the suite on PostgreSQL, with Redis"; \
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PYTEST) || rc=1; \
	echo "== the suite on SQLite, with the filesystem broker"; \
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_SQLITE_URL) CELERY_BROKER_URL=filesystem:// $(PYTEST) || rc=1; \
	exit $$rc

# ruff (lint and format) and import-linter's contracts, all configured in pyproject.toml. Every
# check runs and prints; the target fails if any of them fails. The format check names the files;
# `.venv/bin/ruff format --diff .` shows the changes, `.venv/bin/ruff format .` makes them, and
# `.venv/bin/ruff check --fix .` applies the safe lint fixes.
lint: venv
	@rc=0; \
	echo "== ruff check"; \
	$(BIN)/ruff check . || rc=1; \
	echo "== ruff format --check"; \
	$(BIN)/ruff format --check --output-format concise . || rc=1; \
	echo "== lint-imports"; \
	$(BIN)/lint-imports --no-logo || rc=1; \
	exit $$rc

# Mutation testing (not in CI: too slow): each module of [tool.trailpost.mutate.modules] in
# pyproject.toml is mutated by mutmut and run against its own tests, on SQLite with the filesystem
# broker, niced. `make mutate MODULE=games/rules/ogallala` runs one module (all of them without
# MODULE); ONLY='*default_action*' some of its functions. Results stay under var/mutate/<module>/,
# so a second run retests only what changed. mutmut is installed on demand until it is in the lock.
MUTMUT_VERSION := 3.8.1
MUTMUT ?= $(BIN)/mutmut
MUTATE_JOBS ?= 1
MODULE ?=
ONLY ?=
MUTATE_ENV = TRAILPOST_ENV=test TRAILPOST_VAR_DIR=$(CURDIR)/var/mutate CELERY_BROKER_URL=filesystem:// \
	DATABASE_URL=sqlite:///$(CURDIR)/var/mutate/mutate.sqlite3 MUTATE_JOBS=$(MUTATE_JOBS)

mutate: venv
	@test -x $(MUTMUT) || $(BIN)/pip install --quiet mutmut==$(MUTMUT_VERSION)
	@mkdir -p var/mutate; rc=0; \
	for m in $(or $(MODULE),$$($(BIN)/python scripts/mutate.py --list)); do \
	  echo "== $$m"; \
	  $(MUTATE_ENV) nice -n 19 $(BIN)/python scripts/mutate.py "$$m" --only "$(ONLY)" --mutmut $(MUTMUT) || rc=1; \
	done; exit $$rc

bench: venv
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/crayon.py
	$(BIN)/python bench/pictures.py
	TRAILPOST_ENV=test $(BIN)/python bench/page.py
	TRAILPOST_ENV=test $(BIN)/python bench/export.py
	TRAILPOST_ENV=test $(BIN)/python bench/replay.py
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python bench/api.py
	TRAILPOST_ENV=test $(BIN)/python bench/sweep.py
	TRAILPOST_ENV=test $(BIN)/python bench/standings.py

clean:
	rm -rf $(VENV) var
