// The boundary between the daemon's application layer (Server, request
// handlers, subscriptions: no libuv) and its transport (libuv streams). The
// transport implements `ClientLink` for each connection and calls the
// `Server` with decoded messages; tests implement it in memory.

public import CurtainCore
public import CurtainWire

/// How a client is connected.
public enum TransportKind: String, Sendable {
  /// A Unix-domain socket (trusted: file permissions guard it).
  case unix
  /// A TCP connection (needs the token).
  case tcp
}

/// What a subscriber wants when it cannot keep up with frames.
public enum FramePolicy: Sendable, Equatable {
  /// Keep only the newest unsent frame; report how many were skipped.
  case latest
  /// Stop after `credits` unacknowledged frames until a FrameAck.
  case pause(credits: Int)
  /// Close the client once `limit` frames are waiting.
  case disconnect(limit: Int)
}

/// A frame encoded once per window and tick, shared by every subscriber.
/// A subscriber that skipped frames before it (a frame rate, PAUSE, a
/// LATEST frame replaced) gets a copy of the same bytes that says so, never
/// a second encoding of the frame.
public final class SharedFrame: @unchecked Sendable {
  /// What the frame was made from.
  private enum Source {
    /// The model's frame, number `frameSeq` of its window (the daemon's
    /// frames: their bytes are written directly, Frame+Encoding.swift),
    /// and its bytes saying that no frame was skipped.
    case model(Frame, frameSeq: UInt64, unskipped: [UInt8])
    /// A wire frame.
    case wire(WireFrame)
  }
  private let source: Source
  /// Frames not delivered to the subscriber before this one.
  public let skipped: UInt64
  /// The framed `ServerMessage { frame }` bytes, encoded once.
  public let bytes: [UInt8]

  /// Encodes `frame` once.
  public init(_ frame: WireFrame) {
    source = .wire(frame)
    skipped = frame.framesSkipped
    var message = ServerMessage()
    message.frame = frame
    self.bytes = (try? WireCodec.framed(message)) ?? []
  }

  /// Encodes the model's `frame`, number `frameSeq` of its window, once,
  /// saying that `skipped` frames were not delivered before it.
  public convenience init(_ frame: Frame, frameSeq: UInt64, skipped: UInt64 = 0) {
    let unskipped = WireCodec.framed(frame, frameSeq: frameSeq)
    self.init(frame, frameSeq: frameSeq, unskipped: unskipped, skipped: skipped)
  }

  private init(_ frame: Frame, frameSeq: UInt64, unskipped: [UInt8], skipped: UInt64) {
    source = .model(frame, frameSeq: frameSeq, unskipped: unskipped)
    self.skipped = skipped
    bytes =
      skipped == 0
      ? unskipped
      : WireCodec.framed(unskipped, addingFramesSkipped: skipped)
        ?? WireCodec.framed(frame, frameSeq: frameSeq, framesSkipped: skipped)
  }

  /// The frame message (built on demand: tests and in-memory links).
  public var frame: WireFrame {
    switch source {
    case .wire(let frame):
      return frame
    case .model(let frame, let frameSeq, _):
      var wire = WireFrame(frame, frameSeq: frameSeq)
      wire.framesSkipped = skipped
      return wire
    }
  }

  /// This frame, for a subscriber that skipped `skipped` frames before it
  /// (instead of the count it carries).
  public func skipping(_ skipped: UInt64) -> SharedFrame {
    guard skipped != self.skipped else { return self }
    switch source {
    case .model(let frame, let frameSeq, let unskipped):
      return SharedFrame(frame, frameSeq: frameSeq, unskipped: unskipped, skipped: skipped)
    case .wire(var frame):
      frame.framesSkipped = skipped
      return SharedFrame(frame)
    }
  }

  /// The bytes for a subscriber whose queue replaced `skipped` frames
  /// before this one (LATEST): the shared bytes when none were, else a
  /// copy that adds them to the frames this one already counts.
  public func bytes(subscription: UInt64, skipped: UInt64) -> [UInt8] {
    guard skipped > 0 else { return bytes }
    return skipping(self.skipped + skipped).bytes
  }
}

/// One connected client, as the application layer sees it.
public protocol ClientLink: AnyObject {
  /// The daemon-assigned client number.
  var clientID: UInt64 { get }
  /// Unix or TCP.
  var transportKind: TransportKind { get }
  /// Where the client connects from: the peer's IP address for TCP (what
  /// failed Hellos are counted by), `unix` for a Unix socket.
  var peerAddress: String { get }
  /// Queues a response, event or goodbye. These are never dropped: a client
  /// whose unwritten control messages exceed the connection limit is
  /// disconnected with a goodbye.
  func sendControl(_ message: ServerMessage)
  /// Queues a response, event or goodbye already encoded (a framed
  /// `ServerMessage`), as `sendControl(_:)` does.
  func sendControl(bytes: [UInt8])
  /// Queues a frame of a subscription under its slow-consumer policy
  /// (`latest` replaces an unsent frame of the same subscription and counts
  /// it skipped; `disconnect` closes the client past its limit; `pause` is
  /// enforced by the server, which then sends nothing).
  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy)
  /// Bytes of responses, events and goodbyes queued and not yet written
  /// (what the slow-consumer limit counts).
  var unwrittenBytes: Int { get }
  /// Stops taking messages from the client: its answers waiting reached
  /// `--max-unanswered` (Outbox.swift). A message already read stays
  /// unread until `resumeReading()`.
  func pauseReading()
  /// Takes messages from the client again, from the first one left unread
  /// (never from inside the server's own call: the transport delivers them
  /// once that call is done).
  func resumeReading()
  /// Sends a goodbye (with `details`), flushes what is queued and closes.
  func close(reason: Goodbye.Reason, message: String, details: [String: String])
}

extension ClientLink {
  /// Sends a goodbye, flushes what is queued and closes.
  public func close(reason: Goodbye.Reason, message: String) {
    close(reason: reason, message: message, details: [:])
  }

  /// By default the transport's name (links that have no address).
  public var peerAddress: String { transportKind.rawValue }

  /// By default nothing: a link in memory is handed every message at once.
  public func pauseReading() {}

  /// By default nothing (see `pauseReading()`).
  public func resumeReading() {}

  /// By default decoded and queued as a message (links in memory).
  public func sendControl(bytes: [UInt8]) {
    var decoder = FrameDecoder()
    decoder.append(bytes)
    guard let payload = try? decoder.next(),
      let message = try? WireCodec.decode(ServerMessage.self, from: payload)
    else { return }
    sendControl(message)
  }
}
