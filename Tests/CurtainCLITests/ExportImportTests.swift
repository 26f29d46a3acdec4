// `curtain export` and `curtain import` with the built CLI and real daemons:
// a session exported to a file imports into another daemon, and under
// another name into the same one, with `curtain tree --json` of every window
// identical, also from the one-line document of `export --json`; errors are
// clear and change nothing.

import CurtainTesting
import Foundation
import XCTest

final class ExportImportTests: XCTestCase {
  func testExportImportRoundTripGivesIdenticalTrees() throws {
    let source = try TempDaemon()
    defer { source.stop() }
    let other = try TempDaemon()
    defer { other.stop() }
    let file = source.directory + "/work.session.json"
    let build = [
      "--session work new-window --clock manual --root 'Tabs=tab[Feed=nav[Home],Settings]'",
      "--session work new-controller content --id Detail",
      "--session work push @Feed @Detail --no-wait",
      "--session work advance w1 1",
      "--session work new-window --clock manual --size 1024x768 --idiom pad "
        + "--root 'Split=split[Menu,Content]'",
      "--session work new-controller content --id Sheet",
      "--session work present @Split @Sheet --style formSheet --no-animate",
      "--session work new-window --clock manual --root Plain",
    ]
    for command in build { _ = try shell(source, command) }
    let windows = ["w1", "w2", "w3"]
    let trees = try windows.map { try shell(source, "--session work tree --json \($0)") }
    _ = try shell(source, "--session work export > '\(file)'")

    XCTAssertEqual(
      try shell(other, "import '\(file)'"), "work  3 windows  10 controllers\n")
    XCTAssertEqual(
      try windows.map { try shell(other, "--session work tree --json \($0)") }, trees)
    XCTAssertEqual(
      try shell(source, "import '\(file)' --as copy --json"),
      #"{"session":"copy","windows":3,"controllers":10}"# + "\n")
    XCTAssertEqual(
      try windows.map { try shell(source, "--session copy tree --json \($0)") }, trees)

    // With --json the same document is on one line (one JSON value per
    // line, as every --json prints), and imports the same way.
    let indented = try shell(source, "--session work export")
    let oneLine = try shell(source, "--session work export --json")
    XCTAssertGreaterThan(indented.split(separator: "\n").count, 100)
    XCTAssertEqual(oneLine.split(separator: "\n", omittingEmptySubsequences: false).count, 2)
    XCTAssertTrue(oneLine.hasPrefix(#"{"kind":"curtain.session","version":2,"#), oneLine)
    // The same document but for the server's clock, read at each export.
    func withoutClock(_ document: String) throws -> NSDictionary? {
      let object = try JSONSerialization.jsonObject(with: Data(document.utf8))
      guard var top = object as? [String: Any], var snapshot = top["snapshot"] as? [String: Any]
      else { return nil }
      XCTAssertNotNil(snapshot.removeValue(forKey: "clock"))
      top["snapshot"] = snapshot
      return top as NSDictionary
    }
    XCTAssertEqual(try withoutClock(oneLine), try withoutClock(indented))
    try oneLine.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try shell(source, "import '\(file)' --as again")
    XCTAssertEqual(
      try windows.map { try shell(source, "--session again tree --json \($0)") }, trees)

    // A second import of the same name is refused and changes nothing.
    let (status, output) = try shellStatus(other, "import '\(file)'")
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      output,
      "curtain: CONFLICT: Session 'work' exists (3 windows, 10 controllers); import under "
        + "another name, or kill-session it first\n")
    let (missing, said) = try shellStatus(other, "import /nonexistent/file")
    XCTAssertEqual(missing, 1)
    XCTAssertEqual(said, "curtain: cannot read /nonexistent/file: no such readable file\n")
    XCTAssertEqual(
      try windows.map { try shell(other, "--session work tree --json \($0)") }, trees)
  }

  /// Runs `curtain ARGUMENTS` (a shell command line) against `daemon`;
  /// it must succeed.
  private func shell(_ daemon: TempDaemon, _ arguments: String) throws -> String {
    let (status, output) = try shellStatus(daemon, arguments)
    guard status == 0 else { throw ProgramError("curtain \(arguments): \(status): \(output)") }
    return output
  }

  private func shellStatus(_ daemon: TempDaemon, _ arguments: String) throws -> (Int32, String) {
    let cli = try TempDaemon.cliURL().path
    return try spawnProgram(
      "/bin/sh",
      ["-c", "'\(cli)' --socket '\(daemon.socketPath)' --no-start \(arguments)"])
  }
}
