// The callback invariants of the invariant fuzz (Tests/CurtainCoreTests/
// Invariants, I2 and I3) on a session's event stream as a client receives
// it: the same state machines as `FuzzRun.checkAppearanceCallbacks` and
// `FuzzRun.checkMoves`, over wire events and ids, ending in what
// `ListControllers` reports. The stream must start before the controllers
// exist (a session-wide subscription taken first).

import CurtainTesting
import CurtainWire

extension WireInvariants {
  /// I2 and I3 on `events` (in the order they arrived), ending in
  /// `controllers`' appearance and parent.
  static func checkCallbacks(_ events: [WireEvent], controllers: [Curtain_V1_ControllerInfo])
    -> [WireInvariantFailure]
  {
    var failures: [WireInvariantFailure] = []
    var appearance: [UInt64: Curtain_V1_AppearanceState] = [:]
    var pendingMove: [UInt64: (target: UInt64, old: UInt64)] = [:]
    var parent: [UInt64: UInt64] = [:]
    var broken: Set<UInt64> = []
    func fail(_ tag: String, _ id: UInt64, _ message: String) {
      broken.insert(id)
      failures.append(WireInvariantFailure(tag: tag, message: "c\(id) \(message)"))
    }
    for event in events {
      guard case .lifecycle(let lifecycle)? = event.kind, !broken.contains(lifecycle.controllerID)
      else { continue }
      let id = lifecycle.controllerID
      let current = appearance[id] ?? .disappeared
      switch lifecycle.callback {
      case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
        let (allowed, next): ([Curtain_V1_AppearanceState], Curtain_V1_AppearanceState) =
          switch lifecycle.callback {
          case .viewWillAppear: ([.disappeared, .disappearing], .appearing)
          case .viewDidAppear: ([.appearing], .appeared)
          case .viewWillDisappear: ([.appeared, .appearing], .disappearing)
          default: ([.disappearing], .disappeared)
          }
        guard allowed.contains(current) else {
          fail(
            "I2", id, "got \(event.text) (seq \(event.seq) of w\(event.windowID)) while \(current)")
          continue
        }
        appearance[id] = next
      case .willMoveToParent:
        if let open = pendingMove[id] {
          fail("I3", id, "got \(event.text) while willMove(c\(open.target)) has no didMove")
          continue
        }
        pendingMove[id] = (lifecycle.otherID, parent[id] ?? 0)
      case .didMoveToParent:
        guard let open = pendingMove.removeValue(forKey: id) else {
          fail("I3", id, "got \(event.text) without a pending willMove")
          continue
        }
        guard lifecycle.otherID == open.target || lifecycle.otherID == open.old else {
          fail(
            "I3", id, "got \(event.text) after willMove(c\(open.target)) (old parent c\(open.old))")
          continue
        }
        parent[id] = lifecycle.otherID
      default:
        continue
      }
    }
    for controller in controllers where !broken.contains(controller.id) {
      let replayed = appearance[controller.id] ?? .disappeared
      if replayed != controller.appearance {
        fail(
          "I2", controller.id,
          "(\(controller.identifier)): callbacks end in \(replayed), appearance is "
            + "\(controller.appearance)")
      }
      if let open = pendingMove[controller.id] {
        fail(
          "I3", controller.id,
          "(\(controller.identifier)): willMove(c\(open.target)) never got its didMove")
      } else if (parent[controller.id] ?? 0) != controller.parentID {
        fail(
          "I3", controller.id,
          "(\(controller.identifier)): last didMove names c\(parent[controller.id] ?? 0), parent is "
            + "c\(controller.parentID)")
      }
    }
    return failures
  }
}
