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
  /// The exit status (1; 2 for a file a command cannot use, as for a
  /// usage error).
  let status: Int32

  init(_ description: String, code: String = "FAILED", status: Int32 = 1) {
    self.description = description
    self.code = code
    self.status = status
  }
}
