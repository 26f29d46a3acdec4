// The session's index of controller identifiers, so that `@Home` is found,
// and an identifier checked for uniqueness, in constant time whatever the
// number of controllers.
//
// It is an open-addressing hash table with linear probing whose slots hold
// only the controllers: the key of a slot is its controller's identifier,
// so the index costs 8 bytes a slot (at most 4 slots for 3 controllers)
// where a `[String: ViewController]` costs 24 and keeps a second copy of
// every identifier's string. A slot is emptied by shifting the rest of its
// run back (no tombstones), so a lookup's work depends only on the load.
//
// The session keeps it exact (Session.swift): a controller enters when it
// is inserted with an identifier and when its identifier is set, and
// leaves when it is removed and when its identifier changes, which is why
// `remove` takes the identifier the controller was indexed under.

/// Controllers by identifier (see the file comment).
struct IdentifierIndex {
  /// The table: empty, or a power of two of slots at most three quarters
  /// full.
  private var slots: [ViewController?] = []
  /// The controllers in the table.
  private(set) var count = 0

  /// The controller whose identifier is `identifier`, if any.
  func controller(_ identifier: String) -> ViewController? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = identifier.hashValue & mask
    while let candidate = slots[slot] {
      if candidate.identifier == identifier { return candidate }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds a controller under its identifier, which no controller of the
  /// index has.
  mutating func insert(_ controller: ViewController) {
    guard let identifier = controller.identifier else { return }
    if (count + 1) * 4 > slots.count * 3 { resize(to: max(16, slots.count * 2)) }
    let mask = slots.count - 1
    var slot = identifier.hashValue & mask
    while slots[slot] != nil { slot = (slot + 1) & mask }
    slots[slot] = controller
    count += 1
  }

  /// Takes a controller out of the index, where it was inserted under
  /// `identifier` (its identifier then, perhaps not now). Does nothing if
  /// it is not there.
  mutating func remove(_ controller: ViewController, indexedAs identifier: String) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var hole = identifier.hashValue & mask
    while let candidate = slots[hole], candidate !== controller { hole = (hole + 1) & mask }
    guard slots[hole] != nil else { return }
    slots[hole] = nil
    count -= 1
    // Moves back every later controller of the run that may sit in the
    // hole: one whose home slot is not cyclically after the hole.
    var slot = (hole + 1) & mask
    while let next = slots[slot] {
      let home = (next.identifier?.hashValue ?? 0) & mask
      if (slot - home) & mask >= (slot - hole) & mask {
        slots[hole] = next
        slots[slot] = nil
        hole = slot
      }
      slot = (slot + 1) & mask
    }
    if slots.count > 16, count * 8 < slots.count { resize(to: slots.count / 2) }
  }

  /// Every controller of the index, in no particular order.
  var controllers: [ViewController] { slots.compactMap { $0 } }

  /// Rebuilds the table with `size` slots.
  private mutating func resize(to size: Int) {
    let old = slots
    slots = Array(repeating: nil, count: size)
    count = 0
    for case let controller? in old { insert(controller) }
  }
}
