// Identifiers for `--json` events: the wire event names controllers by id,
// the JSON line also carries the identifier, so the CLI asks the daemon for
// the session's controllers once, and again when an event names a controller
// it has not seen (at most once per id).

import CurtainWire

/// A cache of controller identifiers by id.
struct ControllerNames {
  let connection: DaemonConnection
  /// Whether lookups are needed at all (only JSON output uses them).
  let enabled: Bool
  private(set) var identifiers: [UInt64: String] = [:]
  private var asked: Set<UInt64> = []

  init(connection: DaemonConnection, enabled: Bool) {
    self.connection = connection
    self.enabled = enabled
  }

  /// Reloads every controller of the session.
  mutating func refresh() throws {
    guard enabled else { return }
    for controller in try connection.controllers() {
      identifiers[controller.id] = controller.identifier
      asked.insert(controller.id)
    }
  }

  /// Makes sure the controller an event names is known.
  mutating func learn(_ event: WireEvent) throws {
    let id: UInt64
    switch event.kind {
    case .lifecycle(let lifecycle)?: id = lifecycle.controllerID
    case .hierarchy(let hierarchy)?: id = hierarchy.controllerID
    default: return
    }
    guard enabled, id != 0, !asked.contains(id) else { return }
    asked.insert(id)
    try refresh()
  }
}
