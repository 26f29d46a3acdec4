// Options every subcommand takes: where the daemon is, which session, how to
// print, whether to start a daemon, and how long to wait for an answer.

import ArgumentParser
import CurtainWire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options shared by every subcommand.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The daemon's socket: a Unix socket path, or tcp://HOST:PORT.",
      discussion: """
        Defaults to $CURTAIN_SOCKET, else $XDG_RUNTIME_DIR/curtain/default.sock, \
        else /tmp/curtain-<uid>/default.sock. A daemon is started only on a Unix \
        socket; over TCP the token comes from --token-file or $CURTAIN_TOKEN.
        """,
      valueName: "path"),
    completion: .file())
  var socket: String?

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "A file with the token of a TCP listener: the first word of its first line "
        + "that is neither blank nor a # comment, as in curtaind's --token-file "
        + "(default: $CURTAIN_TOKEN).",
      valueName: "path"),
    completion: .file())
  var tokenFile: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The session to address (default: the session named \"default\").",
      valueName: "name"),
    completion: .custom(Completions.sessions))
  var session: String?

  @Flag(
    name: .long,
    help: "Print one JSON object per line instead of human text (errors too, on stderr).")
  var json = false

  @Flag(
    name: .long,
    help:
      "Say on stderr what the command does behind the scenes (following a cluster's MOVED answers)."
  )
  var verbose = false

  @Flag(
    name: .customLong("no-start"),
    help: "Fail instead of starting a daemon when none is listening.")
  var noStart = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for each answer from the daemon (0: no limit).",
      valueName: "seconds"))
  var timeout: Double = 30

  func validate() throws {
    guard timeout.isFinite, timeout >= 0 else {
      throw ValidationError("--timeout must be a number of seconds, 0 or more")
    }
    if let session, session.isEmpty {
      throw ValidationError("--session needs a name")
    }
    do {
      _ = try endpoint
    } catch let error as ClientError {
      throw ValidationError("--socket: \(error)")
    }
  }

  /// The socket as written: `--socket`, or the default rule (`SocketRule`,
  /// which reads `$CURTAIN_SOCKET`).
  var socketPath: String { socket ?? SocketRule.processPath() }

  /// Where the daemon is: a Unix socket, or a TCP listener.
  var endpoint: CurtainClient.Endpoint {
    get throws { try CurtainClient.Endpoint(address: socketPath) }
  }

  /// The token for a TCP listener: the first token of `--token-file`
  /// (`ClientToken`), else `$CURTAIN_TOKEN`, else none.
  func token() throws -> String {
    guard let tokenFile else {
      return ProcessInfo.processInfo.environment["CURTAIN_TOKEN"] ?? ""
    }
    let files = FileManager.default
    var isDirectory = false
    guard files.fileExists(atPath: tokenFile, isDirectory: &isDirectory) else {
      throw CLIError("cannot read the token file \(tokenFile): no such file")
    }
    guard !isDirectory else {
      throw CLIError("cannot read the token file \(tokenFile): it is a directory")
    }
    guard files.isReadableFile(atPath: tokenFile) else {
      throw CLIError("cannot read the token file \(tokenFile): permission denied")
    }
    guard let data = files.contents(atPath: tokenFile) else {
      throw CLIError("cannot read the token file \(tokenFile)")
    }
    guard let contents = String(data: data, encoding: .utf8) else {
      throw CLIError("the token file \(tokenFile) is not UTF-8 text")
    }
    guard let token = ClientToken.first(in: contents) else {
      throw CLIError(
        "the token file \(tokenFile) holds no token (every line is blank or a # comment)")
    }
    return token
  }

  /// The response timeout for the client; nil waits forever.
  var responseTimeout: Double? { timeout > 0 ? timeout : nil }
}

extension GlobalOptions {
  /// Options that take a value.
  private static let valued: Set<String> = [
    "--socket", "--token-file", "--session", "--timeout",
  ]
  /// Flags.
  private static let flags: Set<String> = ["--json", "--verbose", "--no-start"]

  /// Moves global options written before the subcommand (`curtain --socket
  /// S tree`, the way tmux takes them) behind it, where each subcommand
  /// parses them. Everything else keeps its order; `--` ends the options.
  static func hoisted(_ arguments: [String]) -> [String] {
    var globals: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = String(argument.prefix { $0 != "=" })
      if flags.contains(argument) || (valued.contains(name) && argument.contains("=")) {
        globals.append(argument)
        index += 1
      } else if valued.contains(argument), index + 1 < arguments.count {
        globals += [argument, arguments[index + 1]]
        index += 2
      } else {
        break
      }
    }
    guard !globals.isEmpty else { return arguments }
    var rest = Array(arguments[index...])
    let end = rest.firstIndex(of: "--") ?? rest.endIndex
    rest.insert(contentsOf: globals, at: end)
    return rest
  }

  /// The first global option that takes a value and is given more than
  /// once (before or after the command), which is a usage error rather
  /// than a silent choice of one of them.
  static func repeated(in arguments: [String]) -> String? {
    var seen = Set<String>()
    for argument in arguments {
      if argument == "--" { break }
      let name = String(argument.prefix { $0 != "=" })
      guard valued.contains(name) else { continue }
      if !seen.insert(name).inserted { return name }
    }
    return nil
  }
}
