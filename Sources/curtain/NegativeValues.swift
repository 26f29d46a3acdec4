// Negative numbers on the command line. ArgumentParser reads any word that
// starts with "-" as an option: `interact update t1 -0.5` said "Missing
// expected argument" and `--timeout -1` "Missing value", before the
// command's own check could say what is wrong (or, for a progress, which
// the daemon clamps, that nothing is). No option of `curtain` is named by a
// digit, so a word that is "-" and then a number (`-1`, `-0.5`, `-.5`,
// `-10%`, `-5,10`) is a value: given to an option, it is joined to it
// (`--timeout=-1`); otherwise it is an argument, and the arguments go after
// a `--`, in their order, where ArgumentParser reads only arguments. The
// options a command takes come from ArgumentParser's own description of
// the commands (`_dumpHelp`), read only when the line has such a word.

import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

enum NegativeValues {
  /// `arguments` (the command first, as `GlobalOptions.hoisted` leaves
  /// them) rewritten so that ArgumentParser reads each negative number as
  /// a value; unchanged when there is none before `--`.
  static func rewritten(_ arguments: [String], of root: ParsableCommand.Type) -> [String] {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    guard arguments[..<end].contains(where: isNegativeNumber),
      let tool = try? JSONDecoder().decode(Tool.self, from: Data(root._dumpHelp().utf8))
    else { return arguments }

    // The command and its subcommands (`interact update`).
    var command = tool.command
    var index = 0
    while index < end,
      let sub = command.subcommands?.first(where: { $0.commandName == arguments[index] })
    {
      command = sub
      index += 1
    }
    let valued = Set(
      (command.arguments ?? []).filter { $0.kind == "option" }.flatMap { $0.names ?? [] }.map(
        \.spelled))

    var options = Array(arguments[..<index])
    var positionals: [String] = []
    while index < end {
      let word = arguments[index]
      index += 1
      if valued.contains(word), index < end {
        let value = arguments[index]
        index += 1
        options += isNegativeNumber(value) ? ["\(word)=\(value)"] : [word, value]
      } else if word.hasPrefix("-"), word != "-", !isNegativeNumber(word) {
        options.append(word)
      } else {
        positionals.append(word)
      }
    }
    return options + ["--"] + positionals + arguments[end...].dropFirst()
  }

  /// Whether `word` is "-" and a number: a digit, or "." and a digit, next.
  static func isNegativeNumber(_ word: String) -> Bool {
    let characters = Array(word.prefix(3))
    guard characters.count >= 2, characters[0] == "-" else { return false }
    if characters[1].isASCII, characters[1].isNumber { return true }
    return characters[1] == "." && characters.count == 3 && characters[2].isASCII
      && characters[2].isNumber
  }

  /// What the rewrite reads of ArgumentParser's description of the tool.
  private struct Tool: Decodable {
    let command: Command
  }

  private struct Command: Decodable {
    let commandName: String
    let subcommands: [Command]?
    let arguments: [Argument]?
  }

  private struct Argument: Decodable {
    let kind: String
    let names: [Name]?
  }

  private struct Name: Decodable {
    let kind: String
    let name: String

    /// As written on the command line: `--timeout`, `-h`.
    var spelled: String { (kind == "long" ? "--" : "-") + name }
  }
}
