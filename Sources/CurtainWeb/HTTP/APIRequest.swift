// What a request to the JSON API names: its session (`?session=`, default
// "default"), a window (`w1` or `1`), a controller (`c12`, `12` or
// `@Home`), a transition (`t3` or `3`), and the fields of a JSON body. Names
// read as the CLI's do (TargetName, with its error messages; the shared
// table Tests/Fixtures/name-cases.json).

import CurtainCLIKit
import CurtainWire
import Foundation
import Hummingbird

/// Reading a request's parts.
struct APIRequest {
  let request: Request
  let parameters: Parameters

  init(_ request: Request, _ context: some RequestContext) {
    self.request = request
    self.parameters = context.parameters
  }

  /// `?session=`, else "default".
  var session: String {
    let name = request.uri.queryParameters.get("session") ?? ""
    return name.isEmpty ? "default" : name
  }

  /// A query flag: present and not `0` or `false`.
  func flag(_ name: String) -> Bool {
    guard let value = request.uri.queryParameters.get(name) else { return false }
    return value != "0" && value != "false"
  }

  /// `?at_seq=N` (right after the window's event N) or `?at=SECONDS` (an
  /// earlier time of the window): a moment of the window's past, which the
  /// daemon replays (docs/protocol.md, "The past"); nil for the present.
  var past: Curtain_V1_PastPoint? {
    get throws {
      let query = request.uri.queryParameters
      let seq = query.get("at_seq")
      let time = query.get("at")
      var point = Curtain_V1_PastPoint()
      switch (seq, time) {
      case (nil, nil):
        return nil
      case (let seq?, nil):
        guard let value = UInt64(seq), value > 0 else {
          throw APIError.invalid("at_seq must be an event number from 1, got '\(seq)'")
        }
        point.seq = value
      case (nil, let time?):
        guard let value = Double(time), value.isFinite, value >= 0 else {
          throw APIError.invalid("at must be a window time in seconds, 0 or more, got '\(time)'")
        }
        point.time = value
      case (.some, .some):
        throw APIError.invalid("Give at_seq or at, not both")
      }
      point.windowID = try window
      return point
    }
  }

  /// The window of the path (`:window`).
  var window: UInt64 {
    get throws { try name("window", TargetName.window) }
  }

  /// The controller of the path (`:controller`); besides the CLI's names, a
  /// bare id (`12`) as the inspector has always taken it.
  var controller: Curtain_V1_ControllerRef {
    get throws {
      try name("controller") { text in
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = UInt64(text),
          id > 0
        {
          var ref = Curtain_V1_ControllerRef()
          ref.id = id
          return ref
        }
        return try TargetName.controller(text)
      }
    }
  }

  /// The transition of the path (`:transition`).
  var transition: UInt64 {
    get throws { try name("transition", TargetName.transition) }
  }

  /// The path parameter `parameter` (percent-decoded) read by `read`; a name
  /// that does not read is a 404 with the CLI's message
  /// (Tests/Fixtures/name-cases.json).
  private func name<Value>(_ parameter: String, _ read: (String) throws -> Value) throws -> Value {
    let raw = parameters.get(parameter) ?? ""
    let text = raw.removingPercentEncoding ?? raw
    do {
      return try read(text)
    } catch let error as TargetNameError {
      throw APIError.notFound(error.description)
    }
  }
}

/// A JSON object body (an empty body is an empty object). Read with
/// JSONDecoder, which keeps `true` and `1` apart (JSONSerialization's
/// NSNumbers do not on Linux).
struct JSONBody {
  /// One field's value.
  private enum Field: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else {
        self = .other
      }
    }
  }

  private let fields: [String: Field]

  /// Reads and parses the body (at most 64 KiB).
  init(_ request: Request) async throws {
    var request = request
    let buffer = try await request.collectBody(upTo: 64 << 10)
    let bytes = Data(buffer.readableBytesView)
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      fields = [:]
      return
    }
    guard let object = try? JSONDecoder().decode([String: Field].self, from: bytes) else {
      throw APIError.invalid("The body must be a JSON object")
    }
    fields = object
  }

  /// A boolean field, `fallback` when absent.
  func bool(_ name: String, _ fallback: Bool) throws -> Bool {
    switch fields[name] {
    case nil, .null?: return fallback
    case .bool(let bool)?: return bool
    default: throw APIError.invalid("'\(name)' must be true or false")
    }
  }

  /// A number field, nil when absent.
  func number(_ name: String) throws -> Double? {
    switch fields[name] {
    case nil, .null?: return nil
    case .number(let number)? where number.isFinite: return number
    default: throw APIError.invalid("'\(name)' must be a number")
    }
  }

  /// A string field (a number is taken as its text), nil when absent.
  func string(_ name: String) throws -> String? {
    switch fields[name] {
    case nil, .null?: return nil
    case .string(let string)?: return string
    case .number(let number)?:
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    default: throw APIError.invalid("'\(name)' must be a string")
    }
  }

  /// A controller field (`c12`, `@Home`), nil when absent.
  func controller(_ name: String) throws -> Curtain_V1_ControllerRef? {
    guard let text = try string(name) else { return nil }
    do {
      return try TargetName.controller(text)
    } catch {
      throw APIError.invalid("'\(name)': \(error)")
    }
  }
}
