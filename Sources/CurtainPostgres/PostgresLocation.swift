// `curtaind --store URL`: where the PostgreSQL store is. Two forms, as
// libpq spells them:
//
//   postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE         over TCP
//   postgres://[USER@]/DATABASE?host=/socket/directory[&port=PORT]
//                                                           over the Unix socket
//                                                           DIRECTORY/.s.PGSQL.PORT
//
// (`postgresql://` too; user, password and database may be percent-encoded;
// the user defaults to the process's user name and the port to 5432). The
// URL shown in status and logs never has the password.

public import CurtainDaemon
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A parsed `--store postgres://…` URL.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
  /// The server's host name or address (`nil`: the Unix socket).
  public let host: String?
  /// The server's port (also the number in a Unix socket's file name).
  public let port: Int
  /// The directory of the server's Unix socket (`nil`: TCP).
  public let socketDirectory: String?
  /// The role to connect as.
  public let user: String
  /// Its password, if the URL has one.
  public let password: String?
  /// The database.
  public let database: String

  /// The Unix socket's path (`nil`: TCP).
  public var socketPath: String? {
    socketDirectory.map { $0 + "/.s.PGSQL.\(port)" }
  }

  /// The URL without the password.
  public var description: String {
    let user = Self.encode(self.user)
    let database = Self.encode(self.database)
    if let socketDirectory {
      return "postgres://\(user)@/\(database)?host=\(socketDirectory)"
        + (port == 5432 ? "" : "&port=\(port)")
    }
    let host = self.host ?? ""
    return "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
  }

  /// Parses `url`; the error says what is wrong and what is expected.
  public init(parsing url: String) throws(StoreError) {
    func bad(_ problem: String) -> StoreError {
      StoreError(
        description:
          "bad --store URL '\(Self.redacted(url))': \(problem); expected "
          + "postgres://USER@HOST:PORT/DATABASE or postgres://USER@/DATABASE?host=/socket/directory"
      )
    }
    guard let components = URLComponents(string: url) else { throw bad("it is not a URL") }
    guard let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme) else {
      throw bad("the scheme must be postgres or postgresql")
    }
    var database = components.path
    if database.hasPrefix("/") { database.removeFirst() }
    database = database.removingPercentEncoding ?? database
    guard !database.isEmpty, !database.contains("/") else { throw bad("it names no database") }
    var socketDirectory: String?
    var port = components.port
    for item in components.queryItems ?? [] {
      switch item.name {
      case "host":
        guard let value = item.value, value.hasPrefix("/") else {
          throw bad("host= must be the absolute path of the socket's directory")
        }
        socketDirectory = value
      case "port":
        guard let value = item.value.flatMap({ Int($0) }) else { throw bad("port= is not a port") }
        port = value
      default:
        throw bad("unknown parameter '\(item.name)' (only host and port are understood)")
      }
    }
    let host = components.host.flatMap { $0.isEmpty ? nil : $0 }
    if socketDirectory != nil, host != nil {
      throw bad("it names both a host and a socket directory (host=)")
    }
    if socketDirectory == nil, host == nil {
      throw bad("it names no host (for a Unix socket add ?host=/socket/directory)")
    }
    let resolvedPort = port ?? 5432
    guard (1...65535).contains(resolvedPort) else { throw bad("the port is out of range") }
    self.host = host.map { $0.hasPrefix("[") ? String($0.dropFirst().dropLast()) : $0 }
    self.port = resolvedPort
    self.socketDirectory = socketDirectory
    self.user =
      components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap {
        $0.isEmpty ? nil : $0
      } ?? Self.processUserName()
    self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
    self.database = database
  }

  /// `url` with any password replaced by `***` (for error messages).
  static func redacted(_ url: String) -> String {
    guard let at = url.lastIndex(of: "@"), let start = url.range(of: "://")?.upperBound,
      start < at, let colon = url[start..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
  }

  /// The name of the user the process runs as (libpq's default role).
  private static func processUserName() -> String {
    if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
      return String(cString: name)
    }
    return ProcessInfo.processInfo.environment["USER"] ?? "postgres"
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? text
  }
}
