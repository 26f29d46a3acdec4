// `Hello`: the handshake. It must be the first request; TCP clients must carry
// one of the daemon's tokens, whose scope says what they may do
// (TokenScopes.swift). Anything else first closes the connection.
//
// Capabilities a client may name: `read-only` (it may only read and
// subscribe) and `unowned-interactions` (interactive transitions it begins
// belong to no client: any client may drive them and its disconnect does not
// cancel them; the idle timeout does (--interaction-timeout), which never
// cancels an interaction owned by a client — for one-shot CLI commands).

import CurtainCore
import CurtainWire
import Logging

extension RequestHandler {
  static let hello = RequestHandler.server(
    .hello, mutates: false,
    run: { context in
      try context.server.welcome(context.client, context.request.hello)
    })
}

extension Server {
  /// Checks a Hello and returns the Welcome, or closes the connection.
  func welcome(_ client: ClientState, _ hello: Curtain_V1_Hello) throws -> HandlerResult {
    if client.isWelcomed {
      return .invalid("Hello was already received on this connection")
    }
    let requested = hello.protocolVersion == 0 ? protocolVersion : hello.protocolVersion
    guard requested <= protocolVersion else {
      return .failedAndClose(
        .unsupportedVersion,
        "Protocol version \(requested) is not supported (this daemon speaks \(protocolVersion))",
        .protocolError)
    }
    var scope = AccessScope.full
    if client.link.transportKind == .tcp, let grants = tokenGrants {
      if let refusal = checkHelloBackoff(client) { return refusal }
      guard let granted = grant(matching: hello.token, among: grants) else {
        noteHelloFailure(client)
        return .failedAndClose(.unauthenticated, "Bad or missing token", .unauthenticated)
      }
      noteHelloSuccess(client)
      scope = granted
    }
    client.isWelcomed = true
    client.name = hello.clientName
    client.scope = scope
    client.isReadOnly = hello.capabilities.contains("read-only") || scope.isReadOnly
    client.ownsInteractions = !hello.capabilities.contains("unowned-interactions")
    logger.debug(
      "hello",
      metadata: [
        "client": "\(client.id)", "client_name": "\(hello.clientName)",
        "capabilities": .array(hello.capabilities.map { .string($0) }),
        "transport": "\(client.link.transportKind.rawValue)",
        "protocol_version": "\(requested)",
      ])
    var welcome = Curtain_V1_Welcome()
    welcome.serverVersion = curtainVersion
    welcome.protocolVersion = requested
    welcome.clientID = client.id
    welcome.capabilities = [
      "read-only", "unowned-interactions", "manual-clock", "resume", "frames", "leases",
      "delegates", "frame-rates",
    ]
    welcome.limits.maxFrameBytes = UInt32(clamping: configuration.maxFrameBytes)
    welcome.limits.maxWriteQueueBytes = UInt32(clamping: configuration.maxWriteQueueBytes)
    welcome.limits.operationQueueLimit = UInt32(clamping: configuration.operationQueueLimit)
    welcome.limits.eventRing = UInt32(clamping: configuration.eventRing)
    welcome.limits.eventRingBytes = UInt64(clamping: configuration.eventRingBytes)
    welcome.limits.interactionTimeout = configuration.interactionTimeout
    return .ok(.welcome(welcome))
  }
}

extension Server {
  /// The tokens TCP clients may present (`nil`: TCP needs none).
  var tokenGrants: [TokenGrant]? {
    let single = configuration.token.map { [TokenGrant(token: $0, scope: .full)] } ?? []
    let grants = single + configuration.tokens
    return grants.isEmpty ? nil : grants
  }

  /// The scope of the grant whose token is `token`. Every token is compared,
  /// each in constant time, whether or not an earlier one matched.
  func grant(matching token: String, among grants: [TokenGrant]) -> AccessScope? {
    let presented = Array(token.utf8)
    var match: AccessScope?
    for grant in grants where constantTimeEqual(presented, Array(grant.token.utf8)) {
      match = match ?? grant.scope
    }
    return match
  }
}

/// Compares two byte strings in time that depends only on their lengths:
/// every byte of the longer one is read, and the lengths are compared whole
/// (a token followed by NULs is not the token).
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  var difference = UInt(bitPattern: a.count ^ b.count)
  for index in 0..<max(a.count, b.count) {
    let x = index < a.count ? a[index] : 0
    let y = index < b.count ? b[index] : 0
    difference |= UInt(x ^ y)
  }
  return difference == 0
}
