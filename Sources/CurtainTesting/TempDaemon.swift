// A real `curtaind` on a private socket for integration tests, as tmux's
// tests start a private server: it starts the built executable, waits for its
// "listening" lines (or, when its stderr goes to a file, for its socket) and
// a Sync round trip (never a sleep), and at the end stops it with SIGTERM
// and checks that it exited cleanly and removed its socket.

import CurtainWire
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Errors of the test daemon.
public struct TempDaemonError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// A failure saying `description`.
  public init(description: String) {
    self.description = description
  }
}

/// A `curtaind` process on a temporary socket.
public final class TempDaemon: @unchecked Sendable {
  /// The temporary directory holding the socket.
  public let directory: String
  /// The socket path.
  public let socketPath: String
  /// The process.
  public let process: Process
  private let stderrPipe = Pipe()
  private let lock = NSLock()
  private var lines: [String] = []
  /// The end of the last chunk read when it did not end a line.
  private var partialLine: [UInt8] = []
  private let ready = DispatchSemaphore(value: 0)
  private var stopped = false
  private var stderrClosed = false
  /// Whether the daemon's stderr comes through `stderrPipe`.
  private let readsStandardError: Bool

  /// The built `curtaind`: `$CURTAIND_PATH`, else next to the test bundle.
  public static func executableURL() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["CURTAIND_PATH"] {
      return URL(fileURLWithPath: path)
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("curtaind")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw TempDaemonError(
      description: "curtaind not found next to \(CommandLine.arguments[0]); build it first")
  }

  /// The built `curtain` CLI next to `curtaind`.
  public static func cliURL() throws -> URL {
    try executableURL().deletingLastPathComponent().appendingPathComponent("curtain")
  }

  /// How a test daemon learns its socket.
  public enum SocketChoice: Sendable {
    /// `--socket <tmp>/d.sock` (and `--log-level warning`).
    case argument
    /// The default rule with XDG_RUNTIME_DIR=<tmp>: `<tmp>/curtain/default.sock`.
    case runtimeDirectory
    /// The default rule with CURTAIN_SOCKET=<tmp>/env.sock, which wins over
    /// XDG_RUNTIME_DIR=<tmp>/runtime.
    case curtainSocketVariable
  }

  /// Where a test daemon's stderr goes.
  public enum StandardErrorChoice: Sendable {
    /// A pipe the test reads (`stderr`); the daemon is ready once it
    /// printed its "listening on" lines.
    case pipe
    /// A file opened for writing (e.g. /dev/full); the daemon is ready once
    /// its socket accepts a connection.
    case file(String)
  }

  /// Starts `curtaind` plus `arguments` on a socket in a new temporary
  /// directory, as `socket` says, and waits up to `timeout` seconds for it
  /// to listen. Without `.argument`, the daemon gets only `arguments` and
  /// finds its socket by the default rule. With `.argument` it is
  /// `--ephemeral` unless `arguments` name a `--state-dir` or a `--store`,
  /// or `stateHome` is given. Its default state directory is in the
  /// temporary directory (XDG_STATE_HOME=<tmp>/state), never the user's,
  /// or in `stateHome` (XDG_STATE_HOME=`stateHome`). With `tcpToken`, it
  /// also listens on a loopback port (`tcpPort`) and TCP clients need that
  /// token (a token file in the directory). With `fileSizeLimit`, it runs
  /// with RLIMIT_FSIZE lowered to that many bytes (rounded down to 512), so
  /// that its writes past it fail with EFBIG (a disk that fills up).
  /// With `socketPath` (and `.argument`), it listens there instead of in
  /// its temporary directory: a daemon started again on the same socket
  /// and `--state-dir` is the same daemon to its clients, restarted.
  public init(
    arguments: [String] = [], socket: SocketChoice = .argument,
    standardError: StandardErrorChoice = .pipe, tcpToken: String? = nil, timeout: Double = 20,
    fileSizeLimit: Int? = nil, stateHome: String? = nil, socketPath chosenSocket: String? = nil
  ) throws {
    var arguments = arguments
    var template = Array("/tmp/curtain-test-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TempDaemonError(description: "mkdtemp failed: errno \(errno)")
    }
    directory = String(
      decoding: UnsafeRawBufferPointer(start: made, count: strlen(made)), as: UTF8.self)
    if let tcpToken {
      let tokenFile = directory + "/token"
      try (tcpToken + "\n").write(toFile: tokenFile, atomically: true, encoding: .utf8)
      arguments += ["--listen", "127.0.0.1:0", "--token-file", tokenFile]
    }
    process = Process()
    process.executableURL = try Self.executableURL()
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = stateHome ?? directory + "/state"
    // Not the user's configuration file ($XDG_CONFIG_HOME/curtain/curtaind.json).
    environment["XDG_CONFIG_HOME"] = directory + "/config"
    switch socket {
    case .argument:
      socketPath = chosenSocket ?? directory + "/d.sock"
      let durable =
        stateHome != nil
        || ["--state-dir", "--ephemeral", "--store", "--cluster"].contains {
          arguments.contains($0)
        }
      process.arguments =
        ["--socket", socketPath, "--log-level", "warning"] + (durable ? [] : ["--ephemeral"])
        + arguments
    case .runtimeDirectory:
      socketPath = directory + "/curtain/default.sock"
      process.arguments = arguments
      environment["CURTAIN_SOCKET"] = nil
      environment["XDG_RUNTIME_DIR"] = directory
    case .curtainSocketVariable:
      socketPath = directory + "/env.sock"
      process.arguments = arguments
      environment["CURTAIN_SOCKET"] = socketPath
      environment["XDG_RUNTIME_DIR"] = directory + "/runtime"
    }
    process.environment = environment
    if let fileSizeLimit {
      // `ulimit -f` counts 512-byte blocks in POSIX shells; `exec` keeps
      // the process (and its pid) for curtaind.
      let curtaind = process.executableURL?.path ?? ""
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -f \(fileSizeLimit / 512) && exec \"$0\" \"$@\"", curtaind]
        + (process.arguments ?? [])
    }
    switch standardError {
    case .pipe:
      readsStandardError = true
      process.standardError = stderrPipe
    case .file(let path):
      guard let handle = FileHandle(forWritingAtPath: path) else {
        throw TempDaemonError(description: "cannot open \(path) for the daemon's stderr")
      }
      readsStandardError = false
      process.standardError = handle
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    // One "listening on" line per listener: the socket, and TCP if asked.
    let listeners = arguments.contains("--listen") ? 2 : 1
    stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      guard let self else { return }
      // Read under the lock, so that the last read after an exit
      // (`drainStandardError`) cannot pass a chunk read before it.
      self.lock.lock()
      let data = handle.availableData
      let before = self.lines.count { $0.contains("listening on") }
      self.append(data)
      let after = self.lines.count { $0.contains("listening on") }
      self.lock.unlock()
      if before < listeners && after >= listeners { self.ready.signal() }
    }
    // A daemon that exits (a bad flag, an unusable state directory) ends
    // the wait at once.
    process.terminationHandler = { [weak self] _ in self?.ready.signal() }
    try process.run()
    let listening: Bool
    switch standardError {
    case .pipe: listening = ready.wait(timeout: .now() + timeout) == .success
    case .file: listening = waitForSocketFile(timeout: timeout)
    }
    if !process.isRunning {
      process.waitUntilExit()
      if case .pipe = standardError { drainStandardError() }
      try? FileManager.default.removeItem(atPath: directory)
      stopped = true
      throw TempDaemonError(
        description:
          "curtaind exited with status \(process.terminationStatus): \(stderr)")
    }
    if !listening {
      process.terminate()
      process.waitUntilExit()
      throw TempDaemonError(description: "curtaind did not listen in time: \(stderr)")
    }
    // Listening is not yet serving: a Hello and a Sync round trip prove it.
    do {
      let probe = try connectOnceListening(deadline: MonotonicClock.now() + timeout)
      try probe.sync()
      probe.close()
    } catch {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw TempDaemonError(description: "curtaind did not answer Sync: \(error) \(stderr)")
    }
  }

  /// Waits, watching the socket's directory with inotify, until the socket
  /// file exists, the daemon exits or `timeout` seconds pass; true when the
  /// file exists.
  private func waitForSocketFile(timeout: Double) -> Bool {
    let deadline = MonotonicClock.now() + timeout
    let watcher = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard watcher >= 0 else { return false }
    defer { close(watcher) }
    let directory = (socketPath as NSString).deletingLastPathComponent
    guard inotify_add_watch(watcher, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
      return false
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !FileManager.default.fileExists(atPath: socketPath) {
      let left = deadline - MonotonicClock.now()
      guard left > 0, process.isRunning else { return false }
      // Woken by a change in the directory, or every 100 ms to notice an
      // exit.
      var descriptor = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, Int32(min(left, 0.1) * 1000) + 1)
      _ = read(watcher, &buffer, buffer.count)
    }
    return true
  }

  /// A client on the socket. The file exists from the daemon's bind, a
  /// moment before it listens: a refused connection is tried again.
  private func connectOnceListening(deadline: Double) throws -> TestClient {
    while true {
      do {
        return try TestClient(path: socketPath, name: "readiness")
      } catch let error as ClientError where error.isNoListener && MonotonicClock.now() < deadline {
        continue
      }
    }
  }

  /// Closes the reading end of the stderr pipe: the daemon's next writes to
  /// stderr fail with EPIPE.
  public func closeStandardErrorReader() {
    lock.lock()
    let closed = stderrClosed
    stderrClosed = true
    lock.unlock()
    guard !closed else { return }
    stderrPipe.fileHandleForReading.readabilityHandler = nil
    try? stderrPipe.fileHandleForReading.close()
  }

  /// Adds a chunk of the daemon's stderr (the lock held). A chunk may end
  /// in the middle of a line (or of a character): that part waits for the
  /// rest, so lines are only ever read whole.
  private func append(_ data: Data) {
    guard !data.isEmpty else { return }
    var pieces = (partialLine + Array(data)).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    partialLine = Array(pieces.removeLast())
    lines += pieces.filter { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// Stops reading stderr as it comes and reads what the exited daemon
  /// left in the pipe: the termination handler can run before the
  /// readability handler has read the daemon's last words (its usage
  /// error, for one).
  private func drainStandardError() {
    let handle = stderrPipe.fileHandleForReading
    handle.readabilityHandler = nil
    lock.lock()
    defer { lock.unlock() }
    append(handle.readDataToEndOfFile())
  }

  /// Everything the daemon wrote to stderr so far.
  public var stderr: String {
    lock.lock()
    defer { lock.unlock() }
    let last = partialLine.isEmpty ? [] : [String(decoding: partialLine, as: UTF8.self)]
    return (lines + last).joined(separator: "\n")
  }

  /// The daemon's stderr once it contains `text`, or as it is after
  /// `timeout` seconds: what the daemon logs while it answers reaches the
  /// test's reader a little later than the answer.
  public func standardError(containing text: String, timeout: Double = 10) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let current = stderr
      if current.contains(text) || Date() >= deadline { return current }
      usleep(10_000)
    }
  }

  /// The daemon's process id.
  public var pid: Int32 { process.processIdentifier }

  /// Kills the daemon with SIGKILL (a crash: nothing is flushed, the
  /// socket file stays) and waits for it; then removes the temporary
  /// directory.
  public func kill9() {
    if !stopped {
      stopped = true
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      stderrPipe.fileHandleForReading.readabilityHandler = nil
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Waits until the daemon exits by itself (after a Shutdown request, as
  /// `curtain kill-server` sends), so that `stop()` need not signal it.
  public func waitUntilExit() {
    process.waitUntilExit()
  }

  /// Sends SIGTERM and waits for the exit. Returns the exit status and
  /// whether the socket file is gone.
  @discardableResult
  public func stop() -> (status: Int32, socketRemoved: Bool) {
    if !stopped {
      stopped = true
      if process.isRunning { kill(process.processIdentifier, SIGTERM) }
      process.waitUntilExit()
      // What the daemon wrote last (its goodbye, a warning logged while it
      // answered) may still be in the pipe.
      lock.lock()
      let open = readsStandardError && !stderrClosed
      lock.unlock()
      if open { drainStandardError() }
      closeStandardErrorReader()
    }
    let removed = !FileManager.default.fileExists(atPath: socketPath)
    try? FileManager.default.removeItem(atPath: directory)
    return (process.terminationStatus, removed)
  }

  deinit {
    if !stopped {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Resident memory of the daemon in bytes (from /proc), for limit checks.
  public func residentBytes() -> Int? {
    guard
      let status = try? String(
        contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return kilobytes.map { $0 * 1024 }
  }
}

extension TempDaemon {
  /// The TCP port from the "listening on tcp HOST:PORT" line, if any.
  public var tcpPort: UInt16? {
    let marker = "listening on tcp "
    for line in stderr.split(separator: "\n") {
      guard let found = line.range(of: marker) else { continue }
      // The address ends at a space, or at the quote of a JSON log line.
      let address = line[found.upperBound...].prefix { $0 != " " && $0 != "\"" }
      if let port = address.split(separator: ":").last.flatMap({ UInt16($0) }) {
        return port
      }
    }
    return nil
  }
}
