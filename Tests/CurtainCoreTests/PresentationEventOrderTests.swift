import XCTest

@testable import CurtainCore

/// The exact order of events of an animated present and dismiss for each of
/// the nine styles, in a regular and a compact window, sent to the
/// controller that presents and to one whose presenter is resolved further
/// up (SEMANTICS §4 "Order of events" and "Relationships").
final class PresentationEventOrderTests: XCTestCase {
  /// What one style does in one window: the style after adaptation, the
  /// controller that presents, the controllers told they disappear (parents
  /// first; empty when the presenter's view stays), the look's duration,
  /// the presented frame in the window and the events after viewWillAppear that belong to
  /// the style (the popover's placement).
  private struct Expected {
    let style: ModalPresentationStyle
    let presenter: String
    let disappearing: [String]
    let duration: Double
    var frame: Rect
    var extra: [String] = []
  }

  private static let regularBounds = Rect(x: 0, y: 0, width: 820, height: 1180)
  private static let compactBounds = Rect(x: 0, y: 0, width: 390, height: 844)
  private static let card = Rect(x: 0, y: 57, width: 390, height: 787)
  private static let page = Rect(x: 58, y: 34, width: 704, height: 1146)
  private static let form = Rect(x: 120, y: 270, width: 580, height: 640)

  /// Presents B animated (style `style`) on `receiver`, then dismisses it
  /// animated from B, and checks every event, the resolved presenter and the
  /// presenter's view on the way.
  private func check(
    _ h: Harness, style: ModalPresentationStyle, receiver: String, _ expected: Expected,
    label: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let disappear = expected.disappearing
    let removes = !disappear.isEmpty
    let presenter = h.controller(expected.presenter)
    let presenterSuperview = presenter.view.superview
    h.present("B", on: receiver, style: style)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === presenter, label, file: file, line: line)
    XCTAssertTrue(presenter.presentedViewController === b, label, file: file, line: line)
    XCTAssertEqual(b.presentation?.style, expected.style, label, file: file, line: line)
    XCTAssertEqual(
      h.window.transitions.first?.duration, expected.duration, label, file: file, line: line)
    XCTAssertEqual(
      h.flow(),
      ["B.presentationTransitionWillBegin", "B.viewDidLoad"]
        + disappear.map { "\($0).viewWillDisappear(true)" } + ["B.viewWillAppear(true)"]
        + expected.extra, label, file: file, line: line)
    XCTAssertTrue(
      presenter.viewIfLoaded?.superview === presenterSuperview,
      "\(label): the presenter's view stays until the animation ends", file: file, line: line)
    h.advance(expected.duration - 0.01)
    XCTAssertEqual(h.flow(), [], label, file: file, line: line)
    h.advance(0.01)
    XCTAssertEqual(
      h.flow(),
      ["B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)"]
        + disappear.map { "\($0).viewDidDisappear(true)" } + ["completion"],
      label, file: file, line: line)
    XCTAssertTrue(h.window.isIdle, label, file: file, line: line)
    XCTAssertEqual(b.view.frameInWindow, expected.frame, label, file: file, line: line)
    XCTAssertEqual(
      presenter.viewIfLoaded?.superview == nil, removes, label, file: file, line: line)
    XCTAssertEqual(
      presenter.appearance, removes ? .disappeared : .appeared, label, file: file, line: line)

    h.dismiss("B")
    XCTAssertEqual(
      h.flow(),
      ["B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)"]
        + disappear.map { "\($0).viewWillAppear(true)" }, label, file: file, line: line)
    XCTAssertTrue(
      presenter.viewIfLoaded?.superview === presenterSuperview,
      "\(label): the presenter's view is back as the dismissal begins", file: file, line: line)
    h.advance(expected.duration - 0.01)
    XCTAssertEqual(h.flow(), [], label, file: file, line: line)
    h.advance(0.01)
    XCTAssertEqual(
      h.flow(),
      ["B.dismissalTransitionDidEnd(true)"] + disappear.map { "\($0).viewDidAppear(true)" }
        + ["B.viewDidDisappear(true)", "completion"], label, file: file, line: line)
    XCTAssertNil(presenter.presentedViewController, label, file: file, line: line)
    XCTAssertNil(b.presentingViewController, label, file: file, line: line)
    XCTAssertNil(b.viewIfLoaded?.superview, label, file: file, line: line)
    XCTAssertEqual(presenter.appearance, .appeared, label, file: file, line: line)
    XCTAssertEqual(b.appearance, .disappeared, label, file: file, line: line)
  }

  // MARK: Sent to the window's root

  /// The nine styles sent to the root A of a regular pad window.
  private func rootInRegular(_ style: ModalPresentationStyle) -> Expected {
    let full = Self.regularBounds
    switch style {
    case .fullScreen, .currentContext:
      return Expected(style: style, presenter: "A", disappearing: ["A"], duration: 0.4, frame: full)
    case .pageSheet, .automatic:
      return Expected(
        style: .pageSheet, presenter: "A", disappearing: [], duration: 0.4, frame: Self.page)
    case .formSheet:
      return Expected(
        style: .formSheet, presenter: "A", disappearing: [], duration: 0.4, frame: Self.form)
    case .custom, .overFullScreen, .overCurrentContext:
      return Expected(style: style, presenter: "A", disappearing: [], duration: 0.4, frame: full)
    case .popover:
      return Expected(
        style: .popover, presenter: "A", disappearing: [], duration: 0.25,
        frame: Rect(x: 250, y: 350, width: 320, height: 480),
        extra: ["B.popoverPlaced(arrow none (242, 342, 336, 496))"])
    case .none:
      preconditionFailure("none is not a presentation style")
    }
  }

  /// The nine styles sent to the root A of the default compact phone window:
  /// sheets become cards, popovers over full screen (seed 002), context
  /// styles full screen.
  private func rootInCompact(_ style: ModalPresentationStyle) -> Expected {
    let full = Self.compactBounds
    switch style {
    case .fullScreen, .currentContext, .overCurrentContext:
      return Expected(
        style: .fullScreen, presenter: "A", disappearing: ["A"], duration: 0.4, frame: full)
    case .pageSheet, .automatic:
      return Expected(
        style: .pageSheet, presenter: "A", disappearing: [], duration: 0.4, frame: Self.card)
    case .formSheet:
      return Expected(
        style: .formSheet, presenter: "A", disappearing: [], duration: 0.4, frame: Self.card)
    case .custom, .overFullScreen:
      return Expected(style: style, presenter: "A", disappearing: [], duration: 0.4, frame: full)
    case .popover:
      return Expected(
        style: .overFullScreen, presenter: "A", disappearing: [], duration: 0.4, frame: full)
    case .none:
      preconditionFailure("none is not a presentation style")
    }
  }

  func testEveryStyleSentToTheRootInARegularWindow() {
    for style in ModalPresentationStyle.presentationStyles {
      let h = Harness(metrics: PresentationTests.regular)
      h.showRoot()
      check(h, style: style, receiver: "A", rootInRegular(style), label: "\(style) regular")
    }
  }

  func testEveryStyleSentToTheRootInACompactWindow() {
    for style in ModalPresentationStyle.presentationStyles {
      let h = Harness()
      h.showRoot()
      check(h, style: style, receiver: "A", rootInCompact(style), label: "\(style) compact")
    }
  }

  // MARK: Sent to a content controller inside Tabs → Nav → X

  /// Sent to X, with opaque bars: full-screen styles, sheets and popovers are presented by
  /// the tab bar controller; context styles by the navigation controller,
  /// over its frame (above the tab bar) in a regular window and, adapted to
  /// full screen, over the whole window in a compact one (the tab bar
  /// controller is covered but keeps its view and gets no callbacks).
  private func fromX(
    _ style: ModalPresentationStyle, regular: Bool, navFrame: Rect
  ) -> Expected {
    let expected = regular ? rootInRegular(style) : rootInCompact(style)
    let contextual = style == .currentContext || style == .overCurrentContext
    let presenter = contextual ? "Nav" : "Tabs"
    let disappearing =
      expected.disappearing.isEmpty ? [] : Array(["Tabs", "Nav", "X"].drop { $0 != presenter })
    return Expected(
      style: expected.style, presenter: presenter, disappearing: disappearing,
      duration: expected.duration, frame: contextual && regular ? navFrame : expected.frame,
      extra: expected.extra)
  }

  func testEveryStyleSentToAContentControllerInsideTabsAndNavigation() {
    for regular in [true, false] {
      for style in ModalPresentationStyle.presentationStyles {
        let h = Harness.tabsNavigationContent(
          regular ? PresentationTests.regular : WindowMetrics(), opaqueBars: true)
        let navFrame = h.controller("Nav").view.frame
        XCTAssertLessThan(
          navFrame.height, h.window.view.frame.height, "the tab bar is below the navigation")
        var expected = fromX(style, regular: regular, navFrame: navFrame)
        if style == .popover, regular {
          // The popover points at X's view, the receiver's, not at the tab
          // bar controller's: X fills the width from y = 74 (below the
          // navigation bar) to the tab bar at y = 1110: the most room is the 64 pt
          // above it (§6), and the content is clipped to 320 × 35.
          XCTAssertEqual(
            h.controller("X").view.frameInWindow, Rect(x: 0, y: 74, width: 820, height: 1036))
          expected.extra = ["B.popoverPlaced(arrow down +0 (242, 10, 336, 64))"]
          expected.frame = Rect(x: 250, y: 18, width: 320, height: 35)
        }
        check(
          h, style: style, receiver: "X", expected,
          label: "\(style) from X, \(regular ? "regular" : "compact")")
      }
    }
  }

  /// SEMANTICS §4 "Relationships": with definesPresentationContext on the
  /// content controller, a currentContext presentation sent to it is
  /// presented by it and covers only its area; the navigation and tab bars
  /// stay on screen and their controllers get no callbacks.
  func testCurrentContextDefinedByTheContentControllerCoversOnlyItsArea() {
    let h = Harness.tabsNavigationContent(PresentationTests.regular, opaqueBars: true)
    try! h.controller("X").configurePresentation(definesPresentationContext: true)
    let area = h.controller("X").view.frameInWindow
    XCTAssertEqual(area, Rect(x: 0, y: 74, width: 820, height: 1036))
    check(
      h, style: .currentContext, receiver: "X",
      Expected(
        style: .currentContext, presenter: "X", disappearing: ["X"], duration: 0.4, frame: area),
      label: "currentContext defined by X")
    // Presented again and left on screen: the bars are still in the window.
    h.present("B", on: "X", animated: false, style: .currentContext)
    XCTAssertNil(h.controller("X").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("Nav").appearance, .appeared)
    XCTAssertEqual(h.controller("Tabs").appearance, .appeared)
    XCTAssertTrue(h.nav("Nav").navigationBar?.window === h.window)
    XCTAssertTrue(h.tab("Tabs").tabBar?.window === h.window)
    XCTAssertEqual(h.controller("B").view.frameInWindow, area)
  }
}

extension ModalPresentationStyle {
  /// The nine styles a controller can be presented with (not `none`, which
  /// is only an adaptive style).
  static let presentationStyles: [ModalPresentationStyle] = [
    .fullScreen, .pageSheet, .formSheet, .currentContext, .custom, .overFullScreen,
    .overCurrentContext, .popover, .automatic,
  ]
}

extension Harness {
  /// Tabs (the root) → Nav (which defines the presentation context, as
  /// navigation controllers do) → X, and an unselected tab Other; events
  /// so far are discarded. With `opaqueBars` both bars are opaque, so X's,
  /// Nav's and the window's areas differ (SEMANTICS §3, "content fills the
  /// rest"); by default X goes under both translucent bars.
  static func tabsNavigationContent(_ metrics: WindowMetrics, opaqueBars: Bool = false) -> Harness {
    let h = Harness(metrics: metrics)
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    h.make(.content, "X")
    h.make(.content, "Other")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("X")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("Other")]))
    h.setRoot("Tabs")
    if opaqueBars {
      for container in ["Tabs", "Nav"] {
        try! h.controller(container).configureLayout(
          edgesForExtendedLayout: nil, isBarTranslucent: false)
      }
    }
    _ = h.events()
    return h
  }
}
