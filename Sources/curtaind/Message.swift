// An error that is only a sentence to print.

/// A failure described by its message.
struct Message: Error, CustomStringConvertible {
  /// The sentence.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
