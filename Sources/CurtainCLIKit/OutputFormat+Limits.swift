// `curtain status`: the daemon's warnings, its limits with their use, and
// the failed Hellos (docs/protocol.md, Limits).

import CurtainWire

extension OutputFormat {
  /// Scopes whose use the daemon counts (the others show their value only).
  private static let countedScopes: Set<String> = ["daemon", "session", "client"]

  /// The warnings, the limits (`max-windows  2 / 1000  windows per
  /// session`; a limit per session or client shows the largest use) and
  /// the failed Hellos; nothing for a status without them.
  static func limitLines(_ status: Curtain_V1_Status) -> [String] {
    var lines = status.warnings.map { "WARNING: \($0)" }
    if !status.limits.isEmpty {
      lines.append("limits:")
      let width = status.limits.map(\.name.count).max() ?? 0
      let amounts = status.limits.map { limit in
        let value = decimal(limit.value)
        let unit = limit.name.hasSuffix("-timeout") ? " s" : ""
        return countedScopes.contains(limit.scope)
          ? "\(decimal(limit.used)) / \(value)" : "\(value)\(unit)"
      }
      let amountWidth = amounts.map(\.count).max() ?? 0
      for (limit, amount) in zip(status.limits, amounts) {
        lines.append(
          "  " + padded(limit.name, width) + "  " + padded(amount, amountWidth) + "  "
            + limit.description_p)
      }
    }
    let hellos = status.helloFailures
    if hellos.failed > 0 || hellos.refused > 0 {
      lines.append(
        "failed Hellos: \(hellos.failed) with a bad token, \(hellos.refused) refused while "
          + "backing off")
      for source in hellos.sources {
        let waiting =
          source.blockedFor > 0
          ? ", backing off for \(decimal(source.blockedFor, places: 1)) s" : ""
        lines.append("  \(source.address): \(count(source.failures, "failure"))\(waiting)")
      }
    }
    return lines
  }

  /// `limits` (name, scope, value, used, description), `hello_failures`
  /// (`failed`, `refused`, `sources`: address, failures, blocked_for) and
  /// `warnings`.
  static func limitMembers(_ status: Curtain_V1_Status) -> [(String, JSONValue)] {
    let limits = status.limits.map { limit -> JSONValue in
      .object([
        ("name", .string(limit.name)), ("scope", .string(limit.scope)),
        ("value", .number(limit.value)), ("used", .number(limit.used)),
        ("description", .string(limit.description_p)),
      ])
    }
    let sources = status.helloFailures.sources.map { source -> JSONValue in
      .object([
        ("address", .string(source.address)),
        ("failures", .unsigned(UInt64(source.failures))),
        ("blocked_for", .number((source.blockedFor * 1000).rounded() / 1000)),
      ])
    }
    return [
      ("limits", .array(limits)),
      (
        "hello_failures",
        .object([
          ("failed", .unsigned(status.helloFailures.failed)),
          ("refused", .unsigned(status.helloFailures.refused)),
          ("sources", .array(sources)),
        ])
      ),
      ("warnings", .array(status.warnings.map { .string($0) })),
    ]
  }

  /// `text` with spaces after it up to `width` characters.
  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
