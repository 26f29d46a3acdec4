// A portable session (docs/session-format.md): what `curtain export` writes
// and `curtain import` reads. A JSON object that names what it is
// ("kind": "curtain.session") and its version, with the session's snapshot
// as the state database keeps it (`SessionImage`, itself numbered by its
// format). A reader refuses another kind, a newer version or a newer
// snapshot format, before it decodes anything else.

import CurtainCore
import Foundation

/// A session as a portable document.
struct SessionDocument: Codable {
  /// What every session document says it is.
  static let kind = "curtain.session"
  /// The version this curtaind writes and reads.
  static let currentVersion = 1

  /// Always `kind`.
  var kind: String
  /// The document's version.
  var version: Int
  /// The program that wrote it (`curtaind VERSION`); informative.
  var generator: String
  /// The session.
  var snapshot: SessionImage

  /// A document of `image`.
  init(image: SessionImage, generator: String) {
    kind = Self.kind
    version = Self.currentVersion
    self.generator = generator
    snapshot = image
  }

  /// The document's bytes: pretty-printed JSON with sorted keys, so that a
  /// session exported twice gives the same bytes.
  func encoded() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // Every value of a snapshot encodes (finite numbers, plain values).
    return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
  }

  /// Why a document cannot be read.
  enum Problem: Error {
    /// Not a session document, or a damaged one.
    case invalid(String)
    /// Written by a newer curtaind.
    case newer(String)
  }

  /// Reads a document: its kind and version first, then its snapshot.
  static func decode(_ bytes: [UInt8]) throws(Problem) -> SessionDocument {
    struct Header: Decodable {
      var kind: String?
      var version: Int?
      var generator: String?
    }
    let data = Data(bytes)
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      throw .invalid("it is not a Curtain session document (not a JSON object: \(reason(error)))")
    }
    guard let kind = header.kind, let version = header.version else {
      throw .invalid(
        "it is not a Curtain session document (no \"kind\": \"\(Self.kind)\" and \"version\")")
    }
    guard kind == Self.kind else {
      throw .invalid(
        "it is a document of kind \"\(kind)\", not a Curtain session (\"\(Self.kind)\")")
    }
    guard version <= currentVersion else {
      throw .newer(
        "it is a session document of version \(version), written by a newer curtaind "
          + "(this one reads up to version \(currentVersion))")
    }
    guard version >= 1 else { throw .invalid("it has version \(version)") }
    struct Body: Decodable { var snapshot: Snapshot }
    struct Snapshot: Decodable { var format: Int }
    let format: Int
    do {
      format = try JSONDecoder().decode(Body.self, from: data).snapshot.format
    } catch {
      throw .invalid("its snapshot is missing or has no format (\(reason(error)))")
    }
    guard format <= SessionImage.jsonFormat else {
      throw .newer(
        "its snapshot has format \(format), written by a newer curtaind (this one reads up to "
          + "format \(SessionImage.jsonFormat))")
    }
    if format < SessionImage.jsonFormat {
      return try migrated(data, generator: header.generator ?? "")
    }
    do {
      return try JSONDecoder().decode(SessionDocument.self, from: data)
    } catch {
      throw .invalid("its snapshot cannot be decoded (\(reason(error)))")
    }
  }

  /// A document whose snapshot has an older format: the snapshot goes
  /// through `SessionImage.decode`, which migrates it.
  private static func migrated(_ data: Data, generator: String) throws(Problem) -> SessionDocument {
    do {
      guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let snapshot = object["snapshot"]
      else { throw ImageError(description: "no snapshot object") }
      let bytes = try JSONSerialization.data(withJSONObject: snapshot)
      return SessionDocument(image: try SessionImage.decode([UInt8](bytes)), generator: generator)
    } catch let error as ImageError {
      throw .invalid("its snapshot cannot be decoded (\(error.description))")
    } catch {
      throw .invalid("its snapshot cannot be decoded (\(reason(error)))")
    }
  }

  /// A decoding error in one line: what is wrong and where.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return keys.isEmpty ? "" : " at \(keys.joined())"
    }
    switch error {
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo["NSDebugDescription"]
      return "\(underlying.map { "\($0)" } ?? context.debugDescription)\(path(context))"
    case .keyNotFound(let key, let context):
      return "no \"\(key.stringValue)\"\(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(context.debugDescription)\(path(context))"
    @unknown default:
      return "\(error)"
    }
  }
}
