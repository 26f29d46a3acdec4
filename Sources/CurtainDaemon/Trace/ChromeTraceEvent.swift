// One event of the Chrome trace event format (the JSON that Perfetto,
// chrome://tracing and Speedscope read) and its JSON text: complete slices
// (`X`), instants (`i`), counters (`C`), flow events (`s`, `f`) and
// metadata (`M`: process and thread names and order). Times are in
// microseconds.

/// An event of a Chrome trace.
struct ChromeTraceEvent {
  /// An argument's value.
  enum Value {
    case string(String)
    case number(Double)
    case integer(UInt64)
    case bool(Bool)
  }

  var name: String
  var category = ""
  /// The phase: X, i, C, s, f or M.
  var phase: String
  var ts: Double
  /// A complete slice's duration.
  var duration: Double?
  var pid: UInt64
  var tid: UInt64
  /// A flow's id.
  var id: UInt64?
  /// A flow end's binding point ("e": the enclosing slice).
  var bindingPoint: String?
  /// An instant's scope ("t": its thread).
  var scope: String?
  var args: [(String, Value)] = []

  /// A slice from `start` to `end`.
  static func slice(
    _ name: String, category: String, from start: Double, to end: Double, pid: UInt64,
    tid: UInt64, args: [(String, Value)] = []
  ) -> ChromeTraceEvent {
    ChromeTraceEvent(
      name: name, category: category, phase: "X", ts: start, duration: max(0, end - start),
      pid: pid, tid: tid, args: args)
  }

  /// An instant on a thread.
  static func instant(
    _ name: String, category: String, at ts: Double, pid: UInt64, tid: UInt64,
    args: [(String, Value)] = []
  ) -> ChromeTraceEvent {
    ChromeTraceEvent(
      name: name, category: category, phase: "i", ts: ts, pid: pid, tid: tid, scope: "t",
      args: args)
  }

  /// A counter's value(s) at `ts` (a track per name and argument).
  static func counter(_ name: String, at ts: Double, pid: UInt64, _ args: [(String, Value)])
    -> ChromeTraceEvent
  {
    ChromeTraceEvent(
      name: name, category: "counter", phase: "C", ts: ts, pid: pid, tid: 0, args: args)
  }

  /// A metadata event (`process_name`, `thread_name`, `…_sort_index`).
  static func metadata(_ name: String, pid: UInt64, tid: UInt64 = 0, _ args: [(String, Value)])
    -> ChromeTraceEvent
  {
    ChromeTraceEvent(name: name, phase: "M", ts: 0, pid: pid, tid: tid, args: args)
  }

  /// The event as a JSON object.
  var json: String {
    var out = "{\"name\":"
    Self.write(string: name, to: &out)
    if !category.isEmpty {
      out += ",\"cat\":"
      Self.write(string: category, to: &out)
    }
    out += ",\"ph\":\"\(phase)\",\"ts\":"
    Self.write(number: ts, to: &out)
    if let duration {
      out += ",\"dur\":"
      Self.write(number: duration, to: &out)
    }
    out += ",\"pid\":\(pid),\"tid\":\(tid)"
    if let id { out += ",\"id\":\(id)" }
    if let bindingPoint { out += ",\"bp\":\"\(bindingPoint)\"" }
    if let scope { out += ",\"s\":\"\(scope)\"" }
    if !args.isEmpty {
      out += ",\"args\":"
      Self.write(object: args, to: &out)
    }
    out += "}"
    return out
  }

  /// Writes `args` as a JSON object.
  static func write(object args: [(String, Value)], to out: inout String) {
    out += "{"
    for (index, (key, value)) in args.enumerated() {
      if index > 0 { out += "," }
      write(string: key, to: &out)
      out += ":"
      switch value {
      case .string(let text): write(string: text, to: &out)
      case .number(let number): write(number: number, to: &out)
      case .integer(let integer): out += "\(integer)"
      case .bool(let flag): out += flag ? "true" : "false"
      }
    }
    out += "}"
  }

  /// Writes a number rounded to thousandths (nanoseconds for times).
  static func write(number: Double, to out: inout String) {
    guard number.isFinite else {
      out += "0"
      return
    }
    let rounded = (number * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      out += "\(Int64(rounded))"
    } else {
      out += "\(rounded)"
    }
  }

  /// Writes a JSON string.
  static func write(string: String, to out: inout String) {
    out += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
