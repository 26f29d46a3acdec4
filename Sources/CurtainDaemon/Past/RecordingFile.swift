// A recording as a file (docs/recordings.md): the protobuf JSON form of
// `curtain.v1.Recording` (recording.proto), indented, its fields in the
// order of their numbers, as a portable session is written
// (SessionDocument.swift). A reader checks its kind and version
// (DocumentHead.swift) and its start image's format before it decodes the
// rest, and refuses another kind, a newer version or a damaged recording.

import CurtainWire
import Foundation
import SwiftProtobuf

/// Reading and writing recordings.
enum RecordingFile {
  /// What every recording says it is.
  static let kind = "curtain.recording"
  /// The version this curtaind writes and the newest it reads.
  static let currentVersion = 1

  /// What a recording says it is.
  static let head = DocumentHead.Kind(
    value: kind, noun: "Curtain recording", short: "Curtain recording", versioned: "recording")

  /// The file's bytes of `recording`, marked with its kind and version.
  static func encoded(_ recording: Curtain_V1_Recording) -> [UInt8] {
    var recording = recording
    recording.kind = kind
    recording.version = UInt32(currentVersion)
    var options = JSONEncodingOptions()
    options.alwaysPrintInt64sAsNumbers = true
    options.useDeterministicOrdering = true
    // Every value of a recording encodes (finite numbers, valid UTF-8).
    let json = (try? recording.jsonUTF8Bytes(options: options) as [UInt8]) ?? []
    return JSONLayout.indented(json) + [0x0A]
  }

  /// Reads a recording: its kind and version, its start's format, then the
  /// rest.
  static func decode(_ bytes: [UInt8]) throws(DocumentHead.Problem) -> Curtain_V1_Recording {
    let data = Data(bytes)
    let head = try DocumentHead(data, kind: Self.head, newest: currentVersion)
    if let start = head.object["start"] {
      guard let start = start as? [String: Any],
        let format = DocumentHead.integer(start["format"])
      else {
        throw .invalid("its start is not a session image (no format)")
      }
      guard format <= SessionImage.currentFormat else {
        throw .newer(
          "its start has format \(format), written by a newer curtaind (this one reads up to "
            + "format \(SessionImage.currentFormat))")
      }
      guard format == SessionImage.currentFormat else {
        throw .invalid(
          "its start has format \(format); a recording of version 1 holds format "
            + "\(SessionImage.currentFormat)")
      }
    }
    let recording: Curtain_V1_Recording
    do {
      recording = try Curtain_V1_Recording(jsonUTF8Data: data)
    } catch {
      throw .invalid("it cannot be decoded (\(error))")
    }
    guard recording.steps.count == recording.inputs.count + 1 else {
      throw .invalid(
        "it has \(recording.inputs.count) inputs and \(recording.steps.count) steps; a recording "
          + "has a step per input and one for the time after the last")
    }
    guard recording.endClock.isFinite, recording.inputs.allSatisfy({ $0.clock.isFinite }) else {
      throw .invalid("it has a clock time that is not a number")
    }
    if !recording.hasStart, recording.session.isEmpty {
      throw .invalid("it names no session")
    }
    return recording
  }
}
