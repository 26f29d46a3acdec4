import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Modal presentation over the real protocol: the real `curtaind` on a
/// temporary socket, Present/Dismiss/ConfigureController requests, the
/// presentation events' payloads and the tree's presentation info.
final class PresentationIntegrationTests: XCTestCase {
  private var daemon: TempDaemon!
  private var client: TestClient!

  override func setUpWithError() throws {
    daemon = try TempDaemon(arguments: ["--queue-limit", "2"])
    client = try TestClient(path: daemon.socketPath, name: "presentation")
  }

  override func tearDown() {
    client = nil
    let result = daemon.stop()
    XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
    XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    daemon = nil
  }

  // MARK: Helpers

  /// A manual-clock window, regular × regular 820 × 1180 (safe area 24/20)
  /// or the default compact phone, subscribed to its events.
  private func makeWindow(regular: Bool) throws -> UInt64 {
    try client.makeWindow(regular: regular)
  }

  /// Creates controllers named `names` of `kind`.
  private func make(_ kind: Curtain_V1_ControllerKind = .content, _ names: String...) throws {
    try client.make(kind, names)
  }

  private func setRoot(_ window: UInt64, _ name: String) throws {
    try client.setRoot(window, name)
  }

  /// Sends Present and returns the response.
  @discardableResult
  private func present(
    _ controller: String, on presenter: String, animated: Bool = false,
    _ configure: (inout Curtain_V1_Present) -> Void = { _ in }
  ) throws -> WireResponse {
    try client.present(controller, on: presenter, animated: animated, configure)
  }

  @discardableResult
  private func dismiss(_ controller: String, animated: Bool = false) throws -> WireResponse {
    try client.call {
      $0.dismiss.controller = controllerRef(controller)
      $0.dismiss.notAnimated = !animated
    }
  }

  /// Ends an interactive transition of `window`: finish or cancel.
  @discardableResult
  private func end(
    _ window: UInt64, _ transition: UInt64, cancel: Bool, by sender: TestClient? = nil
  ) throws -> WireResponse {
    try (sender ?? client).call {
      if cancel {
        $0.cancelInteractive.windowID = window
        $0.cancelInteractive.transitionID = transition
      } else {
        $0.finishInteractive.windowID = window
        $0.finishInteractive.transitionID = transition
      }
    }
  }

  /// Drives an interactive transition to 50%, cancels it and lets the
  /// cancellation play out.
  private func scrubToTheMiddleAndCancel(_ window: UInt64, _ transition: UInt64) throws {
    try client.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = 0.5
    }
    try end(window, transition, cancel: true)
    try advance(window, 1)
  }

  private func advance(_ window: UInt64, _ seconds: Double) throws {
    try client.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = seconds
    }
  }

  private func tree(_ window: UInt64) throws -> Curtain_V1_Tree {
    try client.call { $0.getTree.windowID = window }.tree
  }

  /// Lifecycle and presentation event texts since the last call.
  private func flow() throws -> [String] {
    try client.sync()
    return client.takeEvents().filter { $0.category == .lifecycle || $0.category == .presentation }
      .map(\.text)
  }

  private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double)
    -> Curtain_V1_Rect
  {
    Curtain_V1_Rect(Rect(x: x, y: y, width: width, height: height))
  }

  /// The node of the controller presented by the window's root chain, the
  /// `depth`th one up.
  private func presentedNode(_ tree: Curtain_V1_Tree, depth: Int = 1) -> Curtain_V1_ControllerNode {
    var node = tree.root
    for _ in 0..<depth { node = node.presented }
    return node
  }

  // MARK: Styles

  func testSheetStylesInARegularAndACompactWindow() throws {
    for regular in [true, false] {
      let window = try makeWindow(regular: regular)
      let a = "A\(regular)"
      let b = "B\(regular)"
      try make(.content, a, b)
      try setRoot(window, a)
      _ = try flow()
      let formSheet = try present(b, on: a) { $0.style = .formSheet }
      XCTAssertTrue(formSheet.operation.completed, formSheet.error.message)
      let node = presentedNode(try tree(window))
      XCTAssertEqual(node.identifier, b)
      XCTAssertEqual(node.presentation.requestedStyle, .formSheet)
      XCTAssertEqual(node.presentation.style, .formSheet)
      XCTAssertEqual(node.presentation.card, !regular)
      XCTAssertEqual(node.presentation.transitionStyle, .coverVertical)
      XCTAssertEqual(
        node.presentation.frame, regular ? rect(120, 270, 580, 640) : rect(0, 57, 390, 787))
      XCTAssertEqual(node.frame, node.presentation.frame)
      XCTAssertEqual(try tree(window).root.appearance, .appeared, "a sheet keeps the presenter")
      XCTAssertEqual(
        try flow(),
        [
          "\(b).presentationTransitionWillBegin", "\(b).viewDidLoad",
          "\(b).viewWillAppear(false)", "\(b).presentationTransitionDidEnd(true)",
          "\(b).viewDidAppear(false)",
        ])
      try dismiss(b)
      XCTAssertEqual(
        try flow(),
        [
          "\(b).dismissalTransitionWillBegin", "\(b).viewWillDisappear(false)",
          "\(b).dismissalTransitionDidEnd(true)", "\(b).viewDidDisappear(false)",
        ])
      XCTAssertFalse(try tree(window).root.hasPresented)
    }
  }

  func testAnimatedFullScreenPresentAndDismissOnTheManualClock() throws {
    let window = try makeWindow(regular: false)
    try make(.content, "A", "B")
    try setRoot(window, "A")
    _ = try flow()
    let accepted = try present("B", on: "A", animated: true) {
      $0.style = .fullScreen
      $0.transitionStyle = .crossDissolve
    }
    XCTAssertFalse(accepted.operation.completed)
    XCTAssertNotEqual(accepted.operation.transitionID, 0)
    try advance(window, 0.2)
    let middle = try client.call {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    XCTAssertEqual(middle.root.appearance, .disappearing)
    XCTAssertEqual(presentedNode(middle).appearance, .appearing)
    try advance(window, 0.2)
    try client.sync()
    let events = client.takeEvents()
    let presentation = events.filter { $0.category == .presentation }
    XCTAssertEqual(
      presentation.map(\.presentation.phase), [.presentationWillBegin, .presentationDidEnd])
    XCTAssertEqual(
      presentation.map(\.presentation.presentedID),
      [presentedNode(middle).id, presentedNode(middle).id])
    XCTAssertEqual(presentation.map(\.presentation.presentingID), [middle.root.id, middle.root.id])
    XCTAssertEqual(presentation.last?.presentation.completed, true)
    XCTAssertEqual(
      events.filter { $0.category == .lifecycle || $0.category == .presentation }.map(\.text),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "B.presentationTransitionDidEnd(true)",
        "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
      ])
    let presented = try tree(window)
    XCTAssertEqual(presented.root.appearance, .disappeared)
    XCTAssertFalse(presented.root.viewInWindow, "fullScreen removes the presenter's view")
    XCTAssertEqual(presentedNode(presented).presentation.transitionStyle, .crossDissolve)
    XCTAssertEqual(presentedNode(presented).presentation.frame, rect(0, 0, 390, 844))

    try dismiss("B", animated: true)
    try advance(window, 0.4)
    XCTAssertEqual(
      try flow(),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)",
        "A.viewWillAppear(true)", "B.dismissalTransitionDidEnd(true)",
        "A.viewDidAppear(true)", "B.viewDidDisappear(true)",
      ])
    let after = try tree(window)
    XCTAssertTrue(after.root.viewInWindow)
    XCTAssertFalse(after.root.hasPresented)
  }

  func testChainDismissalFromTheBottom() throws {
    let window = try makeWindow(regular: false)
    try make(.content, "A", "B", "C")
    try setRoot(window, "A")
    try present("B", on: "A") { $0.style = .fullScreen }
    try present("C", on: "B") { $0.style = .overFullScreen }
    let chain = try tree(window)
    XCTAssertEqual(presentedNode(chain, depth: 2).identifier, "C")
    XCTAssertEqual(
      presentedNode(chain, depth: 2).presentation.presentingID, presentedNode(chain).id)
    _ = try flow()
    let response = try dismiss("A", animated: true)
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
    try advance(window, 0.4)
    XCTAssertEqual(
      try flow(),
      [
        "C.dismissalTransitionWillBegin", "B.dismissalTransitionWillBegin",
        "C.viewWillDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
        "C.dismissalTransitionDidEnd(true)", "B.dismissalTransitionDidEnd(true)",
        "A.viewDidAppear(true)", "C.viewDidDisappear(true)", "B.viewDidDisappear(true)",
      ])
    XCTAssertFalse(try tree(window).root.hasPresented)
    let info = try client.call { $0.listControllers = Curtain_V1_ListControllers() }
    for controller in info.controllers.controllers {
      XCTAssertEqual(controller.presentingID, 0, controller.identifier)
      XCTAssertEqual(controller.presentedID, 0, controller.identifier)
    }
  }

  func testPresenterResolutionInsideTabNavigationContent() throws {
    let window = try makeWindow(regular: true)
    try make(.tabBar, "Tabs")
    try make(.navigation, "Nav")
    try make(.content, "Home", "Other", "Context", "Full")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Home")]
    }
    try client.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("Nav"), controllerRef("Other")]
    }
    try setRoot(window, "Tabs")
    let configured = try client.call {
      $0.configureController.controller = controllerRef("Nav")
      $0.configureController.definesPresentationContext = true
    }
    XCTAssertTrue(configured.controller.definesPresentationContext)
    let before = try tree(window)
    let nav = before.root.children[0]

    // A full-screen style goes to the top of the window.
    try present("Full", on: "Home") { $0.style = .overFullScreen }
    let full = try tree(window)
    XCTAssertEqual(full.root.presented.identifier, "Full")
    XCTAssertEqual(full.root.presented.presentation.presentingID, before.root.id)
    XCTAssertTrue(
      full.description_p.contains("presented by c\(before.root.id) as overFullScreen"),
      full.description_p)
    try dismiss("Full")

    let response = try present("Context", on: "Home") { $0.style = .currentContext }
    XCTAssertTrue(response.operation.completed, response.error.message)
    let after = try tree(window)
    let navAfter = after.root.children[0]
    XCTAssertEqual(navAfter.presented.identifier, "Context", "Nav defines the context")
    XCTAssertEqual(navAfter.presented.presentation.presentingID, nav.id)
    XCTAssertEqual(navAfter.presented.presentation.style, .currentContext)
    XCTAssertEqual(navAfter.presented.frame, nav.frame, "only the content area is covered")
    XCTAssertFalse(navAfter.viewInWindow)
    XCTAssertEqual(after.root.appearance, .appeared, "the tab bar controller stays")
    XCTAssertFalse(after.root.hasPresented)
  }

  func testPopoverSourceOverTheWire() throws {
    let window = try makeWindow(regular: true)
    try make(.content, "A", "Menu", "Sheet")
    try setRoot(window, "A")
    let viewID = try tree(window).root.viewID
    let response = try present("Menu", on: "A") {
      $0.style = .popover
      $0.preferredContentSize.width = 200
      $0.preferredContentSize.height = 300
      $0.popover.sourceViewID = viewID
      $0.popover.sourceRect = self.rect(10, 20, 44, 44)
      $0.popover.permittedArrowDirections = 3
    }
    XCTAssertTrue(response.operation.completed, response.error.message)
    let info = presentedNode(try tree(window)).presentation
    XCTAssertEqual(info.style, .popover)
    XCTAssertEqual(info.sourceViewID, viewID)
    XCTAssertEqual(info.sourceRect, rect(10, 20, 44, 44))
    XCTAssertEqual(info.permittedArrowDirections, 3)
    XCTAssertEqual(info.frame.width, 200)
    XCTAssertEqual(info.frame.height, 300)
    try dismiss("Menu")

    let unknown = try present("Menu", on: "A") {
      $0.style = .popover
      $0.popover.sourceViewID = 9999
    }
    XCTAssertEqual(unknown.error.code, .notFound)
    XCTAssertEqual(unknown.error.message, "No view v9999")
    let notPopover = try present("Sheet", on: "A") {
      $0.style = .formSheet
      $0.popover.sourceRect = self.rect(0, 0, 1, 1)
    }
    XCTAssertEqual(notPopover.error.code, .invalidArgument)
    XCTAssertEqual(
      notPopover.error.message,
      "A popover source applies only to popover presentations; Sheet is presented as formSheet")
    let badArrows = try present("Menu", on: "A") {
      $0.style = .popover
      $0.popover.permittedArrowDirections = 16
    }
    XCTAssertEqual(badArrows.error.code, .invalidArgument)
  }

  /// The alpha on screen now of the first view with `role`.
  private func presentationAlpha(_ window: UInt64, role: String) throws -> Double? {
    let tree = try client.call {
      $0.getTree.windowID = window
      $0.getTree.presentation = true
    }.tree
    func find(_ node: Curtain_V1_ViewNode) -> Curtain_V1_ViewNode? {
      if node.role == role { return node }
      return node.subviews.lazy.compactMap(find).first
    }
    return find(tree.view)?.state.alpha
  }

  func testCustomPresentationDescribedOverTheWire() throws {
    let window = try makeWindow(regular: false)
    try make(.content, "A", "Panel", "Sheet")
    try setRoot(window, "A")
    _ = try flow()
    let accepted = try present("Panel", on: "A", animated: true) {
      $0.style = .custom
      $0.custom.frame = self.rect(20, 100, 350, 400)
      $0.custom.dimmingAlpha = 0.5
      $0.custom.removesPresenterView = true
    }
    XCTAssertEqual(accepted.error.code, .unspecified, accepted.error.message)
    XCTAssertEqual(try presentationAlpha(window, role: "dimming"), 0)
    try advance(window, 0.2)
    XCTAssertEqual(try presentationAlpha(window, role: "dimming") ?? .nan, 0.25, accuracy: 1e-9)
    try advance(window, 0.2)
    XCTAssertEqual(try presentationAlpha(window, role: "dimming"), 0.5)
    XCTAssertEqual(
      try flow(),
      [
        "Panel.presentationTransitionWillBegin", "Panel.viewDidLoad",
        "A.viewWillDisappear(true)", "Panel.viewWillAppear(true)",
        "Panel.presentationTransitionDidEnd(true)", "Panel.viewDidAppear(true)",
        "A.viewDidDisappear(true)",
      ])
    let presented = try tree(window)
    XCTAssertFalse(presented.root.viewInWindow, "the description removes the presenter's view")
    let info = presentedNode(presented).presentation
    XCTAssertEqual(info.style, .custom)
    XCTAssertEqual(info.frame, rect(20, 100, 350, 400))
    XCTAssertEqual(info.custom.frame, rect(20, 100, 350, 400))
    XCTAssertEqual(info.custom.dimmingAlpha, 0.5)
    XCTAssertTrue(info.custom.removesPresenterView)

    try dismiss("Panel", animated: true)
    try advance(window, 0.4)
    XCTAssertEqual(
      try flow(),
      [
        "Panel.dismissalTransitionWillBegin", "Panel.viewWillDisappear(true)",
        "A.viewWillAppear(true)", "Panel.dismissalTransitionDidEnd(true)",
        "A.viewDidAppear(true)", "Panel.viewDidDisappear(true)",
      ])
    XCTAssertTrue(try tree(window).root.viewInWindow)
    XCTAssertNil(try presentationAlpha(window, role: "dimming"))

    let notCustom = try present("Sheet", on: "A") {
      $0.style = .formSheet
      $0.custom.removesPresenterView = true
    }
    XCTAssertEqual(notCustom.error.code, .invalidArgument)
    XCTAssertEqual(
      notCustom.error.message,
      "A custom presentation description applies only to custom presentations; "
        + "Sheet is presented as formSheet")
    let empty = try present("Sheet", on: "A") {
      $0.style = .custom
      $0.custom.frame = self.rect(0, 0, 0, 10)
    }
    XCTAssertEqual(empty.error.code, .invalidArgument)
    XCTAssertEqual(
      empty.error.message,
      "A custom presentation's frame must be finite with a positive width and height, "
        + "got (0, 0, 0, 10)")
    XCTAssertFalse(try tree(window).root.hasPresented)
  }

  /// A regular window whose root is Nav [A, Ctx]; Ctx defines the
  /// presentation context and presents X over it. Returns the window.
  private func contextPresentationOnTop() throws -> UInt64 {
    let window = try makeWindow(regular: true)
    try make(.navigation, "Nav")
    try make(.content, "A", "Ctx", "X")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A"), controllerRef("Ctx")]
      $0.setStack.notAnimated = true
    }
    try setRoot(window, "Nav")
    try client.call {
      $0.configureController.controller = controllerRef("Ctx")
      $0.configureController.definesPresentationContext = true
    }
    try present("X", on: "Ctx") { $0.style = .overCurrentContext }
    return window
  }

  func testPoppingAPresenterEndsItsPresentationOverTheWire() throws {
    let window = try contextPresentationOnTop()
    let ctx = try tree(window).root.children[1]
    XCTAssertEqual(ctx.presented.identifier, "X")
    XCTAssertEqual(ctx.presented.presentation.presentingID, ctx.id)
    _ = try flow()
    try client.call {
      $0.pop.navigation = controllerRef("Nav")
      $0.pop.notAnimated = true
    }
    XCTAssertEqual(
      Array(try flow().prefix(5)),
      [
        "Ctx.willMove(nil)", "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
        "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)",
      ])
    let after = try client.call { $0.listControllers = Curtain_V1_ListControllers() }
    let x = after.controllers.controllers.first { $0.identifier == "X" }
    XCTAssertEqual(x?.presentingID, 0)
    XCTAssertEqual(x?.windowID, 0, "X left the window with its presenter")
  }

  func testACancelledInteractivePopBringsBackThePresentationOverTheWire() throws {
    let window = try contextPresentationOnTop()
    let before = try tree(window)
    _ = try flow()
    let begun = try client.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }
    let transition = begun.operation.transitionID
    XCTAssertNotEqual(transition, 0, begun.error.message)
    XCTAssertEqual(
      try flow(),
      [
        "Ctx.willMove(nil)", "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
        "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)", "A.viewDidLoad",
        "Nav.willShow(A, true)", "Ctx.viewWillDisappear(true)", "A.viewWillAppear(true)",
      ])
    try scrubToTheMiddleAndCancel(window, transition)
    XCTAssertEqual(
      try flow(),
      [
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "Ctx.viewWillAppear(true)",
        "Ctx.viewDidAppear(true)", "Ctx.didMove(Nav)", "X.presentationTransitionWillBegin",
        "X.viewWillAppear(false)", "X.presentationTransitionDidEnd(true)",
        "X.viewDidAppear(false)",
      ])
    let after = try tree(window)
    XCTAssertEqual(after.root.children.map(\.identifier), ["A", "Ctx"])
    XCTAssertEqual(after.root.children[1], before.root.children[1], "Ctx and X as before")

    // Finished, the presentation stays dismissed.
    let again = try client.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }.operation.transitionID
    try end(window, again, cancel: false)
    try advance(window, 1)
    let popped = try tree(window)
    XCTAssertEqual(popped.root.children.map(\.identifier), ["A"])
    let x = try client.call { $0.listControllers = Curtain_V1_ListControllers() }.controllers
      .controllers.first { $0.identifier == "X" }
    XCTAssertEqual(x?.presentingID, 0)
    XCTAssertEqual(x?.windowID, 0)
  }

  // MARK: Interaction

  func testInteractivePresentAndDismissOverTheWire() throws {
    let window = try makeWindow(regular: false)
    try make(.content, "A", "B")
    try setRoot(window, "A")
    _ = try flow()
    let begun = try client.call {
      $0.beginInteractive.kind = .present
      $0.beginInteractive.present.presenter = controllerRef("A")
      $0.beginInteractive.present.controller = controllerRef("B")
      $0.beginInteractive.present.style = .fullScreen
    }
    let presenting = begun.operation.transitionID
    XCTAssertNotEqual(presenting, 0, begun.error.message)
    try scrubToTheMiddleAndCancel(window, presenting)
    XCTAssertEqual(
      try flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "B.presentationTransitionDidEnd(false)",
        "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)",
        "A.viewDidAppear(true)",
      ])
    XCTAssertFalse(try tree(window).root.hasPresented, "the cancelled presentation left nothing")

    try present("B", on: "A") { $0.style = .pageSheet }
    _ = try flow()
    let dismissing = try client.call {
      $0.beginInteractive.kind = .dismiss
      $0.beginInteractive.controller = controllerRef("B")
    }.operation.transitionID
    XCTAssertNotEqual(dismissing, 0)
    let other = try TestClient(path: daemon.socketPath, name: "other")
    XCTAssertEqual(try end(window, dismissing, cancel: false, by: other).error.code, .notOwner)
    try end(window, dismissing, cancel: false)
    try advance(window, 1)
    XCTAssertEqual(
      try flow(),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)",
        "B.dismissalTransitionDidEnd(true)", "B.viewDidDisappear(true)",
      ])
    XCTAssertFalse(try tree(window).root.hasPresented)

    let nothing = try client.call {
      $0.beginInteractive.kind = .dismiss
      $0.beginInteractive.controller = controllerRef("A")
    }
    XCTAssertEqual(nothing.error.code, .invalidArgument)
    XCTAssertEqual(
      nothing.error.message,
      "A presents nothing and is not presented, so there is nothing to dismiss")
  }

  func testTheOwnersDisconnectCancelsAnInteractiveDismissal() throws {
    let window = try makeWindow(regular: false)
    try make(.content, "A", "B")
    try setRoot(window, "A")
    try present("B", on: "A") { $0.style = .fullScreen }
    var owner: TestClient? = try TestClient(path: daemon.socketPath, name: "owner")
    let begun = try owner!.call {
      $0.beginInteractive.kind = .dismiss
      $0.beginInteractive.controller = controllerRef("B")
    }
    XCTAssertNotEqual(begun.operation.transitionID, 0, begun.error.message)
    _ = try flow()
    owner = nil
    try client.call { $0.waitIdle.windowID = window }
    XCTAssertEqual(
      try flow(),
      [
        "B.dismissalTransitionDidEnd(false)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
      ])
    XCTAssertEqual(presentedNode(try tree(window)).identifier, "B", "still presented")
  }

  // MARK: Errors

  func testEveryPresentationErrorOverTheWire() throws {
    let window = try makeWindow(regular: false)
    try make(.navigation, "Nav")
    try make(.content, "A", "B", "C", "Child", "Away", "Curl", "Stray")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Child"), controllerRef("A")]
      $0.setStack.notAnimated = true
    }
    try setRoot(window, "Nav")
    try present("B", on: "A") { $0.style = .overFullScreen }
    let revision = try tree(window).window.revision

    func check(
      _ response: WireResponse, _ code: WireErrorCode, _ message: String,
      line: UInt = #line
    ) throws {
      XCTAssertEqual(response.error.code, code, response.error.message, line: line)
      XCTAssertEqual(response.error.message, message, line: line)
      XCTAssertEqual(try tree(window).window.revision, revision, "nothing changed", line: line)
    }
    try check(
      try present("C", on: "A"), .alreadyPresenting,
      "Attempt to present C on Nav which is already presenting B")
    try check(
      try present("B", on: "C"), .invalidArgument,
      "Application tried to present modally a view controller B that is already being "
        + "presented by Nav.")
    try check(
      try present("Child", on: "B"), .invalidArgument,
      "Application tried to present modally a view controller Child that has a parent view "
        + "controller Nav.")
    try check(
      try present("B", on: "B"), .invalidArgument,
      "Application tried to present modally an active controller B.")
    try check(
      try present("C", on: "Away"), .notInWindow,
      "Attempt to present C on Away whose view is not in the window hierarchy")
    try check(
      try present("Curl", on: "B") {
        $0.style = .formSheet
        $0.transitionStyle = .partialCurl
      }, .invalidArgument,
      "Application tried to present UIModalTransitionStylePartialCurl to or from "
        + "non-fullscreen view controller Curl.")
    try check(
      try present("C", on: "B") { $0.style = ModalStyle.none }, .invalidArgument,
      "none is an adaptive style, not a modal presentation style")
    try check(
      try present("C", on: "B") {
        $0.preferredContentSize.width = -1
      }, .invalidArgument,
      "preferredContentSize must be finite, non-negative and at most 100000 points, got -1×0")
    try check(
      try client.call {
        $0.present.presenter = controllerRef("B")
        $0.present.controller = controllerRef("Nobody")
      }, .notFound, "No view controller @Nobody")

    // A partialCurl presentation cannot present.
    try present("Curl", on: "B") {
      $0.style = .fullScreen
      $0.transitionStyle = .partialCurl
    }
    let curled = try tree(window).window.revision
    let refused = try present("C", on: "Curl")
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertEqual(
      refused.error.message,
      "Curl was presented with UIModalTransitionStylePartialCurl and cannot present C")
    XCTAssertEqual(try tree(window).window.revision, curled)
    try dismiss("A")
    XCTAssertFalse(try tree(window).root.hasPresented, "B and Curl went")

    // While a presentation runs, presents wait in the queue; a full queue is BUSY.
    try present("C", on: "A", animated: true)
    let queued = try present("Stray", on: "C")
    XCTAssertEqual(queued.operation.queuePosition, 1)
    XCTAssertEqual(try dismiss("C").operation.queuePosition, 2, "dismisses what C presents")
    let busy = try present("Curl", on: "A")
    XCTAssertEqual(busy.error.code, .busy, busy.error.message)
    XCTAssertEqual(
      busy.error.message, "Window w\(window) is busy: 2 operations are already waiting")
    try advance(window, 2)
    try client.call { $0.waitIdle.windowID = window }
    let end = try tree(window)
    XCTAssertEqual(presentedNode(end).identifier, "C")
    XCTAssertFalse(presentedNode(end).hasPresented, "Stray was presented, then dismissed")
  }

  func testConfigureControllerPresentationProperties() throws {
    _ = try makeWindow(regular: false)
    try make(.content, "A")
    let configured = try client.call {
      $0.configureController.controller = controllerRef("A")
      $0.configureController.modalPresentationStyle = .formSheet
      $0.configureController.modalTransitionStyle = .flipHorizontal
      $0.configureController.providesPresentationContextTransitionStyle = true
      $0.configureController.preferredContentSize.width = 300
      $0.configureController.preferredContentSize.height = 200
    }.controller
    XCTAssertEqual(configured.modalPresentationStyle, .formSheet)
    XCTAssertEqual(configured.modalTransitionStyle, .flipHorizontal)
    XCTAssertTrue(configured.providesPresentationContextTransitionStyle)
    XCTAssertFalse(configured.definesPresentationContext)
    XCTAssertEqual(configured.preferredContentSize.width, 300)
    XCTAssertEqual(configured.preferredContentSize.height, 200)

    let refused = try client.call {
      $0.configureController.controller = controllerRef("A")
      $0.configureController.title = "changed"
      $0.configureController.modalPresentationStyle = ModalStyle.none
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
    let list = try client.call { $0.listControllers = Curtain_V1_ListControllers() }
    let a = list.controllers.controllers.first { $0.identifier == "A" }
    XCTAssertEqual(a?.title, "", "a refused configuration changes nothing")
    XCTAssertEqual(a?.modalPresentationStyle, .formSheet)
  }
}

/// The wire's modal presentation style enum.
private typealias ModalStyle = Curtain_V1_ModalPresentationStyle
