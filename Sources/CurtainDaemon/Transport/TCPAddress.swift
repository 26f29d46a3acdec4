// A TCP endpoint as given to `curtaind --listen HOST:PORT`: an IPv4 literal
// (`127.0.0.1:7000`), a bracketed IPv6 literal (`[::1]:7000`) or
// `localhost` (127.0.0.1). Host names are not resolved: the daemon binds
// exactly the address it was given, and whether that address is loopback
// decides whether a token is required.

import CLibUV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IP address and port to listen on.
public struct TCPAddress: Sendable, Equatable, CustomStringConvertible {
  /// Why `HOST:PORT` was not understood.
  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let description: String
  }

  /// The address family.
  public enum Family: Sendable {
    /// IPv4.
    case ipv4
    /// IPv6.
    case ipv6
  }

  /// The IP literal, without brackets (`127.0.0.1`, `::1`).
  public let host: String
  /// The port (0 lets the system choose).
  public let port: UInt16
  /// IPv4 or IPv6.
  public let family: Family

  /// Parses `HOST:PORT`, `[IPV6]:PORT` or `localhost:PORT`.
  public init(parsing text: String) throws(ParseError) {
    let hostPart: Substring
    let portPart: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"),
        text[text.index(after: close)...].hasPrefix(":")
      else {
        throw ParseError(description: "'\(text)' is not [IPV6]:PORT")
      }
      hostPart = text[text.index(after: text.startIndex)..<close]
      portPart = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":") else {
        throw ParseError(description: "'\(text)' is not HOST:PORT")
      }
      hostPart = text[..<colon]
      portPart = text[text.index(after: colon)...]
      if hostPart.contains(":") {
        throw ParseError(
          description: "write an IPv6 address in brackets: [\(hostPart)]:\(portPart)")
      }
    }
    guard let port = UInt16(portPart) else {
      throw ParseError(description: "'\(portPart)' is not a port number (0-65535)")
    }
    let host = hostPart.lowercased() == "localhost" ? "127.0.0.1" : String(hostPart)
    var ipv4 = sockaddr_in()
    var ipv6 = sockaddr_in6()
    if !host.contains(":"), uv_ip4_addr(host, 0, &ipv4) == 0 {
      family = .ipv4
    } else if host.contains(":"), uv_ip6_addr(host, 0, &ipv6) == 0 {
      family = .ipv6
    } else {
      throw ParseError(
        description:
          "'\(hostPart)' is not an IPv4 or IPv6 address (or localhost); host names are not resolved"
      )
    }
    self.host = host
    self.port = port
  }

  /// An address from a `sockaddr_in`/`sockaddr_in6` (as `getsockname`
  /// returns it); `nil` for other families.
  init?(_ storage: sockaddr_storage) {
    var storage = storage
    var name = [CChar](repeating: 0, count: 64)
    switch Int32(storage.ss_family) {
    case AF_INET:
      let ipv4 = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
      var copy = ipv4
      guard uv_ip4_name(&copy, &name, name.count) == 0 else { return nil }
      family = .ipv4
      port = UInt16(bigEndian: ipv4.sin_port)
    case AF_INET6:
      let ipv6 = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
      var copy = ipv6
      guard uv_ip6_name(&copy, &name, name.count) == 0 else { return nil }
      family = .ipv6
      port = UInt16(bigEndian: ipv6.sin6_port)
    default:
      return nil
    }
    host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the address only accepts connections from this machine
  /// (127.0.0.0/8, ::1, or ::ffff:127.x.x.x).
  public var isLoopback: Bool {
    let storage = socketAddress()
    switch family {
    case .ipv4:
      let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }
      return UInt32(bigEndian: address.sin_addr.s_addr) >> 24 == 127
    case .ipv6:
      let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }
      let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
      let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
      let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
      return bytes == loopback || (Array(bytes[0..<12]) == mappedPrefix && bytes[12] == 127)
    }
  }

  /// Whether the address stands for every address of the machine
  /// (0.0.0.0 or ::).
  public var isWildcard: Bool {
    host == "0.0.0.0" || host == "::"
  }

  /// `127.0.0.1:7000` or `[::1]:7000`.
  public var description: String {
    switch family {
    case .ipv4: return "\(host):\(port)"
    case .ipv6: return "[\(host)]:\(port)"
    }
  }

  /// The `sockaddr_in`/`sockaddr_in6` to bind.
  func socketAddress() -> sockaddr_storage {
    var storage = sockaddr_storage()
    withUnsafeMutableBytes(of: &storage) { bytes in
      switch family {
      case .ipv4:
        var address = sockaddr_in()
        _ = uv_ip4_addr(host, Int32(port), &address)
        withUnsafeBytes(of: address) { bytes.copyMemory(from: $0) }
      case .ipv6:
        var address = sockaddr_in6()
        _ = uv_ip6_addr(host, Int32(port), &address)
        withUnsafeBytes(of: address) { bytes.copyMemory(from: $0) }
      }
    }
    return storage
  }
}
