// The server's parts alone (Clocks.swift, Publisher.swift, ClientTable.swift,
// Meters.swift), without a server: each owns its state, and these tests
// drive it through its own interface. ScheduleTests and FanOutTests test them again through
// the server.

import CurtainWire
import XCTest

@testable import CurtainCore
@testable import CurtainDaemon

final class ClocksTests: XCTestCase {
  func testServerTimeIsLoopTimeOnTheGridPlusTheBaseAndCanBePinned() {
    var loop = 10.0
    let clocks = Clocks(loopClock: { loop })
    XCTAssertEqual(clocks.now(), 10)
    loop = 10.000_000_01
    XCTAssertEqual(clocks.now(), 10, "within half a grid step (2⁻²⁴ s)")
    clocks.setBase(5)
    XCTAssertEqual(clocks.now(), 15)
    XCTAssertEqual(clocks.loopTime(of: 15), 10)
    let inside = clocks.pinning(at: 20) { () -> Double in
      loop = 11
      return clocks.now()
    }
    XCTAssertEqual(inside, 20, "pinned while applied")
    XCTAssertEqual(clocks.now(), 16)
  }

  func testAnAdvanceMovesWhatItsScopeNamesAndWhatIsDue() throws {
    let clocks = Clocks(loopClock: { 0 })
    let session = Session(name: "s")
    var keys: [WindowKey] = []
    for _ in 0..<3 {
      let window = try session.makeWindow(metrics: WindowMetrics(), clockMode: .realtime)
      let key = WindowKey(session: "s", window: window.id)
      clocks.add(key, WindowClock(frameRate: 60, clockMode: .realtime, origin: 0))
      keys.append(key)
    }
    let manual = try session.makeWindow(metrics: WindowMetrics(), clockMode: .manual)
    clocks.add(
      WindowKey(session: "s", window: manual.id),
      WindowClock(frameRate: 60, clockMode: .manual, origin: 0))
    XCTAssertEqual(clocks.realtimeWindows(of: "s").count, 3, "manual windows are not realtime")
    var moved: [WindowID] = []
    func advance(_ scope: Clocks.Scope) {
      moved = []
      clocks.advance(scope, sessions: ["s": session], now: 1, changing: true) { key, _, clock, _ in
        XCTAssertEqual(clock.frameRate, 60)
        moved.append(key.window)
        return false
      }
    }
    advance(.due)
    XCTAssertEqual(moved, [], "nothing is due")
    advance(.window("s", keys[1].window))
    XCTAssertEqual(moved, [keys[1].window])
    advance(.sessions(["s"]))
    XCTAssertEqual(moved, keys.map(\.window), "every realtime window of the session, in order")
    advance(.sessions(["other"]))
    XCTAssertEqual(moved, [])
    clocks.remove(keys[0])
    advance(.all)
    XCTAssertEqual(moved, [keys[1].window, keys[2].window], "a removed window is gone")
    XCTAssertEqual(clocks.windowsAdvanced, 1 + 3 + 2)
  }

  func testTheScheduleTicksTheWindowsThePublisherSaysTick() throws {
    let clocks = Clocks(loopClock: { 0 })
    let session = Session(name: "s")
    let window = try session.makeWindow(metrics: WindowMetrics(), clockMode: .realtime)
    let key = WindowKey(session: "s", window: window.id)
    clocks.add(key, WindowClock(frameRate: 60, clockMode: .realtime, origin: 0))
    clocks.refresh(window: { _ in window }, ticks: { _, _, _ in false })
    XCTAssertNil(clocks.nextTick)
    clocks.lookAgain(session: "s", window: window.id)
    clocks.refresh(window: { _ in window }, ticks: { _, _, _ in true })
    XCTAssertEqual(clocks.nextTick ?? 0, 1.0 / 60, accuracy: 1e-12, "the next slot of 60 Hz")
    clocks.remove(key)
    XCTAssertNil(clocks.nextTick)
  }
}

final class DelegateDeadlineTests: XCTestCase {
  func testDueQuestionsComeOutOnceInOrder() {
    let clocks = Clocks(loopClock: { 0 })
    XCTAssertNil(clocks.nextDelegateDeadline)
    clocks.setDeadline(of: DelegateDeadline(session: "b", call: 1), at: 2)
    clocks.setDeadline(of: DelegateDeadline(session: "a", call: 7), at: 1)
    clocks.setDeadline(of: DelegateDeadline(session: "a", call: 3), at: 2)
    XCTAssertEqual(clocks.nextDelegateDeadline, 1)
    XCTAssertEqual(clocks.takeDueDelegateCalls(at: 0.5), [])
    XCTAssertEqual(
      clocks.takeDueDelegateCalls(at: 2).map { "\($0.session)\($0.call)" }, ["a3", "a7", "b1"])
    XCTAssertEqual(clocks.takeDueDelegateCalls(at: 3), [], "each comes out once")
    XCTAssertNil(clocks.nextDelegateDeadline)
  }
}

final class PublisherTests: XCTestCase {
  func testAKilledSessionIsHandedBackOnceAfterTheNextDelivery() {
    let publisher = Publisher(counters: CounterCache(registry: MetricsRegistry()))
    XCTAssertFalse(publisher.hasPending)
    publisher.sessionKilled("s")
    XCTAssertTrue(publisher.hasPending, "a delivery must run to drop it")
    XCTAssertEqual(publisher.takeKilledSessions(), ["s"])
    XCTAssertEqual(publisher.takeKilledSessions(), [])
    XCTAssertFalse(publisher.hasPending)
  }

  private func subscription(
    _ id: UInt64, client: UInt64, window: WindowID?, frames: Bool = false,
    policy: FramePolicy = .latest
  ) -> Subscription {
    Subscription(
      id: id, clientID: client, session: "s", window: window,
      categories: Set(EventCategory.allCases), events: true, frames: frames, policy: policy,
      maxFPS: nil, cursors: [:], detachedCursor: 0)
  }

  func testSubscriptionsAreCountedPerClientAndEndWithTheirClient() {
    let publisher = Publisher(counters: CounterCache(registry: MetricsRegistry()))
    let one = MemoryLink(id: 1)
    let two = MemoryLink(id: 2)
    let first = publisher.subscribe({ self.subscription($0, client: 1, window: nil) }, link: one)
    _ = publisher.subscribe({ self.subscription($0, client: 1, window: WindowID(3)) }, link: one)
    _ = publisher.subscribe({ self.subscription($0, client: 2, window: nil) }, link: two)
    XCTAssertEqual(first.id, 1)
    XCTAssertEqual(publisher.count(of: 1), 2)
    XCTAssertEqual(publisher.mostPerClient, 2)
    XCTAssertNil(publisher.unsubscribe(3, of: 1), "not its subscription")
    XCTAssertEqual(publisher.removeAll(of: 1).map(\.id), [1, 2])
    XCTAssertEqual(publisher.count(of: 1), 0)
    XCTAssertEqual(publisher.subscribers(of: "s"), [2])
  }

  func testAFrameGoesOnceToEveryActiveFollowerAndARepeatNotAtAll() throws {
    let publisher = Publisher(counters: CounterCache(registry: MetricsRegistry()))
    let session = Session(name: "s")
    let window = try session.makeWindow(metrics: WindowMetrics(), clockMode: .manual)
    let key = WindowKey(session: "s", window: window.id)
    publisher.addWindow(key, lastFrameClock: 0)
    let link = MemoryLink(id: 1)
    for _ in 0..<2 {
      let made = publisher.subscribe(
        { self.subscription($0, client: 1, window: window.id, frames: true) }, link: link)
      publisher.activate(made.id)
    }
    _ = publisher.subscribe(
      { self.subscription($0, client: 1, window: window.id, frames: true) }, link: link)
    XCTAssertTrue(publisher.hasFrameFollowers(key))
    let clock = WindowClock(frameRate: 60, clockMode: .manual, origin: 0)
    let frame = Frame(windowID: window.id, time: 0, views: [], transitions: [])
    XCTAssertTrue(publisher.offer(frame, for: key, clock: clock, window: window, now: 1))
    XCTAssertEqual(link.takeFrames().count, 2, "the two active subscriptions")
    XCTAssertEqual(publisher.framesEncoded, 1, "encoded once for both")
    publisher.offer(frame, for: key, clock: clock, window: window, now: 2)
    XCTAssertEqual(link.takeFrames().count, 0, "a repeat is not sent")
    XCTAssertEqual(publisher[key]?.frameSeq, 1)
  }
}

final class ClientTableTests: XCTestCase {
  func testClientsComeAndGoByID() {
    let clients = ClientTable()
    let one = ClientState(link: MemoryLink(id: 1), connectedAt: 0)
    clients.add(one)
    clients.add(ClientState(link: MemoryLink(id: 2), connectedAt: 1))
    XCTAssertEqual(clients.count, 2)
    XCTAssertTrue(clients[1] === one)
    XCTAssertEqual(clients.values.map(\.id).sorted(), [1, 2])
    XCTAssertTrue(clients.remove(1) === one)
    XCTAssertNil(clients.remove(1), "gone already")
    XCTAssertNil(clients[1])
    XCTAssertEqual(clients.count, 1)
  }
}

final class MetersTests: XCTestCase {
  func testInteractionTimeoutsAreCountedOnceEach() {
    let meters = Meters()
    func counted() -> Double? {
      meters.registry.snapshot().first { $0.family.name == "curtain_interaction_timeouts_total" }?
        .samples.first?.value
    }
    meters.countInteractionTimeouts(total: 3)
    XCTAssertEqual(counted(), 3)
    meters.countInteractionTimeouts(total: 3)
    XCTAssertEqual(counted(), 3, "the same timeouts are not counted again")
    meters.countInteractionTimeouts(total: 5)
    XCTAssertEqual(counted(), 5)
  }
}
