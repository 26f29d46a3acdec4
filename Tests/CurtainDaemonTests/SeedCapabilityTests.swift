import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Issue 15's requests end to end through the real `curtaind`: the
/// interactive tab switch, manual appearance forwarding with AddChild
/// no_view, Tap with a popover's passthrough views, and content under the
/// bars.
final class SeedCapabilityTests: XCTestCase {
  private var daemon: TempDaemon!
  private var client: TestClient!

  override func setUpWithError() throws {
    daemon = try TempDaemon()
    client = try TestClient(path: daemon.socketPath, name: "seed-capabilities")
  }

  override func tearDown() {
    client = nil
    let result = daemon.stop()
    XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
    daemon = nil
  }

  func testContentGoesUnderTranslucentBarsUnlessConfigured() throws {
    let window = try client.makeWindow()
    try client.make(.tabBar, "Tabs")
    try client.make(.navigation, "Nav")
    try client.make(.content, "Page")
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Page")]
    }
    try client.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("Nav")]
    }
    try client.setRoot(window, "Tabs")
    func page() throws -> Curtain_V1_ControllerNode {
      try client.tree(window).root.children[0].children[0]
    }
    var node = try page()
    XCTAssertEqual(Rect(node.frame), Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertTrue(node.underBars)
    XCTAssertEqual(
      [node.safeAreaInsets.top, node.safeAreaInsets.bottom], [91, 83], "both bars' heights")
    for container in ["Nav", "Tabs"] {
      let configured = try client.call {
        $0.configureController.controller = controllerRef(container)
        $0.configureController.barTranslucent = false
      }
      XCTAssertFalse(configured.controller.barTranslucent, container)
    }
    node = try page()
    XCTAssertEqual(Rect(node.frame), Rect(x: 0, y: 91, width: 390, height: 670), "between the bars")
    XCTAssertFalse(node.underBars)
    let refused = try client.call {
      $0.configureController.controller = controllerRef("Page")
      $0.configureController.barTranslucent = true
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
  }

  func testAnInteractiveTabSwitchOverTheWire() throws {
    let window = try client.makeWindow()
    try client.make(.tabBar, "Tabs")
    try client.make(.content, "A", "B")
    try client.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("A"), controllerRef("B")]
    }
    try client.setRoot(window, "Tabs")
    _ = try client.flow()
    let begun = try client.call {
      $0.beginInteractive.kind = .selectTab
      $0.beginInteractive.selectTab.tabBar = controllerRef("Tabs")
      $0.beginInteractive.selectTab.index = 1
      $0.waitUntil = .started
    }
    let transition = begun.operation.transitionID
    XCTAssertNotEqual(transition, 0, begun.error.message)
    XCTAssertEqual(
      try client.flow(), ["B.viewDidLoad", "B.viewWillAppear(true)", "A.viewWillDisappear(true)"])
    try client.call {
      $0.cancelInteractive.windowID = window
      $0.cancelInteractive.transitionID = transition
    }
    try client.advance(window, 1)
    XCTAssertEqual(
      try client.flow(),
      [
        "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)",
        "A.viewDidAppear(true)",
      ])
    XCTAssertEqual(try client.tree(window).root.selectedIndex, 0)
    let refused = try client.call {
      $0.beginInteractive.kind = .selectTab
      $0.beginInteractive.selectTab.tabBar = controllerRef("Tabs")
      $0.beginInteractive.selectTab.index = 0
    }
    XCTAssertEqual(refused.error.message, "Tab 0 of Tabs is already selected")
  }

  func testManualAppearanceAndAChildWithoutItsView() throws {
    let window = try client.makeWindow()
    try client.make(.container, "Box")
    try client.make(.content, "Panel", "Next")
    let configured = try client.call {
      $0.configureController.controller = controllerRef("Box")
      $0.configureController.shouldAutomaticallyForwardAppearanceMethods = false
    }
    XCTAssertFalse(configured.controller.shouldAutomaticallyForwardAppearanceMethods)
    try client.setRoot(window, "Box")
    try client.call {
      $0.addChild.parent = controllerRef("Box")
      $0.addChild.child = controllerRef("Panel")
    }
    _ = try client.flow()
    try client.call {
      $0.beginAppearanceTransition.controller = controllerRef("Panel")
      $0.beginAppearanceTransition.appearing = true
    }
    let unbalanced = try client.call {
      $0.beginAppearanceTransition.controller = controllerRef("Panel")
      $0.beginAppearanceTransition.appearing = true
    }
    XCTAssertEqual(unbalanced.error.code, .invalidArgument)
    XCTAssertEqual(
      unbalanced.error.message,
      "Unbalanced calls to begin/end appearance transitions for Panel (it is appearing)")
    try client.call { $0.endAppearanceTransition.controller = controllerRef("Panel") }
    XCTAssertEqual(
      try client.flow(), ["Panel.viewWillAppear(false)", "Panel.viewDidAppear(false)"])

    let added = try client.call {
      $0.addChild.parent = controllerRef("Box")
      $0.addChild.child = controllerRef("Next")
      $0.addChild.noView = true
    }
    XCTAssertTrue(added.operation.completed, added.error.message)
    let next = try client.tree(window).root.children[1]
    XCTAssertEqual(next.identifier, "Next")
    XCTAssertEqual(next.viewID, 0, "not loaded")
  }

  func testATapOutsideAPopoverAndThroughAPassthroughView() throws {
    let window = try client.makeWindow(width: 1024, height: 768, pad: true)
    try client.make(.container, "Home")
    try client.make(.content, "Button", "Pop")
    try client.call {
      $0.addChild.parent = controllerRef("Home")
      $0.addChild.child = controllerRef("Button")
      $0.addChild.frame = Curtain_V1_Rect(Rect(x: 500, y: 20, width: 40, height: 30))
    }
    try client.setRoot(window, "Home")
    let button = try client.tree(window).root.children[0].viewID
    try client.present("Pop", on: "Home") {
      $0.style = .popover
      $0.popover.sourceViewID = button
      $0.popover.passthroughViewIds = [button]
    }
    _ = try client.flow()
    let through = try client.call {
      $0.tap.windowID = window
      $0.tap.point = Curtain_V1_Point(Point(x: 510, y: 30))
    }.operation.tap
    XCTAssertEqual(through.effect, .passthrough)
    XCTAssertEqual(through.viewID, button)
    let outside = try client.call {
      $0.tap.windowID = window
      $0.tap.point = Curtain_V1_Point(Point(x: 100, y: 600))
      $0.waitUntil = .started
    }.operation.tap
    XCTAssertEqual(outside.effect, .dismissed)
    XCTAssertEqual(outside.role, "dimming")
    try client.advance(window, 1)
    XCTAssertEqual(
      try client.flow(),
      [
        "Pop.presentationControllerShouldDismiss", "Pop.presentationControllerWillDismiss",
        "Pop.dismissalTransitionWillBegin", "Pop.viewWillDisappear(true)",
        "Pop.dismissalTransitionDidEnd(true)", "Pop.viewDidDisappear(true)",
        "Pop.presentationControllerDidDismiss",
      ])
    XCTAssertFalse(try client.tree(window).root.hasPresented)
  }
}
