// `GetStatus`: the daemon's version, uptime, load and state directory.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let getStatus = RequestHandler.server(
    .getStatus, mutates: false,
    run: { context in
      let server = context.server
      var status = Curtain_V1_Status()
      status.serverVersion = curtainVersion
      status.protocolVersion = protocolVersion
      status.pid = UInt32(clamping: currentProcessID())
      status.uptime = server.clock() - server.startTime
      status.clients = UInt32(clamping: server.clients.count)
      status.sessions = UInt32(clamping: server.sessions.count)
      status.windows = UInt32(clamping: server.sessions.values.reduce(0) { $0 + $1.windows.count })
      status.listeners = server.configuration.listenerDescriptions
      status.leases = UInt32(clamping: server.leases.count)
      if let journal = server.journal {
        status.storage = journal.storageStatus
      } else {
        status.storage.durable = false
        status.storage.available = true
      }
      status.limits = server.limitUsages()
      status.helloFailures = server.helloFailureLog.status(at: server.clock())
      status.warnings = server.configuration.warnings
      return .ok(.status(status))
    })
}
