// The token a client sends in Hello, read from a token file the way the
// daemon reads its own (`curtaind --token-file`: one token per line, each
// the first word of its line, optionally followed by what it grants; blank
// lines and lines starting with `#` ignored). A client takes the first
// token of the file: a file of one token works as it always did, and so
// does the daemon's own file (its first line's token).

/// Reading a client's token from the contents of a token file.
public enum ClientToken {
  /// The first word of the first line that is neither blank nor a comment
  /// (`#`), or nil when the file has none.
  public static func first(in contents: String) -> String? {
    for line in contents.split(whereSeparator: \.isNewline) {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let word = words.first, !word.hasPrefix("#") else { continue }
      return String(word)
    }
    return nil
  }
}
