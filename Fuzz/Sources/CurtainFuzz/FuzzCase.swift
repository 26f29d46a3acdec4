// One fuzz input, run against a fresh server in memory.
//
// The input is a flags byte and then the bytes of one client's stream, read
// through `ClientStreamReader` exactly as a connection reads them:
//
//   bit 0      the client is on TCP (the server then wants a token)
//   bit 1      the harness says a valid Hello first (the fuzzer reaches the
//              handlers without having to find one)
//   bit 2      that Hello asks for read-only
//   bits 3-7   frames (1/60 s) the clock moves, with a tick, after each
//              message: realtime windows animate, timeouts come due
//
// After the stream, the clock jumps past every timeout and ticks; the
// client is disconnected; a second, well-behaved client must then be
// served. What is checked (a failure traps, which libFuzzer reports as a
// crash with the input):
//
// - Exactly one response per request, in request order: the responses' ids
//   are a prefix of the ids of the requests, undecodable and empty messages
//   (answered with id 0) that the server read while the client was open.
// - No response is missing: when nothing was deferred (WaitIdle, wait_until)
//   and the client is still open, every one of them was answered.
// - A client that speaks before Hello, or fails it, is closed.
// - The server forgets a client that goes (no client left behind), and
//   keeps serving: a second client's Hello and Sync succeed.

import CurtainDaemon
import CurtainWire
import Logging

/// The token of the fuzzed server's TCP clients.
let fuzzToken = "fuzz-token"

struct FuzzCase {
  let tcp: Bool
  let autoHello: Bool
  let readOnly: Bool
  let stepSeconds: Double
  let stream: ArraySlice<UInt8>

  init(_ bytes: [UInt8]) {
    let flags = bytes.first ?? 0
    tcp = flags & 1 != 0
    autoHello = flags & 2 != 0
    readOnly = flags & 4 != 0
    stepSeconds = Double(flags >> 3) / 60
    stream = bytes.dropFirst()
  }

  func run() {
    let clock = FuzzClock()
    var configuration = ServerConfiguration()
    configuration.token = fuzzToken
    // Small enough that the fuzzer can reach the limits.
    configuration.maxFrameBytes = 64 << 10
    configuration.operationQueueLimit = 8
    configuration.eventRing = 256
    let server = Server(
      configuration: configuration, clock: { clock.now },
      logger: Logger(label: "curtain-fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))

    let client = FuzzLink(id: 1, kind: tcp ? .tcp : .unix)
    server.connect(client)
    var expected: [UInt64] = []
    var deferred = false
    var welcomed = false
    if autoHello {
      server.receive(Self.hello(readOnly: readOnly), from: client)
      expected.append(0)
      welcomed = true
    }

    var reader = ClientStreamReader(
      maxFrameBytes: configuration.maxFrameBytes, limits: configuration.limits)
    reader.append(stream)
    // A Shutdown stops the loop: the transport reads nothing more.
    while client.closed == nil, !server.isShuttingDown, let input = reader.next() {
      switch input {
      case .message(let message, let bytes):
        switch message.kind {
        case .request(let request):
          expected.append(request.requestID)
          if case .waitIdle? = request.body { deferred = true }
          if request.waitUntil != .accepted { deferred = true }
          if !welcomed {
            guard case .hello? = request.body else {
              server.receive(message, from: client)
              check(client.closed == .protocolError, "a request before Hello was not refused")
              continue
            }
          }
        case .frameAck: break
        case nil: expected.append(0)
        }
        server.receive(message, from: client, bytes: bytes)
        if !welcomed, client.closed == nil { welcomed = true }
      case .oversized(let request, let bytes):
        // Refused before it was decoded: one answer, as a decoded one over
        // the limits gets (a request before Hello closes the connection).
        expected.append(request.skeleton.requestID)
        server.receiveOversized(request, from: client, bytes: bytes)
        if !welcomed, case .hello? = request.skeleton.body {
          check(client.closed == nil, "an oversized Hello closed the connection")
        } else if !welcomed {
          check(client.closed == .protocolError, "a request before Hello was not refused")
        }
      case .undecodable(let error):
        expected.append(0)
        server.receiveUndecodable(error, from: client)
        if !welcomed {
          check(client.closed == .protocolError, "an undecodable Hello was not refused")
        }
      case .malformed(let error):
        client.close(reason: .protocolError, message: "\(error)")
      }
      if stepSeconds > 0 {
        clock.now += stepSeconds
        server.tick()
      }
    }
    if server.isShuttingDown {
      // What the transport does first when it stops: every waiter is
      // answered (then the goodbyes).
      server.refuseWaitersForShutdown()
      deferred = false
    } else {
      // Past every timeout (Hello, interaction): what is due happens.
      clock.now += 60
      server.tick()
    }

    let answered = client.responseIDs
    check(
      answered.count <= expected.count && Array(expected.prefix(answered.count)) == answered,
      "responses \(answered.prefix(20)) are not the requests' ids \(expected.prefix(20)) in order")
    if client.closed == nil, !deferred {
      check(
        answered.count == expected.count,
        "\(expected.count - answered.count) of \(expected.count) requests got no response")
    }
    server.disconnect(client)
    check(server.clientCount == 0, "the server kept a client that went")
    if server.isShuttingDown { return }
    checkStillServes(server, clock: clock)
  }

  /// A second, well-behaved client is served.
  private func checkStillServes(_ server: Server, clock: FuzzClock) {
    let second = FuzzLink(id: 2, kind: tcp ? .tcp : .unix)
    server.connect(second)
    server.receive(Self.hello(readOnly: false), from: second)
    var sync = ClientMessage()
    sync.request.requestID = 7
    sync.request.sync = .init()
    server.receive(sync, from: second)
    check(
      second.closed == nil, "a well-behaved client was closed: \(String(describing: second.closed))"
    )
    check(
      second.responseIDs == [0, 7], "a well-behaved client got responses \(second.responseIDs)")
    check(second.errorCodes.isEmpty, "a well-behaved client got errors \(second.errorCodes)")
    server.disconnect(second)
    clock.now += 1
    server.tick()
    check(server.clientCount == 0, "the server kept a well-behaved client that went")
  }

  /// A valid Hello (with the token on TCP).
  static func hello(readOnly: Bool) -> ClientMessage {
    var message = ClientMessage()
    message.request.hello.protocolVersion = protocolVersion
    message.request.hello.clientName = "fuzz"
    message.request.hello.token = fuzzToken
    if readOnly { message.request.hello.capabilities = ["read-only"] }
    return message
  }
}

/// The fuzzed server's loop time, moved by the harness.
final class FuzzClock {
  var now = 1000.0
}

/// Traps with `message` unless `condition` holds: libFuzzer keeps the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("curtain-fuzz invariant: \(message())") }
}
