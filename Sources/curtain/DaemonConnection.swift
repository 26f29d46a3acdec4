// One CLI invocation's connection to the daemon: connect (starting a daemon
// when none listens, unless `--no-start`), say hello, then send requests
// with the session, a fresh trace id per mutating request (`cli-<pid>-<n>`)
// and the wait policy filled in.
//
// Hello carries the capability "unowned-interactions": each CLI command is a
// separate connection, so an interactive transition begun by `interact
// begin` must survive that command's exit and be drivable by the next
// command (`interact update`). The daemon leaves such transitions without an
// owner; its interaction timeout still cancels abandoned ones.

import CurtainCLIKit
import CurtainCore
import CurtainWire
import Glibc

/// A connected, greeted client plus the request envelope defaults.
final class DaemonConnection {
  /// The Hello capability that keeps interactive transitions alive across
  /// CLI invocations (see the file comment).
  static let capabilities = ["unowned-interactions"]

  /// The connection (CurtainWire's `CurtainConnection`: it follows MOVED,
  /// dials again after losing the daemon and resumes subscriptions).
  let client: CurtainConnection
  let globals: GlobalOptions
  /// Whether this invocation started the daemon.
  let startedDaemon: Bool
  private var traceCounter = 0
  /// Whether the session named by `--session` was looked for before the
  /// first mutating request (`announceNewSession`).
  private var sessionChecked = false

  private init(client: CurtainConnection, globals: GlobalOptions, startedDaemon: Bool) {
    self.client = client
    self.globals = globals
    self.startedDaemon = startedDaemon
  }

  /// Connects and says hello (with the token, over TCP). With
  /// `startIfNeeded` (and without `--no-start`) a daemon is started when
  /// none listens on a Unix socket; over TCP none is ever started.
  /// `ownsInteractions`: the connection keeps the interactive transitions
  /// it drives (Hello without "unowned-interactions"): a long-lived command
  /// whose transitions end with it (`curtain delegate`).
  static func open(
    _ globals: GlobalOptions, startIfNeeded: Bool = true, ownsInteractions: Bool = false
  ) throws
    -> DaemonConnection
  {
    let endpoint = try globals.endpoint
    let options = CurtainConnection.Options(
      clientName: "curtain", capabilities: ownsInteractions ? [] : capabilities,
      responseTimeout: globals.responseTimeout)
    // The token goes to TCP listeners only (a MOVED hop is always TCP).
    let token = { (endpoint: CurtainClient.Endpoint) in
      endpoint.isTCP ? try globals.token() : ""
    }
    let client: CurtainConnection
    var started = false
    do {
      client = try CurtainConnection(endpoint: endpoint, options: options, token: token)
    } catch let error as ClientError where error.isNoListener {
      guard startIfNeeded, case .unix(let path) = endpoint else {
        throw CLIError("no daemon is listening on \(endpoint.address)", code: "UNAVAILABLE")
      }
      guard !globals.noStart else {
        // The socket given by --socket is given again (one from
        // $CURTAIN_SOCKET or the default one is found again without it).
        let start = "curtain start" + (globals.socket == nil ? "" : " --socket \(shellWord(path))")
        throw CLIError(
          "no daemon is listening on \(path) (--no-start: start one with `\(start)`)",
          code: "UNAVAILABLE")
      }
      let launched = try DaemonLauncher(socketPath: path).start(
        responseTimeout: globals.responseTimeout)
      client = try CurtainConnection(
        endpoint: endpoint, options: options, token: token, connected: launched)
      started = true
    }
    // --verbose is read only when there is something to say: completions
    // open a connection with options that were never parsed.
    client.onNotice = { notice in if globals.verbose { say(notice) } }
    return DaemonConnection(client: client, globals: globals, startedDaemon: started)
  }

  /// What the connection did by itself, on stderr (--verbose).
  private static func say(_ notice: CurtainConnection.Notice) {
    switch notice {
    case .followingMoved(let redirect):
      Output.error(
        "following MOVED: session '\(redirect.session)' is on node \(redirect.node) at "
          + "\(redirect.address)")
    case .reconnecting(let attempt, let delay, let lost):
      Output.error(
        "\(lost); dialling again in \(OutputFormat.decimal(delay)) s (attempt \(attempt))")
    case .resumed(let subscription, let result):
      let missed = result.snapshotRequired ? " (events missed meanwhile are gone)" : ""
      Output.error("subscription \(subscription) resumed\(missed)")
    }
  }

  /// `text` as one word of a shell command: as it is when it holds only
  /// characters no shell treats specially, else in single quotes.
  private static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "/._+-:@%,=".unicodeScalars.contains($0)
      }
    return plain ? text : "'" + text.replacing("'", with: #"'\''"#) + "'"
  }

  /// Sends one request and waits for its response (following MOVED);
  /// error responses throw `ClientError.server`. Mutating requests get a
  /// fresh trace id and `wait`.
  /// A mutating request that times out says what its change is doing now
  /// (DaemonConnection+Timeout.swift).
  @discardableResult
  func perform(
    _ body: WireRequest.OneOf_Body, mutating: Bool = false,
    wait: Curtain_V1_WaitUntil = .accepted
  ) throws -> WireResponse {
    let request = request(body, mutating: mutating, wait: wait)
    let newSession = mutating ? try sessionToAnnounce() : nil
    let node = client.endpoint
    defer {
      // Announced only where it was looked for: not after a MOVED hop.
      if let newSession, client.endpoint == node { announce(newSession) }
    }
    do {
      return try client.call(request)
    } catch ClientError.timedOut(let seconds, _) where mutating {
      let state = stateOfTimedOut(request).map { "; \($0)" } ?? ""
      throw CLIError(
        "timed out after \(OutputFormat.decimal(seconds)) s waiting for the daemon's answer"
          + "\(state) (--timeout SECONDS waits longer, 0 without limit)", code: "TIMEOUT")
    }
  }

  /// Subscribes in the session (`CurtainConnection.subscribe`: the
  /// subscription resumes when the connection is dialled again).
  @discardableResult
  func subscribe(_ body: Curtain_V1_Subscribe) throws -> Curtain_V1_SubscribeResult {
    try client.subscribe(body, session: globals.session ?? "")
  }

  /// The session `--session` names, before the first mutating request
  /// when it does not exist yet (the request creates it); nil otherwise,
  /// and for the default session, which is always there.
  private func sessionToAnnounce() throws -> String? {
    guard !sessionChecked, let name = globals.session, name != "default" else { return nil }
    sessionChecked = true
    return try sessions().contains { $0.name == name } ? nil : name
  }

  /// Says on stderr that `name` was created, when it exists now: sessions
  /// are durable, and one made by a typo would stay unnoticed. Not with
  /// --json (whose stderr carries only errors) unless --verbose.
  private func announce(_ name: String) {
    guard !globals.json || globals.verbose,
      (try? sessions().contains { $0.name == name }) == true
    else { return }
    Output.error("created durable session '\(name)' (curtain kill-session \(name))")
  }

  /// The request envelope for `body`.
  func request(
    _ body: WireRequest.OneOf_Body, mutating: Bool = false,
    wait: Curtain_V1_WaitUntil = .accepted
  ) -> WireRequest {
    var request = WireRequest()
    request.session = globals.session ?? ""
    request.body = body
    if mutating {
      traceCounter += 1
      request.traceID = "cli-\(getpid())-\(traceCounter)"
      request.waitUntil = wait
    }
    return request
  }

  /// A window's tree; with `presentation`, its view tree at presentation
  /// values (what is on screen now); with `past`, as it was then.
  func tree(
    of window: UInt64, presentation: Bool = false, past: Curtain_V1_PastPoint? = nil
  ) throws -> Curtain_V1_Tree {
    var getTree = Curtain_V1_GetTree()
    getTree.windowID = window
    getTree.presentation = presentation
    if let past { getTree.past = past }
    let response = try perform(.getTree(getTree))
    guard case .tree(let tree)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "tree", got: response.resultName)
    }
    return tree
  }

  /// Every controller of the session; with `past`, as they were then.
  func controllers(past: Curtain_V1_PastPoint? = nil) throws -> [Curtain_V1_ControllerInfo] {
    var list = Curtain_V1_ListControllers()
    if let past { list.past = past }
    let response = try perform(.listControllers(list))
    guard case .controllers(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controllers", got: response.resultName)
    }
    return list.controllers
  }

  /// Prints the request's result with `--json`, as every command does
  /// (CurtainCommand's help): its fields as one object, `{}` for a request
  /// answered with nothing (Empty: close-window, kill-session, release,
  /// unload-storyboard). Otherwise mutating
  /// commands are silent, unless their change did nothing: then they say
  /// so (`unchanged`, "nothing to pop"); or unless they returned while the
  /// transition they started still runs (--no-wait): then they print its
  /// name (t5), which later commands use (`pause`, `animate-alongside`).
  /// An animator the operation did not use is noted on stderr.
  func report(_ response: WireResponse, unchanged: String = "nothing changed") {
    if case .operation(let operation)? = response.result { Output.noteUnusedAnimator(operation) }
    guard globals.json else {
      if case .operation(let operation)? = response.result {
        if operation.unchanged {
          Output.line(unchanged)
        } else if operation.transitionID != 0, !operation.completed {
          Output.line("t\(operation.transitionID)")
        }
      }
      return
    }
    switch response.result {
    case .operation(let operation)?: Output.json(OutputFormat.json(operation))
    case .transition(let transition)?: Output.json(OutputFormat.json(transition))
    case .window(let window)?: Output.json(OutputFormat.json(window))
    case .controller(let controller)?: Output.json(OutputFormat.json(controller))
    case .clock(let clock)?: Output.json(OutputFormat.json(clock))
    // Empty: the callers' requests answer nothing else.
    default: Output.json(.object([]))
    }
  }

  /// The daemon's sessions, by name.
  func sessions() throws -> [Curtain_V1_SessionList.Entry] {
    let response = try perform(.listSessions(Curtain_V1_ListSessions()))
    guard case .sessions(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "sessions", got: response.resultName)
    }
    return list.sessions
  }

  /// The session's windows, in creation order.
  func windows() throws -> [Curtain_V1_WindowInfo] {
    let response = try perform(.listWindows(Curtain_V1_ListWindows()))
    guard case .windows(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "windows", got: response.resultName)
    }
    return list.windows
  }

  /// The window with this id; NOT_FOUND as the daemon words it otherwise.
  func windowInfo(_ id: UInt64) throws -> Curtain_V1_WindowInfo {
    guard let window = try windows().first(where: { $0.id == id }) else {
      throw ClientError.server(
        CurtainError(.notFound, "No window w\(id) in session '\(globals.session ?? "default")'"))
    }
    return window
  }

  /// Closes the connection.
  func close() { client.close() }
}
