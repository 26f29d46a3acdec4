// `curtain` parses a command line without ArgumentParser's check for
// `--generate-completion-script` when the line cannot ask for it
// (CurtainCommand.parsedWithoutCompletionCheck): what it prints for help,
// usage errors and the completion script is what ArgumentParser prints.

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
}
