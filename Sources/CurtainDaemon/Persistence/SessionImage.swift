// A session as every store keeps its snapshot (docs/durability.md,
// "Snapshots"): the Core's `SessionSnapshot` of a quiescent session, the
// daemon's settings of its windows (frame rate, clock origin and speed,
// frame counter) and the server clock when it was taken. Its bytes are one
// `curtain.v1.SessionImage` message (Proto/curtain/v1/session_image.proto,
// the values mapped in CurtainWire's SessionSnapshot+Image.swift), format
// 4; a portable document is the same message's JSON form
// (SessionDocument.swift).
//
// A reader refuses a format newer than its own (it reads the format, the
// message's first field, before anything else), converts an older one
// (LegacySessionImage.swift: JSON formats 1 and 2, the binary format 3;
// never written again), and never half-uses an image that does not decode
// or does not restore.

import CurtainCore
import CurtainWire
import SwiftProtobuf

/// A stored snapshot of one session.
struct SessionImage: Sendable {
  /// The format this curtaind writes and the newest it reads.
  static let currentFormat = 4

  /// The server clock when it was taken (seconds).
  var clock: Double
  /// The session.
  var session: SessionSnapshot
  /// The daemon's settings of its windows.
  var windows: [WindowSettings]

  /// The daemon's settings of one window.
  struct WindowSettings: Sendable {
    var window: WindowID
    var frameRate: Int
    var origin: Double
    /// Its speed (1 unless SetWindowSpeed slowed it) and its model time at
    /// `origin` (0 at speed 1).
    var speed = 1.0
    var start = 0.0
    var lastFrameClock: Double
    var frameSeq: UInt64
  }

  /// The image as its message.
  var message: Curtain_V1_SessionImage {
    var image = Curtain_V1_SessionImage(session)
    image.format = UInt32(Self.currentFormat)
    image.clock = clock
    let settings = Dictionary(windows.map { ($0.window.rawValue, $0) }) { first, _ in first }
    for index in image.windows.indices {
      guard let setting = settings[image.windows[index].id] else { continue }
      image.windows[index].frameRate = UInt32(clamping: setting.frameRate)
      image.windows[index].clockOrigin = setting.origin
      image.windows[index].lastFrameClock = setting.lastFrameClock
      image.windows[index].frameSeq = setting.frameSeq
      // Absent (0) at speed 1, as in every image written before speeds.
      if setting.speed != 1 {
        image.windows[index].speed = setting.speed
        image.windows[index].speedStart = setting.start
      }
    }
    return image
  }

  /// The image of a message of the current format.
  init(message image: Curtain_V1_SessionImage) throws(ImageError) {
    do {
      session = try SessionSnapshot(image: image)
    } catch let error as CurtainError {
      throw ImageError(description: "it cannot be decoded (\(error.message))")
    } catch {
      throw ImageError(description: "it cannot be decoded (\(error))")
    }
    clock = image.clock
    windows = image.windows.map {
      WindowSettings(
        window: WindowID($0.id), frameRate: Int($0.frameRate), origin: $0.clockOrigin,
        speed: $0.speed == 0 ? 1 : $0.speed, start: $0.speed == 0 ? 0 : $0.speedStart,
        lastFrameClock: $0.lastFrameClock, frameSeq: $0.frameSeq)
    }
  }

  /// An image of values.
  init(clock: Double, session: SessionSnapshot, windows: [WindowSettings]) {
    self.clock = clock
    self.session = session
    self.windows = windows
  }

  /// The image's bytes in the current format.
  func encoded() -> [UInt8] {
    // A proto3 message has no required fields: serializing cannot fail.
    (try? message.serializedBytes()) ?? []
  }

  /// Reads an image of any format up to the current one; throws a
  /// description of what is wrong.
  static func decode(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    guard let format = format(of: bytes) else { return try decodeLegacy(bytes) }
    guard format <= UInt64(currentFormat) else { throw newer(Int(clamping: format)) }
    guard format == UInt64(currentFormat) else {
      throw ImageError(description: "it has format \(format), which no curtaind wrote")
    }
    let image: Curtain_V1_SessionImage
    do {
      image = try Curtain_V1_SessionImage(serializedBytes: bytes)
    } catch {
      throw ImageError(description: "it cannot be decoded (\(error))")
    }
    return try SessionImage(message: image)
  }

  /// Whether `bytes` are an image of the current format (a session restored
  /// from an older one is snapshotted again at once).
  static func isCurrentFormat(_ bytes: [UInt8]) -> Bool {
    format(of: bytes) == UInt64(currentFormat)
  }

  /// The format of a message's bytes: its first field, field 1 as a varint
  /// (protobuf writes fields in order). `nil` for bytes that do not start
  /// so (the older formats start with `{` or their magic number).
  private static func format(of bytes: [UInt8]) -> UInt64? {
    guard bytes.first == 0x08 else { return nil }
    var value: UInt64 = 0
    for (index, byte) in bytes.dropFirst().prefix(10).enumerated() {
      value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
      if byte < 0x80 { return value }
    }
    return nil
  }

  static func newer(_ format: Int) -> ImageError {
    ImageError(
      description:
        "it has format \(format), written by a newer curtaind (this one reads up to "
        + "\(currentFormat))")
  }
}

/// A session rebuilt from its image, not yet in place.
struct RestoredSession {
  let session: Session
  let windowStates: [WindowKey: WindowState]
  let clock: Double
  /// The image it was rebuilt from: where its past starts.
  let image: SessionImage
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
      let key = key(of: window)
      guard let clock = clocks[key], let frames = publisher[key] else { return nil }
      return SessionImage.WindowSettings(
        window: window.id, frameRate: clock.frameRate, origin: clock.origin, speed: clock.speed,
        start: clock.start, lastFrameClock: frames.lastFrameClock, frameSeq: frames.frameSeq)
    }
    return SessionImage(clock: clock(), session: snapshot, windows: windows)
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
        setting.origin.isFinite, setting.lastFrameClock.isFinite,
        setting.speed == 1 || WindowClock.speeds.contains(setting.speed), setting.start.isFinite
      else {
        throw ImageError(description: "window \(window.id) has no valid settings")
      }
      states[key(of: window)] = WindowState(
        clock: WindowClock(
          frameRate: setting.frameRate, clockMode: window.clockMode, origin: setting.origin,
          speed: setting.speed, start: setting.start),
        lastFrameClock: setting.lastFrameClock, frameSeq: setting.frameSeq)
    }
    guard image.clock.isFinite, image.clock >= 0 else {
      throw ImageError(description: "it has clock \(image.clock)")
    }
    return RestoredSession(
      session: session, windowStates: states, clock: image.clock, image: image)
  }

  /// Puts a rebuilt session in place; its past starts from its image (a
  /// restored or claimed session).
  func install(_ restored: RestoredSession) {
    install(restored, startingPast: true)
  }

  /// Puts a rebuilt session in place; with `startingPast`, its past starts
  /// from its image, else it goes on (an import, whose record makes the
  /// session when the past is replayed).
  func install(_ restored: RestoredSession, startingPast: Bool) {
    for (key, state) in restored.windowStates {
      clocks.add(key, state.clock)
      publisher.addWindow(key, frameSeq: state.frameSeq, lastFrameClock: state.lastFrameClock)
    }
    sessions[restored.session.name] = restored.session
    if startingPast {
      history?.start(
        restored.session.name, base: restored.image,
        marks: SessionHistory.marks(of: restored.session))
    }
    replay.lastRecordClock = max(replay.lastRecordClock, restored.clock)
  }
}
