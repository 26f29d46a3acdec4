// The window the `delegate`, `past` and `replay` benchmarks push on: a
// manual-clock window whose root is Nav[A], with B made to be pushed.

import BenchKit
import CurtainWire

/// Creates Nav, A and B and a manual-clock window with Nav[A] as its root;
/// returns the window's id.
func navigationWindow(_ connection: Connection) throws -> UInt64 {
  let window = try connection.call { $0.createWindow.clock = .manual }.window.id
  for (kind, name) in [
    (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
  ] {
    try connection.call {
      $0.createController.kind = kind
      $0.createController.identifier = name
    }
  }
  try connection.call {
    $0.setStack.navigation = ref("Nav")
    $0.setStack.controllers = [ref("A")]
  }
  try connection.call {
    $0.setRoot.windowID = window
    $0.setRoot.controller = ref("Nav")
  }
  return window
}

/// `steps` times: pushes B animated, moves the clock past the transition
/// and pops B without animation (three records of the session's past).
func pushAdvancePop(_ connection: Connection, window: UInt64, steps: Int) throws {
  for _ in 0..<steps {
    try connection.call {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    try connection.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    try connection.call {
      $0.pop.navigation = ref("Nav")
      $0.pop.notAnimated = true
    }
  }
}
