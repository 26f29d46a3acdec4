import XCTest

@testable import CurtainCore

/// Storyboards, segues and unwind (SEMANTICS §8).
final class StoryboardTests: XCTestCase {
  /// Nav[Home] as the initial scene; Home shows List; List presents an
  /// Editor (a navigation controller around EditorForm) or shows Detail;
  /// EditorForm unwinds to Home or to List.
  static let shop = Storyboard(
    name: "Shop", initialScene: "Nav",
    scenes: [
      .init(id: "Nav", kind: .navigation, title: "Shop", children: ["Home"]),
      .init(id: "Home", title: "Home", unwindActions: ["backToHome"]),
      .init(id: "List", title: "List", unwindActions: ["backToList"]),
      .init(id: "Detail", title: "Detail", modalPresentationStyle: .formSheet),
      .init(id: "Editor", kind: .navigation, children: ["EditorForm"]),
      .init(id: "EditorForm", title: "Edit"),
    ],
    segues: [
      .init(identifier: "list", source: "Home", destination: "List", kind: .show),
      .init(
        identifier: "declined", source: "Home", destination: "List", kind: .show,
        shouldPerform: false),
      .init(identifier: "detail", source: "List", destination: "Detail", kind: .showDetail),
      .init(
        identifier: "edit", source: "List", destination: "Editor",
        kind: .present(style: .fullScreen, transition: .crossDissolve)),
      .init(
        identifier: "info", source: "Home", destination: "Detail",
        kind: .popover(anchor: .init(rect: Rect(x: 10, y: 10, width: 44, height: 44)))),
      .init(
        identifier: "fancy", source: "Home", destination: "Detail",
        kind: .custom(animator: .crossDissolve(duration: 0.2), style: .custom)),
      .init(
        identifier: "still", source: "Home", destination: "Detail",
        kind: .present(style: .fullScreen, transition: nil), animates: false),
      .init(identifier: "done", source: "EditorForm", kind: .unwind(action: "backToHome")),
      .init(identifier: "doneToList", source: "EditorForm", kind: .unwind(action: "backToList")),
      .init(identifier: "nowhere", source: "EditorForm", kind: .unwind(action: "backToNowhere")),
    ])

  /// A harness with the shop storyboard loaded and its initial scene as
  /// the window's root; events so far are discarded.
  private func shop() -> Harness {
    let h = Harness()
    try! h.session.loadStoryboard(Self.shop)
    let root = try! h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    _ = h.events()
    return h
  }

  @discardableResult
  private func segue(
    _ h: Harness, _ source: String, _ identifier: String, triggered: Bool = false,
    animated: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) -> OperationTicket? {
    h.run(
      .performSegue(
        source: h.id(source), identifier: identifier, triggered: triggered, animated: animated),
      file: file, line: line)
  }

  private func failure(_ h: Harness, _ operation: WindowOperation) -> CurtainError? {
    do {
      try h.session.submit(operation)
      return nil
    } catch {
      return error as? CurtainError
    }
  }

  // MARK: Loading

  func testInstantiatingEmbedsScenesAndNamesInstances() throws {
    let h = shop()
    let nav = h.nav("Nav")
    XCTAssertEqual(nav.viewControllers.map(\.name), ["Home"])
    XCTAssertEqual(nav.title, "Shop")
    XCTAssertEqual(nav.scene, SceneReference(storyboard: "Shop", scene: "Nav"))
    XCTAssertEqual(h.controller("Home").unwindActions, ["backToHome"])
    XCTAssertEqual(h.controller("Home").appearance, .appeared)
    let second = try h.session.instantiate(scene: "Nav", of: "Shop")
    XCTAssertEqual(second.name, "Nav-2")
    XCTAssertEqual(second.children.map(\.name), ["Home-2"])
    XCTAssertEqual(second.children.first?.scene?.scene, "Home")
    // Embedding happened outside any window: its events are in the session's log.
    let detached = h.session.detachedLog.events(after: 0)?.map { h.session.describe($0) } ?? []
    XCTAssertEqual(
      Array(detached.suffix(4)),
      [
        "Home-2.willMove(Nav-2)", "Nav-2.childAdded(Home-2)", "Nav-2.viewControllers([Home-2])",
        "Home-2.didMove(Nav-2)",
      ])
    XCTAssertThrowsError(try h.session.instantiate(scene: "Nope", of: "Shop")) { error in
      XCTAssertEqual(
        error as? CurtainError, CurtainError(.notFound, "Storyboard 'Shop' has no scene 'Nope'"))
    }
    XCTAssertThrowsError(try h.session.instantiate(scene: nil, of: "Nope")) { error in
      XCTAssertEqual(
        error as? CurtainError, CurtainError(.notFound, "No storyboard named 'Nope' is loaded"))
    }
  }

  func testLoadingRejectsBadDocumentsWithClearErrors() {
    typealias S = Storyboard
    let home = S.Scene(id: "Home")
    let cases: [(Storyboard, String)] = [
      (S(name: "B", scenes: []), "Storyboard 'B' has no scenes"),
      (
        S(name: "B d", scenes: [home]),
        "Storyboard name 'B d' must be 1 to 120 letters, digits, '_', '-' or '.'"
      ),
      (S(name: "B", scenes: [home, home]), "Duplicate scene id 'Home'"),
      (S(name: "B", initialScene: "X", scenes: [home]), "The initial scene 'X' is not a scene"),
      (
        S(name: "B", scenes: [S.Scene(id: "C", kind: .container, children: ["C"])]),
        "Scenes embed each other in a cycle: C → C"
      ),
      (
        S(name: "B", scenes: [S.Scene(id: "Nav", kind: .navigation, children: ["X"])]),
        "Scene 'Nav' embeds unknown scene 'X'"
      ),
      (
        S(name: "B", scenes: [S.Scene(id: "A", children: ["Home"]), home]),
        "Scene 'A' is a content controller and cannot embed scenes (only navigation, tab, "
          + "container, split and page scenes can)"
      ),
      (
        S(
          name: "B",
          scenes: [
            S.Scene(id: "N1", kind: .navigation, children: ["N2"]),
            S.Scene(id: "N2", kind: .navigation),
          ]),
        "Scene 'N1' is a navigation controller and cannot embed navigation controller 'N2' "
          + "(pushing a navigation controller is not supported)"
      ),
      (
        S(
          name: "B",
          scenes: [
            S.Scene(id: "T", kind: .tabBar, children: ["C"]),
            S.Scene(id: "C", kind: .container, children: ["T"]),
          ]),
        "Scenes embed each other in a cycle: T → C → T"
      ),
      (
        S(name: "B", scenes: [S.Scene(id: "T", kind: .tabBar, children: ["Home", "Home"]), home]),
        "Scene 'T' embeds scene 'Home' twice"
      ),
      (
        S(name: "B", scenes: [S.Scene(id: "Home", unwindActions: ["back", "back"])]),
        "Scene 'Home' declares unwind action 'back' twice"
      ),
      (
        S(
          name: "B",
          scenes: [S.Scene(id: "Home", modalPresentationStyle: ModalPresentationStyle.none)]),
        "Scene 'Home': none is an adaptive style, not a modal presentation style"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [.init(identifier: "s", source: "X", destination: "Home", kind: .show)]),
        "Segue 's' comes from unknown scene 'X'"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [.init(identifier: "s", source: "Home", destination: "X", kind: .show)]),
        "Segue 's' leads to unknown scene 'X'"
      ),
      (
        S(name: "B", scenes: [home], segues: [.init(identifier: "s", source: "Home", kind: .show)]),
        "Segue 's' (show) needs a destination scene"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [
            .init(identifier: "s", source: "Home", destination: "Home", kind: .show),
            .init(identifier: "s", source: "Home", destination: "Home", kind: .showDetail),
          ]),
        "Duplicate segue identifier 's' from scene 'Home'"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [
            .init(identifier: "u", source: "Home", destination: "Home", kind: .unwind(action: "x"))
          ]),
        "Segue 'u' is an unwind segue and cannot name a destination ('Home'); the unwind search "
          + "finds it"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [.init(identifier: "u", source: "Home", kind: .unwind(action: "no way"))]),
        "Segue 'u': unwind action 'no way' must be 1 to 120 letters, digits, '_', '-' or '.'"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [
            .init(
              identifier: "p", source: "Home", destination: "Home",
              kind: .present(style: .formSheet, transition: .partialCurl))
          ]),
        "Segue 'p': UIModalTransitionStylePartialCurl needs the fullScreen style"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [
            .init(
              identifier: "p", source: "Home", destination: "Home",
              kind: .popover(anchor: .init(permittedArrowDirections: .init(rawValue: 16))))
          ]),
        "Segue 'p': permitted arrow directions are bits up 1, down 2, left 4, right 8; got 16"
      ),
      (
        S(
          name: "B", scenes: [home],
          segues: [
            .init(
              identifier: "c", source: "Home", destination: "Home",
              kind: .custom(animator: AnimatorSpec(duration: -1, tracks: []), style: nil))
          ]),
        "Transition duration must be between 0 and 3600 seconds, got -1"
      ),
    ]
    for (storyboard, message) in cases {
      let session = Session()
      XCTAssertThrowsError(try session.loadStoryboard(storyboard), message) { error in
        XCTAssertEqual(error as? CurtainError, CurtainError(.invalidArgument, message))
      }
      XCTAssertTrue(session.storyboards.isEmpty)
    }
    let session = Session()
    XCTAssertNoThrow(try session.loadStoryboard(Self.shop))
    XCTAssertThrowsError(try session.loadStoryboard(Self.shop)) { error in
      XCTAssertEqual(
        error as? CurtainError,
        CurtainError(.invalidArgument, "A storyboard named 'Shop' is already loaded"))
    }
  }

  // MARK: Segues of every kind

  func testShowSegueInstantiatesPreparesAndPushes() {
    let h = shop()
    let ticket = segue(h, "Home", "list")
    XCTAssertEqual(ticket?.created, [h.id("List")])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Home.prepare(list, List)", "List.willMove(Nav)", "List.viewDidLoad",
        "Nav.willShow(List, true)", "Home.viewWillDisappear(true)", "List.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Home.viewDidDisappear(true)", "List.viewDidAppear(true)", "List.didMove(Nav)",
        "Nav.didShow(List, true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List"])
    XCTAssertEqual(h.controller("List").scene?.scene, "List")
    // Each perform instantiates a new destination.
    h.pop("Nav", animated: false)
    segue(h, "Home", "list", animated: false)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List-2"])
  }

  func testShowDetailSeguePresentsWithoutASplitViewController() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    _ = h.events()
    segue(h, "List", "detail", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "List.prepare(detail, Detail)", "Detail.presentationTransitionWillBegin",
        "Detail.viewDidLoad", "Detail.viewWillAppear(false)",
        "Detail.presentationTransitionDidEnd(true)", "Detail.viewDidAppear(false)", "completion",
      ])
    XCTAssertTrue(h.controller("Detail").presentingViewController === h.nav("Nav"))
    XCTAssertEqual(h.controller("Detail").presentation?.requestedStyle, .formSheet)
  }

  func testPresentSegueUsesItsStyleAndTransition() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    _ = h.events()
    let ticket = segue(h, "List", "edit")
    XCTAssertEqual(ticket?.created, [h.id("Editor"), h.id("EditorForm")], "with what it embeds")
    XCTAssertEqual(
      h.flow(),
      [
        "List.prepare(edit, Editor)", "Editor.presentationTransitionWillBegin",
        "Editor.viewDidLoad", "EditorForm.viewDidLoad", "Nav.viewWillDisappear(true)",
        "List.viewWillDisappear(true)", "Editor.viewWillAppear(true)",
        "EditorForm.viewWillAppear(true)",
      ])
    let presentation = h.controller("Editor").presentation
    XCTAssertEqual(presentation?.style, .fullScreen)
    XCTAssertEqual(presentation?.transitionStyle, .crossDissolve)
    XCTAssertTrue(presentation?.presenting === h.nav("Nav"))
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "Editor.presentationTransitionDidEnd(true)", "Editor.viewDidAppear(true)",
        "EditorForm.viewDidAppear(true)", "Nav.viewDidDisappear(true)",
        "List.viewDidDisappear(true)", "completion",
      ])
    XCTAssertEqual(h.controller("EditorForm").appearance, .appeared)
  }

  func testPopoverAndCustomSeguesPresent() {
    let h = shop()
    segue(h, "Home", "info", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "Home.prepare(info, Detail)", "Detail.presentationTransitionWillBegin",
        "Detail.viewDidLoad", "Detail.viewWillAppear(false)",
        "Detail.presentationTransitionDidEnd(true)", "Detail.viewDidAppear(false)", "completion",
      ])
    let popover = h.controller("Detail").presentation
    XCTAssertEqual(popover?.requestedStyle, .popover)
    XCTAssertEqual(popover?.popover?.rect, Rect(x: 10, y: 10, width: 44, height: 44))
    XCTAssertTrue(popover?.popover?.view === h.controller("Home").view)
    XCTAssertEqual(popover?.popover?.permittedArrowDirections, .any)
    h.dismiss("Detail", animated: false)
    _ = h.events()
    let ticket = segue(h, "Home", "fancy")
    let started = h.events()
    let began = started.compactMap { event -> TransitionInfo? in
      if case .transition(_, .began(let info)) = event.kind { return info }
      return nil
    }
    XCTAssertEqual(began.map(\.duration), [0.2])
    XCTAssertEqual(ticket?.animatorNotUsed, false)
    XCTAssertEqual(began.first?.to, ticket?.created.first)
    XCTAssertEqual(
      started.filter { $0.category == .lifecycle || $0.category == .presentation }
        .map { h.session.describe($0) },
      [
        "Home.prepare(fancy, Detail-2)", "Detail-2.presentationTransitionWillBegin",
        "Detail-2.viewDidLoad", "Detail-2.viewWillAppear(true)",
      ])
    h.advance(0.2)
    XCTAssertEqual(
      h.flow(),
      ["Detail-2.presentationTransitionDidEnd(true)", "Detail-2.viewDidAppear(true)", "completion"])
    XCTAssertEqual(h.controller("Detail-2").presentation?.style, .custom)
  }

  func testSegueThatDoesNotAnimate() {
    let h = shop()
    let ticket = segue(h, "Home", "still")
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.controller("Detail").presentation?.style, .fullScreen)
  }

  // MARK: shouldPerformSegue

  func testTriggeredSegueAsksShouldPerformAndStopsOnNo() {
    let h = shop()
    let controllers = h.session.controllers.count
    let ticket = segue(h, "Home", "declined", triggered: true)
    XCTAssertEqual(ticket?.created, [])
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.lifecycle(), ["Home.shouldPerformSegue(declined, false)"])
    XCTAssertEqual(h.session.controllers.count, controllers)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home"])
  }

  func testTriggeredSegueAsksShouldPerformFirstAndRequestedOnesDoNot() {
    let h = shop()
    segue(h, "Home", "list", triggered: true, animated: false)
    XCTAssertEqual(
      Array(h.lifecycle().prefix(2)),
      ["Home.shouldPerformSegue(list, true)", "Home.prepare(list, List)"])
    h.pop("Nav", animated: false)
    _ = h.events()
    // Performed by request, a declining segue is not asked.
    segue(h, "Home", "declined", animated: false)
    XCTAssertEqual(h.lifecycle().first, "Home.prepare(declined, List-2)")
  }

  func testAClientsShouldPerformAnswerReplacesTheStoryboards() throws {
    let h = shop()
    let home = h.controller("Home")
    try home.configureShouldPerform(["declined": true, "list": false])
    XCTAssertEqual(home.shouldPerformAnswers, ["declined": true, "list": false])
    // Triggered, each segue asks and gets the client's answer.
    let refused = segue(h, "Home", "list", triggered: true)
    XCTAssertEqual(refused?.declined, true)
    XCTAssertEqual(h.lifecycle(), ["Home.shouldPerformSegue(list, false)"])
    segue(h, "Home", "declined", triggered: true, animated: false)
    XCTAssertEqual(
      Array(h.lifecycle().prefix(2)),
      ["Home.shouldPerformSegue(declined, true)", "Home.prepare(declined, List)"])
    h.pop("Nav", animated: false)
    _ = h.events()
    // Performed by request, a segue is not asked, whatever the answer.
    segue(h, "Home", "list", animated: false)
    XCTAssertEqual(h.lifecycle().first, "Home.prepare(list, List-2)")
    h.pop("Nav", animated: false)
    // nil goes back to the storyboard's answer.
    try home.configureShouldPerform(["declined": nil])
    XCTAssertEqual(home.shouldPerformAnswers, ["list": false])
    _ = h.events()
    segue(h, "Home", "declined", triggered: true)
    XCTAssertEqual(h.lifecycle(), ["Home.shouldPerformSegue(declined, false)"])
    // An identifier that is not a segue of the controller's scene is
    // refused, and nothing changes.
    XCTAssertThrowsError(try home.configureShouldPerform(["list": nil, "nope": true])) { error in
      XCTAssertEqual(
        error as? CurtainError,
        CurtainError(.notFound, "Receiver (Home) has no segue with identifier 'nope'"))
    }
    XCTAssertThrowsError(try h.controller("Nav").configureShouldPerform(["list": true])) {
      error in
      XCTAssertEqual(
        error as? CurtainError,
        CurtainError(.notFound, "Receiver (Nav) has no segue with identifier 'list'"))
    }
    XCTAssertEqual(home.shouldPerformAnswers, ["list": false])
  }

  func testATriggeredUnwindSegueAsksToo() throws {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    segue(h, "List", "edit", animated: false)
    try h.controller("EditorForm").configureShouldPerform(["done": false])
    _ = h.events()
    let ticket = segue(h, "EditorForm", "done", triggered: true)
    XCTAssertEqual(ticket?.declined, true)
    XCTAssertNil(ticket?.destination)
    XCTAssertEqual(h.lifecycle(), ["EditorForm.shouldPerformSegue(done, false)"])
    XCTAssertTrue(h.nav("Nav").presentedViewController === h.controller("Editor"))
    try h.controller("EditorForm").configureShouldPerform(["done": true])
    segue(h, "EditorForm", "done", triggered: true, animated: false)
    XCTAssertEqual(
      Array(h.lifecycle().prefix(2)),
      [
        "EditorForm.shouldPerformSegue(done, true)",
        "Editor.canPerformUnwindSegueAction(backToHome, from: EditorForm, false)",
      ])
    XCTAssertNil(h.nav("Nav").presentedViewController)
  }

  // MARK: Queued segues

  func testAQueuedSegueNamesTheDestinationItWillInstantiate() throws {
    let h = shop()
    segue(h, "Home", "list")
    let queued = try XCTUnwrap(segue(h, "List", "edit", animated: false))
    XCTAssertEqual(queued.position, 1)
    let reserved = try XCTUnwrap(queued.destination)
    XCTAssertNil(h.session.controllers[reserved], "instantiated when its turn comes")
    XCTAssertEqual(queued.created, [])
    // The id is set aside: controllers made meanwhile take the next ones.
    XCTAssertEqual(h.make(.content, "Other").id.rawValue, reserved.rawValue + 1)
    // One that cannot run when its turn comes leaves its id unused.
    let second = try XCTUnwrap(segue(h, "List", "edit", animated: false))
    XCTAssertEqual(second.position, 2)
    XCTAssertEqual(second.destination?.rawValue, reserved.rawValue + 2)
    h.settle()
    XCTAssertEqual(h.id("Editor"), reserved)
    XCTAssertEqual(h.controller("Editor").scene?.scene, "Editor")
    XCTAssertEqual(h.controller("EditorForm").id.rawValue, reserved.rawValue + 3)
    XCTAssertTrue(h.controller("Editor").presentingViewController === h.nav("Nav"))
    XCTAssertNil(h.session.controller(identifier: "Editor-2"))
    XCTAssertNil(second.destination.flatMap { h.session.controllers[$0] })
  }

  // MARK: Errors

  func testSegueErrorsChangeNothing() {
    let h = shop()
    h.make(.content, "Loose")
    XCTAssertEqual(
      failure(
        h, .performSegue(source: h.id("Home"), identifier: "nope", triggered: false, animated: true)
      ),
      CurtainError(.notFound, "Receiver (Home) has no segue with identifier 'nope'"))
    XCTAssertEqual(
      failure(
        h,
        .performSegue(source: h.id("Loose"), identifier: "list", triggered: false, animated: true)),
      CurtainError(.notFound, "Receiver (Loose) has no segue with identifier 'list'"))
    // A presentation that cannot happen: the destination is forgotten.
    segue(h, "Home", "still")
    let controllers = h.session.controllers.count
    let lastSeq = h.session.detachedLog.lastSeq
    _ = h.events()
    XCTAssertEqual(
      failure(
        h,
        .performSegue(source: h.id("Home"), identifier: "fancy", triggered: false, animated: true)),
      CurtainError(
        .alreadyPresenting, "Attempt to present Detail-2 on Nav which is already presenting Detail")
    )
    XCTAssertEqual(h.session.controllers.count, controllers)
    XCTAssertEqual(h.session.detachedLog.lastSeq, lastSeq)
    XCTAssertNil(h.session.controller(identifier: "Detail-2"))
    XCTAssertEqual(h.events().count, 0)
    // The ids taken by the forgotten destination are handed out again.
    let next = h.make(.content, "Next")
    XCTAssertEqual(next.id.rawValue, h.controller("Loose").id.rawValue + 2)
  }

  // MARK: Unwind

  func testUnwindAcrossAPresentationAndANavigationStack() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    segue(h, "List", "edit", animated: false)
    _ = h.events()
    let ticket = segue(h, "EditorForm", "done")
    XCTAssertEqual(ticket?.removed, [h.id("List")])
    XCTAssertEqual(
      h.flow(),
      [
        "Editor.canPerformUnwindSegueAction(backToHome, from: EditorForm, false)",
        "List.canPerformUnwindSegueAction(backToHome, from: EditorForm, false)",
        "Home.canPerformUnwindSegueAction(backToHome, from: EditorForm, true)",
        "EditorForm.prepare(done, Home)", "Home.backToHome(from: EditorForm)",
        "List.willMove(nil)", "List.didMove(nil)", "Editor.dismissalTransitionWillBegin",
        "Editor.viewWillDisappear(true)", "EditorForm.viewWillDisappear(true)",
        "Nav.viewWillAppear(true)", "Home.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "Editor.dismissalTransitionDidEnd(true)", "Nav.viewDidAppear(true)",
        "Home.viewDidAppear(true)", "Editor.viewDidDisappear(true)",
        "EditorForm.viewDidDisappear(true)", "completion",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home"])
    XCTAssertNil(h.nav("Nav").presentedViewController)
    XCTAssertEqual(h.controller("Home").appearance, .appeared)
  }

  func testUnwindDismissesFirstWhenThePresenterIsPopped() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    try! h.controller("List").configurePresentation(definesPresentationContext: true)
    h.present("M", on: "List", animated: false, style: .currentContext)
    XCTAssertTrue(h.controller("M").presentingViewController === h.controller("List"))
    _ = h.events()
    let ticket = h.run(.unwind(source: h.id("M"), action: "backToHome", animated: true))
    XCTAssertEqual(ticket?.destination, h.id("Home"))
    XCTAssertEqual(
      h.flow(),
      [
        "List.canPerformUnwindSegueAction(backToHome, from: M, false)",
        "Home.canPerformUnwindSegueAction(backToHome, from: M, true)",
        "M.prepare(unwind, Home)", "Home.backToHome(from: M)", "M.dismissalTransitionWillBegin",
        "M.viewWillDisappear(false)", "List.viewWillAppear(false)",
        "M.dismissalTransitionDidEnd(true)", "List.viewDidAppear(false)",
        "M.viewDidDisappear(false)", "List.willMove(nil)", "Nav.willShow(Home, true)",
        "List.viewWillDisappear(true)", "Home.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home"])
    XCTAssertNil(h.controller("List").presentedViewController)
    XCTAssertEqual(h.controller("Home").appearance, .appeared)
  }

  func testUnwindSearchesTheEditorsStackThenUpToTheNearestDeclaringController() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    segue(h, "List", "edit", animated: false)
    _ = h.events()
    segue(h, "EditorForm", "doneToList", animated: false)
    XCTAssertEqual(
      Array(h.flow().prefix(3)),
      [
        "Editor.canPerformUnwindSegueAction(backToList, from: EditorForm, false)",
        "List.canPerformUnwindSegueAction(backToList, from: EditorForm, true)",
        "EditorForm.prepare(doneToList, List)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List"])
    XCTAssertNil(h.nav("Nav").presentedViewController)
  }

  func testUnwindWithinANavigationStackPopsWithAnimation() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    _ = h.events()
    h.run(.unwind(source: h.id("List"), action: "backToHome", animated: true))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Home.canPerformUnwindSegueAction(backToHome, from: List, true)",
        "List.prepare(unwind, Home)", "Home.backToHome(from: List)", "List.willMove(nil)",
        "Nav.willShow(Home, true)", "List.viewWillDisappear(true)", "Home.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home"])
  }

  func testUnwindSelectsTheTabHoldingTheDestination() {
    let h = Harness()
    try! h.session.loadStoryboard(
      Storyboard(
        name: "Tabs", initialScene: "Tabs",
        scenes: [
          .init(id: "Tabs", kind: .tabBar, children: ["First", "Second"]),
          .init(id: "First", unwindActions: ["home"]),
          .init(id: "Second", kind: .navigation, children: ["Inner"]),
          .init(id: "Inner"),
        ]))
    let root = try! h.session.instantiate(scene: nil, of: "Tabs")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    h.run(.selectTab(tabBar: root.id, selection: .index(1), animator: nil))
    _ = h.events()
    h.run(.unwind(source: h.id("Inner"), action: "home", animated: true))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Second.canPerformUnwindSegueAction(home, from: Inner, false)",
        "First.canPerformUnwindSegueAction(home, from: Inner, true)",
        "Inner.prepare(unwind, First)", "First.home(from: Inner)",
        "First.viewWillAppear(false)", "Second.viewWillDisappear(false)",
        "Inner.viewWillDisappear(false)", "Second.viewDidDisappear(false)",
        "Inner.viewDidDisappear(false)", "First.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
  }

  func testUnwindChangesTheInnermostContainersFirstWhileTheyAreHidden() {
    let h = Harness()
    try! h.session.loadStoryboard(
      Storyboard(
        name: "Nested", initialScene: "Nav",
        scenes: [
          .init(id: "Nav", kind: .navigation, children: ["Tabs"]),
          .init(id: "Tabs", kind: .tabBar, children: ["A", "B"]),
          .init(id: "A", unwindActions: ["home"]),
          .init(id: "B"),
          .init(id: "Top"),
        ],
        segues: [.init(identifier: "top", source: "B", destination: "Top", kind: .show)]))
    let root = try! h.session.instantiate(scene: nil, of: "Nested")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    segue(h, "B", "top", animated: false)
    _ = h.events()
    h.run(.unwind(source: h.id("Top"), action: "home", animated: true))
    // The tab changes while the stack hides it (no appearance callbacks),
    // then the pop animates and reveals A.
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.canPerformUnwindSegueAction(home, from: Top, true)", "Top.prepare(unwind, A)",
        "A.home(from: Top)", "Top.willMove(nil)", "Nav.willShow(Tabs, true)",
        "Top.viewWillDisappear(true)", "Tabs.viewWillAppear(true)", "A.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Top.viewDidDisappear(true)", "Tabs.viewDidAppear(true)", "A.viewDidAppear(true)",
        "Top.didMove(nil)", "Nav.didShow(Tabs, true)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testUnwindWithNoTargetIsNotFoundAndChangesNothing() {
    let h = shop()
    segue(h, "Home", "list", animated: false)
    segue(h, "List", "edit", animated: false)
    _ = h.events()
    let revision = h.window.revision
    let tree = h.window.hierarchyDescription
    let controllers = h.session.controllers.count
    XCTAssertEqual(
      failure(
        h,
        .performSegue(
          source: h.id("EditorForm"), identifier: "nowhere", triggered: false, animated: true)),
      CurtainError(
        .notFound, "No view controller above EditorForm declares the unwind action 'backToNowhere'")
    )
    XCTAssertEqual(
      failure(h, .unwind(source: h.id("Home"), action: "backToHome", animated: true)),
      CurtainError(
        .notFound, "No view controller above Home declares the unwind action 'backToHome'"))
    XCTAssertEqual(h.events().count, 0)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.window.hierarchyDescription, tree)
    XCTAssertEqual(h.session.controllers.count, controllers)
    XCTAssertTrue(h.nav("Nav").presentedViewController === h.controller("Editor"))
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List"])
    XCTAssertEqual(
      failure(h, .unwind(source: h.id("Home"), action: "no way", animated: true)),
      CurtainError(
        .invalidArgument, "Unwind action 'no way' must be 1 to 120 letters, digits, '_', '-' or '.'"
      ))
  }

  // MARK: Unwind through a split view controller

  /// Split = [Boxes = nav[Inbox], Message]; Inbox shows Folder; Message
  /// presents Compose = nav[Draft] full screen; Message and Draft unwind to
  /// Inbox.
  static let mail = Storyboard(
    name: "Mail", initialScene: "Split",
    scenes: [
      .init(id: "Split", kind: .split, children: ["Boxes", "Message"]),
      .init(id: "Boxes", kind: .navigation, children: ["Inbox"]),
      .init(id: "Inbox", unwindActions: ["backToInbox"]),
      .init(id: "Folder"), .init(id: "Message"),
      .init(id: "Info", preferredContentSize: Size(width: 300, height: 200)),
      .init(id: "Compose", kind: .navigation, children: ["Draft"]), .init(id: "Draft"),
    ],
    segues: [
      .init(identifier: "folder", source: "Inbox", destination: "Folder", kind: .show),
      .init(identifier: "open", source: "Folder", destination: "Message", kind: .showDetail),
      .init(
        identifier: "info", source: "Message", destination: "Info",
        kind: .popover(
          anchor: .init(
            rect: Rect(x: 20, y: 30, width: 44, height: 44), permittedArrowDirections: .up))),
      .init(
        identifier: "compose", source: "Message", destination: "Compose",
        kind: .present(style: .fullScreen, transition: nil)),
      .init(identifier: "done", source: "Message", kind: .unwind(action: "backToInbox")),
      .init(identifier: "sent", source: "Draft", kind: .unwind(action: "backToInbox")),
    ])

  /// The mail storyboard's split as the root of a regular window, with
  /// Folder pushed onto Boxes; events so far are discarded.
  private func mail() -> Harness {
    let h = Harness(metrics: SplitViewControllerTests.regular)
    try! h.session.loadStoryboard(Self.mail)
    let root = try! h.session.instantiate(scene: nil, of: "Mail")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    segue(h, "Inbox", "folder", animated: false)
    _ = h.events()
    return h
  }

  func testShowDetailSegueReplacesTheSecondaryOfASplit() {
    let h = mail()
    let ticket = segue(h, "Folder", "open")
    XCTAssertEqual(ticket?.created, [h.id("Message-2")])
    XCTAssertEqual(ticket?.isCompleted, true, "no animation")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Folder.prepare(open, Message-2)", "Message.willMove(nil)", "Message-2.willMove(Split)",
        "Message.viewWillDisappear(false)", "Message-2.viewDidLoad",
        "Message-2.viewWillAppear(false)", "Message.didMove(nil)", "Message-2.didMove(Split)",
        "Message.viewDidDisappear(false)", "Message-2.viewDidAppear(false)",
      ])
    XCTAssertEqual(
      (h.controller("Split") as! SplitViewController).viewControllers.map(\.name),
      ["Boxes", "Message-2"])
    XCTAssertNil(h.controller("Message").parent)
  }

  func testPopoverSegueInARegularWindow() {
    let h = mail()
    let ticket = segue(h, "Message", "info")
    XCTAssertEqual(
      h.flow(),
      [
        "Message.prepare(info, Info)", "Info.presentationTransitionWillBegin", "Info.viewDidLoad",
        "Info.viewWillAppear(true)", "Info.popoverPlaced(arrow up +0 (204, 74, 316, 229))",
      ])
    h.settle()
    XCTAssertEqual(
      h.flow(),
      ["Info.presentationTransitionDidEnd(true)", "Info.viewDidAppear(true)", "completion"])
    let presentation = h.controller("Info").presentation
    XCTAssertEqual(presentation?.style, .popover)
    XCTAssertTrue(presentation?.presenting === h.controller("Split"))
    XCTAssertTrue(presentation?.popover?.view === h.controller("Message").view)
    XCTAssertEqual(ticket?.created, [h.id("Info")])
  }

  func testUnwindFromTheSecondaryPopsThePrimaryStackOfAnExpandedSplit() {
    let h = mail()
    let split = h.controller("Split") as! SplitViewController
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes", "Message"])
    let ticket = segue(h, "Message", "done")
    XCTAssertEqual(ticket?.destination, h.id("Inbox"))
    XCTAssertEqual(ticket?.removed, [h.id("Folder")])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Folder.canPerformUnwindSegueAction(backToInbox, from: Message, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Message, true)",
        "Message.prepare(done, Inbox)", "Inbox.backToInbox(from: Message)", "Folder.willMove(nil)",
        "Boxes.willShow(Inbox, true)", "Folder.viewWillDisappear(true)",
        "Inbox.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Folder.viewDidDisappear(true)", "Inbox.viewDidAppear(true)", "Folder.didMove(nil)",
        "Boxes.didShow(Inbox, true)",
      ])
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox"])
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes", "Message"])
    XCTAssertEqual(h.controller("Message").appearance, .appeared)
    XCTAssertEqual(h.controller("Inbox").appearance, .appeared)
  }

  func testUnwindFromTheSecondaryOfACollapsedSplitPopsItWithTheStack() throws {
    let h = mail()
    let split = h.controller("Split") as! SplitViewController
    try h.window.resize(SplitViewControllerTests.compact)
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox", "Folder", "Message"])
    _ = h.events()
    let ticket = segue(h, "Message", "done")
    XCTAssertEqual(ticket?.removed, [h.id("Folder"), h.id("Message")])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Folder.canPerformUnwindSegueAction(backToInbox, from: Message, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Message, true)",
        "Message.prepare(done, Inbox)", "Inbox.backToInbox(from: Message)", "Folder.willMove(nil)",
        "Message.willMove(nil)", "Boxes.willShow(Inbox, true)", "Message.viewWillDisappear(true)",
        "Inbox.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Message.viewDidDisappear(true)", "Inbox.viewDidAppear(true)", "Folder.didMove(nil)",
        "Message.didMove(nil)", "Boxes.didShow(Inbox, true)",
      ])
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox"])
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes"])
    XCTAssertNil(h.controller("Message").parent)
    // Expanding again finds no secondary on the stack to hand back.
    try h.window.resize(SplitViewControllerTests.regular)
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes"])
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox"])
  }

  func testUnwindAcrossAPresentationAboveASplit() {
    let h = mail()
    segue(h, "Message", "compose", animated: false)
    XCTAssertTrue(h.controller("Compose").presentingViewController === h.controller("Split"))
    _ = h.events()
    let ticket = segue(h, "Draft", "sent")
    XCTAssertEqual(ticket?.destination, h.id("Inbox"))
    XCTAssertEqual(
      h.flow(),
      [
        "Compose.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Folder.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Draft, true)",
        "Draft.prepare(sent, Inbox)", "Inbox.backToInbox(from: Draft)", "Folder.willMove(nil)",
        "Folder.didMove(nil)", "Compose.dismissalTransitionWillBegin",
        "Compose.viewWillDisappear(true)", "Draft.viewWillDisappear(true)",
        "Split.viewWillAppear(true)", "Boxes.viewWillAppear(true)", "Inbox.viewWillAppear(true)",
        "Message.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "Compose.dismissalTransitionDidEnd(true)", "Split.viewDidAppear(true)",
        "Boxes.viewDidAppear(true)", "Inbox.viewDidAppear(true)", "Message.viewDidAppear(true)",
        "Compose.viewDidDisappear(true)", "Draft.viewDidDisappear(true)", "completion",
      ])
    XCTAssertNil(h.controller("Split").presentedViewController)
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox"])
    XCTAssertEqual(
      (h.controller("Split") as! SplitViewController).viewControllers.map(\.name),
      ["Boxes", "Message"])
    XCTAssertEqual(h.controller("Inbox").appearance, .appeared)
    XCTAssertEqual(h.controller("Message").appearance, .appeared)
  }

  func testUnwindAcrossAPresentationAboveACollapsedSplit() throws {
    let h = mail()
    try h.window.resize(SplitViewControllerTests.compact)
    segue(h, "Message", "compose", animated: false)
    _ = h.events()
    segue(h, "Draft", "sent")
    XCTAssertEqual(
      h.flow(),
      [
        "Compose.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Message.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Folder.canPerformUnwindSegueAction(backToInbox, from: Draft, false)",
        "Inbox.canPerformUnwindSegueAction(backToInbox, from: Draft, true)",
        "Draft.prepare(sent, Inbox)", "Inbox.backToInbox(from: Draft)", "Folder.willMove(nil)",
        "Message.willMove(nil)", "Folder.didMove(nil)", "Message.didMove(nil)",
        "Compose.dismissalTransitionWillBegin", "Compose.viewWillDisappear(true)",
        "Draft.viewWillDisappear(true)", "Split.viewWillAppear(true)", "Boxes.viewWillAppear(true)",
        "Inbox.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "Compose.dismissalTransitionDidEnd(true)", "Split.viewDidAppear(true)",
        "Boxes.viewDidAppear(true)", "Inbox.viewDidAppear(true)", "Compose.viewDidDisappear(true)",
        "Draft.viewDidDisappear(true)", "completion",
      ])
    XCTAssertNil(h.controller("Split").presentedViewController)
    XCTAssertEqual(h.nav("Boxes").viewControllers.map(\.name), ["Inbox"])
    XCTAssertEqual(h.controller("Inbox").appearance, .appeared)
  }
}
