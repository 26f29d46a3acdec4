// Reads a Chrome trace (the JSON object form GetTrace and `curtain trace`
// write) as a trace viewer does and says what a viewer would stumble on:
// a `B` without its `E` on the same thread, slices of a thread that overlap
// without nesting, timestamps going back on a track, negative durations,
// flow starts without their end (or an end bound to no slice), tracks
// without a name. Tests use it on every trace they make.

public import Foundation

/// A parsed Chrome trace.
public struct ChromeTraceFile {
  /// One trace event.
  public struct Event {
    public let name: String
    public let category: String
    public let phase: String
    /// Microseconds.
    public let ts: Double
    public let duration: Double?
    public let pid: Int
    public let tid: Int
    public let id: Int?
    public let bindingPoint: String?
    public let args: [String: Any]
    /// Position in the file.
    public let index: Int

    /// The end of a complete slice.
    public var end: Double { ts + (duration ?? 0) }

    /// A string argument.
    public func arg(_ key: String) -> String? { args[key] as? String }

    /// A numeric argument.
    public func number(_ key: String) -> Double? { (args[key] as? NSNumber)?.doubleValue }
  }

  /// The events, in file order.
  public let events: [Event]
  /// The top-level `metadata` object.
  public let metadata: [String: Any]

  /// Parses the JSON object form; throws when it is not one.
  public init(json: Data) throws {
    guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
      let list = object["traceEvents"] as? [[String: Any]]
    else {
      throw TempDaemonError(description: "not a JSON object with a traceEvents array")
    }
    metadata = object["metadata"] as? [String: Any] ?? [:]
    events = try list.enumerated().map { index, raw in
      guard let name = raw["name"] as? String, let phase = raw["ph"] as? String,
        let pid = (raw["pid"] as? NSNumber)?.intValue
      else {
        throw TempDaemonError(description: "event \(index) lacks name, ph or pid: \(raw)")
      }
      return Event(
        name: name, category: raw["cat"] as? String ?? "", phase: phase,
        ts: (raw["ts"] as? NSNumber)?.doubleValue ?? 0,
        duration: (raw["dur"] as? NSNumber)?.doubleValue, pid: pid,
        tid: (raw["tid"] as? NSNumber)?.intValue ?? 0, id: (raw["id"] as? NSNumber)?.intValue,
        bindingPoint: raw["bp"] as? String, args: raw["args"] as? [String: Any] ?? [:],
        index: index)
    }
  }

  /// The name a metadata event gives a process (`process_name`).
  public func processName(_ pid: Int) -> String? {
    events.first { $0.phase == "M" && $0.name == "process_name" && $0.pid == pid }?.arg("name")
  }

  /// The name a metadata event gives a thread (`thread_name`).
  public func threadName(pid: Int, tid: Int) -> String? {
    events.first {
      $0.phase == "M" && $0.name == "thread_name" && $0.pid == pid && $0.tid == tid
    }?.arg("name")
  }

  /// The threads (pid, tid) with the given name.
  public func threads(named name: String) -> [(pid: Int, tid: Int)] {
    events.filter { $0.phase == "M" && $0.name == "thread_name" && $0.arg("name") == name }
      .map { ($0.pid, $0.tid) }
  }

  /// The events of one thread, in file order (metadata left out).
  public func thread(pid: Int, tid: Int) -> [Event] {
    events.filter { $0.phase != "M" && $0.phase != "C" && $0.pid == pid && $0.tid == tid }
  }

  /// What a viewer would find wrong; empty when the trace reads cleanly.
  public var problems: [String] {
    var problems: [String] = []
    var tracks: [String: [Event]] = [:]
    for event in events where event.phase != "M" {
      let track =
        event.phase == "C" ? "counter \(event.pid) \(event.name)" : "\(event.pid)/\(event.tid)"
      tracks[track, default: []].append(event)
      if event.ts < 0 || !event.ts.isFinite {
        problems.append("event \(event.index) (\(event.name)) has ts \(event.ts)")
      }
      if event.phase == "X", (event.duration ?? -1) < 0 {
        problems.append("slice \(event.index) (\(event.name)) has no non-negative dur")
      }
    }
    var named: Set<String> = []
    for event in events where event.phase == "M" {
      if event.name == "process_name" { named.insert("\(event.pid)") }
      if event.name == "thread_name" { named.insert("\(event.pid)/\(event.tid)") }
    }
    for (track, list) in tracks.sorted(by: { $0.key < $1.key }) {
      // Timestamps never go back on a track.
      for (previous, next) in zip(list, list.dropFirst()) where next.ts < previous.ts {
        problems.append(
          "on \(track), \(next.name) (event \(next.index)) at \(next.ts) comes after "
            + "\(previous.name) at \(previous.ts)")
      }
      guard !track.hasPrefix("counter") else {
        if !named.contains("\(list[0].pid)") {
          problems.append("process \(list[0].pid) has no process_name")
        }
        continue
      }
      if !named.contains(track) { problems.append("thread \(track) has no thread_name") }
      if !named.contains("\(list[0].pid)") {
        problems.append("process \(list[0].pid) has no process_name")
      }
      // Every B has its E; slices (B/E and X) nest.
      var open: [(name: String, end: Double?)] = []
      for event in list {
        switch event.phase {
        case "B":
          while let top = open.last, let end = top.end, end <= event.ts { open.removeLast() }
          open.append((event.name, nil))
        case "E":
          while let top = open.last, top.end != nil { open.removeLast() }
          if open.popLast() == nil {
            problems.append("on \(track), E at \(event.ts) closes no B")
          }
        case "X":
          while let top = open.last, let end = top.end, end <= event.ts { open.removeLast() }
          if let top = open.last, let end = top.end, event.end > end {
            problems.append(
              "on \(track), \(event.name) [\(event.ts), \(event.end)] overlaps "
                + "\(top.name) ending at \(end) without nesting in it")
          }
          open.append((event.name, event.end))
        default:
          continue
        }
      }
      for slice in open where slice.end == nil {
        problems.append("on \(track), B \(slice.name) has no E")
      }
    }
    // Flows: every start has its end, with the same id and category, and
    // each end binds to a slice of its thread.
    let starts = events.filter { $0.phase == "s" }
    let ends = events.filter { $0.phase == "f" }
    for start in starts
    where !ends.contains(where: { $0.id == start.id && $0.category == start.category }) {
      problems.append("flow \(start.id ?? -1) (\(start.name)) starts and never ends")
    }
    for end in ends {
      if !starts.contains(where: { $0.id == end.id && $0.category == end.category }) {
        problems.append("flow \(end.id ?? -1) (\(end.name)) ends without a start")
      }
      let enclosing = thread(pid: end.pid, tid: end.tid).contains {
        $0.phase == "X" && $0.ts <= end.ts && end.ts <= $0.end
      }
      if !enclosing {
        problems.append("flow end \(end.id ?? -1) at \(end.ts) binds to no slice of its thread")
      }
    }
    for start in starts {
      let enclosing = thread(pid: start.pid, tid: start.tid).contains {
        $0.phase == "X" && $0.ts <= start.ts && start.ts <= $0.end
      }
      if !enclosing {
        problems.append("flow start \(start.id ?? -1) at \(start.ts) binds to no slice")
      }
    }
    return problems
  }
}
