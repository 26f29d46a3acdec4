// Access control, checked by the dispatcher around target resolution:
//
// - before it, the token's scope (TokenScopes.swift): only an admin may
//   `Shutdown` or read the daemon-wide `GetMetrics` (`GetStatus` shows a
//   client that is not admin only its own sessions); a client limited to
//   some sessions may address no other (PERMISSION_DENIED whether or not
//   the session exists, so neither the names nor the ids of other sessions
//   leak);
// - after it, the window the request targets: a mutating request of a
//   client that does not hold the window's lease is refused while another
//   client holds it (Leases.swift); an operation is checked against the
//   lease of every window it touches (`checkLeases(touchedBy:)`, when it is
//   submitted: the windows of all the controllers it names); and closing, resizing or hiding a
//   window is refused while another client drives an interactive
//   transition in it, unless the requester holds the window's lease.
//
// Transitions add their own rule (`checkTransitionAccess`): a client may not
// pause another client's transition to take it over, nor animate alongside
// it, unless it holds the window's lease.
//
// Every refusal is PERMISSION_DENIED and is never journalled (`handle`): it
// depends on connections, not on the model, and changes nothing.

import CurtainCore
import CurtainWire

extension Server {
  /// The scope checks that need no target: admin-only requests and the
  /// sessions a request addresses.
  func checkScope(
    _ kind: RequestKind, _ request: WireRequest, target: RequestTarget, client: ClientState
  ) throws {
    let scope = client.scope
    if kind == .shutdown, !scope.isAdmin {
      throw CurtainError(
        .permissionDenied, "Only an admin client may shut the daemon down (its token is not admin)")
    }
    if kind == .getMetrics, !scope.isAdmin {
      throw CurtainError(
        .permissionDenied,
        "Only an admin client may read the daemon's metrics, which count every session and "
          + "client (its token is not admin)")
    }
    guard scope.sessions != nil else { return }
    var names: [String] = []
    switch (kind, target) {
    case (.killSession, _):
      names = [request.killSession.name]
    case (.importSession, _):
      guard !request.importSession.name.isEmpty else {
        throw CurtainError(
          .permissionDenied,
          "A client limited to some sessions must name the session it imports "
            + "(ImportSession.name)")
      }
      names = [request.importSession.name]
    case (_, .server):
      break
    default:
      names = [request.session.isEmpty ? "default" : request.session]
    }
    for name in names where !name.isEmpty && !scope.allows(session: name) {
      throw CurtainError(.permissionDenied, "This client's token does not grant session '\(name)'")
    }
  }

  /// The checks on the window a mutating request targets: its lease, and
  /// the interactions running in it for the requests that would end them.
  func checkWindowAccess(
    _ kind: RequestKind, _ request: WireRequest, window: Window?, client: ClientState
  )
    throws
  {
    guard let window, kind != .lease, kind != .release else { return }
    try checkLease(of: window, for: client)
    let ending: String?
    switch kind {
    case .closeWindow: ending = "close"
    case .resizeWindow: ending = "resize"
    case .setWindowVisible where !request.setWindowVisible.visible: ending = "hide"
    default: ending = nil
    }
    if let ending { try checkInteractions(in: window, for: client, action: ending) }
  }

  /// Refuses `client` an operation that touches a window another client
  /// leases: the window it names and the window of every controller it
  /// names (a push whose controller another window holds takes it from
  /// there), not only the window of its target, which the dispatcher
  /// checked.
  func checkLeases(
    touchedBy operation: WindowOperation, in session: Session, for client: ClientState
  ) throws {
    let named = operation.targetWindow.flatMap { session.windows[$0] }
    let windows = [named] + operation.controllerIDs.map { session.controllers[$0]?.window }
    var checked: Set<WindowID> = []
    for case let window? in windows where checked.insert(window.id).inserted {
      try checkLease(of: window, for: client)
    }
  }

  /// Refuses `client` to change `window` as `action` says while another
  /// client drives an interactive transition in it, unless `client` holds
  /// the window's lease.
  func checkInteractions(in window: Window, for client: ClientState, action: String) throws {
    guard currentLease(of: window)?.holder != client.id else { return }
    for transition in window.transitions where transition.isInteractive {
      guard let owner = transition.owner, owner.rawValue != client.id else { continue }
      throw CurtainError(
        .permissionDenied,
        "Cannot \(action) window \(window.id): \(describeOwner(owner)) drives transition "
          + "\(transition.id) interactively in it (only that client, or the holder of the "
          + "window's lease, may)")
    }
  }

  /// Refuses `client` to `action` (pause, animate alongside) a transition
  /// that belongs to another client: the one driving it, or for one playing
  /// by itself, the one whose operation started it. The holder of the
  /// window's lease may.
  func checkTransitionAccess(
    _ transition: Transition, in window: Window, for client: ClientState, action: String
  ) throws {
    guard let owner = transition.owner ?? transition.initiator, owner.rawValue != client.id,
      currentLease(of: window)?.holder != client.id
    else { return }
    throw CurtainError(
      .permissionDenied,
      "Cannot \(action) transition \(transition.id): it belongs to \(describeOwner(owner)) "
        + "(only that client, or the holder of window \(window.id)'s lease, may)")
  }

  /// Refuses `client` to kill `session` while another client holds the
  /// lease of one of its windows or drives an interaction in one.
  func checkSessionAccess(_ session: Session, for client: ClientState) throws {
    for window in session.orderedWindows {
      try checkLease(of: window, for: client)
      try checkInteractions(in: window, for: client, action: "close")
    }
  }

  /// "client 3 (name)" for an owner, with its name while it is connected.
  private func describeOwner(_ owner: OwnerID) -> String {
    describeClient(owner.rawValue, name: clients[owner.rawValue]?.name ?? "")
  }
}
