# Two commands on a fresh machine (Python 3.11+, make, git):
#   make book   creates .venv, installs everything, executes every notebook, builds _build/html
#   make test   the same set-up, then the whole test suite (unit, property, doctest, notebooks, book, browser)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book test bench lint clean venv toc

$(STAMP): requirements.txt pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $(STAMP)

venv: $(STAMP)

# --all: re-read and re-execute every page, so prose numbers and frames follow the current models.
# HOTPART_STATIC makes every explorable render as kernel-free frames under _build/html.
book: $(STAMP)
	rm -rf _build/html
	HOTPART_STATIC=$(CURDIR)/_build/html $(BIN)/jupyter-book build . --all -W --keep-going
	@echo "Book: $(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest

# _toc.yml follows the course map: every written chapter, under its part.
toc: $(STAMP)
	$(BIN)/python -c 'import sys, hotpart; sys.stdout.write(hotpart.toc_yaml("."))' > _toc.yml

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

lint: $(STAMP)
	$(BIN)/ruff check hotpart tests benchmarks notebooks

clean:
	rm -rf _build .pytest_cache .hypothesis
