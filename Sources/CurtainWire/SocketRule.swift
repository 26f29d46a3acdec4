// Where the daemon's Unix socket is when no one names a path: the one rule
// that curtaind, the `curtain` CLI and the clients share.
//
//     $CURTAIN_SOCKET                        when it is set and not empty
//     $XDG_RUNTIME_DIR/curtain/<name>.sock   when XDG_RUNTIME_DIR is an absolute path
//     /tmp/curtain-<uid>/<name>.sock         otherwise
//
// <name> is "default". CURTAIN_SOCKET is taken as it is, like a path given
// with `--socket`; a trailing "/" of XDG_RUNTIME_DIR is dropped.
//
// The C client (Clients/c/src/client.c, `curtain_socket_rule_path`) and the
// Python client (Clients/python/src/curtain/_wire.py, `socket_path`) are
// ports of this rule. All three are tested against the same cases,
// Tests/Fixtures/socket-rule-cases.json; change them together.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default socket path rule.
public enum SocketRule {
  /// Which part of the rule chose a path.
  public enum Source: Sendable, Equatable {
    /// `$CURTAIN_SOCKET`: a path the user chose.
    case curtainSocket
    /// `$XDG_RUNTIME_DIR/curtain/`: the daemon's own directory.
    case runtimeDirectory
    /// `/tmp/curtain-<uid>/`: the daemon's own directory.
    case temporaryDirectory
  }

  /// The environment variables the rule reads.
  public static let variables = ["CURTAIN_SOCKET", "XDG_RUNTIME_DIR"]

  /// The socket path for `name` under `environment` (variable → value) and
  /// user id `uid`, and which part of the rule chose it.
  public static func resolve(environment: [String: String], uid: UInt32, name: String = "default")
    -> (path: String, source: Source)
  {
    if let explicit = environment["CURTAIN_SOCKET"], !explicit.isEmpty {
      return (explicit, .curtainSocket)
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      let base = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
      return ("\(base)/curtain/\(name).sock", .runtimeDirectory)
    }
    return ("/tmp/curtain-\(uid)/\(name).sock", .temporaryDirectory)
  }

  /// The socket path for `name` under `environment` and user id `uid`.
  public static func path(environment: [String: String], uid: UInt32, name: String = "default")
    -> String
  {
    resolve(environment: environment, uid: uid, name: name).path
  }

  /// The variables of `variables` that this process's environment sets.
  public static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for variable in variables {
      if let value = getenv(variable) { environment[variable] = String(cString: value) }
    }
    return environment
  }

  /// The socket path of this process (its environment, its real user id)
  /// for `name`.
  public static func processPath(name: String = "default") -> String {
    path(environment: processEnvironment(), uid: UInt32(getuid()), name: name)
  }
}
