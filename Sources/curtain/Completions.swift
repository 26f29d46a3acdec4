// Shell completion of the names a running daemon knows: controllers
// (`@Home`, or `c12` for one without an identifier), windows (`w1`) and
// sessions. The shell runs `curtain` to ask; it reads `--socket` and
// `--session` from the words typed so far, never starts a daemon and gives
// up after half a second, offering nothing, when no daemon answers.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Completion kinds for names that come from the daemon.
enum Completions {
  /// The session's controllers: `@identifier`, or `c<id>` without one.
  static let controllers = CompletionKind.custom { words, _, _ in
    names(words) { connection in
      try connection.controllers().map {
        $0.identifier.isEmpty ? "c\($0.id)" : "@\($0.identifier)"
      }
    }
  }

  /// The session's windows: `w1`, `w2`, …
  static let windows = CompletionKind.custom { words, _, _ in
    names(words) { connection in
      try connection.windows().map { OutputFormat.windowName($0.id) }
    }
  }

  /// The daemon's sessions.
  @Sendable static func sessions(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    names(words) { connection in try connection.sessions().map(\.name) }
  }

  /// What `list` answers on a connection made from the options among
  /// `words`, or nothing when no daemon answers in time.
  private static func names(
    _ words: [String], _ list: (DaemonConnection) throws -> [String]
  ) -> [String] {
    var globals = GlobalOptions()
    globals.socket = value(of: "--socket", in: words)
    globals.tokenFile = value(of: "--token-file", in: words)
    globals.session = value(of: "--session", in: words)
    globals.timeout = 0.5
    guard let connection = try? DaemonConnection.open(globals, startIfNeeded: false) else {
      return []
    }
    defer { connection.close() }
    return (try? list(connection)) ?? []
  }

  /// The value given to `option` among the words (`--socket P` or
  /// `--socket=P`), if any.
  static func value(of option: String, in words: [String]) -> String? {
    for (index, word) in words.enumerated() {
      if word == option, index + 1 < words.count { return words[index + 1] }
      if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
    }
    return nil
  }
}
