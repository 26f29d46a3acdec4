// The head of a JSON document the daemon reads from a client (a portable
// session, SessionDocument.swift; a recording, RecordingFile.swift): a JSON
// object whose "kind" says what it is and whose "version" says which
// version of it, checked before anything else of it is decoded, so that
// another kind of document or a newer version is refused with a clear
// reason rather than a decoding error.

import Foundation

/// What a document says it is.
struct DocumentHead {
  /// How the reasons name a kind of document.
  struct Kind {
    /// Its "kind" value ("curtain.session").
    let value: String
    /// What it is ("Curtain session document").
    let noun: String
    /// What another kind is not ("Curtain session").
    let short: String
    /// What has versions ("session document").
    let versioned: String
  }

  /// Why a document cannot be read.
  enum Problem: Error {
    /// Not a document of the kind, or a damaged one.
    case invalid(String)
    /// Written by a newer curtaind.
    case newer(String)
  }

  /// The document as a JSON object.
  let object: [String: Any]
  /// Its version (1 up to the reader's).
  let version: Int

  /// Reads the head of `data`, a document of `kind` of at most version
  /// `newest`.
  init(_ data: Data, kind: Kind, newest: Int) throws(Problem) {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .invalid("it is not a \(kind.noun) (not a JSON object: \(error))")
    }
    guard let object = parsed as? [String: Any] else {
      throw .invalid("it is not a \(kind.noun) (not a JSON object)")
    }
    guard let value = object["kind"] as? String, let version = Self.integer(object["version"])
    else {
      throw .invalid(
        "it is not a \(kind.noun) (no \"kind\": \"\(kind.value)\" and \"version\")")
    }
    guard value == kind.value else {
      throw .invalid(
        "it is a document of kind \"\(value)\", not a \(kind.short) (\"\(kind.value)\")")
    }
    guard version <= newest else {
      throw .newer(
        "it is a \(kind.versioned) of version \(version), written by a newer curtaind "
          + "(this one reads up to version \(newest))")
    }
    guard version >= 1 else { throw .invalid("it has version \(version)") }
    self.object = object
    self.version = version
  }

  /// A JSON number that is an integer.
  static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
      return nil
    }
    let double = number.doubleValue
    guard double.rounded() == double, abs(double) < 1e15 else { return nil }
    return Int(double)
  }
}
