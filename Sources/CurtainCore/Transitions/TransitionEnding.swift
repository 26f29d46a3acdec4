// How a transition ended, kept by the session for a while after it ended so
// that a client that still drives it (an `update` that comes after the
// interaction timed out) is told why it is gone, not just that it is.

/// Why a transition ended.
public enum TransitionEnding: Hashable, Sendable, CustomStringConvertible {
  /// It played to its end by itself.
  case completed
  /// A client finished its interaction and it played to its end.
  case finished
  /// A client cancelled its interaction and it played back to its start.
  case cancelled
  /// Nobody updated its interaction for `seconds` (the session's interaction
  /// timeout), so it was cancelled.
  case timedOut(seconds: Double)
  /// The client driving it went away, so it was cancelled.
  case ownerLeft
  /// Its window was closed.
  case windowClosed
  /// Its remote animator did not complete it within `seconds` (the
  /// duration plus the delegate's timeout), so the daemon ended it.
  case animatorTimedOut(seconds: Double)
  /// The client running its remote animator went away (or the daemon
  /// restarted), so the daemon ended it.
  case animatorLeft

  /// What happened, as the end of a sentence about the transition:
  /// "was cancelled after 30 s without an update".
  public var description: String {
    switch self {
    case .completed: return "completed"
    case .finished: return "was finished"
    case .cancelled: return "was cancelled"
    case .timedOut(let seconds):
      return "was cancelled after \(formatPoints(seconds)) s without an update"
    case .ownerLeft: return "was cancelled when the client driving it disconnected"
    case .windowClosed: return "ended when its window was closed"
    case .animatorTimedOut(let seconds):
      return "was ended by the daemon: its remote animator did not complete it within "
        + "\(formatPoints(seconds)) s"
    case .animatorLeft:
      return "was ended by the daemon: the client running its remote animator went away"
    }
  }
}

extension Session {
  /// How many ended transitions the session remembers.
  static let rememberedEndings = 256

  /// Why transition `id` ended, while the session remembers it (the last
  /// `rememberedEndings` transitions that ended).
  public func ending(of id: TransitionID) -> TransitionEnding? {
    endings[id]
  }

  /// Remembers why a transition ended, forgetting the oldest beyond the
  /// limit.
  func recordEnding(_ ending: TransitionEnding, of id: TransitionID) {
    if endings.updateValue(ending, forKey: id) == nil { endingOrder.append(id) }
    while endingOrder.count > Self.rememberedEndings {
      endings[endingOrder.removeFirst()] = nil
    }
  }
}
