// A frame's wire bytes written directly from the model's `Frame`: the
// framed `ServerMessage { frame }` that `Curtain_V1_Frame(frame, frameSeq:)`
// would encode to through SwiftProtobuf, byte for byte (FrameEncodingTests),
// without building the message first. The daemon sends one per animating
// window and tick to its frame subscribers.

public import CurtainCore

extension Frame {
  /// The framed `ServerMessage { frame }` bytes of this frame as number
  /// `frameSeq` of its window, saying that `framesSkipped` frames were not
  /// delivered before it.
  public func framedServerMessage(frameSeq: UInt64, framesSkipped: UInt64 = 0) -> [UInt8] {
    var writer = ProtoWriter(capacity: 32 + views.count * 160 + transitions.count * 24)
    let frameLength = writer.beginLengthDelimited()
    // ServerMessage.frame
    let message = writer.beginMessage(3)
    writer.uint64(1, windowID.rawValue)
    writer.uint64(2, frameSeq)
    writer.double(3, time)
    for values in views {
      let view = writer.beginMessage(4)
      writer.uint64(1, values.view.rawValue)
      writer.uint64(2, values.controller?.rawValue ?? 0)
      writer.string(3, values.role.rawValue)
      let state = writer.beginMessage(4)
      Self.write(values.state, into: &writer)
      writer.end(state)
      writer.end(view)
    }
    for progress in transitions {
      let entry = writer.beginMessage(5)
      writer.uint64(1, progress.transition.rawValue)
      writer.double(2, progress.percentComplete)
      writer.bool(3, progress.isInteractive)
      writer.end(entry)
    }
    writer.uint64(6, framesSkipped)
    writer.end(message)
    writer.end(frameLength)
    return writer.bytes
  }

  /// A `ViewState`'s fields (`Curtain_V1_ViewState(state)`).
  private static func write(_ state: ViewState, into writer: inout ProtoWriter) {
    let frame = writer.beginMessage(1)
    write(state.frame, into: &writer)
    writer.end(frame)
    let bounds = writer.beginMessage(2)
    write(state.bounds, into: &writer)
    writer.end(bounds)
    writer.double(3, state.alpha)
    let transform = writer.beginMessage(4)
    writer.double(1, state.transform.a)
    writer.double(2, state.transform.b)
    writer.double(3, state.transform.c)
    writer.double(4, state.transform.d)
    writer.double(5, state.transform.tx)
    writer.double(6, state.transform.ty)
    writer.end(transform)
    writer.double(5, state.cornerRadius)
  }

  /// A `Rect`'s fields (`Curtain_V1_Rect(rect)`).
  private static func write(_ rect: Rect, into writer: inout ProtoWriter) {
    writer.double(1, rect.minX)
    writer.double(2, rect.minY)
    writer.double(3, rect.width)
    writer.double(4, rect.height)
  }
}
