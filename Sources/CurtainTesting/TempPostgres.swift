// A private PostgreSQL server for the PostgreSQL store's tests, as
// TempDaemon is a private curtaind: Debian's `postgresql` binaries
// (/usr/lib/postgresql/N/bin, or $CURTAIN_PG_BIN), a cluster made by initdb
// in a new temporary directory, trust authentication, the Unix socket in
// that directory and TCP on a free loopback port. PostgreSQL refuses to run
// as root, so under root the directory is given to the `postgres` user
// (which the package creates) and the server runs as that user (setpriv).
// The server gets SIGINT (a fast shutdown) when the test process dies
// (setpriv --pdeathsig), and `stop` or deinit stops it and removes the
// directory: no server is left behind.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A PostgreSQL server in a temporary directory.
public final class TempPostgres: @unchecked Sendable {
  /// The temporary directory: the cluster in `data`, the Unix socket.
  public let directory: String
  /// The TCP port on 127.0.0.1 (also the socket's number).
  public let port: Int
  /// The server's superuser.
  public let user = "postgres"
  private let binaries: String
  /// More `-c` settings of the server, after the defaults.
  private let settings: [String]
  /// The user the server runs as (nil: this process's).
  private let owner: (uid: uid_t, gid: gid_t)?
  private var server: Process?
  private var removed = false

  /// The server's binaries: `$CURTAIN_PG_BIN`, else the newest
  /// /usr/lib/postgresql/N/bin; nil when PostgreSQL is not installed.
  public static func binaryDirectory() -> String? {
    if let path = ProcessInfo.processInfo.environment["CURTAIN_PG_BIN"] { return path }
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    for version in versions.compactMap(Int.init).sorted(by: >) {
      let bin = "/usr/lib/postgresql/\(version)/bin"
      if FileManager.default.isExecutableFile(atPath: bin + "/initdb") { return bin }
    }
    return nil
  }

  /// Makes a cluster in a new temporary directory and starts its server;
  /// throws when PostgreSQL is not installed (`binaryDirectory`) or does
  /// not start. `settings` (`NAME=VALUE`) go to the server after its
  /// defaults (`fsync=off`: the tests' data is thrown away), so they win.
  public init(timeout: Double = 60, settings: [String] = []) throws {
    guard let binaries = Self.binaryDirectory() else {
      throw TempDaemonError(
        description: "PostgreSQL is not installed (apt-get install postgresql, or CURTAIN_PG_BIN)")
    }
    self.binaries = binaries
    self.settings = settings
    var template = Array("/tmp/curtain-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TempDaemonError(description: "mkdtemp failed: errno \(errno)")
    }
    directory = String(cString: made)
    if geteuid() == 0 {
      guard let entry = getpwnam("postgres") else {
        try? FileManager.default.removeItem(atPath: directory)
        throw TempDaemonError(
          description: "running as root, PostgreSQL needs the user 'postgres' to run as")
      }
      owner = (entry.pointee.pw_uid, entry.pointee.pw_gid)
      chown(directory, entry.pointee.pw_uid, entry.pointee.pw_gid)
    } else {
      owner = nil
    }
    port = Self.freePort()
    do {
      let (status, output) = try run(
        binaries + "/initdb",
        [
          "-D", directory + "/data", "-U", user, "--auth=trust", "--encoding=UTF8",
          "--no-sync", "--no-instructions",
        ], asServer: true)
      guard status == 0 else {
        throw TempDaemonError(description: "initdb failed (\(status)): \(output)")
      }
      try start(timeout: timeout)
    } catch {
      remove()
      throw error
    }
  }

  deinit {
    remove()
  }

  /// The binaries' directory (psql, pgbench).
  public var binaryDirectory: String { binaries }

  /// The postmaster's process id (0 when it does not run).
  public var serverPID: Int32 { server?.processIdentifier ?? 0 }

  /// A `--store` URL for `database` over the Unix socket.
  public func socketURL(_ database: String) -> String {
    "postgres://\(user)@/\(database)?host=\(directory)&port=\(port)"
  }

  /// A `--store` URL for `database` over TCP.
  public func tcpURL(_ database: String) -> String {
    "postgres://\(user)@127.0.0.1:\(port)/\(database)"
  }

  /// Whether the server runs.
  public var isRunning: Bool { server?.isRunning ?? false }

  /// Starts the server (again) and waits until it accepts connections.
  public func start(timeout: Double = 60) throws {
    guard server == nil else { return }
    let process = Process()
    var arguments = [
      binaries + "/postgres", "-D", directory + "/data", "-p", "\(port)", "-k", directory,
      "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "logging_collector=off",
    ]
    arguments += settings.flatMap { ["-c", $0] }
    arguments = ["--pdeathsig", "SIGINT"] + serverCredentials() + ["--"] + arguments
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    _ = FileManager.default.createFile(atPath: directory + "/server.log", contents: nil)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: directory + "/server.log")
    process.standardInput = FileHandle.nullDevice
    try process.run()
    server = process
    // The postmaster writes "ready" as the last line of postmaster.pid
    // once it accepts connections.
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if !process.isRunning {
        server = nil
        throw TempDaemonError(description: "postgres exited: \(log)")
      }
      let pidFile =
        (try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8))
      if let pidFile,
        pidFile.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces)
          == "ready"
      {
        return
      }
      usleep(20_000)
    }
    stop()
    throw TempDaemonError(description: "postgres did not start in time: \(log)")
  }

  /// Stops the server (a fast shutdown: sessions are disconnected) and
  /// waits for it; SIGKILL after 30 s.
  public func stop() {
    guard let process = server else { return }
    server = nil
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Creates `database` (dropping it first when `replace`).
  public func createDatabase(_ database: String, replace: Bool = false) throws {
    if replace { try sql("DROP DATABASE IF EXISTS \"\(database)\" WITH (FORCE)") }
    try sql("CREATE DATABASE \"\(database)\"")
  }

  /// Runs `statement` with psql in `database`; returns its output
  /// (unaligned, tuples only).
  @discardableResult
  public func sql(_ statement: String, database: String = "postgres") throws -> String {
    let (status, output) = try run(
      binaries + "/psql",
      [
        "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", "\(port)",
        "-U", user, "-d", database, "-c", statement,
      ], asServer: false)
    guard status == 0 else {
      throw TempDaemonError(description: "psql failed (\(status)) on \(statement): \(output)")
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The server's log so far.
  public var log: String {
    (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
  }

  private func remove() {
    stop()
    guard !removed else { return }
    removed = true
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// setpriv's options to run as the server's user.
  private func serverCredentials() -> [String] {
    guard let owner else { return [] }
    return ["--reuid=\(owner.uid)", "--regid=\(owner.gid)", "--init-groups"]
  }

  /// Runs `path` with `arguments` (as the server's user when `asServer`)
  /// and returns its status and combined output.
  private func run(_ path: String, _ arguments: [String], asServer: Bool) throws -> (
    Int32, String
  ) {
    try runProgram(
      "/usr/bin/setpriv",
      (asServer ? serverCredentials() : []) + ["--pdeathsig", "SIGKILL", "--", path] + arguments,
      directory: directory)
  }

  /// A TCP port on 127.0.0.1 nobody listens on now.
  public static func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length)
        return getsockname(descriptor, $0, &length)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// Runs the program at `path` (in `directory`, if given) to its end and
/// returns its exit status and its stdout and stderr together.
public func runProgram(_ path: String, _ arguments: [String], directory: String? = nil) throws
  -> (Int32, String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
