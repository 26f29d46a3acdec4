// The invariants of the invariant fuzz (Tests/CurtainCoreTests/Invariants)
// that a settled session keeps, checked over the wire on a real daemon's
// trees, controller list and event stream: what the kill -9 test asserts of
// every restore.
//
// - I5 (trees): no controller twice in the windows' trees; a child's
//   `parent_id` is the node that lists it, a presented controller's
//   `presenting_id` the node that presents it; every controller of a tree
//   reports that window; no view twice in a window's view tree.
// - I1 (appearance): with nothing running, a controller of a visible
//   window is appeared exactly when its view is in the window; every
//   controller in no window's tree is disappeared.
// - Settled: every window idle with no operation waiting.
// - I7 (events): in a gap-free stream, each transition that began ends
//   exactly once, each operation that started completes exactly once.

import CurtainTesting
import CurtainWire

/// A broken invariant, as the fuzz names it.
struct WireInvariantFailure: CustomStringConvertible {
  let tag: String
  let message: String
  var description: String { "\(tag): \(message)" }
}

enum WireInvariants {
  /// The state invariants of `windows` and the controllers of the client's
  /// (default) session.
  static func check(_ client: TestClient, windows: [UInt64]) throws -> [WireInvariantFailure] {
    var failures: [WireInvariantFailure] = []
    func fail(_ tag: String, _ message: String) {
      failures.append(WireInvariantFailure(tag: tag, message: message))
    }
    let controllers = try client.call { $0.listControllers = .init() }.controllers.controllers
    let byID = Dictionary(controllers.map { ($0.id, $0) }) { first, _ in first }
    var inTrees: Set<UInt64> = []
    for window in windows {
      let tree = try client.call {
        $0.getTree.windowID = window
        $0.getTree.includeViews = true
      }.tree
      if !tree.window.idle || tree.window.queuedOperations != 0 {
        fail("SETTLE", "window \(window) is not idle after the restore")
      }
      var views: Set<UInt64> = []
      func walkViews(_ view: Curtain_V1_ViewNode) {
        if !views.insert(view.id).inserted { fail("I5", "view \(view.id) twice in w\(window)") }
        view.subviews.forEach(walkViews)
      }
      walkViews(tree.view)
      func walk(_ node: Curtain_V1_ControllerNode, parent: UInt64, presenter: UInt64) {
        guard inTrees.insert(node.id).inserted else {
          return fail("I5", "c\(node.id) appears twice in the windows' trees")
        }
        let info = byID[node.id]
        if info?.windowID != window {
          fail("I5", "c\(node.id) is in w\(window)'s tree but reports w\(info?.windowID ?? 0)")
        }
        if info?.parentID != parent {
          fail(
            "I5", "c\(node.id) is a child of c\(parent) but its parent is c\(info?.parentID ?? 0)")
        }
        if presenter != 0, info?.presentingID != presenter {
          fail(
            "P1", "c\(node.id) is presented by c\(presenter) but says c\(info?.presentingID ?? 0)")
        }
        let shouldAppear = node.viewInWindow && tree.window.visible
        if shouldAppear != (node.appearance == .appeared) {
          fail(
            "I1",
            "c\(node.id) (\(node.identifier)) is \(node.appearance) but its view is "
              + "\(node.viewInWindow ? "in" : "not in") the window")
        }
        if node.viewInWindow, !views.contains(node.viewID) {
          fail("I5", "c\(node.id)'s view \(node.viewID) is not in w\(window)'s view tree")
        }
        for child in node.children { walk(child, parent: node.id, presenter: 0) }
        if node.hasPresented { walk(node.presented, parent: 0, presenter: node.id) }
      }
      if tree.hasRoot { walk(tree.root, parent: 0, presenter: 0) }
    }
    for controller in controllers where !inTrees.contains(controller.id) {
      if controller.appearance != .disappeared {
        fail("I1", "c\(controller.id) is in no window's tree but is \(controller.appearance)")
      }
    }
    return failures
  }

  /// I7 on one window's gap-free events, `start` being the seq before the
  /// first: each transition that began in them ends once, each operation
  /// that started completes once.
  static func checkEvents(_ events: [WireEvent], after start: UInt64) -> [WireInvariantFailure] {
    var failures: [WireInvariantFailure] = []
    let seqs = events.map(\.seq)
    if seqs != Array((start + 1)..<(start + 1 + UInt64(seqs.count))) {
      failures.append(
        WireInvariantFailure(tag: "GAP", message: "seqs after \(start) are \(seqs)"))
    }
    var began: [UInt64: Int] = [:]
    var ended: [UInt64: Int] = [:]
    var started: [UInt64: Int] = [:]
    var completed: [UInt64: Int] = [:]
    for event in events {
      switch event.kind {
      case .transition(let transition)?:
        if transition.phase == .began { began[transition.transitionID, default: 0] += 1 }
        if transition.phase == .ended { ended[transition.transitionID, default: 0] += 1 }
      case .operation(let operation)?:
        if operation.phase == .started { started[operation.operationID, default: 0] += 1 }
        if operation.phase == .completed { completed[operation.operationID, default: 0] += 1 }
      default: break
      }
    }
    for (id, count) in began where count != 1 || ended[id] != 1 {
      failures.append(
        WireInvariantFailure(
          tag: "I7", message: "t\(id) began \(count) times and ended \(ended[id] ?? 0) times"))
    }
    for (id, count) in started where count != 1 || completed[id] != 1 {
      failures.append(
        WireInvariantFailure(
          tag: "I7",
          message: "operation \(id) started \(count) times, completed \(completed[id] ?? 0)"))
    }
    return failures
  }
}
