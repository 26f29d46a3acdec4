/// The presentation values of every view animating at one moment of one
/// window, and the progress of every running transition. Views absent from a
/// frame are at their model values.
public struct Frame: Hashable, Sendable {
  /// The window.
  public let windowID: WindowID
  /// The model time of the frame.
  public let time: Double
  /// The animating views, in the order their animations started.
  public let views: [ViewValues]
  /// The running transitions.
  public let transitions: [TransitionProgress]

  /// One view's presentation values.
  public struct ViewValues: Hashable, Sendable {
    /// The view.
    public let view: ViewID
    /// The controller whose view (or chrome) it is.
    public let controller: ControllerID?
    /// What the view is for.
    public let role: ViewRole
    /// The presentation state.
    public let state: ViewState

    init(view: View, state: ViewState) {
      self.view = view.id
      self.controller = view.controllerID
      self.role = view.role
      self.state = state
    }

    /// The presentation frame (untransformed).
    public var frame: Rect { state.frame }
    /// The presentation alpha.
    public var alpha: Double { state.alpha }
    /// The presentation transform.
    public var transform: AffineTransform { state.transform }
  }

  /// One transition's progress.
  public struct TransitionProgress: Hashable, Sendable {
    /// The transition.
    public let transition: TransitionID
    /// `percentComplete`.
    public let percentComplete: Double
    /// Whether a client holds it.
    public let isInteractive: Bool
  }

  /// The values of `view`, if it is in the frame.
  public func values(of view: ViewID) -> ViewValues? {
    views.first { $0.view == view }
  }

  /// This frame plus, for views it does not list, their values in
  /// `earlier`: one frame standing for several steps, in which views whose
  /// animations ended in between keep their final values.
  public func including(_ earlier: Frame) -> Frame {
    let listed = Set(views.map(\.view))
    return Frame(
      windowID: windowID, time: time,
      views: views + earlier.views.filter { !listed.contains($0.view) },
      transitions: transitions)
  }
}
