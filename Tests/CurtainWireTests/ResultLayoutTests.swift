import CurtainWire
import XCTest

/// A response's result travels by value through the daemon (the handler's
/// result, the outbox, the encoder) for every request, a `Sync` too, so its
/// size is paid on every answer: that of the largest message it may hold
/// inline. SwiftProtobuf's generator gives a message heap storage when its
/// fields weigh enough, so a field added to one message can move another in
/// or out of line: `restore_damage` gave `StorageStatus` heap storage, which
/// brought `Status` inline, and every result grew to 176 bytes (710 more
/// instructions per `Sync`, docs/benchmarks.md), until `config_file`
/// brought `Status` back out of line. This fails when a change of the
/// protocol does that again.
final class ResultLayoutTests: XCTestCase {
  func testAResponsesResultStaysSmall() {
    let size = MemoryLayout<Curtain_V1_Response.OneOf_Result>.size
    // 105 bytes since `config_file` gave `Status` its heap storage back.
    XCTAssertLessThanOrEqual(
      size, 112,
      "a message a response may carry is now inline and larger than any before: "
        + "see which message lost its heap storage in protocol.pb.swift")
  }
}
