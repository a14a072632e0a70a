# Trailpost. The README's two commands: `make run` and `make test`.
# PY: the Python to build the virtualenv with (3.11 or 3.12); VENV: where (another folder keeps .venv
# as it is, e.g. `make venv PY=python3.12 VENV=/tmp/venv312`).
PY ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1

# The suite runs twice: on real PostgreSQL and Redis on their standard ports, then on SQLite with
# Kombu's filesystem broker under var/ (what `make run` uses when no Redis answers). The rules
# engines' tests (tests/rules/) touch neither a database nor a broker (the engines are pure Python),
# so they run in the first pass only; so do the tests that drive headless Chromium (marked `browser`:
# what they check is the pages' HTML, CSS and JavaScript, the same on either database, and each
# takes seconds), except the two where two people play at once through the live server
# (marked `both_databases`); tests/e2e/test_newcomer.py, make run's SQLite path, uses no browser.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/trailpost
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15
TEST_SQLITE_URL ?= sqlite:///$(CURDIR)/var/test.sqlite3
PYTEST_ARGS ?=
PYTEST = $(BIN)/python -m pytest -n 2 --dist loadgroup -q $(PYTEST_ARGS)

.PHONY: run test lint bench venv dev chromium migrate clean lock upgrade pythons mutate mailcheck

# Installs Debian packages with apt-get (as root, or through sudo): what a target needs and lacks.
define apt_install
if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(1) >/dev/null
endef

# Debian's own Python makes virtualenvs only with its pythonX.Y-venv package: installed when missing.
VENV_DEB = $$($(PY) -c 'import sys; print("python%d.%d-venv" % sys.version_info[:2])')

# requirements.txt is compiled from requirements.in by uv: what Trailpost runs on in production and
# under `make run`, every package, pip too, pinned with its hashes, one lock for every Python 3.11.x
# and 3.12 (a package only some of them need, such as async-timeout below 3.11.3, carries its
# marker), so a new machine installs exactly the set tested. requirements-dev.txt, from
# requirements-dev.in, is that set (held at requirements.txt's versions) and what develops and tests
# it: pytest, Playwright, schemathesis, ruff, import-linter, uv... `make venv` and `make run` install
# the first, `make dev` (and so test, lint, pythons, lock, bench) the second; uv installs both
# (requirements-bootstrap.txt: uv itself, put in by pip), compiling the bytecode at install as pip
# did: with PYTHONDONTWRITEBYTECODE below, nothing else would, and each process would compile again.
$(BIN)/.installed: requirements.txt requirements-bootstrap.txt
	@command -v $(PY) >/dev/null || { echo "Python 3.11 or 3.12 is needed ($(PY) not found)"; exit 1; }
	@$(PY) -c 'import sys; sys.exit(sys.version_info[:2] not in ((3, 11), (3, 12)))' || \
	  { echo "Python 3.11 or 3.12 is needed ($(PY) is $$($(PY) -V))"; exit 1; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV) >/dev/null 2>&1 || { \
	  rm -rf $(VENV); echo "Installing Debian's $(VENV_DEB) to make the virtualenv"; \
	  $(call apt_install,$(VENV_DEB)); $(PY) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --no-compile --require-hashes -r requirements-bootstrap.txt
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python --require-hashes -r requirements.txt
	touch $@

$(BIN)/.installed-dev: $(BIN)/.installed requirements-dev.txt
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python --require-hashes -r requirements-dev.txt
	touch $@

venv: $(BIN)/.installed

dev: $(BIN)/.installed-dev

UV_COMPILE = $(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes

# After editing requirements.in or requirements-dev.in: pin what they add, keep every other version.
# The production lock first: the development one is held to its versions.
lock: dev
	$(UV_COMPILE) -o requirements.txt requirements.in
	$(UV_COMPILE) -o requirements-dev.txt requirements-dev.in
	$(UV_COMPILE) -o requirements-bootstrap.txt requirements-bootstrap.in

# Move every package to its newest allowed version, on purpose; then run `make test`.
upgrade: dev
	$(UV_COMPILE) --upgrade -o requirements.txt requirements.in
	$(UV_COMPILE) --upgrade -o requirements-dev.txt requirements-dev.in
	$(UV_COMPILE) -o requirements-bootstrap.txt requirements-bootstrap.in

# Browser tests drive Debian's Chromium through Playwright; install it when it is missing.
chromium:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(call apt_install,chromium); }

run: venv
	$(BIN)/python scripts/run.py

# Every kind of email as mail providers judge it: SpamAssassin's local rules (no network tests)
# score each one, which must stay under 2.0 (tests/notifications/test_mail_as_judged.py, which the
# suite skips, saying why, where spamassassin is not installed). Installs Debian's spamassassin.
mailcheck: dev
	@command -v spamassassin >/dev/null || { \
	  echo "Installing Debian's spamassassin for the mail check"; \
	  $(call apt_install,spamassassin); }
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_SQLITE_URL) CELERY_BROKER_URL=filesystem:// $(BIN)/python -m pytest -q \
	  -p no:xdist -s tests/notifications/test_mail_as_judged.py

test: dev chromium
	@rc=0; \
	echo "== the suite on PostgreSQL, with Redis"; \
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PYTEST) || rc=1; \
	echo "== the suite on SQLite, with the filesystem broker"; \
	TRAILPOST_ENV=test DATABASE_URL=$(TEST_SQLITE_URL) CELERY_BROKER_URL=filesystem:// $(PYTEST) --ignore=tests/rules -m "not browser or both_databases" || rc=1; \
	exit $$rc

# Every Python the README claims, besides the one `make test` ran on: Debian's own python3.11
# (3.11.2, below redis's 3.11.3 marker) and python3.12 where the machine has one (skipped, saying so,
# where it does not). Each gets a virtualenv under var/ made as `make dev` makes one, from the same
# lock, and plays a whole game of every engine through the generated API client, with the request
# bounds, on SQLite. CI (.ci/run) runs it after `make test`.
# (A pyenv machine has 3.12 installed but not active: its interpreter is asked of pyenv.)
PY312 := $(shell python3.12 -c 'import sys; print(sys.executable)' 2>/dev/null || \
	{ command -v pyenv >/dev/null && v=$$(pyenv versions --bare | grep '^3\.12' | tail -1) && \
	  [ -n "$$v" ] && echo "$$(pyenv root)/versions/$$v/bin/python3.12"; })
PYTHONS ?= /usr/bin/python3.11 $(or $(PY312),python3.12)
pythons:
	@for py in $(PYTHONS); do \
	  $$py -V >/dev/null 2>&1 || { echo "== $$py: not on this machine, skipped"; continue; }; \
	  name=$$(basename $$py); echo "== $$py ($$($$py -V 2>&1))"; \
	  $(MAKE) --no-print-directory dev PY=$$py VENV=var/venv-$$name || exit 1; \
	  TRAILPOST_ENV=test TRAILPOST_VAR_DIR=$(CURDIR)/var/$$name DATABASE_URL=sqlite:///$(CURDIR)/var/$$name/test.sqlite3 \
	    CELERY_BROKER_URL=filesystem:// var/venv-$$name/bin/python -m pytest -q -p no:xdist \
	    tests/games/test_api_client.py tests/test_request_bounds.py tests/rules/test_base.py || exit 1; \
	done

# ruff (lint and format), import-linter's contracts and the production packages' licences (each one
# compatible with Trailpost's AGPL-3.0-or-later: scripts/licenses.py), all configured in
# pyproject.toml. Every check runs and prints; the target fails if any of them fails. The format
# check names the files; `.venv/bin/ruff format --diff .` shows the changes, `.venv/bin/ruff format .`
# makes them, and `.venv/bin/ruff check --fix .` applies the safe lint fixes.
lint: dev
	@rc=0; \
	echo "== ruff check"; \
	$(BIN)/ruff check . || rc=1; \
	echo "== ruff format --check"; \
	$(BIN)/ruff format --check --output-format concise . || rc=1; \
	echo "== lint-imports"; \
	$(BIN)/lint-imports --no-logo || rc=1; \
	echo "== licences"; \
	$(BIN)/python scripts/licenses.py || rc=1; \
	exit $$rc

# Mutation testing (not in CI: too slow): each module of [tool.trailpost.mutate.modules] in
# pyproject.toml is mutated by mutmut and run against its own tests, on SQLite with the filesystem
# broker, niced. `make mutate MODULE=games/rules/ogallala` runs one module (all of them without
# MODULE); ONLY='*default_action*' some of its functions; TESTS='tests/...' runs them against those
# tests instead of the module's list (in a folder of their own). Results stay under var/mutate/<module>/,
# so a second run retests only what changed. mutmut is installed on demand, not in the lock: it brings
# setproctitle, with which Celery rewrites its processes' titles and environment (ps, and make run's
# Ctrl-C check, then no longer find `celery -A config worker`).
MUTMUT_VERSION := 3.8.1
MUTMUT ?= $(abspath $(BIN)/mutmut)
MUTATE_JOBS ?= 1
MODULE ?=
ONLY ?=
TESTS ?=
MUTATE_ENV = TRAILPOST_ENV=test TRAILPOST_VAR_DIR=$(CURDIR)/var/mutate CELERY_BROKER_URL=filesystem:// \
	DATABASE_URL=sqlite:///$(CURDIR)/var/mutate/mutate.sqlite3 MUTATE_JOBS=$(MUTATE_JOBS)

mutate: dev
	@test -x $(MUTMUT) || $(BIN)/pip install --quiet mutmut==$(MUTMUT_VERSION)
	@mkdir -p var/mutate; rc=0; \
	for m in $(or $(MODULE),$$($(BIN)/python scripts/mutate.py --list)); do \
	  echo "== $$m"; \
	  $(MUTATE_ENV) nice -n 19 $(BIN)/python scripts/mutate.py "$$m" --only "$(ONLY)" --tests "$(TESTS)" --mutmut $(MUTMUT) || rc=1; \
	done; exit $$rc

bench: dev
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
