// Failed Hellos (a bad or missing token over TCP) are counted per source
// address. After `limit` consecutive failures the address backs off: its
// Hellos are refused without looking at the token for `backoff` seconds,
// doubling with every further failure up to `maxBackoff`. A good Hello
// resets the address; one that has not failed for `maxBackoff` seconds
// starts afresh. Failures are logged (a warning each, and one when an
// address starts backing off); refusals while backing off are counted,
// and logged at debug level only, so that a guesser cannot flood the log.
// `GetStatus` shows the counts and the addresses backing off.
//
// Time is the server's clock, so tests drive it by hand.

import CurtainCore
import CurtainWire
import Logging

/// When failed Hellos make an address back off (`--hello-failure-limit`,
/// `--hello-backoff`).
public struct HelloFailurePolicy: Sendable, Equatable {
  /// Consecutive failures from one address before it backs off; 0 never.
  public var limit = 5
  /// The first backoff in seconds; each further failure doubles it.
  public var backoff = 1.0
  /// The longest backoff in seconds.
  public var maxBackoff = 300.0

  /// The defaults.
  public init() {}
}

/// Failed Hellos by source address.
struct HelloFailureLog {
  /// One source address.
  struct Source {
    /// Consecutive failures.
    var failures = 0
    /// The clock time of the last failure.
    var lastFailure = 0.0
    /// Until when its Hellos are refused.
    var blockedUntil = 0.0
  }

  /// Addresses with recent failures.
  private(set) var sources: [String: Source] = [:]
  /// Hellos refused for a bad token, in all.
  private(set) var failed: UInt64 = 0
  /// Hellos refused because their address was backing off, in all.
  private(set) var refused: UInt64 = 0
  /// Addresses kept at most; past it those not backing off are forgotten,
  /// oldest failure first.
  static let maxSources = 10_000

  /// Seconds until `address` may try again (0: it may now).
  func wait(for address: String, at now: Double) -> Double {
    max(0, (sources[address]?.blockedUntil ?? 0) - now)
  }

  /// Counts a Hello refused because its address was backing off.
  mutating func noteRefused() {
    refused += 1
  }

  /// Counts a failure of `address`; returns the backoff in seconds when
  /// the address now backs off.
  mutating func noteFailure(
    of address: String, at now: Double, policy: HelloFailurePolicy
  ) -> Double? {
    failed += 1
    var source = sources[address] ?? Source()
    if now - source.lastFailure > policy.maxBackoff, now >= source.blockedUntil {
      source.failures = 0
    }
    source.failures += 1
    source.lastFailure = now
    var backoff: Double?
    if policy.limit > 0, source.failures >= policy.limit {
      let doublings = Double(min(source.failures - policy.limit, 60))
      let seconds = min(policy.maxBackoff, policy.backoff * pow2(doublings))
      source.blockedUntil = now + seconds
      backoff = seconds
    }
    sources[address] = source
    if sources.count > Self.maxSources { forgetOldest(at: now) }
    return backoff
  }

  /// A good Hello from `address`: it starts afresh.
  mutating func noteSuccess(of address: String) {
    sources[address] = nil
  }

  /// The status: counts and the addresses with the most failures.
  func status(at now: Double) -> Curtain_V1_HelloFailures {
    var status = Curtain_V1_HelloFailures()
    status.failed = failed
    status.refused = refused
    let worst = sources.sorted {
      ($0.value.failures, $1.key) > ($1.value.failures, $0.key)
    }.prefix(20)
    status.sources = worst.map { address, source in
      var entry = Curtain_V1_HelloFailureSource()
      entry.address = address
      entry.failures = UInt32(clamping: source.failures)
      entry.blockedFor = max(0, source.blockedUntil - now)
      return entry
    }
    return status
  }

  /// Forgets the addresses not backing off, oldest failure first, down to
  /// nine tenths of the maximum.
  private mutating func forgetOldest(at now: Double) {
    let idle = sources.filter { $0.value.blockedUntil <= now }
      .sorted { $0.value.lastFailure < $1.value.lastFailure }
    for (address, _) in idle.prefix(sources.count - Self.maxSources * 9 / 10) {
      sources[address] = nil
    }
  }

  /// 2 to the power `exponent` (a whole number from 0 to 60).
  private func pow2(_ exponent: Double) -> Double {
    Double(UInt64(1) << UInt64(exponent))
  }
}

extension Server {
  /// Refuses the Hello of a client whose address backs off.
  func checkHelloBackoff(_ client: ClientState) -> HandlerResult? {
    let address = client.link.peerAddress
    let wait = clients.helloFailures.wait(for: address, at: clock())
    guard wait > 0 else { return nil }
    clients.helloFailures.noteRefused()
    logger.debug(
      "hello refused: address backing off",
      metadata: ["client": "\(client.id)", "address": "\(address)", "seconds": "\(wait)"])
    let seconds = Int(wait.rounded(.up))
    return .failedAndClose(
      .unauthenticated,
      "Too many failed Hellos from \(address): try again in \(seconds) s", .unauthenticated)
  }

  /// Counts and logs a Hello with a bad or missing token.
  func noteHelloFailure(_ client: ClientState) {
    let address = client.link.peerAddress
    let backoff = clients.helloFailures.noteFailure(
      of: address, at: clock(), policy: configuration.helloFailures)
    let failures = clients.helloFailures.sources[address]?.failures ?? 0
    logger.warning(
      "hello refused: bad or missing token",
      metadata: ["client": "\(client.id)", "address": "\(address)", "failures": "\(failures)"])
    if let backoff {
      logger.warning(
        "address backing off after failed Hellos",
        metadata: ["address": "\(address)", "failures": "\(failures)", "seconds": "\(backoff)"])
    }
  }

  /// A good Hello: its address starts afresh.
  func noteHelloSuccess(_ client: ClientState) {
    clients.helloFailures.noteSuccess(of: client.link.peerAddress)
  }
}
