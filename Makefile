# The project's commands. `make test` is the one command that runs every test
# of the project; CI (.ci/run) runs exactly that.
#
# SWIFT picks the toolchain's driver; SWIFTPM_FLAGS is passed to every SwiftPM
# command (for example SWIFTPM_FLAGS="--scratch-path .build-ci").

SWIFT ?= swift
SWIFTPM_FLAGS ?=

.PHONY: build run test test-swift test-python test-c test-web test-fuzz check-proto check-docs check-man docs man tour completions install install-strip uninstall format lint clean bench bench-web soak soak-wire fuzz

build:
	$(SWIFT) build $(SWIFTPM_FLAGS)

# Builds, starts curtaind on the default socket (CURTAIN_SOCKET overrides),
# plays a short demo with the CLI and keeps the daemon running until Ctrl-C.
# `exec`: the script, which ends with status 0 on Ctrl-C, is make's own child,
# not a shell's that would die of the SIGINT and have make print
# "*** [run] Interrupt" (MakeRunTests).
run:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" exec scripts/run.sh

# Every test step of the project.
test: test-swift lint check-proto check-docs check-man test-python test-c test-web test-fuzz

test-swift:
	$(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	$(SWIFT) test $(SWIFTPM_FLAGS)

# The Python client (Clients/python): a venv in .build-python, the generated
# code check, `pip install ./Clients/python`, and its pytest suite against the
# built curtaind. PYTHON picks the interpreter (default python3).
test-python:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/test-python.sh

# The C client (Clients/c): checks its formatting, builds libcurtain, its
# tests and curtain-frames, and runs the tests under valgrind; the
# integration test starts the curtaind built here.
test-c:
	$(SWIFT) build $(SWIFTPM_FLAGS) --product curtaind
	$(MAKE) -C Clients/c lint test \
		CURTAIND="$$($(SWIFT) build $(SWIFTPM_FLAGS) --show-bin-path)/curtaind"

# The coverage-guided fuzz target (Fuzz/, its own package built with
# -sanitize=fuzzer in .build-fuzz; docs/reliability.md): a short run in
# `make test`, FUZZ_SECONDS in `make fuzz`, both of a release build
# (FUZZ_ARGS adds libFuzzer flags). Either fails when an input crashes,
# breaks one of the server's promises or hangs.
FUZZ_SECONDS ?= 600
TEST_FUZZ_SECONDS ?= 60

test-fuzz:
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) scripts/fuzz.sh

fuzz:
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

# The wire-level semantic fuzz (WireFuzzTests: four clients, random
# operations on shared windows of a real curtaind, invariants after every
# round) for WIRE_FUZZ_ROUNDS rounds instead of `make test`'s dozen;
# a seed drawn at random, or WIRE_FUZZ_SEED=S to replay the seed a failure
# names (`make test` runs a fixed seed).
WIRE_FUZZ_ROUNDS ?= 400
WIRE_FUZZ_SEED ?= random

soak-wire:
	CURTAIN_WIRE_FUZZ_ROUNDS=$(WIRE_FUZZ_ROUNDS) CURTAIN_WIRE_FUZZ_SEED=$(WIRE_FUZZ_SEED) \
		$(SWIFT) test $(SWIFTPM_FLAGS) --filter WireFuzzTests

# The benchmarks (Benchmarks/, a package of its own that `make test` never
# builds): release builds, then the figures of docs/benchmarks.md as
# Markdown, within 10 minutes on the 2-core machine (builds aside). Run on a
# quiet machine; BENCH_ARGS="--quick throughput" runs a tenth of the load of
# one benchmark. The web inspector's runs last 5 s here (10 s in bench-web).
bench:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/bench.sh $(BENCH_ARGS)
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/bench-web.sh --seconds 5

# The web inspector's benchmark alone (part of `make bench`): one window at
# 60 Hz watched by 1, 10 and 50 WebSocket clients.
bench-web:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/bench-web.sh

# The soak (minutes, not part of `make test`): kill -9 under load, a deep
# pipeline, clients leaving with begins queued, WaitIdle past its limit, a
# cluster with PostgreSQL stopped and nodes paused, damaged state files; a
# summary line per part.
# SOAK_ARGS="--parts kill --rounds 1000 --minutes 60" runs one part longer.
soak:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/soak.sh $(SOAK_ARGS)

# The web inspector's page in headless Chromium (Tests/browser, Selenium),
# against the built curtaind and curtain-web.
test-web:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/test-web.sh

# Regenerates docs/cli.md from the commands' --help, the man pages and the
# tour's pictures.
docs: tour man
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/cli-manual.sh

# Regenerates the man pages in docs/man (curtain.1, curtaind.1,
# curtain-web.1) from the argument parsers, with swift-argument-parser's
# generate-manual.
man:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/man-pages.sh

# Regenerates the SVG pictures of docs/tour.md with `curtain snapshot`.
tour:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/tour.sh

# Writes the shell completions of `curtain` to .build/completions (see
# docs/install.md).
completions:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/completions.sh .build/completions

# Installs curtain, curtaind and curtain-web (a release build with
# --static-swift-stdlib), their man pages, the completions of bash, zsh and
# fish and the systemd user unit under PREFIX (default /usr/local), each
# under DESTDIR when it is set; `make uninstall` with the same variables
# removes exactly those files. BINDIR, MANDIR, BASH_COMPLETION_DIR,
# ZSH_COMPLETION_DIR, FISH_COMPLETION_DIR and SYSTEMD_USER_UNIT_DIR move one
# kind (scripts/install.sh has the defaults, docs/install.md the details);
# INSTALL_FROM=DIR installs the binaries already built in DIR instead of
# building them. Variables given on make's command line reach the script in
# its environment.
install:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/install.sh install

# As install, with the programs stripped of their symbol tables (about half
# their size; a crash's backtrace then names no functions).
install-strip:
	INSTALL_STRIP=1 SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/install.sh install

uninstall:
	scripts/install.sh uninstall

# Formats the Swift, Python and C sources.
format:
	SWIFT="$(SWIFT)" scripts/format.sh
	scripts/format-python.sh
	$(MAKE) -C Clients/c format

# Fails when Sources/CurtainWire/Generated differs from what Proto/ generates.
check-proto:
	scripts/generate-proto.sh --check

# Fails when docs/cli.md differs from the commands' --help, or the tour's
# pictures from what `curtain snapshot` draws.
check-docs:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/cli-manual.sh --check
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/tour.sh --check

# Fails when a page of docs/man differs from what the argument parsers give,
# when groff warns about one (groff -ww, and man -l at 80 columns), or when
# curtain.1 misses a command.
check-man:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/man-pages.sh --check

# Fails when a Swift or Python source is not formatted or has lint findings
# (the C sources are checked by test-c).
lint:
	SWIFT="$(SWIFT)" scripts/format.sh --check
	scripts/check-names.sh
	scripts/format-python.sh --check

clean:
	$(SWIFT) package clean $(SWIFTPM_FLAGS)
	$(MAKE) -C Clients/c clean
