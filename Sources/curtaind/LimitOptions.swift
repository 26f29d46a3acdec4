// curtaind's limits (ServerLimits, HelloFailurePolicy, the Hello timeout):
// what one client, session or request may take, and how failed Hellos back
// off. docs/protocol.md lists them with what each protects.

import ArgumentParser
import CurtainDaemon

/// The limit flags.
struct LimitOptions: ParsableArguments {
  @Option(
    name: .customLong("max-clients"),
    help: ArgumentHelp(
      "Clients connected at once; one more is refused with goodbye LIMIT_EXCEEDED.",
      valueName: "count"))
  var maxClients = ServerLimits().maxClients

  @Option(
    name: .customLong("max-sessions"),
    help: ArgumentHelp(
      "Sessions the daemon keeps; a request that would make one more gets LIMIT_EXCEEDED.",
      valueName: "count"))
  var maxSessions = ServerLimits().maxSessions

  @Option(
    name: .customLong("max-windows"),
    help: ArgumentHelp("Windows per session.", valueName: "count"))
  var maxWindows = ServerLimits().maxWindows

  @Option(
    name: .customLong("max-controllers"),
    help: ArgumentHelp("View controllers per session.", valueName: "count"))
  var maxControllers = ServerLimits().maxControllers

  @Option(
    name: .customLong("max-subscriptions"),
    help: ArgumentHelp("Subscriptions per client.", valueName: "count"))
  var maxSubscriptions = ServerLimits().maxSubscriptions

  @Option(
    name: .customLong("max-waiters"),
    help: ArgumentHelp(
      "Requests per client waiting for an answer (wait_until STARTED or COMPLETED, WaitIdle).",
      valueName: "count"))
  var maxWaiters = ServerLimits().maxWaiters

  @Option(
    name: .customLong("max-unanswered"),
    help: ArgumentHelp(
      "Requests of one client read and not answered yet (answers waiting for their record "
        + "or for an earlier answer included); there the daemon stops reading from the client "
        + "until half are answered. Above --max-waiters.",
      valueName: "count"))
  var maxUnanswered = ServerLimits().maxUnanswered

  @Option(
    name: .customLong("max-storyboard-bytes"),
    help: ArgumentHelp("The largest storyboard document, in bytes.", valueName: "bytes"))
  var maxStoryboardBytes = ServerLimits().maxStoryboardBytes

  @Option(
    name: .customLong("max-string-bytes"),
    help: ArgumentHelp(
      "The longest string in a request, in UTF-8 bytes (documents are not strings).",
      valueName: "bytes"))
  var maxStringBytes = ServerLimits().maxStringBytes

  @Option(
    name: .customLong("max-list-items"),
    help: ArgumentHelp("The most items of one list (or map) in a request.", valueName: "count"))
  var maxListItems = ServerLimits().maxListItems

  @Option(
    name: .customLong("message-timeout"),
    help: ArgumentHelp(
      "Seconds a client may take to finish a message once its first byte arrived; then "
        + "goodbye TIMEOUT.",
      valueName: "seconds"))
  var messageTimeout = ServerLimits().messageTimeout

  @Option(
    name: .customLong("max-partial-bytes"),
    help: ArgumentHelp(
      "Bytes held for unfinished messages of all clients together; past it the oldest "
        + "unfinished messages are dropped (goodbye LIMIT_EXCEEDED).",
      valueName: "bytes"))
  var maxPartialBytes = ServerLimits().maxPartialBytes

  @Option(
    name: .customLong("hello-timeout"),
    help: ArgumentHelp(
      "Seconds a client (TCP or Unix) has to send Hello after connecting.",
      valueName: "seconds"))
  var helloTimeout = ServerConfiguration().helloTimeout

  @Option(
    name: .customLong("hello-failure-limit"),
    help: ArgumentHelp(
      "Failed Hellos (bad token) from one address before it backs off; 0: never.",
      valueName: "count"))
  var helloFailureLimit = HelloFailurePolicy().limit

  @Option(
    name: .customLong("hello-backoff"),
    help: ArgumentHelp(
      "Seconds an address that reached --hello-failure-limit must wait before its next "
        + "Hello; doubled with each further failure, up to 300.",
      valueName: "seconds"))
  var helloBackoff = HelloFailurePolicy().backoff

  func validate() throws {
    let counts = [
      ("--max-clients", maxClients), ("--max-sessions", maxSessions),
      ("--max-windows", maxWindows), ("--max-controllers", maxControllers),
      ("--max-subscriptions", maxSubscriptions), ("--max-waiters", maxWaiters),
      ("--max-unanswered", maxUnanswered),
      ("--max-storyboard-bytes", maxStoryboardBytes), ("--max-string-bytes", maxStringBytes),
      ("--max-list-items", maxListItems), ("--max-partial-bytes", maxPartialBytes),
    ]
    for (flag, value) in counts where value <= 0 {
      throw ValidationError("\(flag) must be positive")
    }
    for (flag, value) in [
      ("--message-timeout", messageTimeout), ("--hello-timeout", helloTimeout),
      ("--hello-backoff", helloBackoff),
    ] where !(value > 0 && value.isFinite) {
      throw ValidationError("\(flag) must be a positive number of seconds")
    }
    guard maxUnanswered > maxWaiters else {
      throw ValidationError(
        "--max-unanswered (\(maxUnanswered)) must be above --max-waiters (\(maxWaiters)): a "
          + "client whose every waiting request waits must still be able to send the requests "
          + "that answer them")
    }
    guard helloFailureLimit >= 0 else {
      throw ValidationError("--hello-failure-limit must be 0 (never) or more")
    }
  }

  /// Puts the limits into `configuration`.
  func apply(to configuration: inout ServerConfiguration) {
    configuration.limits.maxClients = maxClients
    configuration.limits.maxSessions = maxSessions
    configuration.limits.maxWindows = maxWindows
    configuration.limits.maxControllers = maxControllers
    configuration.limits.maxSubscriptions = maxSubscriptions
    configuration.limits.maxWaiters = maxWaiters
    configuration.limits.maxUnanswered = maxUnanswered
    configuration.limits.maxStoryboardBytes = maxStoryboardBytes
    configuration.limits.maxStringBytes = maxStringBytes
    configuration.limits.maxListItems = maxListItems
    configuration.limits.messageTimeout = messageTimeout
    configuration.limits.maxPartialBytes = maxPartialBytes
    configuration.helloTimeout = helloTimeout
    configuration.helloFailures.limit = helloFailureLimit
    configuration.helloFailures.backoff = helloBackoff
    configuration.helloFailures.maxBackoff = max(HelloFailurePolicy().maxBackoff, helloBackoff)
  }
}
