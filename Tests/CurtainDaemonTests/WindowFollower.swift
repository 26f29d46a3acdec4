// A `CurtainConnection` that follows one window's events from the first,
// keeping what it delivered and what it did by itself (MOVED followed,
// dialled again, resumed): the subject of the connection contract's tests
// (ConnectionContractTests, ClusterTests).

import CurtainTesting
import CurtainWire
import XCTest

/// A connection subscribed to a window's events from seq 1.
final class WindowFollower {
  let connection: CurtainConnection
  /// The subscription id `subscribe` gave.
  let subscription: UInt64
  /// The events delivered, in order.
  private(set) var events: [WireEvent] = []
  /// What the connection did by itself, in order.
  private(set) var notices: [CurtainConnection.Notice] = []

  init(
    _ endpoint: CurtainClient.Endpoint, window: UInt64, session: String = "",
    options: CurtainConnection.Options
  ) throws {
    connection = try CurtainConnection(endpoint: endpoint, options: options)
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window
    subscribe.events = true
    subscribe.fromSeq = 0
    subscription = try connection.subscribe(subscribe, session: session).subscriptionID
    connection.onNotice = { [weak self] in self?.notices.append($0) }
  }

  /// Reads until the event with seq `last` was delivered (a test failure
  /// after `seconds`).
  func read(through last: UInt64, seconds: Double = 30) throws {
    let deadline = MonotonicClock.now() + seconds
    while events.last?.seq != last {
      guard MonotonicClock.now() < deadline else {
        return XCTFail("no event \(last) in time; got \(events.map(\.seq))")
      }
      let message = try connection.nextMessage(timeout: max(0, deadline - MonotonicClock.now()))
      if case .event(let event)? = message?.kind { events.append(event) }
    }
  }

  /// Whether every event from 1 to `last` came once, in order, under the
  /// subscription id it was given.
  func checkGapFree(through last: UInt64, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      events.map(\.seq), Array(stride(from: 1, through: last, by: 1)), file: file, line: line)
    XCTAssertEqual(Set(events.map(\.subscriptionID)), [subscription], file: file, line: line)
  }
}

extension TestClient {
  /// The last event seq of `window`.
  func lastSeq(of window: UInt64, session: String = "") throws -> UInt64 {
    let listed = try call(session: session) { $0.listWindows = Curtain_V1_ListWindows() }
    return listed.windows.windows.first { $0.id == window }?.lastSeq ?? 0
  }
}
