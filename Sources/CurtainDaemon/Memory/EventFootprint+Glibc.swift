// What an event costs in memory on the allocator curtaind runs on, for the
// byte limit of the event logs (`--event-ring-bytes`; CurtainCore's
// EventLog.swift, which counts each event by the configuration's
// `EventFootprint`): the slot it takes in a log's ring plus the heap blocks
// it keeps alive (a long trace id, the lists of a hierarchy change or of a
// completed operation, the strings of segue callbacks, and the boxes of the
// large payloads: a transition's `began` information, a popover's
// placement, a tap, an operation's error). The Core boxes the large
// payloads (`indirect`) so that a slot is the size of a common event, not
// of the largest one. The figures follow glibc: Swift's native string and
// array headers are 32 bytes, a box's 16, and glibc rounds each block up to
// 16 bytes with 8 of its own, at least 32.

import CurtainCore

extension EventFootprint {
  /// An event's slot and its heap blocks as glibc's allocator hands them
  /// out.
  static let glibc = EventFootprint(name: "glibc") { event in
    Event.inlineBytes + HeapBytes.string(event.traceID) + HeapBytes.payload(of: event.kind)
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

  /// The heap blocks of an event's payload.
  static func payload(of kind: EventKind) -> Int {
    switch kind {
    case .hierarchy(.viewControllersChanged(_, let list)): return array(list)
    case .operation(_, .completed(_, let removed)): return array(removed)
    case .operation(_, .failed(let error)):
      let details = (error.details ?? [:]).reduce(error.details == nil ? 0 : 64) {
        $0 + 32 + string($1.key) + string($1.value)
      }
      return box(CurtainError.self) + string(error.message) + details
    case .transition(_, .began): return box(TransitionInfo.self)
    case .presentation(_, _, .popoverPlaced): return box(PopoverPlacement.self)
    case .window(.tapped): return box(TapHit.self)
    case .segue(_, .shouldPerform(let identifier, _)): return string(identifier)
    case .segue(_, .prepare(let identifier, _)): return string(identifier)
    case .segue(_, .canPerformUnwind(let action, _, _)): return string(action)
    case .segue(_, .unwindAction(let action, _)): return string(action)
    default: return 0
    }
  }
}
