import XCTest

@testable import CurtainCore

/// A session with one window and helpers to build trees, submit operations,
/// move the manual clock and read the events emitted since the last read.
final class Harness {
  let session: Session
  let window: Window
  private var readSeq: UInt64 = 0

  init(
    metrics: WindowMetrics = WindowMetrics(),
    configuration: SessionConfiguration = SessionConfiguration()
  ) {
    session = Session(name: "test", configuration: configuration)
    window = try! session.makeWindow(metrics: metrics, clockMode: .manual)
    readSeq = window.log.lastSeq
  }

  /// Creates a controller of `kind` named `identifier`.
  @discardableResult
  func make(_ kind: ControllerKind, _ identifier: String) -> ViewController {
    try! session.makeController(kind: kind, identifier: identifier, title: identifier)
  }

  /// The controller named `identifier`.
  func controller(_ identifier: String) -> ViewController {
    session.controller(identifier: identifier)!
  }

  func nav(_ identifier: String) -> NavigationController {
    controller(identifier) as! NavigationController
  }

  func tab(_ identifier: String) -> TabBarController {
    controller(identifier) as! TabBarController
  }

  func id(_ identifier: String) -> ControllerID { controller(identifier).id }

  /// Submits an operation and fails the test on error.
  @discardableResult
  func run(
    _ operation: WindowOperation, options: OperationOptions = .init(),
    file: StaticString = #filePath,
    line: UInt = #line
  ) -> OperationTicket? {
    do {
      return try session.submit(operation, options: options)
    } catch {
      XCTFail("\(operation) failed: \(error)", file: file, line: line)
      return nil
    }
  }

  /// Makes `root` the window's root.
  func setRoot(_ identifier: String) {
    run(.setRoot(window: window.id, controller: id(identifier)))
  }

  /// A navigation controller `name` made the window's root with the first
  /// of `stack`, the others pushed without animation (so each was shown
  /// once); events so far are discarded.
  func showNavigation(_ name: String, stack: [String]) {
    make(.navigation, name)
    for item in stack where session.controller(identifier: item) == nil { make(.content, item) }
    run(
      .setViewControllers(
        navigation: id(name), controllers: [id(stack[0])], animated: false, animator: nil))
    setRoot(name)
    for item in stack.dropFirst() { push(name, item, animated: false) }
    _ = events()
  }

  func push(_ nav: String, _ controller: String, animated: Bool = true) {
    if session.controller(identifier: controller) == nil { make(.content, controller) }
    run(.push(navigation: id(nav), controller: id(controller), animated: animated, animator: nil))
  }

  func pop(_ nav: String, animated: Bool = true) {
    run(.pop(navigation: id(nav), animated: animated, animator: nil))
  }

  /// The error an operation fails with, or `nil` when it succeeds.
  func error(_ operation: WindowOperation) -> CurtainError? {
    do {
      try session.submit(operation)
      return nil
    } catch {
      return error as? CurtainError
    }
  }

  /// Advances the manual clock by `seconds`.
  @discardableResult
  func advance(_ seconds: Double) -> Window.Step {
    window.advance(by: seconds)
  }

  /// Advances until the window is idle (at most 100 s of model time).
  func settle() {
    var guardSteps = 0
    while !window.isIdle && guardSteps < 1000 {
      _ = window.advance(by: 0.1)
      guardSteps += 1
    }
  }

  /// All events emitted since the last read.
  func events() -> [Event] {
    let new = window.events(after: readSeq) ?? []
    readSeq = window.log.lastSeq
    return new
  }

  /// The lifecycle callbacks and delegate calls emitted since the last
  /// read, rendered as `B.viewWillAppear(true)`.
  func lifecycle() -> [String] {
    events().filter { $0.category == .lifecycle }.map { session.describe($0) }
  }

  /// Events of the given categories since the last read, rendered.
  func described(_ categories: Set<EventCategory>) -> [String] {
    events().filter { categories.contains($0.category) }.map { session.describe($0) }
  }
}

extension WindowOperation {
  /// The name of the operation's case. Exhaustive: a new case does not
  /// compile until it is named here.
  var kind: String {
    switch self {
    case .setRoot: return "setRoot"
    case .setVisible: return "setVisible"
    case .resize: return "resize"
    case .addChild: return "addChild"
    case .removeFromParent: return "removeFromParent"
    case .transitionChildren: return "transitionChildren"
    case .push: return "push"
    case .pop: return "pop"
    case .popTo: return "popTo"
    case .popToRoot: return "popToRoot"
    case .setViewControllers: return "setViewControllers"
    case .selectTab: return "selectTab"
    case .setTabs: return "setTabs"
    case .beginInteractivePop: return "beginInteractivePop"
    case .present: return "present"
    case .dismiss: return "dismiss"
    case .show: return "show"
    case .performSegue: return "performSegue"
    case .unwind: return "unwind"
    case .beginInteractivePresent: return "beginInteractivePresent"
    case .beginInteractiveDismiss: return "beginInteractiveDismiss"
    case .setSplitColumns: return "setSplitColumns"
    case .configureSplit: return "configureSplit"
    case .setPages: return "setPages"
    case .turnPage: return "turnPage"
    case .beginInteractivePageTurn: return "beginInteractivePageTurn"
    case .setCollectionLayout: return "setCollectionLayout"
    case .beginInteractiveLayoutTransition: return "beginInteractiveLayoutTransition"
    case .beginInteractiveTabSelection: return "beginInteractiveTabSelection"
    case .beginAppearanceTransition: return "beginAppearanceTransition"
    case .endAppearanceTransition: return "endAppearanceTransition"
    case .tap: return "tap"
    }
  }
}
