// What a tap reached and did (`curtain tap`, the window's `tapped` event).

public import CurtainWire

extension Curtain_V1_TapHit.Effect: WireNamed {
  /// `none`, `passthrough`, `dismissed`, `refused`.
  public static let nameTable = NameTable<Self>(
    [
      (.none, "none"), (.passthrough, "passthrough"), (.dismissed, "dismissed"),
      (.refused, "refused"),
    ],
    unrecognized: "effect")
}

extension OutputFormat {
  /// `tapped v7 (controllerRoot of c3) at (510, 30)`, then what it did:
  /// `, through the passthrough views of c5`, `, dismissed c5`, `, refused
  /// by c5 (modal in presentation)`.
  public static func human(_ hit: Curtain_V1_TapHit) -> String {
    var text = "tapped v\(hit.viewID) (\(hit.role)"
    if hit.controllerID != 0 { text += " of c\(hit.controllerID)" }
    text += ") at (\(decimal(hit.point.x)), \(decimal(hit.point.y)))"
    switch hit.effect {
    case .passthrough: text += ", through the passthrough views of c\(hit.presentedID)"
    case .dismissed: text += ", dismissed c\(hit.presentedID)"
    case .refused: text += ", refused by c\(hit.presentedID) (modal in presentation)"
    case .none, .UNRECOGNIZED: break
    }
    return text
  }

  /// The JSON object of a tap: `point` [x, y], `view`, `role`,
  /// `controller` (`null`: none), `effect` and `presented` (`null` unless
  /// the effect names one).
  public static func json(_ hit: Curtain_V1_TapHit) -> JSONValue {
    .object([
      ("point", .array([.number(hit.point.x), .number(hit.point.y)])),
      ("view", .unsigned(hit.viewID)),
      ("role", .string(hit.role)),
      ("controller", .id(hit.controllerID)),
      ("effect", .string(hit.effect.name)),
      ("presented", .id(hit.presentedID)),
    ])
  }
}
