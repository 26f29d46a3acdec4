import XCTest

@testable import CurtainCore

/// `prepare(for:sender:)` answered live by a remote segue delegate
/// (docs/delegates.md): the destination is instantiated first, the segue
/// waits while the client configures it, then shows it as configured.
final class PrepareForSegueTests: XCTestCase {
  let client = OwnerID(7)

  /// The Shop storyboard's root in the window, `client` Home's segue
  /// delegate.
  private func shop() throws -> Harness {
    let h = Harness()
    try h.session.loadStoryboard(StoryboardTests.shop)
    let root = try h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    try h.session.setDelegate(
      of: h.id("Home"), roles: [.segue], delegate: client, timeout: 0.5)
    _ = h.events()
    return h
  }

  @discardableResult
  private func perform(_ h: Harness, _ identifier: String, triggered: Bool = false)
    -> OperationTicket?
  {
    h.run(
      .performSegue(
        source: h.id("Home"), identifier: identifier, triggered: triggered, animated: false))
  }

  func testTheDestinationExistsWhileAskedAndIsShownAsConfigured() throws {
    let h = try shop()
    let ticket = try XCTUnwrap(perform(h, "list"))
    XCTAssertEqual(ticket.delegateCall, 1)
    let list = try XCTUnwrap(h.session.controller(identifier: "List"))
    XCTAssertEqual(ticket.destination, list.id, "the destination is named at acceptance")
    XCTAssertNil(list.window, "not shown yet")
    XCTAssertEqual(h.lifecycle(), ["Home.delegate#1.prepareForSegue('list', Home → List)"])
    XCTAssertEqual(h.session.takeIssuedDelegateCalls().first?.arguments.to, list.id)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home"], "the segue waits")
    // The client configures the destination while the segue waits.
    try list.configure(title: "Groceries", identifier: nil)
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    XCTAssertEqual(
      Array(h.lifecycle().prefix(3)),
      ["Home.delegate#1 → default", "Home.prepare(list, List)", "List.willMove(Nav)"])
    XCTAssertTrue(h.nav("Nav").topViewController === list, "the same controller is shown")
    XCTAssertEqual(list.title, "Groceries")
  }

  func testADeclinedSegueAsksNothingMoreAndAnAnswerWithContentIsMalformed() throws {
    let h = try shop()
    perform(h, "declined", triggered: true)
    try h.session.answerDelegateCall(1, .bool(false), from: client)
    XCTAssertFalse(h.lifecycle().contains { $0.contains("prepareForSegue") })
    XCTAssertNil(h.session.controller(identifier: "List"), "nothing instantiated")

    perform(h, "list", triggered: true)
    try h.session.answerDelegateCall(2, .bool(true), from: client)
    _ = h.events()
    try h.session.answerDelegateCall(3, .bool(true), from: client)
    XCTAssertEqual(
      h.lifecycle().first,
      "Home.delegate#3 fallback(malformed: prepare(for:sender:) answers nothing (an empty "
        + "answer), not yes or no)")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List"], "it goes on")
  }

  /// A queued segue is tried once without side effects before its delegate
  /// is asked (an operation that cannot run fails first); the trial builds
  /// the destination under the id set aside for it, and undoing the trial
  /// must take that controller away too, or the real instantiation finds a
  /// half-made one whose embedded controllers were undone.
  func testAQueuedSegueAskedWhenItsTurnComesInstantiatesItsDestinationWhole() throws {
    let h = Harness()
    try h.session.loadStoryboard(StoryboardTests.shop)
    let root = try h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    h.run(.performSegue(source: h.id("Home"), identifier: "list", triggered: false, animated: true))
    try h.session.setDelegate(of: h.id("List"), roles: [.segue], delegate: client, timeout: 0.5)
    let queued = try XCTUnwrap(
      h.run(
        .performSegue(source: h.id("List"), identifier: "edit", triggered: false, animated: false))
    )
    XCTAssertEqual(queued.position, 1)
    let reserved = try XCTUnwrap(queued.destination)
    XCTAssertNil(h.session.controllers[reserved])
    _ = h.events()
    h.settle()
    let call = try XCTUnwrap(h.session.takeIssuedDelegateCalls().first)
    XCTAssertEqual(call.arguments.to, reserved)
    let editor = try XCTUnwrap(h.session.controllers[reserved])
    XCTAssertEqual(editor.identifier, "Editor")
    let form = try XCTUnwrap(editor.children.first)
    XCTAssertTrue(
      h.session.controllers[form.id] === form, "its embedded controller is in the session")
    XCTAssertTrue(h.session.controller(identifier: "EditorForm") === form)
    try h.session.answerDelegateCall(call.id, .useDefault, from: client)
    h.settle()
    XCTAssertTrue(h.nav("Nav").presentedViewController === editor)
  }

  func testATimeoutShowsTheDestinationAsItIs() throws {
    let h = try shop()
    perform(h, "list")
    XCTAssertTrue(h.session.failDelegateCall(1, .timeout))
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Home", "List"])
  }
}
