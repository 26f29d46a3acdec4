# The project's commands. `make test` is the one command that runs every test
# of the project; CI (.ci/run) runs exactly that.
#
# SWIFT picks the toolchain's driver; SWIFTPM_FLAGS is passed to every SwiftPM
# command (for example SWIFTPM_FLAGS="--scratch-path .build-ci").

SWIFT ?= swift
SWIFTPM_FLAGS ?=

.PHONY: build test test-swift format lint clean

build:
	$(SWIFT) build $(SWIFTPM_FLAGS)

# Every test step of the project. Later steps (the Python client's pytest
# suite, the C client's tests) are appended to this list.
test: test-swift lint

test-swift:
	$(SWIFT) build --build-tests $(SWIFTPM_FLAGS)
	$(SWIFT) test $(SWIFTPM_FLAGS)

format:
	SWIFT="$(SWIFT)" scripts/format.sh

lint:
	SWIFT="$(SWIFT)" scripts/format.sh --check

clean:
	$(SWIFT) package clean $(SWIFTPM_FLAGS)
