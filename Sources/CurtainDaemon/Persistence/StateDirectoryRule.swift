// Where a socket's sessions are kept when no one says (docs/durability.md,
// "Where state lives"): the state belongs to the socket, so the default
// directory is keyed on the socket's whole path,
//
//     $XDG_STATE_HOME/curtain/NAME-DIGEST   when XDG_STATE_HOME is an absolute path
//     ~/.local/state/curtain/NAME-DIGEST    otherwise
//
// where NAME is the socket's file name without `.sock` (readable) and
// DIGEST eight hex digits of the FNV-1a hash of its absolute path (two
// sockets of one name in different directories never share a directory).
// A daemon records its socket's path in its state directory (the file
// `socket`), which says whose a directory is (the lock error names it).
//
// curtaind 0.1.0 keyed the directory on the file name alone
// (`.../curtain/NAME`). Such a directory is moved to the new place when it
// surely belongs to this socket: the socket is the default one (the rule
// of `SocketRule` without $CURTAIN_SOCKET, whose old directory was
// `default`), the new directory does not exist yet, and no daemon holds the
// old one's lock. Any other old directory may be the state of another
// socket of that name: it is left where it is, and the daemon says so at
// every start until it is gone, with the command that adopts it.

import CurtainWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default state directory of a socket, and the move of the
/// directories of the rule before it.
public enum StateDirectoryRule {
  /// The file of a state directory that records its daemon's socket.
  public static let socketRecord = "socket"

  /// What `adoptLegacyDirectory` did.
  public enum Adoption: Equatable, Sendable {
    /// There was nothing to move.
    case nothing
    /// The old directory was moved to the new one.
    case moved(from: String, to: String)
    /// An old directory of this socket's name is left where it is; the
    /// text says why and what to do, fit to log.
    case left(String)
  }

  /// The socket's path made absolute against `workingDirectory`, with
  /// empty and `.` components dropped: what the digest is taken of.
  public static func absolutePath(_ socketPath: String, workingDirectory: String) -> String {
    let whole = socketPath.hasPrefix("/") ? socketPath : workingDirectory + "/" + socketPath
    return "/" + whole.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }

  /// The directory's name for a socket: its file name without `.sock`
  /// (`default` when nothing is left), a dash, and the digest of its
  /// absolute path.
  public static func directoryName(socketPath: String, workingDirectory: String) -> String {
    let absolute = absolutePath(socketPath, workingDirectory: workingDirectory)
    let hash = UInt64(bitPattern: DurableSchema.checksum(Array(absolute.utf8)))
    let digest = String(hash >> 32, radix: 16)
    return legacyName(socketPath) + "-" + String(repeating: "0", count: 8 - digest.count) + digest
  }

  /// The default state directory of `socketPath`, or nil when neither
  /// XDG_STATE_HOME nor HOME is an absolute path.
  public static func defaultDirectory(
    socketPath: String, environment: [String: String], workingDirectory: String
  ) -> String? {
    stateHome(environment).map {
      $0 + "/" + directoryName(socketPath: socketPath, workingDirectory: workingDirectory)
    }
  }

  /// The directory curtaind 0.1.0 used for `socketPath`: the file name
  /// alone.
  public static func legacyDirectory(socketPath: String, environment: [String: String])
    -> String?
  {
    stateHome(environment).map { $0 + "/" + legacyName(socketPath) }
  }

  /// Moves the old rule's directory of `socketPath` to its default
  /// directory when it surely belongs to this socket (see the top of this
  /// file), or says why it is left. `uid` is the user whose default
  /// socket counts.
  public static func adoptLegacyDirectory(
    socketPath: String, environment: [String: String], workingDirectory: String, uid: UInt32
  ) -> Adoption {
    guard
      let old = legacyDirectory(socketPath: socketPath, environment: environment),
      let new = defaultDirectory(
        socketPath: socketPath, environment: environment, workingDirectory: workingDirectory),
      isDirectory(old)
    else { return .nothing }
    let adopt = "stop this daemon and `mv \(old) \(new)`, or start it with --state-dir \(old)"
    guard !exists(new) else {
      return .left(
        "\(old) holds sessions of an older curtaind, which kept one directory for every socket "
          + "named \(legacyName(socketPath)).sock; this daemon uses \(new). If they are this "
          + "socket's, \(adopt); else remove it")
    }
    var rule = environment
    rule["CURTAIN_SOCKET"] = nil
    let defaultSocket = SocketRule.path(environment: rule, uid: uid)
    guard
      absolutePath(socketPath, workingDirectory: workingDirectory)
        == absolutePath(defaultSocket, workingDirectory: "/")
    else {
      return .left(
        "\(old) holds sessions of an older curtaind, which kept one directory for every socket "
          + "named \(legacyName(socketPath)).sock, so it may be another socket's; this daemon "
          + "uses \(new). If they are this socket's, \(adopt)")
    }
    // A daemon of the old rule still running on it holds its lock.
    let lock = open(old + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else {
      return .left("cannot move \(old) to \(new): \(String(cString: strerror(errno)))")
    }
    defer { close(lock) }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      return .left("\(old) is not moved to \(new): another curtaind uses it")
    }
    guard rename(old, new) == 0 else {
      return .left("cannot move \(old) to \(new): \(String(cString: strerror(errno)))")
    }
    return .moved(from: old, to: new)
  }

  /// Records `socketPath` (absolute) in `directory`, unless it says so
  /// already; a failure is not the daemon's concern (the record only
  /// informs).
  static func recordSocket(_ socketPath: String, in directory: String) {
    let path = directory + "/" + socketRecord
    let text = socketPath + "\n"
    guard recordedSocket(in: directory).map({ $0 + "\n" }) != text else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
  }

  /// The socket recorded in `directory`, if any.
  static func recordedSocket(in directory: String) -> String? {
    let descriptor = open(directory + "/" + socketRecord, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    return line.isEmpty ? nil : line
  }

  // MARK: Helpers

  /// `$XDG_STATE_HOME/curtain`, else `~/.local/state/curtain`.
  private static func stateHome(_ environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return (state.hasSuffix("/") ? String(state.dropLast()) : state) + "/curtain"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state/curtain"
  }

  /// The socket's file name without `.sock`; `default` when nothing is
  /// left.
  private static func legacyName(_ socketPath: String) -> String {
    var name = String(socketPath.split(separator: "/").last ?? "default")
    if name.hasSuffix(".sock") { name.removeLast(5) }
    return name.isEmpty ? "default" : name
  }

  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
