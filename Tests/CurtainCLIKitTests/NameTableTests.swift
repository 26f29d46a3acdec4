import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainCLIKit

/// The one name table of each wire enum: every case has a name, names read
/// back to their case, and the tables that come from CurtainCore's enums say
/// what those say.
final class NameTableTests: XCTestCase {
  func testEveryCaseOfEveryNamedEnumHasItsOwnNameThatReadsBack() {
    assertNamesEveryCase(Curtain_V1_EventCategory.self)
    assertNamesEveryCase(Curtain_V1_LifecycleEvent.Callback.self)
    assertNamesEveryCase(Curtain_V1_SizeTransitionEvent.Callback.self)
    assertNamesEveryCase(Curtain_V1_SegueEvent.Callback.self)
    assertNamesEveryCase(Curtain_V1_HierarchyEvent.Change.self)
    assertNamesEveryCase(Curtain_V1_WindowEvent.Change.self)
    assertNamesEveryCase(Curtain_V1_TransitionEvent.Phase.self)
    assertNamesEveryCase(Curtain_V1_PresentationEvent.Phase.self)
    assertNamesEveryCase(Curtain_V1_OperationEvent.Phase.self)
    assertNamesEveryCase(WireErrorCode.self)
    assertNamesEveryCase(Curtain_V1_ControllerKind.self)
    assertNamesEveryCase(Curtain_V1_AppearanceState.self)
    assertNamesEveryCase(Curtain_V1_SplitDisplayMode.self)
    assertNamesEveryCase(Curtain_V1_PageTransitionStyle.self)
    assertNamesEveryCase(Curtain_V1_PageOrientation.self)
    assertNamesEveryCase(Curtain_V1_PageSpineLocation.self)
    assertNamesEveryCase(Curtain_V1_ShouldPerformAnswer.self)
    assertNamesEveryCase(Curtain_V1_ModalPresentationStyle.self)
    assertNamesEveryCase(Curtain_V1_ModalTransitionStyle.self)
    assertNamesEveryCase(Curtain_V1_ClockMode.self)
    assertNamesEveryCase(Curtain_V1_SizeClass.self)
    assertNamesEveryCase(Curtain_V1_Idiom.self)
    assertNamesEveryCase(Curtain_V1_NamedCurve.self)
    assertNamesEveryCase(Curtain_V1_TapHit.Effect.self)
  }

  func testEventCategoriesAreNamedAsCurtainCoreNamesThem() {
    XCTAssertEqual(
      Curtain_V1_EventCategory.nameTable.names, EventCategory.allCases.map(\.rawValue))
    XCTAssertEqual(
      Curtain_V1_EventCategory.nameTable.names,
      ["lifecycle", "hierarchy", "transition", "presentation", "window", "operation"])
    for category in EventCategory.allCases {
      XCTAssertEqual(
        Curtain_V1_EventCategory.nameTable.value(named: category.rawValue), category.wire)
    }
    XCTAssertEqual(Curtain_V1_EventCategory.unspecified.name, "unspecified")
    XCTAssertNil(Curtain_V1_EventCategory.nameTable.value(named: "unspecified"))
  }

  func testErrorCodesAreNamedAsCurtainCoreNamesThem() {
    XCTAssertEqual(WireErrorCode.nameTable.names, ErrorCode.allCases.map(\.rawValue))
    XCTAssertEqual(WireErrorCode.notFound.name, "NOT_FOUND")
    XCTAssertEqual(WireErrorCode.unspecified.name, "UNSPECIFIED")
    XCTAssertEqual(WireErrorCode.UNRECOGNIZED(99).name, "ERROR_99")
  }

  func testAliasesAndPrintedOnlyNames() {
    let kinds = Curtain_V1_ControllerKind.nameTable
    XCTAssertEqual(
      kinds.names, ["content", "navigation", "tabBar", "container", "split", "page", "collection"])
    for alias in ["tab", "tabbar", "tab-bar", "tabBar"] {
      XCTAssertEqual(kinds.value(named: alias), .tabBar, alias)
    }
    XCTAssertEqual(kinds.value(named: "nav"), .navigation)
    XCTAssertNil(kinds.value(named: "Tab"), "exact names are case-sensitive")
    XCTAssertEqual(Curtain_V1_ControllerKind.unspecified.name, "unspecified")
    XCTAssertNil(kinds.value(named: "unspecified"))

    XCTAssertEqual(Curtain_V1_PageSpineLocation.default.name, "default")
    XCTAssertNil(Curtain_V1_PageSpineLocation.nameTable.value(named: "default"))
    XCTAssertEqual(Curtain_V1_NamedCurve.default.name, "default")
    XCTAssertNil(Curtain_V1_NamedCurve.nameTable.value(named: "default"))
  }

  func testLooseNamesIgnoreCaseAndDashes() {
    let modes = Curtain_V1_SplitDisplayMode.nameTable
    XCTAssertEqual(modes.value(looselyNamed: "one-over-secondary"), .oneOverSecondary)
    XCTAssertEqual(modes.value(looselyNamed: "SECONDARYONLY"), .secondaryOnly)
    XCTAssertEqual(modes.value(looselyNamed: "auto"), .automatic)
    XCTAssertNil(modes.value(looselyNamed: "sideways"))
    let styles = Curtain_V1_PageTransitionStyle.nameTable
    for text in ["curl", "Curl", "pageCurl", "pagecurl", "page-curl"] {
      XCTAssertEqual(styles.value(looselyNamed: text), .pageCurl, text)
    }
    XCTAssertNil(styles.value(named: "pagecurl"), "exact lookup does not fold")
  }

  func testUnrecognizedCasesPrintTheirNumber() {
    XCTAssertEqual(Curtain_V1_ModalPresentationStyle.UNRECOGNIZED(42).name, "style42")
    XCTAssertEqual(Curtain_V1_LifecycleEvent.Callback.UNRECOGNIZED(77).name, "callback77")
    XCTAssertEqual(Curtain_V1_SegueEvent.Callback.UNRECOGNIZED(9).name, "segueCallback9")
  }

  func testListsForPeople() {
    XCTAssertEqual(Curtain_V1_ClockMode.nameTable.list(), "realtime or manual")
    XCTAssertEqual(
      Curtain_V1_NamedCurve.nameTable.list(), "easeInOut, easeIn, easeOut or linear")
    XCTAssertEqual(
      NameTable<Curtain_V1_Idiom>([(.phone, "phone")], unrecognized: "idiom").list(), "phone")
  }

  /// Every known case has a name that is not the unrecognized form, no two
  /// cases share one, and each name on the command line reads back to its
  /// case.
  private func assertNamesEveryCase<Value: WireNamed & CaseIterable>(
    _ type: Value.Type, file: StaticString = #filePath, line: UInt = #line
  ) {
    let names = Value.allCases.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "\(type): \(names)", file: file, line: line)
    for value in Value.allCases {
      XCTAssertFalse(
        value.name.hasSuffix("\(value.rawValue)"), "\(type).\(value) has no name",
        file: file, line: line)
    }
    for entry in Value.nameTable.entries {
      XCTAssertEqual(
        Value.nameTable.value(named: entry.name), entry.value, "\(type): \(entry.name)",
        file: file, line: line)
      XCTAssertEqual(entry.value.name, entry.name, file: file, line: line)
    }
  }
}
