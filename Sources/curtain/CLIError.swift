// A failure the CLI reports itself: printed as `curtain: <message>` on
// stderr with exit status 1 (with --json, `{"error": {"code": CODE,
// "message": …}}`). Errors from the daemon arrive as `ClientError.server`
// and print as `curtain: CODE: message`.

/// A runtime failure of a command (not a usage error).
struct CLIError: Error, CustomStringConvertible {
  /// What went wrong, in a sentence the user can act on.
  let description: String
  /// Its code in `--json` errors: `UNAVAILABLE` (no daemon), `TIMEOUT`,
  /// `STOPPED` (the daemon stopped while a command followed it), or
  /// `FAILED`.
  let code: String

  init(_ description: String, code: String = "FAILED") {
    self.description = description
    self.code = code
  }
}
