// `curtain snapshot W --svg FILE [--at SECONDS | --at-seq N]`: a picture of
// a window's views as SVG, at their presentation values (what is on
// screen, also mid-animation).
//
// `--at` names a window time. A time earlier than the window's is its past:
// the daemon replays the session up to it in a scratch session (as
// `--at-seq N`, right after event N), and the window is not touched. A
// later time moves a manual-clock window forward to it first (like
// `curtain advance`); a realtime window's future cannot be chosen, so that
// is refused. The file is written to a temporary name beside FILE and
// renamed, so a failure leaves no partial file, and a path that cannot be
// written fails before the window is touched.

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

/// Writes a window's views as SVG.
struct Snapshot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Write a picture of a window's views (presentation values) as SVG.",
    discussion: """
      Each view is a rectangle in its background colour at its presentation \
      frame, with its opacity and transform; controller views show their \
      controller's identifier (or title, or id), navigation bars their top \
      controller, tab bars their tabs. One SVG unit is one point.

      --at SECONDS earlier than the window's time draws the window as it was \
      then, and --at-seq N as it was right after its event N: the daemon \
      replays the session up to that moment in a scratch session and the \
      window is not touched (see `curtain tree`). A later --at first moves \
      a manual-clock window's time to SECONDS (as `curtain advance` does: \
      frames and events follow); a realtime window's future cannot be \
      chosen, so that is refused. Without either, the snapshot shows the \
      moment the daemon answers.

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain snapshot $w --svg push.svg --at 0.15
        curtain advance $w 1
        curtain snapshot $w --svg before.svg --at 0.05
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Option(help: ArgumentHelp("The SVG file to write (- for standard output).", valueName: "file"))
  var svg: String

  @Option(
    help: ArgumentHelp(
      "The window at this time (seconds): earlier, as it was; later, a manual window moved there.",
      valueName: "seconds"))
  var at: Double?

  @Option(
    name: .customLong("at-seq"),
    help: ArgumentHelp(
      "The window right after this event (its seq, as events prints it).", valueName: "seq"))
  var atSeq: UInt64?

  func validate() throws {
    try PastOptions.validate(seq: atSeq, time: at)
    if svg.isEmpty { throw ValidationError("--svg needs a file name (or - for standard output)") }
  }

  func run() throws {
    let file = svg == "-" ? nil : try OutputFile(path: svg)
    defer { file?.discard() }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var past = PastOptions.point(window: window, seq: atSeq, time: nil)
    if let at {
      if try advance(connection, to: at) == false {
        past = PastOptions.point(window: window, seq: nil, time: at)
      }
    }

    let tree = try connection.tree(of: window, presentation: true, past: past)
    let time = OutputFormat.decimal(tree.window.time, fixed: 3)
    let document = SVGSnapshot.document(
      of: tree, caption: "w\(window) at t=\(time)",
      controllers: try connection.controllers(past: past))
    if let file {
      try file.commit(document)
    } else {
      Output.write(document, to: STDOUT_FILENO)
    }
    if globals.json {
      Output.json(
        .object([
          ("window", .id(window)), ("time", .number(tree.window.time)),
          ("file", .string(svg)),
        ]))
    }
  }

  /// Moves a manual window's clock to `time` when that is not in its past;
  /// returns whether it did (`false`: `time` is in the window's past), with
  /// the CLI's own words for a realtime window's future.
  private func advance(_ connection: DaemonConnection, to time: Double) throws -> Bool {
    let tree = try connection.tree(of: window)
    guard time >= tree.window.time else { return false }
    guard tree.window.clock == .manual else {
      throw CLIError(
        "w\(window) runs on the realtime clock, whose future cannot be chosen; --at takes "
          + "a time of its past there, or a manual-clock window (new-window --clock manual)")
    }
    var advance = Curtain_V1_AdvanceClock()
    advance.windowID = window
    advance.toTime = time
    try connection.perform(.advanceClock(advance), mutating: true)
    return true
  }
}

/// A file written under a temporary name and renamed into place.
final class OutputFile {
  let path: String
  private let temporary: String
  private var descriptor: Int32

  /// Creates the temporary file beside `path`; fails (before anything else
  /// happens) when the directory cannot be written.
  init(path: String) throws {
    self.path = path
    temporary = "\(path).\(getpid()).tmp"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Writes `text` and renames the file into place.
  func commit(_ text: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      bytes = bytes.dropFirst(written)
    }
    _ = close(descriptor)
    descriptor = -1
    guard rename(temporary, path) == 0 else {
      throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Removes the temporary file unless it was renamed into place.
  func discard() {
    if descriptor >= 0 {
      _ = close(descriptor)
      descriptor = -1
    }
    _ = unlink(temporary)
  }
}
