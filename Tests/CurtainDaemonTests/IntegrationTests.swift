import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// The real `curtaind` on a temporary socket, driven over the real protocol.
/// Each test stops the daemon with SIGTERM and checks it exited 0 and
/// removed its socket: no process or socket is left behind.
final class IntegrationTests: XCTestCase {
  private var daemons: [TempDaemon] = []

  private func start(_ arguments: [String] = []) throws -> TempDaemon {
    let daemon = try TempDaemon(arguments: arguments)
    daemons.append(daemon)
    return daemon
  }

  override func tearDown() {
    for daemon in daemons {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemons = []
  }

  /// A window with Nav[A] as root; B exists. Returns the window id.
  private func buildNavigation(_ client: TestClient, manual: Bool) throws -> UInt64 {
    let window = try client.call {
      $0.createWindow.clock = manual ? .manual : .realtime
    }.window.id
    XCTAssertNotEqual(window, 0)
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
    ] {
      let created = try client.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
      XCTAssertEqual(created.controller.identifier, name)
    }
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    return window
  }

  private func subscribe(
    _ client: TestClient, window: UInt64, categories: [Curtain_V1_EventCategory] = [],
    frames: Bool = false, fromSeq: UInt64? = nil
  ) throws -> Curtain_V1_SubscribeResult {
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.frames = frames
      $0.subscribe.categories = categories
      if let fromSeq { $0.subscribe.fromSeq = fromSeq }
    }.subscribed
  }

  func testTwoClientsOnAManualClock() throws {
    let daemon = try start()
    let writer = try TestClient(path: daemon.socketPath, name: "writer")
    let reader = try TestClient(path: daemon.socketPath, name: "reader")
    let window = try buildNavigation(writer, manual: true)
    _ = try subscribe(reader, window: window, categories: [.lifecycle], frames: true)
    let all = try TestClient(path: daemon.socketPath, name: "all")
    _ = try subscribe(all, window: window)

    let push = try writer.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    XCTAssertFalse(push.operation.completed)
    XCTAssertNotEqual(push.operation.transitionID, 0)
    for _ in 0..<4 {
      try writer.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 0.1
      }
    }
    try writer.call {
      $0.pop.navigation = controllerRef("Nav")
      $0.waitUntil = .accepted
    }
    try writer.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try reader.sync()
    XCTAssertEqual(
      reader.takeEvents().map(\.text),
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, true)", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "Nav.didShow(B, true)",
        "B.willMove(nil)", "Nav.willShow(A, true)", "B.viewWillDisappear(true)",
        "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        "B.didMove(nil)", "Nav.didShow(A, true)",
      ])
    let frames = reader.takeFrames()
    XCTAssertEqual(frames.map(\.frameSeq), Array(1...UInt64(frames.count)))
    XCTAssertEqual(frames.count, 5, "four steps of the push, one for the pop")
    XCTAssertEqual(frames.first?.views.count, 2)
    XCTAssertEqual(
      frames.first?.views.first { $0.role == "controllerRoot" }?.state.frame.x ?? -1, 0,
      accuracy: 1e5)

    try all.sync()
    let seqs = all.takeEvents().map(\.seq)
    XCTAssertFalse(seqs.isEmpty)
    XCTAssertEqual(seqs, Array(seqs[0]...seqs[seqs.count - 1]), "gap-free")
  }

  /// `max_fps` over the real protocol: two readers of one manual window,
  /// one at 5 frames a second of its clock, get the push's frames 1, 12
  /// and 21 (its first, the slot from 0.2 s, its last) with the skipped
  /// ones counted, while the other gets all 21; a rate of 0 is refused
  /// and the connection stays.
  func testAReaderAtFiveFramesASecondGetsTheFirstOfEachSlotAndTheEnds() throws {
    let daemon = try start()
    let writer = try TestClient(path: daemon.socketPath, name: "writer")
    let slow = try TestClient(path: daemon.socketPath, name: "dashboard")
    let every = try TestClient(path: daemon.socketPath, name: "renderer")
    let window = try buildNavigation(writer, manual: true)
    let refused = try slow.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
      $0.subscribe.maxFps = 0
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertEqual(
      refused.error.message,
      "Subscribe's max_fps must be a number of frames a second from 0.01 to 240 "
        + "(leave it unset for every frame), got 0.0")
    let subscribed = try slow.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
      $0.subscribe.maxFps = 5
    }
    XCTAssertNotEqual(subscribed.subscribed.subscriptionID, 0)
    _ = try subscribe(every, window: window, frames: true)
    try writer.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    for k in 1...30 {
      try writer.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.toTime = Double(k) / 60
      }
    }
    try slow.sync()
    try every.sync()
    let frames = slow.takeFrames()
    XCTAssertEqual(frames.map(\.frameSeq), [1, 12, 21])
    XCTAssertEqual(frames.map(\.framesSkipped), [0, 10, 8])
    XCTAssertEqual(frames.last?.transitions.count, 0, "the push's last frame")
    XCTAssertEqual(every.takeFrames().map(\.frameSeq), Array(1...21))
  }

  /// Steps read at once are frames each: the writes of one read are
  /// corked into one, and the LATEST policy still replaces only frames a
  /// subscriber has not taken, never those the cork held back.
  func testStepsReadAtOnceAreAFrameEach() throws {
    let daemon = try start()
    let writer = try TestClient(path: daemon.socketPath, name: "writer")
    let reader = try TestClient(path: daemon.socketPath, name: "reader")
    let window = try buildNavigation(writer, manual: true)
    _ = try subscribe(reader, window: window, categories: [.lifecycle], frames: true)
    try writer.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    // Four steps in one write of the writer's: one read of the daemon's.
    let steps = try pipelinedRequests(ids: 1_000..<1_004) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.1
    }
    try writer.connection.sendRawBytes(steps)
    for id in UInt64(1_000)..<1_004 {
      XCTAssertNotNil(try writer.response(to: id))
    }
    try reader.sync()
    let frames = reader.takeFrames()
    XCTAssertEqual(frames.map(\.frameSeq), [1, 2, 3, 4])
    XCTAssertEqual(frames.map(\.framesSkipped), [0, 0, 0, 0])
  }

  /// The answers to the requests of one read are corked into one write;
  /// the write-queue limit still counts only what the client has not
  /// taken, not what the cork held back.
  func testAnswersHeldBackByTheCorkDoNotCountAgainstTheWriteQueueLimit() throws {
    let daemon = try start(["--max-write-queue-bytes", "2048"])
    let client = try TestClient(path: daemon.socketPath, name: "pipelining")
    _ = try buildNavigation(client, manual: true)
    // A hundred listings of three controllers (about 80 bytes each) in one
    // write of the client's: one read of the daemon's.
    let listings = try pipelinedRequests(ids: 1_000..<1_100) {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    try client.connection.sendRawBytes(listings)
    var answered = 0
    for id in UInt64(1_000)..<1_100 {
      let response = try XCTUnwrap(
        try client.response(to: id), "goodbye: \(String(describing: client.goodbye))")
      XCTAssertEqual(response.controllers.controllers.count, 3)
      answered += try response.serializedData().count
    }
    XCTAssertGreaterThan(answered, 2048, "more than the limit was answered in one read")
    XCTAssertNil(client.goodbye)
  }

  func testAResizeRunsASizeTransitionWithEventsAndFrames() throws {
    let daemon = try start()
    let writer = try TestClient(path: daemon.socketPath, name: "writer")
    let reader = try TestClient(path: daemon.socketPath, name: "reader")
    let window = try buildNavigation(writer, manual: true)
    // An opaque bar, so that A's frame moves below it (SEMANTICS §3).
    try writer.call {
      $0.configureController.controller = controllerRef("Nav")
      $0.configureController.barTranslucent = false
    }
    _ = try subscribe(reader, window: window, frames: true)
    let resize = try writer.call {
      $0.resizeWindow.windowID = window
      $0.resizeWindow.metrics.size.width = 844
      $0.resizeWindow.metrics.size.height = 390
      $0.resizeWindow.metrics.safeArea = Curtain_V1_EdgeInsets()
      $0.resizeWindow.duration = 0.5
      $0.resizeWindow.timing.named = .linear
    }.operation
    XCTAssertFalse(resize.completed)
    XCTAssertNotEqual(resize.transitionID, 0)
    try writer.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.25
    }
    try reader.sync()
    let events = reader.takeEvents()
    XCTAssertEqual(
      events.map(\.text),
      [
        "o\(resize.operationID).started", "window.resized(844×390)",
        "Nav.willTransition(to: regular×compact @3x phone)",
        "A.willTransition(to: regular×compact @3x phone)", "Nav.viewWillTransition(to: 844×390)",
        "A.viewWillTransition(to: 844×346)",
        "Nav.traitCollectionDidChange(compact×regular @3x phone)",
        "A.traitCollectionDidChange(compact×regular @3x phone)",
        "t\(resize.transitionID).began(sizeTransition, 390×844 → 844×390, "
          + "compact×regular @3x phone → regular×compact @3x phone, "
          + "animated: true, interactive: false)",
      ])
    let began = try XCTUnwrap(
      events.compactMap { event -> Curtain_V1_TransitionEvent? in
        guard case .transition(let body)? = event.kind else { return nil }
        return body
      }.first)
    XCTAssertEqual([began.oldSize.width, began.oldSize.height], [390, 844])
    XCTAssertEqual([began.newSize.width, began.newSize.height], [844, 390])
    XCTAssertEqual([began.oldTraits.horizontal, began.oldTraits.vertical], [.compact, .regular])
    XCTAssertEqual([began.newTraits.horizontal, began.newTraits.vertical], [.regular, .compact])
    let sizes = events.compactMap { event -> Curtain_V1_SizeTransitionEvent? in
      guard case .sizeTransition(let body)? = event.kind else { return nil }
      return body
    }
    XCTAssertEqual(
      sizes.map(\.callback),
      [
        .willTransitionToTraits, .willTransitionToTraits, .viewWillTransitionToSize,
        .viewWillTransitionToSize, .traitCollectionDidChange, .traitCollectionDidChange,
      ])
    XCTAssertEqual(sizes[3].size.height, 346)
    XCTAssertEqual(sizes[0].traits.vertical, .compact)
    XCTAssertEqual(sizes[4].traits.vertical, .regular)
    // Half-way along the linear curve: A's view between (0, 91, 390, 753)
    // and (0, 44, 844, 346).
    let frame = try XCTUnwrap(reader.takeFrames().last)
    let a = try XCTUnwrap(frame.views.first { $0.role == "controllerRoot" && $0.state.frame.y > 0 })
    XCTAssertEqual(a.state.frame.y, 67.5, accuracy: 1e-9)
    XCTAssertEqual(a.state.frame.width, 617, accuracy: 1e-9)
    XCTAssertEqual(a.state.frame.height, 549.5, accuracy: 1e-9)
    XCTAssertEqual(frame.transitions.first?.percent ?? 0, 0.5, accuracy: 1e-9)

    try writer.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.25
    }
    try reader.sync()
    XCTAssertEqual(
      reader.takeEvents().map(\.text),
      [
        "t\(resize.transitionID).ended(cancelled: false)",
        "o\(resize.operationID).completed(cancelled: false, removed: [])",
      ])
    let tree = try writer.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.window.traits.vertical, .compact)
    XCTAssertEqual(tree.root.children.first?.frame.height, 346)
  }

  func testAPopoverIsPlacedAndPlacedAgainWhenTheWindowResizes() throws {
    let daemon = try start()
    let client = try TestClient(path: daemon.socketPath, name: "popover")
    let window = try client.call {
      $0.createWindow.clock = .manual
      $0.createWindow.metrics.size.width = 1024
      $0.createWindow.metrics.size.height = 768
      $0.createWindow.metrics.safeArea = Curtain_V1_EdgeInsets()
      $0.createWindow.metrics.idiom = .pad
    }.window.id
    for name in ["Home", "Pop"] {
      try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Home")
    }
    _ = try subscribe(client, window: window, categories: [.presentation])
    let present = try client.call {
      $0.present.presenter = controllerRef("Home")
      $0.present.controller = controllerRef("Pop")
      $0.present.style = .popover
      $0.present.popover.sourceRect = Curtain_V1_Rect(Rect(x: 500, y: 20, width: 40, height: 30))
    }
    XCTAssertEqual(present.error.code, .unspecified, present.error.message)
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.25
    }
    try client.sync()
    let placed = client.takeEvents().compactMap { event -> Curtain_V1_PresentationEvent? in
      guard case .presentation(let body)? = event.kind, body.phase == .popoverPlaced else {
        return nil
      }
      return body
    }
    XCTAssertEqual(placed.count, 1)
    let placement = try XCTUnwrap(placed.first?.popoverPlacement)
    XCTAssertEqual(placement.arrowDirection, 4, "left")
    XCTAssertEqual(placement.arrowOffset, -223)
    XCTAssertEqual(Rect(placement.frame), Rect(x: 540, y: 10, width: 349, height: 496))
    XCTAssertEqual(Rect(placement.contentFrame), Rect(x: 561, y: 18, width: 320, height: 480))
    let info = try client.call { $0.getTree.windowID = window }.tree.root.presented.presentation
    XCTAssertEqual(info.popoverPlacement, placement)
    XCTAssertEqual(Rect(info.frame), Rect(x: 561, y: 18, width: 320, height: 480))

    // Narrower, in the same size class: right of the source only 250 pt are
    // left, so the popover moves to its left (the arrow points right).
    try client.call {
      $0.resizeWindow.windowID = window
      $0.resizeWindow.metrics.size.width = 800
      $0.resizeWindow.metrics.size.height = 768
      $0.resizeWindow.metrics.safeArea = Curtain_V1_EdgeInsets()
      $0.resizeWindow.metrics.idiom = .pad
      $0.resizeWindow.notAnimated = true
    }
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text),
      ["Pop.popoverPlaced(arrow right -223 (151, 10, 349, 496))"])
    let narrow = try client.call { $0.getTree.windowID = window }.tree.root.presented.presentation
    XCTAssertEqual(narrow.popoverPlacement.arrowDirection, 8)
    XCTAssertEqual(
      Rect(narrow.popoverPlacement.frame), Rect(x: 151, y: 10, width: 349, height: 496))
  }

  func testTwoClientsOnTheRealtimeClock() throws {
    let daemon = try start()
    let writer = try TestClient(path: daemon.socketPath)
    let reader = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(writer, manual: false)
    _ = try subscribe(reader, window: window, categories: [.lifecycle], frames: true)
    let push = try writer.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.waitUntil = .completed
    }
    XCTAssertTrue(push.operation.completed, "answered once the transition completed")
    try reader.sync()
    XCTAssertEqual(
      reader.takeEvents().map(\.text),
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, true)", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "Nav.didShow(B, true)",
      ])
    let frames = reader.takeFrames()
    XCTAssertGreaterThan(frames.count, 3, "frames flow while the push animates")
    XCTAssertEqual(frames.map(\.frameSeq), Array(1...UInt64(frames.count)))
    XCTAssertEqual(frames.map(\.modelTime), frames.map(\.modelTime).sorted())
    let idle = try writer.call { $0.waitIdle.windowID = window }
    XCTAssertTrue(idle.window.idle)
  }

  func testResumeFromSeqAndSnapshotBeyondTheRing() throws {
    let daemon = try start(["--event-ring", "20"])
    let writer = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(writer, manual: true)
    var reader: TestClient? = try TestClient(path: daemon.socketPath)
    let first = try subscribe(reader!, window: window)
    let lastSeen = first.lastSeq
    reader = nil  // disconnect
    try writer.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.push.notAnimated = true
    }
    let now = try writer.call { $0.getTree.windowID = window }.tree.window.lastSeq
    XCTAssertGreaterThan(now, lastSeen)
    let again = try TestClient(path: daemon.socketPath)
    let resumed = try subscribe(again, window: window, fromSeq: lastSeen)
    XCTAssertFalse(resumed.snapshotRequired)
    try again.sync()
    XCTAssertEqual(
      again.takeEvents().map(\.seq), Array((lastSeen + 1)...now), "exactly the missed events")

    for _ in 0..<3 {
      try writer.call {
        $0.pop.navigation = controllerRef("Nav")
        $0.pop.notAnimated = true
      }
      try writer.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("B")
        $0.push.notAnimated = true
      }
    }
    let late = try TestClient(path: daemon.socketPath)
    let snapshot = try subscribe(late, window: window, fromSeq: lastSeen)
    XCTAssertTrue(snapshot.snapshotRequired, "the ring of 20 no longer holds those events")
    XCTAssertEqual(snapshot.snapshots.first?.root.children.map(\.identifier), ["A", "B"])
    try writer.call {
      $0.pop.navigation = controllerRef("Nav")
      $0.pop.notAnimated = true
    }
    try late.sync()
    XCTAssertEqual(
      late.takeEvents().first { $0.category == .lifecycle }?.text, "B.willMove(nil)",
      "then it continues live")
  }

  func testASubscriberThatNeverReadsDoesNotHoldUpOthers() throws {
    let daemon = try start(["--max-write-queue-bytes", "262144"])
    let writer = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(writer, manual: true)
    let stuck = try CurtainClient(unixPath: daemon.socketPath)
    try stuck.hello(clientName: "stuck")
    var everything = WireRequest()
    everything.subscribe.windowID = window
    everything.subscribe.events = true
    everything.subscribe.frames = true
    try stuck.send(everything)
    let fast = try TestClient(path: daemon.socketPath)
    _ = try subscribe(fast, window: window, categories: [.operation], frames: true)
    let before = daemon.residentBytes() ?? 0
    for round in 0..<400 {
      try writer.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("B")
      }
      try writer.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 0.5
      }
      try writer.call {
        $0.pop.navigation = controllerRef("Nav")
        $0.pop.notAnimated = true
      }
      if round % 50 == 0 {
        try fast.sync()
        XCTAssertFalse(fast.takeFrames().isEmpty, "the reading subscriber keeps getting frames")
        _ = fast.takeEvents()
      }
    }
    try fast.sync()
    let frames = fast.takeFrames()
    XCTAssertTrue(frames.allSatisfy { $0.framesSkipped == 0 })
    let after = daemon.residentBytes() ?? 0
    XCTAssertLessThan(after - before, 32 << 20, "memory stays bounded (limit 256 KiB per client)")
    // The stuck client was disconnected once its unread events passed the limit.
    let unread = try stuck.readToEndOfStream(timeout: 2)
    XCTAssertNotNil(unread, "the slow consumer was disconnected")
    for case .goodbye(let bye)? in unread?.map(\.kind) ?? [] {
      XCTAssertEqual(bye.reason, .slowConsumer)
    }
  }

  func testBadInputGetsAClearErrorAndOthersAreServed() throws {
    let daemon = try start()
    let bystander = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(bystander, manual: true)

    func expectGoodbye(
      _ bytes: [UInt8], hello: Bool, _ reason: Goodbye.Reason, _ label: String
    )
      throws
    {
      let raw = try CurtainClient(unixPath: daemon.socketPath)
      if hello { try raw.hello(clientName: "raw") }
      try raw.sendRawBytes(bytes)
      let rest = try raw.readToEndOfStream(timeout: 5)
      XCTAssertNotNil(rest, "\(label): the connection is closed")
      XCTAssertEqual(rest?.last?.goodbye.reason, reason, label)
      try bystander.sync()
    }
    try expectGoodbye(VarInt.encode(5 << 20), hello: true, .protocolError, "oversized length")
    try expectGoodbye(
      [UInt8](repeating: 0xFF, count: 11), hello: true, .protocolError, "bad varint")
    var sync = ClientMessage()
    sync.request.requestID = 1
    sync.request.sync = Curtain_V1_Sync()
    try expectGoodbye(
      try WireCodec.framed(sync), hello: false, .protocolError, "request before Hello")

    let raw = try CurtainClient(unixPath: daemon.socketPath)
    try raw.hello(clientName: "raw")
    try raw.sendRawBytes(WireCodec.framed(payload: [0xFF, 0xFF, 0xFF]))
    XCTAssertEqual(
      try raw.waitForResponse(to: 0, timeout: 10).error.code, .invalidArgument, "garbage bytes")
    try raw.sendRawBytes(
      WireCodec.framed(
        payload: VarInt.encode(UInt64(1 << 3 | 2)) + [3] + VarInt.encode(UInt64(999 << 3 | 2)) + [0]
      ))
    XCTAssertEqual(
      try raw.waitForResponse(to: 0, timeout: 10).error.code, .invalidArgument, "unknown request")
    let client = try TestClient(path: daemon.socketPath)
    XCTAssertEqual(
      try client.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("Nobody")
      }.error.code, .notFound, "wrong id")
    XCTAssertEqual(try client.call { $0.getTree.windowID = 999 }.error.code, .notFound)
    let wrongState = try client.call {
      $0.popTo.navigation = controllerRef("Nav")
      $0.popTo.controller = controllerRef("B")
    }
    XCTAssertEqual(wrongState.error.code, .invalidArgument, "wrong state")
    XCTAssertTrue(wrongState.error.message.contains("doesn't exist"), wrongState.error.message)
    XCTAssertEqual(
      try client.call {
        $0.push.navigation = controllerRef("A")
        $0.push.controller = controllerRef("B")
      }
      .error.code, .invalidArgument, "wrong kind")
    XCTAssertEqual(
      try client.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = -1
      }.error.code, .invalidArgument)
    let tree = try bystander.call { $0.getTree.windowID = window }
    XCTAssertEqual(tree.tree.root.children.map(\.identifier), ["A"], "nothing changed")
  }

  func testTCPNeedsTheToken() throws {
    let daemon = try TempDaemon(tcpToken: "s3cret")
    daemons.append(daemon)
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
    XCTAssertThrowsError(
      try CurtainClient(endpoint: loopback).hello(clientName: "raw", token: "wrong")
    ) { error in
      guard case .server(let refusal)? = error as? ClientError else {
        return XCTFail("not refused by the daemon: \(error)")
      }
      XCTAssertEqual(refusal.code, .unauthenticated)
    }
    let good = try TestClient(endpoint: loopback, token: "s3cret")
    try good.sync()
    let unix = try TestClient(path: daemon.socketPath)
    try unix.sync()
  }

  func testOwnerDisconnectCancelsTheInteractivePop() throws {
    let daemon = try start()
    var owner: TestClient? = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(owner!, manual: true)
    try owner!.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.push.notAnimated = true
    }
    let begin = try owner!.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }
    let transition = begin.operation.transitionID
    try owner!.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = 0.5
    }
    let watcher = try TestClient(path: daemon.socketPath)
    _ = try subscribe(watcher, window: window, categories: [.lifecycle, .transition])
    XCTAssertEqual(
      try watcher.call {
        $0.cancelInteractive.windowID = window
        $0.cancelInteractive.transitionID = transition
      }.error.code, .notOwner)
    owner = nil
    // The daemon notices the closed connection on its own; wait for the
    // cancellation it causes (reading, not sleeping), then play it out.
    for _ in 0..<200
    where !watcher.events.contains(where: { $0.transition.phase == .interactionChanged }) {
      try watcher.drain(timeout: 0.05)
    }
    try watcher.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try watcher.call { $0.waitIdle.windowID = window }
    XCTAssertEqual(
      watcher.takeEvents().map(\.text),
      [
        "t\(transition).interactionChanged(cancelled: true)", "A.viewWillDisappear(true)",
        "A.viewDidDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "t\(transition).ended(cancelled: true)",
      ])
  }

  /// Issue 33 §2: an interactive begin waiting in a window's queue when
  /// its client disconnects would start owned by nobody who could end it,
  /// and the window would stay busy for good. It is dropped with an event,
  /// and the window becomes idle when the push ahead of it finishes.
  func testAQueuedInteractiveBeginOfAClientThatLeftIsDroppedAndTheWindowBecomesIdle() throws {
    let daemon = try start()
    let pusher = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(pusher, manual: true)
    _ = try subscribe(
      pusher, window: window, categories: [.operation, .lifecycle, .transition])
    let push = try pusher.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }.operation
    var leaver: TestClient? = try TestClient(path: daemon.socketPath)
    let queued = try leaver!.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }.operation
    XCTAssertEqual(queued.queuePosition, 1)
    leaver = nil
    // The daemon notices the closed connection on its own; wait for the
    // event of the drop (reading, not sleeping).
    for _ in 0..<200 where !pusher.events.contains(where: { $0.operation.phase == .failed }) {
      try pusher.drain(timeout: 0.05)
    }
    try pusher.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    let idle = try pusher.call { $0.waitIdle.windowID = window }.window
    XCTAssertTrue(idle.idle)
    XCTAssertEqual(idle.queuedOperations, 0)
    let events = pusher.takeEvents()
    XCTAssertEqual(
      events.map(\.text),
      [
        "o\(push.operationID).started", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "t\(push.transitionID).began(push, A → B, animated: true, interactive: false)",
        "o\(queued.operationID).queued(1)", "o\(queued.operationID).failed(NOT_OWNER)",
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)", "t\(push.transitionID).ended(cancelled: false)",
        "o\(push.operationID).completed(cancelled: false, removed: [])",
      ])
    XCTAssertEqual(
      events.first { $0.operation.phase == .failed }?.operation.error.message,
      "Operation o\(queued.operationID) was dropped: the client that began the interactive"
        + " transition disconnected before it started")
    // The window takes changes again: another client's interactive pop starts.
    let pop = try pusher.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }.operation
    XCTAssertEqual(pop.queuePosition, 0)
    XCTAssertNotEqual(pop.transitionID, 0)
  }

  func testExpectedRevisionConflict() throws {
    let daemon = try start()
    let one = try TestClient(path: daemon.socketPath)
    let two = try TestClient(path: daemon.socketPath)
    let window = try buildNavigation(one, manual: true)
    let revision = try two.call { $0.getTree.windowID = window }.tree.window.revision
    try one.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.push.notAnimated = true
    }
    let conflict = try two.call {
      $0.expectedRevision = revision
      $0.pop.navigation = controllerRef("Nav")
    }
    XCTAssertEqual(conflict.error.code, .conflict)
  }

  // MARK: Split and page view controllers

  /// Creates a controller of `kind` named `name`; returns its id.
  @discardableResult
  private func create(
    _ client: TestClient, _ kind: Curtain_V1_ControllerKind, _ name: String,
    _ configure: (inout Curtain_V1_CreateController) -> Void = { _ in }
  ) throws -> UInt64 {
    let created = try client.call {
      $0.createController.kind = kind
      $0.createController.identifier = name
      configure(&$0.createController)
    }
    XCTAssertEqual(created.controller.identifier, name, "\(created.error)")
    return created.controller.id
  }

  /// A manual-clock window of `size` whose root is `root`; returns its id.
  private func window(
    _ client: TestClient, width: Double, height: Double, root: String
  ) throws -> UInt64 {
    let window = try client.call {
      $0.createWindow.clock = .manual
      $0.createWindow.metrics.size.width = width
      $0.createWindow.metrics.size.height = height
    }.window.id
    let set = try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef(root)
    }
    XCTAssertEqual(set.error.code, .unspecified, set.error.message)
    return window
  }

  func testASplitCollapsesAndExpandsWhenTheWindowIsResized() throws {
    let daemon = try start()
    let client = try TestClient(path: daemon.socketPath)
    let split = try create(client, .split, "Split") { $0.split.displayMode = .oneBesideSecondary }
    try create(client, .navigation, "Nav")
    try create(client, .content, "Master")
    try create(client, .content, "Detail")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Master")]
    }
    let columns = try client.call {
      $0.setSplitColumns.split = controllerRef("Split")
      $0.setSplitColumns.primary = controllerRef("Nav")
      $0.setSplitColumns.secondary = controllerRef("Detail")
    }
    XCTAssertTrue(columns.operation.completed, "\(columns.error)")
    let window = try self.window(client, width: 1024, height: 768, root: "Split")
    let watcher = try TestClient(path: daemon.socketPath)
    _ = try subscribe(watcher, window: window, categories: [.lifecycle, .hierarchy])

    func resize(_ width: Double) throws {
      let resized = try client.call {
        $0.resizeWindow.windowID = window
        $0.resizeWindow.metrics.size.width = width
        $0.resizeWindow.metrics.size.height = 768
        $0.resizeWindow.notAnimated = true
      }
      XCTAssertTrue(resized.operation.completed, "\(resized.error)")
      try watcher.sync()
    }
    try resize(390)
    // Without the size transition's callbacks (core tests assert them).
    let collapse = watcher.takeEvents().filter { $0.sizeTransition.controllerID == 0 }
    XCTAssertEqual(
      collapse.map(\.text),
      [
        "Split.collapsed", "Detail.willMove(nil)", "Split.childRemoved(Detail)",
        "Detail.didMove(nil)", "Split.viewControllers([Nav])", "Detail.willMove(Nav)",
        "Nav.childAdded(Detail)", "Nav.viewControllers([Master, Detail])",
        "Nav.willShow(Detail, false)", "Master.viewWillDisappear(false)",
        "Master.viewDidDisappear(false)", "Detail.didMove(Nav)", "Nav.didShow(Detail, false)",
      ])
    XCTAssertEqual(collapse.first?.hierarchy.change, .splitCollapsed)
    XCTAssertEqual(collapse.first?.hierarchy.parentID, split)
    var tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertTrue(tree.root.split.collapsed)
    XCTAssertEqual(tree.root.children.map(\.identifier), ["Nav"])
    XCTAssertEqual(tree.root.children.first?.children.map(\.identifier), ["Master", "Detail"])

    try resize(1024)
    let expand = watcher.takeEvents().filter { $0.sizeTransition.controllerID == 0 }
    XCTAssertEqual(expand.first?.hierarchy.change, .splitExpanded)
    XCTAssertEqual(
      expand.map(\.text).suffix(4),
      [
        "Detail.willMove(Split)", "Split.childAdded(Detail)",
        "Split.viewControllers([Nav, Detail])", "Detail.didMove(Split)",
      ])
    tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertFalse(tree.root.split.collapsed)
    XCTAssertEqual(tree.root.split.displayMode, .oneBesideSecondary)
    XCTAssertEqual(tree.root.split.primaryColumnWidth, 320)
    XCTAssertEqual(tree.root.children.map(\.identifier), ["Nav", "Detail"])
    XCTAssertEqual(tree.root.children.last?.frame.x, 320)

    // A display-mode change over the wire, and a bad one that changes nothing.
    let hide = try client.call {
      $0.configureSplit.split = controllerRef("Split")
      $0.configureSplit.preferences.displayMode = .secondaryOnly
      $0.configureSplit.notAnimated = true
    }
    XCTAssertTrue(hide.operation.completed, "\(hide.error)")
    let bad = try client.call {
      $0.configureSplit.split = controllerRef("Split")
      $0.configureSplit.preferences.minimumPrimaryWidth = 400
      $0.configureSplit.preferences.maximumPrimaryWidth = 300
    }
    XCTAssertEqual(bad.error.code, .invalidArgument)
    XCTAssertEqual(
      bad.error.message, "The minimum primary column width (400) exceeds the maximum (300)")
    try watcher.sync()
    XCTAssertEqual(
      watcher.takeEvents().map(\.text),
      [
        "Split.displayMode(secondaryOnly)", "Nav.viewWillDisappear(false)",
        "Master.viewWillDisappear(false)", "Nav.viewDidDisappear(false)",
        "Master.viewDidDisappear(false)",
      ])

    // showDetail from the primary's content replaces the secondary.
    try create(client, .content, "Photo")
    let detail = try client.call {
      $0.showDetail.sender = controllerRef("Master")
      $0.showDetail.controller = controllerRef("Photo")
    }
    XCTAssertTrue(detail.operation.completed, "\(detail.error)")
    tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.root.children.map(\.identifier), ["Nav", "Photo"])
    XCTAssertEqual(tree.root.children.last?.frame.width, 1024)
  }

  func testAPageTurnOverTheWire() throws {
    let daemon = try start()
    let client = try TestClient(path: daemon.socketPath)
    let before = try client.call { $0.listControllers = Curtain_V1_ListControllers() }
    let refused = try client.call {
      $0.createController.kind = .page
      $0.createController.identifier = "Bad"
      $0.createController.page.spineLocation = .mid
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertEqual(
      refused.error.message,
      "A scroll page view controller has no spine (spine location none), not mid")
    let after = try client.call { $0.listControllers = Curtain_V1_ListControllers() }
    XCTAssertEqual(after.controllers.controllers.count, before.controllers.controllers.count)

    try create(client, .page, "Book")
    for name in ["P1", "P2", "P3"] { try create(client, .content, name) }
    let pages = try client.call {
      $0.setPages.page = controllerRef("Book")
      $0.setPages.dataSource = ["P1", "P2", "P3"].map(controllerRef)
    }
    XCTAssertTrue(pages.operation.completed, "\(pages.error)")
    let window = try self.window(client, width: 390, height: 844, root: "Book")
    let watcher = try TestClient(path: daemon.socketPath)
    _ = try subscribe(watcher, window: window, categories: [.lifecycle, .transition], frames: true)

    let turn = try client.call {
      $0.turnPage.page = controllerRef("Book")
      $0.waitUntil = .accepted
    }
    XCTAssertFalse(turn.operation.completed, "\(turn.error)")
    XCTAssertNotEqual(turn.operation.transitionID, 0)
    for _ in 0..<2 {
      try client.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 0.175
      }
    }
    try watcher.sync()
    XCTAssertEqual(
      watcher.takeEvents().map(\.text),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "P2.viewDidLoad", "P1.viewWillDisappear(true)",
        "P2.viewWillAppear(true)",
        "t\(turn.operation.transitionID).began(pageTurn, P1 → P2, animated: true, interactive: false)",
        "P1.viewDidDisappear(true)", "P2.viewDidAppear(true)", "P1.didMove(nil)",
        "P2.didMove(Book)", "t\(turn.operation.transitionID).ended(cancelled: false)",
      ])
    let frames = watcher.takeFrames()
    XCTAssertEqual(frames.count, 2)
    let p2 = try client.call { $0.getTree.windowID = window }.tree.root.children.first
    XCTAssertEqual(p2?.identifier, "P2")
    XCTAssertEqual(
      frames.first?.views.first { $0.viewID == p2?.viewID }?.state.frame.x ?? -1, 195,
      accuracy: 1e-9)
    let tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.root.page.dataSourceIds.count, 3)
    XCTAssertEqual(tree.root.page.transitionStyle, .scroll)

    // Past the last page: a clear error, nothing changes.
    try client.call {
      $0.turnPage.page = controllerRef("Book")
      $0.turnPage.notAnimated = true
    }
    let end = try client.call {
      $0.turnPage.page = controllerRef("Book")
      $0.turnPage.notAnimated = true
    }
    XCTAssertEqual(end.error.code, .invalidArgument)
    XCTAssertEqual(end.error.message, "There is no page after P3 in Book's data source")
  }

  /// Collection view controllers over the wire: created with their items,
  /// a layout and the layout-to-layout flag; a layout-to-layout push whose
  /// frames move the items; set-layout; an interactive layout transition
  /// cancelled; the errors.
  func testCollectionViewControllersOverTheWire() throws {
    let daemon = try start()
    let client = try TestClient(path: daemon.socketPath)
    let refused = try client.call {
      $0.createController.kind = .content
      $0.createController.collection.itemCount = 2
    }
    XCTAssertEqual(
      refused.error.message, "Collection options apply only to collection view controllers")
    let tooFew = try client.call {
      $0.createController.kind = .collection
      $0.createController.collection.itemCount = 3
      $0.createController.collection.layout.frames.frames = [Curtain_V1_Rect()]
    }
    XCTAssertEqual(tooFew.error.message, "The layout gives 1 item frames for 3 items")
    try create(client, .navigation, "Nav")
    try create(client, .collection, "Small") { $0.collection.itemCount = 2 }
    try create(client, .collection, "Large") {
      $0.collection.itemCount = 2
      $0.collection.layout.flow.itemSize.width = 150
      $0.collection.layout.flow.itemSize.height = 150
      $0.collection.layoutToLayout = true
    }
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Small")]
    }
    let window = try self.window(client, width: 390, height: 844, root: "Nav")
    let watcher = try TestClient(path: daemon.socketPath)
    _ = try subscribe(watcher, window: window, categories: [.transition], frames: true)
    let push = try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("Large")
      $0.waitUntil = .accepted
    }
    XCTAssertNotEqual(push.operation.transitionID, 0, "\(push.error)")
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.175
    }
    try watcher.sync()
    var tree = try client.call {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    let large = try XCTUnwrap(tree.root.children.last)
    XCTAssertEqual(large.collection.itemCount, 2)
    XCTAssertTrue(large.collection.layoutToLayout)
    XCTAssertEqual(large.collection.layout.flow.itemSize.width, 150)
    let second = try XCTUnwrap(large.collection.itemViewIds.last)
    // Half way (easeInOut(0.5) = 0.5): from (60, 0, 50, 50) to (240, 0, 150, 150).
    let moving = watcher.takeFrames().last?.views.first { $0.viewID == second }
    XCTAssertEqual(moving?.role, "collectionItem")
    XCTAssertEqual(moving?.state.frame.x ?? -1, 150, accuracy: 1e-9)
    XCTAssertEqual(moving?.state.frame.width ?? -1, 100, accuracy: 1e-9)
    XCTAssertNil(
      watcher.takeFrames().last?.views.first { $0.viewID == large.viewID }, "nothing slides")
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.175
    }
    XCTAssertTrue(
      tree.description_p.contains("2 items, flow 150×150 spacing 10 line 10, layout-to-layout"),
      tree.description_p)

    let set = try client.call {
      $0.setCollectionLayout.collection = controllerRef("Large")
      $0.setCollectionLayout.layout.frames.frames = [
        Curtain_V1_Rect(Rect(x: 1, y: 2, width: 3, height: 4)),
        Curtain_V1_Rect(Rect(x: 5, y: 6, width: 7, height: 8)),
      ]
      $0.setCollectionLayout.notAnimated = true
    }
    XCTAssertTrue(set.operation.completed, "\(set.error)")
    tree = try client.call {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    XCTAssertEqual(tree.root.children.last?.collection.layout.frames.frames.last?.width, 7)
    let noLayout = try client.call {
      $0.setCollectionLayout.collection = controllerRef("Large")
    }
    XCTAssertEqual(noLayout.error.message, "SetCollectionLayout needs a layout")
    let notCollection = try client.call {
      $0.setCollectionLayout.collection = controllerRef("Nav")
      $0.setCollectionLayout.layout.flow = Curtain_V1_FlowLayout()
    }
    XCTAssertEqual(notCollection.error.message, "Nav is not a collection view controller")

    let begun = try client.call {
      $0.beginInteractive.kind = .layout
      $0.beginInteractive.controller = controllerRef("Large")
      $0.beginInteractive.layout.flow = Curtain_V1_FlowLayout()
    }
    let transition = begun.operation.transitionID
    XCTAssertNotEqual(transition, 0, "\(begun.error)")
    try client.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = 0.5
    }
    try client.call {
      $0.cancelInteractive.windowID = window
      $0.cancelInteractive.transitionID = transition
    }
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try watcher.sync()
    XCTAssertEqual(
      watcher.takeEvents().map(\.text).filter { $0.hasPrefix("t\(transition)") },
      [
        "t\(transition).began(layoutTransition, Large: frames layout → flow 50×50 spacing 10 "
          + "line 10, animated: true, interactive: true)",
        "t\(transition).interactionChanged(cancelled: true)",
        "t\(transition).ended(cancelled: true)",
      ])
    tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(
      tree.root.children.last?.collection.layout.frames.frames.count, 2, "the old layout stays")
    let withoutLayout = try client.call {
      $0.beginInteractive.kind = .layout
      $0.beginInteractive.controller = controllerRef("Large")
    }
    XCTAssertEqual(
      withoutLayout.error.message, "An interactive layout transition needs the layout to move to")
  }

  func testAnInteractivePageTurnOverTheWire() throws {
    let daemon = try start()
    let client = try TestClient(path: daemon.socketPath)
    try create(client, .page, "Book")
    for name in ["P1", "P2"] { try create(client, .content, name) }
    try client.call {
      $0.setPages.page = controllerRef("Book")
      $0.setPages.dataSource = ["P1", "P2"].map(controllerRef)
    }
    let window = try self.window(client, width: 390, height: 844, root: "Book")
    let watcher = try TestClient(path: daemon.socketPath)
    _ = try subscribe(
      watcher, window: window, categories: [.lifecycle, .transition, .hierarchy], frames: true)
    func begin(reverse: Bool = false, kind: Curtain_V1_BeginInteractive.Kind = .pageTurn) throws
      -> WireResponse
    {
      try client.call {
        $0.beginInteractive.kind = kind
        $0.beginInteractive.controller = controllerRef(kind == .pop ? "P1" : "Book")
        $0.beginInteractive.reverse = reverse
      }
    }
    let before = try client.call { $0.getTree.windowID = window }.tree.window.revision
    let refused = try begin(reverse: true)
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertEqual(refused.error.message, "There is no page before P1 in Book's data source")
    let wrongKind = try begin(reverse: true, kind: .pop)
    XCTAssertEqual(wrongKind.error.code, .invalidArgument)
    XCTAssertEqual(wrongKind.error.message, "reverse applies only to interactive page turns")
    XCTAssertEqual(
      try client.call { $0.getTree.windowID = window }.tree.window.revision, before,
      "nothing changed")

    let begun = try begin()
    let transition = begun.operation.transitionID
    XCTAssertNotEqual(transition, 0, begun.error.message)
    XCTAssertFalse(begun.operation.completed)
    try client.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = 0.5
    }
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.1
    }
    try client.call {
      $0.cancelInteractive.windowID = window
      $0.cancelInteractive.transitionID = transition
    }
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try watcher.sync()
    let t = "t\(transition)"
    XCTAssertEqual(
      watcher.takeEvents().map(\.text),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "Book.childRemoved(P1)", "Book.childAdded(P2)",
        "Book.viewControllers([P2])", "P2.viewDidLoad", "P1.viewWillDisappear(true)",
        "P2.viewWillAppear(true)",
        "\(t).began(pageTurn, P1 → P2, animated: true, interactive: true)",
        "\(t).interactionChanged(cancelled: true)", "Book.childRemoved(P2)",
        "Book.childAdded(P1)", "Book.viewControllers([P1])", "P2.viewWillDisappear(true)",
        "P2.viewDidDisappear(true)", "P1.viewWillAppear(true)", "P1.viewDidAppear(true)",
        "P1.didMove(Book)", "P2.didMove(nil)", "\(t).ended(cancelled: true)",
      ])
    let tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.root.children.map(\.identifier), ["P1"])
    let frames = watcher.takeFrames()
    let middle = try XCTUnwrap(frames.first)
    XCTAssertEqual(middle.transitions.first?.percent ?? -1, 0.5, accuracy: 1e-12)
    let p1 = tree.root.children[0].viewID
    XCTAssertEqual(
      middle.views.first { $0.viewID == p1 }?.state.frame.x ?? 0, -195, accuracy: 1e-9)
    XCTAssertEqual(frames.last?.views.first { $0.viewID == p1 }?.state.frame.x ?? -1, 0)
  }

  func testSIGTERMSaysGoodbyeAndRemovesTheSocket() throws {
    let daemon = try TempDaemon()
    let client = try TestClient(path: daemon.socketPath)
    try client.sync()
    let result = daemon.stop()
    try client.drain(timeout: 2)
    XCTAssertEqual(client.goodbye?.reason, .shutdown)
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.socketRemoved)
  }

  func testShutdownRequestStopsTheDaemon() throws {
    let daemon = try TempDaemon()
    let client = try TestClient(path: daemon.socketPath)
    try client.call { $0.shutdown = Curtain_V1_Shutdown() }
    daemon.process.waitUntilExit()
    XCTAssertEqual(daemon.process.terminationStatus, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath))
    daemon.stop()
  }

  func testASecondDaemonOnTheSameSocketRefusesToStart() throws {
    let daemon = try start()
    let second = Process()
    second.executableURL = try TempDaemon.executableURL()
    second.arguments = ["--socket", daemon.socketPath, "--ephemeral"]
    let errors = Pipe()
    second.standardError = errors
    try second.run()
    second.waitUntilExit()
    XCTAssertNotEqual(second.terminationStatus, 0)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertTrue(text.contains("already"), text)
    let client = try TestClient(path: daemon.socketPath)
    try client.sync()
  }
}
