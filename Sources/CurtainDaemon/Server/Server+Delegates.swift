// Remote delegates on the server's side (docs/delegates.md): the questions
// the sessions ask go to their delegates' connections as DelegateCall
// messages, each with a deadline on the daemon's clock; a question not
// answered by then falls back (recorded in the journal, since it changes
// what the waiting operation does); a delegate's connection closing lets
// its questions fall back and ends its registrations.

import CurtainCore
import CurtainWire

/// An open delegate question's deadline.
struct DelegateDeadline: Hashable {
  let session: String
  let call: UInt64
}

extension Server {
  /// Sends the questions the sessions asked since the last call and starts
  /// their clocks; counts the fallbacks.
  func sendDelegateCalls() {
    for (name, session) in sessions where session.hasDelegates || session.hadDelegateFallbacks {
      for reason in session.takeDelegateFallbacks() {
        metrics.counter(.delegateFallbacks, reason).increment()
      }
      for call in session.takeIssuedDelegateCalls() {
        clocks.setDeadline(
          of: DelegateDeadline(session: name, call: call.id), at: clock() + call.timeout)
        guard let client = clients[call.delegate.rawValue] else { continue }
        recordTrace(
          delegateCall: call.id, window: call.window, session: name, client: client,
          answered: false)
        var message = ServerMessage()
        message.delegateCall = Curtain_V1_DelegateCall(call, session: name)
        outbox.send(event: message, to: client.id)
        metrics.counter(.delegateCalls).increment()
      }
      for animation in session.takeRemoteAnimations() {
        guard let client = clients[animation.driver.delegate.rawValue] else { continue }
        var message = ServerMessage()
        message.animateTransition = Curtain_V1_AnimateTransition(animation, session: name)
        outbox.send(event: message, to: client.id)
      }
    }
  }

  /// Lets the questions whose deadline passed fall back, recording each.
  func expireDelegateCalls() {
    let now = clock()
    for key in clocks.takeDueDelegateCalls(at: now) {
      guard let session = sessions[key.session], session.openDelegateCall(key.call) != nil else {
        continue
      }
      let timedOut = pinningClock(at: now) {
        advanceRealtimeWindows(.sessions([key.session]), sendingFrames: false)
        return session.failDelegateCall(key.call, .timeout)
      }
      guard timedOut else { continue }
      logger.debug(
        "delegate call timed out",
        metadata: ["session": "\(key.session)", "call": "\(key.call)"])
      recordDelegateTimeout(session: key.session, call: key.call, at: now)
    }
  }

  /// Ends the registrations of a client that went away; returns the
  /// sessions where it had any (or was asked something).
  func dropDelegates(of clientID: UInt64) -> Set<String> {
    var dropped: Set<String> = []
    for name in sessions.keys.sorted()
    where sessions[name]?.dropDelegates(of: OwnerID(clientID)) == true {
      dropped.insert(name)
    }
    return dropped
  }

  /// Tells the clients whose registrations `client` took over.
  func tellReplaced(
    _ replaced: [DelegateRegistration], by client: ClientState, in session: Session
  ) {
    for registration in replaced {
      guard let previous = clients[registration.delegate.rawValue] else { continue }
      var event = Curtain_V1_DelegateEvent()
      event.controllerID = registration.controller.rawValue
      event.phase = .replaced
      event.role = registration.role.wire
      event.byClientID = client.id
      var wire = WireEvent()
      wire.category = .lifecycle
      let name = session.controllers[registration.controller]?.name ?? "\(registration.controller)"
      wire.text =
        "\(name).delegate(\(registration.role.rawValue)) replaced by client \(client.id)"
      wire.delegate = event
      var message = ServerMessage()
      message.event = wire
      outbox.send(event: message, to: previous.id)
    }
  }
}
