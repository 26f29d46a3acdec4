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
    writer.lengthDelimited { message in
      // ServerMessage.frame
      message.message(3) { wire in
        wire.uint64(1, windowID.rawValue)
        wire.uint64(2, frameSeq)
        wire.double(3, time)
        for values in views {
          wire.message(4) { view in
            view.uint64(1, values.view.rawValue)
            view.uint64(2, values.controller?.rawValue ?? 0)
            view.string(3, values.role.rawValue)
            view.message(4) { state in Self.write(values.state, into: &state) }
          }
        }
        for progress in transitions {
          wire.message(5) { entry in
            entry.uint64(1, progress.transition.rawValue)
            entry.double(2, progress.percentComplete)
            entry.bool(3, progress.isInteractive)
          }
        }
        wire.uint64(6, framesSkipped)
      }
    }
    return writer.bytes
  }

  /// A `ViewState`'s fields (`Curtain_V1_ViewState(state)`).
  private static func write(_ state: ViewState, into writer: inout ProtoWriter) {
    writer.message(1) { Self.write(state.frame, into: &$0) }
    writer.message(2) { Self.write(state.bounds, into: &$0) }
    writer.double(3, state.alpha)
    writer.message(4) { transform in
      transform.double(1, state.transform.a)
      transform.double(2, state.transform.b)
      transform.double(3, state.transform.c)
      transform.double(4, state.transform.d)
      transform.double(5, state.transform.tx)
      transform.double(6, state.transform.ty)
    }
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
