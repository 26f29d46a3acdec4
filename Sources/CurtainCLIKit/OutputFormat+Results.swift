// The results of requests as the CLI prints them: controllers, operations,
// storyboards, segues, transitions, clock steps, errors and the daemon's
// status.

public import CurtainWire

extension OutputFormat {
  /// Keys: `controller`, `kind`, `identifier`, `title`, `window`, `parent`,
  /// `appearance`, `should_perform` (the shouldPerformSegue answers a client
  /// set, by segue identifier).
  public static func json(_ controller: Curtain_V1_ControllerInfo) -> JSONValue {
    .object([
      ("controller", .unsigned(controller.id)),
      ("kind", .string(controller.kind.name)),
      ("identifier", .optionalString(controller.identifier)),
      ("title", .optionalString(controller.title)),
      ("window", .id(controller.windowID)),
      ("parent", .id(controller.parentID)),
      ("appearance", .string(controller.appearance.name)),
      (
        "should_perform",
        .object(controller.shouldPerformSegue.sorted { $0.key < $1.key }.map { ($0, .bool($1)) })
      ),
    ])
  }

  /// A controller's name for the next command: `c7 @Cart`, or `c7`
  /// without an identifier.
  public static func controllerName(_ controller: Curtain_V1_ControllerInfo) -> String {
    controller.identifier.isEmpty
      ? "c\(controller.id)" : "c\(controller.id) @\(controller.identifier)"
  }

  /// `c2  navigation  @Nav "Home"  w1, parent c1  appeared`; `no window`
  /// for a controller in none.
  public static func human(_ controller: Curtain_V1_ControllerInfo) -> String {
    var name = "\(controller.kind.name)"
    if !controller.identifier.isEmpty { name += " @\(controller.identifier)" }
    if !controller.title.isEmpty { name += " \"\(controller.title)\"" }
    var place = controller.windowID == 0 ? "no window" : windowName(controller.windowID)
    if controller.parentID != 0 { place += ", parent c\(controller.parentID)" }
    if controller.presentingID != 0 { place += ", presented by c\(controller.presentingID)" }
    return ["c\(controller.id)", name, place, controller.appearance.name].joined(separator: "  ")
  }

  /// `default  1 window  3 controllers`.
  public static func human(_ session: Curtain_V1_SessionList.Entry) -> String {
    "\(session.name)  \(count(session.windows, "window"))  "
      + "\(count(session.controllers, "controller"))"
  }

  /// Keys: `session`, `windows`, `controllers`.
  public static func json(_ session: Curtain_V1_SessionList.Entry) -> JSONValue {
    .object([
      ("session", .string(session.name)),
      ("windows", .unsigned(UInt64(session.windows))),
      ("controllers", .unsigned(UInt64(session.controllers))),
    ])
  }

  /// Keys: `operation`, `window`, `queue_position`, `revision`,
  /// `transition`, `completed`, `cancelled`, `removed`, `created`,
  /// `unchanged`, `animator_not_used`.
  public static func json(_ operation: Curtain_V1_OperationResult) -> JSONValue {
    .object([
      ("operation", .id(operation.operationID)),
      ("window", .id(operation.windowID)),
      ("queue_position", .unsigned(UInt64(operation.queuePosition))),
      ("revision", .unsigned(operation.revision)),
      ("transition", .id(operation.transitionID)),
      ("completed", .bool(operation.completed)),
      ("cancelled", .bool(operation.cancelled)),
      ("removed", .array(operation.removedIds.map { .unsigned($0) })),
      ("created", .array(operation.createdIds.map { .unsigned($0) })),
      ("unchanged", .bool(operation.unchanged)),
      ("animator_not_used", .bool(operation.animatorNotUsed)),
    ])
  }

  /// `Shop: 10 scenes, 7 segues`, then `; root c1 in w1` when one was
  /// instantiated.
  public static func human(_ storyboard: Curtain_V1_StoryboardInfo) -> String {
    let scenes = storyboard.scenes.count
    let segues = storyboard.segues.count
    var line =
      "\(storyboard.name): \(scenes) scene\(scenes == 1 ? "" : "s"), "
      + "\(segues) segue\(segues == 1 ? "" : "s")"
    if storyboard.rootID != 0 {
      line += "; root c\(storyboard.rootID) in \(windowName(storyboard.operation.windowID))"
    }
    return line
  }

  /// Keys: `name`, `scenes`, `segues`, `root`, `operation` (`null` without
  /// a root).
  public static func json(_ storyboard: Curtain_V1_StoryboardInfo) -> JSONValue {
    .object([
      ("name", .string(storyboard.name)),
      ("scenes", .array(storyboard.scenes.map { .string($0) })),
      ("segues", .array(storyboard.segues.map { .string($0) })),
      ("root", .id(storyboard.rootID)),
      ("operation", storyboard.hasOperation ? json(storyboard.operation) : .null),
    ])
  }

  /// The destination (`c12`), or `declined` when shouldPerformSegue said
  /// no. A segue that waited in the window's queue does not know its
  /// destination: `queued`, or `done` once completed.
  public static func human(_ segue: Curtain_V1_SegueResult) -> String {
    if !segue.performed { return "declined" }
    if segue.destinationID != 0 { return "c\(segue.destinationID)" }
    return segue.operation.completed ? "done" : "queued"
  }

  /// Keys: `performed`, `destination`, `operation`.
  public static func json(_ segue: Curtain_V1_SegueResult) -> JSONValue {
    .object([
      ("performed", .bool(segue.performed)),
      ("destination", .id(segue.destinationID)),
      ("operation", json(segue.operation)),
    ])
  }

  /// Keys: `transition`, `percent`, `interactive`, `accepted`.
  public static func json(_ transition: Curtain_V1_TransitionResult) -> JSONValue {
    .object([
      ("transition", .id(transition.transitionID)),
      ("percent", .number(transition.percent)),
      ("interactive", .bool(transition.interactive)),
      ("accepted", .bool(transition.accepted)),
    ])
  }

  /// A window's lease as `curtain lease --json` prints it. Keys: `window`,
  /// `lease` (what happened to it: `leased`, `expired`, `broken`, `closed`
  /// or `released`), `holder` (the client holding it), `expires_in`
  /// (seconds while `leased`, else 0).
  public static func json(
    _ lease: Curtain_V1_LeaseResult, window: UInt64, state: String
  ) -> JSONValue {
    .object([
      ("window", .id(window)), ("lease", .string(state)),
      ("holder", .unsigned(lease.holderClientID)),
      ("expires_in", .number(state == "leased" ? lease.expiresIn : 0)),
    ])
  }

  /// Keys: `time`, `revision`, `frames`.
  public static func json(_ clock: Curtain_V1_ClockResult) -> JSONValue {
    .object([
      ("time", .number(clock.time)),
      ("revision", .unsigned(clock.revision)),
      ("frames", .unsigned(UInt64(clock.frames))),
    ])
  }

  /// Keys: `code` (`NOT_FOUND`, …), `message`.
  public static func json(_ error: WireError) -> JSONValue {
    .object([
      ("code", .string(error.code.name)),
      ("message", .string(error.message)),
    ])
  }

  /// The daemon's status, one fact per line, the warnings, limits and
  /// failed Hellos (OutputFormat+Limits.swift), then one line per session
  /// (`session default: 1 window, 3 controllers`). A status seen through a
  /// token that is not admin (`scope`) says so and shows what it has.
  public static func human(
    _ status: Curtain_V1_Status, sessions: [Curtain_V1_SessionList.Entry] = []
  ) -> String {
    guard status.scope.isEmpty else { return scopedHuman(status, sessions: sessions) }
    var lines = [
      "curtaind \(status.serverVersion) (protocol \(status.protocolVersion)), pid \(status.pid)",
      "up \(decimal(status.uptime, places: 1)) s, \(count(status.clients, "client")), "
        + "\(count(status.sessions, "session")), \(count(status.windows, "window"))",
    ]
    lines += status.listeners.map { "listening on \($0)" }
    if !status.configFile.isEmpty {
      lines.append("flags from the configuration file \(status.configFile)")
    }
    lines += storageLines(status.storage)
    lines += limitLines(status)
    lines += speedLines(status.windowSpeeds)
    lines += sessionLines(sessions)
    return lines.joined(separator: "\n")
  }

  /// The status a client whose token is not admin sees: its sessions only,
  /// without what concerns the daemon as a whole.
  private static func scopedHuman(
    _ status: Curtain_V1_Status, sessions: [Curtain_V1_SessionList.Entry]
  ) -> String {
    var lines = [
      "curtaind \(status.serverVersion) (protocol \(status.protocolVersion))",
      "this client's token grants \(status.scope): what follows counts its sessions and itself "
        + "only",
      "up \(decimal(status.uptime, places: 1)) s, \(count(status.sessions, "session")), "
        + "\(count(status.windows, "window"))",
    ]
    if status.storage.durable {
      // PostgreSQL (--store) syncs as the server is set to.
      lines.append(
        status.storage.sync == "server"
          ? "state kept in PostgreSQL" : "state kept on disk (sync \(status.storage.sync))")
      if !status.storage.available {
        lines.append(
          "NOT RECORDING CHANGES (mutating requests are refused): \(status.storage.error)")
      }
      lines += damageLines(status.storage)
    } else {
      lines.append("state in memory only (--ephemeral)")
    }
    lines += limitLines(status)
    lines += speedLines(status.windowSpeeds)
    lines += sessionLines(sessions)
    return lines.joined(separator: "\n")
  }

  /// One line per window in slow motion (`w1 of session default runs at
  /// speed 0.1`).
  private static func speedLines(_ speeds: [Curtain_V1_WindowSpeed]) -> [String] {
    speeds.map {
      "\(windowName($0.windowID)) of session \($0.session) runs at speed \(decimal($0.speed))"
    }
  }

  /// One line per session (`session default: 1 window, 3 controllers`).
  private static func sessionLines(_ sessions: [Curtain_V1_SessionList.Entry]) -> [String] {
    sessions.map {
      "session \($0.name): \(count($0.windows, "window")), "
        + "\(count($0.controllers, "controller"))"
    }
  }

  /// Where the state is kept, its database and snapshots.
  private static func storageLines(_ storage: Curtain_V1_StorageStatus) -> [String] {
    var lines: [String] = []
    if storage.durable {
      // An external store (--store) has no state directory; its database
      // is its URL, and it syncs as the server is set to.
      let external = storage.sync == "server"
      lines.append(
        external
          ? "state in PostgreSQL \(storage.database)" : "state in \(storage.stateDirectory)")
      lines.append(
        (external ? "tables" : "database \(storage.database)")
          + ": \(storage.databaseBytes) bytes, "
          + "\(count(storage.journalRecords, "journal record")) since the last snapshot, "
          + "sync \(storage.sync), snapshots \(storage.snapshotBytes) bytes")
      lines.append(snapshotLine(storage))
      if !storage.available {
        lines.append("NOT RECORDING CHANGES (mutating requests are refused): \(storage.error)")
      }
      lines += damageLines(storage)
    } else {
      lines.append("state in memory only (--ephemeral)")
    }
    return lines
  }

  /// What the start found damaged in the stored state, and what it did.
  private static func damageLines(_ storage: Curtain_V1_StorageStatus) -> [String] {
    guard storage.hasRestoreDamage else { return [] }
    let damage = storage.restoreDamage
    let done =
      damage.movedTo.isEmpty
      ? "serving what it held" : "moved to \(damage.movedTo), started empty"
    return ["DAMAGED STATE AT START: \(damage.problem); \(done)"]
  }

  /// When the last snapshot was taken and the snapshot policy.
  private static func snapshotLine(_ storage: Curtain_V1_StorageStatus) -> String {
    var policy: [String] = []
    if storage.snapshotRecords > 0 { policy.append(count(storage.snapshotRecords, "record")) }
    if storage.snapshotInterval > 0 { policy.append("\(decimal(storage.snapshotInterval)) s") }
    if storage.snapshotJournalRatio > 0 {
      policy.append("\(decimal(storage.snapshotJournalRatio))× their size in journal")
    }
    let when =
      storage.lastSnapshotTime > 0
      ? "last snapshot at \(utcTime(storage.lastSnapshotTime))" : "no snapshot yet"
    let every =
      policy.isEmpty
      ? "snapshots at shutdown only" : "snapshots every \(policy.joined(separator: " or "))"
    return "\(when) (\(every))"
  }

  /// Unix seconds as `YYYY-MM-DD HH:MM:SS UTC`.
  static func utcTime(_ seconds: Double) -> String {
    let whole = Int64(seconds.rounded(.down))
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let secondOfDay = whole - days * 86_400
    // Days since 1970-01-01 to a civil date, in 400-year eras starting on
    // 0000-03-01 (so that the leap day ends a year).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):"
      + "\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) UTC"
  }

  /// Keys: `server_version`, `protocol_version`, `pid`, `uptime` (seconds,
  /// to the millisecond), `clients`, `sessions`, `windows`, `listeners`,
  /// `config_file` (the configuration file the daemon took flags from, or
  /// null), `storage` (`durable`, `state_directory`, `database`, `database_bytes`,
  /// `journal_records` (since the last snapshot), `last_snapshot_time` (Unix
  /// seconds, 0: none), `snapshot_records`, `snapshot_interval`,
  /// `snapshot_journal_ratio`, `snapshot_bytes`, `sync`,
  /// `available`, `error`, `schema_version`, `restore_damage`: null, or
  /// `problem`, `missing_records`, `dropped_records` and `moved_to`),
  /// `limits`, `hello_failures`
  /// and `warnings` (OutputFormat+Limits.swift), `window_speeds` (the
  /// windows at a speed other than 1: `session`, `window`, `speed`), `scope` (empty when the
  /// status covers the whole daemon; else what the client's token grants,
  /// and the rest covers only that), then `session_list` (as
  /// `list-sessions --json` prints each session) when given.
  public static func json(
    _ status: Curtain_V1_Status, sessions: [Curtain_V1_SessionList.Entry]? = nil
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("server_version", .string(status.serverVersion)),
      ("protocol_version", .unsigned(UInt64(status.protocolVersion))),
      ("pid", .unsigned(UInt64(status.pid))),
      ("uptime", .number((status.uptime * 1000).rounded() / 1000)),
      ("clients", .unsigned(UInt64(status.clients))),
      ("sessions", .unsigned(UInt64(status.sessions))),
      ("windows", .unsigned(UInt64(status.windows))),
      ("listeners", .array(status.listeners.map { .string($0) })),
      ("config_file", status.configFile.isEmpty ? .null : .string(status.configFile)),
      ("storage", json(status.storage)),
    ]
    members += limitMembers(status)
    members.append(
      (
        "window_speeds",
        .array(
          status.windowSpeeds.map {
            .object([
              ("session", .string($0.session)), ("window", .unsigned($0.windowID)),
              ("speed", .number($0.speed)),
            ])
          })
      ))
    members.append(("scope", .string(status.scope)))
    if let sessions { members.append(("session_list", .array(sessions.map(json)))) }
    return .object(members)
  }

  private static func json(_ storage: Curtain_V1_StorageStatus) -> JSONValue {
    .object([
      ("durable", .bool(storage.durable)),
      ("state_directory", .string(storage.stateDirectory)),
      ("database", .string(storage.database)),
      ("database_bytes", .unsigned(storage.databaseBytes)),
      ("journal_records", .unsigned(storage.journalRecords)),
      ("last_snapshot_time", .number(storage.lastSnapshotTime)),
      ("snapshot_records", .unsigned(UInt64(storage.snapshotRecords))),
      ("snapshot_interval", .number(storage.snapshotInterval)),
      ("snapshot_journal_ratio", .number(storage.snapshotJournalRatio)),
      ("snapshot_bytes", .unsigned(storage.snapshotBytes)),
      ("sync", .string(storage.sync)),
      ("available", .bool(storage.available)),
      ("error", .string(storage.error)),
      ("schema_version", .unsigned(UInt64(storage.schemaVersion))),
      (
        "restore_damage",
        storage.hasRestoreDamage
          ? .object([
            ("problem", .string(storage.restoreDamage.problem)),
            ("missing_records", .unsigned(storage.restoreDamage.missingRecords)),
            ("dropped_records", .unsigned(storage.restoreDamage.droppedRecords)),
            ("moved_to", .string(storage.restoreDamage.movedTo)),
          ]) : .null
      ),
    ])
  }
}
