// The write backlog's rules, without libuv: order, whole messages, the
// `.latest` replacement and its skipped count, the `.disconnect` limit, the
// control-bytes limit, and frames that can no longer be replaced once handed
// out.

import CurtainWire
import XCTest

@testable import CurtainDaemon

final class WriteBacklogTests: XCTestCase {
  /// A framed control message whose payload is `tag` repeated `size` times.
  private func control(_ tag: UInt8, size: Int = 3) -> [UInt8] {
    WireCodec.framed(payload: Array(repeating: tag, count: size))
  }

  private func sharedFrame(seq: UInt64, skipped: UInt64 = 0) -> SharedFrame {
    var frame = WireFrame()
    frame.windowID = 1
    frame.frameSeq = seq
    frame.framesSkipped = skipped
    return SharedFrame(frame)
  }

  /// What a batch says: `c<tag>` for a control message, `f<seq>+<skipped>`
  /// for a frame.
  private func describe(_ batch: [[UInt8]]?) throws -> [String] {
    guard let batch else { return [] }
    var names: [String] = []
    for bytes in batch {
      var decoder = FrameDecoder()
      decoder.append(bytes)
      let payload = try XCTUnwrap(try decoder.next())
      XCTAssertEqual(decoder.bufferedByteCount, 0, "one whole message per buffer")
      if let tag = payload.first, payload.allSatisfy({ $0 == tag }), tag >= 0x61 {
        names.append("c\(Character(UnicodeScalar(tag)))")
      } else {
        let message = try WireCodec.decode(ServerMessage.self, from: payload)
        names.append("f\(message.frame.frameSeq)+\(message.frame.framesSkipped)")
      }
    }
    return names
  }

  func testMessagesKeepTheirOrderAndGoOutWhole() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    XCTAssertEqual(backlog.enqueueControl(control(0x61)), .queued)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 7, policy: .pause(credits: 4)),
      .queued)
    XCTAssertEqual(backlog.enqueueControl(control(0x62)), .queued)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 2), subscription: 7, policy: .pause(credits: 4)),
      .queued)
    XCTAssertEqual(backlog.enqueueControl(control(0x63)), .queued)

    XCTAssertEqual(try describe(backlog.takeBatch()), ["ca", "f1+0", "cb", "f2+0", "cc"])
    XCTAssertTrue(backlog.isWriting)
    XCTAssertNil(backlog.takeBatch(), "one batch in flight at a time")
    backlog.completeBatch()
    XCTAssertTrue(backlog.isEmpty)
    XCTAssertEqual(backlog.controlBytes, 0)
  }

  func testBatchesAreWholeMessagesUpToTheSize() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    for tag in UInt8(0x61)...0x64 {
      XCTAssertEqual(backlog.enqueueControl(control(tag, size: 100)), .queued)
    }
    XCTAssertEqual(try describe(backlog.takeBatch(maxBytes: 150)), ["ca", "cb"])
    backlog.completeBatch()
    XCTAssertEqual(try describe(backlog.takeBatch(maxBytes: 10)), ["cc"])
    backlog.completeBatch()
    XCTAssertEqual(try describe(backlog.takeBatch(maxBytes: 10)), ["cd"])
    backlog.completeBatch()
    XCTAssertNil(backlog.takeBatch())
  }

  func testLatestReplacesTheUnsentFrameAndCountsSkipped() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 3, policy: .latest), .queued)
    XCTAssertEqual(backlog.enqueueControl(control(0x61)), .queued)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 2), subscription: 3, policy: .latest), .replaced)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 3), subscription: 3, policy: .latest), .replaced)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 9), subscription: 4, policy: .latest), .queued)
    XCTAssertEqual(backlog.queuedCount, 3)
    XCTAssertEqual(backlog.waitingFrameCount(subscription: 3), 1)

    // The newest frame follows everything queued before it and reports the
    // two it replaced; the other subscription is untouched.
    XCTAssertEqual(try describe(backlog.takeBatch()), ["ca", "f3+2", "f9+0"])
    backlog.completeBatch()
    XCTAssertEqual(backlog.waitingFrameCount(subscription: 3), 0)

    // The count starts again after a frame went out.
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 4), subscription: 3, policy: .latest), .queued)
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f4+0"])
  }

  /// Frames that already count skipped ones (a max_fps subscriber's) add
  /// them to what the queue replaced: nothing left out goes uncounted.
  func testLatestAddsTheCountsTheFramesCarry() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 12, skipped: 10), subscription: 3, policy: .latest),
      .queued)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 24, skipped: 11), subscription: 3, policy: .latest),
      .replaced)
    // 10 before frame 12, frame 12 itself, 11 between 12 and 24.
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f24+22"])
    backlog.completeBatch()
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 36, skipped: 11), subscription: 3, policy: .latest),
      .queued)
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f36+11"])
  }

  func testSubscriptionsKeepTheirCountsThroughBatchesDiscardsAndCompaction() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    func queue(_ seq: UInt64, _ subscription: UInt64, _ policy: FramePolicy = .latest)
      -> WriteBacklog.Decision
    {
      backlog.enqueueFrame(sharedFrame(seq: seq), subscription: subscription, policy: policy)
    }
    func waiting() -> [Int] { (1...3).map { backlog.waitingFrameCount(subscription: $0) } }
    XCTAssertEqual(queue(1, 1), .queued)
    XCTAssertEqual(queue(2, 2), .queued)
    XCTAssertEqual(queue(3, 3, .pause(credits: 8)), .queued)
    XCTAssertEqual(queue(4, 1), .replaced)
    XCTAssertEqual(waiting(), [1, 1, 1])
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f2+0", "f3+0", "f4+1"])
    XCTAssertEqual(queue(5, 1), .queued, "f4 is in flight: not replaced")
    XCTAssertEqual(queue(6, 1), .replaced)
    XCTAssertEqual(waiting(), [2, 1, 1])
    backlog.completeBatch()
    XCTAssertEqual(waiting(), [1, 0, 0])
    backlog.discardQueued()
    XCTAssertEqual(waiting(), [0, 0, 0])
    XCTAssertEqual(queue(7, 1), .queued, "nothing of it is queued any more")
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f7+0"])
    backlog.completeBatch()
    XCTAssertEqual(waiting(), [0, 0, 0])

    // Hundreds of replaced frames of two subscriptions, interleaved,
    // compacted on the way: each keeps its newest, in queue order.
    _ = backlog.enqueueControl(control(0x61))
    _ = backlog.takeBatch()  // in flight: nothing else is handed out
    for seq in UInt64(10)..<UInt64(510) { _ = queue(seq, seq % 2 == 0 ? 1 : 2) }
    XCTAssertEqual(waiting(), [1, 1, 0])
    backlog.completeBatch()
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f508+249", "f509+249"])
    backlog.completeBatch()
    XCTAssertEqual(waiting(), [0, 0, 0])
    XCTAssertTrue(backlog.isEmpty)
  }

  func testFramesHandedOutCannotBeReplaced() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 3, policy: .latest), .queued)
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f1+0"])
    // Frame 1 is in flight: frame 2 queues behind it instead of replacing it.
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 2), subscription: 3, policy: .latest), .queued)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 3), subscription: 3, policy: .latest), .replaced)
    XCTAssertEqual(backlog.waitingFrameCount(subscription: 3), 2)
    backlog.completeBatch()
    XCTAssertEqual(try describe(backlog.takeBatch()), ["f3+1"])
  }

  func testLatestStaysSmallWhenTheClientNeverReads() {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    _ = backlog.enqueueControl(control(0x61))
    _ = backlog.takeBatch()  // stuck in flight: the client reads nothing
    for seq in 1...10_000 {
      _ = backlog.enqueueFrame(sharedFrame(seq: UInt64(seq)), subscription: 1, policy: .latest)
    }
    XCTAssertEqual(backlog.queuedCount, 1)
    XCTAssertEqual(backlog.waitingFrameCount(subscription: 1), 1)
  }

  func testDisconnectPolicyTriggersAtTheLimit() {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    let policy = FramePolicy.disconnect(limit: 2)
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 5, policy: policy), .queued)
    _ = backlog.takeBatch()  // frame 1 in flight: still waiting for the client
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 2), subscription: 5, policy: policy), .queued)
    guard
      case .disconnect(let reason, let message) = backlog.enqueueFrame(
        sharedFrame(seq: 3), subscription: 5, policy: policy)
    else {
      return XCTFail("the third waiting frame must disconnect")
    }
    XCTAssertEqual(reason, .framePolicy)
    XCTAssertTrue(message.contains("Subscription 5"), message)
    // Another subscription has its own count.
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 6, policy: policy), .queued)

    // Once the client catches up, frames are welcome again.
    backlog.completeBatch()
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 3), subscription: 5, policy: policy), .queued)
  }

  func testControlBytesOverTheLimitDecideSlowConsumer() {
    let message = control(0x61, size: 99)  // 100 bytes framed
    var backlog = WriteBacklog(maxControlBytes: 250)
    XCTAssertEqual(backlog.enqueueControl(message), .queued)
    _ = backlog.takeBatch()  // in flight still counts
    XCTAssertEqual(backlog.enqueueControl(message), .queued)
    XCTAssertEqual(backlog.controlBytes, 200)
    guard case .disconnect(let reason, let text) = backlog.enqueueControl(message) else {
      return XCTFail("300 bytes waiting exceed the 250-byte limit")
    }
    XCTAssertEqual(reason, .slowConsumer)
    XCTAssertTrue(text.contains("250"), text)
    XCTAssertEqual(backlog.controlBytes, 200, "the refused message is not queued")

    // Frames do not count against the control limit.
    XCTAssertEqual(
      backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 1, policy: .latest), .queued)
    // The goodbye goes out whatever the limit.
    backlog.enqueueFinal(control(0x7A))
    XCTAssertEqual(backlog.queuedCount, 3)

    backlog.completeBatch()
    XCTAssertEqual(backlog.controlBytes, 100 + 4)
    XCTAssertEqual(backlog.enqueueControl(message), .queued)
  }

  func testDiscardKeepsTheBatchInFlight() throws {
    var backlog = WriteBacklog(maxControlBytes: 1 << 20)
    _ = backlog.enqueueControl(control(0x61))
    _ = backlog.takeBatch()
    _ = backlog.enqueueControl(control(0x62))
    _ = backlog.enqueueFrame(sharedFrame(seq: 1), subscription: 1, policy: .latest)
    backlog.discardQueued()
    backlog.enqueueFinal(control(0x7A))
    XCTAssertEqual(backlog.controlBytes, 8, "4 in flight, 4 for the goodbye")
    backlog.completeBatch()
    XCTAssertEqual(try describe(backlog.takeBatch()), ["cz"])
    backlog.completeBatch()
    XCTAssertTrue(backlog.isEmpty)
    XCTAssertEqual(backlog.controlBytes, 0)
    XCTAssertEqual(backlog.waitingFrameCount(subscription: 1), 0)
  }
}
