// curtaind's configuration file (docs/install.md, "A configuration file"):
// a JSON object whose keys are the long flags without their dashes
// ("max-clients": 100, "ephemeral": true, "log-level": "debug"), read with
// swift-configuration's FileProvider. The file stands for flags put before
// the command line's, each one the command line does not give itself, so
// the command line wins and every value goes through the flag's own parsing
// and checks. --config FILE names the file; without it
// $XDG_CONFIG_HOME/curtain/curtaind.json (~/.config when unset) is read when
// it exists.

import ArgumentParser
import Configuration
import Foundation
import SystemPackage

/// The flags of a configuration file.
struct ConfigFile {
  /// The file read.
  let path: String
  /// Its keys as flags (`--max-clients 100`), in the order of the keys,
  /// without those the command line gives.
  let flags: [(key: String, words: [String])]

  /// The flags, as words of a command line.
  var arguments: [String] { flags.flatMap(\.words) }

  /// An error that names the file, and the line and key where known.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The file `commandLine` names with --config, else the default file when
  /// it exists; nil when there is none.
  static func path(commandLine: [String], environment: [String: String]) throws(Failure) -> String?
  {
    for (index, word) in commandLine.enumerated() {
      if word == "--" { break }
      if word == "--config" {
        guard index + 1 < commandLine.count else {
          throw Failure(description: "--config needs the path of a configuration file")
        }
        return commandLine[index + 1]
      }
      if word.hasPrefix("--config=") { return String(word.dropFirst("--config=".count)) }
    }
    let base: String
    if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
      base = configHome
    } else if let home = environment["HOME"], !home.isEmpty {
      base = home + "/.config"
    } else {
      return nil
    }
    let path = base + "/curtain/curtaind.json"
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// Reads the file at `path`: every key must be a long flag of
  /// `command` (not --config, --help or --version), a flag's value true
  /// or false, a repeatable option's a list, any other's a string or a
  /// number. Keys the command line gives are left out of `arguments`.
  static func read(
    _ path: String, for command: any ParsableCommand.Type, commandLine: [String]
  ) throws(Failure) -> ConfigFile {
    let (keys, object) = try parse(path)
    let options = Self.options(of: command)
    let provider = try loadProvider(path)
    var flags: [(key: String, words: [String])] = []
    for key in keys {
      guard let option = options[key] else {
        throw Failure(
          description: "\(path): unknown key \"\(key)\": not a flag of curtaind "
            + "(the keys are the long flags without their dashes, e.g. \"max-clients\")")
      }
      let given = commandLine.contains { $0 == "--" + key || $0.hasPrefix("--\(key)=") }
      try check(object[key], of: key, option, path: path)
      let words = try values(of: key, option, in: provider, path: path)
      if !given { flags.append((key, words)) }
    }
    return ConfigFile(path: path, flags: flags)
  }

  /// What an option is, as far as the file is concerned.
  enum Option {
    case flag
    case value
    case values
  }

  /// The long flags of `command` by name, from argument parser's own
  /// description of the command.
  static func options(of command: any ParsableCommand.Type) -> [String: Option] {
    guard
      let dump = try? JSONDecoder().decode(HelpDump.self, from: Data(command._dumpHelp().utf8))
    else { return [:] }
    var options: [String: Option] = [:]
    for argument in dump.command.arguments ?? [] where argument.kind != "positional" {
      for name in argument.names ?? [] where name.kind == "long" {
        options[name.name] =
          argument.kind == "flag" ? .flag : argument.isRepeating ? .values : .value
      }
    }
    for builtIn in ["config", "help", "version"] { options[builtIn] = nil }
    return options
  }

  /// swift-configuration reads JSON's true as 1 and 1 as true: the file's
  /// JSON says which it was, so that neither passes for the other.
  private static func check(_ value: Any?, of key: String, _ option: Option, path: String)
    throws(Failure)
  {
    func isBoolean(_ value: Any?) -> Bool {
      guard let number = value as? NSNumber else { return false }
      return String(cString: number.objCType) == "c"
    }
    func isScalar(_ value: Any?) -> Bool {
      value is String || (value is NSNumber && !isBoolean(value))
    }
    let (fits, expected) =
      switch option {
      case .flag: (isBoolean(value), "true or false")
      case .value: (isScalar(value), "a string or a number")
      case .values:
        ((value as? [Any])?.allSatisfy(isScalar) == true, "a list of strings or numbers")
      }
    if !fits {
      throw Failure(description: "\(path): key \"\(key)\": the value must be \(expected)")
    }
  }

  /// The flags one key stands for.
  private static func values(
    of key: String, _ option: Option, in provider: FileProvider<JSONSnapshot>, path: String
  ) throws(Failure) -> [String] {
    func lookup(_ type: ConfigType) -> ConfigContent?? {
      do {
        return .some(
          try provider.value(forKey: AbsoluteConfigKey([key]), type: type).value?.content)
      } catch {
        return .none
      }
    }
    func wrongType(_ expected: String) -> Failure {
      Failure(description: "\(path): key \"\(key)\": the value must be \(expected)")
    }
    switch option {
    case .flag:
      guard case .some(.some(.bool(let on))) = lookup(.bool) else {
        throw wrongType("true or false")
      }
      return on ? ["--" + key] : []
    case .value:
      if case .some(.some(.string(let string))) = lookup(.string) { return ["--" + key, string] }
      if case .some(.some(.double(let number))) = lookup(.double) {
        return ["--" + key, format(number)]
      }
      throw wrongType("a string or a number")
    case .values:
      if case .some(.some(.stringArray(let strings))) = lookup(.stringArray) {
        return strings.flatMap { ["--" + key, $0] }
      }
      if case .some(.some(.doubleArray(let numbers))) = lookup(.doubleArray) {
        return numbers.flatMap { ["--" + key, format($0)] }
      }
      throw wrongType("a list of strings or numbers")
    }
  }

  /// A number as a flag would be written: 100, not 100.0.
  private static func format(_ number: Double) -> String {
    if let integer = Int(exactly: number) { return String(integer) }
    return String(number)
  }

  /// The file's keys, in their order, and its object. swift-configuration answers for a key
  /// it is asked about and cannot list the keys it holds, so the file's own
  /// object gives them (Foundation's JSONSerialization, as the library's
  /// JSON snapshot uses).
  private static func parse(_ path: String) throws(Failure) -> ([String], [String: Any]) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "\(path): cannot read the configuration file")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw Failure(description: "\(path):\(position(of: error, in: data)) not valid JSON")
    }
    guard let dictionary = object as? [String: Any] else {
      throw Failure(description: "\(path): the configuration must be a JSON object")
    }
    // JSONSerialization's dictionary has no order: take the keys in the
    // order they appear in the text.
    let text = String(decoding: data, as: UTF8.self)
    let keys = dictionary.keys.sorted {
      (text.range(of: "\"\($0)\"")?.lowerBound ?? text.endIndex)
        < (text.range(of: "\"\($1)\"")?.lowerBound ?? text.endIndex)
    }
    return (keys, dictionary)
  }

  /// " line L, column C:" for a JSONSerialization error that says the
  /// character it stopped at, else "".
  private static func position(of error: Error, in data: Data) -> String {
    let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    guard let range = description.range(of: "character "),
      let offset = Int(description[range.upperBound...].prefix { $0.isNumber })
    else { return "" }
    let before = data.prefix(offset)
    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    return " line \(line), column \(column):"
  }

  private static func loadProvider(_ path: String) throws(Failure) -> FileProvider<JSONSnapshot> {
    final class Box: @unchecked Sendable {
      var result: Result<FileProvider<JSONSnapshot>, any Error>?
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        box.result = .success(try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
      } catch {
        box.result = .failure(error)
      }
      done.signal()
    }
    done.wait()
    switch box.result {
    case .success(let provider): return provider
    case .failure(let error): throw Failure(description: "\(path): \(error)")
    case nil: throw Failure(description: "\(path): not read")
    }
  }
}

/// The part of argument parser's `--experimental-dump-help` that names
/// the flags.
private struct HelpDump: Decodable {
  struct Command: Decodable { let arguments: [Argument]? }
  struct Argument: Decodable {
    struct Name: Decodable {
      let kind: String
      let name: String
    }
    let kind: String
    let isRepeating: Bool
    let names: [Name]?
  }
  let command: Command
}
