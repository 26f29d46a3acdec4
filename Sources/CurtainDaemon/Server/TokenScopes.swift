// Scoped tokens: what a client may do, from the token it presented.
//
// `curtaind --token-file` holds one token per line, each followed by what
// it grants:
//
//     TOKEN [sessions=a,b|*] [read-only] [admin]
//
// A bare token line grants everything (every session, admin): the file of a
// single token keeps its old meaning. A line with options grants only what
// they say: `sessions=` names the sessions the client sees and touches
// (`*`, the default, is every session), `read-only` limits it to reading
// and subscribing, `admin` lets it shut the daemon down and break other
// clients' leases. Blank lines and lines starting with `#` are ignored; a
// `#` word after the options begins a comment.
//
// Unix-socket clients are the daemon's own user: they keep full rights
// (unless they ask for read-only in Hello). So does a TCP client of a
// loopback listener started without a token file.

/// What a connected client may do.
public struct AccessScope: Sendable, Equatable {
  /// The sessions it may see and touch; `nil` for every session.
  public var sessions: Set<String>?
  /// Whether it may only read and subscribe.
  public var isReadOnly: Bool
  /// Whether it may shut the daemon down and break others' leases.
  public var isAdmin: Bool

  /// Every session, read and write, admin.
  public static let full = AccessScope(sessions: nil, isReadOnly: false, isAdmin: true)

  /// Creates a scope.
  public init(sessions: Set<String>?, isReadOnly: Bool, isAdmin: Bool) {
    self.sessions = sessions
    self.isReadOnly = isReadOnly
    self.isAdmin = isAdmin
  }

  /// Whether the session named `name` is in the scope.
  public func allows(session name: String) -> Bool {
    sessions?.contains(name) ?? true
  }

  /// How the scope reads in a token file (`sessions=a,b read-only admin`).
  public var description: String {
    var words = ["sessions=" + (sessions.map { $0.sorted().joined(separator: ",") } ?? "*")]
    if isReadOnly { words.append("read-only") }
    if isAdmin { words.append("admin") }
    return words.joined(separator: " ")
  }
}

/// One token of the token file and what it grants.
public struct TokenGrant: Sendable, Equatable {
  /// The token, as clients send it in Hello.
  public let token: String
  /// What a client that presents it may do.
  public let scope: AccessScope
  /// Its line in the token file (1-based; 0 when it came from elsewhere).
  public let line: Int

  /// Creates a grant.
  public init(token: String, scope: AccessScope, line: Int = 0) {
    self.token = token
    self.scope = scope
    self.line = line
  }
}

/// A token file line that cannot be read, with its line number.
public struct TokenFileError: Error, Equatable, CustomStringConvertible {
  /// The line (1-based).
  public let line: Int
  /// What is wrong with it.
  public let reason: String

  /// Says where and what.
  public var description: String { "line \(line): \(reason)" }
}

/// The token file's format.
public enum TokenFile {
  /// The grants of a token file's contents, in file order. Throws the first
  /// line that is wrong: an unknown option, an option given twice, an empty
  /// or invalid session list, or a token that an earlier line already has.
  public static func parse(_ contents: String) throws(TokenFileError) -> [TokenGrant] {
    var grants: [TokenGrant] = []
    var lines: [String: Int] = [:]
    // `isNewline`: a CRLF file too ("\r\n" is one Character).
    let rows = contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, raw) in rows.enumerated() {
      let line = index + 1
      // A word starting with `#` begins a comment, to the end of the line.
      let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
        .map(String.init).prefix { !$0.hasPrefix("#") }
      guard let token = words.first else { continue }
      if let earlier = lines[token] {
        throw TokenFileError(line: line, reason: "the same token as line \(earlier)")
      }
      lines[token] = line
      let scope = try Self.scope(of: words.dropFirst(), line: line)
      grants.append(TokenGrant(token: token, scope: scope, line: line))
    }
    return grants
  }

  /// The scope the options of a line grant.
  private static func scope(of options: ArraySlice<String>, line: Int) throws(TokenFileError)
    -> AccessScope
  {
    guard !options.isEmpty else { return .full }
    var scope = AccessScope(sessions: nil, isReadOnly: false, isAdmin: false)
    var seen: Set<String> = []
    for option in options {
      let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
      guard seen.insert(name).inserted else {
        throw TokenFileError(line: line, reason: "'\(name)' is given twice")
      }
      switch name {
      case "read-only" where option == name:
        scope.isReadOnly = true
      case "admin" where option == name:
        scope.isAdmin = true
      case "sessions" where option.hasPrefix("sessions="):
        scope.sessions = try sessions(String(option.dropFirst("sessions=".count)), line: line)
      default:
        throw TokenFileError(
          line: line,
          reason: "unknown option '\(option)' (expected sessions=NAME,… or sessions=*, "
            + "read-only, admin)")
      }
    }
    return scope
  }

  /// The sessions of `sessions=`: `*`, or names separated by commas.
  private static func sessions(_ list: String, line: Int) throws(TokenFileError) -> Set<String>? {
    if list == "*" { return nil }
    let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !list.isEmpty else {
      throw TokenFileError(line: line, reason: "sessions= needs session names or *")
    }
    for name in names where !Server.isValidSessionName(name) {
      throw TokenFileError(
        line: line,
        reason: "'\(name)' is not a session name (1 to 64 letters, digits, '_', '-', '.')")
    }
    return Set(names)
  }
}
