// `curtain record [--window W] [--from-seq N | --follow] -o FILE`: a
// recording of the session (the Record request, docs/recordings.md): its
// state at a start, every input after it with its clock time, and the
// events, frames and trees they produced, for `curtain replay --check`.
//
// Without --follow the recording is cut from what the daemon keeps of the
// session's past: from the oldest input kept, or from a window's event
// (--from-seq). With --follow the command asks where the session is now,
// waits until SIGINT or SIGTERM, and then asks for the recording from
// there, so the file is whole however it is interrupted; it is written
// under a temporary name and renamed into place.

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a recording of the session.
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Write a recording of the session, a regression test for `curtain replay`.",
    discussion: """
      The recording (JSON, versioned: docs/recordings.md) holds the \
      session's state at its start, every input after it with its clock \
      time, each input's events and frames (frames of manual windows' \
      clock steps) and each window's tree at the end, plus the daemon's \
      version. It is cut from what the daemon keeps of the session's past \
      (--past-records of curtaind): from the oldest input kept, or with \
      --from-seq N from the window's event N (the start is the last moment \
      before it at which the session was idle between two inputs, so a \
      recording may begin a few inputs earlier). With --follow it records \
      from now until interrupted (SIGINT or SIGTERM, exit status 0; it \
      says on stderr where it starts), then writes the file. --window W \
      records the events, frames and tree of W only (the inputs are the \
      session's). -o - writes to standard output. Prints `session 'S': N \
      inputs, M events → FILE` (with --json: session, window, file, \
      inputs, events, end_input).

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain advance $w 0.5
        curtain record -o push.recording.json
        curtain pop @Nav --no-wait
        curtain advance $w 0.5
        curtain record --window $w --from-seq 5 -o pop.recording.json
      """)

  @OptionGroup var globals: GlobalOptions

  @Option(
    help: ArgumentHelp(
      "Expect only this window's events, frames and tree (w1; default: every window).",
      valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("The file to write (- for standard output).", valueName: "file"))
  var output: String

  @Option(
    name: .customLong("from-seq"),
    help: ArgumentHelp(
      "Start at this event of the window (--window, default the session's first).",
      valueName: "seq"))
  var fromSeq: Int64?

  @Flag(help: "Record from now until interrupted (SIGINT or SIGTERM).")
  var follow = false

  func validate() throws {
    if output.isEmpty { throw ValidationError("-o needs a file name (or - for standard output)") }
    if let fromSeq, fromSeq < 1 {
      throw ValidationError("--from-seq must be an event's sequence number, 1 or more")
    }
    if follow, fromSeq != nil {
      throw ValidationError("--follow records from now: it takes no --from-seq")
    }
  }

  func run() throws {
    // A path that cannot be written fails before anything is asked.
    if output != "-" { try OutputFile(path: output).discard() }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var request = Curtain_V1_Record()
    request.windowID = window ?? 0
    if let fromSeq {
      if request.windowID == 0 { request.windowID = try firstWindow(connection) }
      request.fromSeq = UInt64(fromSeq)
    }
    if follow {
      var mark = request
      mark.markOnly = true
      let start = try recording(mark, connection)
      Interrupt.install()
      Output.errorText(
        "recording session '\(globals.session ?? "default")' from input \(start.endInput) "
          + "until interrupted")
      do {
        while !Interrupt.requested {
          // Nothing comes but a goodbye: the daemon stopping ends it.
          _ = try connection.client.nextMessage(timeout: 0.25)
        }
      } catch let error as ClientError where error.meansDaemonStopped {
        throw CLIError("the daemon stopped", code: "STOPPED")
      }
      request.fromInput = start.endInput
    }
    let answer = try recording(request, connection)
    if output == "-" {
      Output.write(String(decoding: answer.document, as: UTF8.self), to: STDOUT_FILENO)
      return
    }
    let file = try OutputFile(path: output)
    defer { file.discard() }
    try file.commit(String(decoding: answer.document, as: UTF8.self))
    let session = globals.session ?? "default"
    if globals.json {
      Output.json(
        .object([
          ("session", .string(session)), ("window", .id(request.windowID)),
          ("file", .string(output)), ("inputs", .unsigned(UInt64(answer.inputs))),
          ("events", .unsigned(UInt64(answer.events))),
          ("end_input", .unsigned(answer.endInput)),
        ]))
    } else {
      Output.line(
        "session '\(session)': \(answer.inputs) inputs, \(answer.events) events → \(output)")
    }
  }

  /// The daemon's answer to `request`.
  private func recording(_ request: Curtain_V1_Record, _ connection: DaemonConnection) throws
    -> Curtain_V1_RecordingDocument
  {
    let response = try connection.perform(.record(request))
    guard case .recording(let answer)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "recording", got: response.resultName)
    }
    return answer
  }

  /// The session's first window (--from-seq counts a window's events).
  private func firstWindow(_ connection: DaemonConnection) throws -> UInt64 {
    let response = try connection.perform(.listWindows(Curtain_V1_ListWindows()))
    guard case .windows(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "windows", got: response.resultName)
    }
    guard let first = list.windows.first else {
      throw CLIError("--from-seq counts a window's events, and the session has no window")
    }
    return first.id
  }
}
