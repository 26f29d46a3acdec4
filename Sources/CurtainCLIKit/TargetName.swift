// How the CLI names things on its command line:
//
//     window      w3 or 3
//     transition  t5 or 5
//     controller  c12 (by id) or @Home (by identifier)
//     tab         an index (0, 1, …), a controller, or "more"
//     size        390x844 (or 390×844)
//     view        v12 or 12
//     rect        X,Y,W,H (10,20,44,44)
//
// Ids are ASCII digits and count from 1, so `w0`, `t0` and `c0` are refused
// here rather than being read as the wire's "none". Every client reads these
// names the same way: Tests/Fixtures/name-cases.json is their shared table
// (docs/names.md).

import CurtainCore
public import CurtainWire

/// Parsing of the names the CLI accepts for windows, transitions and
/// controllers.
public enum TargetName {
  /// A window id from `w3` or `3`.
  public static func window(_ text: String) throws -> UInt64 {
    try number(text, prefix: "w", what: "window", example: "w3")
  }

  /// A transition id from `t5` or `5`.
  public static func transition(_ text: String) throws -> UInt64 {
    try number(text, prefix: "t", what: "transition", example: "t5")
  }

  /// A view id from `v12` or `12`.
  public static func view(_ text: String) throws -> UInt64 {
    try number(text, prefix: "v", what: "view", example: "v12")
  }

  /// Insets from `TOP,LEFT,BOTTOM,RIGHT` (finite, not negative); `nil`
  /// for anything else (the caller says what it wanted).
  public static func insets(_ text: String) -> Curtain_V1_EdgeInsets? {
    guard let values = numbers(text, count: 4), values.allSatisfy({ $0 >= 0 }) else { return nil }
    var insets = Curtain_V1_EdgeInsets()
    insets.top = values[0]
    insets.left = values[1]
    insets.bottom = values[2]
    insets.right = values[3]
    return insets
  }

  /// A rectangle from `X,Y,W,H` (finite numbers, non-negative size).
  public static func rect(_ text: String) throws -> Curtain_V1_Rect {
    guard let values = numbers(text, count: 4), values[2] >= 0, values[3] >= 0 else {
      throw TargetNameError(
        "'\(text)' is not a rectangle: use X,Y,WIDTH,HEIGHT with a non-negative size, "
          + "as in 10,20,44,44")
    }
    var rect = Curtain_V1_Rect()
    rect.x = values[0]
    rect.y = values[1]
    rect.width = values[2]
    rect.height = values[3]
    return rect
  }

  /// Popover arrow directions from a comma-separated list of `up`, `down`,
  /// `left`, `right` (CurtainCore's `PopoverArrowDirection`), `any` or
  /// `none`, as UIPopoverArrowDirection bits.
  public static func arrows(_ text: String) throws -> UInt32 {
    var bits: UInt32 = 0
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = word.filter { $0 != " " }.lowercased()
      if let direction = PopoverArrowDirection(rawValue: name) {
        bits |= direction.option.rawValue
      } else if name == "any" {
        bits |= PopoverArrowDirections.any.rawValue
      } else if name != "none" {
        let names = PopoverArrowDirection.allCases.map(\.rawValue).joined(separator: ", ")
        throw TargetNameError(
          "'\(word)' is not an arrow direction: use \(names), any or none, separated by commas")
      }
    }
    return bits
  }

  /// A controller reference from `c12` (id) or `@Home` (identifier).
  public static func controller(_ text: String) throws -> Curtain_V1_ControllerRef {
    var ref = Curtain_V1_ControllerRef()
    if text.hasPrefix("@") {
      let identifier = String(text.dropFirst())
      guard !identifier.isEmpty else {
        throw TargetNameError("'@' must be followed by an identifier, as in @Home")
      }
      ref.identifier = identifier
      return ref
    }
    let digits = text.dropFirst()
    if text.hasPrefix("c"), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let id = UInt64(digits), id > 0
    {
      ref.id = id
      return ref
    }
    throw TargetNameError(
      "'\(text)' is not a controller name: use c<id> (c12) or @<identifier> (@Home)")
  }

  /// A point from `X,Y`.
  public static func point(_ text: String) throws -> Curtain_V1_Point {
    guard let values = numbers(text, count: 2) else {
      throw TargetNameError("'\(text)' is not a point: use X,Y, as in 100,600")
    }
    var point = Curtain_V1_Point()
    point.x = values[0]
    point.y = values[1]
    return point
  }

  /// UIRectEdge bits from a list of `top`, `left`, `bottom`, `right`, `all`
  /// and `none` (top 1, left 2, bottom 4, right 8).
  public static func edges(_ text: String) throws -> UInt32 {
    var bits: UInt32 = 0
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      switch name {
      case "top": bits |= 1
      case "left": bits |= 2
      case "bottom": bits |= 4
      case "right": bits |= 8
      case "all": bits |= 15
      case "none": break
      default:
        throw TargetNameError(
          "'\(name)' is not an edge: use top, left, bottom, right, all or none")
      }
    }
    return bits
  }

  /// A bar button item: `left` or `right` (the navigation bar's), or a tab
  /// bar item's index.
  public static func barItem(_ text: String) throws -> Curtain_V1_BarItem {
    var item = Curtain_V1_BarItem()
    switch text {
    case "left": item.navigation = .left
    case "right": item.navigation = .right
    default:
      guard let index = UInt32(text) else {
        throw TargetNameError(
          "'\(text)' is not a bar item: use left or right (the navigation bar's items) or a tab "
            + "index from 0")
      }
      item.tabIndex = index
    }
    return item
  }

  /// A tab selection: an index, a controller, or `more`.
  public static func tab(_ text: String) throws -> Curtain_V1_SelectTab.OneOf_Selection {
    if text == "more" { return .more(true) }
    if let index = UInt32(text) { return .index(index) }
    if text.first?.isNumber == true {
      throw TargetNameError("tab index '\(text)' is not a number from 0 to \(UInt32.max)")
    }
    do {
      return .controller(try controller(text))
    } catch {
      throw TargetNameError(
        "'\(text)' is not a tab: use an index (0), a controller (c12, @Home) or 'more'")
    }
  }

  /// A size from `WxH` (`390x844`, `1024×768`, `390.5x844`).
  public static func size(_ text: String) throws -> Curtain_V1_Size {
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "X" })
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width.isFinite, height.isFinite, width > 0, height > 0
    else {
      throw TargetNameError(
        "'\(text)' is not a size: use WIDTHxHEIGHT with positive numbers, as in 390x844")
    }
    var size = Curtain_V1_Size()
    size.width = width
    size.height = height
    return size
  }

  /// A segue's shouldPerformSegue answer from `IDENT=yes|no|storyboard`
  /// (`storyboard` removes a client's answer).
  public static func shouldPerform(_ text: String) throws -> (
    identifier: String, answer: Curtain_V1_ShouldPerformAnswer
  ) {
    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let answers = Curtain_V1_ShouldPerformAnswer.nameTable
    guard parts.count == 2, !parts[0].isEmpty, let answer = answers.value(named: String(parts[1]))
    else {
      throw TargetNameError(
        "'\(text)' is not a segue answer: use IDENT=yes, IDENT=no or IDENT=storyboard")
    }
    return (String(parts[0]), answer)
  }

  /// `count` finite numbers separated by commas (`0,0,390,200`; spaces
  /// allowed), or `nil`.
  public static func numbers(_ text: String, count: Int) -> [Double]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let values = parts.compactMap { Double(String($0.filter { !$0.isWhitespace })) }
    guard parts.count == count, values.count == count, values.allSatisfy(\.isFinite) else {
      return nil
    }
    return values
  }

  private static func number(_ text: String, prefix: Character, what: String, example: String)
    throws -> UInt64
  {
    let digits = text.first == prefix ? text.dropFirst() : Substring(text)
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = UInt64(digits) else {
      throw TargetNameError("'\(text)' is not a \(what): use \(example) or \(example.dropFirst())")
    }
    guard id > 0 else { throw TargetNameError("\(what) ids start at 1, so '\(text)' names none") }
    return id
  }
}

/// A name on the command line that does not parse.
public struct TargetNameError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and what would be right.
  public let description: String

  /// Creates an error with a message.
  public init(_ description: String) { self.description = description }
}
