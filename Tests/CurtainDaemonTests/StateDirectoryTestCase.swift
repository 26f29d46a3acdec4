// The fixture of the durability tests: each test gets a fresh state
// directory (mkdtemp's template, the XXXXXX replaced by a unique name),
// removed after it, and starts real daemons on it (or, in
// PostgresStoreTests, on a PostgreSQL store: `storeArguments`).

import CurtainTesting
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

class StateDirectoryTestCase: XCTestCase {
  /// This test's state directory.
  var stateDirectory = ""

  override func setUpWithError() throws {
    var template = Array("/tmp/curtain-state-XXXXXX".utf8CString)
    stateDirectory = String(cString: try XCTUnwrap(mkdtemp(&template)))
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: stateDirectory)
  }

  /// Where this test's daemons keep their sessions.
  var storeArguments: [String] { ["--state-dir", stateDirectory] }

  /// A real curtaind on this test's store.
  func startDaemon(_ extra: [String] = []) throws -> TempDaemon {
    try TempDaemon(arguments: storeArguments + extra)
  }

  /// Empties this test's store: a new state directory.
  func resetStore() throws {
    try FileManager.default.removeItem(atPath: stateDirectory)
    try FileManager.default.createDirectory(
      atPath: stateDirectory, withIntermediateDirectories: false)
  }
}
