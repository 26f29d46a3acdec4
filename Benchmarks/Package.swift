// swift-tools-version: 6.0
// The benchmarks and the soak of Curtain (docs/benchmarks.md): programs that
// start the real, release-built `curtaind` and drive it over the real
// protocol with CurtainWire's client. A package of its own, depending on the
// main one by path, so that `make test` never builds it; `make bench` and
// `make soak` do (scripts/bench.sh, scripts/soak.sh).
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
  name: "CurtainBenchmarks",
  dependencies: [
    .package(name: "Curtain", path: "..")
  ],
  targets: [
    .target(
      name: "BenchKit",
      dependencies: [.product(name: "CurtainWire", package: "Curtain")],
      swiftSettings: strictSettings
    ),
    .systemLibrary(
      name: "BenchSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .executableTarget(
      name: "curtain-bench",
      dependencies: [
        "BenchKit", "BenchSQLite", .product(name: "CurtainWire", package: "Curtain"),
        .product(name: "CurtainTesting", package: "Curtain"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "curtain-soak",
      dependencies: [
        "BenchKit", .product(name: "CurtainWire", package: "Curtain"),
        .product(name: "CurtainTesting", package: "Curtain"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
