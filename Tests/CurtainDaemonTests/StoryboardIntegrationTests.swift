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
  /// client subscribed to its lifecycle events. Returns the window id.
  private func loadShop(_ client: TestClient) throws -> UInt64 {
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
      $0.subscribe.categories = [.lifecycle]
    }
    return window
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
    let result = try client.call {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "showProduct"
      $0.waitUntil = .accepted
    }.segue
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

  func testBadDocumentsAreRefusedAndLeaveTheSessionAlone() throws {
    daemon = try TempDaemon()
    let client = try TestClient(path: daemon!.socketPath)
    let garbage = try client.call { $0.loadStoryboard.document = Data([0xff, 0x00, 0x7b]) }
    XCTAssertEqual(garbage.error.code, .invalidArgument)
    XCTAssertEqual(garbage.error.message, "The storyboard is not valid JSON")
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

    let missing = try client.call {
      $0.unwind.source = controllerRef("Checkout")
      $0.unwind.action = "backToNowhere"
    }
    XCTAssertEqual(missing.error.code, .notFound)
    XCTAssertEqual(
      missing.error.message,
      "No view controller above Checkout declares the unwind action 'backToNowhere'")

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
}
