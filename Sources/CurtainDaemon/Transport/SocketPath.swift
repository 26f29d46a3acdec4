// Where the daemon's Unix socket lives, and how a path is claimed.
//
// The default path follows the rule every Curtain program shares
// (CurtainWire's `SocketRule`): $CURTAIN_SOCKET when set, else
// $XDG_RUNTIME_DIR/curtain/<name>.sock when XDG_RUNTIME_DIR is an absolute
// path, else /tmp/curtain-<uid>/<name>.sock, with <name> "default".
//
// The default directory belongs to the daemon: it is created 0700,
// tightened to 0700 if it exists and is ours, and refused if it belongs to
// someone else or is not a plain directory (a symlink in /tmp could point
// anywhere). A path given with `--socket` or $CURTAIN_SOCKET
// lives in a directory the user chose: a missing parent is created 0700, an
// existing one is left as it is.
//
// Claiming a path before binding: nothing there is fine; a socket nobody
// answers on (connect → ECONNREFUSED) is stale and removed; a socket someone
// answers on means another daemon is running, and this one must not start;
// anything else (a regular file) is left alone and refused.

public import CurtainWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The path of the daemon's Unix-domain socket.
public struct SocketPath: Sendable, Equatable, CustomStringConvertible {
  /// Why a socket path cannot be used. The description is the message to
  /// print.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
      /// Something answers on the socket.
      case anotherDaemonListening
      /// The path or its directory is not what it must be.
      case unusable
      /// A system call failed.
      case system(errno: Int32)
    }

    /// What went wrong.
    public let kind: Kind
    /// The message to print.
    public let description: String
  }

  /// Who occupies a socket path.
  enum Occupancy: Equatable {
    /// Nothing is at the path.
    case absent
    /// A socket file nobody answers on.
    case stale
    /// A socket something answers on.
    case live
    /// A file that is not a socket.
    case notASocket
  }

  /// The longest path a `sockaddr_un` holds (without its terminating NUL).
  public static let maximumLength = 107

  /// The socket file's path.
  public let path: String
  /// Whether this is the default location, whose directory the daemon owns.
  public let isDefaultLocation: Bool

  /// A path chosen by the user (`--socket PATH`).
  public init(_ path: String) {
    self.path = path
    self.isDefaultLocation = false
  }

  private init(defaultPath path: String) {
    self.path = path
    self.isDefaultLocation = true
  }

  /// The default socket (CurtainWire's `SocketRule`) for `environment`
  /// (default: this process's) and `userID` (default: this process's real
  /// user id). A path from `$CURTAIN_SOCKET` is the user's choice, as with
  /// `--socket`; the rule's other paths are the default location.
  public static func defaultPath(
    name: String = "default",
    environment: [String: String] = SocketRule.processEnvironment(),
    userID: UInt32? = nil
  ) -> SocketPath {
    let rule = SocketRule.resolve(
      environment: environment, uid: userID ?? UInt32(getuid()), name: name)
    return rule.source == .curtainSocket
      ? SocketPath(rule.path) : SocketPath(defaultPath: rule.path)
  }

  /// The directory holding the socket.
  public var directory: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  public var description: String { path }

  // MARK: Claiming

  /// Makes the path ready to bind: the directory exists (and, for the
  /// default location, is ours and 0700), and no live daemon answers on the
  /// path (a stale socket is removed).
  func claim() throws(Failure) {
    guard path.utf8.count <= Self.maximumLength else {
      throw Failure(
        kind: .unusable,
        description:
          "socket path \(path) is \(path.utf8.count) bytes long; the limit is \(Self.maximumLength)"
      )
    }
    try prepareDirectory()
    switch try occupancy() {
    case .absent:
      return
    case .live:
      throw Failure(
        kind: .anotherDaemonListening,
        description: "another daemon is already listening on \(path)")
    case .notASocket:
      throw Failure(
        kind: .unusable, description: "\(path) exists and is not a socket; refusing to replace it")
    case .stale:
      guard unlink(path) == 0 || errno == ENOENT else {
        throw systemFailure("cannot remove the stale socket \(path)")
      }
    }
  }

  /// Creates the directory if it is missing; for the default location also
  /// checks that it is a directory owned by this user and makes it 0700.
  func prepareDirectory() throws(Failure) {
    let directory = self.directory
    var status = stat()
    if lstat(directory, &status) != 0 {
      guard errno == ENOENT else { throw systemFailure("cannot inspect \(directory)") }
      guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
        throw systemFailure("cannot create \(directory)")
      }
      guard lstat(directory, &status) == 0 else {
        throw systemFailure("cannot inspect \(directory)")
      }
      // mkdir applies the umask; say exactly what we mean.
      guard chmod(directory, 0o700) == 0 else {
        throw systemFailure("cannot set the permissions of \(directory)")
      }
      return
    }
    guard isDefaultLocation else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure(
        kind: .unusable, description: "\(directory) is not a directory; refusing to use it")
    }
    guard status.st_uid == getuid() else {
      throw Failure(
        kind: .unusable,
        description:
          "\(directory) belongs to uid \(status.st_uid), not to you (uid \(getuid())); refusing to use it"
      )
    }
    if status.st_mode & 0o777 != 0o700 {
      guard chmod(directory, 0o700) == 0 else {
        throw systemFailure("cannot set the permissions of \(directory) to 0700")
      }
    }
  }

  /// Who is at the path: probes a socket with a non-blocking connect.
  func occupancy() throws(Failure) -> Occupancy {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      guard errno == ENOENT else { throw systemFailure("cannot inspect \(path)") }
      return .absent
    }
    guard status.st_mode & S_IFMT == S_IFSOCK else { return .notASocket }
    #if canImport(Glibc)
      let type =
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        | Int32(SOCK_CLOEXEC.rawValue)
    #else
      let type = SOCK_STREAM
    #endif
    let descriptor = socket(AF_UNIX, type, 0)
    guard descriptor >= 0 else { throw systemFailure("cannot create a socket") }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { sunPath in
      let bytes = Array(path.utf8.prefix(sunPath.count - 1))
      sunPath.copyBytes(from: bytes)
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if result == 0 { return .live }
    switch errno {
    case ECONNREFUSED:
      return .stale
    case ENOENT:
      // Removed between lstat and connect.
      return .absent
    case EAGAIN, EINPROGRESS:
      // The listener's backlog is full: someone is there.
      return .live
    default:
      throw systemFailure("cannot probe \(path)")
    }
  }

  /// Removes the socket file if it is there.
  func remove() {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
    unlink(path)
  }

  private func systemFailure(_ message: String) -> Failure {
    let code = errno
    return Failure(
      kind: .system(errno: code), description: "\(message): \(String(cString: strerror(code)))")
  }
}
