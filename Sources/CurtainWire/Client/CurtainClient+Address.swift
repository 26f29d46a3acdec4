// Addresses as users write them (`--socket`, `$CURTAIN_SOCKET`): a Unix
// socket path, or `tcp://HOST:PORT` for a daemon's TCP listener
// (`curtaind --listen`), with an IPv6 host in brackets (`tcp://[::1]:7070`);
// `tcp:HOST:PORT` works too. The Python client's `parse_address` and the C
// client's `curtain_parse_address` (Clients/c/src/client.c) read
// them the same way.

extension CurtainClient.Endpoint {
  /// Reads an address: `tcp://HOST:PORT` (or `tcp:HOST:PORT`) is TCP,
  /// anything else a Unix socket path. Throws `ClientError.invalidEndpoint`
  /// for an empty address or a TCP address without a host or a port from
  /// 1 to 65535.
  public init(address: String) throws {
    guard !address.isEmpty else { throw ClientError.invalidEndpoint("the socket path is empty") }
    guard let rest = Self.tcpRest(of: address) else {
      self = .unix(path: address)
      return
    }
    let host: Substring
    let port: Substring
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]"), rest[close...].hasPrefix("]:") else {
        throw Self.badTCP(address)
      }
      host = rest[rest.index(after: rest.startIndex)..<close]
      port = rest[rest.index(close, offsetBy: 2)...]
    } else {
      guard let colon = rest.lastIndex(of: ":") else { throw Self.badTCP(address) }
      host = rest[..<colon]
      port = rest[rest.index(after: colon)...]
    }
    guard !host.isEmpty, let number = UInt16(port), number > 0 else {
      throw Self.badTCP(address)
    }
    self = .tcp(host: String(host), port: number)
  }

  /// The part after `tcp://` or `tcp:`, if the address is a TCP one.
  private static func tcpRest(of address: String) -> Substring? {
    for prefix in ["tcp://", "tcp:"] where address.hasPrefix(prefix) {
      return address.dropFirst(prefix.count)
    }
    return nil
  }

  private static func badTCP(_ address: String) -> ClientError {
    .invalidEndpoint(
      "'\(address)' is not a TCP address: use tcp://HOST:PORT (tcp://127.0.0.1:7070, "
        + "tcp://[::1]:7070) with a port from 1 to 65535")
  }

  /// The address as it would be written: the path, or `tcp://HOST:PORT`.
  public var address: String {
    switch self {
    case .unix(let path): return path
    case .tcp: return "tcp://\(description)"
    }
  }

  /// Whether this is a TCP address.
  public var isTCP: Bool {
    if case .tcp = self { return true }
    return false
  }
}
