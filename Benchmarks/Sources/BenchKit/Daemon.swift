// A real `curtaind` for a benchmark or the soak: started on a socket in a
// scratch directory with its stderr in a file, and stopped with SIGTERM
// (checking its exit status) or killed with SIGKILL. Its CPU time comes from
// /proc/PID/stat.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Something went wrong in a benchmark run.
public struct BenchError: Error, CustomStringConvertible {
  public let description: String

  /// An error with its message.
  public init(_ description: String) { self.description = description }
}

/// A running `curtaind`.
public final class Daemon {
  /// The socket it listens on.
  public let socketPath: String
  /// When it was launched (monotonic seconds).
  public let launched: Double
  private let process: Process
  private let logPath: String

  /// Launches `executable` with `--socket DIRECTORY/NAME.sock`, `--log-level
  /// warning` and `arguments`; its stderr goes to `DIRECTORY/NAME.log`. With a
  /// `launcher` (a command and its arguments, such as valgrind's), the
  /// launcher runs `executable` and its arguments.
  public init(
    executable: String, directory: String, name: String, arguments: [String],
    launcher: [String] = []
  ) throws {
    socketPath = directory + "/" + name + ".sock"
    logPath = directory + "/" + name + ".log"
    guard FileManager.default.createFile(atPath: logPath, contents: nil),
      let log = FileHandle(forWritingAtPath: logPath)
    else {
      throw BenchError("cannot write \(logPath)")
    }
    log.seekToEndOfFile()
    process = Process()
    let command =
      launcher + [executable, "--socket", socketPath, "--log-level", "warning"] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.standardError = log
    process.standardOutput = FileHandle.nullDevice
    launched = Clock.now()
    try process.run()
    try? log.close()
  }

  /// The process id.
  public var pid: Int32 { process.processIdentifier }

  /// Whether it is still running.
  public var isRunning: Bool { process.isRunning }

  /// What it wrote to stderr so far.
  public var log: String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Waits until it answers a Sync on a new connection and returns the
  /// seconds since launch: the time from start to serving.
  @discardableResult
  public func waitUntilServing(timeout: Double = 120) throws -> Double {
    let deadline = launched + timeout
    while true {
      guard process.isRunning else {
        throw BenchError("curtaind exited (\(process.terminationStatus)): \(log)")
      }
      if let client = try? Connection(socketPath: socketPath, name: "ready") {
        try client.sync()
        return Clock.now() - launched
      }
      guard Clock.now() < deadline else {
        throw BenchError("curtaind did not serve within \(timeout) s: \(log)")
      }
      // Polls the socket every millisecond until the daemon listens.
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// Its CPU time so far (user + system seconds).
  public func cpuSeconds() -> Double {
    guard
      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    // Fields after the command name: state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Its CPU time so far in seconds at nanosecond resolution: the time
  /// each of its threads ran on a CPU (`/proc/PID/task/*/schedstat`),
  /// where `cpuSeconds()` counts in clock ticks (10 ms).
  public func preciseCPUSeconds() -> Double {
    threadCPUSeconds(pid: pid)
  }

  /// Stops it with SIGTERM and waits; throws unless it exited with status 0.
  public func stop() throws {
    guard process.isRunning else {
      throw BenchError("curtaind had exited (\(process.terminationStatus)): \(log)")
    }
    kill(pid, SIGTERM)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError("curtaind exited with status \(process.terminationStatus): \(log)")
    }
  }

  /// Kills it with SIGKILL and waits (nothing when it has exited).
  public func kill9() {
    guard process.isRunning else { return }
    kill(pid, SIGKILL)
    process.waitUntilExit()
  }
}

/// The CPU time of process `pid` so far in seconds at nanosecond resolution:
/// the time each of its threads ran on a CPU (`/proc/PID/task/*/schedstat`);
/// 0 when it cannot be read. Threads that have exited no longer count.
public func threadCPUSeconds(pid: Int32) -> Double {
  guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
  else { return 0 }
  var nanoseconds: UInt64 = 0
  for task in tasks {
    guard
      let stat = try? String(
        contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
      let first = stat.split(separator: " ").first, let value = UInt64(first)
    else { continue }
    nanoseconds += value
  }
  return Double(nanoseconds) / 1e9
}

/// The monotonic clock.
public enum Clock {
  /// Seconds on the monotonic clock.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// A new scratch directory under /tmp.
public func makeScratchDirectory(_ prefix: String) throws -> String {
  var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { throw BenchError("mkdtemp failed: \(errno)") }
  return String(cString: made)
}

/// The size of a file (0 when missing).
public func fileSize(_ path: String) -> UInt64 {
  var info = stat()
  guard stat(path, &info) == 0 else { return 0 }
  return UInt64(max(0, info.st_size))
}

/// The size of a state directory's database with its write-ahead log.
public func databaseSize(stateDirectory: String) -> UInt64 {
  let path = stateDirectory + "/state.sqlite3"
  return fileSize(path) + fileSize(path + "-wal")
}

/// Runs one SQL statement on a state database and returns its rows (one a
/// line, values separated by `|`), through python3's sqlite3 module (Debian
/// does not install the sqlite3 shell with libsqlite3-dev).
@discardableResult
public func sqlite(_ database: String, _ sql: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "python3", "-c",
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    rows = db.execute(sys.argv[2]).fetchall()
    print("\\n".join("|".join(str(v) for v in row) for row in rows))
    """,
    database, sql,
  ]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchError("python3 could not run '\(sql)' on \(database)")
  }
  return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
