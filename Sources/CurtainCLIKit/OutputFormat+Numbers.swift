// Numbers as the CLI prints them: rounded for people, with no `-0`, and the
// number lists of rectangles and transforms.

import CurtainWire

extension OutputFormat {
  /// A number for people: rounded to `places` decimals, trailing zeros
  /// dropped unless `fixed` asks for exactly that many, no `-0`.
  public static func decimal(_ value: Double, places: Int = 4, fixed: Int? = nil) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    let digits = fixed ?? places
    var scale: UInt64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * Double(scale)).rounded()
    guard abs(scaled) < 9e15 else { return "\(value)" }
    let magnitude = UInt64(abs(scaled))
    let whole = magnitude / scale
    var fraction = digits == 0 ? "" : String(magnitude % scale)
    fraction = String(repeating: "0", count: digits - fraction.count) + fraction
    if fixed == nil {
      while fraction.last == "0" { fraction.removeLast() }
    }
    let sign = scaled < 0 ? "-" : ""
    return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  static func rectText(_ rect: Curtain_V1_Rect) -> String {
    "(\(rectNumbers(rect).map { decimal($0) }.joined(separator: ", ")))"
  }

  static func rectNumbers(_ rect: Curtain_V1_Rect) -> [Double] {
    [rect.x, rect.y, rect.width, rect.height]
  }

  /// The six numbers of a transform; nil is the identity.
  static func transformNumbers(_ transform: Curtain_V1_Transform?) -> [Double] {
    guard let transform else { return [1, 0, 0, 1, 0, 0] }
    return [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
  }

  static func isIdentity(_ transform: Curtain_V1_Transform) -> Bool {
    transformNumbers(transform) == [1, 0, 0, 1, 0, 0]
  }

  static func numbers(_ values: [Double]) -> JSONValue {
    .array(values.map { .number($0) })
  }
}
