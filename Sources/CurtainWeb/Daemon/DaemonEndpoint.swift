// Where curtain-web finds curtaind: a Unix socket (the default rule's path
// unless --socket names one) or a TCP address with its token.

import CurtainWire

/// The daemon curtain-web connects to.
public struct DaemonEndpoint: Sendable, Equatable, CustomStringConvertible {
  /// How to reach it.
  public enum Address: Sendable, Equatable {
    /// A Unix-domain socket at a path.
    case unix(path: String)
    /// A TCP address.
    case tcp(host: String, port: Int)
  }

  /// The socket.
  public var address: Address
  /// The token TCP listeners ask for ("" on a Unix socket).
  public var token: String

  /// An endpoint at `address`.
  public init(_ address: Address, token: String = "") {
    self.address = address
    self.token = token
  }

  public var description: String {
    switch address {
    case .unix(let path): return path
    case .tcp(let host, let port):
      return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
  }
}

extension DaemonEndpoint.Address {
  /// The address of a client endpoint (where a MOVED answer sends the
  /// link).
  init(_ endpoint: CurtainClient.Endpoint) {
    switch endpoint {
    case .unix(let path): self = .unix(path: path)
    case .tcp(let host, let port): self = .tcp(host: host, port: Int(port))
    }
  }
}
