// curtaind's configuration file (--config, else
// $XDG_CONFIG_HOME/curtain/curtaind.json): real daemons read it, the
// command line's flags win, and a bad file stops curtaind with status 78
// and a message naming the file, the line (JSON that does not parse) and
// the key.

import CurtainTesting
import Foundation
import XCTest

final class ConfigFileTests: XCTestCase {
  private var directory = ""

  override func setUpWithError() throws {
    directory =
      NSTemporaryDirectory() + "curtain-config-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func write(_ text: String, to name: String) throws -> String {
    let path = directory + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The value `curtain status` shows for a limit.
  private func limit(_ name: String, of daemon: TempDaemon) throws -> String {
    let status = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "status"])
    let line = try XCTUnwrap(
      status.split(separator: "\n").first { $0.split(separator: " ").first == Substring(name) },
      status)
    return String(try XCTUnwrap(line.split(separator: "/").last).split(separator: " ").first ?? "")
  }

  func testTheFilesFlagsApplyAndTheCommandLineWins() throws {
    let file = try write(
      """
      {
        "max-clients": 77,
        "max-sessions": 12,
        "log-level": "warning"
      }
      """, to: "curtaind.json")
    let daemon = try TempDaemon(arguments: ["--config", file, "--max-sessions", "13"])
    defer { _ = daemon.stop() }
    XCTAssertEqual(try limit("max-clients", of: daemon), "77", "from the file")
    XCTAssertEqual(try limit("max-sessions", of: daemon), "13", "the command line wins")
    XCTAssertEqual(try limit("max-windows", of: daemon), "1000", "the default")
    // `curtain status` says which file the flags came from.
    let status = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "status"])
    XCTAssertTrue(status.contains("\nflags from the configuration file \(file)\n"), status)
    let json = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "--json", "status"])
    XCTAssertTrue(json.contains(#""config_file":"\#(file)""#), json)
  }

  func testWithoutAFileStatusNamesNone() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let status = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "status"])
    XCTAssertFalse(status.contains("configuration file"), status)
    let json = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "--json", "status"])
    XCTAssertTrue(json.contains(#""config_file":null"#), json)
  }

  func testAFlagInTheFile() throws {
    let file = try write(#"{"ephemeral": true, "log-level": "warning"}"#, to: "c.json")
    // On the default socket: TempDaemon adds no flag of its own.
    let daemon = try TempDaemon(arguments: ["--config", file], socket: .runtimeDirectory)
    defer { _ = daemon.stop() }
    let status = try runProgram(
      TempDaemon.cliURL().path, ["--socket", daemon.socketPath, "--no-start", "status"])
    XCTAssertTrue(status.contains("state in memory only (--ephemeral)"), status)
  }

  /// Runs curtaind, which must fail, and returns its exit status and output.
  private func failingDaemon(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (Int32, String)
  {
    let socket = directory + "/d.sock"
    let (status, output) = try spawnProgram(
      TempDaemon.executableURL().path,
      ["--socket", socket, "--ephemeral"] + arguments,
      environment: ["XDG_CONFIG_HOME": directory + "/none"].merging(environment) { $1 })
    return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  func testErrorsNameTheFileTheLineAndTheKey() throws {
    let cases: [(String, String)] = [
      (
        #"{"max-clientz": 3}"#,
        #"unknown key "max-clientz": not a flag of curtaind (the keys are the long flags without their dashes, e.g. "max-clients")"#
      ),
      (
        "{\n  \"max-clients\": 10,\n  \"log-level\" \"x\"\n}\n", "line 3, column 15: not valid JSON"
      ),
      (
        #"{"max-clients": "ten"}"#,
        #"key "max-clients": The value 'ten' is invalid for '--max-clients <count>'"#
      ),
      (#"{"max-clients": true}"#, #"key "max-clients": the value must be a string or a number"#),
      (#"{"ephemeral": 1}"#, #"key "ephemeral": the value must be true or false"#),
      (#"{"node": "a", "max-clients": 3}"#, #"key "node": --node needs --cluster"#),
      (
        #"{"config": "x.json"}"#,
        #"unknown key "config": not a flag of curtaind (the keys are the long flags without their dashes, e.g. "max-clients")"#
      ),
      ("[1, 2]", "the configuration must be a JSON object"),
    ]
    for (index, (text, message)) in cases.enumerated() {
      let file = try write(text, to: "bad\(index).json")
      let (status, output) = try failingDaemon(["--config", file])
      XCTAssertEqual(status, 78, "EX_CONFIG for \(text)")
      XCTAssertEqual(output, "curtaind: \(file): \(message)", text)
    }
    let missing = directory + "/missing.json"
    let (status, output) = try failingDaemon(["--config", missing])
    XCTAssertEqual(status, 78)
    XCTAssertEqual(output, "curtaind: \(missing): cannot read the configuration file")
  }

  func testAFileThatConflictsWithTheCommandLineIsNamed() throws {
    let file = try write(#"{"state-dir": "/tmp/x"}"#, to: "c.json")
    // failingDaemon passes --ephemeral, which excludes --state-dir.
    let (status, output) = try failingDaemon(["--config", file])
    XCTAssertEqual(status, 78)
    XCTAssertEqual(
      output, "curtaind: --ephemeral and --state-dir exclude each other (with the flags of \(file))"
    )
  }

  func testTheDefaultFileIsReadFromXDGConfigHome() throws {
    let file = try write(#"{"max-clientz": 3}"#, to: "home/curtain/curtaind.json")
    let (status, output) = try failingDaemon(
      [], environment: ["XDG_CONFIG_HOME": directory + "/home"])
    XCTAssertEqual(status, 78)
    XCTAssertTrue(output.hasPrefix("curtaind: \(file): unknown key \"max-clientz\""), output)
    // --config names another file instead.
    let other = try write(#"{"max-clients": "ten"}"#, to: "other.json")
    let (_, second) = try failingDaemon(
      ["--config", other], environment: ["XDG_CONFIG_HOME": directory + "/home"])
    XCTAssertTrue(second.hasPrefix("curtaind: \(other): key \"max-clients\""), second)
  }
}
