// `curtain new-window --root SPEC`: a controller tree written in one line.
//
//     spec       := node <end>
//     node       := [identifier "="] (container | collection) | identifier
//     container  := keyword "[" [list] "]"
//     keyword    := "nav" | "navigation" | "tab" | "tabbar" | "container" | "split" | "page"
//     list       := node ("," node)*
//     collection := "collection" "[" [option ("," option)*] "]"
//     option     := "items=" count | "item-size=" W "x" H | "spacing=" points
//                 | "line-spacing=" points | "section-inset=" T ":" L ":" B ":" R
//                 | "frames=" X ":" Y ":" W ":" H (";" X ":" Y ":" W ":" H)*
//                 | "layout-to-layout"
//     identifier := 1 to 128 letters, digits, "_", "-" or "."
//
// A bare identifier is a content controller with that identifier;
// `nav[A,B]` is a navigation controller whose stack is A then B, `tab[…]` a
// tab bar controller with those tabs, `container[…]` a custom container with
// those children, `split[A,B]` a split view controller with primary A and
// secondary B (at most two columns), `page[A,B,…]` a page view controller
// with A, B, … as its data source, showing the first pages.
// `collection[…]` is a collection view controller, which contains no
// controllers: its options are those of `new-controller collection` (the
// item count, a flow layout's item size, spacings and section inset, or
// item frames, and useLayoutToLayoutNavigationTransitions), each once
// (RootSpec+Collection.swift). A container
// may be named too: `Main=nav[A]`. A keyword is a keyword only before "[";
// `nav` alone is a content controller named "nav". Spaces are allowed
// between tokens. Identifiers are unique per session, so
// the parser refuses a spec that uses one twice; one that exists already is
// refused by the daemon, which creates the tree with its window in one
// request (`CreateWindow.root`, RootSpec+Wire.swift) and creates nothing
// when it refuses.
//
// The parser is a small recursive descent over the characters; every error
// names its column and what was expected there.

public import CurtainWire

/// A controller tree to create in one go.
public struct RootSpec: Equatable, Sendable, CustomStringConvertible {
  /// What kind of controller a node is.
  public enum Kind: String, Equatable, Sendable {
    /// A content controller (a leaf).
    case content
    /// A navigation controller; children are its stack, bottom first.
    case navigation
    /// A tab bar controller; children are its tabs.
    case tabBar
    /// A custom container; children are added with `addChild`.
    case container
    /// A split view controller; children are its primary and secondary.
    case split
    /// A page view controller; children are its data source.
    case page
    /// A collection view controller (no children; its options are
    /// `RootSpec.collection`).
    case collection

    /// The spec keyword for container kinds.
    public var keyword: String {
      switch self {
      case .content: return ""
      case .navigation: return "nav"
      case .tabBar: return "tab"
      case .container: return "container"
      case .split: return "split"
      case .page: return "page"
      case .collection: return "collection"
      }
    }

    /// The wire kind.
    public var wire: Curtain_V1_ControllerKind {
      switch self {
      case .content: return .content
      case .navigation: return .navigation
      case .tabBar: return .tabBar
      case .container: return .container
      case .split: return .split
      case .page: return .page
      case .collection: return .collection
      }
    }
  }

  /// The node's kind.
  public var kind: Kind
  /// The identifier to give the controller (always set for content).
  public var identifier: String?
  /// Child nodes, in order (empty for content and collections).
  public var children: [RootSpec]
  /// A collection view controller's options as given (`nil` for other
  /// kinds; an empty message for `collection[]`).
  public var collection: Curtain_V1_CollectionOptions?

  /// Creates a node.
  public init(
    kind: Kind, identifier: String? = nil, children: [RootSpec] = [],
    collection: Curtain_V1_CollectionOptions? = nil
  ) {
    self.kind = kind
    self.identifier = identifier
    self.children = children
    self.collection = collection
  }

  /// A content controller with an identifier.
  public static func content(_ identifier: String) -> RootSpec {
    RootSpec(kind: .content, identifier: identifier)
  }

  /// The canonical text of the spec (`Main=nav[A,B]`).
  public var description: String {
    guard kind != .content else { return identifier ?? "" }
    let name = identifier.map { "\($0)=" } ?? ""
    if kind == .collection {
      return "\(name)collection[\(Self.optionTexts(collection ?? .init()).joined(separator: ","))]"
    }
    return "\(name)\(kind.keyword)[\(children.map(\.description).joined(separator: ","))]"
  }

  /// Parses a spec; throws `RootSpecError` naming the column and what was
  /// expected there.
  public static func parse(_ text: String) throws -> RootSpec {
    var parser = RootSpecParser(text)
    return try parser.parseSpec()
  }

  /// The deepest nesting accepted.
  public static let maximumDepth = 32
}

/// Why a root spec does not parse.
public struct RootSpecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The spec as given.
  public let text: String
  /// The 1-based column (in characters) where the problem is.
  public let column: Int
  /// What is wrong there.
  public let reason: String

  /// Creates an error.
  public init(text: String, column: Int, reason: String) {
    self.text = text
    self.column = column
    self.reason = reason
  }

  /// The message, then the spec with a caret under the column.
  public var description: String {
    let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
    return "invalid root spec at column \(column): \(reason)\n  \(text)\n  \(caret)"
  }
}

/// The recursive-descent parser behind `RootSpec.parse`.
private struct RootSpecParser {
  let text: String
  let characters: [Character]
  var index = 0
  /// Identifiers seen so far, with their columns.
  var seen: [String: Int] = [:]

  init(_ text: String) {
    self.text = text
    self.characters = Array(text)
  }

  mutating func parseSpec() throws -> RootSpec {
    let node = try parseNode(depth: 1)
    skipSpaces()
    if index < characters.count {
      throw error("expected the end of the spec, found \(found)")
    }
    return node
  }

  private mutating func parseNode(depth: Int) throws -> RootSpec {
    skipSpaces()
    guard depth <= RootSpec.maximumDepth else {
      throw error("controllers nest deeper than \(RootSpec.maximumDepth) levels")
    }
    let start = index
    guard let name = readIdentifier() else {
      throw error(
        "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], "
          + "collection[…], found \(found)"
      )
    }
    skipSpaces()
    if peek == "=" {
      index += 1
      skipSpaces()
      let kindStart = index
      guard let word = readIdentifier(), let kind = Self.containerKind(word), peekAfterSpaces == "["
      else {
        index = kindStart
        throw error(
          "expected nav[…], tab[…], container[…], split[…], page[…] or collection[…] after "
            + "'\(name)=', found \(found)"
        )
      }
      try claim(name, column: start + 1)
      return try parseContainer(kind, identifier: name, depth: depth)
    }
    if peek == "[" {
      guard let kind = Self.containerKind(name) else {
        index = start
        throw error(
          "unknown container '\(name)': expected nav, tab, container, split, page or collection "
            + "before '['")
      }
      return try parseContainer(kind, identifier: nil, depth: depth)
    }
    try claim(name, column: start + 1)
    return .content(name)
  }

  /// Parses `[list]` after a container keyword.
  private mutating func parseContainer(_ kind: RootSpec.Kind, identifier: String?, depth: Int)
    throws -> RootSpec
  {
    skipSpaces()
    index += 1  // "[", checked by the caller
    if kind == .collection { return try parseCollection(identifier: identifier) }
    var children: [RootSpec] = []
    skipSpaces()
    if peek == "]" {
      index += 1
      return RootSpec(kind: kind, identifier: identifier)
    }
    while true {
      if kind == .split, children.count == 2 {
        throw error("split[…] takes a primary and at most one secondary, found a third column")
      }
      children.append(try parseNode(depth: depth + 1))
      skipSpaces()
      switch peek {
      case ",":
        index += 1
      case "]":
        index += 1
        return RootSpec(kind: kind, identifier: identifier, children: children)
      default:
        throw error("expected ',' or ']' in \(kind.keyword)[…], found \(found)")
      }
    }
  }

  /// Parses the options of `collection[…]` after its "[": each is read up
  /// to the next "," or "]" and given to `RootSpec.addOption`, whose
  /// complaint is an error at the option's column.
  private mutating func parseCollection(identifier: String?) throws -> RootSpec {
    var options = Curtain_V1_CollectionOptions()
    var given: Set<String> = []
    skipSpaces()
    if peek == "]" {
      index += 1
      return RootSpec(kind: .collection, identifier: identifier, collection: options)
    }
    while true {
      skipSpaces()
      let start = index
      while let character = peek, character != ",", character != "]" { index += 1 }
      var end = index
      while end > start, characters[end - 1].isWhitespace { end -= 1 }
      let option = String(characters[start..<end])
      do {
        try RootSpec.addOption(option, to: &options, given: &given)
      } catch let reason as RootSpec.OptionError {
        throw RootSpecError(text: text, column: start + 1, reason: reason.reason)
      }
      switch peek {
      case ",":
        index += 1
      case "]":
        index += 1
        return RootSpec(kind: .collection, identifier: identifier, collection: options)
      default:
        throw error("expected ',' or ']' in collection[…], found \(found)")
      }
    }
  }

  /// Records an identifier; a second use is an error at its column.
  private mutating func claim(_ name: String, column: Int) throws {
    if let first = seen[name] {
      throw RootSpecError(
        text: text, column: column,
        reason: "identifier '\(name)' is used twice (first at column \(first)); "
          + "identifiers are unique per session")
    }
    guard name.count <= 128 else {
      throw RootSpecError(
        text: text, column: column, reason: "identifier '\(name)' is longer than 128 characters")
    }
    seen[name] = column
  }

  private static func containerKind(_ word: String) -> RootSpec.Kind? {
    switch word {
    case "nav", "navigation": return .navigation
    case "tab", "tabbar": return .tabBar
    case "container": return .container
    case "split": return .split
    case "page": return .page
    case "collection": return .collection
    default: return nil
    }
  }

  /// Reads letters, digits, "_", "-" and "." (the daemon's identifier
  /// alphabet); nil if there are none here.
  private mutating func readIdentifier() -> String? {
    let start = index
    while index < characters.count, Self.isIdentifierCharacter(characters[index]) {
      index += 1
    }
    return index > start ? String(characters[start..<index]) : nil
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
    }
  }

  private mutating func skipSpaces() {
    while index < characters.count, characters[index].isWhitespace { index += 1 }
  }

  private var peek: Character? { index < characters.count ? characters[index] : nil }

  private var peekAfterSpaces: Character? {
    var probe = index
    while probe < characters.count, characters[probe].isWhitespace { probe += 1 }
    return probe < characters.count ? characters[probe] : nil
  }

  /// What is at the current position, for messages.
  private var found: String {
    guard let character = peek else { return "the end of the spec" }
    return "'\(character)'"
  }

  private func error(_ reason: String) -> RootSpecError {
    RootSpecError(text: text, column: index + 1, reason: reason)
  }
}
