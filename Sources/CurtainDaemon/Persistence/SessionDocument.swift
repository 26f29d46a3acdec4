// A portable session (docs/session-format.md): what `curtain export` writes
// and `curtain import` reads. Version 2 is the protobuf JSON form of
// `curtain.v1.PortableSession` (session_image.proto): an object that names
// what it is ("kind": "curtain.session"), its version and the program that
// wrote it, with the session's image ("snapshot", format 4) as the stores
// keep it. A reader checks the kind, the version and the snapshot's format
// before it decodes anything else, and refuses another kind or a newer
// version or format. Version 1 documents (a JSON image of format 1 or 2)
// are converted (LegacySessionImage.swift).

import CurtainCore
import CurtainWire
import Foundation
import SwiftProtobuf

/// A session as a portable document.
struct SessionDocument {
  /// What every session document says it is.
  static let kind = "curtain.session"
  /// The version this curtaind writes and the newest it reads.
  static let currentVersion = 2

  /// The program that wrote it (`curtaind VERSION`); informative.
  var generator: String
  /// The session.
  var snapshot: SessionImage

  /// A document of `image`.
  init(image: SessionImage, generator: String) {
    self.generator = generator
    snapshot = image
  }

  /// The document's bytes: its protobuf JSON form, indented, with its
  /// fields in the order of their numbers, so that a session exported twice
  /// gives the same bytes.
  func encoded() -> [UInt8] {
    var document = Curtain_V1_PortableSession()
    document.kind = Self.kind
    document.version = UInt32(Self.currentVersion)
    document.generator = generator
    document.snapshot = snapshot.message
    var options = JSONEncodingOptions()
    options.alwaysPrintInt64sAsNumbers = true
    options.useDeterministicOrdering = true
    // Every value of an image encodes (finite numbers, valid UTF-8).
    let json = (try? document.jsonUTF8Bytes(options: options) as [UInt8]) ?? []
    return JSONLayout.indented(json) + [0x0A]
  }

  /// Why a document cannot be read.
  typealias Problem = DocumentHead.Problem

  /// What a session document says it is.
  static let head = DocumentHead.Kind(
    value: kind, noun: "Curtain session document", short: "Curtain session",
    versioned: "session document")

  /// Reads a document: its kind, version and snapshot format first, then
  /// the rest.
  static func decode(_ bytes: [UInt8]) throws(Problem) -> SessionDocument {
    let data = Data(bytes)
    let head = try DocumentHead(data, kind: Self.head, newest: currentVersion)
    let (object, version) = (head.object, head.version)
    guard let snapshot = object["snapshot"] as? [String: Any],
      let format = DocumentHead.integer(snapshot["format"])
    else {
      throw .invalid("its snapshot is missing or has no format")
    }
    let newest = version == 1 ? SessionImage.legacyJSONFormat : SessionImage.currentFormat
    guard format <= newest else {
      throw .newer(
        "its snapshot has format \(format), written by a newer curtaind (this one reads up to "
          + "format \(newest) in a document of version \(version))")
    }
    let generator = object["generator"] as? String ?? ""
    if version == 1 {
      return try legacy(data, generator: generator)
    }
    guard format == SessionImage.currentFormat else {
      throw .invalid(
        "its snapshot has format \(format); a document of version 2 holds format "
          + "\(SessionImage.currentFormat)")
    }
    let document: Curtain_V1_PortableSession
    do {
      document = try Curtain_V1_PortableSession(jsonUTF8Data: data)
    } catch {
      throw .invalid("its snapshot cannot be decoded (\(error))")
    }
    do {
      return SessionDocument(
        image: try SessionImage(message: document.snapshot), generator: document.generator)
    } catch {
      throw .invalid(about(error))
    }
  }

  /// A version 1 document's snapshot (a JSON image of format 1 or 2), its
  /// numbers read exactly.
  private static func legacy(_ data: Data, generator: String) throws(Problem) -> SessionDocument {
    let snapshot: JSONField
    do {
      snapshot = try JSONField.exact(data, path: "document").object().required("snapshot")
    } catch {
      throw .invalid(
        "its snapshot cannot be decoded (\((error as? CurtainError)?.message ?? "\(error)"))")
    }
    do {
      return SessionDocument(image: try SessionImage.decodeJSON(snapshot), generator: generator)
    } catch {
      throw .invalid(about(error))
    }
  }

  /// What is wrong with the snapshot: "its snapshot cannot be decoded
  /// (…)".
  private static func about(_ error: ImageError) -> String {
    let description = error.description
    guard description.hasPrefix("it ") else { return "its snapshot: \(description)" }
    return "its snapshot \(description.dropFirst(3))"
  }
}
