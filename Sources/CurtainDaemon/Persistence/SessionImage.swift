// A session as the state database keeps its snapshot (docs/durability.md,
// "Snapshots"): the Core's `SessionSnapshot` of a quiescent session, the
// daemon's settings of its windows (frame rate, clock origin, frame
// counter) and the server clock when it was taken, with a format number. A
// reader refuses a format newer than its own, migrates an older one, and
// never half-uses an image that does not decode or does not restore.
//
// Formats: 1 (the first) and 2 are JSON (the Core values' `Codable` form);
// 2 adds issue 15's controller properties (isModalInPresentation,
// edgesForExtendedLayout, appearance forwarding, bar translucency, children
// awaiting their view, passthrough views). A format-1 image gets the values
// its session had: not modal, every edge, automatic forwarding, no
// passthrough views, no child awaiting its view, and opaque bars, which
// were the only layout then (so its frames stay). Format 3 holds the same
// values as format 2 in the Core's compact binary form (BinaryCoding.swift
// of CurtainCore): a magic number, the format as a varint, the clock, the
// window settings, then the `SessionSnapshot`. JSON is 10 to 20 times
// slower to encode and decode, and the event rings made snapshots large
// (docs/benchmarks.md). Portable documents (SessionDocument) keep the JSON
// form of format 2: they are for people.

import CurtainCore
import Foundation

/// A stored snapshot of one session.
struct SessionImage: Codable, Sendable {
  /// The format this curtaind writes in the database (binary) and the
  /// newest it reads.
  static let currentFormat = 3
  /// The newest JSON form (older databases; portable documents).
  static let jsonFormat = 2
  /// The first bytes of a binary image ("\u{89}CSI"); a JSON image starts
  /// with `{`.
  static let magic: [UInt8] = [0x89, 0x43, 0x53, 0x49]

  /// The format of its JSON form (`jsonFormat` once read).
  var format: Int
  /// The server clock when it was taken (seconds).
  var clock: Double
  /// The session.
  var session: SessionSnapshot
  /// The daemon's settings of its windows.
  var windows: [WindowSettings]

  /// The daemon's settings of one window.
  struct WindowSettings: Codable, Sendable {
    var window: WindowID
    var frameRate: Int
    var origin: Double
    var lastFrameClock: Double
    var frameSeq: UInt64
  }

  /// The image's bytes in the current (binary) format.
  func encoded() -> [UInt8] {
    var writer = BinaryWriter()
    writer.append(raw: Self.magic)
    writer.writeVarint(UInt64(Self.currentFormat))
    writer.write(clock)
    writer.writeVarint(UInt64(windows.count))
    for setting in windows {
      writer.write(setting.window)
      writer.write(setting.frameRate)
      writer.write(setting.origin)
      writer.write(setting.lastFrameClock)
      writer.write(setting.frameSeq)
    }
    writer.write(session)
    return writer.bytes
  }

  /// Reads an image of any format up to the current one; throws a
  /// description of what is wrong.
  static func decode(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    guard bytes.starts(with: magic) else { return try decodeJSON(bytes) }
    var reader = BinaryReader(bytes, position: magic.count)
    let format: UInt64
    do {
      format = try reader.readVarint()
    } catch {
      throw ImageError(description: "it is not a snapshot (\(error.description))")
    }
    guard format <= UInt64(currentFormat) else { throw newer(Int(clamping: format)) }
    guard format == UInt64(currentFormat) else {
      throw ImageError(description: "it has binary format \(format), which no curtaind wrote")
    }
    do throws(BinaryCodingError) {
      let clock = try reader.read(Double.self)
      var windows: [WindowSettings] = []
      for _ in 0..<(try reader.readCount()) {
        let window = try reader.read(WindowID.self)
        let frameRate = try reader.read(Int.self)
        let origin = try reader.read(Double.self)
        let lastFrameClock = try reader.read(Double.self)
        windows.append(
          WindowSettings(
            window: window, frameRate: frameRate, origin: origin, lastFrameClock: lastFrameClock,
            frameSeq: try reader.readVarint()))
      }
      let session = try reader.read(SessionSnapshot.self)
      guard reader.isAtEnd else {
        throw BinaryCodingError("bytes left after the snapshot at offset \(reader.position)")
      }
      return SessionImage(format: jsonFormat, clock: clock, session: session, windows: windows)
    } catch {
      throw ImageError(description: "it cannot be decoded (\(error.description))")
    }
  }

  /// Reads a JSON image (formats 1 and 2). A good image is decoded in one
  /// pass; only a bad one is read again for its format number, to say why.
  private static func decodeJSON(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    struct Header: Decodable { var format: Int }
    let data = Data(bytes)
    let decoder = JSONDecoder()
    let failure: any Error
    do {
      let image = try decoder.decode(SessionImage.self, from: data)
      guard image.format <= jsonFormat else { throw newer(image.format) }
      return image
    } catch let error as ImageError {
      throw error
    } catch {
      failure = error
    }
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      throw ImageError(description: "it is not a snapshot (\(error))")
    }
    guard header.format <= jsonFormat else { throw newer(header.format) }
    guard header.format < 2 else {
      throw ImageError(description: "it cannot be decoded (\(failure))")
    }
    do {
      var image = try decoder.decode(SessionImage.self, from: try migratedFromFormat1(data))
      image.format = jsonFormat
      return image
    } catch let error as ImageError {
      throw error
    } catch {
      throw ImageError(description: "it cannot be decoded (\(error))")
    }
  }

  private static func newer(_ format: Int) -> ImageError {
    ImageError(
      description:
        "it has format \(format), written by a newer curtaind (this one reads up to "
        + "\(currentFormat))")
  }

  /// A format-1 image in format 2: the properties format 2 added, with the
  /// values the session had (see the file's header).
  private static func migratedFromFormat1(_ data: Data) throws -> Data {
    guard var image = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      var session = image["session"] as? [String: Any],
      let controllers = session["controllers"] as? [[String: Any]]
    else { throw ImageError(description: "it is not a snapshot of format 1") }
    session["controllers"] = controllers.map { controller -> [String: Any] in
      var controller = controller
      let added: [String: Any] = [
        "isModalInPresentation": false, "edgesForExtendedLayout": RectEdges.all.rawValue,
        "shouldAutomaticallyForwardAppearanceMethods": true,
      ]
      controller.merge(added) { old, _ in old }
      if var presentation = controller["presentation"] as? [String: Any] {
        presentation["passthroughViews"] = presentation["passthroughViews"] ?? [Any]()
        controller["presentation"] = presentation
      }
      if var container = controller["container"] as? [String: Any] {
        let additions: [String: (String, Any)] = [
          "navigation": ("isBarTranslucent", false), "tabBar": ("isBarTranslucent", false),
          "container": ("childrenAwaitingView", [Any]()),
        ]
        for (kind, (key, value)) in additions {
          guard var wrapper = container[kind] as? [String: Any],
            var state = wrapper["_0"] as? [String: Any]
          else { continue }
          state[key] = state[key] ?? value
          wrapper["_0"] = state
          container[kind] = wrapper
        }
        controller["container"] = container
      }
      return controller
    }
    image["session"] = session
    return try JSONSerialization.data(withJSONObject: image)
  }
}

/// A session rebuilt from its image, not yet in place.
struct RestoredSession {
  let session: Session
  let windowStates: [WindowKey: WindowState]
  let clock: Double
}

/// A snapshot that cannot be used.
struct ImageError: Error, CustomStringConvertible {
  let description: String
}

extension Server {
  /// The image of a quiescent session (`nil` while it is busy).
  func image(of name: String) -> SessionImage? {
    guard let session = sessions[name], let snapshot = try? session.snapshot() else {
      return nil
    }
    let windows = session.orderedWindows.compactMap { window -> SessionImage.WindowSettings? in
      guard let state = windowStates[key(of: window)] else { return nil }
      return SessionImage.WindowSettings(
        window: window.id, frameRate: state.frameRate, origin: state.origin,
        lastFrameClock: state.lastFrameClock, frameSeq: state.frameSeq)
    }
    return SessionImage(
      format: SessionImage.jsonFormat, clock: clock(), session: snapshot, windows: windows)
  }

  /// Rebuilds a session from its image (a restore, before the journal
  /// after it is replayed); `install` puts it in place. `prebuilt` is the
  /// session already restored from `image.session` with
  /// `sessionConfiguration(windows:controllers:)` (a restore builds them on
  /// every core).
  func rebuild(_ image: SessionImage, prebuilt: Session? = nil) throws(ImageError)
    -> RestoredSession
  {
    let session: Session
    do {
      session =
        try prebuilt
        ?? Session.restore(
          image.session,
          configuration: sessionConfiguration(
            windows: image.session.windows.count, controllers: image.session.controllers.count))
    } catch {
      throw ImageError(description: "it does not restore (\(error))")
    }
    let settings = Dictionary(image.windows.map { ($0.window, $0) }) { first, _ in first }
    var states: [WindowKey: WindowState] = [:]
    for window in session.orderedWindows {
      guard let setting = settings[window.id], (30...240).contains(setting.frameRate),
        setting.origin.isFinite, setting.lastFrameClock.isFinite
      else {
        throw ImageError(description: "window \(window.id) has no valid settings")
      }
      states[key(of: window)] = WindowState(
        frameRate: setting.frameRate, clockMode: window.clockMode, origin: setting.origin,
        lastFrameClock: setting.lastFrameClock, frameSeq: setting.frameSeq)
    }
    guard image.clock.isFinite, image.clock >= 0 else {
      throw ImageError(description: "it has clock \(image.clock)")
    }
    return RestoredSession(session: session, windowStates: states, clock: image.clock)
  }

  /// Puts a rebuilt session in place.
  func install(_ restored: RestoredSession) {
    windowStates.merge(restored.windowStates) { _, new in new }
    for (key, state) in restored.windowStates where state.clockMode == .realtime {
      realtimeWindows[key.session, default: []].insert(key.window)
      scheduleDirty.insert(key)
    }
    sessions[restored.session.name] = restored.session
    lastRecordClock = max(lastRecordClock, restored.clock)
  }
}
