import CurtainTesting
import CurtainWire
import XCTest

// Requests the presentation tests over the wire share.

extension Curtain_V1_WindowMetrics {
  /// Pad metrics of `width` × `height` with the given safe area (top,
  /// bottom), size classes derived.
  static func pad(
    _ width: Double, _ height: Double, safeArea: (Double, Double) = (0, 0)
  ) -> Curtain_V1_WindowMetrics {
    var metrics = Curtain_V1_WindowMetrics()
    metrics.size.width = width
    metrics.size.height = height
    metrics.safeArea.top = safeArea.0
    metrics.safeArea.bottom = safeArea.1
    metrics.idiom = .pad
    return metrics
  }
}

extension TestClient {
  /// A manual-clock window subscribed to its events (and frames): the
  /// regular 820 × 1180 pad (safe area 24/20) or the default compact phone.
  func makeWindow(regular: Bool, frames: Bool = false) throws -> UInt64 {
    regular
      ? try makeWindow(width: 820, height: 1180, pad: true, safeArea: (24, 20), frames: frames)
      : try makeWindow(frames: frames)
  }

  /// A manual-clock window subscribed to its events (and frames); without a
  /// size, the default phone.
  func makeWindow(
    width: Double? = nil, height: Double = 0, pad: Bool = false,
    safeArea: (Double, Double) = (0, 0), frames: Bool = false
  ) throws -> UInt64 {
    let window = try call {
      $0.createWindow.clock = .manual
      if let width { $0.createWindow.metrics = .pad(width, height, safeArea: safeArea) }
    }.window.id
    try call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.frames = frames
    }
    return window
  }

  func make(_ kind: Curtain_V1_ControllerKind, _ names: String..., session: String = "") throws {
    try make(kind, names, session: session)
  }

  /// Creates controllers named `names` of `kind` (in `session`; empty:
  /// "default").
  func make(_ kind: Curtain_V1_ControllerKind, _ names: [String], session: String = "") throws {
    for name in names {
      let created = try call(session: session) {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
      XCTAssertEqual(created.controller.identifier, name, created.error.message)
    }
  }

  func setRoot(_ window: UInt64, _ name: String) throws {
    let response = try call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef(name)
    }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
  }

  @discardableResult
  func present(
    _ controller: String, on presenter: String, animated: Bool = false,
    _ configure: (inout Curtain_V1_Present) -> Void = { _ in }
  ) throws -> WireResponse {
    try call {
      $0.present.presenter = controllerRef(presenter)
      $0.present.controller = controllerRef(controller)
      $0.present.notAnimated = !animated
      configure(&$0.present)
    }
  }

  func dismiss(_ controller: String) throws {
    let response = try call {
      $0.dismiss.controller = controllerRef(controller)
      $0.dismiss.notAnimated = true
    }
    XCTAssertTrue(response.operation.completed, response.error.message)
  }

  func advance(_ window: UInt64, _ seconds: Double) throws {
    let response = try call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = seconds
    }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
  }

  /// Advances the clock by `seconds` and returns the frame of that step.
  func frame(_ window: UInt64, after seconds: Double) throws -> WireFrame? {
    _ = takeFrames()
    try advance(window, seconds)
    return takeFrames().last
  }

  func tree(_ window: UInt64) throws -> Curtain_V1_Tree {
    try call { $0.getTree.windowID = window }.tree
  }

  /// Lifecycle and presentation event texts since the last call, without
  /// the size transitions' callbacks.
  func flow() throws -> [String] {
    try sync()
    return takeEvents().filter {
      ($0.category == .lifecycle || $0.category == .presentation)
        && $0.sizeTransition.controllerID == 0
    }.map(\.text)
  }
}
