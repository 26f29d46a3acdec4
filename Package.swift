// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by every Swift target: Swift 6 language mode comes from the
/// tools version; imports are internal unless a file says otherwise, and
/// warnings are errors.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .unsafeFlags(["-warnings-as-errors"]),
]

/// The targets on a request's path (Core, Wire, Daemon) skip Swift's
/// run-time exclusivity checks in release builds: callgrind showed them at
/// 12 % of the instructions of a `Sync` request (docs/benchmarks.md). Debug
/// builds, which the tests use, keep them; compile-time checks stay on.
let requestPathSettings =
  strictSettings + [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
  ]

let package = Package(
  name: "Curtain",
  products: [
    .library(name: "CurtainCore", targets: ["CurtainCore"]),
    .library(name: "CurtainWire", targets: ["CurtainWire"]),
    // The async Swift client (docs/swift-client.md); its module is
    // `Curtain`, as CurtainWire has a class named CurtainClient.
    .library(name: "CurtainClient", targets: ["Curtain"]),
    // For Fuzz/ (a package of its own): the fuzz target drives the server
    // in memory.
    .library(name: "CurtainDaemon", targets: ["CurtainDaemon"]),
    // For the benchmarks (Benchmarks/), which start a private PostgreSQL.
    .library(name: "CurtainTesting", targets: ["CurtainTesting"]),
    .executable(name: "curtaind", targets: ["curtaind"]),
    .executable(name: "curtain", targets: ["curtain"]),
    .executable(name: "curtain-web", targets: ["curtain-web"]),
  ],
  dependencies: [
    // Without its default traits: its Foundation streams API would link
    // Foundation (and ICU) into the CLI, which uses only FoundationEssentials.
    .package(url: "https://github.com/apple/swift-protobuf.git", exact: "1.39.0", traits: []),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.11.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.9.0"),
    // The daemon's queues (the outbox's Deque).
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    // Only the web inspector (CurtainWeb, curtain-web) uses these: the daemon
    // and the CLI stay free of HTTP and NIO. Hummingbird's default traits
    // (swift-configuration support, full Foundation) are not needed.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0", traits: []),
    .package(
      url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    // Only the PostgreSQL store (CurtainPostgres, linked by curtaind alone)
    // uses it: CurtainDaemon and Fuzz/ stay free of NIO.
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
    // curtaind's configuration file (--config), JSON only: its other traits
    // would add YAML, swift-service-lifecycle and metrics to curtaind.
    .package(
      url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: ["JSON"]),
    .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "CurtainCore",
      swiftSettings: requestPathSettings
    ),
    .target(
      name: "CurtainWire",
      dependencies: [
        "CurtainCore",
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      ],
      swiftSettings: requestPathSettings
    ),
    // The async client library: no NIO, and the CLI does not link it (it
    // stays on CurtainWire's blocking client).
    .target(
      name: "Curtain",
      dependencies: [
        "CurtainCore",
        "CurtainWire",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CurtainCLIKit",
      dependencies: ["CurtainCore", "CurtainWire"],
      swiftSettings: strictSettings
    ),
    .systemLibrary(
      name: "CLibUV",
      pkgConfig: "libuv",
      providers: [.apt(["libuv1-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "CurtainDaemon",
      dependencies: [
        "CurtainCore",
        "CurtainWire",
        "CLibUV",
        "CSQLite",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "DequeModule", package: "swift-collections"),
      ],
      swiftSettings: requestPathSettings
    ),
    .target(
      name: "CurtainPostgres",
      dependencies: [
        "CurtainDaemon",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "curtaind",
      dependencies: [
        "CurtainDaemon",
        "CurtainPostgres",
        "CurtainWire",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "curtain",
      dependencies: [
        "CurtainCLIKit",
        "CurtainWire",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings,
      // A fully static executable (the C library too, no dynamic loader):
      // a command starts without mapping libstdc++ and without applying
      // 60,000 relocations, about a third of a `curtain list-windows`
      // (docs/benchmarks.md, "CLI start-up as a static executable"). lld
      // links it (gold warns about every glibc function that loads name
      // services). Debug builds, which the tests run, link it the same
      // way; without --static-swift-stdlib the libraries that
      // FoundationEssentials and the standard library use must be named.
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-executable", "-use-ld=lld",
            "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
          ], .when(platforms: [.linux]))
      ]
    ),
    .target(
      name: "CurtainWeb",
      dependencies: [
        "CurtainCore",
        "CurtainWire",
        "CurtainCLIKit",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Page")],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "curtain-web",
      dependencies: [
        "CurtainWeb",
        "CurtainWire",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CurtainTesting",
      dependencies: ["CurtainWire"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainDaemonTests",
      dependencies: [
        "CurtainDaemon", "CurtainPostgres", "CurtainWire", "CurtainCore", "CurtainTesting",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainWebTests",
      dependencies: [
        "CurtainWeb", "CurtainWire", "CurtainTesting",
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainCLITests",
      dependencies: ["CurtainWire", "CurtainTesting"],
      exclude: ["Golden"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainCLIKitTests",
      // SwiftProtobuf for FieldCasesTests: results made from protobuf JSON.
      dependencies: [
        "CurtainCLIKit", "CurtainWire", "CurtainCore",
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainClientTests",
      dependencies: [
        "Curtain", "CurtainCore", "CurtainWire", "CurtainTesting",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainWireTests",
      dependencies: ["CurtainWire", "CurtainCore"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CurtainCoreTests",
      // CurtainWire for SnapshotTests: the session image (CurtainWire's
      // SessionSnapshot+Image.swift) round-trips the snapshots of the
      // invariant fuzz, which lives here.
      dependencies: [
        "CurtainCore", "CurtainWire",
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
