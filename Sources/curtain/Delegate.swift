// `curtain delegate C [--role ROLE]… [--answer [METHOD=]ANSWER]…`: becomes
// the controller's remote delegate (docs/delegates.md) and answers every
// question with scripted answers, printing each call and answer, until
// interrupted, until --count calls were answered, or until the daemon
// stops. For tests and demos: a program that decides live uses a client
// library (Python, C).

import ArgumentParser
import CurtainCLIKit
import CurtainCore
import CurtainWire

/// Answers a controller's delegate questions from a script.
struct Delegate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delegate",
    abstract: "Be a controller's remote delegate and answer its questions from a script.",
    discussion: """
      Registers this command as the controller's delegate for the roles \
      given (default: all of them) and \
      answers each DelegateCall with the first --answer that fits it: \
      `METHOD=ANSWER` for one method (navigationAnimationController, \
      tabBarShouldSelect, tabBarAnimationController, \
      animationControllerForPresented, animationControllerForDismissed, \
      shouldPerformSegue, adaptivePresentationStyle, \
      presentationControllerShouldDismiss, navigationInteractionController, \
      tabBarInteractionController, interactionControllerForPresentation, \
      interactionControllerForDismissal, presentationController, \
      frameOfPresentedView, prepareForSegue, \
      viewControllerForAdaptivePresentationStyle, \
      shouldRemovePresentersView, presentationTransitionWillBegin, \
      dismissalTransitionWillBegin), or ANSWER for every method it \
      fits. An ANSWER is `default` (UIKit's default), `yes` or `no` \
      (should- methods; shouldRemovePresentersView: whether a custom \
      presentation takes the presenter's view out of the window), \
      `animator=FILE` (an animator spec in JSON, \
      docs/animators.md; for presentationTransitionWillBegin and \
      dismissalTransitionWillBegin, named, its tracks run alongside the \
      transition), `remote=SECONDS` (a remote animator of that \
      duration: this command is handed the transition and completes it at \
      once), `interactive=finish` or `interactive=cancel` (the \
      interaction-controller methods: this command drives the transition \
      and finishes or cancels it at once; it registers as vending \
      interaction controllers only with such an answer), `style=STYLE` (adaptivePresentationStyle: none, \
      fullScreen, overFullScreen or formSheet), `controller=ID` \
      (viewControllerForAdaptivePresentationStyle: the detached controller \
      c12 shown instead of the presented one while adapted; it registers \
      as vending replacement controllers only with such an answer), \
      `frame=X,Y,WIDTH,HEIGHT` (frameOfPresentedView: the presented view's \
      frame in the window, asked when a custom presentation starts and at \
      every resize) or `silent` (no answer: the \
      daemon falls back after the timeout). Without \
      a fitting --answer the default is sent. Each call and answer is \
      printed (with --json as objects). Runs until interrupted (exit 0), \
      until --count questions were answered, or until the daemon stops.

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain new-controller content --id Detail
        curtain delegate @Nav --answer yes --count 1 > calls.txt &
        until grep -q waiting calls.txt; do sleep 0.1; done
        curtain push @Nav @Detail
        wait
        cat calls.txt
          delegate of @Nav: waiting
          #1 navigationAnimationController → default
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The controller (c1 or @Nav).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  @Option(
    name: .customLong("role"),
    help: ArgumentHelp(
      "A role to take on: \(Curtain_V1_DelegateRole.nameTable.names.joined(separator: ", ")) "
        + "(repeatable; default: all).",
      valueName: "role"))
  var roles: [WireName<Curtain_V1_DelegateRole>] = []

  @Option(
    name: .customLong("answer"),
    help: ArgumentHelp(
      "[METHOD=]default|yes|no|animator=FILE|remote=SECONDS|interactive=finish|cancel|"
        + "style=STYLE|controller=ID|frame=X,Y,W,H|silent (repeatable; the first that fits "
        + "wins).",
      valueName: "answer"))
  var answers: [ScriptedAnswer] = []

  @Option(
    name: .customLong("timeout-ms"),
    help: ArgumentHelp(
      "How long the daemon waits for each answer (default: curtaind --delegate-timeout).",
      valueName: "ms"))
  var timeoutMs: Int64 = 0

  @Option(help: ArgumentHelp("Stop after answering this many questions.", valueName: "n"))
  var count: Int?

  func validate() throws {
    if let count, count <= 0 { throw ValidationError("--count must be positive") }
    guard (0...Int64(UInt32.max)).contains(timeoutMs) else {
      throw ValidationError(
        "--timeout-ms must be a number of milliseconds from 0 to \(UInt32.max), got \(timeoutMs)")
    }
  }

  func run() throws {
    // The transitions its interaction controllers drive are its own: they
    // are cancelled if it goes away.
    let connection = try DaemonConnection.open(globals, ownsInteractions: true)
    defer { connection.close() }
    Interrupt.install()
    var register = Curtain_V1_SetDelegate()
    register.controller = controller
    register.roles =
      roles.isEmpty
      ? [.navigation, .tabBar, .transitioning, .adaptivePresentation, .segue]
      : roles.map(\.wire)
    register.timeoutMs = UInt32(timeoutMs)
    let resolved = try answers.map { try $0.resolved() }
    register.interaction = resolved.contains { $0.kind == .interaction }
    register.adaptiveReplacement = resolved.contains { $0.kind == .controller }
    try connection.perform(.setDelegate(register), mutating: true)
    if !globals.json { Output.line("delegate of \(name(controller)): waiting") }
    var answered = 0
    // Replies whose responses have not come yet.
    var outstanding: Set<UInt64> = []
    // Remote animators answered whose transition has not been handed over.
    var remote = 0
    // Interactive answers whose reply has not come back: finish or cancel.
    var driving: [UInt64: (call: Curtain_V1_DelegateCall, finish: Bool)] = [:]
    while !Interrupt.requested,
      remote > 0 || !driving.isEmpty || count.map({ answered < $0 }) ?? true
    {
      guard let message = try connection.client.nextMessage(timeout: 0.25) else { continue }
      switch message.kind {
      case .delegateCall(let call)?:
        let chosen = resolved.first { $0.fits(call.method) }
        let answer = chosen?.answer ?? .reply(.init())
        print(call, answer)
        if case .reply(let body) = answer {
          var reply = Curtain_V1_DelegateReply()
          reply.callID = call.callID
          reply.answer = body
          var request = connection.request(.delegateReply(reply), mutating: true)
          request.session = call.session
          let sent = try connection.client.send(request)
          outstanding.insert(sent)
          if case .remoteAnimator? = body.answer { remote += 1 }
          if let finish = chosen?.finishes, body.interactive { driving[sent] = (call, finish) }
        }
        answered += 1
      case .animateTransition(let animation)?:
        // The scripted remote animator completes its transition at once.
        var complete = Curtain_V1_CompleteTransition()
        complete.windowID = animation.windowID
        complete.transitionID = animation.transitionID
        complete.didComplete = true
        var request = connection.request(.completeTransition(complete), mutating: true)
        request.session = animation.session
        outstanding.insert(try connection.client.send(request))
        remote = max(0, remote - 1)
        print(animation)
      case .response(let response)?:
        outstanding.remove(response.requestID)
        if case .error(let error)? = response.result {
          throw ClientError.server(CurtainError(error))
        }
        // An interaction controller's transition: finished or cancelled at once.
        if let (call, finish) = driving.removeValue(forKey: response.requestID),
          response.delegateReply.transitionID != 0
        {
          let started = response.delegateReply
          let body: WireRequest.OneOf_Body
          if finish {
            var letGo = Curtain_V1_FinishInteractive()
            letGo.windowID = started.windowID
            letGo.transitionID = started.transitionID
            body = .finishInteractive(letGo)
          } else {
            var letGo = Curtain_V1_CancelInteractive()
            letGo.windowID = started.windowID
            letGo.transitionID = started.transitionID
            body = .cancelInteractive(letGo)
          }
          var request = connection.request(body, mutating: true)
          request.session = call.session
          outstanding.insert(try connection.client.send(request))
          print(call, transition: started.transitionID, finished: finish)
        }
      case .event(let event)? where event.delegate.phase == .replaced:
        throw CLIError(event.text, code: "REPLACED")
      default:
        continue
      }
    }
    // The last replies' responses: errors are reported.
    for id in outstanding.sorted() {
      let response = try connection.client.waitForResponse(
        to: id, timeout: globals.responseTimeout)
      if case .error(let error)? = response.result {
        throw ClientError.server(CurtainError(error))
      }
    }
  }

  private func name(_ ref: Curtain_V1_ControllerRef) -> String {
    switch ref.ref {
    case .id(let id): return "c\(id)"
    case .identifier(let identifier): return "@\(identifier)"
    case nil: return "?"
    }
  }

  private func print(_ call: Curtain_V1_DelegateCall, transition: UInt64, finished: Bool) {
    let said = finished ? "finished" : "cancelled"
    if globals.json {
      Output.json(
        .object([
          ("call", .unsigned(call.callID)), ("session", .string(call.session)),
          ("window", .id(call.windowID)), ("transition", .id(transition)),
          ("method", .string("interaction")), ("answer", .string(said)),
        ]))
    } else {
      Output.line("#\(call.callID) interaction(t\(transition)) → \(said)")
    }
  }

  private func print(_ animation: Curtain_V1_AnimateTransition) {
    if globals.json {
      Output.json(
        .object([
          ("call", .unsigned(animation.callID)), ("session", .string(animation.session)),
          ("window", .id(animation.windowID)), ("transition", .id(animation.transitionID)),
          ("method", .string("animateTransition")), ("kind", .string(animation.kind)),
          ("answer", .string("completed")),
        ]))
    } else {
      Output.line(
        "#\(animation.callID) animateTransition(t\(animation.transitionID), \(animation.kind)) → "
          + "completed")
    }
  }

  private func print(_ call: Curtain_V1_DelegateCall, _ answer: ScriptedAnswer.Reply) {
    let method = call.method.name
    let said: String
    switch answer {
    case .silent: said = "silent"
    case .reply(let body):
      switch body.answer {
      case .yes(let yes)?: said = yes ? "yes" : "no"
      case .animator(let spec)?: said = "animator(\(OutputFormat.decimal(spec.duration)) s)"
      case .style(let style)?: said = "style(\(style.name))"
      case .remoteAnimator(let remote)?:
        said = "remote animator(\(OutputFormat.decimal(remote.duration)) s)"
      case .interactive(let interactive)?: said = interactive ? "interactive" : "default"
      case .presentation?: said = "presentation"
      case .frame(let frame)?:
        let numbers = [frame.x, frame.y, frame.width, frame.height]
        said = "frame(\(numbers.map { OutputFormat.decimal($0) }.joined(separator: ", ")))"
      case .controllerID(let id)?: said = "controller(c\(id))"
      case nil: said = "default"
      }
    }
    if globals.json {
      Output.json(
        .object([
          ("call", .unsigned(call.callID)), ("session", .string(call.session)),
          ("window", .id(call.windowID)), ("controller", .id(call.controllerID)),
          ("method", .string(method)), ("operation", .optionalString(call.arguments.operation)),
          ("from", .id(call.arguments.fromID)), ("to", .id(call.arguments.toID)),
          ("segue", .optionalString(call.arguments.identifier)),
          ("interactive", .bool(call.arguments.interactive)), ("answer", .string(said)),
        ]))
    } else {
      Output.line("#\(call.callID) \(method) → \(said)")
    }
  }
}

/// One `--answer`: for one method or for every method it fits.
struct ScriptedAnswer: ExpressibleByArgument {
  /// What is sent.
  enum Reply {
    case reply(Curtain_V1_DelegateAnswer)
    case silent
  }

  /// The answer with its animator file read.
  struct Resolved {
    let method: Curtain_V1_DelegateMethod?
    let kind: Kind
    let answer: Reply
    /// For `interactive=…`: whether the transition is finished (else
    /// cancelled) once it begins.
    var finishes: Bool?

    /// Whether it answers `method`.
    func fits(_ called: Curtain_V1_DelegateMethod) -> Bool {
      if let method, method != called { return false }
      switch kind {
      case .any: return true
      case .yesNo:
        return [
          .tabBarShouldSelect, .shouldPerformSegue, .presentationControllerShouldDismiss,
          .shouldRemovePresentersView,
        ].contains(called)
      case .style: return called == .adaptivePresentationStyle
      case .controller: return called == .viewControllerForAdaptivePresentationStyle
      case .frame: return called == .frameOfPresentedView
      case .interaction:
        return [
          .navigationInteractionController, .tabBarInteractionController,
          .interactionControllerForPresentation, .interactionControllerForDismissal,
        ].contains(called)
      case .animator:
        // Animations alongside answer only a method named.
        if [.presentationTransitionWillBegin, .dismissalTransitionWillBegin].contains(called) {
          return method != nil
        }
        return [
          .navigationAnimationController, .tabBarAnimationController,
          .animationControllerForPresented, .animationControllerForDismissed,
        ].contains(called)
      }
    }
  }

  enum Kind { case any, yesNo, animator, style, interaction, controller, frame }

  let method: Curtain_V1_DelegateMethod?
  let value: String

  init?(argument: String) {
    var text = Substring(argument)
    var method: Curtain_V1_DelegateMethod?
    if let equals = text.firstIndex(of: "="), !text.hasPrefix("animator="),
      !text.hasPrefix("style="), !text.hasPrefix("remote="), !text.hasPrefix("interactive="),
      !text.hasPrefix("controller="), !text.hasPrefix("frame=")
    {
      guard let named = Curtain_V1_DelegateMethod.nameTable.value(named: String(text[..<equals]))
      else { return nil }
      method = named
      text = text[text.index(after: equals)...]
    }
    guard
      ["default", "yes", "no", "silent"].contains(text) || text.hasPrefix("animator=")
        || Self.style(in: text) != nil || Self.remoteDuration(in: text) != nil
        || ["interactive=finish", "interactive=cancel"].contains(text)
        || Self.controller(in: text) != nil || Self.frame(in: text) != nil
    else { return nil }
    self.method = method
    value = String(text)
  }

  /// The style of a `style=STYLE` answer, if it names one.
  private static func style(in text: some StringProtocol) -> Curtain_V1_ModalPresentationStyle? {
    guard text.hasPrefix("style=") else { return nil }
    return Curtain_V1_ModalPresentationStyle.nameTable.value(named: String(text.dropFirst(6)))
  }

  /// The controller id of a `controller=ID` answer (`c12` or `12`), if it
  /// is one.
  private static func controller(in text: some StringProtocol) -> UInt64? {
    guard text.hasPrefix("controller=") else { return nil }
    var id = text.dropFirst("controller=".count)
    if id.hasPrefix("c") { id = id.dropFirst() }
    guard let number = UInt64(String(id)), number > 0 else { return nil }
    return number
  }

  /// The rectangle of a `frame=X,Y,WIDTH,HEIGHT` answer, if it is one with
  /// a positive size.
  private static func frame(in text: some StringProtocol) -> Curtain_V1_Rect? {
    guard text.hasPrefix("frame="),
      let rect = try? TargetName.rect(String(text.dropFirst("frame=".count))),
      rect.width > 0, rect.height > 0
    else { return nil }
    return rect
  }

  /// The duration of a `remote=SECONDS` answer, if it is one (0 to 3600).
  private static func remoteDuration(in text: some StringProtocol) -> Double? {
    guard text.hasPrefix("remote="), let seconds = Double(String(text.dropFirst(7))),
      seconds.isFinite, seconds >= 0, seconds <= 3600
    else { return nil }
    return seconds
  }

  static var defaultCompletionKind: CompletionKind {
    .list([
      "default", "yes", "no", "silent", "animator=", "remote=", "interactive=finish",
      "interactive=cancel", "style=", "controller=", "frame=",
    ])
  }

  /// The answer, its animator read from its file.
  func resolved() throws -> Resolved {
    var body = Curtain_V1_DelegateAnswer()
    switch value {
    case "default": return Resolved(method: method, kind: .any, answer: .reply(body))
    case "silent": return Resolved(method: method, kind: .any, answer: .silent)
    case "yes", "no":
      body.yes = value == "yes"
      return Resolved(method: method, kind: .yesNo, answer: .reply(body))
    case _ where value.hasPrefix("style="):
      body.style = Self.style(in: value) ?? .none
      return Resolved(method: method, kind: .style, answer: .reply(body))
    case "interactive=finish", "interactive=cancel":
      body.interactive = true
      return Resolved(
        method: method, kind: .interaction, answer: .reply(body),
        finishes: value == "interactive=finish")
    case _ where value.hasPrefix("controller="):
      body.controllerID = Self.controller(in: value) ?? 0
      return Resolved(method: method, kind: .controller, answer: .reply(body))
    case _ where value.hasPrefix("frame="):
      body.frame = Self.frame(in: value) ?? Curtain_V1_Rect()
      return Resolved(method: method, kind: .frame, answer: .reply(body))
    case _ where value.hasPrefix("remote="):
      body.remoteAnimator.duration = Self.remoteDuration(in: value) ?? 0
      return Resolved(method: method, kind: .animator, answer: .reply(body))
    default:
      body.animator = try AnimatorOptions.read(String(value.dropFirst("animator=".count)))
      return Resolved(method: method, kind: .animator, answer: .reply(body))
    }
  }
}
