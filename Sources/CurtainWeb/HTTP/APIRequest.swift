// What a request to the JSON API names: its session (`?session=`, default
// "default"), a window (`w1` or `1`), a controller (`c12`, `12` or
// `@Home`), a transition (`t3` or `3`), and the fields of a JSON body.

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

  /// The window of the path (`:window`).
  var window: UInt64 {
    get throws {
      let text = parameters.get("window") ?? ""
      guard let id = try? TargetName.window(text), id != 0 else {
        throw APIError.notFound("No window '\(text)': name a window w1 or 1")
      }
      return id
    }
  }

  /// The controller of the path (`:controller`).
  var controller: Curtain_V1_ControllerRef {
    get throws {
      let text = (parameters.get("controller") ?? "").removingPercentEncoding ?? ""
      guard let ref = try? TargetName.controller(text) else {
        if let id = UInt64(text) {
          var ref = Curtain_V1_ControllerRef()
          ref.id = id
          return ref
        }
        throw APIError.notFound("No view controller '\(text)': name one c12, 12 or @Home")
      }
      return ref
    }
  }

  /// The transition of the path (`:transition`).
  var transition: UInt64 {
    get throws {
      let text = parameters.get("transition") ?? ""
      guard let id = try? TargetName.transition(text), id != 0 else {
        throw APIError.notFound("No transition '\(text)': name one t3 or 3")
      }
      return id
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
