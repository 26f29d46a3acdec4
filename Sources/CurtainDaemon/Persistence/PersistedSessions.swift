// What the state directory needs of the daemon's sessions, and all it sees
// of them: `Persistence` is given these (the server conforms) instead of
// holding the server. A restore builds into a `RestoreTarget`; afterwards
// the checkpoints read the same sessions as `PersistedSessions`, to know
// which exist, which are quiescent, and to take their images.

import CurtainCore

/// The sessions a checkpoint snapshots, and a way to read them.
protocol PersistedSessions: AnyObject {
  /// The sessions by name.
  var sessions: [String: Session] { get }
  /// The image of a quiescent session (`nil` while it is busy, or gone).
  func image(of name: String) -> SessionImage?
}

/// What a restore builds the sessions into: snapshots rebuilt and put in
/// place, then the journal's records replayed.
protocol RestoreTarget: PersistedSessions {
  /// The configuration of a session made for `windows` windows and
  /// `controllers` controllers (the limits in force).
  func sessionConfiguration(windows: Int, controllers: Int) -> SessionConfiguration
  /// A session rebuilt from its image, not yet in place.
  func rebuild(_ image: SessionImage, prebuilt: Session?) throws(ImageError) -> RestoredSession
  /// Puts a rebuilt session in place.
  func install(_ restored: RestoredSession)
  /// Applies one journal record; sessions in `ahead` have a snapshot
  /// taken after it and skip it.
  func replay(_ bytes: [UInt8], ahead: Set<String>) throws(ReplayFailure)
}

extension Server: RestoreTarget {}
