# Sourced by scripts/bench.sh and scripts/soak.sh: builds curtaind, curtain and the
# Benchmarks package (Benchmarks/, its own SwiftPM package, never built by
# `make test`) in release mode, and sets `curtaind` and `benchmarks_bin` to
# where they are. SWIFT and SWIFTPM_FLAGS as in the Makefile; the
# Benchmarks package keeps its build in Benchmarks/.build. The binaries are
# linked with the Swift libraries (and Foundation) statically, as
# docs/install.md builds them: a command of the CLI starts about twice as
# fast (docs/benchmarks.md, "CLI start-up").
swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
swiftpm_flags+=(--static-swift-stdlib)
echo "building curtaind, curtain and Benchmarks/ (release)" >&2
"$swift" build -c release "${swiftpm_flags[@]}" --product curtaind >&2
"$swift" build -c release "${swiftpm_flags[@]}" --product curtain >&2
curtaind="$("$swift" build -c release "${swiftpm_flags[@]}" --show-bin-path)/curtaind"
"$swift" build -c release --package-path Benchmarks >&2
benchmarks_bin="$("$swift" build -c release --package-path Benchmarks --show-bin-path)"
# Used by the scripts that source this file.
export curtaind benchmarks_bin
