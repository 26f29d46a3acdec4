// What an event costs in memory, for the byte limit of the event logs
// (EventLog.swift): the slot it takes in a log's ring plus the heap blocks
// it keeps alive (a long trace id, the lists of a hierarchy change or of a
// completed operation, the strings of segue callbacks, and the boxes of the
// large payloads: a transition's `began` information, a popover's
// placement, a tap, an operation's error). The large payloads are boxed
// (`indirect`) so that a slot is the size of a common event, not of the
// largest one. The figures follow the allocator this runs on: Swift's
// native string and array headers are 32 bytes, a box's 16, and glibc
// rounds each block up to 16 bytes with 8 of its own, at least 32.

extension Event {
  /// The bytes of one slot of a log's ring.
  static let inlineBytes = MemoryLayout<Event>.stride

  /// What an empty slot holds: nothing on the heap.
  static let vacant = Event(
    seq: 0, windowID: nil, revision: 0, traceID: nil, time: 0, kind: .window(.closed))

  /// The memory the event keeps in a log: its slot and its heap blocks.
  public var retainedBytes: Int {
    Self.inlineBytes + HeapBytes.string(traceID) + kind.heapBytes
  }
}

extension EventKind {
  /// The heap blocks of the payload.
  fileprivate var heapBytes: Int {
    switch self {
    case .hierarchy(.viewControllersChanged(_, let list)): return HeapBytes.array(list)
    case .operation(_, .completed(_, let removed)): return HeapBytes.array(removed)
    case .operation(_, .failed(let error)):
      let details = (error.details ?? [:]).reduce(error.details == nil ? 0 : 64) {
        $0 + 32 + HeapBytes.string($1.key) + HeapBytes.string($1.value)
      }
      return HeapBytes.box(CurtainError.self) + HeapBytes.string(error.message) + details
    case .transition(_, .began): return HeapBytes.box(TransitionInfo.self)
    case .presentation(_, _, .popoverPlaced): return HeapBytes.box(PopoverPlacement.self)
    case .window(.tapped): return HeapBytes.box(TapHit.self)
    case .segue(_, .shouldPerform(let identifier, _)): return HeapBytes.string(identifier)
    case .segue(_, .prepare(let identifier, _)): return HeapBytes.string(identifier)
    case .segue(_, .canPerformUnwind(let action, _, _)): return HeapBytes.string(action)
    case .segue(_, .unwindAction(let action, _)): return HeapBytes.string(action)
    default: return 0
    }
  }
}

/// Sizes of heap blocks (see the file comment).
enum HeapBytes {
  /// A block of `size` bytes as the allocator hands it out.
  static func block(_ size: Int) -> Int { max(32, (size + 8 + 15) & ~15) }

  /// A string's storage: none for up to 15 UTF-8 bytes (kept inline).
  static func string(_ string: String?) -> Int {
    guard let count = string?.utf8.count, count > 15 else { return 0 }
    return block(32 + count + 1)
  }

  /// An array's storage.
  static func array<Element>(_ array: [Element]) -> Int {
    array.isEmpty ? 0 : block(32 + array.count * MemoryLayout<Element>.stride)
  }

  /// The box of an `indirect` payload.
  static func box<Payload>(_ type: Payload.Type) -> Int {
    block(16 + MemoryLayout<Payload>.size)
  }
}
