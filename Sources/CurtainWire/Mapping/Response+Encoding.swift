// A response's wire bytes with its envelope written directly: the framed
// `ServerMessage { response { request_id, trace_id, result } }` that
// SwiftProtobuf would write, byte for byte (ResponseEncodingTests), where
// only the result goes through SwiftProtobuf (and an empty result, the
// answer of Sync and of most settings, through nothing). Fields are written
// in field-number order and the result's numbers (3 and up) come after the
// request id (1) and the trace id (2), so the envelope and the result's
// bytes simply follow each other. A list of windows goes through
// SwiftProtobuf a window at a time, its two envelopes (the result and the
// list) written here: SwiftProtobuf sizes a message again at each level it
// is nested in, and a window's summary, a list's item, sat three levels
// deeper than it does alone (issue 34 §1: `list-windows` per window).

import SwiftProtobuf

extension WireCodec {
  /// The bytes of `Response { result }` alone (no request id or trace
  /// id): the result's field.
  private static func resultBytes(_ result: WireResponse.OneOf_Result?) throws -> [UInt8] {
    switch result {
    case nil: return []
    case .empty?: return emptyResult
    case .windows(let list)? where list.unknownFields.data.isEmpty:
      // Response.windows (21) { WindowList.windows (1) each }.
      return try listBytes(field: 21, items: list.windows.map { try $0.serializedBytes() })
    case let result?:
      var response = WireResponse()
      response.result = result
      return try response.serializedBytes()
    }
  }

  /// The bytes of a result `field` holding a list message whose only
  /// field, number 1, repeats the messages encoded as `items`.
  private static func listBytes(field: UInt32, items: [[UInt8]]) -> [UInt8] {
    let list = items.reduce(0) { $0 + ProtoSize.message(1, length: $1.count) }
    let total = ProtoSize.message(field, length: list)
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      guard let start = buffer.baseAddress else { return }
      var writer = ProtoBufferWriter(start)
      writer.message(field, length: list)
      for item in items {
        writer.message(1, length: item.count)
        item.withUnsafeBufferPointer { writer.raw($0) }
      }
      count = writer.cursor - start
      precondition(count == total, "wrote \(count) bytes, sized \(total)")
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
