// `GetStatus`: the daemon's version, uptime, load and state directory.
//
// What a client sees depends on its token (docs/protocol.md, "Scoped
// tokens"): an admin client (every Unix-socket client, a bare or `admin`
// token) sees the whole daemon; any other TCP client sees only what
// concerns the sessions its token grants and itself. Its `scope` says so;
// its counts (sessions, windows, leases) and the limits' use cover only
// those sessions and its own subscriptions and waiters; what concerns the
// daemon as a whole (pid, other clients, listeners, the state's paths and
// sizes, failed Hellos and their addresses, the operator's warnings) is
// left out. The limits' values stay: they bound this client too.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let getStatus = RequestHandler.server(
    .getStatus, mutates: false,
    run: { context in
      let server = context.server
      let client = context.client
      var status = Curtain_V1_Status()
      status.serverVersion = curtainVersion
      status.protocolVersion = protocolVersion
      status.uptime = server.clock() - server.clocks.startTime
      guard !client.scope.isAdmin else {
        status.pid = UInt32(clamping: currentProcessID())
        status.clients = UInt32(clamping: server.clients.count)
        status.sessions = UInt32(clamping: server.sessions.count)
        status.windows = UInt32(
          clamping: server.sessions.values.reduce(0) { $0 + $1.windows.count })
        status.listeners = server.configuration.listenerDescriptions
        status.leases = UInt32(clamping: server.leases.count)
        status.storage = server.storageStatus
        status.limits = server.limitUsages()
        status.helloFailures = server.clients.helloFailures.status(at: server.clock())
        status.warnings = server.configuration.warnings
        status.configFile = server.configuration.configFile ?? ""
        status.windowSpeeds = server.windowSpeeds()
        return .ok(.status(status))
      }
      let sessions = server.sessions.values.filter { client.scope.allows(session: $0.name) }
      var scope = client.scope
      scope.isReadOnly = client.isReadOnly
      status.scope = scope.description
      status.sessions = UInt32(clamping: sessions.count)
      status.windows = UInt32(clamping: sessions.reduce(0) { $0 + $1.windows.count })
      status.leases = UInt32(
        clamping: sessions.reduce(0) { count, session in
          count + session.orderedWindows.filter { server.currentLease(of: $0) != nil }.count
        })
      let storage = server.storageStatus
      status.storage.durable = storage.durable
      status.storage.sync = storage.sync
      status.storage.available = storage.available
      status.storage.error = storage.error
      status.limits = server.limitUsages(seenBy: client)
      status.windowSpeeds = server.windowSpeeds(in: Set(sessions.map(\.name)))
      return .ok(.status(status))
    })
}

extension Server {
  /// Where the sessions are kept, for `GetStatus`.
  var storageStatus: Curtain_V1_StorageStatus {
    if let journal { return journal.storageStatus }
    var storage = Curtain_V1_StorageStatus()
    storage.durable = false
    storage.available = true
    return storage
  }
}
