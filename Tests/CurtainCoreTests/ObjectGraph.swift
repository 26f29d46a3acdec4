// Comparing two object graphs property by property through reflection
// (`Mirror`), for the snapshot tests: every stored property of every object
// reachable from a session, public or private, so that a property the
// snapshot forgets shows up as a difference rather than being skipped by a
// hand-written comparison. Objects are matched by position (the restored
// copy of an object must sit where the original sits, and always be the
// same copy); dictionaries and sets are compared in key order; closures
// only by presence. An event log is compared by what it holds (its ring
// may start anywhere). A window's `endedThisStep` and `actionsThisStep` are
// left out: they are reset at the start of every step and only read within
// one (what they hold between calls is left over from the last).

import Foundation

@testable import CurtainCore

/// Walks two object graphs in step and records where they differ.
struct ObjectGraphComparison {
  private(set) var differences: [String] = []
  private var pairs: [ObjectIdentifier: ObjectIdentifier] = [:]

  /// Compares `a` and `b`, recording differences under `path`.
  mutating func compare(_ a: Any, _ b: Any, path: String) {
    guard differences.count < 20 else { return }
    if let a = a as? EventLog, let b = b as? EventLog {
      let left = (a.lastSeq, a.events(after: a.firstKeptSeq - 1) ?? [])
      let right = (b.lastSeq, b.events(after: b.firstKeptSeq - 1) ?? [])
      if left.0 != right.0 || left.1 != right.1 || a.capacity != b.capacity {
        differences.append("\(path): event logs differ")
      }
      return
    }
    if let a = a as? Double, let b = b as? Double {
      if a.bitPattern != b.bitPattern { differences.append("\(path): \(a) ≠ \(b)") }
      return
    }
    let left = Mirror(reflecting: a)
    let right = Mirror(reflecting: b)
    guard type(of: a) == type(of: b) else {
      differences.append("\(path): \(type(of: a)) ≠ \(type(of: b))")
      return
    }
    switch left.displayStyle {
    case .class:
      let ida = ObjectIdentifier(a as AnyObject)
      let idb = ObjectIdentifier(b as AnyObject)
      if let matched = pairs[ida] {
        if matched != idb { differences.append("\(path): a different object than before") }
        return
      }
      pairs[ida] = idb
      compareClass(left, right, path: path)
    case .optional:
      switch (left.children.first, right.children.first) {
      case (nil, nil): return
      case (let x?, let y?): compare(x.value, y.value, path: path)
      default: differences.append("\(path): one side is nil (\(a) vs \(b))")
      }
    case .collection:
      let xs = Array(left.children)
      let ys = Array(right.children)
      guard xs.count == ys.count else {
        differences.append("\(path): \(xs.count) elements ≠ \(ys.count)")
        return
      }
      for (index, (x, y)) in zip(xs, ys).enumerated() {
        compare(x.value, y.value, path: "\(path)[\(index)]")
      }
    case .dictionary, .set:
      let xs = left.children.map { ("\($0.value)", $0.value) }.sorted { $0.0 < $1.0 }
      let ys = right.children.map { ("\($0.value)", $0.value) }.sorted { $0.0 < $1.0 }
      guard xs.count == ys.count else {
        differences.append("\(path): \(xs.count) entries ≠ \(ys.count)")
        return
      }
      for (x, y) in zip(xs, ys) {
        let key =
          left.displayStyle == .set ? x.0 : "\(Mirror(reflecting: x.1).children.first!.value)"
        compare(x.1, y.1, path: "\(path)[\(key)]")
      }
    case .enum:
      let labels = (left.children.first?.label, right.children.first?.label)
      guard labels.0 == labels.1, left.children.count == right.children.count else {
        differences.append("\(path): \(a) ≠ \(b)")
        return
      }
      if left.children.isEmpty {
        if "\(a)" != "\(b)" { differences.append("\(path): \(a) ≠ \(b)") }
        return
      }
      for (x, y) in zip(left.children, right.children) {
        compare(x.value, y.value, path: "\(path).\(x.label ?? "?")")
      }
    case .struct, .tuple:
      compareChildren(left, right, path: path)
    default:
      if "\(type(of: a))".contains("->") { return }
      if "\(a)" != "\(b)" { differences.append("\(path): \(a) ≠ \(b)") }
    }
  }

  private mutating func compareClass(_ left: Mirror, _ right: Mirror, path: String) {
    compareChildren(left, right, path: path)
    if let up = left.superclassMirror, let other = right.superclassMirror {
      compareClass(up, other, path: path)
    }
  }

  private mutating func compareChildren(_ left: Mirror, _ right: Mirror, path: String) {
    let xs = Array(left.children)
    let ys = Array(right.children)
    guard xs.count == ys.count else {
      differences.append("\(path): \(xs.count) properties ≠ \(ys.count)")
      return
    }
    // Transient bookkeeping for the daemon, not state: what ended this step,
    // the windows with events not yet published, and the count of
    // interactions timed out since start (a metric).
    let transient: Set<String> = [
      "endedThisStep", "actionsThisStep", "windowsWithNewEvents", "detachedSeqTaken",
      "interactionTimeouts",
    ]
    for (x, y) in zip(xs, ys) where !transient.contains(x.label ?? "") {
      compare(x.value, y.value, path: "\(path).\(x.label ?? "?")")
    }
  }
}

/// The stored properties a class declares itself (not its superclass's),
/// by name, as reflection sees them.
func storedPropertyNames(of object: AnyObject, declaredBy type: AnyClass) -> Set<String> {
  var mirror: Mirror? = Mirror(reflecting: object)
  while let current = mirror, current.subjectType != type {
    mirror = current.superclassMirror
  }
  return Set(mirror?.children.compactMap(\.label) ?? [])
}
