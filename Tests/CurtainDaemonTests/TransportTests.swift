// The libuv transport: handle wrappers that leave nothing behind, the async
// door from another thread, pipe listeners exchanging framed bytes, the
// socket path rules (default location, permissions, stale and live sockets)
// and a whole daemon serving real sockets. Nothing sleeps: the loop is run
// until it has nothing left, and client threads block on their sockets (with
// a receive timeout so that a bug fails the test instead of hanging it).

import CurtainWire
import Foundation
import Synchronization
import XCTest

@testable import CurtainDaemon

#if canImport(Glibc)
  import Glibc
#endif

final class TransportTests: XCTestCase {
  private var directory = ""

  override func setUpWithError() throws {
    var template = Array("/tmp/curtain-transport-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(mkdtemp) }
    XCTAssertNotNil(created)
    directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  override func tearDownWithError() throws {
    if !directory.isEmpty { try? FileManager.default.removeItem(atPath: directory) }
  }

  // MARK: Handles

  func testTimerFiresAndTheLoopClosesWithNoHandleLeft() throws {
    let loop = try UVLoop()
    var fired = 0
    let timer = try UVTimer(loop: loop)
    var closed = false
    timer.setCallback {
      fired += 1
      timer.close { closed = true }
    }
    timer.start(afterMilliseconds: 1)
    XCTAssertEqual(loop.openHandles, ["timer"])
    loop.run()
    XCTAssertEqual(fired, 1)
    XCTAssertTrue(closed)
    XCTAssertEqual(loop.handleCount, 0)
    XCTAssertNoThrow(try loop.close())
  }

  /// Nanoseconds of the monotonic clock.
  private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  func testDeadlineTimerFiresNotBeforeItsNanosecondAndLeavesNoHandle() throws {
    let loop = try UVLoop()
    let timer = try UVDeadlineTimer(loop: loop)
    var firedAt: [UInt64] = []
    var closed = false
    timer.setCallback {
      firedAt.append(self.monotonicNanoseconds())
      timer.close { closed = true }
    }
    // Armed in the past (due at once), then 2 ms ahead: the second
    // deadline replaces the first.
    let now = monotonicNanoseconds()
    timer.start(at: now - 1_000_000)
    let deadline = now + 2_000_000
    timer.start(at: deadline)
    XCTAssertEqual(timer.deadline, deadline)
    XCTAssertEqual(loop.handleCount, 1)
    loop.run()
    XCTAssertEqual(firedAt.count, 1)
    XCTAssertGreaterThanOrEqual(firedAt.first ?? 0, deadline, "never before its deadline")
    XCTAssertEqual(timer.lastFired, deadline)
    XCTAssertNil(timer.deadline)
    XCTAssertTrue(closed)
    XCTAssertEqual(loop.handleCount, 0)
    XCTAssertNoThrow(try loop.close())
  }

  func testAStoppedDeadlineTimerDoesNotFireEvenOnceExpired() throws {
    let loop = try UVLoop()
    let timer = try UVDeadlineTimer(loop: loop)
    var fired = 0
    timer.setCallback { fired += 1 }
    timer.start(at: 1)
    timer.stop()
    XCTAssertNil(timer.deadline)
    let guardTimer = try UVTimer(loop: loop)
    guardTimer.setCallback {
      timer.close()
      guardTimer.close()
    }
    guardTimer.start(afterMilliseconds: 5)
    loop.run()
    XCTAssertEqual(fired, 0)
    XCTAssertEqual(timer.lastFired, 0)
    XCTAssertNoThrow(try loop.close())
  }

  func testLoopRefusesToCloseWhileAHandleIsOpen() throws {
    let loop = try UVLoop()
    let timer = try UVTimer(loop: loop)
    XCTAssertThrowsError(try loop.close()) { error in
      XCTAssertEqual((error as? UVError)?.name, "EBUSY")
    }
    timer.close()
    loop.run()
    XCTAssertNoThrow(try loop.close())
  }

  func testAsyncFromAnotherThreadWakesTheLoop() throws {
    let loop = try UVLoop()
    var woken = false
    let async = try UVAsync(loop: loop)
    // Fails the test (instead of hanging it) if the wake-up never comes.
    let guardTimer = try UVTimer(loop: loop)
    async.setCallback {
      woken = true
      async.close()
      guardTimer.close()
    }
    guardTimer.setCallback {
      XCTFail("the async handle was not woken")
      async.close()
      guardTimer.close()
    }
    guardTimer.start(afterMilliseconds: 10_000)
    let sender = async.sender
    let thread = Thread { sender.send() }
    thread.start()
    loop.run()
    XCTAssertTrue(woken)
    XCTAssertEqual(loop.handleCount, 0)
    XCTAssertNoThrow(try loop.close())
  }

  func testPipeListenerAcceptsAClientAndExchangesFramedBytes() throws {
    let loop = try UVLoop()
    let path = directory + "/echo.sock"
    let server = try UVStream(loop: loop, kind: .pipe)
    try server.bind(path: path)
    var accepted: UVStream?
    var serverReceived: [[UInt8]] = []
    try server.listen { error in
      XCTAssertNil(error)
      guard let client = try? server.accept() else { return XCTFail("accept failed") }
      accepted = client
      var decoder = FrameDecoder()
      try? client.startReading { event in
        guard case .data(let bytes) = event else { return }
        decoder.append(bytes)
        while let payload = try? decoder.next() {
          serverReceived.append(payload)
          // Echo it back reversed, framed, as two chunks of one write.
          let reply = WireCodec.framed(payload: Array(payload.reversed()))
          try? client.write([Array(reply.prefix(2)), Array(reply.dropFirst(2))]) { error in
            XCTAssertNil(error)
          }
        }
      }
    }

    let client = try UVStream(loop: loop, kind: .pipe)
    var clientReceived: [[UInt8]] = []
    client.connect(path: path) { error in
      XCTAssertNil(error)
      var decoder = FrameDecoder()
      try? client.startReading { event in
        guard case .data(let bytes) = event else { return }
        decoder.append(bytes)
        while let payload = try? decoder.next() { clientReceived.append(payload) }
        if clientReceived.count == 2 {
          client.close()
          accepted?.close()
          server.close()
        }
      }
      let big = [UInt8](repeating: 7, count: 300_000) + [8]
      try? client.write([WireCodec.framed(payload: [1, 2, 3]) + WireCodec.framed(payload: big)]) {
        error in XCTAssertNil(error)
      }
    }
    loop.run()

    XCTAssertEqual(serverReceived.count, 2)
    XCTAssertEqual(serverReceived.first, [1, 2, 3])
    XCTAssertEqual(serverReceived.last?.count, 300_001)
    XCTAssertEqual(clientReceived.first, [3, 2, 1])
    XCTAssertEqual(clientReceived.last?.first, 8)
    XCTAssertEqual(loop.handleCount, 0)
    XCTAssertNoThrow(try loop.close())
  }

  func testSlowConsumerGetsItsGoodbyeRightAfterTheWriteInFlight() throws {
    var configuration = ServerConfiguration()
    configuration.maxWriteQueueBytes = 256 << 10
    let server = Server(configuration: configuration, clock: MonotonicClock.now)
    let loop = try UVLoop()
    let path = directory + "/slow.sock"
    let listener = try UVStream(loop: loop, kind: .pipe)
    try listener.bind(path: path)
    var connection: Connection?
    var closedConnections = 0
    var decisionAfter = 0
    let peer = try UVStream(loop: loop, kind: .pipe)
    var messages: [ServerMessage] = []
    var decoder = FrameDecoder(maxFrameBytes: 1 << 20)
    var sawEndOfFile = false
    var peerConnected = false
    // The peer starts reading once it is connected and the daemon side has
    // decided to close.
    let startReadingWhenReady = {
      guard peerConnected, connection?.isOpen == false else { return }
      try? peer.startReading { event in
        switch event {
        case .data(let bytes):
          decoder.append(bytes)
          while let payload = try? decoder.next() {
            if let message = try? WireCodec.decode(ServerMessage.self, from: payload) {
              messages.append(message)
            }
          }
        case .endOfFile, .failure:
          sawEndOfFile = true
          peer.close()
          listener.close()
        }
      }
    }
    try listener.listen { _ in
      guard let stream = try? listener.accept() else { return XCTFail("accept failed") }
      let link = Connection(
        clientID: 1, transportKind: .unix, stream: stream, server: server,
        logger: .init(label: "test"), flushTimeout: 10_000)
      link.onClosed = { _ in closedConnections += 1 }
      connection = link
      link.open()
      XCTAssertEqual(server.clientCount, 1)
      // The peer reads nothing yet: responses pile up past the limit.
      var response = ServerMessage()
      response.response.requestID = 1
      response.response.error.message = String(repeating: "x", count: 60_000)
      for count in 1...100 where link.isOpen {
        link.sendControl(response)
        decisionAfter = count
      }
      XCTAssertFalse(link.isOpen, "over the limit: the connection is closing")
      link.detachFromServer()
      XCTAssertEqual(server.clientCount, 0)
      link.sendControl(response)  // ignored from now on
      startReadingWhenReady()
    }

    peer.connect(path: path) { error in
      XCTAssertNil(error)
      peerConnected = true
      startReadingWhenReady()
    }
    loop.run()

    XCTAssertGreaterThan(decisionAfter, 4)
    XCTAssertLessThan(decisionAfter, 100)
    XCTAssertTrue(sawEndOfFile)
    XCTAssertEqual(closedConnections, 1)
    XCTAssertEqual(decoder.bufferedByteCount, 0, "whole messages only")
    XCTAssertEqual(messages.last?.goodbye.reason, .slowConsumer)
    XCTAssertTrue(messages.dropLast().allSatisfy { $0.response.requestID == 1 })
    XCTAssertLessThan(messages.count, decisionAfter, "unsent responses were dropped")
    XCTAssertEqual(loop.handleCount, 0)
    XCTAssertNoThrow(try loop.close())
  }

  // MARK: Socket paths

  func testDefaultSocketPathFollowsTheSharedRule() {
    // The rule's cases are SocketRuleTests' (CurtainWire); here, the
    // daemon's use of it: the process's user id by default, and which paths
    // are the daemon's own directory.
    let uid = UInt32(getuid())
    XCTAssertEqual(
      SocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).path,
      "/run/user/1000/curtain/default.sock")
    XCTAssertEqual(
      SocketPath.defaultPath(environment: [:]).path, "/tmp/curtain-\(uid)/default.sock")
    XCTAssertEqual(
      SocketPath.defaultPath(environment: [:], userID: 1234).path,
      "/tmp/curtain-1234/default.sock")
    XCTAssertTrue(SocketPath.defaultPath(environment: [:]).isDefaultLocation)
    XCTAssertTrue(
      SocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).isDefaultLocation)
    // $CURTAIN_SOCKET is a path the user chose, as with --socket.
    let chosen = SocketPath.defaultPath(
      environment: ["CURTAIN_SOCKET": "/srv/c.sock", "XDG_RUNTIME_DIR": "/run/user/1000"])
    XCTAssertEqual(chosen, SocketPath("/srv/c.sock"))
    XCTAssertFalse(chosen.isDefaultLocation)
    XCTAssertFalse(SocketPath("/tmp/x.sock").isDefaultLocation)
    XCTAssertEqual(SocketPath("/tmp/x/y.sock").directory, "/tmp/x")
  }

  func testDefaultDirectoryIs0700AndTheSocket0600() throws {
    let runtime = directory + "/runtime"
    XCTAssertEqual(mkdir(runtime, 0o755), 0)
    let socketPath = SocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": runtime])
    let loop = try UVLoop()
    let listener = try Listener(loop: loop, endpoint: .unix(socketPath), logger: .init(label: "t"))
    XCTAssertEqual(try mode(of: runtime + "/curtain"), 0o700)
    XCTAssertEqual(try mode(of: socketPath.path), 0o600)
    XCTAssertEqual(listener.description, runtime + "/curtain/default.sock")
    listener.close()
    loop.run()
    XCTAssertNoThrow(try loop.close())
    XCTAssertFalse(FileManager.default.fileExists(atPath: socketPath.path), "socket removed")

    // An existing directory of ours is tightened to 0700.
    XCTAssertEqual(chmod(runtime + "/curtain", 0o755), 0)
    try socketPath.prepareDirectory()
    XCTAssertEqual(try mode(of: runtime + "/curtain"), 0o700)
  }

  func testDefaultDirectoryMustBeAPlainDirectory() throws {
    let runtime = directory + "/runtime"
    XCTAssertEqual(mkdir(runtime, 0o700), 0)
    XCTAssertEqual(symlink("/tmp", runtime + "/curtain"), 0)
    let socketPath = SocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": runtime])
    XCTAssertThrowsError(try socketPath.claim()) { error in
      XCTAssertEqual((error as? SocketPath.Failure)?.kind, .unusable)
      XCTAssertTrue("\(error)".contains("is not a directory"), "\(error)")
    }
  }

  func testExplicitPathCreatesAMissingParentButLeavesAnExistingOneAlone() throws {
    XCTAssertEqual(chmod(directory, 0o755), 0)
    try SocketPath(directory + "/d.sock").prepareDirectory()
    XCTAssertEqual(try mode(of: directory), 0o755)
    try SocketPath(directory + "/sub/d.sock").prepareDirectory()
    XCTAssertEqual(try mode(of: directory + "/sub"), 0o700)
  }

  func testStaleSocketFileIsReplaced() throws {
    let path = directory + "/stale.sock"
    let stale = try posixSocket(path: path, listen: false)
    close(stale)
    XCTAssertEqual(try SocketPath(path).occupancy(), .stale)

    let loop = try UVLoop()
    let listener = try Listener(
      loop: loop, endpoint: .unix(SocketPath(path)), logger: .init(label: "t"))
    XCTAssertEqual(try SocketPath(path).occupancy(), .live)
    XCTAssertEqual(try mode(of: path), 0o600)
    listener.close()
    loop.run()
    XCTAssertNoThrow(try loop.close())
    XCTAssertEqual(try SocketPath(path).occupancy(), .absent)
  }

  func testLiveSocketIsRefusedAndLeftAlone() throws {
    let path = directory + "/live.sock"
    let live = try posixSocket(path: path, listen: true)
    defer { close(live) }
    XCTAssertThrowsError(try SocketPath(path).claim()) { error in
      XCTAssertEqual((error as? SocketPath.Failure)?.kind, .anotherDaemonListening)
      XCTAssertEqual("\(error)", "another daemon is already listening on \(path)")
    }
    XCTAssertThrowsError(
      try Daemon(configuration: ServerConfiguration(), endpoints: [.unix(SocketPath(path))]))
    XCTAssertEqual(try SocketPath(path).occupancy(), .live)
  }

  func testAFileThatIsNotASocketIsNotReplaced() throws {
    let path = directory + "/file.sock"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    XCTAssertThrowsError(try SocketPath(path).claim()) { error in
      XCTAssertTrue("\(error)".contains("is not a socket"), "\(error)")
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  func testOverlongSocketPathIsRefused() {
    let path = directory + "/" + String(repeating: "s", count: 120) + ".sock"
    XCTAssertThrowsError(try SocketPath(path).claim()) { error in
      XCTAssertTrue("\(error)".contains("the limit is 107"), "\(error)")
    }
  }

  // MARK: TCP addresses

  func testTCPAddressParsing() throws {
    let v4 = try TCPAddress(parsing: "127.0.0.1:7000")
    XCTAssertEqual(v4.host, "127.0.0.1")
    XCTAssertEqual(v4.port, 7000)
    XCTAssertTrue(v4.isLoopback)
    XCTAssertEqual(v4.description, "127.0.0.1:7000")
    XCTAssertEqual(try TCPAddress(parsing: "localhost:0").host, "127.0.0.1")
    XCTAssertTrue(try TCPAddress(parsing: "127.8.9.10:1").isLoopback)
    XCTAssertFalse(try TCPAddress(parsing: "0.0.0.0:1").isLoopback)
    XCTAssertFalse(try TCPAddress(parsing: "192.168.1.2:1").isLoopback)
    let v6 = try TCPAddress(parsing: "[::1]:9")
    XCTAssertEqual(v6.family, .ipv6)
    XCTAssertTrue(v6.isLoopback)
    XCTAssertEqual(v6.description, "[::1]:9")
    XCTAssertTrue(try TCPAddress(parsing: "[::ffff:127.0.0.1]:9").isLoopback)
    XCTAssertFalse(try TCPAddress(parsing: "[::]:9").isLoopback)
    for bad in ["", "7000", "host:1", "127.0.0.1:", "127.0.0.1:65536", "::1:80", "[::1]", "[::1]x"]
    {
      XCTAssertThrowsError(try TCPAddress(parsing: bad), bad)
    }
  }

  // MARK: The daemon

  func testDaemonServesAUnixClientAndShutsDownCleanly() throws {
    let path = directory + "/d.sock"
    let daemon = try Daemon(
      configuration: ServerConfiguration(), endpoints: [.unix(SocketPath(path))],
      logger: .init(label: "test"))
    XCTAssertEqual(daemon.listeningDescriptions, [path])
    let results = Results()
    let stopper = daemon.stopper
    let thread = Thread {
      defer { results.finish() }
      do {
        let first = try CurtainClient(unixPath: path, timeout: 10)
        try first.send(TransportTests.hello(requestID: 1))
        let welcome = try first.waitForResponse(to: 1, timeout: 10)
        results.note("welcome:\(welcome.requestID):\(welcome.welcome.clientID)")

        // Well framed but not a message: an error response, and it stays.
        try first.sendRawBytes(WireCodec.framed(payload: [0xFF]))
        results.note("undecodable:\(try first.waitForResponse(to: 0, timeout: 10).error.code)")

        // An oversized length: goodbye protocolError, then end of file.
        let second = try CurtainClient(unixPath: path, timeout: 10)
        try second.sendRawBytes(VarInt.encode(UInt64(1) << 40))
        let rest = try second.readToEndOfStream(timeout: 10)
        results.note("goodbye:\(rest?.last?.goodbye.reason ?? .unspecified)")
        results.note("eof:\(rest != nil)")

        // The first client is still served.
        try first.send(TransportTests.sync(requestID: 2))
        results.note("sync:\(try first.waitForResponse(to: 2, timeout: 10).requestID)")

        // Shutdown: the response, then goodbye shutdown.
        try first.send(TransportTests.shutdown(requestID: 3))
        results.note("shutdown:\(try first.waitForResponse(to: 3, timeout: 10).requestID)")
        let last = try first.readToEndOfStream(timeout: 10)
        results.note("goodbye:\(last?.last?.goodbye.reason ?? .unspecified)")
        results.note("eof:\(last != nil)")
      } catch {
        results.note("error:\(error)")
        stopper.requestShutdown()
      }
    }
    thread.start()
    try daemon.run()
    results.wait()
    XCTAssertEqual(
      results.lines,
      [
        "welcome:1:1", "undecodable:invalidArgument", "goodbye:protocolError", "eof:true", "sync:2",
        "shutdown:3",
        "goodbye:shutdown", "eof:true",
      ])
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "socket removed")
    XCTAssertEqual(daemon.connectionCount, 0)
  }

  func testStopperShutsDownWithAGoodbyeForEveryClient() throws {
    let path = directory + "/d.sock"
    let daemon = try Daemon(
      configuration: ServerConfiguration(), endpoints: [.unix(SocketPath(path))],
      logger: .init(label: "test"))
    let results = Results()
    let stopper = daemon.stopper
    let thread = Thread {
      defer { results.finish() }
      do {
        let client = try CurtainClient(unixPath: path, timeout: 10)
        try client.hello(clientName: "transport-tests")
        stopper.requestShutdown()
        let goodbye = try client.readToEndOfStream(timeout: 10)?.last?.goodbye
        results.note(
          "\(goodbye?.reason ?? .unspecified): \(goodbye?.message ?? "")")
      } catch {
        results.note("error:\(error)")
        stopper.requestShutdown()
      }
    }
    thread.start()
    try daemon.run()
    results.wait()
    XCTAssertEqual(results.lines, ["shutdown: The daemon is shutting down"])
    stopper.requestShutdown()  // after the loop closed: does nothing
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testTCPClientWithoutHelloIsClosedAfterTheTimeout() throws {
    var configuration = ServerConfiguration()
    configuration.helloTimeout = 0.05
    configuration.token = "secret"
    let daemon = try Daemon(
      configuration: configuration,
      endpoints: [
        .unix(SocketPath(directory + "/d.sock")), .tcp(try TCPAddress(parsing: "127.0.0.1:0")),
      ],
      logger: .init(label: "test"))
    guard case .tcp(let address) = daemon.endpoints[1] else { return XCTFail("no TCP endpoint") }
    XCTAssertNotEqual(address.port, 0)
    XCTAssertEqual(daemon.listeningDescriptions[1], "tcp 127.0.0.1:\(address.port)")
    XCTAssertEqual(
      daemon.server.configuration.listenerDescriptions, daemon.listeningDescriptions)
    let results = Results()
    let stopper = daemon.stopper
    let port = address.port
    let thread = Thread {
      defer {
        stopper.requestShutdown()
        results.finish()
      }
      do {
        let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
        // Silent: the loop's timer wakes for the Hello deadline.
        let silent = try CurtainClient(endpoint: loopback, timeout: 10)
        let said = try silent.readToEndOfStream(timeout: 10)
        results.note("silent:\(said?.last?.goodbye.reason ?? .unspecified)")
        // A bad token.
        let wrong = try CurtainClient(endpoint: loopback, timeout: 10)
        try wrong.send(TransportTests.hello(requestID: 1, token: "guess"))
        results.note("wrong:\(try wrong.waitForResponse(to: 1, timeout: 10).error.code)")
        let refused = try wrong.readToEndOfStream(timeout: 10)
        results.note("wrong:\(refused?.last?.goodbye.reason ?? .unspecified)")
        // The right token.
        let right = try CurtainClient(endpoint: loopback, timeout: 10)
        try right.send(TransportTests.hello(requestID: 1, token: "secret"))
        results.note(
          "right:\(try right.waitForResponse(to: 1, timeout: 10).welcome.serverVersion)")
      } catch {
        results.note("error:\(error)")
      }
    }
    thread.start()
    try daemon.run()
    results.wait()
    XCTAssertEqual(
      results.lines,
      [
        "silent:unauthenticated", "wrong:unauthenticated", "wrong:unauthenticated",
        "right:\(curtainVersion)",
      ])
  }

  // MARK: Helpers

  private func mode(of path: String) throws -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
    return status.st_mode & 0o777
  }

  /// A Unix socket bound at `path` by plain POSIX calls (listening or not).
  private func posixSocket(path: String, listen shouldListen: Bool) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    XCTAssertEqual(bound, 0)
    if shouldListen { XCTAssertEqual(listen(descriptor, 4), 0) }
    return descriptor
  }

  private static func hello(requestID: UInt64, token: String = "") -> WireRequest {
    var request = WireRequest()
    request.requestID = requestID
    request.hello.protocolVersion = protocolVersion
    request.hello.clientName = "transport-tests"
    request.hello.token = token
    return request
  }

  private static func sync(requestID: UInt64) -> WireRequest {
    var request = WireRequest()
    request.requestID = requestID
    request.sync = Curtain_V1_Sync()
    return request
  }

  private static func shutdown(requestID: UInt64) -> WireRequest {
    var request = WireRequest()
    request.requestID = requestID
    request.shutdown = Curtain_V1_Shutdown()
    return request
  }

  /// Lines noted by a client thread, read by the test after the loop ended.
  private final class Results: Sendable {
    private let state = Mutex<[String]>([])
    private let done = DispatchSemaphore(value: 0)

    func note(_ line: String) { state.withLock { $0.append(line) } }
    func finish() { done.signal() }
    func wait() { done.wait() }
    var lines: [String] { state.withLock { $0 } }
  }
}
