// A frame's wire bytes written directly from the model's `Frame`: the
// framed `ServerMessage { frame }` that `Curtain_V1_Frame(frame, frameSeq:)`
// would encode to through SwiftProtobuf, byte for byte (FrameEncodingTests),
// without building the message first. The daemon sends one per animating
// window and tick to its frame subscribers, so the sizes are added up
// first (`ProtoSize`) and the bytes written once into an array of exactly
// that size (`ProtoBufferWriter`).

public import CurtainCore

extension WireCodec {
  /// The framed `ServerMessage { frame }` bytes of `frame` as number
  /// `frameSeq` of its window, saying that `framesSkipped` frames were not
  /// delivered before it.
  public static func framed(_ frame: Frame, frameSeq: UInt64, framesSkipped: UInt64 = 0)
    -> [UInt8]
  {
    frame.framedServerMessage(frameSeq: frameSeq, framesSkipped: framesSkipped)
  }

  /// The bytes of `framed`, a framed `ServerMessage { frame }` whose frame
  /// says no frame was skipped (as `framed(_:frameSeq:framesSkipped:)`
  /// writes it), saying instead that `framesSkipped` were: the same bytes
  /// with the two lengths grown and `frames_skipped`, the frame's last
  /// field, appended, so the frame is copied, not encoded again, for each
  /// subscriber that skipped some (byte for byte what encoding it with
  /// that count gives, FrameEncodingTests). `nil` for bytes of another
  /// shape.
  public static func framed(_ framed: [UInt8], addingFramesSkipped framesSkipped: UInt64)
    -> [UInt8]?
  {
    guard framesSkipped > 0 else { return framed }
    guard case .value(let payload, let tagAt) = VarInt.read(framed, at: 0),
      tagAt + Int(payload) == framed.count, tagAt < framed.count,
      framed[tagAt] == 0x1A,  // ServerMessage.frame: field 3, length-delimited
      case .value(let length, let bodyAt) = VarInt.read(framed, at: tagAt + 1),
      bodyAt + Int(length) == framed.count
    else { return nil }
    let added = ProtoSize.uint64(6, framesSkipped)
    let frameLength = Int(length) + added
    let payloadLength = ProtoSize.message(3, length: frameLength)
    return WireCodec.framed(payloadLength: payloadLength) { writer in
      writer.message(3, length: frameLength)
      framed.withUnsafeBufferPointer { writer.raw(UnsafeBufferPointer(rebasing: $0[bodyAt...])) }
      writer.uint64(6, framesSkipped)
    }
  }
}

extension Frame {
  fileprivate func framedServerMessage(frameSeq: UInt64, framesSkipped: UInt64) -> [UInt8] {
    var length =
      ProtoSize.uint64(1, windowID.rawValue) + ProtoSize.uint64(2, frameSeq)
      + ProtoSize.double(3, time) + ProtoSize.uint64(6, framesSkipped)
    for values in views {
      length += ProtoSize.message(
        4, length: Self.size(of: values, state: Self.size(of: values.state)))
    }
    for progress in transitions {
      length += ProtoSize.message(5, length: Self.size(of: progress))
    }
    // ServerMessage { frame = 3 }, after its length prefix.
    return WireCodec.framed(payloadLength: ProtoSize.message(3, length: length)) { writer in
      writer.message(3, length: length)
      writer.uint64(1, windowID.rawValue)
      writer.uint64(2, frameSeq)
      writer.double(3, time)
      for values in views {
        let state = Self.size(of: values.state)
        writer.message(4, length: Self.size(of: values, state: state))
        writer.uint64(1, values.view.rawValue)
        writer.uint64(2, values.controller?.rawValue ?? 0)
        writer.string(3, values.role.rawValue)
        writer.message(4, length: state)
        Self.write(values.state, into: &writer)
      }
      for progress in transitions {
        writer.message(5, length: Self.size(of: progress))
        writer.uint64(1, progress.transition.rawValue)
        writer.double(2, progress.percentComplete)
        writer.bool(3, progress.isInteractive)
      }
      writer.uint64(6, framesSkipped)
    }
  }

  // MARK: Sizes

  /// A view's message, whose state takes `state` bytes.
  private static func size(of values: ViewValues, state: Int) -> Int {
    ProtoSize.uint64(1, values.view.rawValue)
      + ProtoSize.uint64(2, values.controller?.rawValue ?? 0)
      + ProtoSize.string(3, utf8Count: values.role.rawValue.utf8.count)
      + ProtoSize.message(4, length: state)
  }

  private static func size(of progress: TransitionProgress) -> Int {
    ProtoSize.uint64(1, progress.transition.rawValue)
      + ProtoSize.double(2, progress.percentComplete) + ProtoSize.bool(3, progress.isInteractive)
  }

  private static func size(of state: ViewState) -> Int {
    ProtoSize.message(1, length: size(of: state.frame))
      + ProtoSize.message(2, length: size(of: state.bounds)) + ProtoSize.double(3, state.alpha)
      + ProtoSize.message(4, length: size(of: state.transform))
      + ProtoSize.double(5, state.cornerRadius)
  }

  private static func size(of transform: AffineTransform) -> Int {
    ProtoSize.double(1, transform.a) + ProtoSize.double(2, transform.b)
      + ProtoSize.double(3, transform.c) + ProtoSize.double(4, transform.d)
      + ProtoSize.double(5, transform.tx) + ProtoSize.double(6, transform.ty)
  }

  private static func size(of rect: Rect) -> Int {
    ProtoSize.double(1, rect.minX) + ProtoSize.double(2, rect.minY)
      + ProtoSize.double(3, rect.width) + ProtoSize.double(4, rect.height)
  }

  // MARK: Writing

  private static func write(_ state: ViewState, into writer: inout ProtoBufferWriter) {
    let frame = state.frame
    writer.message(1, length: size(of: frame))
    write(frame, into: &writer)
    writer.message(2, length: size(of: state.bounds))
    write(state.bounds, into: &writer)
    writer.double(3, state.alpha)
    let transform = state.transform
    writer.message(4, length: size(of: transform))
    writer.double(1, transform.a)
    writer.double(2, transform.b)
    writer.double(3, transform.c)
    writer.double(4, transform.d)
    writer.double(5, transform.tx)
    writer.double(6, transform.ty)
    writer.double(5, state.cornerRadius)
  }

  private static func write(_ rect: Rect, into writer: inout ProtoBufferWriter) {
    writer.double(1, rect.minX)
    writer.double(2, rect.minY)
    writer.double(3, rect.width)
    writer.double(4, rect.height)
  }
}
