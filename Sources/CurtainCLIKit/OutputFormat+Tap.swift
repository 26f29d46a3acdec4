// What a tap reached and did (`curtain tap`, the window's `tapped` event).

public import CurtainWire

extension Curtain_V1_TapHit.Effect: WireNamed {
  /// `none`, `passthrough`, `dismissed`, `refused`, `selected`,
  /// `reselected`, `declined`.
  public static let nameTable = NameTable<Self>(
    [
      (.none, "none"), (.passthrough, "passthrough"), (.dismissed, "dismissed"),
      (.refused, "refused"), (.selected, "selected"), (.reselected, "reselected"),
      (.declined, "declined"),
    ],
    unrecognized: "effect")
}

extension OutputFormat {
  /// `tapped v7 (controllerRoot of c3) at (510, 30)`, then what it did:
  /// `, through the passthrough views of c5`, `, dismissed c5`, `, refused
  /// by c5 (modal in presentation)`, and on a tab bar item `, selected c2
  /// in c8`, `, reselected c2 in c8`, `, declined by c8's delegate`.
  public static func human(_ hit: Curtain_V1_TapHit) -> String {
    var text = "tapped v\(hit.viewID) (\(hit.role)"
    if hit.controllerID != 0 { text += " of c\(hit.controllerID)" }
    text += ") at (\(decimal(hit.point.x)), \(decimal(hit.point.y)))"
    switch hit.effect {
    case .passthrough: text += ", through the passthrough views of c\(hit.presentedID)"
    case .dismissed: text += ", dismissed c\(hit.presentedID)"
    case .refused: text += ", refused by c\(hit.presentedID) (modal in presentation)"
    case .selected: text += ", selected c\(hit.tabID) in c\(hit.tabBarID)"
    case .reselected: text += ", reselected c\(hit.tabID) in c\(hit.tabBarID)"
    case .declined: text += ", declined by c\(hit.tabBarID)'s delegate"
    case .none, .UNRECOGNIZED: break
    }
    return text
  }

  /// The JSON object of a tap: `point` [x, y], `view`, `role`,
  /// `controller` (`null`: none), `effect`, `presented`, `tab_bar` and
  /// `tab` (`null` unless the effect names one).
  public static func json(_ hit: Curtain_V1_TapHit) -> JSONValue {
    .object([
      ("point", .array([.number(hit.point.x), .number(hit.point.y)])),
      ("view", .unsigned(hit.viewID)),
      ("role", .string(hit.role)),
      ("controller", .id(hit.controllerID)),
      ("effect", .string(hit.effect.name)),
      ("presented", .id(hit.presentedID)),
      ("tab_bar", .id(hit.tabBarID)),
      ("tab", .id(hit.tabID)),
    ])
  }
}
