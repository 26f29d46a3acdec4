// Portable sessions on the server's side (docs/session-format.md): a
// quiescent session becomes a `SessionDocument` (without its delegate
// registrations, which belong to connections); a document becomes a new
// session, rebuilt completely (and checked as a restore checks a snapshot)
// before it takes its place. Its windows' clock settings are moved to this
// server's clock: a realtime window's time goes on from where it was
// exported, whenever and wherever it is imported.

import CurtainCore
import CurtainWire
import Foundation

extension Server {
  /// The document of a quiescent session; `BUSY` while it is not.
  func exportDocument(of session: Session) throws -> Data {
    // `snapshot()` says why a busy session has none.
    _ = try session.snapshot()
    guard var image = image(of: session.name) else {
      throw CurtainError(.internalError, "Session '\(session.name)' has no snapshot")
    }
    // Delegate registrations belong to connections (docs/delegates.md).
    image.session.delegates = []
    return Data(SessionDocument(image: image, generator: "curtaind \(curtainVersion)").encoded())
  }

  /// Makes a session of a document, named as in the document or `name`:
  /// `INVALID_ARGUMENT` for a document that is not one or does not
  /// restore, `UNSUPPORTED_VERSION` for a newer one, `CONFLICT` when the
  /// session exists and is not empty. Nothing changes when it throws.
  func importSession(_ bytes: [UInt8], as name: String?) throws -> Session {
    let document: SessionDocument
    do {
      document = try SessionDocument.decode(bytes)
    } catch {
      switch error {
      case .invalid(let reason):
        throw CurtainError(.invalidArgument, "Cannot import the document: \(reason)")
      case .newer(let reason):
        throw CurtainError(.unsupportedVersion, "Cannot import the document: \(reason)")
      }
    }
    let target = name ?? document.snapshot.session.name
    guard Self.isValidSessionName(target) else {
      throw CurtainError(
        .invalidArgument,
        "Cannot import the document: its session name '\(target)' is not valid; "
          + "import it under another name")
    }
    if let existing = sessions[target],
      !existing.windows.isEmpty || !existing.controllers.isEmpty
        || !existing.storyboards.isEmpty
    {
      throw CurtainError(
        .conflict,
        "Session '\(target)' exists (\(count(existing.windows.count, "window")), "
          + "\(count(existing.controllers.count, "controller"))); import under another name, "
          + "or kill-session it first")
    }
    if sessions[target] == nil { try checkSessionLimit() }
    try checkImportLimits(document.snapshot.session)
    var image = document.snapshot
    image.session.name = target
    image.session.delegates = []
    let now = clock()
    let shift = now - image.clock
    for index in image.windows.indices {
      image.windows[index].origin = Self.onGrid(image.windows[index].origin + shift)
      image.windows[index].lastFrameClock = Self.onGrid(
        image.windows[index].lastFrameClock + shift)
    }
    image.clock = now
    let restored: RestoredSession
    do {
      restored = try rebuild(image)
    } catch {
      throw CurtainError(
        .invalidArgument, "Cannot import the document: \(error.description)")
    }
    install(restored, startingPast: false)
    return restored.session
  }

  /// `1 window`, `2 windows`.
  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
