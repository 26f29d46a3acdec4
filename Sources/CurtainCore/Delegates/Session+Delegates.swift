// Registering remote delegates and answering their questions (Delegate.swift,
// docs/delegates.md).

/// The registrations of a session and the questions open in it.
struct DelegateBook {
  /// One delegate per controller and role.
  var registrations: [DelegateKey: DelegateRegistration] = [:]
  /// Open questions: the window whose queue each holds.
  var open: [UInt64: WindowID] = [:]
  /// The next call id.
  var nextCall: UInt64 = 1
  /// Questions asked since the daemon last took them (to send them).
  var issued: [DelegateCall] = []
  /// The reasons of the fallbacks since the daemon last took them (its
  /// metrics).
  var fallbacks: [String] = []
  /// Transitions handed to remote animators since the daemon last took
  /// them (to tell their clients).
  var animations: [RemoteAnimation] = []
  /// The transition each answer started (the last answers': a delegate
  /// that vends an interaction controller drives it by its id).
  var started: [UInt64: (window: WindowID, transition: TransitionID)] = [:]
}

/// A controller and a role.
struct DelegateKey: Hashable {
  let controller: ControllerID
  let role: DelegateRole
}

extension Session {
  /// The registrations, by controller then role.
  public var delegateRegistrations: [DelegateRegistration] {
    delegates.registrations.values.sorted {
      ($0.controller, $0.role) < ($1.controller, $1.role)
    }
  }

  /// The registration for `role` of `controller`, if any.
  public func delegate(of controller: ControllerID, role: DelegateRole) -> DelegateRegistration? {
    delegates.registrations[DelegateKey(controller: controller, role: role)]
  }

  /// Makes `delegate` the delegate of `controller` for `roles`, each
  /// answered within `timeout` seconds. Returns the registrations it
  /// replaced (of other clients). Throws, changing nothing, for an unknown
  /// controller, no role, or a bad timeout.
  @discardableResult
  public func setDelegate(
    of controllerID: ControllerID, roles: Set<DelegateRole>, delegate: OwnerID, timeout: Double,
    vendsInteraction: Bool = false, vendsReplacement: Bool = false
  ) throws -> [DelegateRegistration] {
    _ = try controller(controllerID)
    guard !roles.isEmpty else { throw CurtainError.invalid("Name at least one delegate role") }
    guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
      throw CurtainError.invalid(
        "A delegate timeout must be between 0 and 3600 seconds, got \(timeout)")
    }
    var replaced: [DelegateRegistration] = []
    for role in roles.sorted() {
      let key = DelegateKey(controller: controllerID, role: role)
      if let previous = delegates.registrations[key], previous.delegate != delegate {
        replaced.append(previous)
      }
      delegates.registrations[key] = DelegateRegistration(
        controller: controllerID, role: role, delegate: delegate, timeout: timeout,
        vendsInteraction: vendsInteraction, vendsReplacement: vendsReplacement)
    }
    return replaced
  }

  /// Ends `delegate`'s registrations for `roles` of `controller` (every
  /// role when empty); its open questions there fall back. `NOT_OWNER` when
  /// another client holds one of them; nothing registered is no error.
  public func clearDelegate(
    of controllerID: ControllerID, roles: Set<DelegateRole>, delegate: OwnerID
  )
    throws
  {
    _ = try controller(controllerID)
    let chosen = roles.isEmpty ? Set(DelegateRole.allCases) : roles
    let keys = chosen.map { DelegateKey(controller: controllerID, role: $0) }
    for key in keys {
      if let other = delegates.registrations[key], other.delegate != delegate {
        throw CurtainError(
          .notOwner,
          "The \(key.role.rawValue) delegate of \(try controller(controllerID).name) is "
            + "\(other.delegate), not \(delegate)")
      }
    }
    for key in keys { delegates.registrations[key] = nil }
    failOpenCalls(.cleared) { call in
      call.delegate == delegate && call.controller == controllerID
        && chosen.contains(call.method.role)
    }
  }

  /// Forgets every registration of `delegate` (its connection closed);
  /// its open questions fall back. Returns whether it had any.
  @discardableResult
  public func dropDelegates(of delegate: OwnerID) -> Bool {
    let before = delegates.registrations.count
    delegates.registrations = delegates.registrations.filter { $0.value.delegate != delegate }
    let hadOpen = failOpenCalls(.disconnected) { $0.delegate == delegate }
    var ranAnimators = false
    for window in orderedWindows {
      ranAnimators =
        window.abandonRemoteTransitions(of: delegate, reason: .disconnected) || ranAnimators
    }
    return hadOpen || ranAnimators || delegates.registrations.count != before
  }

  /// Forgets every registration and lets every open question fall back
  /// with `reason` (a restart: no delegate survives its connection).
  public func dropAllDelegates(_ reason: DelegateFallbackReason) {
    delegates.registrations = [:]
    failOpenCalls(reason) { _ in true }
    for window in orderedWindows { window.abandonRemoteTransitions(of: nil, reason: reason) }
  }

  /// Whether questions fell back since the daemon last took the reasons.
  public var hadDelegateFallbacks: Bool { !delegates.fallbacks.isEmpty }

  /// Whether the session has registrations or open questions.
  public var hasDelegates: Bool {
    !delegates.registrations.isEmpty || !delegates.open.isEmpty
      || !delegates.animations.isEmpty
  }

  /// The transitions handed to remote animators since the last call, in
  /// the order they began.
  public func takeRemoteAnimations() -> [RemoteAnimation] {
    defer { delegates.animations = [] }
    return delegates.animations
  }

  /// The questions asked since the last call, in the order asked.
  public func takeIssuedDelegateCalls() -> [DelegateCall] {
    defer { delegates.issued = [] }
    return delegates.issued
  }

  /// The reasons (`timeout`, `disconnected`, …) of the questions that fell
  /// back since the last call.
  public func takeDelegateFallbacks() -> [String] {
    defer { delegates.fallbacks = [] }
    return delegates.fallbacks
  }

  /// The window and transition the answer to call `id` started, if it
  /// started one (remembered for the last 64 calls answered).
  public func transition(startedBy id: UInt64) -> (window: WindowID, transition: TransitionID)? {
    delegates.started[id].map { (window: $0.window, transition: $0.transition) }
  }

  /// The open question `id`, if it is open.
  public func openDelegateCall(_ id: UInt64) -> DelegateCall? {
    guard let windowID = delegates.open[id] else { return nil }
    return windows[windowID]?.awaitingDelegate?.call
  }

  /// The delegate `delegate` answers question `id`. An answer that does
  /// not fit the question falls back (UIKit's default) with an event
  /// saying why; a question no longer open (answered late, timed out) is
  /// ignored and `false` returned. Throws `NOT_FOUND` for a call id never
  /// asked, `NOT_OWNER` when another client is asked.
  @discardableResult
  public func answerDelegateCall(_ id: UInt64, _ answer: DelegateAnswer, from delegate: OwnerID)
    throws -> Bool
  {
    guard id > 0, id < delegates.nextCall else {
      throw CurtainError.notFound("No delegate call \(id) was asked in session '\(name)'")
    }
    guard let windowID = delegates.open[id], let window = windows[windowID],
      let awaiting = window.awaitingDelegate, awaiting.call.id == id
    else { return false }
    guard awaiting.call.delegate == delegate else {
      throw CurtainError(
        .notOwner, "Delegate call \(id) was asked of \(awaiting.call.delegate), not \(delegate)")
    }
    if let problem = answer.mismatch(for: awaiting.call.method)
      ?? replacementProblem(answer, asked: awaiting.call)
    {
      window.resumeAfterDelegate(.fallback(call: id, awaiting.call.method, .malformed(problem)))
    } else {
      window.resumeAfterDelegate(.answered(call: id, awaiting.call.method, answer))
    }
    return true
  }

  /// Why a replacement controller answered cannot stand in for the
  /// presented one, if it cannot: it must exist and be detached (no
  /// parent, no window, not presenting nor presented, not another
  /// presentation's replacement).
  func replacementProblem(_ answer: DelegateAnswer, asked call: DelegateCall) -> String? {
    guard case .controller(let id) = answer else { return nil }
    guard let replacement = controllers[id] else { return "No controller \(id)" }
    if id == call.arguments.to {
      return "\(replacement.name) is the presented controller and cannot replace itself"
    }
    if let problem = replacement.detachmentProblem { return problem }
    let taken = controllers.values.compactMap(\.presentation).first {
      $0.replacement === replacement || $0.original === replacement
    }
    if let taken {
      return
        "\(replacement.name) already stands in for \(taken.original?.name ?? taken.presented.name)"
    }
    return nil
  }

  /// Question `id` gets no answer, for `reason` (the daemon's timeout).
  /// Returns `false` when it is no longer open.
  @discardableResult
  public func failDelegateCall(_ id: UInt64, _ reason: DelegateFallbackReason) -> Bool {
    guard let windowID = delegates.open[id], let window = windows[windowID],
      let awaiting = window.awaitingDelegate, awaiting.call.id == id
    else { return false }
    window.resumeAfterDelegate(.fallback(call: id, awaiting.call.method, reason))
    return true
  }

  /// Lets the open questions that `matching` selects fall back.
  @discardableResult
  private func failOpenCalls(
    _ reason: DelegateFallbackReason, matching: (DelegateCall) -> Bool
  ) -> Bool {
    var failed = false
    for id in delegates.open.keys.sorted() {
      guard let call = openDelegateCall(id), matching(call) else { continue }
      failed = failDelegateCall(id, reason) || failed
    }
    return failed
  }

  /// Asks `question` of the registered delegate; returns the call.
  func ask(
    _ method: DelegateMethod, of registration: DelegateRegistration,
    _ arguments: DelegateArguments, in window: Window
  ) -> DelegateCall {
    let call = DelegateCall(
      id: delegates.nextCall, controller: registration.controller, method: method,
      arguments: arguments, delegate: registration.delegate, timeout: registration.timeout,
      window: window.id)
    delegates.nextCall += 1
    delegates.open[call.id] = window.id
    delegates.issued.append(call)
    return call
  }

  /// Runs `body` and undoes what it created, throwing what it throws;
  /// `reserved` as in `tentatively`.
  func dryRun(reserving reserved: ControllerID? = nil, _ body: () throws -> Void) throws {
    struct RolledBack: Error {}
    do {
      try tentatively(reserving: reserved) {
        try body()
        throw RolledBack()
      }
    } catch is RolledBack {}
  }

  /// A question no longer open (answered, fallen back, window closed).
  func closeDelegateCall(_ id: UInt64) {
    delegates.open[id] = nil
  }
}

extension Session {
  /// Renders a delegate event of the controller named `subject`:
  /// `Nav.delegate.navigationAnimationController#1(push, A → B)`,
  /// `Nav.delegate#1 → animator(0.35 s)`, `Nav.delegate#1 fallback(timeout)`.
  func describe(
    _ event: DelegateEvent, of subject: String, name: (ControllerID?) -> String
  ) -> String {
    switch event {
    case .called(let call, let method, let arguments):
      var parts: [String] = []
      if let operation = arguments.operation { parts.append(operation) }
      if let identifier = arguments.identifier { parts.append("'\(identifier)'") }
      if arguments.from != nil || arguments.to != nil {
        parts.append("\(name(arguments.from)) → \(name(arguments.to))")
      }
      if let style = arguments.style { parts.append(style.rawValue) }
      if let size = arguments.size { parts.append("\(size)") }
      if let traits = arguments.traits {
        parts.append(
          "\(traits.horizontalSizeClass.rawValue) width, \(traits.verticalSizeClass.rawValue) height"
        )
      }
      if arguments.interactive { parts.append("interactive") }
      return "\(subject).delegate#\(call).\(method.rawValue)(\(parts.joined(separator: ", ")))"
    case .answered(let call, _, let answer):
      return "\(subject).delegate#\(call) → \(answer.summary)"
    case .fallback(let call, _, let reason):
      return "\(subject).delegate#\(call) fallback(\(reason.summary))"
    }
  }
}

extension DelegateAnswer {
  /// `default`, `true`, `animator(0.35 s, 2 tracks)`.
  public var summary: String {
    switch self {
    case .useDefault: return "default"
    case .bool(let answer): return "\(answer)"
    case .style(let style): return "style(\(style.rawValue))"
    case .interactive: return "interactive"
    case .presentation(let description):
      var parts: [String] = []
      if let frame = description.frame { parts.append("\(frame)") }
      if let alpha = description.dimmingAlpha { parts.append("dimming \(formatPoints(alpha))") }
      if description.removesPresenterView { parts.append("removes presenter") }
      return "presentation(\(parts.joined(separator: ", ")))"
    case .frame(let frame): return "frame\(frame)"
    case .controller(let id): return "controller(\(id))"
    case .remoteAnimator(let duration):
      return "remote animator(\(formatPoints(duration)) s)"
    case .animator(let spec):
      if spec.remote != nil { return "remote animator(\(formatPoints(spec.duration)) s)" }
      if spec.retiming != nil { return "animator(built-in look)" }
      return "animator(\(formatPoints(spec.duration)) s, \(spec.tracks.count) tracks)"
    }
  }
}

extension DelegateFallbackReason {
  /// The name, with the problem of a malformed answer.
  public var summary: String {
    if case .malformed(let problem) = self { return "malformed: \(problem)" }
    return name
  }
}
