// The client side of the `peers` benchmark (Peers.swift), below the
// systems: a stream socket read and written with blocking system calls,
// each bounded by a timeout, and the few pieces of the peers' wire formats
// the benchmark needs, written by hand so that every system is driven the
// same way:
//
// - `RawStream`: one connected stream (a Unix socket, or one end of a
//   socket pair standing in for a process's stdin and stdout) with
//   `SO_RCVTIMEO` and `SO_SNDTIMEO` set, so that a blocking `read` or
//   `write` returns an error instead of waiting forever; a read buffer that
//   the systems' scanners look into;
// - protobuf varints (curtaind's framing and the two fields of a
//   `Response` the benchmark reads);
// - MessagePack (Neovim's RPC): encoding the requests' arrays, integers and
//   strings, and skipping over any value, which is how a response is
//   framed.

import BenchKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: The stream

/// One connected stream socket, read and written with blocking calls that
/// time out.
final class RawStream {
  /// The socket.
  let fd: Int32
  /// What a timed-out read or write says it was waiting for.
  let name: String
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0

  /// Takes over `fd`, a connected stream socket, and bounds each blocking
  /// read and write by `timeout` seconds.
  init(fd: Int32, name: String, timeout: Double) {
    self.fd = fd
    self.name = name
    buffer = Array(repeating: 0, count: 1 << 16)
    var limit = timeval(
      tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Connects to the Unix socket at `path`.
  static func connect(unixPath path: String, name: String, timeout: Double) throws -> RawStream {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket: errno \(errno)") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(fd)
      throw BenchError("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { pointer in
      for (index, byte) in bytes.enumerated() { pointer[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(fd)
      throw BenchError("cannot connect to \(path): errno \(code)")
    }
    return RawStream(fd: fd, name: name, timeout: timeout)
  }

  deinit { close(fd) }

  /// Writes all of `bytes` (one `write` unless the socket takes less).
  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw BenchError(
          errno == EAGAIN
            ? "\(name): timed out writing" : "\(name): write failed (errno \(errno))")
      }
      offset += count
    }
  }

  /// Reads once, blocking until something arrives: throws at the end of
  /// the stream, on an error or when the timeout passes first.
  func fill() throws {
    if start == end {
      start = 0
      end = 0
    } else if end == buffer.count {
      if start > 0 {
        buffer.withUnsafeMutableBufferPointer { pointer in
          let base = pointer.baseAddress!
          base.update(from: base + start, count: end - start)
        }
        end -= start
        start = 0
      } else {
        buffer.append(contentsOf: repeatElement(0, count: buffer.count))
      }
    }
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + end, $0.count - end)
      }
      if count > 0 {
        end += count
        return
      }
      if count == 0 { throw BenchError("\(name): the other end closed the connection") }
      if errno == EINTR { continue }
      throw BenchError(
        errno == EAGAIN
          ? "\(name): timed out waiting for an answer" : "\(name): read failed (errno \(errno))")
    }
  }

  /// Calls `scan` on the bytes received and not yet consumed until it
  /// finds an answer, reading more whenever it needs more: `scan` returns
  /// how many bytes one whole message took and whether it was an answer
  /// (other messages, such as notifications, are skipped), or nil when the
  /// message is not complete yet.
  func readAnswer(_ scan: (UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)?) throws {
    while true {
      while start < end {
        let found = try buffer.withUnsafeBufferPointer {
          try scan(UnsafeBufferPointer(rebasing: $0[start..<end]))
        }
        guard let (consumed, answer) = found else { break }
        start += consumed
        if answer { return }
      }
      try fill()
    }
  }

  /// Counts the answers among what has been received, consuming whole
  /// messages (see `readAnswer`) and leaving a partial one; reads first
  /// when nothing is buffered.
  func answersReceived(_ scan: (UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)?) throws
    -> Int
  {
    if start == end { try fill() }
    var answers = 0
    while start < end {
      let found = try buffer.withUnsafeBufferPointer {
        try scan(UnsafeBufferPointer(rebasing: $0[start..<end]))
      }
      guard let (consumed, answer) = found else { break }
      start += consumed
      if answer { answers += 1 }
    }
    if answers == 0 { try fill() }
    return answers
  }
}

// MARK: Protobuf varints

/// Appends the varint of `value`.
func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
  var rest = value
  while rest >= 0x80 {
    bytes.append(UInt8(rest & 0x7F) | 0x80)
    rest >>= 7
  }
  bytes.append(UInt8(rest))
}

/// Reads a varint at `offset`, moving it past; nil when the bytes end first.
func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt64? {
  var value: UInt64 = 0
  var shift: UInt64 = 0
  while offset < bytes.count, shift < 64 {
    let byte = bytes[offset]
    offset += 1
    value |= UInt64(byte & 0x7F) << shift
    if byte < 0x80 { return value }
    shift += 7
  }
  return nil
}

// MARK: MessagePack

/// The MessagePack the benchmark writes and reads (Neovim's RPC): arrays,
/// non-negative integers, strings and nil written; any value skipped.
enum MessagePack {
  /// Appends an array header for `count` elements.
  static func appendArray(_ count: Int, to bytes: inout [UInt8]) {
    if count < 16 {
      bytes.append(0x90 | UInt8(count))
    } else {
      bytes.append(0xDC)
      bytes.append(UInt8(count >> 8))
      bytes.append(UInt8(count & 0xFF))
    }
  }

  /// Appends a non-negative integer.
  static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
    if value < 0x80 {
      bytes.append(UInt8(value))
    } else if value <= UInt64(UInt32.max) {
      bytes.append(0xCE)
      for shift in stride(from: 24, through: 0, by: -8) {
        bytes.append(UInt8((value >> shift) & 0xFF))
      }
    } else {
      bytes.append(0xCF)
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8((value >> shift) & 0xFF))
      }
    }
  }

  /// Appends a string.
  static func appendString(_ string: String, to bytes: inout [UInt8]) {
    let utf8 = Array(string.utf8)
    if utf8.count < 32 {
      bytes.append(0xA0 | UInt8(utf8.count))
    } else {
      bytes.append(0xD9)
      bytes.append(UInt8(utf8.count))
    }
    bytes.append(contentsOf: utf8)
  }

  /// The offset just past the value at `offset`; nil when the bytes end
  /// first. Throws on a byte that starts no value.
  static func skip(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) throws -> Int? {
    guard offset < bytes.count else { return nil }
    let first = bytes[offset]
    /// The offset after a header of `header` bytes and a body of `body`.
    func after(_ header: Int, _ body: Int) -> Int? {
      offset + header + body <= bytes.count ? offset + header + body : nil
    }
    /// A big-endian length of `size` bytes after the first byte.
    func length(_ size: Int) -> Int? {
      guard offset + 1 + size <= bytes.count else { return nil }
      var value = 0
      for index in 0..<size { value = value << 8 | Int(bytes[offset + 1 + index]) }
      return value
    }
    /// Skips `count` values from `from`.
    func elements(_ count: Int, from: Int) throws -> Int? {
      var position = from
      for _ in 0..<count {
        guard let next = try skip(bytes, position) else { return nil }
        position = next
      }
      return position
    }
    switch first {
    case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3: return after(1, 0)
    case 0x80...0x8F: return try elements(Int(first & 0x0F) * 2, from: offset + 1)
    case 0x90...0x9F: return try elements(Int(first & 0x0F), from: offset + 1)
    case 0xA0...0xBF: return after(1, Int(first & 0x1F))
    case 0xC4, 0xD9: return length(1).flatMap { after(2, $0) }
    case 0xC5, 0xDA: return length(2).flatMap { after(3, $0) }
    case 0xC6, 0xDB: return length(4).flatMap { after(5, $0) }
    case 0xC7: return length(1).flatMap { after(3, $0) }
    case 0xC8: return length(2).flatMap { after(4, $0) }
    case 0xC9: return length(4).flatMap { after(6, $0) }
    case 0xCA: return after(1, 4)
    case 0xCB: return after(1, 8)
    case 0xCC, 0xD0: return after(1, 1)
    case 0xCD, 0xD1: return after(1, 2)
    case 0xCE, 0xD2: return after(1, 4)
    case 0xCF, 0xD3: return after(1, 8)
    case 0xD4: return after(2, 1)
    case 0xD5: return after(2, 2)
    case 0xD6: return after(2, 4)
    case 0xD7: return after(2, 8)
    case 0xD8: return after(2, 16)
    case 0xDC: return try length(2).flatMap { try elements($0, from: offset + 3) }
    case 0xDD: return try length(4).flatMap { try elements($0, from: offset + 5) }
    case 0xDE: return try length(2).flatMap { try elements($0 * 2, from: offset + 3) }
    case 0xDF: return try length(4).flatMap { try elements($0 * 2, from: offset + 5) }
    default: throw BenchError("MessagePack: no value starts with byte \(first)")
    }
  }

  /// The non-negative integer at `offset` (positive fixint or uint 8–64),
  /// or nil when it is something else.
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64? {
    let first = bytes[offset]
    if first < 0x80 { return UInt64(first) }
    let size: Int
    switch first {
    case 0xCC: size = 1
    case 0xCD: size = 2
    case 0xCE: size = 4
    case 0xCF: size = 8
    default: return nil
    }
    var value: UInt64 = 0
    for index in 0..<size { value = value << 8 | UInt64(bytes[offset + 1 + index]) }
    return value
  }

  /// The text of the string values in the value at `offset..<end`, for an
  /// error message (Neovim's errors are `[type, message]`).
  static func strings(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ end: Int) -> String {
    String(decoding: bytes[offset..<end].filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
  }
}
