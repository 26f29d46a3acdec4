// Wire enums with names: each conformance (WireNamed+*.swift) is the one
// table of its enum's names, read by the output formats and by the CLI's
// option parsing alike.

/// A wire enum whose cases have names on the command line and in output.
public protocol WireNamed: RawRepresentable, Hashable, Sendable where RawValue == Int {
  /// The enum's one table of names.
  static var nameTable: NameTable<Self> { get }
}

extension WireNamed {
  /// The case's name (`fullScreen`, `viewWillAppear`).
  public var name: String { Self.nameTable.name(of: self) }
}
