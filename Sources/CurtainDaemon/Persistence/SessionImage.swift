// A session as the state database keeps its snapshot (docs/durability.md,
// "Snapshots"): the Core's `SessionSnapshot` of a quiescent session, the
// daemon's settings of its windows (frame rate, clock origin, frame
// counter) and the server clock when it was taken, encoded as JSON (the
// Core values' `Codable` form) with a format number. A reader refuses a
// format newer than its own, migrates an older one, and never half-uses
// an image that does not decode or does not restore.
//
// Formats: 1 (the first); 2 adds issue 15's controller properties
// (isModalInPresentation, edgesForExtendedLayout, appearance forwarding,
// bar translucency, children awaiting their view, passthrough views). A
// format-1 image gets the values its session had: not modal, every edge,
// automatic forwarding, no passthrough views, no child awaiting its view,
// and opaque bars, which were the only layout then (so its frames stay).

import CurtainCore
import Foundation

/// A stored snapshot of one session.
struct SessionImage: Codable, Sendable {
  /// The format this curtaind writes and reads.
  static let currentFormat = 2

  /// The format it was written in.
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

  /// The image's bytes.
  func encoded() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Every value of a snapshot encodes (finite numbers, plain values).
    return Array((try? encoder.encode(self)) ?? Data())
  }

  /// Reads an image; throws a description of what is wrong. A good image
  /// is decoded in one pass (restores are measured in docs/benchmarks.md);
  /// only a bad one is read again for its format number, to say why.
  static func decode(_ bytes: [UInt8]) throws(ImageError) -> SessionImage {
    struct Header: Decodable { var format: Int }
    let data = Data(bytes)
    let decoder = JSONDecoder()
    let failure: any Error
    do {
      let image = try decoder.decode(SessionImage.self, from: data)
      guard image.format <= currentFormat else { throw newer(image.format) }
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
    guard header.format <= currentFormat else { throw newer(header.format) }
    guard header.format < 2 else {
      throw ImageError(description: "it cannot be decoded (\(failure))")
    }
    do {
      var image = try decoder.decode(SessionImage.self, from: try migratedFromFormat1(data))
      image.format = currentFormat
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
      format: SessionImage.currentFormat, clock: clock(), session: snapshot, windows: windows)
  }

  /// Rebuilds a session from its image (a restore, before the journal
  /// after it is replayed); `install` puts it in place.
  func rebuild(_ image: SessionImage) throws(ImageError) -> RestoredSession {
    let session: Session
    do {
      session = try Session.restore(
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
    sessions[restored.session.name] = restored.session
    lastRecordClock = max(lastRecordClock, restored.clock)
  }
}
