// Reading a document a command sends to the daemon (a storyboard, a
// session): a file, or stdin for `-`.

import Foundation

/// A document a command reads.
enum InputFile {
  /// The bytes of `file`, or of stdin when it is `-`.
  static func read(_ file: String) throws -> Data {
    if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard FileManager.default.isReadableFile(atPath: file),
      let contents = FileManager.default.contents(atPath: file)
    else {
      throw CLIError("cannot read \(file): no such readable file")
    }
    return contents
  }
}
