// swift-tools-version: 6.0
// The coverage-guided fuzz target of curtaind (docs/reliability.md): a
// libFuzzer binary that feeds arbitrary bytes, as one client's stream, to
// the daemon's server in memory (framing, Hello, dispatch, every handler)
// and checks the server's promises after each input. A package of its own,
// depending on the main one by path, because it is built with
// `-sanitize=fuzzer` in its own build directory: `make fuzz` and `make test`
// build it through scripts/fuzz.sh; the normal build never does.
import PackageDescription

let package = Package(
  name: "CurtainFuzz",
  dependencies: [
    .package(name: "Curtain", path: ".."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.11.0"),
  ],
  targets: [
    .target(name: "CFuzzerDriver"),
    .executableTarget(
      name: "curtain-fuzz",
      dependencies: [
        "CFuzzerDriver",
        .product(name: "CurtainDaemon", package: "Curtain"),
        .product(name: "CurtainWire", package: "Curtain"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/CurtainFuzz",
      swiftSettings: [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .unsafeFlags(["-warnings-as-errors"]),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
