// The frame bytes written directly (Frame+Encoding.swift) are exactly what
// SwiftProtobuf writes for the same frame: for the frames of real
// transitions (a push, a cross-dissolve presentation, a flip), and for
// values at the edges of the encoding (zero and negative zero, huge and
// tiny doubles, ids past one varint byte, messages past 127 bytes).

import CurtainCore
import XCTest

@testable import CurtainCore
@testable import CurtainWire

final class FrameEncodingTests: XCTestCase {
  /// SwiftProtobuf's bytes for `frame`.
  private func reference(_ frame: Frame, frameSeq: UInt64, skipped: UInt64) throws -> [UInt8] {
    var wire = Curtain_V1_Frame(frame, frameSeq: frameSeq)
    wire.framesSkipped = skipped
    var message = ServerMessage()
    message.frame = wire
    return try WireCodec.framed(message)
  }

  private func assertSameBytes(
    _ frame: Frame, frameSeq: UInt64, skipped: UInt64 = 0, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    XCTAssertEqual(
      WireCodec.framed(frame, frameSeq: frameSeq, framesSkipped: skipped),
      try reference(frame, frameSeq: frameSeq, skipped: skipped), file: file, line: line)
  }

  func testTheFramesOfRealTransitionsEncodeAsSwiftProtobufEncodesThem() throws {
    let session = Session(name: "frames")
    let window = try session.makeWindow(clockMode: .manual)
    let nav = try session.makeController(kind: .navigation, identifier: "Nav", title: "Nav")
    let home = try session.makeController(kind: .content, identifier: "Home", title: "Home")
    let next = try session.makeController(kind: .content, identifier: "Next", title: "Next")
    let sheet = try session.makeController(kind: .content, identifier: "Sheet", title: "Sheet")
    _ = try session.submit(.setRoot(window: window.id, controller: nav.id))
    _ = try session.submit(
      .push(navigation: nav.id, controller: home.id, animated: false, animator: nil))
    var frames: [Frame] = []
    func play() {
      for _ in 0..<30 {
        if let frame = window.advance(by: 1.0 / 60).frame { frames.append(frame) }
      }
    }
    _ = try session.submit(
      .push(navigation: nav.id, controller: next.id, animated: true, animator: nil))
    play()
    var options = PresentOptions()
    options.transitionStyle = .crossDissolve
    _ = try session.submit(
      .present(
        presenter: nav.id, controller: sheet.id, animated: true, animator: nil,
        adaptiveStyle: nil, options: options))
    play()
    _ = try session.submit(.dismiss(controller: sheet.id, animated: true, animator: nil))
    play()
    options.transitionStyle = .flipHorizontal
    options.style = .fullScreen
    _ = try session.submit(
      .present(
        presenter: nav.id, controller: sheet.id, animated: true, animator: nil,
        adaptiveStyle: nil, options: options))
    play()
    XCTAssertGreaterThan(frames.count, 60)
    XCTAssertTrue(frames.contains { !$0.transitions.isEmpty })
    for (index, frame) in frames.enumerated() {
      try assertSameBytes(frame, frameSeq: UInt64(index + 1), skipped: UInt64(index % 3))
    }
  }

  func testValuesAtTheEdgesOfTheEncoding() throws {
    func values(_ id: UInt64, controller: ControllerID?, role: ViewRole, _ state: ViewState)
      -> Frame.ViewValues
    {
      let view = View(
        id: ViewID(id), role: role, controllerID: controller, frame: .zero,
        backgroundColorName: "")
      return Frame.ViewValues(view: view, state: state)
    }
    var odd = ViewState(
      frame: Rect(
        x: -0.0, y: -1e308, width: .leastNonzeroMagnitude, height: .greatestFiniteMagnitude),
      transform: AffineTransform(a: -0.0, b: 0, c: .infinity, d: -.infinity, tx: 1, ty: -1),
      alpha: -0.0, cornerRadius: .nan)
    odd.bounds = Rect(x: 0.1, y: -0.0, width: 0, height: 3)
    let zero = ViewState(
      frame: .zero, transform: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), alpha: 0)
    let many = (0..<40).map {
      values(
        UInt64($0) << 20, controller: ControllerID(UInt64.max - UInt64($0)), role: .controllerRoot,
        ViewState(frame: Rect(x: Double($0), y: 2, width: 3, height: 4)))
    }
    let cases = [
      Frame(windowID: WindowID(0), time: -0.0, views: [], transitions: []),
      Frame(
        windowID: WindowID(127), time: 0, views: [values(1, controller: nil, role: .window, zero)],
        transitions: [
          Frame.TransitionProgress(
            transition: TransitionID(128), percentComplete: -0.0, isInteractive: true),
          Frame.TransitionProgress(
            transition: TransitionID(0), percentComplete: 0, isInteractive: false),
        ]),
      Frame(
        windowID: WindowID(UInt64.max), time: 1e-300,
        views: [values(300, controller: ControllerID(16_384), role: .navigationBar, odd)],
        transitions: []),
      Frame(windowID: WindowID(9), time: 12.5, views: many, transitions: []),
    ]
    for frame in cases {
      let numbers: [(UInt64, UInt64)] = [(0, 0), (1, 0), (127, 128), (.max, .max)]
      for (seq, skipped) in numbers {
        try assertSameBytes(frame, frameSeq: seq, skipped: skipped)
      }
      try assertSkippedCountsAdded(to: frame)
    }
  }

  /// The frame a subscriber gets after skipping some (a max_fps, PAUSE) is
  /// the shared bytes with the count appended: byte for byte what encoding
  /// the frame with that count gives, the lengths grown across varint
  /// sizes (a frame of 127 bytes becomes one of 129).
  private func assertSkippedCountsAdded(
    to frame: Frame, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for seq: UInt64 in [0, 1, .max] {
      let shared = WireCodec.framed(frame, frameSeq: seq)
      for skipped: UInt64 in [0, 1, 11, 127, 128, 1 << 40, .max] {
        XCTAssertEqual(
          WireCodec.framed(shared, addingFramesSkipped: skipped),
          try reference(frame, frameSeq: seq, skipped: skipped), file: file, line: line)
      }
    }
  }

  func testSkippedCountsAreAddedAcrossTheLengthsVarintSizes() throws {
    // Frames whose message is just under 128 bytes (and its framed
    // payload too): the count pushes each length to two bytes.
    for count in 0..<12 {
      let views = (0..<count).map { index in
        Frame.ViewValues(
          view: View(
            id: ViewID(UInt64(index + 1)), role: .controllerRoot, controllerID: nil,
            frame: .zero, backgroundColorName: ""),
          state: ViewState(frame: Rect(x: 1, y: 2, width: 3, height: Double(index))))
      }
      try assertSkippedCountsAdded(
        to: Frame(windowID: WindowID(3), time: 0.5, views: views, transitions: []))
    }
  }

  func testBytesOfAnotherShapeGetNoCount() {
    XCTAssertNil(WireCodec.framed([2, 0x08, 0x01], addingFramesSkipped: 1))
    XCTAssertNil(WireCodec.framed([5, 0x1A, 0x01], addingFramesSkipped: 1))
    XCTAssertNil(WireCodec.framed([], addingFramesSkipped: 1))
  }
}
