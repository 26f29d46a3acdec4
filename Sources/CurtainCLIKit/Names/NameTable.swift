// The names of a wire enum's cases, as the CLI prints them and reads them
// back. Each enum has exactly one table (its `WireNamed` conformance in
// WireNamed+*.swift): the cases a command line may name, in the order help
// lists them; other spellings the command line accepts; and the names
// printed for cases nobody names on a command line (the wire's
// "unspecified"). Output and option parsing both read the table, so every
// name is written once.

/// The names of the cases of a wire enum.
public struct NameTable<Value>: Sendable
where Value: RawRepresentable & Hashable & Sendable, Value.RawValue == Int {
  /// The cases a command line may name, in the order help lists them.
  public let entries: [(value: Value, name: String)]
  /// Other spellings the command line accepts (`nav` for `navigation`).
  public let aliases: [(name: String, value: Value)]
  /// Names that are printed but not accepted (`unspecified`).
  private let printedOnly: [(value: Value, name: String)]
  /// The name of a case this build does not know is this prefix and its
  /// number (`style12`).
  private let unrecognizedPrefix: String

  /// A table of `entries`, accepting `aliases` too; `printedOnly` names
  /// cases for output alone; an unknown case prints as
  /// `unrecognized` followed by its number.
  public init(
    _ entries: [(Value, String)], aliases: [(String, Value)] = [],
    printedOnly: [(Value, String)] = [], unrecognized: String
  ) {
    self.entries = entries.map { (value: $0.0, name: $0.1) }
    self.aliases = aliases.map { (name: $0.0, value: $0.1) }
    self.printedOnly = printedOnly.map { (value: $0.0, name: $0.1) }
    unrecognizedPrefix = unrecognized
  }

  /// The names a command line may give, in order.
  public var names: [String] { entries.map(\.name) }

  /// The name of a case.
  public func name(of value: Value) -> String {
    if let entry = entries.first(where: { $0.value == value }) { return entry.name }
    if let entry = printedOnly.first(where: { $0.value == value }) { return entry.name }
    return "\(unrecognizedPrefix)\(value.rawValue)"
  }

  /// The case of a name or alias, spelled exactly.
  public func value(named text: String) -> Value? {
    entries.first { $0.name == text }?.value ?? aliases.first { $0.name == text }?.value
  }

  /// The case of a name or alias, ignoring case and dashes
  /// (`one-beside-secondary`, `PAGECURL`).
  public func value(looselyNamed text: String) -> Value? {
    let wanted = Self.folded(text)
    return entries.first { Self.folded($0.name) == wanted }?.value
      ?? aliases.first { Self.folded($0.name) == wanted }?.value
  }

  /// The names as a list for people: `a, b, c or d`.
  public func list(_ conjunction: String = "or") -> String {
    let names = self.names
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " \(conjunction) \(names[names.count - 1])"
  }

  private static func folded(_ text: String) -> String {
    text.lowercased().filter { $0 != "-" }
  }
}
