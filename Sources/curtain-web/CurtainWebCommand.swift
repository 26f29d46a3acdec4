// `curtain-web`: the web inspector. Serves a page that shows curtaind's
// windows live (drawn from the frame stream), their controller trees and
// events, a JSON API under /api/ and the daemon's metrics at /metrics for
// Prometheus. It is an ordinary client of curtaind: read-only unless
// --read-write. docs/web.md describes it.

import ArgumentParser
import CurtainWeb
import CurtainWire
import Foundation
import Logging

@main
struct CurtainWebCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curtain-web",
    abstract: "Show curtaind's windows live in a browser, and serve its metrics to Prometheus.",
    discussion: """
      Connects to curtaind as an ordinary client (read-only unless \
      --read-write) and serves, on --http: the inspector page at /, a JSON \
      API under /api/, the daemon's metrics in Prometheus' text format at \
      /metrics, a WebSocket per watched window at /ws/windows/{id}, and one \
      per page at /ws/thumbnails with the thumbnails of the session's windows \
      (at most --thumbnail-fps frames a second each). When the daemon stops, the page says so and curtain-web reconnects when it \
      comes back. Prints "curtain-web: listening on http://HOST:PORT/" to \
      stderr once it serves.

      Example:
        curtain-web
        curtain-web --socket /tmp/d.sock --http 127.0.0.1:0 --read-write
        curtain-web --thumbnail-fps 5
      """,
    version: curtainVersion)

  @Option(
    help: ArgumentHelp(
      "The daemon's Unix socket.",
      discussion: """
        Defaults to $CURTAIN_SOCKET, else $XDG_RUNTIME_DIR/curtain/default.sock, \
        else /tmp/curtain-<uid>/default.sock.
        """,
      valueName: "path"))
  var socket: String?

  @Option(
    help: ArgumentHelp(
      "Where to serve HTTP: HOST:PORT (port 0: any free port).", valueName: "host:port"))
  var http = "127.0.0.1:8080"

  @Flag(help: "Let the page change windows (push, pop, present, dismiss, select, scrub, interact).")
  var readWrite = false

  @Option(
    help: ArgumentHelp(
      "The most frames a second each window's thumbnail gets (0.01 to 240).",
      discussion: """
        The page's thumbnails of the session's windows come through one daemon \
        subscription per window at this rate (Subscribe.max_fps), shared by \
        every page; each transition's first and last frame always come.
        """,
      valueName: "fps"))
  var thumbnailFps = 2.0

  @Option(
    help: ArgumentHelp(
      "Log level: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
  var logLevel = "notice"

  /// The frame rates `max_fps` takes (docs/protocol.md §5).
  static let thumbnailRates = 0.01...240.0

  func validate() throws {
    _ = try address()
    guard Self.thumbnailRates.contains(thumbnailFps) else {
      throw ValidationError(
        "--thumbnail-fps must be a number of frames a second from 0.01 to 240, got \(thumbnailFps)"
      )
    }
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError(
        "--log-level must be trace, debug, info, notice, warning, error or critical")
    }
  }

  /// `--http` as a host and a port.
  private func address() throws -> (host: String, port: Int) {
    guard let colon = http.lastIndex(of: ":") else {
      throw ValidationError("--http must be HOST:PORT, like 127.0.0.1:8080")
    }
    var host = String(http[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty, let port = Int(http[http.index(after: colon)...]),
      (0...65535).contains(port)
    else {
      throw ValidationError(
        "--http must be HOST:PORT with a port from 0 to 65535, like 127.0.0.1:8080")
    }
    return (host, port)
  }

  func run() async throws {
    let (host, port) = try address()
    var logger = Logger(label: "curtain-web")
    logger.logLevel = Logger.Level(rawValue: logLevel) ?? .notice
    let inspector = try WebInspector(
      configuration: .init(
        host: host, port: port,
        daemon: DaemonEndpoint(.unix(path: socket ?? SocketRule.processPath())),
        readWrite: readWrite, thumbnailFPS: thumbnailFps),
      logger: logger)
    try await inspector.run { bound in
      let shown = host.contains(":") ? "[\(host)]" : host
      FileHandle.standardError.write(
        Data("curtain-web: listening on http://\(shown):\(bound)/\n".utf8))
    }
  }
}
