import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Storyboards over the real protocol: the real `curtaind` on a temporary
/// socket loads the example storyboard, performs segues and unwinds.
final class StoryboardIntegrationTests: XCTestCase {
  private var daemon: TempDaemon?

  override func tearDown() {
    if let daemon {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemon = nil
  }

  /// The example storyboard of docs/examples.
  static var example: Data {
    get throws {
      try Data(
        contentsOf: URL(fileURLWithPath: #filePath)
          .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("docs/examples/shop.storyboard.json"))
    }
  }

  /// A manual-clock window whose root is the example's initial scene, and a
  /// client subscribed to its lifecycle events (and `categories`). Returns
  /// the window id.
  private func loadShop(_ client: TestClient, categories: [Curtain_V1_EventCategory] = [])
    throws -> UInt64
  {
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    let loaded = try client.call {
      $0.loadStoryboard.document = try! Self.example
      $0.loadStoryboard.windowID = window
    }
    XCTAssertEqual(loaded.storyboard.name, "Shop")
    XCTAssertEqual(loaded.storyboard.scenes.first, "Tabs")
    XCTAssertTrue(loaded.storyboard.segues.contains("Checkout/done"))
    XCTAssertNotEqual(loaded.storyboard.rootID, 0)
    XCTAssertTrue(loaded.storyboard.operation.completed)
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.categories = [.lifecycle] + categories
    }
    return window
  }

  /// Moves the window's manual clock and returns the events so far.
  private func advance(_ client: TestClient, _ window: UInt64, by seconds: Double) throws
    -> [String]
  {
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = seconds
    }
    try client.sync()
    return client.takeEvents().map(\.text)
  }

  /// Starts an animated segue and answers as soon as it is accepted.
  @discardableResult
  private func startSegue(_ client: TestClient, _ source: String, _ identifier: String) throws
    -> Curtain_V1_SegueResult
  {
    segueResult(
      try client.call {
        $0.performSegue.source = controllerRef(source)
        $0.performSegue.identifier = identifier
        $0.waitUntil = .accepted
      })
  }

  /// Unwinds without animation.
  private func unwind(_ client: TestClient, _ source: String, _ action: String) throws {
    let response = try client.call {
      $0.unwind.source = controllerRef(source)
      $0.unwind.action = action
      $0.unwind.notAnimated = true
    }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
  }

  /// An unwind with no target: NOT_FOUND, and the tree (with the window's
  /// revision) stays as it was, with no event. Events so far are discarded.
  private func expectNoUnwindTarget(
    _ client: TestClient, _ window: UInt64, _ source: String, _ action: String,
    line: UInt = #line
  ) throws {
    try client.sync()
    _ = client.takeEvents()
    let before = try client.call { $0.getTree.windowID = window }.tree
    let missing = try client.call {
      $0.unwind.source = controllerRef(source)
      $0.unwind.action = action
    }
    XCTAssertEqual(missing.error.code, .notFound, line: line)
    XCTAssertEqual(
      missing.error.message,
      "No view controller above \(source) declares the unwind action '\(action)'", line: line)
    let after = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(after, before, line: line)
    XCTAssertEqual(after.window.revision, before.window.revision, line: line)
    try client.sync()
    XCTAssertEqual(client.takeEvents().map(\.text), [], line: line)
  }

  /// The segue result of a response, failing the test otherwise.
  private func segueResult(_ response: WireResponse?) -> Curtain_V1_SegueResult {
    guard let response, case .segue(let result)? = response.result else {
      XCTFail("no segue result: \(response?.resultName ?? "no response")")
      return Curtain_V1_SegueResult()
    }
    return result
  }

  @discardableResult
  private func segue(
    _ client: TestClient, _ source: String, _ identifier: String, triggered: Bool = false
  ) throws -> Curtain_V1_SegueResult {
    let response = try client.call {
      $0.performSegue.source = controllerRef(source)
      $0.performSegue.identifier = identifier
      $0.performSegue.triggered = triggered
      $0.performSegue.notAnimated = true
    }
    guard case .segue(let result)? = response.result else {
      XCTFail("PerformSegue answered \(response.resultName): \(response.error.message)")
      return Curtain_V1_SegueResult()
    }
    return result
  }

  func testASegueInstantiatesPreparesAndPushes() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let window = try loadShop(client)
    let result = try startSegue(client, "Catalog", "showProduct")
    XCTAssertTrue(result.performed)
    XCTAssertNotEqual(result.destinationID, 0)
    XCTAssertEqual(result.operation.createdIds, [result.destinationID])
    XCTAssertFalse(result.operation.completed)
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.35
    }
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text),
      [
        "Catalog.prepare(showProduct, Product)", "Product.willMove(Browse)",
        "Product.viewDidLoad", "Browse.willShow(Product, true)",
        "Catalog.viewWillDisappear(true)", "Product.viewWillAppear(true)",
        "Catalog.viewDidDisappear(true)", "Product.viewDidAppear(true)",
        "Product.didMove(Browse)", "Browse.didShow(Product, true)",
      ])
    // A triggered segue whose shouldPerformSegue says no changes nothing.
    let declined = try segue(client, "Catalog", "preview", triggered: true)
    XCTAssertFalse(declined.performed)
    XCTAssertEqual(declined.destinationID, 0)
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text), ["Catalog.shouldPerformSegue(preview, false)"])
    let prepared = try client.call {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "nope"
    }
    XCTAssertEqual(prepared.error.code, .notFound)
    XCTAssertEqual(prepared.error.message, "Receiver (Catalog) has no segue with identifier 'nope'")
  }

  /// A storyboard's collection scenes come with their items, layouts and
  /// useLayoutToLayoutNavigationTransitions: the initial scene shows its
  /// items in its flow layout, and a show segue to a layout-to-layout
  /// collection moves the same items into the destination's frames layout.
  func testCollectionScenesInstantiateWithTheirItemsAndLayouts() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let document = #"""
      {"name": "Photos", "initial": "Nav",
       "scenes": [
         {"id": "Nav", "kind": "navigation", "children": ["Grid"]},
         {"id": "Grid", "kind": "collection", "items": 2,
          "layout": {"flow": {"itemSize": [100, 100], "minimumInteritemSpacing": 20,
                              "sectionInset": [0, 10, 0, 10]}}},
         {"id": "Detail", "kind": "collection", "useLayoutToLayoutNavigationTransitions": true,
          "layout": {"frames": [[0, 100, 390, 300], [0, 420, 390, 300]]}}],
       "segues": [{"identifier": "zoom", "source": "Grid", "destination": "Detail",
                   "kind": "show"}]}
      """#
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    let loaded = try client.call {
      $0.loadStoryboard.document = Data(document.utf8)
      $0.loadStoryboard.windowID = window
    }
    XCTAssertEqual(loaded.error.message, "")
    var tree = try client.call { $0.getTree.windowID = window }.tree
    let grid = try XCTUnwrap(tree.root.children.first)
    XCTAssertEqual(grid.kind, .collection)
    XCTAssertEqual(grid.collection.itemCount, 2)
    XCTAssertFalse(grid.collection.layoutToLayout)
    XCTAssertEqual(grid.collection.layout.flow.interitemSpacing, 20)
    XCTAssertEqual(grid.collection.layout.flow.sectionInset.left, 10)
    XCTAssertTrue(
      tree.description_p.contains("2 items, flow 100×100 spacing 20 line 10 inset"),
      tree.description_p)
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
    }
    let result = try startSegue(client, "Grid", "zoom")
    XCTAssertTrue(result.performed)
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.175
    }
    try client.sync()
    tree = try client.call { $0.getTree.windowID = window }.tree
    let detail = try XCTUnwrap(tree.root.children.last)
    XCTAssertEqual(detail.identifier, "Detail")
    XCTAssertEqual(detail.collection.itemCount, 2, "one item per frame")
    XCTAssertTrue(detail.collection.layoutToLayout)
    XCTAssertEqual(detail.collection.layout.frames.frames.count, 2)
    // Half way (easeInOut(0.5) = 0.5): the second item moves from the
    // grid's (130, 0, 100, 100) (two columns of a line that is not full, 20
    // points apart after the 10-point inset) to (0, 420, 390, 300).
    let second = try XCTUnwrap(detail.collection.itemViewIds.last)
    let frame = client.takeFrames().last
    let moving = frame?.views.first { $0.viewID == second }
    XCTAssertEqual(moving?.state.frame.x ?? -1, 65, accuracy: 1e-9)
    XCTAssertEqual(moving?.state.frame.y ?? -1, 210, accuracy: 1e-9)
    XCTAssertEqual(moving?.state.frame.width ?? -1, 245, accuracy: 1e-9)
    XCTAssertNotNil(frame)
    XCTAssertNil(frame?.views.first { $0.viewID == detail.viewID }, "nothing slides")
    let bad = try client.call {
      $0.loadStoryboard.document = Data(
        #"{"name": "Bad", "scenes": [{"id": "A", "kind": "collection", "items": 3, "layout": {"frames": [[0, 0, 1, 1]]}}]}"#
          .utf8)
    }
    XCTAssertEqual(bad.error.code, .invalidArgument)
    XCTAssertEqual(bad.error.message, "Scene 'A': The layout gives 1 item frames for 3 items")
  }

  func testBadDocumentsAreRefusedAndLeaveTheSessionAlone() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let garbage = try client.call { $0.loadStoryboard.document = Data([0xff, 0x00, 0x7b]) }
    XCTAssertEqual(garbage.error.code, .invalidArgument)
    XCTAssertEqual(
      garbage.error.message,
      "The storyboard is not valid JSON: line 1, column 1, storyboard: expected a value")
    let noWindow = try client.call {
      $0.loadStoryboard.document = try! Self.example
      $0.loadStoryboard.windowID = 42
    }
    XCTAssertEqual(noWindow.error.code, .notFound)
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    let badScene = try client.call {
      $0.loadStoryboard.document = try! Self.example
      $0.loadStoryboard.windowID = window
      $0.loadStoryboard.scene = "Nope"
    }
    XCTAssertEqual(badScene.error.message, "Storyboard 'Shop' has no scene 'Nope'")
    XCTAssertEqual(try client.call { $0.listControllers = .init() }.controllers.controllers, [])
    // Nothing was loaded, so the storyboard loads now, and only once.
    XCTAssertEqual(
      try client.call { $0.loadStoryboard.document = try! Self.example }.storyboard.rootID, 0)
    let again = try client.call { $0.loadStoryboard.document = try! Self.example }
    XCTAssertEqual(again.error.message, "A storyboard named 'Shop' is already loaded")
  }

  func testUnwindAcrossAPresentationAndANavigationStack() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let window = try loadShop(client)
    try segue(client, "Catalog", "showProduct")
    try segue(client, "Product", "openCart")
    let checkout = try segue(client, "CartList", "checkout")
    try client.sync()
    _ = client.takeEvents()

    try expectNoUnwindTarget(client, window, "Checkout", "backToNowhere")

    let unwound = try client.call {
      $0.performSegue.source = .with { $0.id = checkout.destinationID }
      $0.performSegue.identifier = "done"
      $0.waitUntil = .accepted
    }.segue
    XCTAssertTrue(unwound.performed)
    XCTAssertEqual(unwound.operation.removedIds.count, 1)
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text),
      [
        "CartList.canPerformUnwindSegueAction(backToCatalog, from: Checkout, false)",
        "Cart.canPerformUnwindSegueAction(backToCatalog, from: Checkout, false)",
        "Product.canPerformUnwindSegueAction(backToCatalog, from: Checkout, false)",
        "Catalog.canPerformUnwindSegueAction(backToCatalog, from: Checkout, true)",
        "Checkout.prepare(done, Catalog)", "Catalog.backToCatalog(from: Checkout)",
        "Product.willMove(nil)", "Product.didMove(nil)", "Cart.viewWillDisappear(true)",
        "Checkout.viewWillDisappear(true)", "Tabs.viewWillAppear(true)",
        "Browse.viewWillAppear(true)", "Catalog.viewWillAppear(true)",
        "Tabs.viewDidAppear(true)", "Browse.viewDidAppear(true)", "Catalog.viewDidAppear(true)",
        "Cart.viewDidDisappear(true)", "Checkout.viewDidDisappear(true)",
      ])
    let tree = try client.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.root.identifier, "Tabs")
    XCTAssertEqual(tree.root.children.first?.children.map(\.identifier), ["Catalog"])
  }

  func testAClientAnswersShouldPerformSegueForTriggeredSegues() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    _ = try loadShop(client)
    let answered = try client.call {
      $0.configureController.controller = controllerRef("Catalog")
      $0.configureController.shouldPerformSegue = ["preview": .yes, "showProduct": .no]
    }.controller
    XCTAssertEqual(answered.shouldPerformSegue, ["preview": true, "showProduct": false])
    let refused = try segue(client, "Catalog", "showProduct", triggered: true)
    XCTAssertFalse(refused.performed)
    XCTAssertEqual(refused.destinationID, 0)
    let previewed = try segue(client, "Catalog", "preview", triggered: true)
    XCTAssertTrue(previewed.performed)
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text),
      [
        "Catalog.shouldPerformSegue(showProduct, false)",
        "Catalog.shouldPerformSegue(preview, true)", "Catalog.prepare(preview, Product)",
        "Product.willMove(Browse)", "Product.viewDidLoad", "Browse.willShow(Product, false)",
        "Catalog.viewWillDisappear(false)", "Product.viewWillAppear(false)",
        "Catalog.viewDidDisappear(false)", "Product.viewDidAppear(false)",
        "Product.didMove(Browse)", "Browse.didShow(Product, false)",
      ])
    // Performed by request, the segue is not asked.
    XCTAssertTrue(try segue(client, "Product", "openCart").performed)
    try client.sync()
    XCTAssertEqual(client.takeEvents().first?.text, "Product.prepare(openCart, Cart)")
    // STORYBOARD goes back to the document's answer; a segue the scene does
    // not have is refused and nothing changes (the title neither).
    let reset = try client.call {
      $0.configureController.controller = controllerRef("Catalog")
      $0.configureController.shouldPerformSegue = ["preview": .storyboard]
    }.controller
    XCTAssertEqual(reset.shouldPerformSegue, ["showProduct": false])
    let unknown = try client.call {
      $0.configureController.controller = controllerRef("Catalog")
      $0.configureController.title = "Renamed"
      $0.configureController.shouldPerformSegue = ["showProduct": .yes, "nope": .yes]
    }
    XCTAssertEqual(unknown.error.code, .notFound)
    XCTAssertEqual(unknown.error.message, "Receiver (Catalog) has no segue with identifier 'nope'")
    let notFromStoryboard = try client.call {
      $0.createController.kind = .content
      $0.createController.identifier = "Loose"
    }
    XCTAssertEqual(notFromStoryboard.error.code, .unspecified)
    let loose = try client.call {
      $0.configureController.controller = controllerRef("Loose")
      $0.configureController.shouldPerformSegue = ["preview": .no]
    }
    XCTAssertEqual(loose.error.message, "Receiver (Loose) has no segue with identifier 'preview'")
    let catalog = try client.call { $0.listControllers = .init() }.controllers.controllers
      .first { $0.identifier == "Catalog" }
    XCTAssertEqual(catalog?.title, "Catalog")
    XCTAssertEqual(catalog?.shouldPerformSegue, ["showProduct": false])
  }

  func testAQueuedSegueAnswersWithTheDestinationItWillInstantiate() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let waiter = try TestClient(path: daemon!.socketPath, name: "waiter")
    let window = try loadShop(client)
    // The push runs; the presentation waits behind it.
    try client.call {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "showProduct"
    }
    let queued = try startSegue(client, "Product", "openCart")
    XCTAssertTrue(queued.performed)
    XCTAssertEqual(queued.operation.queuePosition, 1)
    XCTAssertNotEqual(queued.destinationID, 0)
    XCTAssertEqual(queued.operation.createdIds, [])
    // Waiting for completion: the answer also lists it as created. An
    // unwind's destination is learnt when it starts; a triggered segue
    // that is declined then says so.
    let completed = waiter.send {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "showProduct"
      $0.performSegue.notAnimated = true
      $0.waitUntil = .completed
    }
    let declined = waiter.send {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "preview"
      $0.performSegue.triggered = true
      $0.waitUntil = .started
    }
    let unwound = waiter.send {
      $0.unwind.source = controllerRef("Product")
      $0.unwind.action = "backToCatalog"
      $0.unwind.notAnimated = true
      $0.waitUntil = .completed
    }
    _ = try advance(client, window, by: 1)
    let controllers = try client.call { $0.listControllers = .init() }.controllers.controllers
    func id(_ identifier: String) -> UInt64? {
      controllers.first { $0.identifier == identifier }?.id
    }
    XCTAssertEqual(id("Cart"), queued.destinationID)
    XCTAssertEqual(controllers.first { $0.identifier == "Cart" }?.presentingID, id("Tabs"))
    let done = segueResult(try waiter.response(to: completed))
    XCTAssertTrue(done.performed)
    XCTAssertTrue(done.operation.completed)
    XCTAssertEqual(done.destinationID, id("Product-2"))
    XCTAssertEqual(done.operation.createdIds, [done.destinationID])
    let no = segueResult(try waiter.response(to: declined))
    XCTAssertFalse(no.performed)
    XCTAssertEqual(no.destinationID, 0)
    XCTAssertEqual(no.operation.createdIds, [])
    let back = segueResult(try waiter.response(to: unwound))
    XCTAssertTrue(back.performed)
    XCTAssertEqual(back.destinationID, id("Catalog"))
    XCTAssertEqual(back.operation.createdIds, [])
    XCTAssertEqual(
      back.operation.removedIds, [id("Product"), id("Product-2")].compactMap { $0 })
  }

  /// Split = [Boxes = nav[Inbox], Message]; Inbox shows Folder; Folder
  /// shows Message in the detail; Message presents Compose = nav[Draft]
  /// full screen, or Info in a popover; Message and Draft unwind to Inbox.
  private static let mail = Data(
    """
    {"name": "Mail", "initial": "Split",
     "scenes": [{"id": "Split", "kind": "split", "children": ["Boxes", "Message"]},
                {"id": "Boxes", "kind": "navigation", "children": ["Inbox"]},
                {"id": "Inbox", "unwindActions": ["backToInbox"]}, {"id": "Folder"},
                {"id": "Message"}, {"id": "Compose", "kind": "navigation", "children": ["Draft"]},
                {"id": "Draft"}, {"id": "Info", "preferredContentSize": [300, 200]}],
     "segues": [{"identifier": "folder", "source": "Inbox", "destination": "Folder", "kind": "show"},
                {"identifier": "open", "source": "Folder", "destination": "Message",
                 "kind": "showDetail"},
                {"identifier": "compose", "source": "Message", "destination": "Compose",
                 "kind": "present", "style": "fullScreen"},
                {"identifier": "info", "source": "Message", "destination": "Info", "kind": "popover",
                 "anchor": {"rect": [20, 30, 44, 44], "arrows": ["up"]}},
                {"identifier": "done", "source": "Message", "kind": "unwind", "action": "backToInbox"},
                {"identifier": "sent", "source": "Draft", "kind": "unwind", "action": "backToInbox"}]}
    """.utf8)

  func testShowDetailAndUnwindThroughASplitViewController() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let window = try client.call {
      $0.createWindow.clock = .manual
      $0.createWindow.metrics.size.width = 1024
      $0.createWindow.metrics.size.height = 768
      $0.createWindow.metrics.idiom = .pad
    }.window.id
    try client.call {
      $0.loadStoryboard.document = Self.mail
      $0.loadStoryboard.windowID = window
    }
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.categories = [.lifecycle, .presentation]
    }
    func tree() throws -> Curtain_V1_Tree { try client.call { $0.getTree.windowID = window }.tree }
    func stack() throws -> [String] {
      try tree().root.children.first?.children.map(\.identifier) ?? []
    }
    func columns() throws -> [String] { try tree().root.children.map(\.identifier) }

    // showDetail replaces the secondary.
    try segue(client, "Inbox", "folder")
    try client.sync()
    _ = client.takeEvents()
    let opened = try segue(client, "Folder", "open")
    XCTAssertEqual(opened.operation.createdIds, [opened.destinationID])
    try client.sync()
    XCTAssertEqual(
      client.takeEvents().map(\.text),
      [
        "Folder.prepare(open, Message-2)", "Message.willMove(nil)", "Message-2.willMove(Split)",
        "Message.viewWillDisappear(false)", "Message-2.viewDidLoad",
        "Message-2.viewWillAppear(false)", "Message.didMove(nil)", "Message-2.didMove(Split)",
        "Message.viewDidDisappear(false)", "Message-2.viewDidAppear(false)",
      ])
    XCTAssertEqual(try columns(), ["Boxes", "Message-2"])

    // A popover segue in the regular window: a real popover.
    let info = try startSegue(client, "Message-2", "info")
    XCTAssertEqual(info.operation.createdIds, [info.destinationID])
    XCTAssertEqual(
      try advance(client, window, by: 0.5),
      [
        "Message-2.prepare(info, Info)", "Info.presentationTransitionWillBegin", "Info.viewDidLoad",
        "Info.viewWillAppear(true)", "Info.popoverPlaced(arrow up +0 (204, 74, 316, 229))",
        "Info.presentationTransitionDidEnd(true)", "Info.viewDidAppear(true)",
      ])
    XCTAssertEqual(try tree().root.presented.presentation.style, .popover)
    try client.call {
      $0.dismiss.controller = controllerRef("Info")
      $0.dismiss.notAnimated = true
    }
    try client.sync()
    _ = client.takeEvents()

    // Expanded: from the secondary, the primary's stack pops to Inbox.
    let done = try startSegue(client, "Message-2", "done")
    XCTAssertEqual(done.operation.removedIds.count, 1)
    XCTAssertEqual(
      try advance(client, window, by: 0.35),
      [
        "Folder.canPerformUnwindSegueAction(backToInbox, from: Message-2, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Message-2, true)",
        "Message-2.prepare(done, Inbox)", "Inbox.backToInbox(from: Message-2)",
        "Folder.willMove(nil)", "Boxes.willShow(Inbox, true)", "Folder.viewWillDisappear(true)",
        "Inbox.viewWillAppear(true)", "Folder.viewDidDisappear(true)", "Inbox.viewDidAppear(true)",
        "Folder.didMove(nil)", "Boxes.didShow(Inbox, true)",
      ])
    XCTAssertEqual(try stack(), ["Inbox"])
    XCTAssertEqual(try columns(), ["Boxes", "Message-2"])

    // Across a presentation above the split.
    try segue(client, "Inbox", "folder")
    try segue(client, "Message-2", "compose")
    try client.sync()
    _ = client.takeEvents()
    let sent = try startSegue(client, "Draft", "sent")
    XCTAssertTrue(sent.performed)
    XCTAssertEqual(
      try advance(client, window, by: 1),
      [
        "Compose.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Folder-2.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Draft, true)",
        "Draft.prepare(sent, Inbox)", "Inbox.backToInbox(from: Draft)", "Folder-2.willMove(nil)",
        "Folder-2.didMove(nil)", "Compose.dismissalTransitionWillBegin",
        "Compose.viewWillDisappear(true)", "Draft.viewWillDisappear(true)",
        "Split.viewWillAppear(true)", "Boxes.viewWillAppear(true)", "Inbox.viewWillAppear(true)",
        "Message-2.viewWillAppear(true)", "Compose.dismissalTransitionDidEnd(true)",
        "Split.viewDidAppear(true)", "Boxes.viewDidAppear(true)", "Inbox.viewDidAppear(true)",
        "Message-2.viewDidAppear(true)", "Compose.viewDidDisappear(true)",
        "Draft.viewDidDisappear(true)",
      ])
    XCTAssertEqual(try stack(), ["Inbox"])
    XCTAssertFalse(try tree().root.hasPresented)

    // Collapsed: the secondary sits on the primary's stack and pops with it.
    try segue(client, "Inbox", "folder")
    try client.call {
      $0.resizeWindow.windowID = window
      $0.resizeWindow.metrics.size.width = 320
      $0.resizeWindow.metrics.size.height = 768
      $0.resizeWindow.metrics.idiom = .pad
      $0.resizeWindow.notAnimated = true
    }
    XCTAssertEqual(try stack(), ["Inbox", "Folder-3", "Message-2"])
    try client.sync()
    _ = client.takeEvents()
    try client.call {
      $0.performSegue.source = controllerRef("Message-2")
      $0.performSegue.identifier = "done"
    }
    XCTAssertEqual(
      try advance(client, window, by: 0.35),
      [
        "Folder-3.canPerformUnwindSegueAction(backToInbox, from: Message-2, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Message-2, true)",
        "Message-2.prepare(done, Inbox)", "Inbox.backToInbox(from: Message-2)",
        "Folder-3.willMove(nil)", "Message-2.willMove(nil)", "Boxes.willShow(Inbox, true)",
        "Message-2.viewWillDisappear(true)", "Inbox.viewWillAppear(true)",
        "Message-2.viewDidDisappear(true)", "Inbox.viewDidAppear(true)", "Folder-3.didMove(nil)",
        "Message-2.didMove(nil)", "Boxes.didShow(Inbox, true)",
      ])
    XCTAssertEqual(try stack(), ["Inbox"])
    XCTAssertEqual(try columns(), ["Boxes"])

    try expectNoUnwindTarget(client, window, "Inbox", "backToInbox")
  }

  func testPresentPopoverAndCustomSeguesWithTheirEvents() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let window = try loadShop(client, categories: [.presentation])
    try segue(client, "Catalog", "showProduct")
    try client.sync()
    _ = client.takeEvents()
    // present (fullScreen, coverVertical), animated.
    let cart = try startSegue(client, "Product", "openCart")
    // Cart and the CartList it embeds, instantiated right after it.
    XCTAssertEqual(cart.operation.createdIds, [cart.destinationID, cart.destinationID + 1])
    XCTAssertEqual(
      try advance(client, window, by: 0.5),
      [
        "Product.prepare(openCart, Cart)", "Cart.presentationTransitionWillBegin",
        "Cart.viewDidLoad", "CartList.viewDidLoad", "Tabs.viewWillDisappear(true)",
        "Browse.viewWillDisappear(true)", "Product.viewWillDisappear(true)",
        "Cart.viewWillAppear(true)", "CartList.viewWillAppear(true)",
        "Cart.presentationTransitionDidEnd(true)", "Cart.viewDidAppear(true)",
        "CartList.viewDidAppear(true)", "Tabs.viewDidDisappear(true)",
        "Browse.viewDidDisappear(true)", "Product.viewDidDisappear(true)",
      ])
    let presented = try client.call { $0.getTree.windowID = window }.tree.root.presented
    XCTAssertEqual(presented.identifier, "Cart")
    XCTAssertEqual(presented.presentation.style, .fullScreen)
    XCTAssertEqual(presented.presentation.transitionStyle, .coverVertical)
    try unwind(client, "CartList", "backToCatalog")
    try segue(client, "Catalog", "showProduct")
    try client.sync()
    _ = client.takeEvents()
    // custom: the animator's 0.3 s.
    try startSegue(client, "Product-2", "zoom")
    XCTAssertEqual(
      try advance(client, window, by: 0.3),
      [
        "Product-2.prepare(zoom, Gallery)", "Gallery.presentationTransitionWillBegin",
        "Gallery.viewDidLoad", "Gallery.viewWillAppear(true)",
        "Gallery.presentationTransitionDidEnd(true)", "Gallery.viewDidAppear(true)",
      ])
    try unwind(client, "Gallery", "backToCatalog")
    try client.sync()
    _ = client.takeEvents()
    // popover (adapted to a sheet in the compact window).
    try startSegue(client, "Catalog", "help")
    XCTAssertEqual(
      try advance(client, window, by: 0.5),
      [
        "Catalog.prepare(help, Help)", "Help.presentationTransitionWillBegin", "Help.viewDidLoad",
        "Help.viewWillAppear(true)", "Help.presentationTransitionDidEnd(true)",
        "Help.viewDidAppear(true)",
      ])
    let popover = try client.call { $0.getTree.windowID = window }.tree.root.presented
    XCTAssertEqual(popover.identifier, "Help")
    XCTAssertEqual(popover.presentation.requestedStyle, .popover)
  }
}
