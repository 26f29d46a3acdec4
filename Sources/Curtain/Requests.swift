// Typed requests: a method per request kind with the Core's values in and
// out. Every other request kind goes through `request(_:session:)` and
// returns the protocol's result; Tests/CurtainClientTests lists which kinds
// have a typed method.

public import CurtainCore
import CurtainWire

extension Client {
  /// Returns once every request sent before it has been applied.
  public func sync() async throws {
    try await expectEmpty(.sync(Curtain_V1_Sync()))
  }

  /// Creates a window (a manual clock by default: time moves only with
  /// `advanceClock`), with `root` as its root controller if given.
  public func createWindow(
    clock: ClockMode = .manual, size: Size? = nil, frameRate: UInt32 = 0,
    session: String? = nil
  ) async throws -> WindowInfo {
    var body = Curtain_V1_CreateWindow()
    body.clock = clock.wire
    body.frameRate = frameRate
    if let size { body.metrics.size = Curtain_V1_Size(size) }
    let result = try await call(.createWindow(body), session: session)
    guard case .window(let window)? = result else { throw unexpected("window", result) }
    return WindowInfo(window)
  }

  /// The session's windows, oldest first.
  public func listWindows(session: String? = nil) async throws -> [WindowInfo] {
    let result = try await call(.listWindows(Curtain_V1_ListWindows()), session: session)
    guard case .windows(let list)? = result else { throw unexpected("windows", result) }
    return list.windows.map(WindowInfo.init)
  }

  /// Closes a window; its controllers are deleted unless `keepControllers`.
  public func closeWindow(_ window: WindowID, keepControllers: Bool = false, session: String? = nil)
    async throws
  {
    var body = Curtain_V1_CloseWindow()
    body.windowID = window.rawValue
    body.keepControllers = keepControllers
    try await expectEmpty(.closeWindow(body), session: session)
  }

  /// Creates a controller of `kind`, in no window until it is shown.
  public func createController(
    _ kind: ControllerKind, identifier: String = "", title: String = "", session: String? = nil
  ) async throws -> ControllerInfo {
    var body = Curtain_V1_CreateController()
    body.kind = kind.wire
    body.identifier = identifier
    body.title = title
    let result = try await call(.createController(body), session: session)
    guard case .controller(let controller)? = result else { throw unexpected("controller", result) }
    return try decoded("create_controller") { try ControllerInfo(controller) }
  }

  /// The session's controllers (of one window, if given).
  public func listControllers(window: WindowID? = nil, session: String? = nil) async throws
    -> [ControllerInfo]
  {
    var body = Curtain_V1_ListControllers()
    if let window { body.windowID = window.rawValue }
    let result = try await call(.listControllers(body), session: session)
    guard case .controllers(let list)? = result else { throw unexpected("controllers", result) }
    return try decoded("list_controllers") { try list.controllers.map(ControllerInfo.init) }
  }

  /// Makes `controller` the window's root (nil clears it).
  public func setRoot(
    _ window: WindowID, _ controller: ControllerRef?, until wait: OperationWait = .completed,
    session: String? = nil
  ) async throws -> OperationResult {
    var body = Curtain_V1_SetRoot()
    body.windowID = window.rawValue
    if let controller { body.controller = controller.wire }
    return try await operation(.setRoot(body), wait, session)
  }

  /// Pushes `controller` on a navigation controller's stack.
  public func push(
    _ controller: ControllerRef, on navigation: ControllerRef, animated: Bool = true,
    until wait: OperationWait = .completed, session: String? = nil
  ) async throws -> OperationResult {
    var body = Curtain_V1_Push()
    body.navigation = navigation.wire
    body.controller = controller.wire
    body.notAnimated = !animated
    return try await operation(.push(body), wait, session)
  }

  /// Pops the top of a navigation controller's stack.
  public func pop(
    _ navigation: ControllerRef, animated: Bool = true, until wait: OperationWait = .completed,
    session: String? = nil
  ) async throws -> OperationResult {
    var body = Curtain_V1_Pop()
    body.navigation = navigation.wire
    body.notAnimated = !animated
    return try await operation(.pop(body), wait, session)
  }

  /// Moves a manual window's clock by `seconds`; answers once the step's
  /// frames are made.
  public func advanceClock(_ window: WindowID, by seconds: Double, session: String? = nil)
    async throws -> ClockResult
  {
    var body = Curtain_V1_AdvanceClock()
    body.windowID = window.rawValue
    body.seconds = seconds
    let result = try await call(.advanceClock(body), session: session)
    guard case .clock(let clock)? = result else { throw unexpected("clock", result) }
    return ClockResult(clock)
  }

  // MARK: Helpers

  private func call(
    _ body: WireRequest.OneOf_Body, session: String?, wait: OperationWait = .accepted
  ) async throws -> WireResponse.OneOf_Result? {
    try await request(body, session: session, waitUntil: wait)
  }

  private func operation(
    _ body: WireRequest.OneOf_Body, _ wait: OperationWait, _ session: String?
  ) async throws -> OperationResult {
    let result = try await call(body, session: session, wait: wait)
    guard case .operation(let operation)? = result else { throw unexpected("operation", result) }
    return OperationResult(operation)
  }

  private func expectEmpty(_ body: WireRequest.OneOf_Body, session: String? = nil)
    async throws
  {
    let result = try await call(body, session: session)
    switch result {
    case .empty?, nil: return
    default: throw unexpected("empty", result)
    }
  }

  private func unexpected(_ expected: String, _ result: WireResponse.OneOf_Result?)
    -> ClientError
  {
    var response = WireResponse()
    response.result = result
    return ClientError.unexpectedResponse(expected: expected, got: response.resultName)
  }

  /// Runs a mapping of an answer; a value the Core does not know is
  /// `ClientError.decoding`.
  private func decoded<T>(_ request: String, _ map: () throws -> T) throws -> T {
    do {
      return try map()
    } catch {
      throw ClientError.decoding("the answer to \(request): \(error)")
    }
  }
}
