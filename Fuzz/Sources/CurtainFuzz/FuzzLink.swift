import CurtainDaemon
import CurtainWire

/// A client of the fuzzed server: keeps the ids of the responses it was
/// sent and how it was closed.
final class FuzzLink: ClientLink {
  let clientID: UInt64
  let transportKind: TransportKind
  /// The request ids of the responses, in the order they came.
  private(set) var responseIDs: [UInt64] = []
  /// The responses that were errors, by position in `responseIDs`.
  private(set) var errorCodes: [Int: WireErrorCode] = [:]
  /// Set by the first `close`.
  private(set) var closed: Goodbye.Reason?

  init(id: UInt64, kind: TransportKind) {
    clientID = id
    transportKind = kind
  }

  func sendControl(_ message: ServerMessage) {
    // A closing connection writes nothing more but its goodbye.
    guard closed == nil else { return }
    if case .response(let response)? = message.kind {
      if case .error(let error)? = response.result {
        errorCodes[responseIDs.count] = error.code
      }
      responseIDs.append(response.requestID)
    }
  }

  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy) {}
  var unwrittenBytes: Int { 0 }

  func close(reason: Goodbye.Reason, message: String, details: [String: String]) {
    guard closed == nil else { return }
    closed = reason
  }
}
