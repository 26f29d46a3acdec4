# The project's commands. `make test` is the one command that runs every test
# of the project; CI (.ci/run) runs exactly that.
#
# SWIFT picks the toolchain's driver; SWIFTPM_FLAGS is passed to every SwiftPM
# command (for example SWIFTPM_FLAGS="--scratch-path .build-ci").

SWIFT ?= swift
SWIFTPM_FLAGS ?=

.PHONY: build run test test-swift test-python check-proto check-docs docs format lint clean

build:
	$(SWIFT) build $(SWIFTPM_FLAGS)

# Builds, starts curtaind on the default socket (CURTAIN_SOCKET overrides),
# plays a short demo with the CLI and keeps the daemon running until Ctrl-C.
run:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/run.sh

# Every test step of the project. Later steps (the C client's tests) are
# appended to this list.
test: test-swift lint check-proto check-docs test-python

test-swift:
	$(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	$(SWIFT) test $(SWIFTPM_FLAGS)

# The Python client (Clients/python): a venv in .build-python, the generated
# code check, `pip install ./Clients/python`, and its pytest suite against the
# built curtaind. PYTHON picks the interpreter (default python3).
test-python:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/test-python.sh

# Regenerates docs/cli.md from the commands' --help.
docs:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/cli-manual.sh

format:
	SWIFT="$(SWIFT)" scripts/format.sh

# Fails when Sources/CurtainWire/Generated differs from what Proto/ generates.
check-proto:
	scripts/generate-proto.sh --check

# Fails when docs/cli.md differs from the commands' --help.
check-docs:
	SWIFT="$(SWIFT)" SWIFTPM_FLAGS="$(SWIFTPM_FLAGS)" scripts/cli-manual.sh --check

lint:
	SWIFT="$(SWIFT)" scripts/format.sh --check

clean:
	$(SWIFT) package clean $(SWIFTPM_FLAGS)
