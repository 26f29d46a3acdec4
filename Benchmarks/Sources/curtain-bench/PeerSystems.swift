// The systems of the `peers` benchmark (Peers.swift), each started in the
// scratch directory and driven through one stream connection in the same
// way: the request's bytes are made by hand (no library of the system's own),
// written with one blocking `write`, and the whole answer is read with
// blocking `read`s until its end is seen (RawStream, PeerWire.swift).
//
// - `EchoPeer`: peers-echo (Benchmarks/peers/echo.c, compiled by
//   scripts/bench.sh), the floor. Its requests are as long as curtaind's
//   for the same operation, and the answer is the same bytes back.
// - `CurtaindPeer`: curtaind `--ephemeral`, one window (a manual-clock
//   navigation controller `N0` with `R0` in its stack, and a controller
//   `X0` in no window, made on a second connection first). Requests are
//   `ClientMessage`s whose `Request` is encoded once with SwiftProtobuf
//   and given a new `request_id` each time; the answer is one framed
//   `ServerMessage` whose `Response` must echo that id and carry no error.
// - `TmuxPeer`: a private tmux server (`tmux -S SOCKET -f /dev/null -D`, in
//   the foreground so that it is the benchmark's child) with one session,
//   and a control-mode client (`tmux -S SOCKET -C attach`) whose stdin and
//   stdout are one end of a socket pair: commands one a line, each answer
//   framed by `%begin` … `%end` (or `%error`); notifications between
//   blocks (`%output`, `%window-renamed`, …) are skipped.
// - `NeovimPeer`: `nvim --headless --clean --listen SOCKET`, msgpack-RPC
//   requests `[0, msgid, method, params]` answered by `[1, msgid, error,
//   result]`.
//
// Every start-up step and every read is bounded by a timeout, and `close`
// (also run when a start-up step fails) stops each process: politely
// first, then with SIGKILL.

import BenchKit
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a round trip of the `peers` benchmark does.
enum PeerOperation: Int, CaseIterable {
  /// A request that changes nothing.
  case noOp
  /// A small change.
  case mutation
  /// Something made and then removed again: two round trips.
  case createDestroy

  var title: String {
    switch self {
    case .noOp: "no-op"
    case .mutation: "small mutation"
    case .createDestroy: "create + destroy (two round trips)"
    }
  }
}

/// A system of the `peers` benchmark, connected.
protocol Peer: AnyObject {
  /// Its name in the tables.
  var name: String { get }
  /// The connection the requests go through.
  var stream: RawStream { get }
  /// The processes whose CPU time is the server's.
  var serverPIDs: [Int32] { get }
  /// A process between the client and the server (tmux's control client).
  var relayPID: Int32? { get }
  /// How `operation` is done, for the table.
  func describe(_ operation: PeerOperation) -> String
  /// The round trips `operation` takes (1, or 2 to create and destroy).
  func parts(_ operation: PeerOperation) -> Int
  /// The bytes of round trip `part` of `operation` at `step`.
  func request(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8]
  /// Scans one message at the start of `bytes`: its length and whether it
  /// is an answer, nil when it is not complete; throws on an error answer.
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)?
  /// Stops what it started.
  func close()
}

extension Peer {
  /// Performs `operation` at `step`: each round trip's request written,
  /// then its answer read whole.
  func perform(_ operation: PeerOperation, step: Int) throws {
    for part in 0..<parts(operation) {
      try stream.write(request(operation, part: part, step: step))
      try stream.readAnswer(scan)
    }
  }

  /// Sends `count` no-ops keeping `depth` unanswered: requests are written
  /// in batches as answers come in.
  func pipelineNoOps(count: Int, depth: Int, firstStep: Int) throws {
    var sent = 0
    var answered = 0
    var batch: [UInt8] = []
    while answered < count {
      let more = min(count - sent, depth - (sent - answered))
      if more > 0 {
        batch.removeAll(keepingCapacity: true)
        for index in 0..<more {
          batch.append(contentsOf: request(.noOp, part: 0, step: firstStep + sent + index))
        }
        try stream.write(batch)
        sent += more
      }
      answered += try stream.answersReceived(scan)
    }
  }

  /// The CPU time of the server's processes so far, in seconds.
  func serverCPUSeconds() -> Double {
    serverPIDs.reduce(0) { $0 + threadCPUSeconds(pid: $1) }
  }
}

// MARK: Processes

/// A process the benchmark started: stopped with `stop` (SIGTERM, then
/// SIGKILL), or killed when released.
final class Spawned {
  let process = Process()
  let name: String

  /// Starts `command` with `environment` added to the benchmark's own
  /// (a nil value removes a variable); stdin and stdout are the handles
  /// given (default /dev/null) and stderr goes to `log`.
  init(
    _ command: [String], name: String, environment: [String: String?] = [:],
    stdin: FileHandle? = nil, stdout: FileHandle? = nil, log: String
  ) throws {
    self.name = name
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.standardInput = stdin ?? FileHandle.nullDevice
    process.standardOutput = stdout ?? FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let logHandle = FileHandle(forWritingAtPath: log)
    process.standardError = logHandle ?? FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw BenchError("cannot start \(name) (\(command[0])): \(error)")
    }
    try? logHandle?.close()
  }

  deinit { kill9() }

  var pid: Int32 { process.processIdentifier }
  var isRunning: Bool { process.isRunning }

  /// Waits up to `timeout` seconds for it to exit; whether it did.
  @discardableResult
  func wait(timeout: Double) -> Bool {
    let deadline = Clock.now() + timeout
    while process.isRunning {
      guard Clock.now() < deadline else { return false }
      pause(seconds: 0.002)
    }
    return true
  }

  /// Sends SIGTERM and waits up to `timeout` seconds, then kills it.
  func stop(timeout: Double) {
    guard process.isRunning else { return }
    kill(pid, SIGTERM)
    if !wait(timeout: timeout) { kill9() }
  }

  /// Kills it with SIGKILL and waits (nothing when it has exited).
  func kill9() {
    guard process.isRunning else { return }
    kill(pid, SIGKILL)
    wait(timeout: 10)
  }
}

/// Runs `command` to its end within `timeout` seconds; throws unless it
/// exits with status 0 (killing it when it takes too long).
func runToEnd(
  _ command: [String], name: String, environment: [String: String?] = [:], log: String,
  timeout: Double
) throws {
  let spawned = try Spawned(command, name: name, environment: environment, log: log)
  guard spawned.wait(timeout: timeout) else {
    spawned.kill9()
    throw BenchError("\(name) did not finish within \(format(timeout, 0)) s")
  }
  guard spawned.process.terminationStatus == 0 else {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    throw BenchError("\(name) exited with \(spawned.process.terminationStatus): \(text)")
  }
}

/// Connects to the Unix socket at `path` once something listens there,
/// trying every 5 ms for up to `timeout` seconds while `alive` holds.
func connectWhenListening(
  _ path: String, name: String, timeout: Double, alive: () -> Bool
) throws -> RawStream {
  let deadline = Clock.now() + timeout
  while true {
    if let stream = try? RawStream.connect(unixPath: path, name: name, timeout: timeout) {
      return stream
    }
    guard alive() else { throw BenchError("\(name) exited before listening on \(path)") }
    guard Clock.now() < deadline else {
      throw BenchError("\(name) did not listen on \(path) within \(format(timeout, 0)) s")
    }
    pause(seconds: 0.005)
  }
}

/// The full path of `program` found in PATH, or nil.
func which(_ program: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(program)"
    if access(candidate, X_OK) == 0 { return candidate }
  }
  return nil
}

// MARK: curtaind's requests

/// The requests of curtaind's operations, encoded once without a request
/// id: `Sync`; `ConfigureController` of `R0` (the window's root's child)
/// with one of two titles; a push of `X0` on `N0` and its pop, both
/// without animation.
enum CurtaindRequests {
  static let sync = body { $0.sync = .init() }
  static let retitles = ["Title A", "Title B"].map { title in
    body {
      $0.configureController.controller = ref("R0")
      $0.configureController.title = title
    }
  }
  static let push = body {
    $0.push.navigation = ref("N0")
    $0.push.controller = ref("X0")
    $0.push.notAnimated = true
  }
  static let pop = body {
    $0.pop.navigation = ref("N0")
    $0.pop.notAnimated = true
  }

  private static func body(_ build: (inout WireRequest) -> Void) -> [UInt8] {
    (try? WireCodec.bytes(request(build))) ?? []
  }

  /// The body of round trip `part` of `operation` at `step`.
  static func body(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8] {
    switch operation {
    case .noOp: sync
    case .mutation: retitles[step & 1]
    case .createDestroy: part == 0 ? push : pop
    }
  }

  /// A framed `ClientMessage` of a `Request`: `body` (an encoded `Request`
  /// without its id) after the field `request_id = id`.
  static func frame(_ body: [UInt8], id: UInt64) -> [UInt8] {
    var request: [UInt8] = [0x08]
    appendVarint(id, to: &request)
    let inner = request.count + body.count
    var message: [UInt8] = [0x0A]
    appendVarint(UInt64(inner), to: &message)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(message.count + inner + 2)
    appendVarint(UInt64(message.count + inner), to: &bytes)
    bytes.append(contentsOf: message)
    bytes.append(contentsOf: request)
    bytes.append(contentsOf: body)
    return bytes
  }
}

// MARK: Echo

/// peers-echo: the same bytes back.
final class EchoPeer: Peer {
  let name: String
  let stream: RawStream
  private let server: Spawned
  /// The requests: as long as curtaind's (with a two-byte request id).
  private let requests: [[[UInt8]]]
  private var expected = 0

  init(
    executable: String, blocking: Bool, directory: String, launcher: [String] = [],
    timeout: Double
  ) throws {
    name = blocking ? "echo, blocking reads" : "echo (epoll loop)"
    let tag = blocking ? "echo-blocking" : "echo"
    let socket = "\(directory)/\(tag).sock"
    server = try Spawned(
      launcher + [executable] + (blocking ? ["--blocking"] : []) + [socket], name: name,
      log: "\(directory)/\(tag).log")
    let server = server
    stream = try connectWhenListening(socket, name: name, timeout: timeout) { server.isRunning }
    requests = PeerOperation.allCases.map { operation in
      (0..<(operation == .createDestroy ? 2 : 1)).map { part in
        let count = CurtaindRequests.frame(
          CurtaindRequests.body(operation, part: part, step: 0), id: 1000
        ).count
        return Array(repeating: UInt8(ascii: "e"), count: count)
      }
    }
  }

  var serverPIDs: [Int32] { [server.pid] }
  var relayPID: Int32? { nil }
  func describe(_ operation: PeerOperation) -> String {
    "\(requests[operation.rawValue].map { "\($0.count)" }.joined(separator: " + ")) bytes back"
  }
  func parts(_ operation: PeerOperation) -> Int { requests[operation.rawValue].count }

  func request(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8] {
    let bytes = requests[operation.rawValue][part]
    expected = bytes.count
    return bytes
  }

  func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)? {
    bytes.count >= expected ? (expected, true) : nil
  }

  func close() { server.stop(timeout: 5) }
}

// MARK: curtaind

/// curtaind `--ephemeral`.
final class CurtaindPeer: Peer {
  let name = "curtaind"
  let stream: RawStream
  let daemon: Daemon
  private var nextID: UInt64 = 1
  private var expectedID: UInt64 = 1

  /// Starts curtaind (under `launcher`, if any), makes the window on a
  /// second connection and says Hello on the benchmark's own.
  init(
    executable: String, directory: String, name tag: String, launcher: [String] = [],
    timeout: Double
  ) throws {
    daemon = try Daemon(
      executable: executable, directory: directory, name: tag, arguments: ["--ephemeral"],
      launcher: launcher)
    do {
      try daemon.waitUntilServing(timeout: timeout)
      let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
      _ = try SteadyWindows(count: 1, connection: setup)
      stream = try RawStream.connect(
        unixPath: daemon.socketPath, name: "curtaind", timeout: timeout)
      var hello = Curtain_V1_Hello()
      hello.protocolVersion = protocolVersion
      hello.clientName = "peers"
      let body = try WireCodec.bytes(BenchKit.request { $0.body = .hello(hello) })
      try stream.write(frame(body))
      try stream.readAnswer(scan)
    } catch {
      daemon.kill9()
      throw error
    }
  }

  var serverPIDs: [Int32] { [daemon.pid] }
  var relayPID: Int32? { nil }

  func describe(_ operation: PeerOperation) -> String {
    switch operation {
    case .noOp: "`Sync`"
    case .mutation: "`ConfigureController` title of `@R0`"
    case .createDestroy: "`Push` `@X0` + `Pop`, not animated"
    }
  }

  func parts(_ operation: PeerOperation) -> Int { operation == .createDestroy ? 2 : 1 }

  func request(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8] {
    frame(CurtaindRequests.body(operation, part: part, step: step))
  }

  private func frame(_ body: [UInt8]) -> [UInt8] {
    defer { nextID += 1 }
    return CurtaindRequests.frame(body, id: nextID)
  }

  func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)? {
    var offset = 0
    guard let length = readVarint(bytes, &offset), offset + Int(length) <= bytes.count else {
      return nil
    }
    let end = offset + Int(length)
    var answer = false
    // The fields of the ServerMessage: only `response = 1` is an answer.
    while offset < end {
      guard let tag = readVarint(bytes, &offset) else { throw BenchError("curtaind: bad tag") }
      let size: Int
      switch tag & 7 {
      case 0:
        _ = readVarint(bytes, &offset)
        continue
      case 1: size = 8
      case 2:
        guard let value = readVarint(bytes, &offset) else { throw BenchError("curtaind: bad") }
        size = Int(value)
      case 5: size = 4
      default: throw BenchError("curtaind: wire type \(tag & 7)")
      }
      if tag == 0x0A {
        try checkResponse(bytes, offset, offset + size)
        answer = true
      }
      offset += size
    }
    return (end, answer)
  }

  /// Checks the `Response` in `start..<end`: the expected request id and
  /// no `error` field.
  private func checkResponse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    throws
  {
    var offset = start
    var id: UInt64 = 0
    while offset < end {
      guard let tag = readVarint(bytes, &offset) else { throw BenchError("curtaind: bad tag") }
      if tag == 0x08 {
        id = readVarint(bytes, &offset) ?? 0
        continue
      }
      if tag == 0x1A {
        let response = try? WireCodec.decode(
          WireResponse.self, from: Array(bytes[start..<end]))
        throw BenchError("curtaind answered an error: \(response?.error.message ?? "?")")
      }
      switch tag & 7 {
      case 0: _ = readVarint(bytes, &offset)
      case 1: offset += 8
      case 2: offset += Int(readVarint(bytes, &offset) ?? 0)
      case 5: offset += 4
      default: throw BenchError("curtaind: wire type \(tag & 7)")
      }
    }
    guard id == expectedID else {
      throw BenchError("curtaind answered request \(id), expected \(expectedID)")
    }
    expectedID += 1
  }

  func close() {
    guard daemon.isRunning else { return }
    kill(daemon.pid, SIGTERM)
    let deadline = Clock.now() + 120
    while daemon.isRunning, Clock.now() < deadline { pause(seconds: 0.005) }
    daemon.kill9()
  }
}

// MARK: tmux

/// A private tmux server and a control-mode client.
final class TmuxPeer: Peer {
  let name = "tmux control mode"
  let stream: RawStream
  let server: Spawned
  private var client: Spawned?
  private let socket: String
  private var inBlock = false
  private var capture = false
  private var output: [String] = []
  private static let commands: [[[UInt8]]] = [
    ["display-message -p x\n"], ["rename-window w0\n", "rename-window w1\n"],
    ["new-window -d -t :1\n", "kill-window -t :1\n"],
  ].map { $0.map { Array($0.utf8) } }

  /// The environment of every tmux process: no outer tmux, a known shell
  /// for the panes and a terminal type.
  private static let environment: [String: String?] = [
    "TMUX": nil, "SHELL": "/bin/sh", "TERM": "xterm",
  ]

  /// Starts the server in the foreground (under `launcher`, if any), a
  /// session in it, and the control client.
  init(tmux: String, directory: String, launcher: [String] = [], timeout: Double) throws {
    socket = "\(directory)/tmux.sock"
    server = try Spawned(
      launcher + [tmux, "-S", socket, "-f", "/dev/null", "-D"], name: "tmux server",
      environment: Self.environment, log: "\(directory)/tmux-server.log")
    var pair: [Int32] = [-1, -1]
    do {
      let server = server
      _ = try connectWhenListening(socket, name: "tmux server", timeout: timeout) {
        server.isRunning
      }
      try runToEnd(
        [tmux, "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24"],
        name: "tmux new-session", environment: Self.environment,
        log: "\(directory)/tmux-new-session.log", timeout: timeout)
      guard
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
          == 0
      else { throw BenchError("socketpair: errno \(errno)") }
      let end = FileHandle(fileDescriptor: pair[1], closeOnDealloc: false)
      client = try Spawned(
        [tmux, "-S", socket, "-C", "attach"], name: "tmux control client",
        environment: Self.environment, stdin: end, stdout: end,
        log: "\(directory)/tmux-client.log")
      Glibc.close(pair[1])
      pair[1] = -1
      stream = RawStream(fd: pair[0], name: "tmux control client", timeout: timeout)
      pair[0] = -1
      // The answer to the client's own `attach`.
      try stream.readAnswer(scan)
    } catch {
      for fd in pair where fd >= 0 { Glibc.close(fd) }
      client?.kill9()
      server.kill9()
      throw error
    }
  }

  var serverPIDs: [Int32] { [server.pid] }
  var relayPID: Int32? { client?.pid }

  func describe(_ operation: PeerOperation) -> String {
    switch operation {
    case .noOp: "`display-message -p x`"
    case .mutation: "`rename-window`"
    case .createDestroy: "`new-window -d` + `kill-window`"
    }
  }

  func parts(_ operation: PeerOperation) -> Int { operation == .createDestroy ? 2 : 1 }

  func request(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8] {
    switch operation {
    case .noOp: Self.commands[0][0]
    case .mutation: Self.commands[1][step & 1]
    case .createDestroy: Self.commands[2][part]
    }
  }

  /// One line: `%end` (or `%error`) closing a block is an answer.
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)? {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
    let line = UnsafeBufferPointer(rebasing: bytes[0..<newline])
    if inBlock {
      if line.starts(with: "%end ".utf8) {
        inBlock = false
        return (newline + 1, true)
      }
      if line.starts(with: "%error ".utf8) {
        inBlock = false
        throw BenchError("tmux answered an error: \(output.joined(separator: " / "))")
      }
      if capture { output.append(String(decoding: line, as: UTF8.self)) }
    } else if line.starts(with: "%begin ".utf8) {
      inBlock = true
      output.removeAll()
    }
    return (newline + 1, false)
  }

  /// Runs one command and returns what it printed.
  func command(_ line: String) throws -> [String] {
    capture = true
    output.removeAll()
    defer { capture = false }
    try stream.write(Array((line + "\n").utf8))
    try stream.readAnswer(scan)
    return output
  }

  func close() {
    // `kill-server` ends the server and the client; its answer may not come.
    try? stream.write(Array("kill-server\n".utf8))
    client?.stop(timeout: 10)
    server.stop(timeout: 120)
  }
}

// MARK: Neovim

/// `nvim --headless --clean --listen SOCKET`.
final class NeovimPeer: Peer {
  let name = "Neovim msgpack-RPC"
  let stream: RawStream
  let server: Spawned
  private var nextID: UInt64 = 1
  private var expectedID: UInt64 = 1
  /// The method and params of each request that never changes.
  private static let eval = tail("nvim_eval") { MessagePack.appendString("1", to: &$0) }
  private static let tabnew = tail("nvim_command") { MessagePack.appendString("tabnew", to: &$0) }
  private static let tabclose = tail("nvim_command") {
    MessagePack.appendString("tabclose", to: &$0)
  }

  /// The method's name and a one-element params array.
  private static func tail(_ method: String, _ parameter: (inout [UInt8]) -> Void) -> [UInt8] {
    var bytes: [UInt8] = []
    MessagePack.appendString(method, to: &bytes)
    MessagePack.appendArray(1, to: &bytes)
    parameter(&bytes)
    return bytes
  }

  init(nvim: String, directory: String, launcher: [String] = [], timeout: Double) throws {
    let socket = "\(directory)/nvim.sock"
    server = try Spawned(
      launcher + [nvim, "--headless", "--clean", "--listen", socket], name: "nvim",
      log: "\(directory)/nvim.log")
    do {
      let server = server
      stream = try connectWhenListening(socket, name: "nvim", timeout: timeout) {
        server.isRunning
      }
    } catch {
      server.kill9()
      throw error
    }
  }

  var serverPIDs: [Int32] { [server.pid] }
  var relayPID: Int32? { nil }

  func describe(_ operation: PeerOperation) -> String {
    switch operation {
    case .noOp: "`nvim_eval(\"1\")`"
    case .mutation: "`nvim_set_var`"
    case .createDestroy: "`nvim_command`: `tabnew` + `tabclose`"
    }
  }

  func parts(_ operation: PeerOperation) -> Int { operation == .createDestroy ? 2 : 1 }

  func request(_ operation: PeerOperation, part: Int, step: Int) -> [UInt8] {
    var bytes: [UInt8] = [0x94, 0x00]
    MessagePack.appendInteger(nextID, to: &bytes)
    nextID += 1
    switch operation {
    case .noOp: bytes.append(contentsOf: Self.eval)
    case .mutation:
      MessagePack.appendString("nvim_set_var", to: &bytes)
      MessagePack.appendArray(2, to: &bytes)
      MessagePack.appendString("bench", to: &bytes)
      MessagePack.appendInteger(UInt64(step), to: &bytes)
    case .createDestroy: bytes.append(contentsOf: part == 0 ? Self.tabnew : Self.tabclose)
    }
    return bytes
  }

  /// One message: `[1, msgid, error, result]` is an answer, and its error
  /// must be nil; a notification `[2, method, params]` is not.
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (Int, Bool)? {
    guard let end = try MessagePack.skip(bytes, 0) else { return nil }
    guard end >= 4, bytes[0] == 0x94, bytes[1] == 0x01 else { return (end, false) }
    guard let id = MessagePack.integer(bytes, 2), id == expectedID else {
      throw BenchError("nvim answered another request than \(expectedID)")
    }
    expectedID += 1
    guard let errorStart = try MessagePack.skip(bytes, 2), errorStart < end else {
      throw BenchError("nvim: malformed response")
    }
    if bytes[errorStart] != 0xC0 {
      throw BenchError(
        "nvim answered an error: \(MessagePack.strings(bytes, errorStart, end))")
    }
    return (end, true)
  }

  func close() {
    // `qa!` ends Neovim; its answer may not come.
    var quit: [UInt8] = [0x94, 0x00]
    MessagePack.appendInteger(nextID, to: &quit)
    quit.append(contentsOf: Self.tail("nvim_command") { MessagePack.appendString("qa!", to: &$0) })
    try? stream.write(quit)
    if !server.wait(timeout: 120) { server.kill9() }
  }
}
