// A daemon's memory as the kernel counts it: its resident set, from
// /proc/PID/status.

import Foundation

extension Daemon {
  /// Its resident set size in bytes (VmRSS), or 0 when it cannot be read.
  public func residentBytes() -> UInt64 {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) } ?? 0
    return kilobytes * 1024
  }
}
