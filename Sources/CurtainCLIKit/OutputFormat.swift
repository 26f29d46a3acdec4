// How the `curtain` CLI prints what the daemon sends: one human line, or one
// JSON object per line (`--json`), for events, frames and results. Everything
// here is a pure function of wire messages so that tests compare it with
// golden strings.
//
// Human forms:
//     event   "<seq>  w<window>  <text>"                 12  w1  B.viewWillAppear(true)
//     frame   "<frame_seq>  w<window>  t=<time>  <views>  <transitions>"
//             7  w1  t=0.250  v12 (97.5, 0, 390, 844) α=1  t3 42.5%
// A view shows its transform only when it is not the identity:
// `v12 (0, 0, 390, 844) α=1 T=(0.9, 0, 0, 0.9, 0, 0)`.
//
// JSON keys come in a fixed order, documented at each builder; ids of 0 (the
// wire's "none") are `null`.

/// Formatting of daemon messages for the CLI.
public enum OutputFormat {
  /// `w3`, or `-` for 0 (no window).
  public static func windowName(_ id: UInt64) -> String { id == 0 ? "-" : "w\(id)" }

  /// `1 window`, `2 windows`.
  public static func count<Number: BinaryInteger>(_ number: Number, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
