// A window's summary (`list-windows`, `new-window`) and its traits.

public import CurtainWire

extension OutputFormat {
  /// `w1  390×844  realtime 60Hz  root c3  revision 4  seq 17  idle`, with
  /// `speed 0.1` after the frame rate while the window is in slow motion,
  /// `busy, 2 queued` instead of `idle`, a trailing `hidden`, and
  /// `leased by client 3 (name)` while a client holds its lease.
  public static func human(_ window: Curtain_V1_WindowInfo) -> String {
    let size = window.metrics.size
    var parts = [
      windowName(window.id),
      "\(decimal(size.width))×\(decimal(size.height))",
      "\(window.clock.name) \(window.frameRate)Hz",
    ]
    if window.speed != 1, window.speed != 0 { parts.append("speed \(decimal(window.speed))") }
    parts += [
      window.rootID == 0 ? "no root" : "root c\(window.rootID)",
      "revision \(window.revision)",
      "seq \(window.lastSeq)",
      window.idle ? "idle" : "busy, \(window.queuedOperations) queued",
    ]
    if !window.visible { parts.append("hidden") }
    if window.hasLease {
      let lease = window.lease
      let name = lease.holderName.isEmpty ? "" : " (\(lease.holderName))"
      parts.append("leased by client \(lease.holderClientID)\(name)")
    }
    return parts.joined(separator: "  ")
  }

  /// Keys: `window`, `size` [w, h], `safe_area` [top, left, bottom, right],
  /// `scale`, `horizontal`, `vertical` (size classes), `idiom`, `clock`,
  /// `frame_rate`, `speed` (1 unless in slow motion; 0 from a daemon older
  /// than it), `visible`,
  /// `revision`, `time`, `root`, `last_seq`,
  /// `idle`, `queued_operations`, and while a client holds its lease,
  /// `lease` (`holder`, `holder_name`, `expires_in`).
  public static func json(_ window: Curtain_V1_WindowInfo) -> JSONValue {
    let metrics = window.metrics
    let insets = metrics.safeArea
    var fields: [(String, JSONValue)] = [
      ("window", .unsigned(window.id)),
      ("size", numbers([metrics.size.width, metrics.size.height])),
      ("safe_area", numbers([insets.top, insets.left, insets.bottom, insets.right])),
      ("scale", .number(window.traits.displayScale)),
      ("horizontal", .string(window.traits.horizontal.name)),
      ("vertical", .string(window.traits.vertical.name)),
      ("idiom", .string(window.traits.idiom.name)),
      ("clock", .string(window.clock.name)),
      ("frame_rate", .unsigned(UInt64(window.frameRate))),
      // 0 only from a daemon older than the field (real time).
      ("speed", .number(window.speed)),
      ("visible", .bool(window.visible)),
      ("revision", .unsigned(window.revision)),
      ("time", .number(window.time)),
      ("root", .id(window.rootID)),
      ("last_seq", .unsigned(window.lastSeq)),
      ("idle", .bool(window.idle)),
      ("queued_operations", .unsigned(UInt64(window.queuedOperations))),
    ]
    if window.hasLease {
      fields.append(
        (
          "lease",
          .object([
            ("holder", .unsigned(window.lease.holderClientID)),
            ("holder_name", .string(window.lease.holderName)),
            ("expires_in", .number(window.lease.expiresIn)),
          ])
        ))
    }
    return .object(fields)
  }

  /// Traits as an object. Keys: `horizontal`, `vertical` (size classes),
  /// `scale`, `idiom`.
  public static func json(_ traits: Curtain_V1_Traits) -> JSONValue {
    .object([
      ("horizontal", .string(traits.horizontal.name)),
      ("vertical", .string(traits.vertical.name)),
      ("scale", .number(traits.displayScale)),
      ("idiom", .string(traits.idiom.name)),
    ])
  }
}
