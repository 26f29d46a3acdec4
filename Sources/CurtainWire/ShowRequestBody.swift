// `Show` and `ShowDetail` carry the same fields; the daemon's handlers and
// the CLI's commands treat them alike through this protocol.

/// The fields `Show` and `ShowDetail` share.
public protocol ShowRequestBody: Sendable {
  init()
  var sender: Curtain_V1_ControllerRef { get set }
  var controller: Curtain_V1_ControllerRef { get set }
  var notAnimated: Bool { get set }
  var hasAnimator: Bool { get }
  var animator: Curtain_V1_AnimatorSpec { get set }
}

extension Curtain_V1_Show: ShowRequestBody {}
extension Curtain_V1_ShowDetail: ShowRequestBody {}
