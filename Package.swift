// swift-tools-version: 6.0
import PackageDescription

/// Settings shared by every Swift target: Swift 6 language mode comes from the
/// tools version; imports are internal unless a file says otherwise, and
/// warnings are errors.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
  name: "Curtain",
  products: [
    .library(name: "CurtainCore", targets: ["CurtainCore"]),
    .library(name: "CurtainWire", targets: ["CurtainWire"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-protobuf.git", exact: "1.39.0"),
  ],
  targets: [
    .target(
      name: "CurtainCore",
      swiftSettings: strictSettings
    ),
    .target(
      name: "CurtainWire",
      dependencies: [
        "CurtainCore",
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
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
      dependencies: ["CurtainCore"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
