// Responses whose envelope is written directly (Response+Encoding.swift)
// are the bytes SwiftProtobuf writes for the same response: an empty
// result, an error with details, payloads small and large (lengths past
// one and two varint bytes), trace ids empty, short and long, request ids
// 0 and the largest.

import XCTest

@testable import CurtainWire

final class ResponseEncodingTests: XCTestCase {
  private func reference(
    _ requestID: UInt64, _ traceID: String, _ result: WireResponse.OneOf_Result?
  )
    throws -> [UInt8]
  {
    var response = WireResponse()
    response.requestID = requestID
    response.traceID = traceID
    response.result = result
    var message = ServerMessage()
    message.response = response
    return try WireCodec.framed(message)
  }

  func testResponsesEncodeAsSwiftProtobufEncodesThem() throws {
    var error = WireError()
    error.code = .moved
    error.message = "Session 's' is on node b"
    error.details = ["session": "s", "node": "b", "epoch": "1"]
    var window = Curtain_V1_WindowInfo()
    window.id = 3
    window.revision = 300
    var sessions = Curtain_V1_SessionList()
    for index in 0..<2_000 {
      var entry = Curtain_V1_SessionList.Entry()
      entry.name = "session-\(index)"
      sessions.sessions.append(entry)
    }
    // Lists of windows (written a window at a time): none, one, and
    // enough, each with nested messages, for lengths past two varint bytes.
    func windows(_ count: Int) -> WireResponse.OneOf_Result {
      var list = Curtain_V1_WindowList()
      for index in 0..<count {
        var info = Curtain_V1_WindowInfo()
        info.id = UInt64(index + 1)
        info.metrics.size.width = 390
        info.metrics.size.height = Double(index)
        info.metrics.scale = 3
        info.time = Double(index) / 7
        info.traits.displayScale = 3
        info.lastSeq = UInt64(index * 1_000)
        if index % 3 == 0 {
          info.lease.holderClientID = 4
          info.lease.holderName = "holder \(index)"
        }
        list.windows.append(info)
      }
      return .windows(list)
    }
    let results: [WireResponse.OneOf_Result?] = [
      nil, .empty(Curtain_V1_Empty()), .error(error), .window(window), .sessions(sessions),
      windows(0), windows(1), windows(2_000),
    ]
    for result in results {
      for requestID: UInt64 in [0, 1, 300, .max] {
        for traceID in ["", "t", String(repeating: "trace", count: 40)] {
          XCTAssertEqual(
            try WireCodec.framedResponse(requestID: requestID, traceID: traceID, result: result),
            try reference(requestID, traceID, result),
            "\(requestID) \(traceID) \(String(describing: result).prefix(40))")
        }
      }
    }
  }
}
