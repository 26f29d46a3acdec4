// What one browser WebSocket still has to be sent. The daemon's rule for
// slow subscribers, again: messages (events, the daemon's state) are never
// dropped, but a frame is a snapshot, so an unsent frame is replaced by a
// newer one of the same window and the page simply draws the newest (a
// thumbnail strip's socket carries the frames of many windows: each keeps
// its own newest). The bridge puts messages in from its actor; the
// WebSocket's writer task takes them out in batches and writes them at the
// pace the browser reads.

import Synchronization

/// The queue of one WebSocket client.
final class Outbox: Sendable {
  private struct State {
    var messages: [String] = []
    /// The newest unsent frame of each window, oldest first.
    var frames: [(window: UInt64, text: String)] = []
    var closed = false
    var skippedFrames = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  /// Queues a message; it is never dropped.
  func send(_ text: String) {
    wake { $0.messages.append(text) }
  }

  /// Queues a frame of `window`, replacing one of the same window that has
  /// not been written yet (the new one goes to the end of the queue).
  func sendFrame(_ text: String, of window: UInt64) {
    wake { state in
      if let queued = state.frames.firstIndex(where: { $0.window == window }) {
        state.frames.remove(at: queued)
        state.skippedFrames += 1
      }
      state.frames.append((window, text))
    }
  }

  /// Frames replaced before they were written, so far.
  var skippedFrames: Int { state.withLock { $0.skippedFrames } }

  /// Ends the queue: `next()` returns what is left, then nil.
  func close() {
    wake { $0.closed = true }
  }

  /// What to write next (messages first, then the newest frames), waiting
  /// until there is something; nil once closed and empty.
  func next() async -> [String]? {
    while true {
      let batch: [String]?? = state.withLock { state in
        if !state.messages.isEmpty || !state.frames.isEmpty {
          let batch = state.messages + state.frames.map(\.text)
          state.messages = []
          state.frames = []
          return .some(batch)
        }
        return state.closed ? .some(nil) : .none
      }
      if let batch { return batch }
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if !state.messages.isEmpty || !state.frames.isEmpty || state.closed { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
  }

  private func wake(_ change: (inout State) -> Void) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.closed else { return nil }
      change(&state)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
