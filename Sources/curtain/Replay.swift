// `curtain replay FILE --check | --update`: replays a recording of
// `curtain record` (docs/recordings.md) and compares what it produces with
// what it expects (the CheckRecording request).
//
// The replay runs in the daemon, in a scratch server of its own that no
// session sees: the CLI never links the daemon's code (ARCHITECTURE.md),
// and the daemon replays through its restore path, the code that restores
// a session after a crash, so what is checked is the daemon's own
// behaviour; as for every command, a daemon is started when none answers.
// Exit status: 0 identical (or rewritten by --update), 1 a difference
// (the first printed: event index, expected, got, the input that led
// there), 2 a file that is not a recording, is damaged, or is of a newer
// version.

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Replays a recording.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a recording of `curtain record` and compare (--check) or rewrite (--update).",
    discussion: """
      The daemon replays the recording's inputs from its start, at their \
      clock times, in a scratch server of its own (no session sees it; \
      it is the path a restart restores sessions by), and compares each \
      input's events and frames and each window's tree at the end with \
      what the recording expects. --check prints `FILE: identical (N \
      inputs, M events, F frames)` and exits 0, or prints the first \
      difference (which event, frame or tree; what was expected and what \
      came; the input that led there) and exits 1. --update rewrites the \
      recording's expectations with what this build produces (the \
      golden-file workflow; its inputs stay) and exits 0, or 1 when an \
      input no longer replays as recorded (its answer or the ids it made \
      changed: record it again). A file that is not a recording, is \
      truncated or damaged, or has a newer version exits 2. With --json: \
      file, identical, inputs, events, frames, trees, session, window, \
      replayed_by, recorded_by, updated and the difference (kind, index, input, input_text, \
      expected, got, explanation).

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain advance $w 0.5
        curtain record -o push.recording.json
        curtain replay push.recording.json --check
        curtain replay push.recording.json --update
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The recording, or - for stdin.", valueName: "file"))
  var file: String

  @Flag(help: "Compare what the replay produces with the recording's expectations.")
  var check = false

  @Flag(help: "Rewrite the recording's expectations with what this build produces.")
  var update = false

  func validate() throws {
    if check == update { throw ValidationError("replay needs --check or --update (one of them)") }
    if update, file == "-" { throw ValidationError("--update rewrites a file: give its name") }
  }

  func run() throws {
    let document: Data
    do {
      document = try InputFile.read(file)
    } catch let error as CLIError {
      throw CLIError(error.description, code: error.code, status: 2)
    }
    if document.isEmpty { throw CLIError("\(file) is empty: it is not a recording", status: 2) }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var request = Curtain_V1_CheckRecording()
    request.document = document
    request.update = update
    let response: WireResponse
    do {
      response = try connection.perform(.checkRecording(request))
    } catch ClientError.server(let refusal)
      where refusal.code == .invalidArgument || refusal.code == .unsupportedVersion
    {
      throw CLIError("\(file): \(refusal.message)", code: refusal.code.rawValue, status: 2)
    }
    guard case .recordingCheck(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "recording_check", got: response.resultName)
    }
    let rewritten = update && !result.updated.isEmpty
    if rewritten {
      let output = try OutputFile(path: file)
      defer { output.discard() }
      try output.commit(String(decoding: result.updated, as: UTF8.self))
    }
    report(result, rewritten: rewritten)
    if !(result.identical || rewritten) { Glibc.exit(1) }
  }

  /// Says what the replay gave.
  private func report(_ result: Curtain_V1_RecordingCheck, rewritten: Bool) {
    let difference = result.difference
    if globals.json {
      var members: [(String, JSONValue)] = [
        ("file", .string(file)), ("identical", .bool(result.identical)),
        ("inputs", .unsigned(UInt64(result.inputs))), ("events", .unsigned(UInt64(result.events))),
        ("frames", .unsigned(UInt64(result.frames))),
        ("trees", .unsigned(UInt64(result.trees))), ("session", .string(result.session)),
        ("window", .id(result.windowID)),
        ("replayed_by", .string(result.generator)), ("recorded_by", .string(result.recordedBy)),
        ("updated", .bool(rewritten)),
      ]
      if !result.identical {
        members.append(
          (
            "difference",
            .object([
              ("kind", .string(Self.kindName(difference.kind))),
              ("index", .unsigned(UInt64(difference.index))),
              ("input", .unsigned(UInt64(difference.input))),
              ("input_text", .string(difference.inputText)),
              ("expected", .string(difference.expected)), ("got", .string(difference.got)),
              ("explanation", .string(difference.explanation)),
            ])
          ))
      }
      Output.json(.object(members))
      return
    }
    let counts = "\(result.inputs) inputs, \(result.events) events, \(result.frames) frames"
    if result.identical {
      Output.line("\(file): identical (\(counts))")
      return
    }
    if rewritten {
      Output.line("\(file): updated (\(counts) were expected; the first difference was:)")
    } else {
      Output.line(
        "\(file): differs from what \(result.generator) produces (recorded by "
          + "\(result.recordedBy.isEmpty ? "an unknown curtaind" : result.recordedBy))")
    }
    Output.line("  \(difference.explanation)")
  }

  /// A difference's kind as --json names it.
  private static func kindName(_ kind: Curtain_V1_RecordingDifference.Kind) -> String {
    switch kind {
    case .event: return "event"
    case .frame: return "frame"
    case .tree: return "tree"
    case .input: return "input"
    case .unspecified, .UNRECOGNIZED: return "unknown"
    }
  }
}
