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
    .library(name: "CurtainCore", targets: ["CurtainCore"])
  ],
  targets: [
    .target(
      name: "CurtainCore",
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
