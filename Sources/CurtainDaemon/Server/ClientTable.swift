// The clients: a part of the server that owns the connected clients, by
// id, and what the daemon keeps about clients around them: the failed
// Hellos by source address (HelloRateLimit.swift), and the bytes the
// transport holds for their unfinished messages (`max-partial-bytes`, for
// GetStatus). A client is added when it connects and removed when its
// connection is gone; everything else about it is its `ClientState`.

/// The connected clients, and what is kept about clients around them.
final class ClientTable {
  private var byID: [UInt64: ClientState] = [:]
  /// Failed Hellos by source address (HelloRateLimit.swift).
  var helloFailures = HelloFailureLog()
  /// Bytes the transport holds for unfinished messages of all clients
  /// (the daemon sets it).
  var partialBytesInUse: () -> Int = { 0 }

  /// The connected client `id`, if it is connected.
  subscript(id: UInt64) -> ClientState? {
    byID[id]
  }

  /// Number of connected clients.
  var count: Int { byID.count }

  /// The connected clients, in no order.
  var values: Dictionary<UInt64, ClientState>.Values { byID.values }

  /// A client connected.
  func add(_ client: ClientState) {
    byID[client.id] = client
  }

  /// Client `id`'s connection is gone; returns it, if it was connected.
  func remove(_ id: UInt64) -> ClientState? {
    byID.removeValue(forKey: id)
  }
}
