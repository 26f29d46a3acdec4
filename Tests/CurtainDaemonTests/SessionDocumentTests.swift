// Portable sessions with the real curtaind (docs/session-format.md): an
// exported session imports into another daemon, or the same one under
// another name, with identical trees and events; the import is journalled
// and survives SIGKILL; documents that are not session documents, are
// damaged, are newer or would replace a session are refused with clear
// errors and change nothing.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class SessionDocumentTests: StateDirectoryTestCase {
  func testAnExportedSessionImportsIdenticallyElsewhereAndUnderAnotherName() throws {
    let source = try TempDaemon()
    defer { source.stop() }
    let client = try TestClient(path: source.socketPath, name: "source")
    defer { client.close() }
    let windows = try buildSession(client, session: "work")
    let before = try serializedTrees(client, session: "work", windows: windows)
    let document = try export(client, session: "work")

    // Into another daemon, under the document's name.
    let other = try TempDaemon()
    defer { other.stop() }
    let elsewhere = try TestClient(path: other.socketPath, name: "elsewhere")
    defer { elsewhere.close() }
    let imported = try elsewhere.call { $0.importSession.document = document }
    XCTAssertEqual(imported.error.code, .unspecified, imported.error.message)
    XCTAssertEqual(imported.imported.name, "work")
    XCTAssertEqual(imported.imported.windows, UInt32(windows.count))
    XCTAssertEqual(try serializedTrees(elsewhere, session: "work", windows: windows), before)
    // Exporting the copy gives the same session again.
    let again = try SessionJSON(try export(elsewhere, session: "work"))
    XCTAssertEqual(
      NSDictionary(dictionary: again.sessionValues),
      NSDictionary(dictionary: try SessionJSON(document).sessionValues))

    // Into the same daemon, under another name; the original is untouched.
    let copy = try client.call {
      $0.importSession.document = document
      $0.importSession.name = "copy"
    }
    XCTAssertEqual(copy.imported.name, "copy", copy.error.message)
    XCTAssertEqual(try serializedTrees(client, session: "copy", windows: windows), before)
    XCTAssertEqual(try serializedTrees(client, session: "work", windows: windows), before)

    // The copy lives on: events continue from the exported seq.
    let lastSeq = try client.call(session: "copy") { $0.listWindows = .init() }.windows
      .windows[0].lastSeq
    try client.call(session: "copy") {
      $0.subscribe.windowID = windows[0]
      $0.subscribe.events = true
      $0.subscribe.fromSeq = lastSeq
    }
    let popped = try client.call(session: "copy") {
      $0.pop.navigation = controllerRef("Nav")
      $0.pop.notAnimated = true
    }
    XCTAssertEqual(popped.error.code, .unspecified, popped.error.message)
    try client.drain()
    let seqs = client.takeEvents().map(\.seq)
    XCTAssertFalse(seqs.isEmpty)
    XCTAssertEqual(seqs, Array((lastSeq + 1)...(lastSeq + UInt64(seqs.count))))
  }

  func testAnImportIsJournalledAndSurvivesSIGKILL() throws {
    let durable = try startDaemon()
    let importer = try TestClient(path: durable.socketPath, name: "importer")
    let windows = try buildSession(importer, session: "work")
    let document = try export(importer, session: "work")
    let before = try serializedTrees(importer, session: "work", windows: windows)
    XCTAssertEqual(
      try importer.call {
        $0.importSession.document = document
        $0.importSession.name = "kept"
      }.imported.name, "kept")
    // A refused import is journalled too and replays as refused.
    XCTAssertEqual(
      try importer.call {
        $0.importSession.document = document
        $0.importSession.name = "kept"
      }.error.code, .conflict)
    importer.close()
    durable.kill9()

    let restarted = try startDaemon()
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    XCTAssertEqual(try serializedTrees(checker, session: "kept", windows: windows), before)
    checker.close()
    // And from the snapshot a clean stop writes.
    XCTAssertEqual(restarted.stop().status, 0, restarted.stderr)
    let third = try startDaemon()
    defer { third.stop() }
    let last = try TestClient(path: third.socketPath, name: "last")
    defer { last.close() }
    XCTAssertEqual(try serializedTrees(last, session: "kept", windows: windows), before)
    XCTAssertFalse(third.stderr.contains("cannot be restored"), third.stderr)
  }

  /// A version 1 document written by an earlier curtaind keeps importing,
  /// and exports again as the same session: a change to the snapshot
  /// values must bump the format (docs/session-format.md, "Versions").
  func testAVersion1DocumentStillImportsAndExportsTheSame() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/session-v1.json")
    let document = try Data(contentsOf: url)
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "fixture")
    defer { client.close() }
    let imported = try client.call { $0.importSession.document = document }
    XCTAssertEqual(imported.imported.name, "fixture", imported.error.message)
    XCTAssertEqual(imported.imported.windows, 1)
    XCTAssertEqual(imported.imported.controllers, 6)
    let tree = try client.call(session: "fixture") { $0.getTree.windowID = 1 }.tree
    XCTAssertEqual(tree.window.revision, 4)
    XCTAssertEqual(tree.window.lastSeq, 35)
    XCTAssertEqual(tree.root.identifier, "Tabs")
    XCTAssertEqual(tree.root.children.first?.children.map(\.identifier), ["Home", "Detail"])
    XCTAssertEqual(tree.root.presented.identifier, "Sheet")
    XCTAssertEqual(tree.root.presented.presentation.style, .formSheet)
    // The properties format 2 added have the values a format-1 session
    // had: not modal, every edge, automatic forwarding, opaque bars.
    let controllers = try client.call(session: "fixture") { $0.listControllers = .init() }
      .controllers.controllers
    XCTAssertEqual(controllers.count, 6)
    for controller in controllers {
      XCTAssertFalse(controller.modalInPresentation, controller.identifier)
      XCTAssertEqual(controller.edgesForExtendedLayout, 15, controller.identifier)
      XCTAssertTrue(controller.shouldAutomaticallyForwardAppearanceMethods, controller.identifier)
      XCTAssertFalse(controller.barTranslucent, controller.identifier)
    }
    // It exports in today's version (2, its snapshot of format 4), which
    // imports as the same session.
    let exported = try export(client, session: "fixture")
    let json = try SessionJSON(exported)
    XCTAssertEqual(json.object["version"] as? Int, 2)
    XCTAssertEqual((json.object["snapshot"] as? [String: Any])?["format"] as? Int, 4)
    XCTAssertEqual(
      try client.call {
        $0.importSession.document = exported
        $0.importSession.name = "again"
      }.imported.name, "again")
    let state = try SessionFixtureState.dump(client)
    let of = { (session: String) in
      state.filter { $0.label.hasPrefix("\(session) ") }.map {
        SessionFixtureState.Line(
          label: String($0.label.dropFirst(session.count + 1)), json: $0.json)
      }
    }
    XCTAssertFalse(of("fixture").isEmpty)
    try SessionFixtureState.assertEqual(of("again"), of("fixture"), "exported and imported again")
  }

  func testDocumentsFromANewerCurtaindAreRefused() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "future")
    defer { client.close() }
    _ = try buildSession(client, session: "work")
    let document = try export(client, session: "work")
    var json = try SessionJSON(document)
    json.object["version"] = 3
    try expectRefused(
      client, json.data(), code: .unsupportedVersion,
      saying: "version 3, written by a newer curtaind (this one reads up to version 2)")
    json = try SessionJSON(document)
    var snapshot = try XCTUnwrap(json.object["snapshot"] as? [String: Any])
    snapshot["format"] = 7
    json.object["snapshot"] = snapshot
    try expectRefused(
      client, json.data(), code: .unsupportedVersion,
      saying: "its snapshot has format 7, written by a newer curtaind")
  }

  func testBadDocumentsAreRefusedClearlyAndChangeNothing() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "bad")
    let windows = try buildSession(client, session: "work")
    let document = try export(client, session: "work")
    let before = try serializedTrees(client, session: "work", windows: windows)
    let sessions = try client.call { $0.listSessions = .init() }.sessions

    try expectRefused(
      client, Data("garbage".utf8), code: .invalidArgument,
      saying: "it is not a Curtain session document (not a JSON object")
    try expectRefused(
      client, document.prefix(document.count / 2), code: .invalidArgument,
      saying: "Cannot import the document: it is not a Curtain session document")
    try expectRefused(
      client, Data(#"{"kind": "curtain.storyboard", "version": 1}"#.utf8),
      code: .invalidArgument,
      saying: #"it is a document of kind "curtain.storyboard", not a Curtain session"#)
    try expectRefused(
      client, Data(#"{"name": "x"}"#.utf8), code: .invalidArgument,
      saying: #"no "kind": "curtain.session" and "version""#)
    var json = try SessionJSON(document)
    var snapshot = try XCTUnwrap(json.object["snapshot"] as? [String: Any])
    snapshot["windows"] = "many"
    json.object["snapshot"] = snapshot
    try expectRefused(
      client, json.data(), code: .invalidArgument, saying: "its snapshot cannot be decoded")
    // A session that references a controller it does not have.
    json = try SessionJSON(document)
    json.session["controllers"] = []
    try expectRefused(
      client, json.data(), as: "fresh", code: .invalidArgument, saying: "it does not restore")
    // A window without its settings (no frame rate).
    json = try SessionJSON(document)
    json.session["windows"] = (json.session["windows"] as? [[String: Any]] ?? []).map {
      var window = $0
      window["frameRate"] = nil
      return window
    }
    try expectRefused(
      client, json.data(), as: "fresh", code: .invalidArgument, saying: "has no valid settings")
    // A version 2 document holds a snapshot of format 4.
    json = try SessionJSON(document)
    json.session["format"] = 3
    try expectRefused(
      client, json.data(), as: "fresh", code: .invalidArgument,
      saying: "a document of version 2 holds format 4")
    try expectRefused(
      client, document, code: .conflict,
      saying: "Session 'work' exists (2 windows, 8 controllers); import under another name")
    try expectRefused(
      client, document, as: "no spaces", code: .invalidArgument,
      saying: "'no spaces' is not a session name")
    try expectRefused(client, Data(), code: .invalidArgument, saying: "needs a document")
    XCTAssertEqual(
      try client.call(session: "nothing") { $0.exportSession = .init() }.error.code, .notFound)
    // Nothing changed, and the journal of refusals replays the same.
    XCTAssertEqual(try client.call { $0.listSessions = .init() }.sessions, sessions)
    XCTAssertEqual(try serializedTrees(client, session: "work", windows: windows), before)
    // A busy session (a push running on a manual clock) has no document.
    let scratch = try client.call(session: "scratch") { $0.createWindow.clock = .manual }.window.id
    try client.make(.navigation, "Nav", session: "scratch")
    try client.make(.content, "First", "Second", session: "scratch")
    try client.call(session: "scratch") {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("First")]
    }
    try client.call(session: "scratch") {
      $0.setRoot.windowID = scratch
      $0.setRoot.controller = controllerRef("Nav")
    }
    try client.call(session: "scratch") {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("Second")
    }
    let refused = try client.call(session: "scratch") { $0.exportSession = .init() }
    XCTAssertEqual(refused.error.code, .busy)
    XCTAssertTrue(
      refused.error.message.contains("Session 'scratch' is not idle"), refused.error.message)
    client.close()
    daemon.kill9()
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    XCTAssertEqual(try serializedTrees(checker, session: "work", windows: windows), before)
    XCTAssertFalse(restarted.stderr.contains("cannot be restored"), restarted.stderr)
  }

  // MARK: Helpers

  /// A session with two manual-clock windows: a navigation stack with a
  /// pushed controller and a form sheet on a tab bar; returns the windows.
  private func buildSession(_ client: TestClient, session: String) throws -> [UInt64] {
    func call(_ build: (inout WireRequest) -> Void) throws -> WireResponse {
      let response = try client.call(session: session, build)
      XCTAssertEqual(response.error.code, .unspecified, response.error.message)
      return response
    }
    let phone = try call { $0.createWindow.clock = .manual }.window.id
    let pad = try call {
      $0.createWindow.clock = .manual
      $0.createWindow.metrics = .pad(820, 1180, safeArea: (24, 20))
    }.window.id
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
      (.tabBar, "Tabs"), (.content, "T1"), (.content, "T2"), (.content, "Modal"),
      (.content, "Busy"),
    ] {
      _ = try call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    _ = try call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    _ = try call {
      $0.setRoot.windowID = phone
      $0.setRoot.controller = controllerRef("Nav")
    }
    _ = try call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    _ = try call {
      $0.advanceClock.windowID = phone
      $0.advanceClock.seconds = 1
    }
    _ = try call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("T1"), controllerRef("T2")]
    }
    _ = try call {
      $0.setRoot.windowID = pad
      $0.setRoot.controller = controllerRef("Tabs")
    }
    _ = try call {
      $0.present.presenter = controllerRef("Tabs")
      $0.present.controller = controllerRef("Modal")
      $0.present.style = .formSheet
    }
    _ = try call {
      $0.advanceClock.windowID = pad
      $0.advanceClock.seconds = 1
    }
    return [phone, pad]
  }

  private func export(_ client: TestClient, session: String) throws -> Data {
    let response = try client.call(session: session) { $0.exportSession = .init() }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
    XCTAssertEqual(response.sessionDocument.name, session)
    return response.sessionDocument.document
  }

  private func expectRefused(
    _ client: TestClient, _ document: Data, as name: String = "", code: WireErrorCode,
    saying text: String, line: UInt = #line
  ) throws {
    let response = try client.call {
      $0.importSession.document = document
      $0.importSession.name = name
    }
    XCTAssertEqual(response.error.code, code, response.error.message, line: line)
    XCTAssertTrue(
      response.error.message.contains(text), "\(response.error.message)", line: line)
  }
}

/// A session document as JSON values, to damage on purpose.
private struct SessionJSON {
  var object: [String: Any]

  init(_ data: Data) throws {
    object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The session image inside.
  var session: [String: Any] {
    get { (object["snapshot"] as? [String: Any]) ?? [:] }
    set { object["snapshot"] = newValue }
  }

  /// The session's values: the image without the clock times of the
  /// daemon that wrote it (the clock, and each window's clock origin and
  /// last frame's clock, which an import moves to its own clock).
  var sessionValues: [String: Any] {
    var values = session
    values["clock"] = nil
    values["windows"] = (values["windows"] as? [[String: Any]])?.map {
      var window = $0
      window["clockOrigin"] = nil
      window["lastFrameClock"] = nil
      return window
    }
    return values
  }

  func data() throws -> Data {
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }
}
