// Reading a document a command sends to the daemon (a storyboard, a
// session): a file, or stdin for `-`.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// A document a command reads.
enum InputFile {
  /// The bytes of `file`, or of stdin when it is `-`.
  static func read(_ file: String) throws -> Data {
    if file == "-" { return try standardInput() }
    guard FileManager.default.isReadableFile(atPath: file),
      let contents = FileManager.default.contents(atPath: file)
    else {
      throw CLIError("cannot read \(file): no such readable file")
    }
    return contents
  }

  /// Everything on standard input, to its end.
  static func standardInput() throws -> Data {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))")
      }
      bytes.append(contentsOf: chunk[..<count])
    }
    return Data(bytes)
  }
}
