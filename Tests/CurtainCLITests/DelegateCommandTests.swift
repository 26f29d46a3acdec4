// `curtain delegate --answer remote=SECONDS`: the scripted delegate answers
// with a remote animator, is handed the transition and completes it at once,
// printing both steps; with --count it stays until its transitions are done.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class DelegateCommandTests: XCTestCase {
  private var daemon: TempDaemon!
  private var cli = ""

  override func setUpWithError() throws {
    daemon = try TempDaemon()
    cli = try TempDaemon.cliURL().path
  }

  override func tearDown() {
    let (status, removed) = daemon.stop()
    XCTAssertEqual(status, 0)
    XCTAssertTrue(removed)
  }

  private func curtain(_ arguments: String...) throws -> (status: Int32, output: String) {
    try spawnProgram(cli, ["--socket", daemon.socketPath, "--no-start"] + arguments)
  }

  func testARemoteAnswerCompletesTheTransitionItIsHanded() throws {
    XCTAssertEqual(try curtain("new-window", "--root", "Nav=nav[A]", "--clock", "manual").status, 0)
    XCTAssertEqual(try curtain("new-controller", "content", "--id", "B").status, 0)
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = 1
      $0.subscribe.events = true
    }
    let delegate = try GroupLeader(
      "exec \"$1\" --socket \"$SOCKET\" --no-start delegate @Nav --role navigation "
        + "--answer remote=0.3 --count 1", cli, environment: ["SOCKET": daemon.socketPath])
    defer { delegate.killGroup() }
    var printed = try delegate.read(until: "waiting\n", seconds: 10)

    // The manual clock never moves: only the scripted animator ends the push.
    let pushed = try curtain("push", "@Nav", "@B")
    XCTAssertEqual(pushed.status, 0, pushed.output)
    printed += try delegate.read(until: nil, seconds: 10)
    XCTAssertEqual(delegate.wait().status, 0)
    XCTAssertEqual(
      printed,
      "delegate of @Nav: waiting\n#1 navigationAnimationController → remote animator(0.3 s)\n"
        + "#1 animateTransition(t1, push) → completed\n")
    try watcher.sync()
    let texts = watcher.takeEvents().map(\.text)
    XCTAssertTrue(texts.contains("Nav.delegate#1 → remote animator(0.3 s)"), "\(texts)")
    XCTAssertFalse(texts.contains { $0.contains("fallback") }, "\(texts)")
    XCTAssertTrue(texts.contains("t1.ended(cancelled: false)"), "\(texts)")
  }

  func testAnInteractiveAnswerDrivesTheTransitionAndCancelsIt() throws {
    XCTAssertEqual(try curtain("new-window", "--root", "Nav=nav[A]", "--clock", "manual").status, 0)
    XCTAssertEqual(try curtain("new-controller", "content", "--id", "B").status, 0)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "curtain-delegate-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fade = folder.appendingPathComponent("fade.json")
    try Data(#"{"duration": 0.4, "tracks": []}"#.utf8).write(to: fade)
    let delegate = try GroupLeader(
      "exec \"$1\" --socket \"$SOCKET\" --no-start delegate @Nav --role navigation "
        + "--answer \"animator=$FADE\" --answer interactive=cancel --count 2", cli,
      environment: ["SOCKET": daemon.socketPath, "FADE": fade.path])
    defer { delegate.killGroup() }
    var printed = try delegate.read(until: "waiting\n", seconds: 10)
    XCTAssertEqual(try curtain("push", "@Nav", "@B", "--no-wait").status, 0)
    printed += try delegate.read(until: nil, seconds: 10)
    XCTAssertEqual(delegate.wait().status, 0, printed)
    XCTAssertEqual(
      printed,
      "delegate of @Nav: waiting\n#1 navigationAnimationController → animator(0.4 s)\n"
        + "#2 navigationInteractionController → interactive\n#2 interaction(t1) → cancelled\n")
    // Cancelled at 0 %: it ends at once, the stack as it was.
    XCTAssertEqual(try curtain("wait-idle", "w1").status, 0)
    XCTAssertTrue(try curtain("tree", "w1").output.contains("@A"))
    XCTAssertFalse(try curtain("tree", "w1").output.contains("@B"))
  }

  /// `--answer frameOfPresentedView=frame=X,Y,W,H` (issue 37 §2): a custom
  /// presentation asks for the presented view's frame when it starts, with
  /// the window's size, and the presented view gets the answered frame;
  /// then `shouldRemovePresentersView`, whose `yes` takes the presenter's
  /// view out (the presenter disappears).
  func testAFrameAnswerPlacesACustomPresentation() throws {
    XCTAssertEqual(try curtain("new-window", "--root", "Home", "--clock", "manual").status, 0)
    XCTAssertEqual(try curtain("new-controller", "content", "--id", "Note").status, 0)
    let delegate = try GroupLeader(
      "exec \"$1\" --socket \"$SOCKET\" --no-start delegate @Note --role transitioning "
        + "--answer frameOfPresentedView=frame=0,422,390,422 "
        + "--answer shouldRemovePresentersView=yes --count 3", cli,
      environment: ["SOCKET": daemon.socketPath])
    defer { delegate.killGroup() }
    var printed = try delegate.read(until: "waiting\n", seconds: 10)
    let presented = try curtain("present", "@Home", "@Note", "--style", "custom", "--no-animate")
    XCTAssertEqual(presented.status, 0, presented.output)
    printed += try delegate.read(until: nil, seconds: 10)
    XCTAssertEqual(delegate.wait().status, 0, printed)
    XCTAssertEqual(
      printed,
      "delegate of @Note: waiting\n#1 presentationController → default\n"
        + "#2 frameOfPresentedView → frame(0, 422, 390, 422)\n"
        + "#3 shouldRemovePresentersView → yes\n")
    let tree = try curtain("tree", "w1").output
    XCTAssertTrue(tree.contains("@Note, state: appeared, view: "), tree)
    XCTAssertTrue(tree.contains("@Home, state: disappeared"), tree)
    XCTAssertTrue(tree.contains("(0, 422, 390, 422)"), tree)
  }

  /// `--answer presentationTransitionWillBegin=animator=FILE` (issue 37 §2):
  /// the file's tracks run alongside an animated custom presentation, the
  /// dimming view's alpha on the transition's clock; an `animator=` answer
  /// naming no method answers the animation controller only.
  func testAnAlongsideAnswerRunsItsTracksWithThePresentation() throws {
    XCTAssertEqual(try curtain("new-window", "--root", "Home", "--clock", "manual").status, 0)
    XCTAssertEqual(try curtain("new-controller", "content", "--id", "Note").status, 0)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("curtain-alongside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let dimming = directory.appendingPathComponent("dim.json")
    let fade = directory.appendingPathComponent("fade.json")
    try #"""
    {"tracks": [{"target": {"role": "ROLE_DIMMING_VIEW"}, "property": "ANIMATABLE_PROPERTY_ALPHA",
      "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
      "to": {"base": "BASE_VALUE", "value": {"scalar": 1}},
      "timing": {"named": "NAMED_CURVE_LINEAR"}}]}
    """#.write(to: dimming, atomically: true, encoding: .utf8)
    try #"""
    {"duration": 1, "tracks": [{"target": {"role": "ROLE_TO_VIEW"},
      "property": "ANIMATABLE_PROPERTY_ALPHA",
      "from": {"base": "BASE_VALUE", "value": {"scalar": 0}},
      "to": {"base": "BASE_VALUE", "value": {"scalar": 1}}}]}
    """#.write(to: fade, atomically: true, encoding: .utf8)
    let delegate = try GroupLeader(
      "exec \"$1\" --socket \"$SOCKET\" --no-start delegate @Note --role transitioning "
        + "--answer presentationTransitionWillBegin=animator=\"$DIM\" "
        + "--answer animator=\"$FADE\" --count 5", cli,
      environment: ["SOCKET": daemon.socketPath, "DIM": dimming.path, "FADE": fade.path])
    defer { delegate.killGroup() }
    var printed = try delegate.read(until: "waiting\n", seconds: 10)
    let presented = try curtain(
      "present", "@Home", "@Note", "--style", "custom", "--dimming", "0.5", "--no-wait")
    XCTAssertEqual(presented.status, 0, presented.output)
    printed += try delegate.read(until: nil, seconds: 10)
    XCTAssertEqual(delegate.wait().status, 0, printed)
    XCTAssertEqual(
      printed,
      "delegate of @Note: waiting\n#1 presentationController → default\n"
        + "#2 frameOfPresentedView → default\n#3 shouldRemovePresentersView → default\n"
        + "#4 animationControllerForPresented → animator(1 s)\n"
        + "#5 presentationTransitionWillBegin → animator(0 s)\n")
    XCTAssertEqual(try curtain("advance", "w1", "0.5").status, 0)
    let client = try TestClient(path: daemon.socketPath, name: "reader")
    func dimmingAlpha(presentation: Bool) throws -> Double? {
      let tree = try client.call {
        $0.getTree.windowID = 1
        $0.getTree.includeViews = true
        $0.getTree.presentation = presentation
      }.tree
      return tree.view.subviews.first { $0.role == "dimming" }?.state.alpha
    }
    XCTAssertEqual(try XCTUnwrap(try dimmingAlpha(presentation: true)), 0.5, accuracy: 1e-9)
    XCTAssertEqual(try curtain("advance", "w1", "0.5").status, 0)
    XCTAssertEqual(try dimmingAlpha(presentation: false), 1, "the model: where the track ended")
  }

  func testAFrameAnswerNeedsFourNumbersAndAPositiveSize() throws {
    for bad in ["frame=1,2,3", "frame=0,0,0,10", "frame=a,b,c,d"] {
      let refused = try curtain("delegate", "@Note", "--answer", bad)
      XCTAssertNotEqual(refused.status, 0, bad)
      XCTAssertTrue(refused.output.contains("--answer"), refused.output)
    }
  }
}
