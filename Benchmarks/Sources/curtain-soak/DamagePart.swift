// The damage part (issue 33 §4): state damaged between two runs of a
// durable daemon in the ways SQLite restores in silence (bytes flipped in
// the middle of the write-ahead log, in its header's salt, a database file
// emptied), repeated with a random amount of acknowledged changes. Each
// start must say the restore came back short (`curtain status`'s storage
// part, with the records missing) and keep the damaged files aside as found
// (state.sqlite3.bad-N) instead of serving the older state as if nothing
// happened; a start after a whole stop or kill must say nothing.

import BenchKit
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func damagePart(_ options: Options, _ random: inout SplitMix) throws -> String {
  let scratch = try makeScratchDirectory("curtain-soak-damage")
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let began = Clock.now()
  var runs = 0
  var said: [String: Int] = [:]
  var missing: UInt64 = 0
  let kinds = ["the log's middle", "the log's header", "an emptied database", "none"]
  while runs < 40, Clock.now() - began < options.partSeconds * 0.8 {
    let kind = kinds[runs % kinds.count]
    let state = scratch + "/state-\(runs)"
    let database = state + "/state.sqlite3"
    let daemon = try startDaemon(
      options, directory: scratch, name: "curtaind-\(runs)", arguments: ["--state-dir", state])
    let count = 20 + random.int(200)
    do {
      let writer = try Connection(socketPath: daemon.socketPath, name: "writer")
      for number in 1...count {
        try writer.call {
          $0.createController.kind = .content
          $0.createController.identifier = "C\(number)"
        }
      }
    }
    switch kind {
    case "an emptied database":
      try daemon.stop()
      guard truncate(database, 0) == 0 else { throw BenchError("cannot empty \(database)") }
    case "the log's middle":
      daemon.kill9()
      try flip(database + "-wal", at: Int(fileSize(database + "-wal")) / 2)
    case "the log's header":
      daemon.kill9()
      // The header's first salt: SQLite ignores the whole log.
      try flip(database + "-wal", at: 17)
    default:
      if random.int(2) == 0 { daemon.kill9() } else { try daemon.stop() }
    }
    let restarted = try startDaemon(
      options, directory: scratch, name: "curtaind-\(runs)-again",
      arguments: ["--state-dir", state])
    let checker = try Connection(socketPath: restarted.socketPath, name: "checker")
    let storage = try checker.call { $0.getStatus = .init() }.status.storage
    let controllers = try checker.call { $0.listControllers = .init() }.controllers.controllers
    try restarted.stop()
    let label = "run \(runs), damage: \(kind), \(count) changes acknowledged"
    guard kind != "none" else {
      guard !storage.hasRestoreDamage, controllers.count == count else {
        throw BenchError(
          "\(label): a whole restore said \(storage.restoreDamage) and served "
            + "\(controllers.count) controllers")
      }
      runs += 1
      continue
    }
    let damage = storage.restoreDamage
    guard storage.hasRestoreDamage, damage.missingRecords > 0 else {
      throw BenchError(
        "\(label): the start served \(controllers.count) controllers without a word")
    }
    guard damage.movedTo == database + ".bad-1",
      FileManager.default.fileExists(atPath: damage.movedTo), controllers.isEmpty
    else {
      throw BenchError("\(label): the damaged state was not moved aside: \(damage)")
    }
    said[kind, default: 0] += 1
    missing += damage.missingRecords
    runs += 1
  }
  return
    "\(runs) restarts, \(said.values.reduce(0, +)) on damaged state, each said so with the records "
    + "missing (\(missing) in all) and moved aside: "
    + said.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    + "; whole restarts said nothing"
}

/// Flips the bits of the byte at `offset` of `path`.
private func flip(_ path: String, at offset: Int) throws {
  guard let handle = FileHandle(forUpdatingAtPath: path) else {
    throw BenchError("cannot open \(path)")
  }
  defer { try? handle.close() }
  try handle.seek(toOffset: UInt64(offset))
  guard let byte = try handle.read(upToCount: 1)?.first else {
    throw BenchError("\(path) has no byte \(offset)")
  }
  try handle.seek(toOffset: UInt64(offset))
  try handle.write(contentsOf: Data([byte ^ 0xFF]))
}
