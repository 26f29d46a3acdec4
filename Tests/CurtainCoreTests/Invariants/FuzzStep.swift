// The steps of a random run: what the test does to the session, as
// replayable values.

@testable import CurtainCore

/// One thing the test does to the session. Steps are replayable values, so a
/// failing run can be shrunk: controller ids are deterministic for a pool
/// built in the same order, and transitions are named by their slot in
/// `window.transitions` at the time the step runs.
enum FuzzStep: Hashable {
  /// `session.submit(_:)`; `expectNotFound` when it names an id that does not exist.
  case submit(WindowOperation, expectNotFound: Bool)
  /// `window.advance(by:)`.
  case advance(Double)
  /// `updateInteraction` on the transition in this slot.
  case update(slot: Int, percent: Double)
  /// `finishInteraction` on the transition in this slot.
  case finish(slot: Int, speed: Double, curve: Int)
  /// `cancelInteraction` on the transition in this slot.
  case cancel(slot: Int, speed: Double)
  /// `pauseTransition` on the transition in this slot.
  case pause(slot: Int)
  /// An interaction request (0 update, 1 finish, 2 cancel, 3 pause) on a
  /// transition id that does not exist: must be `NOT_FOUND`.
  case driveMissing(kind: Int)
  /// `configurePresentation` of a controller (its modal styles).
  case configure(ControllerID, ModalPresentationStyle, ModalTransitionStyle)
}
