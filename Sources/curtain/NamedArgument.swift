// Option values that are wire enum cases, read by their names in the enum's
// one name table (CurtainCLIKit's `WireNamed`): help lists the table's
// names, shell completion offers them, and a wrong value is answered with
// them, so the command line and the output spell every case alike.

import ArgumentParser
import CurtainCLIKit

/// A command-line value that is a case of a wire enum with a name table.
protocol NamedArgument: ExpressibleByArgument {
  /// The wire enum.
  associatedtype Named: WireNamed
  /// The case.
  var named: Named { get }
  /// The value for a case.
  init(_ named: Named)
}

extension NamedArgument {
  init?(argument: String) {
    guard let named = Named.nameTable.value(named: argument) else { return nil }
    self.init(named)
  }

  var defaultValueDescription: String { named.name }

  static var allValueStrings: [String] { Named.nameTable.names }

  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A wire enum case on the command line (`--style fullScreen`).
struct WireName<Value: WireNamed>: NamedArgument {
  /// The case, as sent.
  let wire: Value

  init(_ named: Value) { wire = named }

  var named: Value { wire }
}
