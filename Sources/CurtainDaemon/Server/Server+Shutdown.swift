// What a stopping daemon owes the clients that wait: every request still
// deferred (an operation sent with wait_until STARTED or COMPLETED, a
// WaitIdle) gets an error response saying that the daemon is stopping,
// before the connection's goodbye, so that no client is left with a request
// that was never answered.

import CurtainCore

extension Server {
  /// Answers every waiting request with `BUSY`: the daemon is stopping.
  /// The transport calls it when shutdown begins, before the goodbyes.
  public func refuseWaitersForShutdown() {
    let pending = waiters.takeAll()
    for waiter in pending {
      guard clients[waiter.clientID] != nil else { continue }
      let unmet: String
      switch waiter.condition {
      case .started(let operation):
        unmet = "operation \(operation) in window \(waiter.key.window) had not started"
      case .completed(let operation):
        unmet = "operation \(operation) in window \(waiter.key.window) had not completed"
      case .idle: unmet = "window \(waiter.key.window) was not idle yet"
      }
      answer(waiter, .failure(CurtainError(.busy, "The daemon is stopping: \(unmet)")))
    }
  }
}
