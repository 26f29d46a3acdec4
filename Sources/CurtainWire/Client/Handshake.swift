// The first exchange of every connection (docs/protocol.md §1): Hello with
// the protocol version, the client's name, its token and capabilities;
// Welcome back. Every Swift client builds its Hello here and checks the
// answer here, whatever carries the bytes (`CurtainClient`'s blocking
// socket, curtain-web's NIO channel), and says the same Hello again when it
// reconnects or follows MOVED.

import CurtainCore

/// What a client says in Hello.
public struct Handshake: Sendable, Equatable {
  /// The client's name, for the daemon's logs and `curtain status`.
  public var clientName: String
  /// The token a TCP listener asks for ("" on a Unix socket).
  public var token: String
  /// Hello capabilities ("read-only", "unowned-interactions", …).
  public var capabilities: [String]

  public init(clientName: String, token: String = "", capabilities: [String] = []) {
    self.clientName = clientName
    self.token = token
    self.capabilities = capabilities
  }

  /// The Hello request (request id 0: the sender numbers it).
  public var request: WireRequest {
    var hello = Curtain_V1_Hello()
    hello.protocolVersion = protocolVersion
    hello.clientName = clientName
    hello.token = token
    hello.capabilities = capabilities
    var request = WireRequest()
    request.body = .hello(hello)
    return request
  }

  /// The Welcome in the daemon's answer to `request`. Throws
  /// `ClientError.server` for a refusal (a bad token, an unsupported
  /// version) and `.unexpectedResponse` for anything else.
  public static func welcome(from response: WireResponse) throws -> Curtain_V1_Welcome {
    switch response.result {
    case .welcome(let welcome)?: return welcome
    case .error(let error)?: throw ClientError.server(CurtainError(error))
    default: throw ClientError.unexpectedResponse(expected: "welcome", got: response.resultName)
    }
  }
}
