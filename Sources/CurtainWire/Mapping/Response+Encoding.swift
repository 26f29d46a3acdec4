// A response's wire bytes with its envelope written directly: the framed
// `ServerMessage { response { request_id, trace_id, result } }` that
// SwiftProtobuf would write, byte for byte (ResponseEncodingTests), where
// only the result goes through SwiftProtobuf (and an empty result, the
// answer of Sync and of most settings, through nothing). Fields are written
// in field-number order and the result's numbers (3 and up) come after the
// request id (1) and the trace id (2), so the envelope and the result's
// bytes simply follow each other.

import SwiftProtobuf

extension WireCodec {
  /// The bytes of `Response { result }` alone (no request id or trace
  /// id): the result's field.
  private static func resultBytes(_ result: WireResponse.OneOf_Result?) throws -> [UInt8] {
    switch result {
    case nil: return []
    case .empty?: return emptyResult
    case let result?:
      var response = WireResponse()
      response.result = result
      return try response.serializedBytes()
    }
  }

  /// `Response.empty` (field 11, no content).
  private static let emptyResult: [UInt8] = [0x5A, 0x00]

  /// The framed `ServerMessage { response }` bytes of a response to
  /// `requestID` with `traceID` and `result`.
  public static func framedResponse(
    requestID: UInt64, traceID: String, result: WireResponse.OneOf_Result?
  ) throws -> [UInt8] {
    let tail = try resultBytes(result)
    let response =
      ProtoSize.uint64(1, requestID) + ProtoSize.string(2, utf8Count: traceID.utf8.count)
      + tail.count
    // ServerMessage { response = 1 }, after its length prefix.
    return framed(payloadLength: ProtoSize.message(1, length: response)) { writer in
      writer.message(1, length: response)
      writer.uint64(1, requestID)
      writer.string(2, traceID)
      tail.withUnsafeBufferPointer { writer.raw($0) }
    }
  }
}
