import CurtainWire
import Logging
import XCTest

@testable import CurtainDaemon

/// A `ClientLink` that keeps what the server sends, for tests of the
/// application layer without sockets.
final class MemoryLink: ClientLink {
  let clientID: UInt64
  let transportKind: TransportKind
  private(set) var messages: [ServerMessage] = []
  private(set) var frames: [(subscription: UInt64, frame: WireFrame)] = []
  private(set) var closed: (reason: Goodbye.Reason, message: String)?
  /// How often the server paused and resumed reading from it.
  private(set) var pauses = 0
  private(set) var resumes = 0

  init(id: UInt64, kind: TransportKind = .unix) {
    clientID = id
    transportKind = kind
  }

  func sendControl(_ message: ServerMessage) {
    guard closed == nil else { return }
    messages.append(message)
  }

  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy) {
    guard closed == nil else { return }
    frames.append((subscription, frame.frame))
  }

  /// Nothing waits: every message is kept at once.
  var unwrittenBytes: Int { 0 }

  func pauseReading() { pauses += 1 }
  func resumeReading() { resumes += 1 }

  func close(reason: Goodbye.Reason, message: String, details: [String: String]) {
    guard closed == nil else { return }
    closed = (reason, message)
  }

  /// Responses received so far, taken out of the record.
  func takeResponses() -> [WireResponse] {
    let responses = messages.compactMap { message -> WireResponse? in
      if case .response(let response)? = message.kind { return response }
      return nil
    }
    messages.removeAll { if case .response? = $0.kind { return true } else { return false } }
    return responses
  }

  /// Event texts received so far, taken out of the record.
  func takeEvents() -> [WireEvent] {
    let events = messages.compactMap { message -> WireEvent? in
      if case .event(let event)? = message.kind { return event }
      return nil
    }
    messages.removeAll { if case .event? = $0.kind { return true } else { return false } }
    return events
  }

  func takeFrames() -> [WireFrame] {
    defer { frames = [] }
    return frames.map(\.frame)
  }
}

/// A server on a hand-moved clock with helpers to talk to it.
final class ServerHarness {
  var now = 100.0
  /// Added to `now` each time the server reads its clock (a loop that
  /// takes time).
  var clockStep = 0.0
  lazy var server = Server(
    configuration: configuration,
    clock: { [unowned self] in
      defer { self.now += self.clockStep }
      return self.now
    }, logger: logger)
  var configuration = ServerConfiguration()
  /// What the server logs (nothing is kept unless a test sets a handler).
  var logger = Logger(label: "curtaind", factory: { _ in SwiftLogNoOpLogHandler() })
  private var nextLinkID: UInt64 = 1
  private var nextRequestID: UInt64 = 1

  init(configure: (inout ServerConfiguration) -> Void = { _ in }) {
    configure(&configuration)
  }

  /// Connects a client and says Hello.
  func connect(
    kind: TransportKind = .unix, token: String = "", readOnly: Bool = false,
    capabilities: [String] = []
  ) -> MemoryLink {
    let link = MemoryLink(id: nextLinkID, kind: kind)
    nextLinkID += 1
    server.connect(link)
    var hello = Curtain_V1_Hello()
    hello.protocolVersion = protocolVersion
    hello.clientName = "test"
    hello.token = token
    hello.capabilities = (readOnly ? ["read-only"] : []) + capabilities
    _ = send(link) { $0.hello = hello }
    return link
  }

  /// Sends a request built by `build` and returns its request id.
  @discardableResult
  func send(_ link: MemoryLink, session: String = "", build: (inout WireRequest) -> Void) -> UInt64
  {
    var request = WireRequest()
    request.requestID = nextRequestID
    request.session = session
    nextRequestID += 1
    build(&request)
    var message = ClientMessage()
    message.request = request
    server.receive(message, from: link)
    return request.requestID
  }

  /// Sends a request and returns its (immediate) response.
  func call(_ link: MemoryLink, session: String = "", build: (inout WireRequest) -> Void)
    -> WireResponse?
  {
    let id = send(link, session: session, build: build)
    return link.takeResponses().first { $0.requestID == id }
  }

  /// Moves the clock and ticks.
  func tick(_ seconds: Double) {
    now += seconds
    server.tick()
  }
}

extension ServerHarness {
  /// A window (manual clock unless told otherwise) whose root is
  /// `Nav=nav[A]`, with content controller `B` in no window yet.
  func buildNavigation(_ link: MemoryLink, manual: Bool = true) -> UInt64 {
    let window = call(link) {
      $0.createWindow = Curtain_V1_CreateWindow()
      $0.createWindow.clock = manual ? .manual : .realtime
    }!.window.id
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
    ] {
      _ = call(link) {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    _ = call(link) {
      $0.setStack.navigation = ref("Nav")
      $0.setStack.controllers = [ref("A")]
    }
    _ = call(link) {
      $0.setRoot.windowID = window
      $0.setRoot.controller = ref("Nav")
    }
    return window
  }
}

extension ServerHarness {
  /// `count` realtime windows in `session`, each a navigation controller
  /// `N<i>` over `R<i>`, with `X<i>` ready to push; returns their ids.
  @discardableResult
  func realtimeWindows(_ count: Int, in session: String, _ link: MemoryLink) throws -> [UInt64] {
    try (0..<count).map { index in
      let id = try XCTUnwrap(
        call(link, session: session) {
          $0.createWindow.clock = .realtime
          $0.createWindow.root.kind = .navigation
          $0.createWindow.root.identifier = "N\(index)"
          var root = Curtain_V1_ControllerSpec()
          root.kind = .content
          root.identifier = "R\(index)"
          $0.createWindow.root.children = [root]
        }
      ).window.id
      _ = call(link, session: session) {
        $0.createController.kind = .content
        $0.createController.identifier = "X\(index)"
      }
      return id
    }
  }
}

func ref(_ identifier: String) -> Curtain_V1_ControllerRef {
  var ref = Curtain_V1_ControllerRef()
  ref.identifier = identifier
  return ref
}
