import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Issue 4's scenarios end to end through the real `curtaind` where no
/// other daemon test covers them: every style, the built-in looks over the
/// Frame stream, adaptation on resize while presented, size transitions
/// reaching presented controllers, page turns both ways, the segue kinds
/// and a cancelled interactive dismissal.
final class EndToEndTests: XCTestCase {
  private var daemon: TempDaemon!
  private var client: TestClient!

  override func setUpWithError() throws {
    daemon = try TempDaemon()
    client = try TestClient(path: daemon.socketPath, name: "end-to-end")
  }

  override func tearDown() {
    client = nil
    let result = daemon.stop()
    XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
    XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    daemon = nil
  }

  // MARK: Styles

  func testEveryStyleInARegularAndACompactWindow() throws {
    let page = Rect(x: 58, y: 34, width: 704, height: 1146)
    let card = Rect(x: 0, y: 57, width: 390, height: 787)
    let full = [
      true: Rect(x: 0, y: 0, width: 820, height: 1180),
      false: Rect(x: 0, y: 0, width: 390, height: 844),
    ]
    // style: (style, frame, the presenter's view stays) in a regular window,
    // then in the compact one.
    typealias Outcome = (Curtain_V1_ModalPresentationStyle, Rect?, Bool)
    let cases: [(Curtain_V1_ModalPresentationStyle, Outcome, Outcome)] = [
      (.fullScreen, (.fullScreen, nil, false), (.fullScreen, nil, false)),
      (.pageSheet, (.pageSheet, page, true), (.pageSheet, card, true)),
      (
        .formSheet, (.formSheet, Rect(x: 120, y: 270, width: 580, height: 640), true),
        (.formSheet, card, true)
      ),
      (.currentContext, (.currentContext, nil, false), (.fullScreen, nil, false)),
      (.custom, (.custom, nil, true), (.custom, nil, true)),
      (.overFullScreen, (.overFullScreen, nil, true), (.overFullScreen, nil, true)),
      (.overCurrentContext, (.overCurrentContext, nil, true), (.fullScreen, nil, false)),
      (
        .popover, (.popover, Rect(x: 250, y: 350, width: 320, height: 480), true),
        (.overFullScreen, nil, true)
      ),
      (.automatic, (.pageSheet, page, true), (.pageSheet, card, true)),
    ]
    for regular in [true, false] {
      let window = try client.makeWindow(regular: regular)
      let root = "Root\(regular)"
      try client.make(.content, root)
      try client.setRoot(window, root)
      for (index, (style, inRegular, inCompact)) in cases.enumerated() {
        let (adapted, frame, stays) = regular ? inRegular : inCompact
        let name = "S\(index)\(regular)"
        let label = "\(style) \(regular ? "regular" : "compact")"
        try client.make(.content, name)
        let response = try client.present(name, on: root) { $0.style = style }
        XCTAssertTrue(response.operation.completed, "\(label): \(response.error.message)")
        let tree = try client.tree(window)
        XCTAssertEqual(tree.root.presented.identifier, name, label)
        XCTAssertEqual(tree.root.presented.presentation.presentingID, tree.root.id, label)
        XCTAssertEqual(
          tree.root.presented.presentation.requestedStyle,
          style == .automatic ? .pageSheet : style, label)
        XCTAssertEqual(tree.root.presented.presentation.style, adapted, label)
        XCTAssertEqual(
          Rect(tree.root.presented.presentation.frame), frame ?? full[regular]!, label)
        XCTAssertEqual(tree.root.viewInWindow, stays, label)
        XCTAssertEqual(tree.root.appearance, stays ? .appeared : .disappeared, label)
        try client.dismiss(name)
      }
    }
  }

  /// A regular pad window whose root is Tabs → Nav → `content`, with a
  /// second tab Other; returns its id.
  private func tabsNavigation(_ content: String) throws -> UInt64 {
    let window = try client.makeWindow(regular: true)
    try client.make(.tabBar, "Tabs")
    try client.make(.navigation, "Nav")
    try client.make(.content, content, "Other")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef(content)]
    }
    try client.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("Nav"), controllerRef("Other")]
    }
    try client.setRoot(window, "Tabs")
    return window
  }

  func testCurrentContextDefinedByTheContentControllerCoversOnlyItsArea() throws {
    let window = try tabsNavigation("X")
    try client.make(.content, "B")
    // Opaque bars, so that X's area is not the whole window (SEMANTICS §3).
    for container in ["Tabs", "Nav"] {
      try client.call {
        $0.configureController.controller = controllerRef(container)
        $0.configureController.barTranslucent = false
      }
    }
    let configured = try client.call {
      $0.configureController.controller = controllerRef("X")
      $0.configureController.definesPresentationContext = true
    }
    XCTAssertTrue(configured.controller.definesPresentationContext)
    let x = try client.tree(window).root.children[0].children[0]
    XCTAssertEqual(Rect(x.frame), Rect(x: 0, y: 74, width: 820, height: 1036))
    _ = try client.flow()
    try client.present("B", on: "X") { $0.style = .currentContext }
    XCTAssertEqual(
      try client.flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "X.viewWillDisappear(false)",
        "B.viewWillAppear(false)", "B.presentationTransitionDidEnd(true)",
        "B.viewDidAppear(false)", "X.viewDidDisappear(false)",
      ])
    let tree = try client.tree(window)
    let nav = tree.root.children[0]
    let after = nav.children[0]
    XCTAssertEqual(after.presented.identifier, "B")
    XCTAssertEqual(after.presented.presentation.presentingID, x.id)
    XCTAssertEqual(after.presented.presentation.style, .currentContext)
    XCTAssertEqual(Rect(after.presented.presentation.frame), Rect(x.frame), "X's area only")
    XCTAssertFalse(after.viewInWindow)
    XCTAssertEqual(nav.appearance, .appeared)
    XCTAssertTrue(nav.viewInWindow)
    XCTAssertEqual(tree.root.appearance, .appeared)
    XCTAssertFalse(tree.root.hasPresented)
    XCTAssertFalse(nav.hasPresented)
  }

  // MARK: Looks

  /// The state of `view` in `frame`.
  private func state(_ frame: WireFrame?, _ view: UInt64) -> Curtain_V1_ViewState? {
    frame?.views.first { $0.viewID == view }?.state
  }

  func testCoverVerticalCrossDissolveAndFlipOverTheFrameStream() throws {
    let window = try client.makeWindow(regular: false, frames: true)
    try client.make(.content, "A", "Cover", "Dissolve", "Flip")
    try client.setRoot(window, "A")
    let a = try client.tree(window).root.viewID
    func present(_ name: String, _ transition: Curtain_V1_ModalTransitionStyle) throws -> UInt64 {
      let response = try client.present(name, on: "A", animated: true) {
        $0.style = .fullScreen
        $0.transitionStyle = transition
      }
      XCTAssertNotEqual(response.operation.transitionID, 0, response.error.message)
      return try client.tree(window).root.presented.viewID
    }

    // coverVertical: from y = H to 0, 0.4 s along easeInOut.
    let cover = try present("Cover", .coverVertical)
    var start = try client.frame(window, after: 0)
    XCTAssertEqual(
      state(start, cover)?.frame, Curtain_V1_Rect(Rect(x: 0, y: 844, width: 390, height: 844)))
    XCTAssertEqual(start?.transitions.first?.percent, 0)
    var middle = try client.frame(window, after: 0.2)
    XCTAssertEqual(state(middle, cover)?.frame.y ?? .nan, 422, accuracy: 1e-6)
    XCTAssertEqual(middle?.transitions.first?.percent ?? .nan, 0.5, accuracy: 1e-9)
    var end = try client.frame(window, after: 0.2)
    XCTAssertEqual(
      state(end, cover)?.frame, Curtain_V1_Rect(Rect(x: 0, y: 0, width: 390, height: 844)))
    XCTAssertEqual(end?.transitions, [])
    try client.dismiss("Cover")

    // crossDissolve: the presented view's alpha 0 → 1, the presenter's 1 → 0.
    let dissolve = try present("Dissolve", .crossDissolve)
    start = try client.frame(window, after: 0)
    XCTAssertEqual(state(start, dissolve)?.alpha, 0)
    XCTAssertEqual(state(start, a)?.alpha, 1)
    XCTAssertEqual(
      state(start, dissolve)?.frame, Curtain_V1_Rect(Rect(x: 0, y: 0, width: 390, height: 844)))
    middle = try client.frame(window, after: 0.2)
    XCTAssertEqual(state(middle, dissolve)?.alpha ?? .nan, 0.5, accuracy: 1e-6)
    XCTAssertEqual(state(middle, a)?.alpha ?? .nan, 0.5, accuracy: 1e-6)
    end = try client.frame(window, after: 0.2)
    XCTAssertEqual(state(end, dissolve)?.alpha, 1)
    XCTAssertEqual(state(end, a)?.alpha, 0)
    try client.dismiss("Dissolve")

    // flipHorizontal: the presenter's scale-x 1 → 0 over the first half,
    // the presented view's 0 → 1 over the second.
    let flip = try present("Flip", .flipHorizontal)
    start = try client.frame(window, after: 0)
    XCTAssertEqual(state(start, a)?.transform.a, 1)
    XCTAssertEqual(state(start, flip)?.transform.a, 0)
    let quarter = try client.frame(window, after: 0.1)
    XCTAssertEqual(state(quarter, a)?.transform.a ?? .nan, 0.5, accuracy: 1e-6)
    XCTAssertEqual(state(quarter, a)?.transform.d ?? .nan, 1, accuracy: 1e-9)
    middle = try client.frame(window, after: 0.1)
    XCTAssertEqual(state(middle, a)?.transform.a ?? .nan, 0, accuracy: 1e-9)
    XCTAssertEqual(state(middle, flip)?.transform.a ?? .nan, 0, accuracy: 1e-9)
    let threeQuarters = try client.frame(window, after: 0.1)
    XCTAssertEqual(state(threeQuarters, flip)?.transform.a ?? .nan, 0.5, accuracy: 1e-6)
    end = try client.frame(window, after: 0.1)
    XCTAssertEqual(state(end, flip)?.transform, Curtain_V1_Transform(AffineTransform.identity))
    XCTAssertEqual(end?.transitions, [])
  }

  // MARK: Adaptation and size transitions

  /// SEMANTICS §4, seed 002: a compact popover is over full screen.
  func testAPresentedPopoverBecomesOverFullScreenAsTheWindowShrinks() throws {
    let window = try client.makeWindow(width: 1024, height: 768, pad: true)
    try client.make(.content, "Home", "Pop")
    try client.setRoot(window, "Home")
    try client.present("Pop", on: "Home") {
      $0.style = .popover
      $0.popover.sourceRect = Curtain_V1_Rect(Rect(x: 500, y: 20, width: 40, height: 30))
    }
    XCTAssertEqual(try client.tree(window).root.presented.presentation.style, .popover)
    _ = try client.flow()

    func resize(_ width: Double, _ height: Double) throws -> [String] {
      let resized = try client.call {
        $0.resizeWindow.windowID = window
        $0.resizeWindow.metrics = .pad(width, height)
      }
      XCTAssertNotEqual(resized.operation.transitionID, 0, resized.error.message)
      try client.advance(window, 0.4)
      return try client.flow()
    }

    // Compact width: over full screen, without placement; the presenter
    // stays.
    XCTAssertEqual(try resize(500, 768), ["Pop.adapted(overFullScreen)"])
    var info = try client.tree(window).root.presented.presentation
    XCTAssertEqual(info.requestedStyle, .popover)
    XCTAssertEqual(info.style, .overFullScreen)
    XCTAssertFalse(info.card)
    XCTAssertFalse(info.hasPopoverPlacement)
    XCTAssertEqual(Rect(info.frame), Rect(x: 0, y: 0, width: 500, height: 768))

    // Compact height too: still over full screen; the presenter's view stays.
    XCTAssertEqual(try resize(500, 400), [])
    var tree = try client.tree(window)
    XCTAssertEqual(tree.root.presented.presentation.style, .overFullScreen)
    XCTAssertEqual(
      Rect(tree.root.presented.presentation.frame), Rect(x: 0, y: 0, width: 500, height: 400))
    XCTAssertTrue(tree.root.viewInWindow)

    // Regular again: the popover, placed next to its source.
    XCTAssertEqual(
      try resize(1024, 768),
      ["Pop.adapted(popover)", "Pop.popoverPlaced(arrow left -223 (540, 10, 349, 496))"])
    tree = try client.tree(window)
    info = tree.root.presented.presentation
    XCTAssertEqual(info.style, .popover)
    XCTAssertEqual(Rect(info.frame), Rect(x: 561, y: 18, width: 320, height: 480))
    XCTAssertEqual(info.popoverPlacement.arrowDirection, 4, "left")
    XCTAssertTrue(tree.root.viewInWindow)
  }

  func testASizeTransitionReachesEveryControllerOnceWithItsNewSize() throws {
    let window = try tabsNavigation("One")
    try client.make(.content, "Sheet", "Over")
    try client.present("Sheet", on: "One") {
      $0.style = .formSheet
      $0.preferredContentSize.width = 500
      $0.preferredContentSize.height = 400
    }
    try client.present("Over", on: "Sheet") { $0.style = .overFullScreen }
    _ = try client.flow()

    let resized = try client.call {
      $0.resizeWindow.windowID = window
      $0.resizeWindow.metrics = .pad(1180, 820, safeArea: (24, 20))
    }
    XCTAssertNotEqual(resized.operation.transitionID, 0, resized.error.message)
    try client.advance(window, 0.4)
    try client.sync()
    let sizes = client.takeEvents().compactMap { event -> Curtain_V1_SizeTransitionEvent? in
      guard case .sizeTransition(let body)? = event.kind,
        body.callback == .viewWillTransitionToSize
      else { return nil }
      return body
    }
    let tree = try client.tree(window)
    // The tree first (not the unselected tab), then the presented
    // controllers, each once, with the size its view has afterwards.
    let nav = tree.root.children[0]
    let sheet = tree.root.presented
    let told = [tree.root, nav, nav.children[0], sheet, sheet.presented]
    XCTAssertEqual(told.map(\.identifier), ["Tabs", "Nav", "One", "Sheet", "Over"])
    XCTAssertEqual(sizes.map(\.controllerID), told.map(\.id))
    for (size, node) in zip(sizes, told) {
      XCTAssertEqual(size.size.width, node.frame.width, node.identifier)
      XCTAssertEqual(size.size.height, node.frame.height, node.identifier)
    }
    XCTAssertEqual(sizes.first?.size.width, 1180)
    XCTAssertEqual(sizes.first?.size.height, 820)
    XCTAssertEqual(sizes[3].size.width, 500)
    XCTAssertEqual(sizes[3].size.height, 400)
  }

  // MARK: Page turns

  func testPageTurnsForwardAndBackOverTheWire() throws {
    let window = try client.makeWindow(regular: false, frames: true)
    try client.make(.page, "Book")
    try client.make(.content, "P1", "P2")
    try client.call {
      $0.setPages.page = controllerRef("Book")
      $0.setPages.dataSource = ["P1", "P2"].map(controllerRef)
    }
    try client.setRoot(window, "Book")
    let p1 = try client.tree(window).root.children[0].viewID
    _ = try client.flow()

    func turn(reverse: Bool) throws -> (events: [String], middle: WireFrame?) {
      let turned = try client.call {
        $0.turnPage.page = controllerRef("Book")
        $0.turnPage.reverse = reverse
      }
      XCTAssertNotEqual(turned.operation.transitionID, 0, turned.error.message)
      let middle = try client.frame(window, after: 0.175)
      try client.advance(window, 0.175)
      return (try client.flow(), middle)
    }
    let forward = try turn(reverse: false)
    XCTAssertEqual(
      forward.events,
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "P2.viewDidLoad", "P1.viewWillDisappear(true)",
        "P2.viewWillAppear(true)", "P1.viewDidDisappear(true)", "P2.viewDidAppear(true)",
        "P1.didMove(nil)", "P2.didMove(Book)",
      ])
    var tree = try client.tree(window)
    XCTAssertEqual(tree.root.children.map(\.identifier), ["P2"])
    XCTAssertEqual(
      state(forward.middle, tree.root.children[0].viewID)?.frame.x ?? .nan, 195, accuracy: 1e-9)

    // Back: P1 comes in from the left.
    let back = try turn(reverse: true)
    XCTAssertEqual(
      back.events,
      [
        "P2.willMove(nil)", "P1.willMove(Book)", "P2.viewWillDisappear(true)",
        "P1.viewWillAppear(true)", "P2.viewDidDisappear(true)", "P1.viewDidAppear(true)",
        "P2.didMove(nil)", "P1.didMove(Book)",
      ])
    XCTAssertEqual(state(back.middle, p1)?.frame.x ?? .nan, -195, accuracy: 1e-9)
    tree = try client.tree(window)
    XCTAssertEqual(tree.root.children.map(\.identifier), ["P1"])
    let refused = try client.call {
      $0.turnPage.page = controllerRef("Book")
      $0.turnPage.reverse = true
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertEqual(refused.error.message, "There is no page before P1 in Book's data source")
  }

  // MARK: Segues

  @discardableResult
  private func segue(_ source: String, _ identifier: String) throws -> Curtain_V1_SegueResult {
    let response = try client.call {
      $0.performSegue.source = controllerRef(source)
      $0.performSegue.identifier = identifier
      $0.performSegue.notAnimated = true
    }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
    return response.segue
  }

  func testPresentPopoverAndCustomSeguesOverTheWire() throws {
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    try client.call {
      $0.loadStoryboard.document = try! StoryboardIntegrationTests.example
      $0.loadStoryboard.windowID = window
    }
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
    }

    // popover: anchored to the source's rect, up only; over full screen in
    // compact.
    let help = try segue("Catalog", "help")
    XCTAssertTrue(help.performed)
    var tree = try client.tree(window)
    var info = tree.root.presented.presentation
    XCTAssertEqual(tree.root.presented.id, help.destinationID)
    XCTAssertEqual(info.requestedStyle, .popover)
    XCTAssertEqual(info.style, .overFullScreen)
    XCTAssertEqual(Rect(info.sourceRect), Rect(x: 340, y: 0, width: 44, height: 44))
    XCTAssertEqual(info.permittedArrowDirections, 1, "up")
    XCTAssertEqual(
      Array(try client.flow().prefix(2)),
      ["Catalog.prepare(help, Help)", "Help.presentationTransitionWillBegin"])
    try client.dismiss("Help")

    // custom: the storyboard's animator (alpha, 0.3 s), in the custom style
    // (the only one, with fullScreen, that takes an animator).
    try segue("Catalog", "showProduct")
    _ = try client.flow()
    let zoom = try client.call {
      $0.performSegue.source = controllerRef("Product")
      $0.performSegue.identifier = "zoom"
    }.segue
    XCTAssertNotEqual(zoom.operation.transitionID, 0)
    try client.sync()
    let began = client.takeEvents().compactMap { event -> Curtain_V1_TransitionEvent? in
      guard case .transition(let body)? = event.kind, body.phase == .began else { return nil }
      return body
    }
    XCTAssertEqual(began.map(\.duration), [0.3])
    XCTAssertEqual(began.first?.toID, zoom.destinationID)
    try client.advance(window, 0.3)
    tree = try client.tree(window)
    XCTAssertEqual(tree.root.presented.identifier, "Gallery")
    XCTAssertEqual(tree.root.presented.presentation.style, .custom)
    XCTAssertFalse(zoom.operation.animatorNotUsed)
    try client.dismiss("Gallery")

    // present: fullScreen from Product, resolved to the tab bar controller.
    _ = try client.flow()
    let cart = try segue("Product", "openCart")
    XCTAssertEqual(
      try client.flow(),
      [
        "Product.prepare(openCart, Cart)", "Cart.presentationTransitionWillBegin",
        "Cart.viewDidLoad", "CartList.viewDidLoad", "Tabs.viewWillDisappear(false)",
        "Browse.viewWillDisappear(false)", "Product.viewWillDisappear(false)",
        "Cart.viewWillAppear(false)", "CartList.viewWillAppear(false)",
        "Cart.presentationTransitionDidEnd(true)", "Cart.viewDidAppear(false)",
        "CartList.viewDidAppear(false)", "Tabs.viewDidDisappear(false)",
        "Browse.viewDidDisappear(false)", "Product.viewDidDisappear(false)",
      ])
    info = try client.tree(window).root.presented.presentation
    XCTAssertEqual(info.presentingID, try client.tree(window).root.id)
    XCTAssertEqual(info.style, .fullScreen)
    XCTAssertEqual(info.transitionStyle, .coverVertical)
    XCTAssertEqual(try client.tree(window).root.presented.id, cart.destinationID)
  }

  func testAnUnwindWithNoTargetIsNotFoundAndChangesNothing() throws {
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    try client.call {
      $0.loadStoryboard.document = try! StoryboardIntegrationTests.example
      $0.loadStoryboard.windowID = window
    }
    try segue("Catalog", "showProduct")
    try segue("Product", "openCart")
    let before = try client.tree(window)
    try client.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
    }
    let missing = try client.call {
      $0.unwind.source = controllerRef("CartList")
      $0.unwind.action = "backToNowhere"
    }
    XCTAssertEqual(missing.error.code, .notFound)
    XCTAssertEqual(
      missing.error.message,
      "No view controller above CartList declares the unwind action 'backToNowhere'")
    XCTAssertEqual(try client.tree(window), before, "nothing changed")
    try client.sync()
    XCTAssertEqual(client.takeEvents().map(\.text), [], "a refused unwind emits nothing")
  }

  func testAShowDetailSegueReplacesTheSplitsSecondary() throws {
    let document = Data(
      """
      {
        "name": "Mail", "initial": "Split",
        "scenes": [
          { "id": "Split", "kind": "split", "children": ["Inbox", "Empty"] },
          { "id": "Inbox" }, { "id": "Empty" }, { "id": "Message" }
        ],
        "segues": [
          { "identifier": "open", "source": "Inbox", "destination": "Message", "kind": "showDetail" }
        ]
      }
      """.utf8)
    let window = try client.makeWindow(width: 1024, height: 768, pad: true)
    let loaded = try client.call {
      $0.loadStoryboard.document = document
      $0.loadStoryboard.windowID = window
    }
    XCTAssertEqual(loaded.error.code, .unspecified, loaded.error.message)
    XCTAssertEqual(
      try client.tree(window).root.children.map(\.identifier), ["Inbox", "Empty"])
    _ = try client.flow()
    let open = try segue("Inbox", "open")
    XCTAssertTrue(open.performed)
    XCTAssertEqual(
      try client.flow(),
      [
        "Inbox.prepare(open, Message)", "Empty.willMove(nil)", "Message.willMove(Split)",
        "Empty.viewWillDisappear(false)", "Message.viewDidLoad", "Message.viewWillAppear(false)",
        "Empty.didMove(nil)", "Message.didMove(Split)", "Empty.viewDidDisappear(false)",
        "Message.viewDidAppear(false)",
      ])
    let tree = try client.tree(window)
    XCTAssertEqual(tree.root.children.map(\.identifier), ["Inbox", "Message"])
    XCTAssertEqual(tree.root.children[1].id, open.destinationID)
    XCTAssertFalse(tree.root.hasPresented, "the split shows it: nothing is presented")
  }

  // MARK: Interaction

  func testAnInteractiveDismissCancelledThenFinished() throws {
    let window = try client.makeWindow(regular: false)
    try client.make(.content, "A", "B")
    try client.setRoot(window, "A")
    try client.present("B", on: "A") { $0.style = .fullScreen }
    _ = try client.flow()

    func begin() throws -> UInt64 {
      let begun = try client.call {
        $0.beginInteractive.kind = .dismiss
        $0.beginInteractive.controller = controllerRef("B")
      }
      XCTAssertNotEqual(begun.operation.transitionID, 0, begun.error.message)
      try client.call {
        $0.updateInteractive.windowID = window
        $0.updateInteractive.transitionID = begun.operation.transitionID
        $0.updateInteractive.percent = 0.5
      }
      return begun.operation.transitionID
    }
    func end(_ transition: UInt64, cancel: Bool) throws {
      try client.call {
        if cancel {
          $0.cancelInteractive.windowID = window
          $0.cancelInteractive.transitionID = transition
        } else {
          $0.finishInteractive.windowID = window
          $0.finishInteractive.transitionID = transition
        }
      }
      try client.advance(window, 1)
    }

    try end(try begin(), cancel: true)
    XCTAssertEqual(
      try client.flow(),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
        "B.dismissalTransitionDidEnd(false)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
      ])
    var tree = try client.tree(window)
    XCTAssertEqual(tree.root.presented.identifier, "B", "still presented")
    XCTAssertFalse(tree.root.viewInWindow, "the presenter's view is out again")
    XCTAssertEqual(tree.root.appearance, .disappeared)

    try end(try begin(), cancel: false)
    XCTAssertEqual(
      try client.flow(),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
        "B.dismissalTransitionDidEnd(true)", "A.viewDidAppear(true)", "B.viewDidDisappear(true)",
      ])
    tree = try client.tree(window)
    XCTAssertFalse(tree.root.hasPresented)
    XCTAssertTrue(tree.root.viewInWindow)
  }
}
