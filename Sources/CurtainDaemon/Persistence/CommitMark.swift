// The state database's `state.sqlite3-last-commit` file (docs/durability.md,
// "Damage and errors"): the number of the last journal record the writer
// committed, written after every commit that holds records and before the
// answers waiting for it leave, so that every acknowledged change's record
// number is at most what it says. It lives beside the database, not in
// it, and goes where the database goes (moved aside with it as
// `state.sqlite3.bad-N-last-commit`, like its write-ahead log): the damage
// it is there to notice (bytes flipped in the write-ahead
// log or its header, which make SQLite ignore the log from there on; a
// database file emptied or deleted) takes the database's own record of
// its last commit with it. A restore whose highest record number comes
// back lower than the file's is short: acknowledged changes are missing.
//
// One fixed-size line, replaced in place with one pwrite (never fsynced:
// it is written after the commit it names, so whatever of it reaches the
// disk names a record the database has, unless the database lost it too):
//
//   curtain-last-commit 1 00000000000000001234 a3f1c0de12345678
//
// version 1, the record number, and the FNV-1a hash of the text before
// it, so that a torn or damaged file is told from a number.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state database's `-last-commit` file.
final class CommitMark: @unchecked Sendable {
  /// What the file's name adds to the database's.
  static let suffix = "-last-commit"
  /// The path.
  let path: String
  private let descriptor: Int32

  /// What the file said when it was opened.
  enum Reading: Equatable {
    /// No file (a new state directory, or one of a curtaind before it).
    case absent
    /// The last committed record.
    case number(Int64)
    /// The file is there but does not read as a mark.
    case unreadable(String)
  }

  /// Opens (creating) the file of the database at `databasePath`;
  /// returns it with what it said.
  static func load(for databasePath: String) throws(PersistenceError) -> (CommitMark, Reading) {
    let path = databasePath + suffix
    let found = reading(at: path)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw PersistenceError(
        description: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    return (CommitMark(path: path, descriptor: descriptor), found)
  }

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Records `number` as the last committed record (writer thread, or
  /// the loop before the writer starts). Best effort: a failed write
  /// leaves an older number, which only makes the next start's check less
  /// strict.
  func write(_ number: Int64) {
    let line = Self.line(number)
    _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  /// The file's line for `number`.
  static func line(_ number: Int64) -> [UInt8] {
    let digits = String(max(0, number))
    let text = "curtain-last-commit 1 " + String(repeating: "0", count: 20 - digits.count) + digits
    let bytes = Array(text.utf8)
    let hash = UInt64(bitPattern: DurableSchema.checksum(bytes))
    let hex = String(hash, radix: 16)
    return bytes + Array((" " + String(repeating: "0", count: 16 - hex.count) + hex + "\n").utf8)
  }

  /// What the file at `path` says.
  static func reading(at path: String) -> Reading {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .absent : .unreadable(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return .unreadable(String(cString: strerror(errno))) }
    let bytes = Array(buffer.prefix(count))
    guard bytes.count == 60, let number = Int64(String(decoding: bytes[22..<42], as: UTF8.self)),
      line(number) == bytes
    else { return .unreadable("it does not hold a record number and its checksum") }
    return .number(number)
  }
}
