// A listening socket: the Unix socket (claimed, bound with mode 0600, removed
// again when the listener closes) or a TCP address. Every incoming
// connection is accepted at once and handed to the daemon as a stream.

import CLibUV
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A listening Unix or TCP socket.
final class Listener {
  /// Where it listens, with the port a TCP listener was actually given.
  let endpoint: Daemon.Endpoint
  /// Unix or TCP.
  let transportKind: TransportKind
  private let stream: UVStream
  private let logger: Logger
  private var onAccept: ((UVStream) -> Void)?
  private var isClosed = false

  /// Binds and starts listening. Connections wait in the kernel's backlog
  /// until the loop runs; they go to the accept handler (and are closed at
  /// once while there is none).
  init(loop: UVLoop, endpoint: Daemon.Endpoint, logger: Logger) throws {
    self.logger = logger
    switch endpoint {
    case .unix(let socketPath):
      transportKind = .unix
      try socketPath.claim()
      stream = try UVStream(loop: loop, kind: .pipe)
      do {
        // The socket is created with the umask applied: 0600 from the start,
        // not after a window in which others could connect.
        let mask = umask(0o177)
        defer { umask(mask) }
        try stream.bind(path: socketPath.path)
      } catch {
        stream.close()
        throw error
      }
      guard chmod(socketPath.path, 0o600) == 0 else {
        let code = errno
        stream.close()
        socketPath.remove()
        throw SocketPath.Failure(
          kind: .system(errno: code),
          description:
            "cannot set the permissions of \(socketPath.path): \(String(cString: strerror(code)))")
      }
      self.endpoint = endpoint
    case .tcp(let address):
      transportKind = .tcp
      stream = try UVStream(loop: loop, kind: .tcp)
      do {
        try stream.bind(address)
        self.endpoint = .tcp(try stream.localAddress())
      } catch {
        stream.close()
        throw error
      }
    }
    do {
      try stream.listen { [unowned self] error in self.incoming(error) }
    } catch {
      close()
      throw error
    }
  }

  /// What the listener is bound to: the socket path, or `tcp HOST:PORT`.
  var description: String {
    switch endpoint {
    case .unix(let socketPath): return socketPath.path
    case .tcp(let address): return "tcp \(address)"
    }
  }

  /// Sets what receives accepted streams.
  func setAcceptHandler(_ handler: @escaping (UVStream) -> Void) {
    guard !isClosed else { return }
    onAccept = handler
  }

  /// Stops listening and, for the Unix socket, removes the socket file.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    onAccept = nil
    stream.close()
    if case .unix(let socketPath) = endpoint { socketPath.remove() }
  }

  private func incoming(_ error: UVError?) {
    if let error {
      logger.warning(
        "accept failed", metadata: ["listener": "\(description)", "error": "\(error)"])
      return
    }
    do {
      let client = try stream.accept()
      if transportKind == .tcp { client.setNoDelay() }
      if let onAccept {
        onAccept(client)
      } else {
        client.close()
      }
    } catch {
      logger.warning(
        "accept failed", metadata: ["listener": "\(description)", "error": "\(error)"])
    }
  }
}
