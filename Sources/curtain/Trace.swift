// `curtain trace [W] [--since-seq N] [--follow] [--clock window|wall] -o
// FILE`: a window's trace in the Chrome trace event format (GetTrace,
// docs/traces.md), for ui.perfetto.dev, chrome://tracing or Speedscope.
//
// The daemon makes the trace; the command asks until it has everything
// (a trace too large for one response comes in pieces) and writes the file
// under a temporary name, renamed into place. With --follow it asks again
// after each batch of the window's events (a subscription tells it when)
// from the last seq and frame it got, and rewrites the file each time, so
// that the file is always a whole trace; it ends on SIGINT or SIGTERM
// (exit 0), when the window closes ("w1 was closed" on stderr, exit 0; the
// file keeps what came before the batch that closed it, since the trace
// goes with the window) or when the daemon stops (exit 1).

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

/// Writes a window's trace.
struct Trace: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Write a window's trace in the Chrome trace event format (for Perfetto).",
    discussion: """
      The trace (JSON, docs/traces.md) opens in ui.perfetto.dev, \
      chrome://tracing and Speedscope: the window is a process whose \
      threads are its operations (each from its request to its completion, \
      with its kind, request id, trace id, client and result), its \
      transitions (with their interactive segments, their progress as a \
      counter), its delegate questions (a flow to the answering client and \
      back) and one thread per controller (each lifecycle callback an \
      instant inside the transition that caused it); each client is a \
      process with its requests, the questions it answered and the frames \
      each of its subscriptions got (a counter). It covers what the daemon \
      still keeps of the window (its last events and a bounded record of \
      requests, delegate calls and frames); --since-seq starts after an \
      event. Times are the window's (--clock window, the default) or the \
      daemon's wall clock (--clock wall); the trace's metadata says which. \
      -o - writes to standard output. With --follow, the file is rewritten \
      after each batch of events until interrupted (exit status 0), until \
      the window is closed ("w1 was closed" on stderr, exit status 0) or \
      the daemon stops (exit status 1). Prints `w1: N trace events, events \
      A-B → FILE` (with --json: window, file, trace_events, since_seq, \
      last_seq, clock).

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain advance $w 0.5
        curtain trace $w -o push.trace.json
        curtain trace $w --clock wall --since-seq 10 -o later.trace.json
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1; default: the session's first).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("The file to write (- for standard output).", valueName: "file"))
  var output: String

  @Option(
    name: .customLong("since-seq"),
    help: ArgumentHelp("Only what happened after this event seq.", valueName: "seq"))
  var sinceSeq: Int64 = 0

  @Option(
    help: ArgumentHelp(
      "Timestamps in the window's time (window) or the daemon's wall clock (wall).",
      valueName: "clock"))
  var clock: WireName<Curtain_V1_TraceClock> = WireName(.window)

  @Flag(help: "Rewrite the file as the window's events come, until interrupted.")
  var follow = false

  func validate() throws {
    if output.isEmpty { throw ValidationError("-o needs a file name (or - for standard output)") }
    if sinceSeq < 0 {
      throw ValidationError("--since-seq must be a sequence number, 0 or more, got \(sinceSeq)")
    }
    if follow, output == "-" {
      throw ValidationError("--follow rewrites a file: give -o a file name, not -")
    }
  }

  func run() throws {
    do {
      try write()
    } catch ClientError.goodbye(let reason, _) where follow && reason == .shutdown {
      throw CLIError("the daemon stopped", code: "STOPPED")
    }
  }

  private func write() throws {
    // A path that cannot be written fails before anything is asked.
    if output != "-" { try OutputFile(path: output).discard() }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var document = TraceDocument()
    var request = Curtain_V1_GetTrace()
    request.windowID = window ?? 0
    request.sinceSeq = UInt64(sinceSeq)
    request.clock = clock.wire
    var windowID = window ?? 0
    /// Asks until the trace is whole; returns the last response.
    func fetch() throws -> Curtain_V1_Trace {
      while true {
        let response = try connection.perform(.getTrace(request))
        guard case .trace(let trace)? = response.result else {
          throw ClientError.unexpectedResponse(expected: "trace", got: response.resultName)
        }
        try document.add(trace.json)
        windowID = trace.windowID
        request.windowID = trace.windowID
        request.sinceSeq = trace.lastSeq
        request.sinceFrameSeq = trace.lastFrameSeq
        if !trace.more { return trace }
      }
    }
    var last = try fetch()
    try save(document, window: windowID, last: last)
    guard follow else { return }

    Interrupt.install()
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = windowID
    subscribe.events = true
    try connection.perform(.subscribe(subscribe))
    while !Interrupt.requested {
      guard let message = try connection.client.nextMessage(timeout: 0.25),
        case .event(let event)? = message.kind
      else { continue }
      // The rest of the batch arrives with it: take it before asking.
      var closed = event.closes(windowID)
      while !closed, let more = try connection.client.nextMessage(timeout: 0.02) {
        if case .event(let event)? = more.kind, event.closes(windowID) { closed = true }
      }
      if closed {
        // The window is gone, and its trace with it: the file keeps what
        // the last call got.
        Output.error("\(OutputFormat.windowName(windowID)) was closed")
        return
      }
      last = try fetch()
      try save(document, window: windowID, last: last)
    }
  }

  /// Writes the document and says what it holds.
  private func save(_ document: TraceDocument, window: UInt64, last: Curtain_V1_Trace) throws {
    let json = try document.json()
    if output == "-" {
      Output.write(json, to: STDOUT_FILENO)
      return
    }
    let file = try OutputFile(path: output)
    defer { file.discard() }
    try file.commit(json)
    if follow { return }
    if globals.json {
      Output.json(
        .object([
          ("window", .id(window)), ("file", .string(output)),
          ("trace_events", .unsigned(UInt64(document.eventCount))),
          ("since_seq", .unsigned(UInt64(sinceSeq))), ("last_seq", .unsigned(last.lastSeq)),
          ("clock", .string(clock.wire.name)),
        ]))
    } else {
      Output.line(
        "\(OutputFormat.windowName(window)): \(document.eventCount) trace events, "
          + "events \(sinceSeq + 1)-\(last.lastSeq) → \(output)")
    }
  }
}
