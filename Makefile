# Shifty — the two promises: `make run` and `make test` work on a fresh machine.
SHELL := /bin/bash
SWIFT ?= swift
PORT ?= 8080
PREFIX ?= /usr/local

.PHONY: run test deploy-test ha-test deps build release install bench clean help

help:
	@echo "make run    - build and start the server with its own PostgreSQL and demo data (http://127.0.0.1:$(PORT))"
	@echo "make test   - install what is needed, start a throwaway PostgreSQL, run every test"
	@echo "make install - release build, then the binary, man page and bash/zsh/fish completions under PREFIX=$(PREFIX) (DESTDIR honoured)"
	@echo "make bench  - run the benchmarks in Benchmarks/ (release builds)"
	@echo "make deploy-test - two instances behind nginx (deploy/nginx.conf, TLS) on loopback: live clients across SIGTERM, SIGKILL, a PostgreSQL restart"
	@echo "make ha-test - pg_auto_failover (monitor, primary, synchronous standby) under two instances: kill the primary twice, lose nothing"

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build --product shifty

release: deps
	$(SWIFT) build -c release --product shifty

install: release
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" bash scripts/install.sh .build/release/shifty

run: build
	.build/debug/shifty serve --demo --port $(PORT)

test: deps
	@bash scripts/test.sh

deploy-test: deps
	@bash scripts/deploy-test.sh

ha-test: deps
	@bash scripts/ha-test.sh

bench: deps
	@bash scripts/bench.sh

clean:
	rm -rf .build .build-* test-artifacts
