// Documents read from standard input (`-`), and what the CLI links: it
// reads files and stdin without Foundation's FileHandle, and links only
// FoundationEssentials, not Foundation and ICU (docs/benchmarks.md, CLI
// start-up: every conformance record linked in is scanned at start-up).

import CurtainTesting
import Foundation
import XCTest

final class StandardInputTests: XCTestCase {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private var daemon: TempDaemon?

  override func tearDown() {
    if let daemon {
      XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
    }
    daemon = nil
  }

  private func curtain(_ arguments: [String], input: Data) throws -> (Int32, String) {
    let daemon = try self.daemon ?? TempDaemon(arguments: ["--ephemeral"])
    self.daemon = daemon
    return try spawnProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath] + arguments, input: input)
  }

  func testAStoryboardLongerThanOneReadLoadsFromStandardInput() throws {
    let shop = try Data(
      contentsOf: Self.repository.appendingPathComponent("docs/examples/shop.storyboard.json"))
    // Past the 64 KiB the CLI reads at a time: the end of the document
    // comes from a later read.
    let document = shop + Data(repeating: UInt8(ascii: " "), count: 150_000)
    let (status, output) = try curtain(["load-storyboard", "-"], input: document)
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(output, "Shop: 10 scenes, 7 segues\n")
  }

  func testAnEmptyStandardInputIsRefusedByTheDaemonNotLost() throws {
    let (status, output) = try curtain(["load-storyboard", "-"], input: Data())
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("not valid JSON"), output)
  }

  func testTheCLILinksFoundationEssentialsOnly() throws {
    // `curtain` is a static executable (Package.swift): the libraries are
    // in it, and so are the mangled names of their types (module names
    // come with their length: 20FoundationEssentials).
    let binary = try Data(contentsOf: TempDaemon.cliURL())
    XCTAssertNotNil(binary.range(of: Data("20FoundationEssentials".utf8)))
    XCTAssertNil(binary.range(of: Data("10Foundation".utf8)), "curtain links Foundation")
    XCTAssertNil(binary.range(of: Data("30FoundationInternationalization".utf8)))
    XCTAssertNil(binary.range(of: Data("libicu".utf8)), "nor ICU")
  }
}
