// A token file others can read gives them the daemon: curtaind warns at
// start (and `curtain status` shows the warning) when the file's mode lets
// its group or others read or write it.

import Foundation

enum TokenFilePermissions {
  /// The warning for the token file at `path`, or `nil` when only its
  /// owner may read and write it.
  static func warning(for path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let mode = status.st_mode & 0o777
    guard mode & 0o066 != 0 else { return nil }
    return "the token file \(path) is readable or writable by others (mode "
      + String(format: "%04o", mode) + "): chmod 600 \(path)"
  }
}
