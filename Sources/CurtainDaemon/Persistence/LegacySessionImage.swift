// The snapshot formats before the protobuf image (format 4,
// SessionImage.swift), read and converted, never written:
//
// - Formats 1 and 2: JSON, `{"format", "clock", "session", "windows"}` with
//   the session in the `Codable` form the Core's snapshot values had. 2
//   added issue 15's controller properties (isModalInPresentation,
//   edgesForExtendedLayout, appearance forwarding, bar translucency,
//   children awaiting their view, passthrough views); a format-1 image gets
//   the values its session had: not modal, every edge, automatic
//   forwarding, no passthrough views, no child awaiting its view, and
//   opaque bars, which were the only layout then (so its frames stay).
// - Format 3: a compact binary form: the magic number "\u{89}CSI", the
//   format as a varint, the clock, the window settings, then the session's
//   values in a fixed order (a few rare nested values as their JSON).
//
// Version 1 portable documents held a JSON image of format 1 or 2
// (SessionDocument.swift).

import CurtainCore
import Foundation

extension SessionImage {
  /// The first bytes of a format-3 image ("\u{89}CSI"); a JSON image starts
  /// with `{`.
  static let legacyMagic: [UInt8] = [0x89, 0x43, 0x53, 0x49]
  /// The newest JSON format.
  static let legacyJSONFormat = 2

  /// Reads an image of format 1, 2 or 3.
  static func decodeLegacy(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    guard bytes.starts(with: legacyMagic) else { return try decodeJSON(bytes) }
    var reader = LegacySnapshotBinary(bytes, position: legacyMagic.count)
    let format: UInt64
    do {
      format = try reader.varint()
    } catch {
      throw ImageError(description: "it is not a snapshot (\(error))")
    }
    guard format == 3 else {
      throw ImageError(description: "it has binary format \(format), which no curtaind wrote")
    }
    do {
      let clock = try reader.double()
      let windows = try reader.array { reader in
        let window = try reader.window()
        let frameRate = try reader.int()
        let origin = try reader.double()
        let lastFrameClock = try reader.double()
        return WindowSettings(
          window: window, frameRate: frameRate, origin: origin, lastFrameClock: lastFrameClock,
          frameSeq: try reader.varint())
      }
      let session = try reader.session()
      guard reader.isAtEnd else {
        throw LegacyBinaryError("bytes left after the snapshot at offset \(reader.position)")
      }
      return SessionImage(clock: clock, session: session, windows: windows)
    } catch {
      throw ImageError(description: "it cannot be decoded (\(error))")
    }
  }

  /// Reads a JSON image (formats 1 and 2).
  static func decodeJSON(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    let root: JSONField
    do {
      root = try JSONField.exact(Data(bytes), path: "snapshot")
    } catch {
      throw ImageError(description: "it is not a snapshot (\(reason(error)))")
    }
    return try decodeJSON(root)
  }

  /// Reads a JSON image (formats 1 and 2) already parsed.
  static func decodeJSON(_ root: JSONField) throws(ImageError) -> SessionImage {
    let object: JSONObject
    let format: Int
    do {
      object = try root.object()
      format = try object.required("format").integer()
    } catch {
      throw ImageError(description: "it is not a snapshot (\(reason(error)))")
    }
    guard format <= legacyJSONFormat else { throw newer(format) }
    guard format >= 1 else {
      throw ImageError(description: "it has format \(format), which no curtaind wrote")
    }
    do {
      return try LegacySnapshotJSON(format: format).image(object)
    } catch {
      throw ImageError(description: "it cannot be decoded (\(reason(error)))")
    }
  }

  /// An error in one line: a path and what is wrong there, or the JSON
  /// parser's description.
  private static func reason(_ error: any Error) -> String {
    (error as? CurtainError)?.message ?? "\(error)"
  }
}
