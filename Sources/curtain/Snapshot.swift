// `curtain snapshot W --svg FILE [--at SECONDS]`: a picture of a window's
// views as SVG, at their presentation values (what is on screen, also
// mid-animation).
//
// `--at` names a window time. A manual-clock window is advanced to it first
// (like `curtain advance`, so it must not be in the past); a realtime
// window's time cannot be chosen, so `--at` is refused there. The file is
// written to a temporary name beside FILE and renamed, so a failure leaves
// no partial file, and a path that cannot be written fails before the
// window is touched.

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

      --at SECONDS first moves a manual-clock window's time to SECONDS (as \
      `curtain advance` does: frames and events follow), so it must not be \
      earlier than the window's time. A realtime window's time cannot be \
      chosen: --at is refused there, and the snapshot shows the moment the \
      daemon answers.

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain snapshot $w --svg push.svg --at 0.15
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
      "Advance a manual-clock window to this time first (seconds).", valueName: "seconds"))
  var at: Double?

  func validate() throws {
    if let at, !(at.isFinite && at >= 0) {
      throw ValidationError("--at must be a window time in seconds, 0 or more")
    }
    if svg.isEmpty { throw ValidationError("--svg needs a file name (or - for standard output)") }
  }

  func run() throws {
    let file = svg == "-" ? nil : try OutputFile(path: svg)
    defer { file?.discard() }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    if let at { try advance(connection, to: at) }

    let tree = try connection.tree(of: window, presentation: true)
    let time = OutputFormat.decimal(tree.window.time, fixed: 3)
    let document = SVGSnapshot.document(
      of: tree, caption: "w\(window) at t=\(time)", controllers: try connection.controllers())
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

  /// Moves a manual window's clock to `time`, with the CLI's own words for
  /// a realtime window and for a time in the past.
  private func advance(_ connection: DaemonConnection, to time: Double) throws {
    let tree = try connection.tree(of: window)
    guard tree.window.clock == .manual else {
      throw CLIError(
        "w\(window) runs on the realtime clock, whose time cannot be chosen; "
          + "--at needs a manual-clock window (new-window --clock manual)")
    }
    guard time >= tree.window.time else {
      throw CLIError(
        "w\(window) is already at t=\(OutputFormat.decimal(tree.window.time, fixed: 3)); "
          + "--at cannot go back in time")
    }
    var advance = Curtain_V1_AdvanceClock()
    advance.windowID = window
    advance.toTime = time
    try connection.perform(.advanceClock(advance), mutating: true)
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
