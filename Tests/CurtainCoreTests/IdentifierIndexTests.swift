import XCTest

@testable import CurtainCore

// The session's index of identifiers (IdentifierIndex.swift) against a scan
// of every controller: after each of thousands of random creations,
// renames, deletions, window trees (some failing half-way), closed windows,
// emptied sessions and restores from snapshots, `controller(identifier:)`
// answers what a scan answers for every identifier, and a name taken by
// another controller is refused with the same error as before the index.

final class IdentifierIndexTests: XCTestCase {
  /// The identifiers the random steps choose from: few enough to collide,
  /// enough to grow and shrink the table several times.
  private static let pool = (0..<400).map { "Id\($0)" }

  func testIndexAgreesWithAScanAfterRandomOperations() throws {
    for seed: UInt64 in [1, 2, 3] {
      var random = SplitMix64(seed: seed)
      var session = Session(name: "index-\(seed)")
      var restores = 0
      for step in 0..<4_000 {
        let context = "seed \(seed), step \(step)"
        switch random.int(100) {
        case 0..<40: try create(in: session, &random, context)
        case 40..<60: try rename(in: session, &random, context)
        case 60..<72: try delete(in: session, &random, context)
        case 72..<85: try makeWindow(in: session, &random, context)
        case 85..<95: try closeWindow(in: session, &random)
        case 95..<98:
          session = try Session.restore(session.snapshot())
          restores += 1
        default:
          if random.chance(0.3) { session.empty() }
        }
        try checkIndex(of: session, context)
      }
      XCTAssertGreaterThan(restores, 0)
    }
  }

  func testTheTableGrowsAndShrinksWithoutLosingAController() throws {
    let session = Session()
    var made: [ViewController] = []
    for number in 0..<5_000 {
      made.append(try session.makeController(kind: .content, identifier: "C\(number)"))
    }
    try checkIndex(of: session, "after 5,000 creations")
    for controller in made.prefix(4_990) { try session.deleteController(controller.id) }
    try checkIndex(of: session, "after 4,990 deletions")
    XCTAssertEqual(session.identifierIndex.count, 10)
    XCTAssertTrue(session.controller(identifier: "C4995") === made[4995])
    XCTAssertNil(session.controller(identifier: "C0"))
  }

  func testUniquenessErrorsAreUnchanged() throws {
    let session = Session()
    let home = try session.makeController(kind: .content, identifier: "Home")
    let other = try session.makeController(kind: .content, identifier: "Other")
    let exists = "A controller with identifier 'Home' already exists"
    XCTAssertThrowsError(try session.makeController(kind: .content, identifier: "Home")) {
      XCTAssertEqual($0 as? CurtainError, CurtainError.invalid(exists))
    }
    XCTAssertThrowsError(try other.configure(title: nil, identifier: "Home")) {
      XCTAssertEqual($0 as? CurtainError, CurtainError.invalid(exists))
    }
    XCTAssertThrowsError(
      try session.makeWindow(
        root: .init(kind: .navigation, children: [.init(kind: .content, identifier: "Home")]))
    ) { XCTAssertEqual($0 as? CurtainError, CurtainError.invalid(exists)) }
    // Renaming to its own identifier is no conflict; a freed identifier
    // may be taken again.
    try home.configure(title: nil, identifier: "Home")
    try home.configure(title: nil, identifier: "")
    XCTAssertNil(session.controller(identifier: "Home"))
    try other.configure(title: nil, identifier: "Home")
    XCTAssertTrue(session.controller(identifier: "Home") === other)
    XCTAssertNil(session.controller(identifier: "Other"))
  }

  // MARK: Steps

  private func identifier(_ random: inout SplitMix64) -> String {
    Self.pool[random.int(Self.pool.count)]
  }

  /// One of `controllers` (in id order, so that a seed gives one run).
  private func pick(_ controllers: some Collection<ViewController>, _ random: inout SplitMix64)
    -> ViewController?
  {
    let sorted = controllers.sorted { $0.id < $1.id }
    return sorted.isEmpty ? nil : sorted[random.int(sorted.count)]
  }

  /// A scan's answer: the controller with this identifier, if any.
  private func scan(_ session: Session, _ identifier: String) -> ViewController? {
    session.controllers.values.first { $0.identifier == identifier }
  }

  private func create(in session: Session, _ random: inout SplitMix64, _ context: String) throws {
    let name = random.chance(0.8) ? identifier(&random) : nil
    let taken = name.map { scan(session, $0) != nil } ?? false
    do {
      _ = try session.makeController(kind: .content, identifier: name)
      XCTAssertFalse(taken, "\(context): created a second '\(name ?? "")'")
    } catch let error as CurtainError {
      guard let name, taken else { throw error }
      XCTAssertEqual(
        error, .invalid("A controller with identifier '\(name)' already exists"), context)
    }
  }

  private func rename(in session: Session, _ random: inout SplitMix64, _ context: String) throws {
    guard let controller = pick(session.controllers.values, &random) else { return }
    let name = random.chance(0.2) ? "" : identifier(&random)
    let holder = scan(session, name)
    do {
      try controller.configure(title: nil, identifier: name)
      XCTAssertTrue(holder == nil || holder === controller, "\(context): took '\(name)'")
      XCTAssertEqual(controller.identifier, name.isEmpty ? nil : name, context)
    } catch let error as CurtainError {
      guard let holder, holder !== controller else { throw error }
      XCTAssertEqual(
        error, .invalid("A controller with identifier '\(name)' already exists"), context)
    }
  }

  private func delete(in session: Session, _ random: inout SplitMix64, _ context: String) throws {
    let loose = session.controllers.values.filter { $0.window == nil && $0.parent == nil }
    guard let controller = pick(loose, &random) else { return }
    let doomed = try session.deleteController(controller.id)
    for id in doomed { XCTAssertNil(session.controllers[id], context) }
  }

  /// A window whose root is a navigation controller with a few children,
  /// all named from the pool: it fails, creating nothing, when a name is
  /// taken or repeated.
  private func makeWindow(in session: Session, _ random: inout SplitMix64, _ context: String)
    throws
  {
    guard session.windows.count < 20 else { return }
    let children = (0..<random.int(in: 1...4)).map { _ in
      ControllerTreeSpec(kind: .content, identifier: identifier(&random))
    }
    let root = ControllerTreeSpec(
      kind: .navigation, identifier: identifier(&random), children: children)
    let before = session.controllers.count
    do {
      _ = try session.makeWindow(clockMode: .manual, root: root)
    } catch is CurtainError {
      XCTAssertEqual(session.controllers.count, before, "\(context): a failed tree left some")
    }
  }

  private func closeWindow(in session: Session, _ random: inout SplitMix64) throws {
    let windows = session.orderedWindows
    guard !windows.isEmpty else { return }
    let window = windows[random.int(windows.count)]
    try session.closeWindow(window.id, keepingControllers: random.chance(0.3))
  }

  /// The index holds exactly the controllers with an identifier, each
  /// found under it, and finds nothing for a free identifier.
  private func checkIndex(of session: Session, _ context: String) throws {
    let named = session.controllers.values.filter { $0.identifier != nil }
    XCTAssertEqual(session.identifierIndex.count, named.count, context)
    XCTAssertEqual(
      Set(session.identifierIndex.controllers.map(\.id)), Set(named.map(\.id)), context)
    for controller in named {
      XCTAssertTrue(
        session.controller(identifier: controller.identifier!) === controller,
        "\(context): \(controller.identifier!) not found")
    }
    let taken = Set(named.compactMap(\.identifier))
    for name in Self.pool where !taken.contains(name) {
      XCTAssertNil(session.controller(identifier: name), "\(context): found a free '\(name)'")
    }
  }
}
