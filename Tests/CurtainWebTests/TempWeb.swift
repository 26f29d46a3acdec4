// A real `curtain-web` for the tests: the built executable on a free port
// (`--http 127.0.0.1:0`), started beside a TempDaemon; the tests talk to it
// over real HTTP and WebSockets. It waits for the "listening on" line
// (never a sleep) and at the end stops the process with SIGTERM.

import CurtainTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `curtain-web` process.
final class TempWeb: @unchecked Sendable {
  let process = Process()
  /// `http://127.0.0.1:PORT`.
  private(set) var base = ""
  private let stderrPipe = Pipe()
  private let lock = NSLock()
  private var output = ""
  private let listening = DispatchSemaphore(value: 0)

  /// Starts curtain-web for the daemon on `socket` with `arguments`.
  init(socket: String, arguments: [String] = [], timeout: Double = 20) throws {
    process.executableURL = try TempDaemon.executableURL().deletingLastPathComponent()
      .appendingPathComponent("curtain-web")
    process.arguments =
      ["--socket", socket, "--http", "127.0.0.1:0", "--log-level", "warning"] + arguments
    process.standardError = stderrPipe
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.lock()
      let before = self.output.contains("listening on")
      self.output += String(decoding: data, as: UTF8.self)
      let after = self.output.contains("listening on")
      self.lock.unlock()
      if !before && after { self.listening.signal() }
    }
    try process.run()
    if listening.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      process.waitUntilExit()
      throw ProgramFailure("curtain-web did not listen in time: \(stderr)")
    }
    let text = stderr
    guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression)
    else {
      stop()
      throw ProgramFailure("no address in curtain-web's output: \(text)")
    }
    base = String(text[range])
  }

  /// `ws://127.0.0.1:PORT` followed by `path`.
  func webSocketURL(_ path: String) -> String {
    base.replacingOccurrences(of: "http://", with: "ws://") + path
  }

  /// What curtain-web wrote to stderr so far.
  var stderr: String {
    lock.lock()
    defer { lock.unlock() }
    return output
  }

  /// Stops it with SIGTERM; returns the exit status.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    stderrPipe.fileHandleForReading.readabilityHandler = nil
    return process.terminationStatus
  }

  /// An HTTP answer.
  struct Answer {
    let status: Int
    let type: String
    let body: String

    /// The body as a JSON object or array.
    func json() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    /// An error body's code.
    func errorCode() throws -> String? {
      ((try json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
    }
  }

  /// GETs (or with `body`, POSTs) `path` and waits for the answer. The
  /// tests are synchronous on purpose: a process started from a Swift
  /// concurrency thread inherits its blocked signals, and a curtaind
  /// started so would not stop on SIGTERM.
  func request(_ path: String, post body: String? = nil) throws -> Answer {
    var request = URLRequest(url: URL(string: base + path)!)
    request.timeoutInterval = 10
    if let body {
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let done = DispatchSemaphore(value: 0)
    let box = AnswerBox()
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let http = response as? HTTPURLResponse {
        box.answer = Answer(
          status: http.statusCode, type: http.value(forHTTPHeaderField: "Content-Type") ?? "",
          body: String(decoding: data ?? Data(), as: UTF8.self))
      } else {
        box.error = error
      }
      done.signal()
    }.resume()
    done.wait()
    guard let answer = box.answer else {
      throw ProgramFailure("GET \(path): \(String(describing: box.error))")
    }
    return answer
  }
}

/// Where a URLSession callback leaves its answer (read after a semaphore).
private final class AnswerBox: @unchecked Sendable {
  var answer: TempWeb.Answer?
  var error: (any Error)?
}

/// A program or a step of the harness that failed.
struct ProgramFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs the built `curtain` CLI against `socket`; returns its stdout.
@discardableResult
func curtain(_ socket: String, _ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = try TempDaemon.cliURL()
  process.arguments = ["--socket", socket, "--no-start"] + arguments
  let out = Pipe()
  process.standardOutput = out
  process.standardError = out
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  guard process.terminationStatus == 0 else {
    throw ProgramFailure("curtain \(arguments.joined(separator: " ")): \(text)")
  }
  return text
}
