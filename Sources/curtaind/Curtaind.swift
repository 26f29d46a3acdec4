// curtaind: the Curtain daemon. Parses its flags, sets up logging to stderr,
// builds the daemon (which binds its sockets) and runs it until SIGINT,
// SIGTERM or a Shutdown request. Every line it writes, to stderr and to
// --log-file, has the one format of --log-format (LogFormat.swift). Once it
// listens it writes exactly one line per listener whose message is
// `listening on PATH` or `listening on tcp HOST:PORT`; tests and the CLI
// wait for that line rather than sleeping.

import ArgumentParser
import CurtainDaemon
import CurtainPostgres
import CurtainWire
import Foundation
import Logging

@main
struct Curtaind: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curtaind",
    abstract: "The Curtain daemon: headless view-controller sessions over a socket.",
    discussion: """
      Listens on a Unix socket ($CURTAIN_SOCKET, else
      $XDG_RUNTIME_DIR/curtain/default.sock, else /tmp/curtain-<uid>/default.sock)
      and, when asked, on TCP. Stops on SIGINT, SIGTERM or a Shutdown request:
      clients get a goodbye, the socket is removed.

      Sessions are durable: every change is recorded in a SQLite database in
      the state directory before it is acknowledged, and a daemon started on
      the same directory (after a crash, kill -9, reboot or upgrade) restores
      them. --store postgres://... records them in a PostgreSQL database
      instead. --ephemeral keeps them in memory only.
      """,
    version: curtainVersion)

  /// Parses the configuration file's flags (ConfigFile.swift) before the
  /// command line's, then runs as argument parser's main does. An error of
  /// the file ends curtaind with status 78 (EX_CONFIG), naming the file, the
  /// line for JSON that does not parse, and the key.
  static func main() {
    let commandLine = Array(CommandLine.arguments.dropFirst())
    let file: ConfigFile?
    do {
      file = try ConfigFile.path(
        commandLine: commandLine, environment: ProcessInfo.processInfo.environment
      ).map { path throws(ConfigFile.Failure) in
        try ConfigFile.read(path, for: Self.self, commandLine: commandLine)
      }
    } catch {
      StandardError.write("curtaind: \(error.description)\n")
      Foundation.exit(78)
    }
    guard let file else { return main(commandLine) }
    do {
      _ = try parseAsRoot(file.arguments)
    } catch {
      // The key whose flags, left out, let the rest parse.
      let culprit = file.flags.indices.first { index in
        var others = file.flags
        others.remove(at: index)
        return (try? parseAsRoot(others.flatMap(\.words))) != nil
      }
      let key = culprit.map { "key \"\(file.flags[$0].key)\": " } ?? ""
      StandardError.write("curtaind: \(file.path): \(key)\(message(for: error))\n")
      Foundation.exit(78)
    }
    do {
      _ = try parseAsRoot(file.arguments + commandLine)
    } catch {
      if (try? parseAsRoot(commandLine)) != nil {
        StandardError.write(
          "curtaind: \(message(for: error)) (with the flags of \(file.path))\n")
        Foundation.exit(78)
      }
    }
    configFile = file.path
    main(file.arguments + commandLine)
  }

  /// The configuration file read, if any (for the log and `curtain status`).
  nonisolated(unsafe) static var configFile: String?

  @Option(
    name: .customLong("socket"),
    help: ArgumentHelp(
      "The Unix socket to listen on (default: $CURTAIN_SOCKET, else "
        + "$XDG_RUNTIME_DIR/curtain/default.sock, else /tmp/curtain-<uid>/default.sock).",
      valueName: "path"))
  var socket: String?

  @Option(
    name: .customLong("listen"),
    help: ArgumentHelp(
      "Also listen on TCP: an IPv4 address, [IPv6 address] or localhost, and a port. A non-loopback address needs --token-file.",
      valueName: "host:port"))
  var listen: String?

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "A file of tokens TCP clients may send in Hello, one per line: TOKEN [sessions=a,b|*] [read-only] [admin]. A bare token grants everything; see docs/protocol.md, Access.",
      valueName: "path"))
  var tokenFile: String?

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp(
      "How much to log (to stderr and --log-file).",
      valueName: "level"))
  var logLevel: LogLevel = .info

  @Option(
    name: .customLong("log-format"),
    help: ArgumentHelp(
      "How log lines look: text, or json (one JSON object per line, for log collectors).",
      valueName: "format"))
  var logFormat: LogFormat = .text

  @Option(
    name: .customLong("log-file"),
    help: ArgumentHelp(
      "Also write the log to this file (appended to, created 0600), besides stderr.",
      valueName: "path"))
  var logFile: String?

  @Option(
    name: .customLong("max-frame-bytes"),
    help: ArgumentHelp(
      "The largest message a client may send, in bytes; a bigger one closes the connection.",
      valueName: "bytes"))
  var maxFrameBytes: Int = ServerConfiguration().maxFrameBytes

  @Option(
    name: .customLong("max-write-queue-bytes"),
    help: ArgumentHelp(
      "Unwritten responses and events allowed per client, in bytes, before it is disconnected as a slow consumer.",
      valueName: "bytes"))
  var maxWriteQueueBytes: Int = ServerConfiguration().maxWriteQueueBytes

  @Option(
    name: .customLong("event-ring"),
    help: ArgumentHelp(
      "Events kept per window for clients that resume with from_seq.", valueName: "count"))
  var eventRing: Int = ServerConfiguration().eventRing

  @Option(
    name: .customLong("event-ring-bytes"),
    help: ArgumentHelp(
      "Bytes of events kept per window for clients that resume with from_seq; the oldest events go past this or --event-ring, whichever comes first.",
      valueName: "bytes"))
  var eventRingBytes: Int = ServerConfiguration().eventRingBytes

  @Option(
    name: .customLong("past-records"),
    help: ArgumentHelp(
      "Inputs kept per session for looking at its past (tree --at-seq, --at); 0 keeps none.",
      valueName: "count"))
  var pastRecords: Int = ServerConfiguration().pastRecords

  @Option(
    name: .customLong("queue-limit"),
    help: ArgumentHelp(
      "Operations that may wait per window; more are refused with BUSY.", valueName: "count"))
  var queueLimit: Int = ServerConfiguration().operationQueueLimit

  @Option(
    name: .customLong("interaction-timeout"),
    help: ArgumentHelp(
      "Seconds an interactive transition that belongs to no client (begun by a one-shot "
        + "`curtain interact begin`) may go without an update before it is cancelled; 0 never. "
        + "Interactions owned by a connected client never time out.",
      valueName: "seconds"))
  var interactionTimeout: Double = ServerConfiguration().interactionTimeout

  @Option(
    name: .customLong("delegate-timeout"),
    help: ArgumentHelp(
      "Seconds the daemon waits for a remote delegate's answer when its SetDelegate names no "
        + "timeout; without an answer in time UIKit's default is used (docs/delegates.md).",
      valueName: "seconds"))
  var delegateTimeout: Double = ServerConfiguration().delegateTimeout

  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp(
      "Where the sessions are kept (default: $XDG_STATE_HOME/curtain/<socket name>-<digest of "
        + "its path>, else ~/.local/state/curtain/<socket name>-<digest>; created 0700).",
      valueName: "path"))
  var stateDirectory: String?

  @Option(
    name: .customLong("store"),
    help: ArgumentHelp(
      "Keep the sessions in PostgreSQL instead of the state directory: "
        + "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, or "
        + "postgres://USER@/DATABASE?host=/socket/directory over a Unix socket "
        + "(docs/durability.md, PostgreSQL). The database must exist; curtaind creates its tables.",
      valueName: "url"))
  var store: String?

  @Option(
    name: .customLong("cluster"),
    help: ArgumentHelp(
      "Join a cluster of curtaind nodes sharing the sessions through this PostgreSQL database "
        + "(a URL as for --store; docs/cluster.md). Needs --node and --listen.",
      valueName: "url"))
  var cluster: String?

  @Option(
    name: .customLong("node"),
    help: ArgumentHelp(
      "This node's name in the cluster (letters, digits, _ - .; unique in the cluster).",
      valueName: "name"))
  var node: String?

  @Option(
    name: .customLong("advertise"),
    help: ArgumentHelp(
      "Where clients reach this node, given to them in MOVED answers "
        + "(default: tcp:// and the --listen address, unless it is a wildcard).",
      valueName: "tcp://host:port"))
  var advertise: String?

  @Option(
    name: .customLong("lease-interval"),
    help: ArgumentHelp(
      "Seconds between renewals of this node's lease in the cluster.", valueName: "seconds"))
  var leaseInterval: Double = 1

  @Option(
    name: .customLong("lease-timeout"),
    help: ArgumentHelp(
      "Seconds a lease lasts: a node that has not renewed it for that long is failed over "
        + "(its sessions go to the other nodes).",
      valueName: "seconds"))
  var leaseTimeout: Double = 5

  @Option(
    name: .customLong("placement"),
    help: ArgumentHelp(
      "Cluster mode: where a session new to the cluster goes. asked (the default): the node "
        + "its client asked; least-loaded: the live node with the fewest sessions for its "
        + "--max-sessions (this node among equals), the client being sent there with MOVED.",
      valueName: "rule"))
  var placement: PlacementRule?

  @Flag(
    name: .customLong("drain"),
    help:
      "Cluster mode: when stopping (SIGTERM, SIGINT, Shutdown), hand every session over to the other live nodes first."
  )
  var drain = false

  @Flag(
    name: .customLong("ephemeral"),
    help: "Keep the sessions in memory only: nothing is written, nothing survives a restart.")
  var ephemeral = false

  @Option(
    name: .customLong("test-kill-before-record"),
    help: ArgumentHelp(
      "For durability tests: the writer kills the daemon (SIGKILL) instead of committing the "
        + "hand-over with this journal record (counted from 1 in this run).",
      valueName: "number", visibility: .private))
  var killBeforeRecord: UInt64?

  @Option(
    name: .customLong("sync"),
    help: ArgumentHelp(
      "normal (the default): a change survives a crash of the daemon once acknowledged; full: "
        + "it survives power loss too (an fsync per commit, slower). Not with --store, whose "
        + "server decides (synchronous_commit).",
      valueName: "mode"))
  var sync: SyncMode?

  @Flag(
    name: .customLong("reset-state"),
    help:
      "Move an unreadable state database, one written by a newer curtaind, or one whose snapshots cannot be restored, aside (never deleted) and start empty."
  )
  var resetState = false

  @Flag(
    name: .customLong("accept-short-restore"),
    help:
      "When the state database holds less than the last change it acknowledged (a damaged write-ahead log or database file: docs/durability.md), serve what it still holds instead of moving it aside and starting empty. Either way the start says so loudly."
  )
  var acceptShortRestore = false

  @Option(
    name: .customLong("snapshot-records"),
    help: ArgumentHelp(
      "Snapshot the changed sessions (and drop the journal before them) once this many "
        + "journal records were written since the last snapshot (it bounds the replay after "
        + "a crash); 0: not by count.",
      valueName: "count"))
  var snapshotRecords = 10_000

  @Option(
    name: .customLong("snapshot-journal-ratio"),
    help: ArgumentHelp(
      "Snapshot the changed sessions once the journal written since the last snapshot "
        + "reaches this many times the size of the stored snapshots (at least 64 KiB): the "
        + "database stays within a small multiple of the live state, and writing snapshots "
        + "costs in proportion to the journal; 0: not by size.",
      valueName: "ratio"))
  var snapshotJournalRatio = 1.0

  @Option(
    name: .customLong("snapshot-interval"),
    help: ArgumentHelp(
      "Snapshot the changed sessions this many seconds after the last snapshot when records "
        + "were written since; 0: not by time. Sessions are also snapshotted at a clean "
        + "shutdown.",
      valueName: "seconds"))
  var snapshotInterval = 60.0

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "A JSON file of flags: each key a long flag without its dashes (\"max-clients\": 100, "
        + "\"ephemeral\": true); flags on the command line win. Default: "
        + "$XDG_CONFIG_HOME/curtain/curtaind.json when it exists.",
      valueName: "file"))
  var config: String?

  @OptionGroup(title: "Limits")
  var limits: LimitOptions

  func validate() throws {
    if socket?.isEmpty == true {
      throw ValidationError("--socket needs the path of a socket, got an empty one")
    }
    if ephemeral, stateDirectory != nil {
      throw ValidationError("--ephemeral and --state-dir exclude each other")
    }
    if ephemeral, acceptShortRestore {
      throw ValidationError("--ephemeral and --accept-short-restore exclude each other")
    }
    if store != nil {
      if ephemeral { throw ValidationError("--ephemeral and --store exclude each other") }
      if stateDirectory != nil {
        throw ValidationError("--state-dir and --store exclude each other")
      }
      for (flag, given) in [
        ("--reset-state", resetState), ("--accept-short-restore", acceptShortRestore),
      ] where given {
        throw ValidationError("\(flag) applies to the state directory's database, not to --store")
      }
      if sync != nil {
        throw ValidationError(
          "--sync applies to the state directory's database; with --store, PostgreSQL's "
            + "synchronous_commit decides")
      }
    }
    try validateCluster()
    if let stateDirectory, !stateDirectory.hasPrefix("/") {
      throw ValidationError("--state-dir must be an absolute path, got '\(stateDirectory)'")
    }
    guard maxFrameBytes > 0 else { throw ValidationError("--max-frame-bytes must be positive") }
    guard maxWriteQueueBytes > 0 else {
      throw ValidationError("--max-write-queue-bytes must be positive")
    }
    guard snapshotRecords >= 0 else {
      throw ValidationError("--snapshot-records must be 0 or more")
    }
    guard snapshotJournalRatio >= 0, snapshotJournalRatio.isFinite else {
      throw ValidationError("--snapshot-journal-ratio must be 0 or more")
    }
    guard snapshotInterval >= 0, snapshotInterval.isFinite else {
      throw ValidationError("--snapshot-interval must be 0 or more seconds")
    }
    guard eventRing > 0 else { throw ValidationError("--event-ring must be positive") }
    guard eventRingBytes > 0 else {
      throw ValidationError("--event-ring-bytes must be positive")
    }
    guard pastRecords >= 0 else { throw ValidationError("--past-records must be 0 or more") }
    guard queueLimit > 0 else { throw ValidationError("--queue-limit must be positive") }
    guard interactionTimeout >= 0, interactionTimeout.isFinite else {
      throw ValidationError(
        "--interaction-timeout must be 0 (never) or a positive number of seconds")
    }
    guard delegateTimeout > 0, delegateTimeout <= 3600 else {
      throw ValidationError("--delegate-timeout must be a number of seconds above 0, at most 3600")
    }
  }

  /// The cluster flags: together, and not with another store.
  private func validateCluster() throws {
    guard cluster != nil else {
      for (flag, given) in [
        ("--node", node != nil), ("--advertise", advertise != nil), ("--drain", drain),
        ("--placement", placement != nil),
      ] where given {
        throw ValidationError("\(flag) needs --cluster")
      }
      return
    }
    for (flag, given) in [
      ("--store", store != nil), ("--state-dir", stateDirectory != nil),
      ("--ephemeral", ephemeral), ("--reset-state", resetState), ("--sync", sync != nil),
      ("--accept-short-restore", acceptShortRestore),
    ] where given {
      throw ValidationError(
        "--cluster and \(flag) exclude each other: the cluster's database keeps the sessions")
    }
    guard let node else { throw ValidationError("--cluster needs --node NAME") }
    guard ClusterOptions.isValidNodeName(node) else {
      throw ValidationError(
        "--node must be 1 to 64 letters, digits, '_', '-' or '.', got '\(node)'")
    }
    guard listen != nil else {
      throw ValidationError(
        "--cluster needs --listen HOST:PORT: the other nodes send clients there")
    }
    guard leaseInterval > 0, leaseInterval.isFinite else {
      throw ValidationError("--lease-interval must be a positive number of seconds")
    }
    guard leaseTimeout > leaseInterval, leaseTimeout.isFinite else {
      throw ValidationError("--lease-timeout must be longer than --lease-interval")
    }
  }

  /// `--advertise`, or the --listen address when it is not a wildcard.
  private func advertisedAddress(listening address: TCPAddress) throws -> String {
    if let advertise {
      guard advertise.hasPrefix("tcp://"),
        (try? TCPAddress(parsing: String(advertise.dropFirst(6)))) != nil
      else {
        throw Message("--advertise must be tcp://HOST:PORT, got '\(advertise)'")
      }
      return advertise
    }
    guard address.port != 0 else {
      throw Message(
        "--listen \(address) has port 0 (any free port): give the port, or pass --advertise")
    }
    guard !address.isWildcard else {
      throw Message(
        "--listen \(address) is a wildcard address: pass --advertise tcp://HOST:PORT, "
          + "the address clients reach this node at")
    }
    return "tcp://\(address)"
  }

  func run() throws {
    // A stderr pipe whose reader left must fail the write, not kill the
    // daemon (the Daemon ignores SIGPIPE too, but it starts later).
    signal(SIGPIPE, SIG_IGN)
    let output = try openLog()
    let level = logLevel.level
    LoggingSystem.bootstrap { label in
      LineLogHandler(label: label, format: output.format, sink: output.sink, logLevel: level)
    }
    let logger = Logger(label: "curtaind")
    if let configFile = Self.configFile {
      logger.info("flags from the configuration file \(configFile)")
    }

    var configuration = ServerConfiguration()
    configuration.maxFrameBytes = maxFrameBytes
    configuration.maxWriteQueueBytes = maxWriteQueueBytes
    configuration.eventRing = eventRing
    configuration.eventRingBytes = eventRingBytes
    configuration.pastRecords = pastRecords
    configuration.operationQueueLimit = queueLimit
    configuration.interactionTimeout = interactionTimeout
    configuration.delegateTimeout = delegateTimeout
    configuration.configFile = Self.configFile
    limits.apply(to: &configuration)

    var endpoints: [Daemon.Endpoint] = [
      .unix(socket.map { SocketPath($0) } ?? SocketPath.defaultPath())
    ]
    if let tokenFile {
      configuration.tokens = try fail(output) { try readTokens(from: tokenFile) }
      if let warning = TokenFilePermissions.warning(for: tokenFile) {
        configuration.warnings.append(warning)
      }
    }
    if let listen {
      let address = try fail(output) { try TCPAddress(parsing: listen) }
      if !address.isLoopback, configuration.tokens.isEmpty {
        throw output.failure(
          "refusing to listen on \(address) without a token: it is not a loopback address; pass --token-file"
        )
      }
      endpoints.append(.tcp(address))
    } else if tokenFile != nil {
      logger.warning("--token-file has no effect without --listen")
    }

    var state: StateOptions?
    var clusterNode: ClusterNode?
    if let cluster, let node, let listen {
      let location = try fail(output) { try PostgresLocation(parsing: cluster) }
      let address = try fail(output) { try TCPAddress(parsing: listen) }
      var options = ClusterOptions(
        node: node, advertise: try fail(output) { try advertisedAddress(listening: address) },
        leaseInterval: leaseInterval, leaseTimeout: leaseTimeout)
      options.drain = drain
      options.placement = placement?.placement ?? .asked
      let member = try fail(output) { () throws(StoreError) in
        try ClusterNode(
          location: location, options: options,
          capacity: configuration.limits.maxSessions, version: curtainVersion)
      }
      clusterNode = member
      state = StateOptions(
        external: ExternalStore(name: location.description) { member.store },
        snapshotRecords: snapshotRecords, snapshotInterval: snapshotInterval,
        snapshotJournalRatio: snapshotJournalRatio)
      state?.killBeforeRecord = killBeforeRecord
    } else if let store {
      let location = try fail(output) { try PostgresLocation(parsing: store) }
      state = StateOptions(
        external: ExternalStore(name: location.description) { () throws(StoreError) in
          try PostgresStore(location: location)
        },
        snapshotRecords: snapshotRecords, snapshotInterval: snapshotInterval,
        snapshotJournalRatio: snapshotJournalRatio)
      state?.killBeforeRecord = killBeforeRecord
    } else if !ephemeral {
      let environment = ProcessInfo.processInfo.environment
      let workingDirectory = FileManager.default.currentDirectoryPath
      let socketPath = StateDirectoryRule.absolutePath(
        socket ?? SocketPath.defaultPath().path, workingDirectory: workingDirectory)
      if stateDirectory == nil {
        switch StateDirectoryRule.adoptLegacyDirectory(
          socketPath: socketPath, environment: environment, workingDirectory: workingDirectory,
          uid: getuid())
        {
        case .nothing: break
        case .moved(let old, let new):
          logger.notice(
            "moved the state directory \(old) to \(new): it follows the socket's whole path now")
        case .left(let reason): logger.warning("\(reason)")
        }
      }
      guard
        let directory = stateDirectory
          ?? StateDirectoryRule.defaultDirectory(
            socketPath: socketPath, environment: environment, workingDirectory: workingDirectory)
      else {
        throw output.failure(
          "no state directory: set HOME or XDG_STATE_HOME, or pass --state-dir or --ephemeral")
      }
      state = StateOptions(
        directory: directory, sync: (sync ?? .normal).options, resetState: resetState,
        snapshotRecords: snapshotRecords, snapshotInterval: snapshotInterval,
        snapshotJournalRatio: snapshotJournalRatio)
      state?.killBeforeRecord = killBeforeRecord
      state?.socketPath = socketPath
      state?.acceptShortRestore = acceptShortRestore
    }

    let daemon = try fail(output) {
      try Daemon(
        configuration: configuration, endpoints: endpoints, state: state, cluster: clusterNode,
        logger: logger)
    }
    // One write for every listener, so that a reader waiting for the first
    // line gets the TCP line with it.
    output.sink.write(
      daemon.listeningDescriptions.map {
        output.format.line(level: .info, message: "listening on \($0)")
      }.joined(separator: "\n"))
    logger.info("curtaind \(curtainVersion) started (protocol \(protocolVersion))")
    try fail(output) { try daemon.run() }
  }

  /// The tokens in `path`, one per line with what each grants
  /// (`TokenFile`); a line that cannot be read stops the daemon, naming it.
  private func readTokens(from path: String) throws -> [TokenGrant] {
    let contents: String
    do {
      contents = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Message("cannot read the token file \(path): \(error.localizedDescription)")
    }
    let grants: [TokenGrant]
    do {
      grants = try TokenFile.parse(contents)
    } catch {
      throw Message("the token file \(path), \(error)")
    }
    guard !grants.isEmpty else { throw Message("the token file \(path) is empty") }
    return grants
  }

  /// Stderr, and --log-file when given, in --log-format. A log file that
  /// cannot be opened is reported on stderr and stops the daemon.
  private func openLog() throws -> LogOutput {
    guard let logFile else { return LogOutput(format: logFormat, sink: LogSink()) }
    do {
      return LogOutput(format: logFormat, sink: try LogSink(appendingTo: logFile))
    } catch {
      throw LogOutput(format: logFormat, sink: LogSink()).failure("\(error)")
    }
  }

  /// Runs `body`; an error is logged as the reason curtaind stops, and the
  /// process exits with status 1.
  private func fail<T>(_ output: LogOutput, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw output.failure("\(error)")
    }
  }
}

/// The log's format and destinations.
struct LogOutput {
  let format: LogFormat
  let sink: LogSink

  /// Logs `message` as an error whatever the log level, and returns the
  /// exit status 1 for the caller to throw.
  func failure(_ message: String) -> ExitCode {
    sink.write(format.line(level: .error, message: message))
    return ExitCode.failure
  }
}

/// `--placement`, as the command line spells it.
enum PlacementRule: String, CaseIterable, ExpressibleByArgument {
  case asked
  case leastLoaded = "least-loaded"

  var placement: Placement {
    switch self {
    case .asked: return .asked
    case .leastLoaded: return .leastLoaded
    }
  }
}

/// `--sync`, as the command line spells it.
enum SyncMode: String, CaseIterable, ExpressibleByArgument {
  case normal, full

  var options: StateOptions.Sync {
    switch self {
    case .normal: return .normal
    case .full: return .full
    }
  }
}
