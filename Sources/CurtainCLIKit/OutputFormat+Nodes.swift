// A cluster's nodes (`curtain nodes`): one line per node, or one JSON
// object per node.

public import CurtainWire

extension OutputFormat {
  /// `a  tcp://127.0.0.1:7001  alive (lease 4.2 s)  3 sessions  2 clients  capacity 1000
  /// curtaind 0.9.0  [s1 s2 s3]`, the answering node marked with `*`.
  public static func human(_ node: Curtain_V1_NodeList.Entry, answeredBy: String) -> String {
    let state =
      node.alive
      ? "alive (lease \(decimal(node.leaseRemaining, places: 1)) s)"
      : "DOWN (lease expired \(decimal(-node.leaseRemaining, places: 1)) s ago)"
    let sessions = node.sessions.isEmpty ? "" : "  [\(node.sessions.joined(separator: " "))]"
    return "\(node.name == answeredBy ? "*" : " ")\(node.name)  \(node.address)  \(state)  "
      + "\(count(node.sessions.count, "session"))  "
      + "\(count(node.clients, "client"))  capacity \(node.capacity)  curtaind \(node.version)"
      + sessions
  }

  /// Keys: `node`, `address`, `alive`, `lease_remaining`, `sessions`,
  /// `clients`, `capacity`, `version`, `answered` (whether this node
  /// answered).
  public static func json(_ node: Curtain_V1_NodeList.Entry, answeredBy: String) -> JSONValue {
    .object([
      ("node", .string(node.name)),
      ("address", .string(node.address)),
      ("alive", .bool(node.alive)),
      ("lease_remaining", .number(node.leaseRemaining)),
      ("sessions", .array(node.sessions.map { .string($0) })),
      ("clients", .unsigned(UInt64(node.clients))),
      ("capacity", .unsigned(UInt64(node.capacity))),
      ("version", .string(node.version)),
      ("answered", .bool(node.name == answeredBy)),
    ])
  }

  /// Where a session went (`curtain move-session --json`). Keys: `session`,
  /// `node` (the node that serves it now), `address`, `epoch`.
  public static func json(_ move: Curtain_V1_SessionMove) -> JSONValue {
    .object([
      ("session", .string(move.session)), ("node", .string(move.node)),
      ("address", .string(move.address)), ("epoch", .unsigned(move.epoch)),
    ])
  }
}
