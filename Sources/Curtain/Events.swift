// Event subscriptions as AsyncSequences of the Core's `Event`. The
// connection keeps each subscription's resume cursor (ResumeCursor): after
// a reconnect it subscribes again from the last event delivered, so a
// sequence neither loses nor repeats an event. Ending the iteration (the
// consuming task cancelled, a `break`) sends Unsubscribe.

public import CurtainCore
import CurtainWire

/// The events of one subscription, in the daemon's order.
public struct EventSubscription: AsyncSequence, Sendable {
  public typealias Element = Event

  /// The subscription's id (events keep it across reconnects).
  public let id: UInt64
  /// The window's last seq when the subscription was made (window
  /// subscriptions): the events that follow have greater seqs.
  public let lastSeq: UInt64
  /// The daemon no longer has the events after the `fromSeq` asked for: it
  /// sent what follows its current state.
  public let snapshotRequired: Bool
  private let events: AsyncThrowingStream<Event, any Error>

  init(result: Curtain_V1_SubscribeResult, events: AsyncThrowingStream<Event, any Error>) {
    id = result.subscriptionID
    lastSeq = result.lastSeq
    snapshotRequired = result.snapshotRequired
    self.events = events
  }

  public func makeAsyncIterator() -> AsyncThrowingStream<Event, any Error>.AsyncIterator {
    events.makeAsyncIterator()
  }
}

extension Client {
  /// Subscribes to the events of `window` (of every window of the session
  /// when nil), of `categories` (all when empty). With `fromSeq`, the
  /// window's events after that seq come first (resume); the sequence
  /// then goes on live. The sequence ends when the client closes, and
  /// throws when the connection is lost for good.
  public func events(
    window: WindowID? = nil, categories: [EventCategory] = [], fromSeq: UInt64? = nil,
    session: String? = nil
  ) async throws -> EventSubscription {
    var body = Curtain_V1_Subscribe()
    body.events = true
    if let window { body.windowID = window.rawValue }
    body.categories = categories.map(\.wire)
    if let fromSeq { body.fromSeq = fromSeq }
    let (stream, sink) = AsyncThrowingStream<Event, any Error>.makeStream()
    let result = try await subscribe(body, session: session ?? self.session, sink: sink)
    let id = result.subscriptionID
    sink.onTermination = { [weak self] termination in
      // Ended by its consumer (not by the client, which ends it on close).
      guard case .cancelled = termination else { return }
      self?.unsubscribe(id)
    }
    return EventSubscription(result: result, events: stream)
  }
}
