// Limits and settings of a daemon, from curtaind's flags.

/// How the daemon behaves and what it allows.
public struct ServerConfiguration: Sendable {
  /// The largest frame accepted from a client (default 4 MiB).
  public var maxFrameBytes: Int = 4 << 20
  /// Unwritten responses and events allowed per connection before it is
  /// disconnected (default 8 MiB).
  public var maxWriteQueueBytes: Int = 8 << 20
  /// Operations that may wait per window (default 64).
  public var operationQueueLimit: Int = 64
  /// Events kept per window for resuming (default 10,000).
  public var eventRing: Int = 10_000
  /// Bytes of events kept per window for resuming (default 192 KiB: about
  /// 2,000 events, so that 1,000 busy windows keep under 200 MiB of
  /// events; docs/benchmarks.md, "memory"); the oldest events go past this
  /// or `eventRing`, whichever comes first.
  public var eventRingBytes: Int = 192 << 10
  /// Inputs kept per session for its past (`--past-records`; 0 keeps
  /// none): GetTree and ListControllers answer for any moment after the
  /// oldest segment's start (SessionHistory.swift).
  public var pastRecords: Int = 10_000
  /// Segments the past's records are cut into (each starting from an image
  /// of the session, kept without its events): a past moment replays at
  /// most `pastRecords / pastSegments` records (more only while the session
  /// is never quiescent), and a session keeps at most `pastSegments + 1`
  /// images.
  public var pastSegments: Int = 8
  /// Seconds without an update before an interaction that belongs to no
  /// client (one begun by a one-shot CLI command) is cancelled; 0 never.
  /// Interactions owned by a connected client never time out.
  public var interactionTimeout: Double = 30
  /// How long a remote delegate's answer is awaited when its registration
  /// names no timeout (`--delegate-timeout`, seconds; default 0.5).
  public var delegateTimeout: Double = 0.5
  /// The token TCP clients must present in Hello, if any: it grants
  /// everything (as a bare line of the token file).
  public var token: String?
  /// The scoped tokens of the token file (TokenScopes.swift); with `token`,
  /// a TCP client must present one of them.
  public var tokens: [TokenGrant] = []
  /// Seconds a client (TCP or Unix) has to send Hello.
  public var helloTimeout: Double = 5
  /// What clients, sessions and requests may take (Limits.swift).
  public var limits = ServerLimits()
  /// Failed Hellos allowed per source address before it backs off
  /// (HelloRateLimit.swift).
  public var helloFailures = HelloFailurePolicy()
  /// Conditions an operator should fix, found at start (a token file
  /// readable by others); logged and shown by `GetStatus`.
  public var warnings: [String] = []
  /// Describes the listeners for `GetStatus`.
  public var listenerDescriptions: [String] = []
  /// The configuration file curtaind took flags from (`GetStatus`); `nil`
  /// when none.
  public var configFile: String?

  /// The defaults.
  public init() {}
}
