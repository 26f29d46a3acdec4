// `curtain` parses a command line without ArgumentParser's check for
// `--generate-completion-script` when the line cannot ask for it
// (CurtainCommand.parsedWithoutCompletionCheck): what it prints for help,
// usage errors and the completion script is what ArgumentParser prints.
// A negative number is a value wherever it is written (NegativeValues):
// the command's own check speaks, never "Missing value" or "Missing
// expected argument".

import CurtainTesting
import XCTest

final class ParsingTests: XCTestCase {
  func testHelpErrorsAndTheCompletionScriptAreArgumentParsersOwn() throws {
    let cli = try TempDaemon.cliURL().path
    // A usage error names the command as `curtain`, nothing before it.
    let bogus = try spawnProgram(cli, ["list-windows", "--bogus"])
    XCTAssertEqual(bogus.status, 2, bogus.output)
    XCTAssertTrue(bogus.output.contains("Error: Unknown option '--bogus'"), bogus.output)
    XCTAssertTrue(bogus.output.contains("\nUsage: curtain list-windows ["), bogus.output)
    let missing = try spawnProgram(cli, ["push"])
    XCTAssertEqual(missing.status, 2, missing.output)
    XCTAssertTrue(missing.output.contains("Usage: curtain push [<options>] <nav>"), missing.output)
    // Help, asked in each way, starts the same.
    for arguments in [["help", "push"], ["push", "--help"], ["push", "-h"]] {
      let help = try spawnProgram(cli, arguments)
      XCTAssertEqual(help.status, 0, help.output)
      XCTAssertTrue(help.output.contains("USAGE: curtain push [<options>] <nav>"), help.output)
    }
    // The completion script, after a command or alone.
    for arguments in [
      ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"],
    ] {
      let script = try spawnProgram(cli, arguments)
      XCTAssertEqual(script.status, 0, script.output)
      XCTAssertTrue(script.output.contains("curtain"), script.output)
    }
    // A command that parses runs: here it finds no daemon and says so.
    let run = try spawnProgram(
      cli, ["list-windows", "--no-start", "--socket", NSTemporaryDirectory() + "/none.sock"])
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("no daemon is listening"), run.output)
  }

  /// Every option (with the first command that takes it), given -1: its
  /// value is -1 (accepted, or refused by the option's own check), never a
  /// missing value or an unknown option "-1". The socket is a TCP port
  /// nobody listens on, so that nothing is started and nothing connects.
  func testEveryOptionTakesANegativeNumber() throws {
    let cli = try TempDaemon.cliURL().path
    let dump = try runProgram(cli, ["--experimental-dump-help"])
    let tool = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
    var checked: Set<String> = []
    func visit(_ command: [String: Any], path: [String]) throws {
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        guard argument["kind"] as? String == "option", !path.isEmpty,
          let names = argument["names"] as? [[String: Any]],
          let name = names.first?["name"] as? String, name != "socket",
          checked.insert(name).inserted
        else { continue }
        let option = "--" + name
        let arguments = path + [option, "-1", "--no-start", "--socket", "tcp://127.0.0.1:1"]
        let (_, output) = try spawnProgram(cli, arguments)
        let line = "curtain " + arguments.joined(separator: " ")
        XCTAssertFalse(output.contains("Missing value for '\(option)"), "\(line):\n\(output)")
        XCTAssertFalse(output.contains("Unknown option '-1'"), "\(line):\n\(output)")
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        guard let name = sub["commandName"] as? String, name != "help" else { continue }
        try visit(sub, path: path + [name])
      }
    }
    try visit(try XCTUnwrap(tool["command"] as? [String: Any]), path: [])
    XCTAssertGreaterThan(checked.count, 50)
  }

  /// Negative numbers as arguments and option values reach the checks of
  /// their commands, before or after other options, and `--` still works.
  func testNegativeNumbersReachTheirChecks() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let cli = try TempDaemon.cliURL().path
    func curtain(_ arguments: String...) throws -> (status: Int32, output: String) {
      try spawnProgram(cli, arguments + ["--socket", daemon.socketPath, "--no-start"])
    }
    XCTAssertEqual(
      try curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home,Detail]").output,
      "w1\n")
    XCTAssertEqual(try curtain("interact", "begin", "pop", "@Nav").output, "t1\n")
    // A progress below 0 is the daemon's to clamp (updateInteractiveTransition).
    for progress in ["-0.5", "-10%", "-.5"] {
      let update = try curtain("interact", "update", "t1", progress, "--json")
      XCTAssertEqual(update.status, 0, "\(progress): \(update.output)")
      XCTAssertTrue(update.output.hasPrefix(#"{"transition":1,"#), update.output)
    }
    XCTAssertEqual(try curtain("interact", "update", "--json", "t1", "-0.25").status, 0)

    let refused: [([String], String)] = [
      (
        ["--timeout", "-1", "list-windows"],
        "Error: --timeout must be a number of seconds, 0 or more"
      ),
      (
        ["list-windows", "--timeout", "-1"],
        "Error: --timeout must be a number of seconds, 0 or more"
      ),
      (["interact", "finish", "t1", "--speed", "-2"], "Error: --speed must be a positive number"),
      (
        ["advance", "w1", "-1"],
        "Error: seconds must be 0 or more (a window's clock never goes back), got -1"
      ),
      (
        ["advance", "w1", "--to", "-0.5"],
        "Error: --to must be 0 or more (a window's clock never goes back), got -0.5"
      ),
      (
        ["new-window", "--frame-rate", "-60"],
        "Error: --frame-rate must be between 30 and 240, got -60"
      ),
      (["events", "--from", "-1"], "Error: --from must be a sequence number, 0 or more, got -1"),
      (
        ["delegate", "@Nav", "--timeout-ms", "-5"],
        "Error: --timeout-ms must be a number of milliseconds from 0 to 4294967295, got -5"
      ),
      (["list-windows", "-1"], "Error: Unexpected argument '-1'"),
      (
        ["frames", "w1", "--fps", "-5"],
        "Error: --fps must be a number of frames a second from 0.01 to 240, got -5"
      ),
      (
        ["frames", "w1", "--fps", "0"],
        "Error: --fps must be a number of frames a second from 0.01 to 240, got 0"
      ),
      (
        ["frames", "w1", "--follow", "--fps", "nan"],
        "Error: --fps must be a number of frames a second from 0.01 to 240, got nan"
      ),
      (
        ["frames", "w1", "--fps", "1000"],
        "Error: --fps must be a number of frames a second from 0.01 to 240, got 1000"
      ),
      (
        ["watch", "w1", "--fps", "0.001"],
        "Error: --fps must be a number of frames a second from 0.01 to 240, got 0.001"
      ),
      (["frames", "w1", "--fps", "fast"], "Error: The value 'fast' is invalid for '--fps <N>'"),
    ]
    for (arguments, error) in refused {
      let (status, output) = try spawnProgram(
        cli, arguments + ["--socket", daemon.socketPath, "--no-start"])
      XCTAssertEqual(status, 2, "\(arguments): \(output)")
      XCTAssertEqual(
        output.split(separator: "\n").first.map(String.init), error, "\(arguments): \(output)")
    }
  }
}
