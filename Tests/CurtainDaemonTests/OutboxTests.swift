// The outbox alone (Outbox.swift): responses leave in request order, events
// pass responses not answered yet, everything waits for its journal record,
// a lost record answers its request UNAVAILABLE, reading pauses past
// --max-unanswered and resumes at half of it, and what a message costs
// (`Outbox.visits`) does not grow with what waits (issue 33).

import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// A link that notes what it gets and when reading pauses and resumes.
private final class NotingLink: ClientLink {
  let clientID: UInt64
  var transportKind: TransportKind { .unix }
  /// What was handed out: `r<id>` for a response (`r<id>!CODE` for an
  /// error), `e<text>` for an event.
  private(set) var sent: [String] = []
  private(set) var pauses = 0
  private(set) var resumes = 0

  init(id: UInt64) {
    clientID = id
  }

  func sendControl(_ message: ServerMessage) {
    switch message.kind {
    case .response(let response)?:
      if case .error(let error)? = response.result {
        sent.append("r\(response.requestID)!\(error.code)")
      } else {
        sent.append("r\(response.requestID)")
      }
    case .event(let event)?: sent.append("e\(event.text)")
    default: sent.append("?")
    }
  }

  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy) {}
  var unwrittenBytes: Int { 0 }
  func close(reason: Goodbye.Reason, message: String, details: [String: String]) {}
  func pauseReading() { pauses += 1 }
  func resumeReading() { resumes += 1 }

  func take() -> [String] {
    defer { sent = [] }
    return sent
  }
}

final class OutboxTests: XCTestCase {
  private func event(_ text: String) -> ServerMessage {
    var message = ServerMessage()
    message.event.text = text
    return message
  }

  private let ok = ResponseOutcome.success(.empty(Curtain_V1_Empty()))

  /// An outbox with one client, 1.
  private func opened(maxUnanswered: Int = 100) -> (Outbox, NotingLink) {
    let outbox = Outbox(maxUnanswered: maxUnanswered)
    let link = NotingLink(id: 1)
    outbox.open(link)
    return (outbox, link)
  }

  func testResponsesLeaveInRequestOrderAndEventsPassUnansweredOnes() {
    let (outbox, link) = opened()
    outbox.reserve(for: 1, requestID: 1, traceID: "")
    outbox.respond(to: 1, requestID: 2, traceID: "", ok)
    outbox.send(event: event("a"), to: 1)
    XCTAssertEqual(link.take(), ["ea"], "the event passes the response not answered yet")
    outbox.fill(1, requestID: 1, traceID: "", ok)
    XCTAssertEqual(link.take(), ["r1", "r2"])
    outbox.respond(to: 1, requestID: 3, traceID: "", ok)
    XCTAssertEqual(link.take(), ["r3"], "nothing waits: it leaves at once")
  }

  func testMessagesWaitForTheirRecordsAndLeaveInTheirOrder() {
    let (outbox, link) = opened()
    outbox.noteRecorded(1)
    outbox.respond(to: 1, requestID: 1, traceID: "", commit: 1, recorded: true, ok)
    outbox.send(event: event("a"), to: 1)
    outbox.respond(to: 1, requestID: 2, traceID: "", ok)
    outbox.noteRecorded(2)
    outbox.respond(to: 1, requestID: 3, traceID: "", commit: 2, recorded: true, ok)
    outbox.send(event: event("b"), to: 1)
    XCTAssertEqual(link.take(), [], "everything shows record 1 or 2")
    XCTAssertTrue(outbox.progressed(committed: 1, failure: nil).isEmpty)
    XCTAssertEqual(link.take(), ["r1", "ea", "r2"])
    XCTAssertTrue(outbox.progressed(committed: 2, failure: nil).isEmpty)
    XCTAssertEqual(link.take(), ["r3", "eb"])
  }

  func testAFailedJournalAnswersTheRequestsWhoseRecordsAreLost() {
    let (outbox, link) = opened()
    outbox.noteRecorded(1)
    outbox.respond(to: 1, requestID: 1, traceID: "", commit: 1, recorded: true, ok)
    outbox.noteRecorded(2)
    outbox.reserve(for: 1, requestID: 2, traceID: "t", commit: 2, recorded: true)
    outbox.respond(to: 1, requestID: 3, traceID: "", ok)
    let answered = outbox.progressed(committed: 1, failure: "disk full")
    XCTAssertEqual(answered.map(\.requestID), [2], "its waiter must go")
    XCTAssertEqual(answered.map(\.code), [.unavailable])
    XCTAssertEqual(link.take(), ["r1", "r2!unavailable", "r3"])
    XCTAssertEqual(outbox.barrier, 0, "after a failure nothing waits for a record")
  }

  func testReadingPausesAtTheLimitAndResumesOnceHalfAreAnswered() {
    let (outbox, link) = opened(maxUnanswered: 8)
    outbox.noteRecorded(1)
    for id in 1...7 {
      outbox.respond(to: 1, requestID: UInt64(id), traceID: "", commit: 1, recorded: true, ok)
    }
    XCTAssertEqual(link.pauses, 0)
    outbox.respond(to: 1, requestID: 8, traceID: "", commit: 1, recorded: true, ok)
    XCTAssertEqual(link.pauses, 1, "eight answers wait: the client is not read from")
    XCTAssertEqual(outbox.waitingResponses(of: 1), 8)
    _ = outbox.progressed(committed: 1, failure: nil)
    XCTAssertEqual(link.resumes, 1)
    XCTAssertEqual(link.take().count, 8)

    // Deferred requests count too; reading resumes at half.
    for id in 11...18 { outbox.reserve(for: 1, requestID: UInt64(id), traceID: "") }
    XCTAssertEqual(link.pauses, 2)
    for id in 11...13 { outbox.fill(1, requestID: UInt64(id), traceID: "", ok) }
    XCTAssertEqual(link.resumes, 1, "five still wait")
    outbox.fill(1, requestID: 14, traceID: "", ok)
    XCTAssertEqual(link.resumes, 2, "four wait: half the limit")
  }

  func testAReusedRequestIDIsAnsweredInTurn() {
    let (outbox, link) = opened()
    outbox.reserve(for: 1, requestID: 5, traceID: "")
    outbox.respond(to: 1, requestID: 5, traceID: "", ok)
    XCTAssertEqual(link.take(), ["r5"], "the oldest slot of the id takes the answer")
    outbox.fill(1, requestID: 5, traceID: "", ok)
    XCTAssertEqual(link.take(), ["r5"])
    XCTAssertEqual(outbox.waitingResponses(of: 1), 0)
  }

  /// The cost of answering: tens of thousands of answers waiting for their
  /// record (a deep durable pipeline), or behind one not answered yet (a
  /// WaitIdle, then refusals past --max-waiters), cost each new message
  /// what the first one cost.
  func testAMessageCostsTheSameHoweverManyWait() {
    for behindAWaiter in [false, true] {
      let (outbox, link) = opened(maxUnanswered: 1_000_000)
      if behindAWaiter {
        outbox.reserve(for: 1, requestID: 0, traceID: "")
      } else {
        outbox.noteRecorded(1)
      }
      var costs: [Int] = []
      for batch in 0..<30 {
        let before = outbox.visits
        for id in 0..<1_000 {
          let requestID = UInt64(1 + batch * 1_000 + id)
          if behindAWaiter {
            outbox.respond(
              to: 1, requestID: requestID, traceID: "",
              .failure(CurtainError(.limitExceeded, "too many")))
          } else {
            outbox.noteRecorded(requestID)
            outbox.respond(
              to: 1, requestID: requestID, traceID: "", commit: requestID, recorded: true, ok)
          }
          outbox.send(event: event("x"), to: 1)
        }
        costs.append(outbox.visits - before)
      }
      XCTAssertEqual(outbox.waitingResponses(of: 1), behindAWaiter ? 30_001 : 30_000)
      XCTAssertEqual(costs.first, costs.last, "the 30,000th costs what the first did")
      XCTAssertLessThanOrEqual(costs.max() ?? 0, 5_000, "a few visits per message")
      // Handing them all out costs one visit each, and keeps their order.
      let before = outbox.visits
      if behindAWaiter {
        outbox.fill(1, requestID: 0, traceID: "", ok)
      } else {
        _ = outbox.progressed(committed: 30_001, failure: nil)
      }
      XCTAssertLessThanOrEqual(outbox.visits - before, 61_000)
      let sent = link.take()
      let responses = sent.filter { $0.hasPrefix("r") }.map {
        $0.dropFirst().split(separator: "!")[0]
      }
      let expected = (behindAWaiter ? 0 : 1)...30_000
      XCTAssertEqual(responses.compactMap { UInt64($0) }, expected.map { UInt64($0) })
      XCTAssertEqual(outbox.waitingResponses(of: 1), 0)
    }
  }
}
