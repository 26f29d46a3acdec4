// Starting a daemon in the background when none answers, as tmux does.
//
// The `curtaind` executable is looked for next to the running `curtain`
// (resolved through /proc/self/exe), then on PATH. It is spawned with
// `--socket PATH` in a new session (setsid), with stdin and stdout on
// /dev/null and stderr appended to a log file beside the socket
// (`default.sock` → `default.log`), and every other descriptor closed, so it
// outlives the command and the terminal and holds none of the caller's
// pipes. The launcher then waits, in short steps up to a deadline, until
// the socket accepts a connection; if the daemon exits first, or the
// deadline passes, the error quotes what the daemon wrote to its log.

import CurtainCLIKit
import CurtainWire
import Glibc

/// Starts `curtaind` on a socket and connects to it.
struct DaemonLauncher {
  /// The socket the daemon is to listen on.
  let socketPath: String
  /// How long to wait for the daemon to listen.
  var readinessTimeout: Double = 10
  /// The line curtaind logs once it listens.
  static let readyMarker = "curtaind: listening on"
  /// glibc's POSIX_SPAWN_SETSID (2.26+): <spawn.h> defines it only under
  /// _GNU_SOURCE, so Swift does not import it.
  private static let spawnSetsid: Int32 = 0x80

  /// Spawns the daemon and returns a client connected to it.
  func start(responseTimeout: Double?) throws -> CurtainClient {
    let executable = try Self.findDaemon()
    let directory = Self.directory(of: socketPath)
    try Self.makeDirectory(directory)
    let logPath = DaemonLog.path(forSocket: socketPath)
    let logOffset = Self.fileSize(logPath)
    let pid = try spawn(executable, logPath: logPath)

    let deadline = MonotonicClock.now() + readinessTimeout
    var exited = false
    var status: Int32 = 0
    while true {
      do {
        return try CurtainClient(unixPath: socketPath, timeout: responseTimeout)
      } catch let error as ClientError where error.isNoListener {
        // Not listening yet.
      }
      if exited {
        // It exited, yet nobody else listens either: report its log.
        throw CLIError(
          "curtaind exited (\(Self.describe(status: status))) before listening on "
            + "\(socketPath)\(Self.logExcerpt(logPath, from: logOffset))")
      }
      if waitpid(pid, &status, WNOHANG) == pid {
        // Another daemon may have won a race for the socket: try once more.
        exited = true
        continue
      }
      guard MonotonicClock.now() < deadline else {
        throw CLIError(
          "curtaind (pid \(pid)) did not listen on \(socketPath) within "
            + "\(OutputFormat.decimal(readinessTimeout)) s\(Self.logExcerpt(logPath, from: logOffset))"
        )
      }
      // Once the daemon logged that it listens, retry almost at once.
      usleep(Self.logContains(logPath, from: logOffset, Self.readyMarker) ? 2_000 : 20_000)
    }
  }

  /// Spawns `executable --socket <path>` detached; returns its pid.
  private func spawn(_ executable: String, logPath: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 2, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    // Nothing else this command inherited (a caller's pipes) stays open in
    // the daemon: a pipe held open would keep its reader waiting for EOF.
    for descriptor in Self.openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    let flags =
      Self.spawnSetsid | Int32(POSIX_SPAWN_SETSIGDEF)
      | Int32(POSIX_SPAWN_SETSIGMASK)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let arguments = [executable, "--socket", socketPath]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }

    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw CLIError(
        "cannot start \(executable): \(String(cString: strerror(result)))")
    }
    return pid
  }

  /// This process's open file descriptors, from /proc/self/fd.
  private static func openDescriptors() -> [Int32] {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    defer { closedir(directory) }
    var descriptors: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let descriptor = Int32(name), descriptor != dirfd(directory) {
        descriptors.append(descriptor)
      }
    }
    return descriptors
  }

  // MARK: Finding curtaind

  /// `curtaind` beside this executable, else on PATH.
  static func findDaemon() throws -> String {
    if let me = executablePath() {
      let candidate = directory(of: me) + "/curtaind"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    for entry in path.split(separator: ":") where !entry.isEmpty {
      let candidate = "\(entry)/curtaind"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    throw CLIError(
      "no daemon is listening and curtaind was found neither next to curtain nor on PATH; "
        + "start one yourself with `curtaind --socket PATH`")
  }

  /// The running executable, from /proc/self/exe.
  private static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  // MARK: Files

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates a directory and missing parents, each 0700 (the daemon checks
  /// the socket directory's mode itself).
  private static func makeDirectory(_ path: String) throws {
    var isDirectory = stat()
    if stat(path, &isDirectory) == 0 { return }
    let parent = directory(of: path)
    if parent != path, parent != "/", parent != "." { try makeDirectory(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw CLIError(
        "cannot create the socket directory \(path): \(String(cString: strerror(errno)))")
    }
  }

  private static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// What the log holds after `offset` (at most the last 4 KiB).
  private static func logText(_ path: String, from offset: Int) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    let size = fileSize(path)
    let start = max(offset, size - 4096)
    guard size > start, lseek(fd, off_t(start), SEEK_SET) >= 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: size - start)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  private static func logContains(_ path: String, from offset: Int, _ marker: String) -> Bool {
    logText(path, from: offset).contains(marker)
  }

  private static func logExcerpt(_ path: String, from offset: Int) -> String {
    let text = logText(path, from: offset).split(separator: "\n").suffix(10).joined(
      separator: "\n")
    return text.isEmpty ? " (its log \(path) is empty)" : "; its log \(path) says:\n\(text)"
  }

  private static func describe(status: Int32) -> String {
    let signal = status & 0x7F
    if signal == 0 { return "status \((status >> 8) & 0xFF)" }
    return "signal \(signal)"
  }
}
