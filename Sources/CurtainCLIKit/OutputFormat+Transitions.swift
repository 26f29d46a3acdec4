// The running transitions (`list-transitions`).

public import CurtainWire

extension OutputFormat {
  /// `t2  w4  pop  @Two → @One  40%  interactive  client 7 (python)`:
  /// its name, window, kind, outgoing and incoming controllers (named by
  /// `names`: `@identifier`, else `c12`; `none` for a size transition),
  /// progress, `interactive` or `playing`, and the client it belongs to
  /// (`no client` for none).
  public static func human(
    _ transition: Curtain_V1_TransitionInfo, names: [UInt64: String]
  ) -> String {
    func name(_ id: UInt64) -> String { id == 0 ? "none" : names[id] ?? "c\(id)" }
    let owner =
      transition.ownerClientID == 0
      ? "no client"
      : "client \(transition.ownerClientID)"
        + (transition.ownerName.isEmpty ? "" : " (\(transition.ownerName))")
    return [
      "t\(transition.transitionID)", windowName(transition.windowID), transition.kind,
      "\(name(transition.fromID)) → \(name(transition.toID))",
      "\(Int((transition.percent * 100).rounded()))%",
      transition.interactive ? "interactive" : "playing", owner,
    ].joined(separator: "  ")
  }

  /// Keys: `transition`, `window`, `kind`, `container`, `from`, `to`
  /// (controller ids, null for none), `percent`, `interactive`, `animated`,
  /// `duration`, `owner` (a client id, null for none), `owner_name`.
  public static func json(_ transition: Curtain_V1_TransitionInfo) -> JSONValue {
    .object([
      ("transition", .unsigned(transition.transitionID)),
      ("window", .unsigned(transition.windowID)),
      ("kind", .string(transition.kind)),
      ("container", .id(transition.containerID)),
      ("from", .id(transition.fromID)),
      ("to", .id(transition.toID)),
      ("percent", .number(transition.percent)),
      ("interactive", .bool(transition.interactive)),
      ("animated", .bool(transition.animated)),
      ("duration", .number(transition.duration)),
      ("owner", .id(transition.ownerClientID)),
      ("owner_name", .optionalString(transition.ownerName)),
    ])
  }
}
