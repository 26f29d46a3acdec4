// `/api/windows/{id}/scene`: what the page needs to draw a window, in one
// JSON object: the window (as `curtain list-windows --json`), its view tree
// at presentation values with everything a drawing needs (bounds and
// transform besides the frame, the background colour as SVG paints it, the
// label `curtain snapshot` writes), the names of the controllers, and the
// window's running transitions with their progress at the window's time (a
// page opened on a manual-clock window in the middle of a push shows it
// before the next frame). The page then moves the views with the frames of
// the WebSocket.

import CurtainCLIKit
import CurtainWire

/// The drawing of a window, as JSON.
enum Scene {
  /// Keys: `window`, `views` (each `view`, `role`, `controller`, `label`,
  /// `color`, `hidden`, `frame`, `bounds`, `alpha`, `transform`,
  /// `corner_radius`, `subviews`; `null` without a view tree),
  /// `controllers` (an object: id → name), `transitions` (as `curtain
  /// list-transitions --json` prints them).
  static func json(
    _ tree: Curtain_V1_Tree, controllers: [Curtain_V1_ControllerInfo],
    transitions: [Curtain_V1_TransitionInfo]
  ) -> JSONValue {
    let labels = ControllerLabels(tree, others: controllers)
    var names: [(String, JSONValue)] = []
    for id in labels.ids.sorted() {
      names.append((String(id), .string(labels.name(of: id))))
    }
    return .object([
      ("window", OutputFormat.json(tree.window)),
      ("views", tree.hasView ? view(tree.view, labels: labels) : .null),
      ("controllers", .object(names)),
      ("transitions", .array(transitions.map(OutputFormat.json))),
    ])
  }

  private static func view(_ node: Curtain_V1_ViewNode, labels: ControllerLabels) -> JSONValue {
    let state = node.state
    let transform =
      state.hasTransform
      ? [
        state.transform.a, state.transform.b, state.transform.c, state.transform.d,
        state.transform.tx,
        state.transform.ty,
      ]
      : [1, 0, 0, 1, 0, 0]
    return .object([
      ("view", .unsigned(node.id)),
      ("role", .string(node.role)),
      ("controller", .id(node.controllerID)),
      ("label", .string(labels.label(of: node))),
      ("color", .string(SVGSnapshot.color(named: node.backgroundColor))),
      ("hidden", .bool(node.hidden)),
      ("frame", rect(state.frame)),
      ("bounds", rect(state.bounds)),
      ("alpha", .number(state.alpha)),
      ("transform", .array(transform.map { .number($0) })),
      ("corner_radius", .number(state.cornerRadius)),
      ("subviews", .array(node.subviews.map { view($0, labels: labels) })),
    ])
  }

  private static func rect(_ rect: Curtain_V1_Rect) -> JSONValue {
    .array([rect.x, rect.y, rect.width, rect.height].map { .number($0) })
  }
}
