import XCTest

@testable import CurtainCore

/// Every delegate method (docs/delegates.md, "Failures and restarts"): a
/// question that times out, whose delegate disconnects, or that gets an
/// answer of the wrong kind falls back to UIKit's default with an event
/// saying why, its operation goes on, and a late answer is ignored.
final class DelegateFallbackTests: XCTestCase {
  let client = OwnerID(7)

  /// A harness whose open question is `method`'s, and that question's id.
  private typealias Scenario = () throws -> (Harness, UInt64)

  private let fade = AnimatorSpec(
    duration: 0.5,
    tracks: [
      TrackSpec(
        target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1), timing: .linear)
    ])

  private func register(
    _ h: Harness, _ controller: String, _ role: DelegateRole, vends: Bool = false,
    replaces: Bool = false
  ) throws {
    try h.session.setDelegate(
      of: h.id(controller), roles: [role], delegate: client, timeout: 0.5,
      vendsInteraction: vends, vendsReplacement: replaces)
  }

  private func navigation(vends: Bool = false) throws -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    try register(h, "Nav", .navigation, vends: vends)
    h.push("Nav", "B")
    return h
  }

  private func tabs(vends: Bool = false) throws -> Harness {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.setRoot("Tabs")
    for name in ["A", "B"] { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("A"), h.id("B")]))
    try register(h, "Tabs", .tabBar, vends: vends)
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    return h
  }

  /// Tabs [A, B] with a tab bar delegate, and a user's tap on B's item
  /// (the second half of the 390 pt bar, whose items start at y 761).
  private func tappedTabs() throws -> Harness {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.setRoot("Tabs")
    for name in ["A", "B"] { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("A"), h.id("B")]))
    try register(h, "Tabs", .tabBar)
    h.run(.tap(window: h.window.id, point: Point(x: 290, y: 780)))
    return h
  }

  /// Root with Sheet not yet presented, `role` Sheet's delegate role.
  private func presenter(
    _ role: DelegateRole, vends: Bool = false, replaces: Bool = false,
    metrics: WindowMetrics? = nil
  ) throws -> Harness {
    let h = metrics.map { Harness(metrics: $0) } ?? Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try register(h, "Sheet", role, vends: vends, replaces: replaces)
    return h
  }

  private func present(
    _ h: Harness, _ style: ModalPresentationStyle, animated: Bool, custom: CustomPresentation? = nil
  ) {
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: animated, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: style, custom: custom)))
  }

  private func shop(triggered: Bool) throws -> Harness {
    let h = Harness()
    try h.session.loadStoryboard(StoryboardTests.shop)
    let root = try h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    try register(h, "Home", .segue)
    h.run(
      .performSegue(
        source: h.id("Home"), identifier: "list", triggered: triggered, animated: false))
    return h
  }

  private func answer(_ h: Harness, _ id: UInt64, _ answer: DelegateAnswer) throws {
    XCTAssertTrue(try h.session.answerDelegateCall(id, answer, from: client))
  }

  private var scenarios: [(DelegateMethod, Scenario)] {
    [
      (.navigationAnimationController, { (try self.navigation(), 1) }),
      // A selection by code asks no shouldSelect (issue 37 §3): its first
      // question is the animation controller.
      (.tabBarAnimationController, { (try self.tabs(), 1) }),
      // Only a user's tap on an item asks shouldSelect (issue 37 §3).
      (.tabBarShouldSelect, { (try self.tappedTabs(), 1) }),
      (
        .animationControllerForPresented,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .fullScreen, animated: true)
          return (h, 1)
        }
      ),
      (
        .animationControllerForDismissed,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .fullScreen, animated: false)
          h.run(.dismiss(controller: h.id("Sheet"), animated: true, animator: nil))
          return (h, 1)
        }
      ),
      (.shouldPerformSegue, { (try self.shop(triggered: true), 1) }),
      (
        .adaptivePresentationStyle,
        {
          let h = try self.presenter(.adaptivePresentation)
          self.present(h, .pageSheet, animated: false)
          return (h, 1)
        }
      ),
      (
        .presentationControllerShouldDismiss,
        {
          let h = try self.presenter(.adaptivePresentation)
          self.present(h, .pageSheet, animated: false)
          try self.answer(h, 1, .useDefault)
          h.run(
            .beginInteractiveDismiss(controller: h.id("Sheet"), animator: nil),
            options: OperationOptions(owner: self.client))
          return (h, 2)
        }
      ),
      (
        .navigationInteractionController,
        {
          let h = try self.navigation(vends: true)
          try self.answer(h, 1, .animator(self.fade))
          return (h, 2)
        }
      ),
      (
        .tabBarInteractionController,
        {
          let h = try self.tabs(vends: true)
          try self.answer(h, 1, .animator(self.fade))
          return (h, 2)
        }
      ),
      (
        .interactionControllerForPresentation,
        {
          let h = try self.presenter(.transitioning, vends: true)
          self.present(h, .fullScreen, animated: true)
          try self.answer(h, 1, .animator(self.fade))
          return (h, 2)
        }
      ),
      (
        .interactionControllerForDismissal,
        {
          let h = try self.presenter(.transitioning, vends: true)
          self.present(h, .fullScreen, animated: false)
          h.run(.dismiss(controller: h.id("Sheet"), animated: true, animator: nil))
          try self.answer(h, 1, .animator(self.fade))
          return (h, 2)
        }
      ),
      (
        .presentationController,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .custom, animated: false)
          return (h, 1)
        }
      ),
      (
        .frameOfPresentedView,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .custom, animated: false)
          try self.answer(
            h, 1,
            .presentation(CustomPresentation(frame: Rect(x: 10, y: 10, width: 200, height: 200))))
          return (h, 2)
        }
      ),
      (
        .shouldRemovePresentersView,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .custom, animated: false)
          try self.answer(h, 1, .useDefault)
          try self.answer(h, 2, .useDefault)
          return (h, 3)
        }
      ),
      (
        .presentationTransitionWillBegin,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .custom, animated: true)
          for id in 1...4 { try self.answer(h, UInt64(id), .useDefault) }
          return (h, 5)
        }
      ),
      (
        .dismissalTransitionWillBegin,
        {
          let h = try self.presenter(.transitioning)
          self.present(h, .custom, animated: false)
          for id in 1...3 { try self.answer(h, UInt64(id), .useDefault) }
          h.run(.dismiss(controller: h.id("Sheet"), animated: true, animator: nil))
          try self.answer(h, 4, .useDefault)
          return (h, 5)
        }
      ),
      (.prepareForSegue, { (try self.shop(triggered: false), 1) }),
      (
        .viewControllerForAdaptivePresentationStyle,
        {
          let h = try self.presenter(.adaptivePresentation, replaces: true)
          self.present(h, .pageSheet, animated: false)
          try self.answer(h, 1, .useDefault)
          return (h, 2)
        }
      ),
    ]
  }

  /// An answer of the wrong kind for `method`.
  private func garbage(for method: DelegateMethod) -> DelegateAnswer {
    method == .adaptivePresentationStyle ? .bool(true) : .style(.fullScreen)
  }

  func testTheScenariosCoverEveryMethod() {
    XCTAssertEqual(Set(scenarios.map(\.0)), Set(DelegateMethod.allCases))
  }

  func testEveryMethodFallsBackAndItsOperationGoesOn() throws {
    let failures: [(String, (Harness, UInt64, DelegateMethod) throws -> Void)] = [
      ("timeout", { h, id, _ in XCTAssertTrue(h.session.failDelegateCall(id, .timeout)) }),
      ("disconnected", { h, _, _ in XCTAssertTrue(h.session.dropDelegates(of: self.client)) }),
      (
        "malformed",
        { h, id, method in
          XCTAssertTrue(
            try h.session.answerDelegateCall(id, self.garbage(for: method), from: self.client))
        }
      ),
    ]
    for (method, scenario) in scenarios {
      for (reason, fail) in failures {
        let (h, id) = try scenario()
        XCTAssertEqual(
          h.session.openDelegateCall(id)?.method, method, "\(method): the question is open")
        _ = h.events()
        try fail(h, id, method)
        let said = h.lifecycle()
        XCTAssertTrue(
          said.contains { $0.contains("delegate#\(id) fallback(\(reason)") },
          "\(method), \(reason): \(said)")
        XCTAssertNil(h.session.openDelegateCall(id), "\(method), \(reason)")
        // Nobody answers any more: what is still asked falls back too.
        while let open = h.session.delegates.open.keys.min() {
          XCTAssertTrue(h.session.failDelegateCall(open, .timeout))
        }
        for transition in h.window.transitions where transition.isInteractive {
          try h.window.finishInteraction(transition.id, by: transition.owner)
        }
        h.settle()
        XCTAssertTrue(h.window.isIdle, "\(method), \(reason): the operation went on")
        XCTAssertFalse(
          try h.session.answerDelegateCall(id, .useDefault, from: client),
          "\(method), \(reason): a late answer is ignored")
      }
    }
  }
}
