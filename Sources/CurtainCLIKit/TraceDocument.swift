// A Chrome trace put together from the pieces GetTrace answers (the first
// call, the calls a follower makes from the last seq it got, and those a
// trace too large for one response takes): their events, each process and
// thread name once, in time order (a slice before what starts inside it),
// what was unfinished in an earlier piece replaced by the newest piece's,
// and the newest piece's metadata with the range of events they cover.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Any JSON value, read and written again.
indirect enum AnyJSON: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([AnyJSON])
  case object([String: AnyJSON])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([AnyJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: AnyJSON].self))
    }
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  subscript(key: String) -> AnyJSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
}

/// A trace made of GetTrace's pieces.
public struct TraceDocument: Sendable {
  private struct Piece: Decodable {
    let traceEvents: [AnyJSON]
    let metadata: [String: AnyJSON]?
  }

  private struct Entry: Sendable {
    let event: AnyJSON
    let order: Int
    var ts: Double { event["ts"]?.number ?? 0 }
    var duration: Double { event["dur"]?.number ?? 0 }
    var rank: Int {
      switch event["ph"]?.string {
      case "X", "B": return 0
      case "s", "f", "t": return 2
      default: return 1
      }
    }
    var unfinished: Bool { event["args"]?["unfinished"] == .bool(true) }
  }

  private var names: [AnyJSON] = []
  private var events: [Entry] = []
  private var metadata: [String: AnyJSON] = [:]
  private var firstSince: AnyJSON?
  private var count = 0

  /// The trace events (process and thread names left out).
  public var eventCount: Int { events.count }

  /// An empty trace.
  public init() {}

  /// Adds a piece (the JSON of a Trace response).
  public mutating func add(_ json: String) throws {
    let piece = try JSONDecoder().decode(Piece.self, from: Data(json.utf8))
    events.removeAll(where: \.unfinished)
    for event in piece.traceEvents {
      if event["ph"]?.string == "M" {
        if !names.contains(event) { names.append(event) }
        continue
      }
      count += 1
      events.append(Entry(event: event, order: count))
    }
    metadata = piece.metadata ?? [:]
    if firstSince == nil {
      firstSince = metadata["since_seq"]
      firstSinceFrame = metadata["since_frame_seq"]
    }
  }

  private var firstSinceFrame: AnyJSON?

  /// The whole trace: the JSON object form.
  public func json() throws -> String {
    let ordered = events.sorted {
      ($0.ts, $0.rank, -$0.duration, $0.order) < ($1.ts, $1.rank, -$1.duration, $1.order)
    }
    var metadata = self.metadata
    if let firstSince { metadata["since_seq"] = firstSince }
    if let firstSinceFrame { metadata["since_frame_seq"] = firstSinceFrame }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func text(_ value: AnyJSON) throws -> String {
      String(decoding: try encoder.encode(value), as: UTF8.self)
    }
    var out = "{\"traceEvents\":[\n"
    out += try (names + ordered.map(\.event)).map(text).joined(separator: ",\n")
    out += "\n],\"displayTimeUnit\":\"ms\",\"metadata\":"
    out += try text(.object(metadata))
    out += "}\n"
    return out
  }
}
