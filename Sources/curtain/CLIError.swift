// A failure the CLI reports itself: printed as `curtain: <message>` on
// stderr with exit status 1. Errors from the daemon arrive as
// `ClientError.server` and print as `curtain: CODE: message`.

/// A runtime failure of a command (not a usage error).
struct CLIError: Error, CustomStringConvertible {
  /// What went wrong, in a sentence the user can act on.
  let description: String

  init(_ description: String) { self.description = description }
}
