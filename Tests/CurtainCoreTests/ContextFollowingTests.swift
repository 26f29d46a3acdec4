import XCTest

@testable import CurtainCore

/// A presentation over a context follows it (Curtain's choice, as UIKit's
/// presentations in a tab): when the context's container stops showing it,
/// the presented controller disappears in the same transition and its view
/// leaves the window; when the context is shown again the presented view
/// comes back over it, with the presented controller's appearance
/// callbacks, and a context view that a currentContext presentation took
/// out stays out.
final class ContextFollowingTests: XCTestCase {
  /// An 820 × 1180 pad window (regular × regular), safe area 24 / 20.
  private let pad = PresentationTests.regular

  private func subviews(_ view: View) -> [ViewID] { view.subviews.map(\.id) }

  /// Tabs [One, Two] as root, One defining the context, `B` presented on
  /// One in `style` without animation; events discarded.
  private func tabs(presenting style: ModalPresentationStyle) throws -> Harness {
    let h = Harness(metrics: pad)
    h.make(.tabBar, "Tabs")
    h.make(.content, "One")
    h.make(.content, "Two")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("One"), h.id("Two")]))
    h.setRoot("Tabs")
    try h.controller("One").configurePresentation(definesPresentationContext: true)
    h.present("B", on: "One", animated: false, style: style)
    _ = h.events()
    return h
  }

  private func select(_ h: Harness, _ tab: String) {
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .controller(h.id(tab)), animator: nil))
  }

  func testCurrentContextLeavesAndComesBackWithItsTab() throws {
    let h = try tabs(presenting: .currentContext)
    let tabs = h.tab("Tabs")
    let (one, b) = (h.controller("One"), h.controller("B"))
    let bar = try XCTUnwrap(tabs.tabBar)

    select(h, "Two")
    XCTAssertEqual(
      h.flow(),
      [
        "Two.viewDidLoad", "Two.viewWillAppear(false)", "B.viewWillDisappear(false)",
        "B.viewDidDisappear(false)", "Two.viewDidAppear(false)", "completion",
      ])
    XCTAssertEqual(subviews(tabs.view), [h.controller("Two").view.id, bar.id])
    XCTAssertNil(b.view.superview)
    XCTAssertNil(one.view.superview)
    XCTAssertEqual(b.appearance, .disappeared)

    select(h, "One")
    XCTAssertEqual(
      h.flow(),
      [
        "B.viewWillAppear(false)", "Two.viewWillDisappear(false)", "Two.viewDidDisappear(false)",
        "B.viewDidAppear(false)", "completion",
      ])
    XCTAssertEqual(subviews(tabs.view), [b.view.id, bar.id], "One stays out under B")
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 820, height: 1180))
    XCTAssertEqual(one.appearance, .disappeared)
    XCTAssertEqual(b.appearance, .appeared)

    h.dismiss("B", animated: false)
    XCTAssertEqual(subviews(tabs.view), [one.view.id, bar.id])
    XCTAssertEqual(one.appearance, .appeared)
  }

  func testOverCurrentContextLeavesAndComesBackWithItsTab() throws {
    let h = try tabs(presenting: .overCurrentContext)
    let tabs = h.tab("Tabs")
    let (one, b) = (h.controller("One"), h.controller("B"))
    let bar = try XCTUnwrap(tabs.tabBar)

    select(h, "Two")
    XCTAssertEqual(
      h.flow(),
      [
        "Two.viewDidLoad", "Two.viewWillAppear(false)", "One.viewWillDisappear(false)",
        "B.viewWillDisappear(false)", "One.viewDidDisappear(false)", "B.viewDidDisappear(false)",
        "Two.viewDidAppear(false)", "completion",
      ])
    XCTAssertEqual(subviews(tabs.view), [h.controller("Two").view.id, bar.id])
    XCTAssertNil(b.view.superview)

    select(h, "One")
    XCTAssertEqual(
      h.flow(),
      [
        "One.viewWillAppear(false)", "B.viewWillAppear(false)", "Two.viewWillDisappear(false)",
        "Two.viewDidDisappear(false)", "One.viewDidAppear(false)", "B.viewDidAppear(false)",
        "completion",
      ])
    XCTAssertEqual(subviews(tabs.view), [one.view.id, b.view.id, bar.id])
    XCTAssertEqual(b.view.frame, one.view.frame)
  }

  /// Nav [Home] as root, Home defining the context, `B` presented on Home
  /// in `style` without animation; events discarded.
  private func navigation(presenting style: ModalPresentationStyle) throws -> Harness {
    let h = Harness(metrics: pad)
    h.showNavigation("Nav", stack: ["Home"])
    try h.controller("Home").configurePresentation(definesPresentationContext: true)
    h.present("B", on: "Home", animated: false, style: style)
    h.make(.content, "C")
    _ = h.events()
    return h
  }

  func testCurrentContextLeavesWithAPushAndComesBackWithThePop() throws {
    let h = try navigation(presenting: .currentContext)
    let nav = h.nav("Nav")
    let (home, b, c) = (h.controller("Home"), h.controller("B"), h.controller("C"))
    let bar = try XCTUnwrap(nav.navigationBar)

    h.push("Nav", "C")
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "C.willMove(Nav)", "C.viewDidLoad", "Nav.willShow(C, true)", "B.viewWillDisappear(true)",
        "C.viewWillAppear(true)", "B.viewDidDisappear(true)", "C.viewDidAppear(true)",
        "C.didMove(Nav)", "Nav.didShow(C, true)", "completion",
      ])
    XCTAssertEqual(subviews(nav.view), [c.view.id, bar.id])
    XCTAssertNil(b.view.superview)

    h.pop("Nav")
    XCTAssertEqual(
      subviews(nav.view), [b.view.id, c.view.id, bar.id], "B is back as the pop begins")
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "C.willMove(nil)", "Nav.willShow(Home, true)", "C.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "C.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "C.didMove(nil)", "Nav.didShow(Home, true)", "completion",
      ])
    XCTAssertEqual(subviews(nav.view), [b.view.id, bar.id], "Home stays out under B")
    XCTAssertNil(home.view.superview)
    XCTAssertEqual(home.appearance, .disappeared)
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 820, height: 1180))
  }

  func testOverCurrentContextLeavesWithAPushAndComesBackWithThePop() throws {
    let h = try navigation(presenting: .overCurrentContext)
    let nav = h.nav("Nav")
    let (home, b, c) = (h.controller("Home"), h.controller("B"), h.controller("C"))
    let bar = try XCTUnwrap(nav.navigationBar)

    h.push("Nav", "C")
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "C.willMove(Nav)", "C.viewDidLoad", "Nav.willShow(C, true)",
        "Home.viewWillDisappear(true)", "B.viewWillDisappear(true)", "C.viewWillAppear(true)",
        "Home.viewDidDisappear(true)", "B.viewDidDisappear(true)", "C.viewDidAppear(true)",
        "C.didMove(Nav)", "Nav.didShow(C, true)", "completion",
      ])
    XCTAssertEqual(subviews(nav.view), [c.view.id, bar.id])

    h.pop("Nav")
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "C.willMove(nil)", "Nav.willShow(Home, true)", "C.viewWillDisappear(true)",
        "Home.viewWillAppear(true)", "B.viewWillAppear(true)", "C.viewDidDisappear(true)",
        "Home.viewDidAppear(true)", "B.viewDidAppear(true)", "C.didMove(nil)",
        "Nav.didShow(Home, true)", "completion",
      ])
    XCTAssertEqual(subviews(nav.view), [home.view.id, b.view.id, bar.id])
    XCTAssertEqual(b.view.frame, home.view.frame)
  }

  /// A full-screen presentation over the root takes the context's ancestor
  /// out: the presentation over the context disappears with it, and its
  /// dismissal puts the context view back without appearance callbacks
  /// (it is not in the window).
  func testAPresentationOverAContextUnderAFullScreenOneLeavesWithoutCallbacks() throws {
    let h = Harness(metrics: pad)
    h.make(.container, "Box")
    h.make(.content, "Ctx")
    h.setRoot("Box")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Ctx"), frame: nil))
    try h.controller("Ctx").configurePresentation(definesPresentationContext: true)
    h.present("P", on: "Ctx", animated: false, style: .currentContext)
    _ = h.events()
    h.present("S", on: "Box", animated: false, style: .fullScreen)
    XCTAssertEqual(
      h.flow(),
      [
        "S.presentationTransitionWillBegin", "S.viewDidLoad", "Box.viewWillDisappear(false)",
        "P.viewWillDisappear(false)", "S.viewWillAppear(false)",
        "S.presentationTransitionDidEnd(true)", "S.viewDidAppear(false)",
        "Box.viewDidDisappear(false)", "P.viewDidDisappear(false)", "completion",
      ])
    h.dismiss("P", animated: false)
    XCTAssertEqual(
      h.flow(),
      ["P.dismissalTransitionWillBegin", "P.dismissalTransitionDidEnd(true)", "completion"])
    let (box, ctx) = (h.controller("Box"), h.controller("Ctx"))
    XCTAssertTrue(ctx.view.superview === box.view, "Ctx's view is back in Box's")
    XCTAssertEqual(ctx.appearance, .disappeared)
  }
}
