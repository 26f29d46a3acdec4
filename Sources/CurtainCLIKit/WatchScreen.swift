// What `curtain watch` shows, as a pure value: the latest tree of the
// window (with presentation values), the presentation values of the latest
// frame on top of it, the running transitions, and the screen they make.
//
// The command feeds it what the daemon sends: frames replace the views'
// values and the transitions' progress; any event means the tree changed,
// so the command fetches it again (`needsTree`). Frames older than the
// tree are ignored: they were sent before the tree was taken.

import CurtainCore
public import CurtainWire

/// The state behind `curtain watch`'s screen.
public struct WatchScreen: Sendable {
  /// The window's latest tree (views with presentation values).
  public private(set) var tree: Curtain_V1_Tree
  /// Presentation values of the latest frame, by view id.
  private var overrides: [UInt64: Curtain_V1_ViewState] = [:]
  /// The running transitions, in the order they began.
  private var transitions: [Curtain_V1_TransitionProgress] = []
  /// The kind and the from and to controllers of each transition whose
  /// beginning was seen.
  private var began: [UInt64: (kind: String, from: UInt64, to: UInt64)] = [:]
  /// The names of every controller seen so far, so that a popped
  /// controller keeps its name while it animates away.
  private var names: [UInt64: String] = [:]
  /// The model time of what is shown.
  public private(set) var time: Double
  /// Whether an event arrived since the tree was taken.
  public private(set) var needsTree = false
  /// Whether the window was closed.
  public private(set) var closed = false

  /// A screen showing `tree`; `controllers` (the session's) name the
  /// controllers that are not in it.
  public init(tree: Curtain_V1_Tree, controllers: [Curtain_V1_ControllerInfo] = []) {
    self.tree = tree
    time = tree.window.time
    replaceTree(tree, controllers: controllers)
  }

  /// Shows a newer tree; the values of earlier frames are dropped.
  public mutating func replaceTree(
    _ tree: Curtain_V1_Tree, controllers: [Curtain_V1_ControllerInfo] = []
  ) {
    self.tree = tree
    time = max(time, tree.window.time)
    overrides = [:]
    needsTree = false
    let labels = ControllerLabels(tree, others: controllers)
    for id in labels.ids { names[id] = labels.name(of: id) }
  }

  /// The labels of the views, naming every controller seen so far.
  private var labels: ControllerLabels {
    ControllerLabels(
      tree,
      others: names.map { id, name in
        var info = Curtain_V1_ControllerInfo()
        info.id = id
        info.identifier = name
        return info
      })
  }

  /// Notes that the window is gone (its tree can no longer be taken).
  public mutating func windowClosed() {
    closed = true
    needsTree = false
  }

  /// Takes a frame's presentation values and transition progress.
  public mutating func apply(_ frame: WireFrame) {
    guard frame.windowID == tree.window.id, frame.modelTime >= tree.window.time else { return }
    time = max(time, frame.modelTime)
    overrides = [:]
    for view in frame.views { overrides[view.viewID] = view.state }
    transitions = frame.transitions
  }

  /// Takes an event: notes the transitions that begin and end, and that
  /// the tree must be fetched again.
  public mutating func apply(_ event: WireEvent) {
    guard event.windowID == tree.window.id else { return }
    needsTree = true
    time = max(time, event.time)
    switch event.kind {
    case .transition(let transition)?:
      let id = transition.transitionID
      switch transition.phase {
      case .began:
        began[id] = (transition.kind, transition.fromID, transition.toID)
        if !transitions.contains(where: { $0.transitionID == id }) {
          var progress = Curtain_V1_TransitionProgress()
          progress.transitionID = id
          progress.interactive = transition.interactive
          transitions.append(progress)
        }
      case .ended:
        transitions.removeAll { $0.transitionID == id }
        began[id] = nil
      default:
        break
      }
    case .window(let window)? where window.change == .closed:
      closed = true
    default:
      break
    }
  }

  /// The screen: the window's boxes fitted into `columns` × `rows − 1`
  /// cells, then the status line. Every line is exactly `columns` wide.
  public func render(columns: Int, rows: Int) -> [String] {
    guard columns > 0, rows > 0 else { return [] }
    var canvas = TextCanvas(columns: columns, rows: rows - 1)
    let size = Size(tree.window.metrics.size)
    let scale = GridScale(fitting: size, columns: columns, rows: rows - 1)
    canvas.clip = scale.cells(of: Rect(origin: .zero, size: size))
    for box in ScreenLayout.boxes(of: tree, overrides: overrides, labels: labels) {
      let cells = scale.cells(of: box.rect)
      // A view under a navigation bar shows its label below the bar.
      var safeTop = box.rect
      safeTop.origin.y += box.labelInset
      canvas.drawBox(
        left: cells.left, top: cells.top, right: cells.right, bottom: cells.bottom,
        label: box.label, opaque: box.alpha >= 0.5,
        labelRow: box.labelInset > 0 ? scale.cells(of: safeTop).top : nil)
    }
    var status = TextCanvas(columns: columns, rows: 1)
    status.write(statusLine, row: 0, column: 0, limit: columns)
    return canvas.lines + status.lines
  }

  /// `w1 390×844 manual t=0.200 · t1 push A → B 57% · q quits`; `idle`
  /// when nothing runs, `closed` once the window is gone.
  public var statusLine: String {
    let window = tree.window
    let size = Size(window.metrics.size)
    var parts = [
      "w\(window.id) \(OutputFormat.decimal(size.width))×\(OutputFormat.decimal(size.height))"
        + " \(window.clock == .manual ? "manual" : "realtime")"
        + " t=\(OutputFormat.decimal(time, fixed: 3))"
    ]
    if closed {
      parts.append("closed")
    } else if transitions.isEmpty {
      parts.append(window.idle ? "idle" : "busy")
    }
    for transition in transitions {
      let id = transition.transitionID
      var text = "t\(id)"
      if let (kind, from, to) = began[id] { text += " \(kind) \(name(from)) → \(name(to))" }
      text += " \(OutputFormat.decimal(transition.percent * 100, fixed: 0))%"
      if transition.interactive { text += " interactive" }
      parts.append(text)
    }
    parts.append("q quits")
    return parts.joined(separator: " · ")
  }

  private func name(_ id: UInt64) -> String {
    id == 0 ? "nil" : names[id] ?? "c\(id)"
  }
}
