// Leases (PROTOCOL.md, "Multi-client rules"): `Lease { window, ttl }` gives
// one client exclusive mutation of a window until it releases it, the ttl
// runs out on the daemon's clock, or the client disconnects; the holder
// renews by asking again. Other clients' mutating requests that target the
// window get PERMISSION_DENIED naming the holder (Server+Access.swift).
//
// A lease belongs to a connection, not to the model: it is never journalled
// (a restarted daemon has none), and its changes reach subscribers as live
// `LeaseEvent`s of the window category with seq 0, outside the window's log
// (they are not replayed on resume and change no revision). Expiry runs in
// `tick()`, which `nextWakeup` schedules at the earliest expiry, and before
// each request, so that a request that comes after the ttl is never refused
// by a lease that has run out.

import CurtainCore
import CurtainWire

/// A window's lease.
struct WindowLease {
  /// The client holding it.
  let holder: UInt64
  /// The holder's name from Hello.
  let holderName: String
  /// When it expires (server clock).
  var expires: Double
}

/// The leases of every window.
struct LeaseTable {
  private(set) var byWindow: [WindowKey: WindowLease] = [:]

  /// The lease of a window (no hashing while no window is leased, as
  /// nearly always: every window's summary asks).
  subscript(key: WindowKey) -> WindowLease? {
    get { byWindow.isEmpty ? nil : byWindow[key] }
    set { byWindow[key] = newValue }
  }

  /// The earliest expiry, if any lease is held.
  var nextExpiry: Double? {
    // Asked after every callback: no array.
    guard !byWindow.isEmpty else { return nil }
    return byWindow.values.lazy.map(\.expires).min()
  }

  /// How many windows are leased.
  var count: Int { byWindow.count }

  /// The windows whose lease `holder` holds, sorted.
  func windows(heldBy holder: UInt64) -> [WindowKey] {
    byWindow.filter { $0.value.holder == holder }.keys.sorted(by: WindowKey.precedes)
  }

  /// The windows whose lease has expired at `now`, sorted.
  func expired(at now: Double) -> [WindowKey] {
    byWindow.filter { $0.value.expires <= now }.keys.sorted(by: WindowKey.precedes)
  }
}

extension WindowKey {
  /// Session name, then window id.
  static func precedes(_ a: WindowKey, _ b: WindowKey) -> Bool {
    (a.session, a.window.rawValue) < (b.session, b.window.rawValue)
  }
}

extension Server {
  /// The longest lease a client may ask for, in seconds.
  static let maximumLeaseSeconds = 86_400.0

  /// Takes or renews the lease of `window` for `client`.
  func lease(_ window: Window, for client: ClientState, ttl: Double) throws
    -> Curtain_V1_LeaseResult
  {
    guard ttl.isFinite, ttl > 0, ttl <= Self.maximumLeaseSeconds else {
      throw CurtainError(
        .invalidArgument,
        "A lease's ttl must be a number of seconds above 0 and at most "
          + "\(Int(Self.maximumLeaseSeconds)), not \(ttl)")
    }
    let key = key(of: window)
    let now = clock()
    if let lease = leases[key], lease.holder != client.id {
      throw leaseDenial(window, lease, now: now)
    }
    let renewed = leases[key] != nil
    leases[key] = WindowLease(holder: client.id, holderName: client.name, expires: now + ttl)
    sendLeaseEvent(renewed ? .renewed : .acquired, for: key, holder: client, expiresIn: ttl)
    var result = Curtain_V1_LeaseResult()
    result.windowID = window.id.rawValue
    result.holderClientID = client.id
    result.expiresIn = ttl
    result.renewed = renewed
    return result
  }

  /// Ends the lease of `window`: the holder's, or with `force` an admin's
  /// breaking another's.
  func release(_ window: Window, by client: ClientState, force: Bool) throws {
    let key = key(of: window)
    guard let lease = leases[key] else {
      throw CurtainError(.notFound, "Window \(window.id) is not leased")
    }
    if lease.holder != client.id {
      guard force else { throw leaseDenial(window, lease, now: clock()) }
      guard client.scope.isAdmin else {
        throw CurtainError(
          .permissionDenied,
          "Only an admin client may break the lease of window \(window.id), held by "
            + "\(describeHolder(lease))")
      }
    }
    leases[key] = nil
    sendLeaseEvent(.released, for: key, lease: lease, by: client.id)
  }

  /// The lease of `window`, if one is held and has not run out.
  func currentLease(of window: Window) -> WindowLease? {
    leases[key(of: window)].flatMap { $0.expires > clock() ? $0 : nil }
  }

  /// The wire form of the lease of `window`, for WindowInfo.
  func wireLease(of window: Window) -> Curtain_V1_WindowLease? {
    guard let lease = currentLease(of: window) else { return nil }
    var wire = Curtain_V1_WindowLease()
    wire.holderClientID = lease.holder
    wire.holderName = lease.holderName
    wire.expiresIn = lease.expires - clock()
    return wire
  }

  /// Refuses `client` a mutation of `window` while another client holds
  /// its lease.
  func checkLease(of window: Window, for client: ClientState) throws {
    guard let lease = currentLease(of: window), lease.holder != client.id else { return }
    throw leaseDenial(window, lease, now: clock())
  }

  /// PERMISSION_DENIED naming the holder of `lease`.
  func leaseDenial(_ window: Window, _ lease: WindowLease, now: Double) -> CurtainError {
    let left = max(0.1, ((lease.expires - now) * 10).rounded() / 10)
    return CurtainError(
      .permissionDenied,
      "Window \(window.id) is leased by \(describeHolder(lease)) for another \(left) s")
  }

  /// "client 3 (name)".
  func describeHolder(_ lease: WindowLease) -> String {
    describeClient(lease.holder, name: lease.holderName)
  }

  /// "client 3 (name)", or "client 3" without a name.
  func describeClient(_ id: UInt64, name: String) -> String {
    name.isEmpty ? "client \(id)" : "client \(id) (\(name))"
  }

  /// Ends the leases that ran out (and those of windows that are gone).
  func expireLeases() {
    guard leases.count > 0 else { return }
    let now = clock()
    for key in leases.byWindow.keys.sorted(by: WindowKey.precedes) where window(for: key) == nil {
      leases[key] = nil
    }
    for key in leases.expired(at: now) {
      guard let lease = leases[key] else { continue }
      leases[key] = nil
      sendLeaseEvent(.expired, for: key, lease: lease)
    }
  }

  /// Ends the leases of a client that went away.
  func dropLeases(of client: ClientState) {
    for key in leases.windows(heldBy: client.id) {
      guard let lease = leases[key] else { continue }
      leases[key] = nil
      if window(for: key) != nil { sendLeaseEvent(.lost, for: key, lease: lease) }
    }
  }

  /// Sends a lease event for the holder `client` to the subscribers of the
  /// window.
  private func sendLeaseEvent(
    _ change: Curtain_V1_LeaseEvent.Change, for key: WindowKey, holder client: ClientState,
    expiresIn: Double
  ) {
    let lease = WindowLease(holder: client.id, holderName: client.name, expires: 0)
    sendLeaseEvent(change, for: key, lease: lease, expiresIn: expiresIn)
  }

  /// Sends a lease event to every active subscription that follows the
  /// window's window-category events.
  private func sendLeaseEvent(
    _ change: Curtain_V1_LeaseEvent.Change, for key: WindowKey, lease: WindowLease,
    expiresIn: Double = 0, by releaser: UInt64 = 0
  ) {
    guard let window = window(for: key) else { return }
    var event = Curtain_V1_LeaseEvent()
    event.change = change
    event.holderClientID = lease.holder
    event.holderName = lease.holderName
    event.expiresIn = expiresIn
    event.byClientID = releaser
    let holder = describeHolder(lease)
    let text: String
    switch change {
    case .acquired: text = "\(window.id) leased by \(holder) for \(expiresIn) s"
    case .renewed: text = "\(window.id) lease renewed by \(holder) for \(expiresIn) s"
    case .released where releaser != lease.holder:
      text = "\(window.id) lease of \(holder) broken by client \(releaser)"
    case .released: text = "\(window.id) lease released by \(holder)"
    case .expired: text = "\(window.id) lease of \(holder) expired"
    case .lost: text = "\(window.id) lease lost: \(holder) disconnected"
    case .unspecified, .UNRECOGNIZED: text = "\(window.id) lease"
    }
    for subscription in publisher.windowEventFollowers(of: key) {
      var wire = WireEvent()
      wire.subscriptionID = subscription.id
      wire.windowID = window.id.rawValue
      wire.revision = window.revision
      wire.time = window.time
      wire.category = .window
      wire.text = text
      wire.lease = event
      var message = ServerMessage()
      message.event = wire
      // In order with the responses and events held for their records.
      outbox.send(event: message, to: subscription.clientID)
    }
  }
}
