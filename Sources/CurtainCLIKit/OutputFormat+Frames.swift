// Frames as the CLI prints them: the presentation values of each view that
// animates and the progress of each running transition, one frame per line.

public import CurtainWire

extension OutputFormat {
  /// One line per frame: `frame_seq  window  t=time` then each view as
  /// `v12 (x, y, w, h) α=a` (with ` T=(a, b, c, d, tx, ty)` unless the
  /// transform is the identity), then each running transition as
  /// `t3 42.5%`, then `(skipped N)` when frames were skipped.
  public static func human(_ frame: WireFrame) -> String {
    var parts = [
      "\(frame.frameSeq)", windowName(frame.windowID), "t=\(decimal(frame.modelTime, fixed: 3))",
    ]
    for view in frame.views {
      let state = view.state
      var text = "v\(view.viewID) \(rectText(state.frame)) α=\(decimal(state.alpha))"
      if state.hasTransform, !isIdentity(state.transform) {
        text +=
          " T=(\(transformNumbers(state.transform).map { decimal($0) }.joined(separator: ", ")))"
      }
      parts.append(text)
    }
    for transition in frame.transitions {
      let mark = transition.interactive ? " interactive" : ""
      parts.append(
        "t\(transition.transitionID) \(decimal(transition.percent * 100, places: 1))%\(mark)")
    }
    if frame.framesSkipped > 0 { parts.append("(skipped \(frame.framesSkipped))") }
    return parts.joined(separator: "  ")
  }

  /// The JSON object of a frame. Keys: `window`, `frame_seq`, `time`,
  /// `frames_skipped`, `views` (each `view`, `controller`, `role`, `frame`
  /// [x, y, w, h], `bounds` [x, y, w, h], `alpha`, `transform`
  /// [a, b, c, d, tx, ty], `corner_radius`), `transitions` (each
  /// `transition`, `percent`, `interactive`).
  public static func json(_ frame: WireFrame) -> JSONValue {
    .object([
      ("window", .id(frame.windowID)),
      ("frame_seq", .unsigned(frame.frameSeq)),
      ("time", .number(frame.modelTime)),
      ("frames_skipped", .unsigned(frame.framesSkipped)),
      (
        "views",
        .array(
          frame.views.map { view in
            let state = view.state
            return .object([
              ("view", .unsigned(view.viewID)),
              ("controller", .id(view.controllerID)),
              ("role", .optionalString(view.role)),
              ("frame", numbers(rectNumbers(state.frame))),
              ("bounds", numbers(rectNumbers(state.bounds))),
              ("alpha", .number(state.alpha)),
              ("transform", numbers(transformNumbers(state.hasTransform ? state.transform : nil))),
              ("corner_radius", .number(state.cornerRadius)),
            ])
          })
      ),
      (
        "transitions",
        .array(
          frame.transitions.map { transition in
            .object([
              ("transition", .unsigned(transition.transitionID)),
              ("percent", .number(transition.percent)),
              ("interactive", .bool(transition.interactive)),
            ])
          })
      ),
    ])
  }
}
