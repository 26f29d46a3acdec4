import XCTest

@testable import CurtainCore

/// SEMANTICS §3, split view controller: columns, display modes, widths,
/// collapse and expand on resize with the navigation push and pop they
/// imply, showDetail, and every error.
final class SplitViewControllerTests: XCTestCase {
  /// An iPad in landscape: horizontally regular.
  static let regular = WindowMetrics(
    size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
    scale: 2, idiom: .pad)
  /// A narrow iPad window: horizontally compact.
  static let compact = WindowMetrics(
    size: Size(width: 320, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
    scale: 2, idiom: .pad)

  /// `showSplit()` in a regular window, then collapsed by a resize; events
  /// so far are discarded.
  static func collapsedSplit() throws -> Harness {
    let h = Harness(metrics: regular)
    h.showSplit()
    try h.window.resize(compact)
    _ = h.events()
    return h
  }

  // MARK: Columns

  func testARegularWindowShowsThePrimaryBesideTheSecondary() {
    let h = Harness(metrics: Self.regular)
    h.buildSplit()
    h.setRoot("Split")
    XCTAssertEqual(
      h.moves(),
      [
        "Split.viewDidLoad", "Detail.viewDidLoad", "Nav.viewDidLoad", "Master.viewDidLoad",
        "Split.viewWillAppear(false)", "Nav.viewWillAppear(false)",
        "Master.viewWillAppear(false)", "Detail.viewWillAppear(false)", "root(Split)",
        "Split.viewDidAppear(false)", "Nav.viewDidAppear(false)", "Master.viewDidAppear(false)",
        "Detail.viewDidAppear(false)",
      ])
    let split = h.split("Split")
    XCTAssertFalse(split.isCollapsed)
    XCTAssertEqual(split.displayMode, .oneBesideSecondary)
    XCTAssertEqual(split.primaryColumnWidth, 320)
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(h.frame("Detail"), Rect(x: 320, y: 0, width: 704, height: 768))
    XCTAssertEqual(split.viewControllers.map(\.name), ["Nav", "Detail"])
    XCTAssertEqual(
      split.viewIfLoaded?.subviews.map(\.id),
      [h.controller("Detail").viewIfLoaded!.id, h.controller("Nav").viewIfLoaded!.id],
      "the primary lies above the secondary")
    XCTAssertEqual(
      split.node.summary,
      "\(split.id) split @Split \"Split\", state: appeared, view: \(split.viewIfLoaded!.id) "
        + "(0, 0, 1024, 768), oneBesideSecondary, primary width 320")
  }

  func testSettingColumnsOnScreenRemovesTheOldAndAddsTheNew() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.make(.content, "Other")
    h.run(.setSplitColumns(split: h.id("Split"), primary: h.id("Nav"), secondary: h.id("Other")))
    XCTAssertEqual(
      h.moves(),
      [
        "Detail.willMove(nil)", "Other.willMove(Split)", "Detail.viewWillDisappear(false)",
        "Split.childRemoved(Detail)", "Split.childAdded(Other)",
        "Split.viewControllers([Nav, Other])", "Other.viewDidLoad",
        "Other.viewWillAppear(false)", "Detail.didMove(nil)", "Other.didMove(Split)",
        "Detail.viewDidDisappear(false)", "Other.viewDidAppear(false)",
      ], "SEMANTICS §2: the did-appearance callbacks after the containment calls")
    XCTAssertNil(h.controller("Detail").parent)
    XCTAssertNil(h.controller("Detail").viewIfLoaded?.superview)
    XCTAssertEqual(h.frame("Other"), Rect(x: 320, y: 0, width: 704, height: 768))
    // Without a secondary the secondary column is empty.
    h.run(.setSplitColumns(split: h.id("Split"), primary: h.id("Nav"), secondary: nil))
    XCTAssertEqual(
      h.moves(),
      [
        "Other.willMove(nil)", "Other.viewWillDisappear(false)", "Split.childRemoved(Other)",
        "Split.viewControllers([Nav])", "Other.didMove(nil)", "Other.viewDidDisappear(false)",
      ])
    XCTAssertEqual(h.split("Split").viewControllers.map(\.name), ["Nav"])
  }

  func testRemovingAColumnFromItsParentEmptiesIt() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.run(.removeFromParent(h.id("Detail")))
    XCTAssertEqual(
      h.moves(),
      [
        "Detail.willMove(nil)", "Detail.viewWillDisappear(false)", "Split.childRemoved(Detail)",
        "Detail.didMove(nil)", "Detail.viewDidDisappear(false)", "Split.viewControllers([Nav])",
      ])
    XCTAssertNil(h.split("Split").secondary)
  }

  // MARK: Collapse and expand

  func testResizingToCompactCollapsesTheSecondaryOntoThePrimaryNavigationController() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    let revision = h.window.revision
    try h.window.resize(Self.compact)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "Split.collapsed", "Detail.willMove(nil)", "Split.childRemoved(Detail)",
        "Detail.didMove(nil)", "Split.viewControllers([Nav])",
        // The implied push, without animation; Detail never leaves the screen.
        "Detail.willMove(Nav)", "Nav.childAdded(Detail)", "Nav.viewControllers([Master, Detail])",
        "Nav.willShow(Detail, false)", "Master.viewWillDisappear(false)",
        "Master.viewDidDisappear(false)", "Detail.didMove(Nav)", "Nav.didShow(Detail, false)",
        // Then the size transition tells the tree as it now is.
        "Split.willTransition(to: compact×regular @2x pad)",
        "Nav.willTransition(to: compact×regular @2x pad)",
        "Detail.willTransition(to: compact×regular @2x pad)",
        "Split.viewWillTransition(to: 320×768)", "Nav.viewWillTransition(to: 320×768)",
        "Detail.viewWillTransition(to: 320×768)",
        "Split.traitCollectionDidChange(regular×regular @2x pad)",
        "Nav.traitCollectionDidChange(regular×regular @2x pad)",
        "Detail.traitCollectionDidChange(regular×regular @2x pad)",
      ])
    XCTAssertEqual(h.window.revision, revision + 1, "one committed change")
    let split = h.split("Split")
    XCTAssertTrue(split.isCollapsed)
    XCTAssertEqual(split.viewControllers.map(\.name), ["Nav"])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "Detail"])
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(h.frame("Detail"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertNil(h.controller("Master").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("Detail").appearance, .appeared)
    XCTAssertTrue(split.node.summary.hasSuffix(", collapsed"), split.node.summary)
    // A resize within the compact size class changes nothing but frames.
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 400, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad))
    XCTAssertEqual(h.moves(), [])
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 400, height: 768))
  }

  func testResizingToRegularExpandsThePrimaryNavigationControllersTopIntoTheSecondary() throws {
    let h = try Self.collapsedSplit()
    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.expanded",
        // The implied pop, without animation; Detail never leaves the screen.
        "Detail.willMove(nil)", "Nav.childRemoved(Detail)", "Nav.viewControllers([Master])",
        "Nav.willShow(Master, false)", "Master.viewWillAppear(false)",
        "Master.viewDidAppear(false)", "Detail.didMove(nil)", "Nav.didShow(Master, false)",
        "Detail.willMove(Split)", "Split.childAdded(Detail)",
        "Split.viewControllers([Nav, Detail])",
        "Detail.didMove(Split)",
      ])
    let split = h.split("Split")
    XCTAssertFalse(split.isCollapsed)
    XCTAssertTrue(split.secondary === h.controller("Detail"))
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master"])
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(h.frame("Master"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(h.frame("Detail"), Rect(x: 320, y: 0, width: 704, height: 768))
    XCTAssertEqual(h.controller("Detail").appearance, .appeared)
    XCTAssertEqual(h.controller("Master").appearance, .appeared)
  }

  func testExpandingAfterAPushWhileCollapsedMakesTheNewTopTheSecondary() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    try h.window.resize(Self.compact)
    h.push("Nav", "Photo")
    h.settle()
    _ = h.events()
    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.expanded", "Photo.willMove(nil)", "Nav.childRemoved(Photo)",
        "Nav.viewControllers([Master, Detail])", "Nav.willShow(Detail, false)",
        "Detail.viewWillAppear(false)", "Detail.viewDidAppear(false)", "Photo.didMove(nil)",
        "Nav.didShow(Detail, false)", "Photo.willMove(Split)", "Split.childAdded(Photo)",
        "Split.viewControllers([Nav, Photo])", "Photo.didMove(Split)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "Detail"])
    XCTAssertEqual(h.frame("Photo"), Rect(x: 320, y: 0, width: 704, height: 768))
  }

  /// Curtain's choice for a navigation controller as the secondary: the
  /// secondary is pushed onto the primary navigation controller as it is,
  /// with its own stack, and hides its bar while it is there (one bar
  /// shows); expanding pops it and it becomes the secondary again, with its
  /// bar: the structure is exactly the one before the collapse.
  func testANavigationControllerSecondaryCollapsesWithOneBarAndExpandsBackExactly() throws {
    let h = Harness(metrics: Self.regular)
    h.buildSplitWithNavigationSecondary()
    h.setRoot("Split")
    _ = h.events()
    let detailNav = h.nav("DetailNav")
    let expanded = h.window.hierarchyDescription
    let split = h.split("Split")
    let s = split.id
    let nav = h.id("Nav")
    let master = h.id("Master")
    let dnav = detailNav.id
    let detail = h.id("Detail")
    func view(_ name: String) -> ViewID { h.controller(name).view.id }
    XCTAssertEqual(
      expanded,
      """
      w1 1024×768 scale 2 regular×regular safe area {24, 0, 20, 0} revision 1
      \(s) split @Split "Split", state: appeared, view: \(view("Split")) (0, 0, 1024, 768), \
      oneBesideSecondary, primary width 320
         | \(nav) navigation @Nav "Nav", state: appeared, view: \(view("Nav")) (0, 0, 320, 768)
         |    | \(master) content @Master "Master", state: appeared, view: \(view("Master")) \
      (0, 0, 320, 768), under bars, safe area {74, 0, 20, 0}
         | \(dnav) navigation @DetailNav "DetailNav", state: appeared, view: \(view("DetailNav")) \
      (320, 0, 704, 768)
         |    | \(detail) content @Detail "Detail", state: appeared, view: \(view("Detail")) \
      (0, 0, 704, 768), under bars, safe area {74, 0, 20, 0}
      """)
    XCTAssertEqual(detailNav.isNavigationBarHidden, false)

    try h.window.resize(Self.compact)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.collapsed", "DetailNav.willMove(nil)", "Split.childRemoved(DetailNav)",
        "DetailNav.didMove(nil)", "Split.viewControllers([Nav])",
        // The implied push of the whole secondary, without animation; it
        // never leaves the screen, so only Master disappears.
        "DetailNav.willMove(Nav)", "Nav.childAdded(DetailNav)",
        "Nav.viewControllers([Master, DetailNav])", "Nav.willShow(DetailNav, false)",
        "Master.viewWillDisappear(false)", "Master.viewDidDisappear(false)",
        "DetailNav.didMove(Nav)", "Nav.didShow(DetailNav, false)",
      ])
    XCTAssertTrue(split.isCollapsed)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "DetailNav"])
    XCTAssertEqual(detailNav.viewControllers.map(\.name), ["Detail"])
    // One bar: the nested navigation controller hides its own, and its top
    // fills its view, under the primary's translucent bar.
    XCTAssertTrue(detailNav.isNavigationBarHidden)
    XCTAssertEqual(detailNav.navigationBar?.isHidden, true)
    XCTAssertEqual(h.nav("Nav").navigationBar?.isHidden, false)
    XCTAssertEqual(
      h.window.hierarchyDescription,
      """
      w1 320×768 scale 2 compact×regular safe area {24, 0, 20, 0} revision 2
      \(s) split @Split "Split", state: appeared, view: \(view("Split")) (0, 0, 320, 768), \
      collapsed
         | \(nav) navigation @Nav "Nav", state: appeared, view: \(view("Nav")) (0, 0, 320, 768)
         |    | \(master) content @Master "Master", state: disappeared, view: \(view("Master")) \
      (0, 0, 320, 768) not in the window
         |    | \(dnav) navigation @DetailNav "DetailNav", state: appeared, view: \
      \(view("DetailNav")) (0, 0, 320, 768), under bars, safe area {74, 0, 20, 0}
         |    |    | \(detail) content @Detail "Detail", state: appeared, view: \
      \(view("Detail")) (0, 0, 320, 768), under bars, safe area {74, 0, 20, 0}
      """)

    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.expanded",
        // The implied pop: DetailNav, the primary's top, becomes the
        // secondary again without leaving the screen.
        "DetailNav.willMove(nil)", "Nav.childRemoved(DetailNav)", "Nav.viewControllers([Master])",
        "Nav.willShow(Master, false)", "Master.viewWillAppear(false)",
        "Master.viewDidAppear(false)", "DetailNav.didMove(nil)", "Nav.didShow(Master, false)",
        "DetailNav.willMove(Split)", "Split.childAdded(DetailNav)",
        "Split.viewControllers([Nav, DetailNav])", "DetailNav.didMove(Split)",
      ])
    XCTAssertFalse(detailNav.isNavigationBarHidden)
    XCTAssertEqual(detailNav.navigationBar?.isHidden, false)
    XCTAssertTrue(split.secondary === detailNav)
    XCTAssertEqual(
      h.window.hierarchyDescription,
      expanded.replacingOccurrences(of: "revision 1", with: "revision 3"),
      "exactly the structure and frames before the collapse")
  }

  func testPushesInsideANestedSecondaryStayInItAcrossExpand() throws {
    let h = Harness(metrics: Self.compact)
    h.buildSplitWithNavigationSecondary()
    h.setRoot("Split")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "DetailNav"])
    // `show` from Detail goes to the nearest navigation controller: the
    // nested one, whose push animates below the primary's bar.
    h.make(.content, "Photo")
    h.run(
      .show(.show, sender: h.id("Detail"), controller: h.id("Photo"), animated: true, animator: nil)
    )
    h.settle()
    XCTAssertEqual(h.nav("DetailNav").viewControllers.map(\.name), ["Detail", "Photo"])
    XCTAssertEqual(h.frame("Photo"), Rect(x: 0, y: 0, width: 320, height: 768))
    _ = h.events()
    try h.window.resize(Self.regular)
    XCTAssertTrue(h.split("Split").secondary === h.controller("DetailNav"))
    XCTAssertEqual(h.nav("DetailNav").viewControllers.map(\.name), ["Detail", "Photo"])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master"])
    XCTAssertEqual(h.frame("DetailNav"), Rect(x: 320, y: 0, width: 704, height: 768))
    XCTAssertEqual(h.frame("Photo"), Rect(x: 0, y: 0, width: 704, height: 768))
    XCTAssertEqual(h.nav("DetailNav").navigationBar?.isHidden, false)
  }

  func testASplitShownInACompactWindowStartsCollapsed() {
    let h = Harness(metrics: Self.compact)
    h.buildSplit()
    h.setRoot("Split")
    XCTAssertEqual(
      h.moves(),
      [
        "Split.viewDidLoad", "Split.collapsed", "Detail.willMove(nil)",
        "Split.childRemoved(Detail)", "Detail.didMove(nil)", "Split.viewControllers([Nav])",
        "Detail.willMove(Nav)", "Nav.childAdded(Detail)", "Nav.viewControllers([Master, Detail])",
        "Detail.didMove(Nav)", "Nav.viewDidLoad", "Detail.viewDidLoad",
        "Split.viewWillAppear(false)", "Nav.viewWillAppear(false)",
        "Detail.viewWillAppear(false)", "root(Split)", "Split.viewDidAppear(false)",
        "Nav.viewDidAppear(false)", "Detail.viewDidAppear(false)",
      ])
    XCTAssertFalse(h.controller("Master").isViewLoaded, "the collapsed stack shows only its top")
    XCTAssertEqual(h.frame("Detail"), Rect(x: 0, y: 0, width: 320, height: 768))
  }

  func testACollapsedSplitWithAContentPrimaryHidesItsSecondaryUntilItExpands() throws {
    let h = Harness(metrics: Self.regular)
    h.make(.split, "Split")
    h.make(.content, "Primary")
    h.make(.content, "Detail")
    h.run(
      .setSplitColumns(split: h.id("Split"), primary: h.id("Primary"), secondary: h.id("Detail")))
    h.setRoot("Split")
    _ = h.events()
    try h.window.resize(Self.compact)
    XCTAssertEqual(
      h.moves(),
      ["Split.collapsed", "Detail.viewWillDisappear(false)", "Detail.viewDidDisappear(false)"])
    XCTAssertTrue(h.controller("Detail").parent === h.split("Split"), "it stays a child")
    XCTAssertEqual(h.frame("Primary"), Rect(x: 0, y: 0, width: 320, height: 768))
    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.moves(),
      ["Split.expanded", "Detail.viewWillAppear(false)", "Detail.viewDidAppear(false)"])
    XCTAssertEqual(h.frame("Primary"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(h.frame("Detail"), Rect(x: 320, y: 0, width: 704, height: 768))
  }

  func testCollapseAndExpandWithAHiddenPrimary() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.configure(SplitPreferenceChange(displayMode: .secondaryOnly), animated: false)
    _ = h.events()
    try h.window.resize(Self.compact)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.collapsed", "Detail.willMove(nil)", "Split.childRemoved(Detail)",
        "Detail.didMove(nil)", "Split.viewControllers([Nav])", "Detail.willMove(Nav)",
        "Nav.childAdded(Detail)", "Nav.viewControllers([Master, Detail])", "Detail.didMove(Nav)",
        "Nav.viewWillAppear(false)", "Nav.viewDidAppear(false)",
      ])
    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.moves(),
      [
        "Split.expanded", "Nav.viewWillDisappear(false)", "Nav.viewDidDisappear(false)",
        "Detail.willMove(nil)", "Nav.childRemoved(Detail)", "Nav.viewControllers([Master])",
        "Detail.didMove(nil)", "Detail.willMove(Split)", "Split.childAdded(Detail)",
        "Split.viewControllers([Nav, Detail])", "Detail.didMove(Split)",
      ])
    XCTAssertEqual(h.frame("Detail"), Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(h.controller("Master").appearance, .disappeared)
    XCTAssertEqual(h.controller("Detail").appearance, .appeared)
  }

  func testACollapseRunsWithAnAnimatedSizeTransition() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    try h.window.resize(Self.compact, animation: SizeTransitionAnimation())
    XCTAssertTrue(h.split("Split").isCollapsed)
    XCTAssertEqual(h.window.transitions.first?.kind, .sizeTransition)
    // Detail moves from the secondary column to the navigation controller's
    // content area with the size transition.
    XCTAssertEqual(
      h.advance(0.2).frame?.frame(of: h.controller("Detail"))?.rounded,
      Rect(x: 160, y: 0, width: 512, height: 768))
    h.settle()
    XCTAssertEqual(h.frame("Detail"), Rect(x: 0, y: 0, width: 320, height: 768))
  }

  func testAResizeDuringATransitionWaitsAndThenCollapses() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.push("Nav", "Item")
    h.advance(0.1)
    _ = h.events()
    try h.window.resize(Self.compact)
    XCTAssertEqual(h.moves(), [], "the resize waits in the window's queue")
    XCTAssertFalse(h.split("Split").isCollapsed)
    h.advance(0.25)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "Master.viewDidDisappear(true)", "Item.viewDidAppear(true)", "Item.didMove(Nav)",
        "Nav.didShow(Item, true)", "t1.ended(cancelled: false)", "Split.collapsed",
        "Detail.willMove(nil)", "Split.childRemoved(Detail)", "Detail.didMove(nil)",
        "Split.viewControllers([Nav])", "Detail.willMove(Nav)", "Nav.childAdded(Detail)",
        "Nav.viewControllers([Master, Item, Detail])", "Nav.willShow(Detail, false)",
        "Item.viewWillDisappear(false)", "Item.viewDidDisappear(false)", "Detail.didMove(Nav)",
        "Nav.didShow(Detail, false)", "Split.willTransition(to: compact×regular @2x pad)",
        "Nav.willTransition(to: compact×regular @2x pad)",
        "Detail.willTransition(to: compact×regular @2x pad)",
        "Split.viewWillTransition(to: 320×768)", "Nav.viewWillTransition(to: 320×768)",
        "Detail.viewWillTransition(to: 320×768)",
        "Split.traitCollectionDidChange(regular×regular @2x pad)",
        "Nav.traitCollectionDidChange(regular×regular @2x pad)",
        "Detail.traitCollectionDidChange(regular×regular @2x pad)",
      ])
    XCTAssertTrue(h.split("Split").isCollapsed)
  }

  func testSettingColumnsWhileCollapsedPushesTheSecondary() throws {
    let h = Harness(metrics: Self.compact)
    h.buildSplit(withSecondary: false)
    h.setRoot("Split")
    _ = h.events()
    h.run(.setSplitColumns(split: h.id("Split"), primary: h.id("Nav"), secondary: h.id("Detail")))
    XCTAssertEqual(
      h.moves(),
      [
        "Detail.willMove(Nav)", "Nav.childAdded(Detail)", "Nav.viewControllers([Master, Detail])",
        "Detail.viewDidLoad", "Nav.willShow(Detail, false)", "Master.viewWillDisappear(false)",
        "Detail.viewWillAppear(false)", "Master.viewDidDisappear(false)",
        "Detail.viewDidAppear(false)", "Detail.didMove(Nav)", "Nav.didShow(Detail, false)",
      ])
    XCTAssertNil(h.split("Split").secondary)
  }

  // MARK: Display modes and widths

  func testHidingThePrimaryAnimatesItOutAndTheSecondaryAcross() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    let ticket = h.configure(SplitPreferenceChange(displayMode: .secondaryOnly), animated: true)
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "Split.displayMode(secondaryOnly)", "Nav.viewWillDisappear(true)",
        "Master.viewWillDisappear(true)",
        "t1.began(displayModeChange, Nav → nil, animated: true, interactive: false)",
      ])
    let half = h.advance(0.175).frame
    let nav = h.controller("Nav").viewIfLoaded!
    let detail = h.controller("Detail").viewIfLoaded!
    XCTAssertEqual(
      half?.views.first { $0.view == nav.id }?.state.frame,
      Rect(x: -160, y: 0, width: 320, height: 768))
    XCTAssertEqual(
      half?.views.first { $0.view == detail.id }?.state.frame,
      Rect(x: 160, y: 0, width: 864, height: 768))
    h.advance(0.175)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "Nav.viewDidDisappear(true)", "Master.viewDidDisappear(true)",
        "t1.ended(cancelled: false)",
      ])
    XCTAssertNil(nav.superview)
    XCTAssertEqual(detail.frame, Rect(x: 0, y: 0, width: 1024, height: 768))
  }

  func testShowingThePrimaryOverTheSecondarySlidesItIn() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.configure(SplitPreferenceChange(displayMode: .secondaryOnly), animated: false)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "Split.displayMode(secondaryOnly)", "Nav.viewWillDisappear(false)",
        "Master.viewWillDisappear(false)", "Nav.viewDidDisappear(false)",
        "Master.viewDidDisappear(false)",
      ])
    h.configure(SplitPreferenceChange(displayMode: .oneOverSecondary), animated: true)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "Split.displayMode(oneOverSecondary)", "Nav.viewWillAppear(true)",
        "Master.viewWillAppear(true)",
        "t1.began(displayModeChange, nil → Nav, animated: true, interactive: false)",
      ])
    let nav = h.controller("Nav").viewIfLoaded!
    XCTAssertEqual(
      h.advance(0.175).frame?.views.first { $0.view == nav.id }?.state.frame,
      Rect(x: -160, y: 0, width: 320, height: 768))
    h.advance(0.175)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      ["Nav.viewDidAppear(true)", "Master.viewDidAppear(true)", "t1.ended(cancelled: false)"])
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 320, height: 768))
    XCTAssertEqual(
      h.frame("Detail"), Rect(x: 0, y: 0, width: 1024, height: 768), "under the primary")
    XCTAssertEqual(h.split("Split").viewIfLoaded?.subviews.last?.id, nav.id)
    // automatic resolves to oneBesideSecondary: the secondary moves aside.
    h.configure(SplitPreferenceChange(displayMode: .automatic), animated: false)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      ["Split.displayMode(oneBesideSecondary)"])
    XCTAssertEqual(h.frame("Detail"), Rect(x: 320, y: 0, width: 704, height: 768))
  }

  func testPrimaryColumnWidths() {
    func width(_ change: SplitPreferenceChange, in splitWidth: Double) -> Double {
      try! change.applied(to: SplitPreferences()).primaryColumnWidth(in: splitWidth)
    }
    XCTAssertEqual(width(SplitPreferenceChange(), in: 700), 280, "0.4 of the width")
    XCTAssertEqual(width(SplitPreferenceChange(), in: 1024), 320, "clamped to 320")
    XCTAssertEqual(width(SplitPreferenceChange(primaryWidthFraction: .value(0.5)), in: 600), 300)
    XCTAssertEqual(
      width(SplitPreferenceChange(primaryWidthFraction: .value(0.5)), in: 1024), 320)
    XCTAssertEqual(
      width(
        SplitPreferenceChange(
          primaryWidthFraction: .value(0.5), maximumPrimaryWidth: .value(600)), in: 1024), 512)
    XCTAssertEqual(
      width(
        SplitPreferenceChange(
          primaryWidthFraction: .value(0.1), minimumPrimaryWidth: .value(200)), in: 1024), 200)
    XCTAssertEqual(
      width(
        SplitPreferenceChange(primaryWidthFraction: .value(0.1), primaryWidth: .value(250)),
        in: 1024), 250, "the preferred width wins over the fraction")
    XCTAssertEqual(width(SplitPreferenceChange(primaryWidth: .value(400)), in: 1024), 320)
    XCTAssertEqual(
      width(
        SplitPreferenceChange(primaryWidth: .value(900), maximumPrimaryWidth: .value(2000)),
        in: 700), 700, "never wider than the split")
  }

  func testChangingTheWidthMovesTheColumns() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.configure(
      SplitPreferenceChange(primaryWidthFraction: .value(0.5), maximumPrimaryWidth: .value(600)),
      animated: true)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      ["t1.began(displayModeChange, nil → nil, animated: true, interactive: false)"])
    let detail = h.controller("Detail").viewIfLoaded!
    XCTAssertEqual(
      h.advance(0.175).frame?.views.first { $0.view == detail.id }?.state.frame,
      Rect(x: 416, y: 0, width: 608, height: 768))
    h.settle()
    XCTAssertEqual(h.split("Split").primaryColumnWidth, 512)
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 512, height: 768))
    XCTAssertEqual(h.frame("Detail"), Rect(x: 512, y: 0, width: 512, height: 768))
    // Back to automatic.
    h.configure(
      SplitPreferenceChange(primaryWidthFraction: .automatic, maximumPrimaryWidth: .automatic),
      animated: false)
    XCTAssertEqual(h.frame("Detail"), Rect(x: 320, y: 0, width: 704, height: 768))
  }

  func testADisplayModeChangeWhileCollapsedOnlyRecordsIt() throws {
    let h = try Self.collapsedSplit()
    let ticket = h.configure(SplitPreferenceChange(displayMode: .oneOverSecondary), animated: true)
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]), ["Split.displayMode(oneOverSecondary)"])
    try h.window.resize(Self.regular)
    XCTAssertEqual(h.frame("Detail"), Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(h.frame("Nav"), Rect(x: 0, y: 0, width: 320, height: 768))
  }

  // MARK: showDetail

  func testShowDetailReplacesTheSecondaryWhenExpanded() {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.make(.content, "Photo")
    // Sent to the primary's content: the navigation controller does not
    // handle showDetail, the split does.
    let ticket = h.run(
      .show(
        .showDetail, sender: h.id("Master"), controller: h.id("Photo"), animated: true,
        animator: nil))
    XCTAssertEqual(ticket?.isCompleted, true, "no animation")
    XCTAssertEqual(
      h.moves(),
      [
        "Detail.willMove(nil)", "Photo.willMove(Split)", "Detail.viewWillDisappear(false)",
        "Split.childRemoved(Detail)", "Split.childAdded(Photo)",
        "Split.viewControllers([Nav, Photo])", "Photo.viewDidLoad",
        "Photo.viewWillAppear(false)", "Detail.didMove(nil)", "Photo.didMove(Split)",
        "Detail.viewDidDisappear(false)", "Photo.viewDidAppear(false)",
      ])
  }

  func testShowDetailPushesOntoThePrimaryWhenCollapsed() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    try h.window.resize(Self.compact)
    h.make(.content, "Photo")
    _ = h.events()
    let ticket = h.run(
      .show(
        .showDetail, sender: h.id("Detail"), controller: h.id("Photo"), animated: true,
        animator: nil))
    XCTAssertEqual(ticket?.isCompleted, false)
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "Photo.willMove(Nav)", "Photo.viewDidLoad", "Nav.willShow(Photo, true)",
        "Detail.viewWillDisappear(true)", "Photo.viewWillAppear(true)",
        "t1.began(push, Detail → Photo, animated: true, interactive: false)",
        "Detail.viewDidDisappear(true)", "Photo.viewDidAppear(true)", "Photo.didMove(Nav)",
        "Nav.didShow(Photo, true)", "t1.ended(cancelled: false)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "Detail", "Photo"])
  }

  func testShowDetailPresentsWhenCollapsedWithoutANavigationController() throws {
    let h = Harness(metrics: Self.compact)
    h.make(.split, "Split")
    h.make(.content, "Primary")
    h.make(.content, "Photo")
    h.run(.setSplitColumns(split: h.id("Split"), primary: h.id("Primary"), secondary: nil))
    h.setRoot("Split")
    h.run(
      .show(
        .showDetail, sender: h.id("Primary"), controller: h.id("Photo"), animated: false,
        animator: nil))
    XCTAssertTrue(h.controller("Photo").presentingViewController === h.controller("Split"))
  }

  func testAStoryboardSplitSceneAndAShowDetailSegue() throws {
    let h = Harness(metrics: Self.regular)
    try h.session.loadStoryboard(
      Storyboard(
        name: "Mail", initialScene: "Split",
        scenes: [
          .init(id: "Split", kind: .split, children: ["Boxes", "Empty"]),
          .init(id: "Boxes", kind: .navigation, children: ["Inbox"]),
          .init(id: "Inbox"), .init(id: "Empty"), .init(id: "Message"),
          .init(id: "Book", kind: .page, children: ["P1", "P2"]), .init(id: "P1"), .init(id: "P2"),
        ],
        segues: [
          .init(identifier: "open", source: "Inbox", destination: "Message", kind: .showDetail)
        ]))
    let split = try h.session.instantiate(scene: nil, of: "Mail") as! SplitViewController
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes", "Empty"])
    let book = try h.session.instantiate(scene: "Book", of: "Mail") as! PageViewController
    XCTAssertEqual(book.viewControllers.map(\.name), ["P1"])
    XCTAssertEqual(book.dataSource.map(\.name), ["P1", "P2"])
    h.setRoot("Split")
    _ = h.events()
    h.run(
      .performSegue(source: h.id("Inbox"), identifier: "open", triggered: false, animated: true))
    XCTAssertEqual(split.viewControllers.map(\.name), ["Boxes", "Message"])
    XCTAssertEqual(h.frame("Message"), Rect(x: 320, y: 0, width: 704, height: 768))
    XCTAssertThrowsError(
      try h.session.loadStoryboard(
        Storyboard(
          name: "Bad", initialScene: "S",
          scenes: [
            .init(id: "S", kind: .split, children: ["A", "B", "C"]), .init(id: "A"),
            .init(id: "B"), .init(id: "C"),
          ], segues: []))
    ) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Scene 'S' is a split view controller and embeds at most a primary and a secondary scene")
    }
  }

  // MARK: Errors

  func testErrorsChangeNothing() throws {
    let h = Harness(metrics: Self.regular)
    h.showSplit()
    h.make(.content, "X")
    h.make(.container, "Box")
    let split = h.id("Split")
    let revision = h.window.revision
    func expect(_ operation: WindowOperation, _ code: ErrorCode, _ message: String) {
      do {
        try h.session.submit(operation)
        XCTFail("\(operation) succeeded")
      } catch let error as CurtainError {
        XCTAssertEqual(error.code, code, "\(operation)")
        XCTAssertEqual(error.message, message, "\(operation)")
      } catch {
        XCTFail("\(error)")
      }
    }
    expect(
      .setSplitColumns(split: h.id("Nav"), primary: h.id("X"), secondary: nil), .invalidArgument,
      "Nav is not a split view controller")
    expect(
      .setSplitColumns(split: split, primary: h.id("X"), secondary: h.id("X")), .invalidArgument,
      "The primary and secondary view controllers of a split view controller must be distinct "
        + "(X is both)")
    h.run(.addChild(parent: h.id("Box"), child: h.id("X"), frame: nil))
    expect(
      .setSplitColumns(split: split, primary: h.id("Split"), secondary: nil), .invalidArgument,
      "Split is the root view controller of window w1")
    expect(
      .setSplitColumns(split: split, primary: ControllerID(999), secondary: nil), .notFound,
      "No view controller c999")
    expect(
      .configureSplit(
        split: split,
        change: SplitPreferenceChange(
          minimumPrimaryWidth: .value(400), maximumPrimaryWidth: .value(300)), animated: false,
        animator: nil), .invalidArgument,
      "The minimum primary column width (400) exceeds the maximum (300)")
    expect(
      .configureSplit(
        split: split, change: SplitPreferenceChange(primaryWidthFraction: .value(1.5)),
        animated: false, animator: nil), .invalidArgument,
      "The preferred primary column width fraction must be automatic or in [0, 1], got 1.5")
    expect(
      .configureSplit(
        split: split, change: SplitPreferenceChange(primaryWidth: .value(.nan)), animated: false,
        animator: nil), .invalidArgument,
      "The preferred primary column width must be automatic or between 0 and 100000 points, got nan"
    )
    expect(
      .configureSplit(
        split: h.id("X"), change: SplitPreferenceChange(), animated: false, animator: nil),
      .invalidArgument, "X is not a split view controller")
    let empty = h.make(.split, "Empty")
    h.run(.addChild(parent: h.id("Box"), child: empty.id, frame: nil))
    expect(
      .show(.showDetail, sender: empty.id, controller: h.id("X"), animated: false, animator: nil),
      .invalidArgument,
      "Empty has no primary view controller, so it cannot show a detail view controller")
    // A split containing its would-be column.
    let outer = h.make(.split, "Outer")
    h.run(.setSplitColumns(split: outer.id, primary: empty.id, secondary: nil))
    expect(
      .setSplitColumns(split: empty.id, primary: outer.id, secondary: nil), .invalidArgument,
      "Outer contains Empty, so it cannot be one of its columns")
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertTrue(h.split("Split").secondary === h.controller("Detail"))
    XCTAssertEqual(h.split("Split").preferences, SplitPreferences())
  }
}

extension Harness {
  /// Lifecycle and hierarchy events since the last read, without the size
  /// transition's callbacks (asserted once, in the first collapse test).
  fileprivate func moves() -> [String] {
    events().filter { event in
      if case .sizeTransition = event.kind { return false }
      return event.category == .lifecycle || event.category == .hierarchy
    }.map { session.describe($0) }
  }

  func split(_ identifier: String) -> SplitViewController {
    controller(identifier) as! SplitViewController
  }

  /// The model frame of a controller's view.
  func frame(_ identifier: String) -> Rect? {
    controller(identifier).viewIfLoaded?.frame
  }

  /// Split = [Nav = [Master], Detail] (Detail created but left out unless
  /// `withSecondary`), not in the window yet.
  fileprivate func buildSplit(withSecondary: Bool = true) {
    make(.split, "Split")
    make(.navigation, "Nav")
    make(.content, "Master")
    make(.content, "Detail")
    run(
      .setViewControllers(
        navigation: id("Nav"), controllers: [id("Master")], animated: false, animator: nil))
    run(
      .setSplitColumns(
        split: id("Split"), primary: id("Nav"), secondary: withSecondary ? id("Detail") : nil))
    _ = events()
  }

  /// Split = [Nav = [Master], DetailNav = [Detail]], not in the window.
  fileprivate func buildSplitWithNavigationSecondary() {
    buildSplit(withSecondary: false)
    make(.navigation, "DetailNav")
    run(
      .setViewControllers(
        navigation: id("DetailNav"), controllers: [id("Detail")], animated: false, animator: nil))
    run(.setSplitColumns(split: id("Split"), primary: id("Nav"), secondary: id("DetailNav")))
  }

  /// `buildSplit()` made the window's root; events so far are discarded.
  func showSplit() {
    buildSplit()
    setRoot("Split")
    _ = events()
  }

  @discardableResult
  fileprivate func configure(_ change: SplitPreferenceChange, animated: Bool) -> OperationTicket? {
    run(.configureSplit(split: id("Split"), change: change, animated: animated, animator: nil))
  }
}
