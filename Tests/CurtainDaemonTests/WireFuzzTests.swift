// The wire-level semantic fuzz (docs/reliability.md): four clients send
// random, mostly valid operations on three shared windows of a real
// curtaind — pushes, pops, presents, dismissals, tab switches, interactive
// pops begun, scrubbed, finished and cancelled, resizes, clock steps,
// windows closed and made again — in an order drawn from a seed, one
// request at a time, so that a seed replays exactly. After each round every
// open interaction is ended, the windows are settled, and the invariants
// are checked from what the clients received:
//
// - gap-free seqs per subscription and window, each transition and
//   operation ending once (`WireInvariants.checkEvents`, I7);
// - willMove/didMove pairing and the appearance callbacks' state machine
//   on the whole session's stream (`WireInvariants.checkCallbacks`, I2, I3);
// - one parent per controller, appearance matching the trees, every window
//   idle (`WireInvariants.check`, I5, I1).
//
// CURTAIN_WIRE_FUZZ_ROUNDS=N runs N rounds (default 12; `make soak-wire`
// runs 400), CURTAIN_WIRE_FUZZ_SEED=S replays a seed (a failure names it;
// default a fixed seed, `random` draws one).

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class WireFuzzTests: XCTestCase {
  func testRandomOperationsFromFourClientsKeepTheInvariants() throws {
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["CURTAIN_WIRE_FUZZ_ROUNDS"].flatMap(Int.init) ?? 12
    // A fixed seed in `make test`, so that the test gives the same answer
    // on every run; CURTAIN_WIRE_FUZZ_SEED=random draws one (the soak).
    let seed: UInt64
    switch environment["CURTAIN_WIRE_FUZZ_SEED"] {
    case "random"?: seed = UInt64(UInt32.random(in: 0...UInt32.max))
    case let given?: seed = try XCTUnwrap(UInt64(given), "CURTAIN_WIRE_FUZZ_SEED=\(given)")
    case nil: seed = 20_261_124
    }
    let daemon = try TempDaemon()
    defer { XCTAssertEqual(daemon.stop().status, 0, daemon.stderr) }
    var fuzz = try WireFuzz(daemon: daemon, seed: seed)
    for round in 0..<rounds {
      let failures = try fuzz.round(steps: 40)
      for failure in failures.prefix(10) {
        XCTFail("seed \(seed) round \(round): \(failure)")
      }
      if !failures.isEmpty { break }
    }
    fuzz.close()
  }
}

/// The clients, the windows and the seeded choices of one fuzz.
struct WireFuzz {
  /// A shared window: its navigation controller (root) and tab bar
  /// (presented or pushed content lives in `contents`).
  struct SharedWindow {
    var id: UInt64
    var navigation: String
  }

  private var random: SplitMix
  private let clients: [TestClient]
  /// Follows the whole session from before anything exists.
  private let watcher: TestClient
  private var windows: [SharedWindow] = []
  private var contents: [String] = []
  /// Per client, its window subscriptions: window → (subscription, seq
  /// before the first event).
  private var subscriptions: [[UInt64: (id: UInt64, start: UInt64)]] = []
  /// Everything the watcher received.
  private var watched: [WireEvent] = []
  /// Per client and window, the events of its window subscription.
  private var received: [[UInt64: [WireEvent]]] = []
  private var madeWindows = 0

  init(daemon: TempDaemon, seed: UInt64) throws {
    random = SplitMix(seed: seed)
    watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = 0
      $0.subscribe.events = true
    }
    clients = try (0..<4).map { try TestClient(path: daemon.socketPath, name: "fuzz \($0)") }
    subscriptions = Array(repeating: [:], count: clients.count)
    received = Array(repeating: [:], count: clients.count)
    contents = (0..<10).map { "C\($0)" }
    for name in contents {
      try clients[0].call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
    for _ in 0..<3 { windows.append(try makeWindow()) }
  }

  /// A manual-clock window whose root is a new navigation controller over
  /// a new root, which every client follows.
  private mutating func makeWindow() throws -> SharedWindow {
    madeWindows += 1
    let maker = clients[0]
    let id = try maker.call { $0.createWindow.clock = .manual }.window.id
    let navigation = "Nav\(madeWindows)"
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, navigation), (.content, "Root\(madeWindows)"),
    ] {
      try maker.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try maker.call {
      $0.setStack.navigation = controllerRef(navigation)
      $0.setStack.controllers = [controllerRef("Root\(madeWindows)")]
    }
    try maker.call {
      $0.setRoot.windowID = id
      $0.setRoot.controller = controllerRef(navigation)
    }
    for (number, client) in clients.enumerated() {
      let subscribed = try client.call {
        $0.subscribe.windowID = id
        $0.subscribe.events = true
      }.subscribed
      subscriptions[number][id] = (subscribed.subscriptionID, subscribed.lastSeq)
    }
    return SharedWindow(id: id, navigation: navigation)
  }

  /// Closing a window destroys its controllers: the contents it held are
  /// made again.
  private func remakeContents() throws {
    let existing = Set(
      try clients[0].call { $0.listControllers = .init() }.controllers.controllers.map(
        \.identifier))
    for name in contents where !existing.contains(name) {
      try clients[0].call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
  }

  /// `steps` random requests, each from a random client and answered
  /// before the next; then every window settles and the invariants are
  /// checked.
  mutating func round(steps: Int) throws -> [WireInvariantFailure] {
    for _ in 0..<steps {
      let client = clients[pick(clients.count)]
      let index = pick(windows.count)
      if pick(60) == 0 {
        let closed = try client.call { $0.closeWindow.windowID = windows[index].id }
        // Refused while another client drives an interaction in the window
        // (PERMISSION_DENIED, issue 11's ownership rule): it stays.
        if case .error(let error)? = closed.result {
          guard error.code == .permissionDenied else {
            throw WireFuzzStepError(message: "close_window failed: \(error.message)")
          }
          continue
        }
        windows[index] = try makeWindow()
        try remakeContents()
        continue
      }
      try client.call { request in step(&request, windows[index]) }
    }
    try settle()
    return try check()
  }

  /// One random operation on `window`.
  private mutating func step(_ request: inout WireRequest, _ window: SharedWindow) {
    let content = controllerRef(contents[pick(contents.count)])
    let animated = pick(3) != 0
    switch pick(13) {
    case 0, 1:
      request.push.navigation = controllerRef(window.navigation)
      request.push.controller = content
      request.push.notAnimated = !animated
    case 2:
      request.pop.navigation = controllerRef(window.navigation)
      request.pop.notAnimated = !animated
    case 3:
      request.present.presenter = controllerRef(window.navigation)
      request.present.controller = content
      request.present.notAnimated = !animated
    case 4:
      request.dismiss.controller = pick(2) == 0 ? content : controllerRef(window.navigation)
      request.dismiss.notAnimated = !animated
    case 5:
      request.beginInteractive.kind = .pop
      request.beginInteractive.controller = controllerRef(window.navigation)
    case 6, 7:
      request.updateInteractive.windowID = window.id
      request.updateInteractive.transitionID = UInt64(1 + pick(4))
      request.updateInteractive.percent = Double(pick(11)) / 10
    case 8:
      request.finishInteractive.windowID = window.id
      request.finishInteractive.transitionID = UInt64(1 + pick(4))
    case 9:
      request.cancelInteractive.windowID = window.id
      request.cancelInteractive.transitionID = UInt64(1 + pick(4))
    case 10:
      let wide = pick(2) == 0
      request.resizeWindow.windowID = window.id
      request.resizeWindow.metrics.size.width = wide ? 844 : 390
      request.resizeWindow.metrics.size.height = wide ? 390 : 844
      request.resizeWindow.notAnimated = !animated
    default:
      request.advanceClock.windowID = window.id
      request.advanceClock.seconds = Double(pick(6)) / 10
    }
  }

  /// Ends every interaction still open (each client tries: only the owner
  /// may), then moves every window's clock until it is idle.
  private mutating func settle() throws {
    for _ in 0..<20 {
      collect()
      var open: [(window: UInt64, transition: UInt64)] = []
      var began: Set<[UInt64]> = []
      for event in watched {
        guard case .transition(let transition)? = event.kind else { continue }
        let key = [event.windowID, transition.transitionID]
        if transition.phase == .began, transition.interactive { began.insert(key) }
        if transition.phase == .ended { began.remove(key) }
      }
      open = began.map { ($0[0], $0[1]) }
      for (window, transition) in open {
        let finish = pick(2) == 0
        for client in clients {
          try client.call {
            if finish {
              $0.finishInteractive.windowID = window
              $0.finishInteractive.transitionID = transition
            } else {
              $0.cancelInteractive.windowID = window
              $0.cancelInteractive.transitionID = transition
            }
          }
        }
      }
      var idle = true
      for window in windows {
        try clients[0].call {
          $0.advanceClock.windowID = window.id
          $0.advanceClock.seconds = 2
        }
        let tree = try clients[0].call { $0.getTree.windowID = window.id }.tree
        if !tree.window.idle || tree.window.queuedOperations != 0 { idle = false }
      }
      if idle, open.isEmpty { break }
    }
    collect()
  }

  /// Takes what every client received so far (after a round trip).
  private mutating func collect() {
    for (number, client) in clients.enumerated() {
      try? client.sync()
      for event in client.takeEvents() {
        received[number][event.windowID, default: []].append(event)
      }
    }
    try? watcher.sync()
    watched += watcher.takeEvents()
  }

  private func check() throws -> [WireInvariantFailure] {
    var failures = try WireInvariants.check(watcher, windows: windows.map(\.id))
    for (number, windowEvents) in received.enumerated() {
      for (window, events) in windowEvents {
        guard let subscription = subscriptions[number][window] else { continue }
        let mine = events.filter { $0.subscriptionID == subscription.id }
        failures += WireInvariants.checkEvents(mine, after: subscription.start).map {
          WireInvariantFailure(tag: $0.tag, message: "client \(number), w\(window): \($0.message)")
        }
      }
    }
    let controllers = try watcher.call { $0.listControllers = .init() }.controllers.controllers
    failures += WireInvariants.checkCallbacks(watched, controllers: controllers)
    return failures
  }

  private mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

  func close() {
    for client in clients { client.close() }
    watcher.close()
  }
}

/// A request of the fuzz answered in a way no rule allows.
struct WireFuzzStepError: Error {
  let message: String
}
