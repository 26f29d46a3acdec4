// How the `curtain` CLI prints what the daemon sends: one human line, or one
// JSON object per line (`--json`), for events, frames and results. Everything
// here is a pure function of wire messages so that tests compare it with
// golden strings.
//
// Human forms:
//     event   "<seq>  w<window>  <text>"                 12  w1  B.viewWillAppear(true)
//     frame   "<frame_seq>  w<window>  t=<time>  <views>  <transitions>"
//             7  w1  t=0.250  v12 (97.5, 0, 390, 844) α=1  t3 42.5%
// A view shows its transform only when it is not the identity:
// `v12 (0, 0, 390, 844) α=1 T=(0.9, 0, 0, 0.9, 0, 0)`.
//
// JSON keys come in a fixed order, documented at each builder; ids of 0 (the
// wire's "none") are `null`.

public import CurtainWire

/// Formatting of daemon messages for the CLI.
public enum OutputFormat {
  // MARK: Events

  /// `seq  window  text`; the window is `-` for events of controllers that
  /// are in no window.
  public static func human(_ event: WireEvent) -> String {
    "\(event.seq)  \(windowName(event.windowID))  \(event.text)"
  }

  /// The JSON object of an event. Keys, in order: `seq`, `window`,
  /// `revision`, `time`, `type` (the category), `controller`, `identifier`,
  /// `callback`, `animated`, `trace_id`, `text`, then the fields of the kind:
  /// - lifecycle: `parent` (willMove/didMove) or `shown` (navigation
  ///   willShow/didShow);
  /// - hierarchy: `change`, `parent`, `controllers`, `selected_index`;
  /// - transition: `transition`, `phase`, then for `began` `kind`,
  ///   `container`, `from`, `to`, `interactive`, `duration` (and `animated`)
  ///   and for a size transition `old_size`, `new_size` [w, h], `old_traits`,
  ///   `new_traits`; for `paused` `percent`, otherwise `cancelled`;
  /// - operation: `operation`, `phase`, `position`, `cancelled`, `removed`,
  ///   `error`;
  /// - window: `change`, `size`, `visible`;
  /// - size transition (type `lifecycle`): `size` [w, h] for
  ///   `viewWillTransitionToSize`, else `traits` (see `json(_:)` of traits);
  /// - presentation (`controller` is the presented controller, `callback`
  ///   the presentation controller's method): `presenting`, `completed`
  ///   (the didEnd calls), `style` (adapted), and for `popoverPlaced`
  ///   `popover` (see `json(_:)` of a popover placement);
  /// - segue (type lifecycle): `segue` (the identifier, `null` for an unwind
  ///   by action) and `destination` for prepare; `segue` and `answer` for
  ///   shouldPerformSegue; `action`, `source` (and `answer` for
  ///   canPerformUnwindSegueAction) for the unwind callbacks.
  ///
  /// `identifiers` maps controller ids to identifiers (the wire event carries
  /// ids only); `controller`, `callback` and `animated` are `null` where the
  /// kind has none.
  public static func json(_ event: WireEvent, identifiers: [UInt64: String] = [:]) -> JSONValue {
    var controller: UInt64 = 0
    var callback = JSONValue.null
    var animated = JSONValue.null
    var details: [(String, JSONValue)] = []
    switch event.kind {
    case .lifecycle(let lifecycle)?:
      controller = lifecycle.controllerID
      callback = .string(callbackName(lifecycle.callback))
      switch lifecycle.callback {
      case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
        animated = .bool(lifecycle.animated)
      case .willMoveToParent, .didMoveToParent:
        details.append(("parent", .id(lifecycle.otherID)))
      case .navigationWillShow, .navigationDidShow:
        animated = .bool(lifecycle.animated)
        details.append(("shown", .id(lifecycle.otherID)))
      case .viewDidLoad, .unspecified, .UNRECOGNIZED:
        break
      }
    case .hierarchy(let hierarchy)?:
      controller = hierarchy.controllerID
      details = [
        ("change", .string(changeName(hierarchy.change))),
        ("parent", .id(hierarchy.parentID)),
        ("controllers", .array(hierarchy.controllerIds.map { .unsigned($0) })),
        (
          "selected_index",
          hierarchy.change == .selection ? .integer(Int64(hierarchy.selectedIndex)) : .null
        ),
      ]
      if hierarchy.change == .displayMode {
        details.append(("display_mode", .string(displayModeName(hierarchy.displayMode))))
      }
    case .transition(let transition)?:
      animated = transition.phase == .began ? .bool(transition.animated) : .null
      details = [
        ("transition", .id(transition.transitionID)),
        ("phase", .string(phaseName(transition.phase))),
      ]
      // Each phase carries its own facts only.
      switch transition.phase {
      case .began:
        details += [
          ("kind", .string(transition.kind)),
          ("container", .id(transition.containerID)),
          ("from", .id(transition.fromID)),
          ("to", .id(transition.toID)),
          ("interactive", .bool(transition.interactive)),
          ("duration", .number(transition.duration)),
        ]
        if transition.hasOldSize {
          details += [
            ("old_size", numbers([transition.oldSize.width, transition.oldSize.height])),
            ("new_size", numbers([transition.newSize.width, transition.newSize.height])),
            ("old_traits", json(transition.oldTraits)),
            ("new_traits", json(transition.newTraits)),
          ]
        }
      case .paused:
        details.append(("percent", .number(transition.percent)))
      default:
        details.append(("cancelled", .bool(transition.cancelled)))
      }
    case .operation(let operation)?:
      details = [
        ("operation", .id(operation.operationID)),
        ("phase", .string(phaseName(operation.phase))),
        ("position", .unsigned(UInt64(operation.position))),
        ("cancelled", .bool(operation.cancelled)),
        ("removed", .array(operation.removedIds.map { .unsigned($0) })),
        ("error", operation.hasError ? json(operation.error) : .null),
      ]
    case .presentation(let presentation)?:
      controller = presentation.presentedID
      callback = .string(phaseName(presentation.phase))
      details = [
        ("presenting", .id(presentation.presentingID)),
        (
          "completed",
          presentation.phase == .presentationDidEnd || presentation.phase == .dismissalDidEnd
            ? .bool(presentation.completed) : .null
        ),
        ("style", presentation.phase == .adapted ? .string(styleName(presentation.style)) : .null),
      ]
      if presentation.phase == .popoverPlaced {
        details.append(("popover", json(presentation.popoverPlacement)))
      }
    case .window(let window)?:
      details = [
        ("change", .string(changeName(window.change))),
        ("size", .array([.number(window.size.width), .number(window.size.height)])),
        ("visible", .bool(window.visible)),
      ]
    case .sizeTransition(let sizeTransition)?:
      controller = sizeTransition.controllerID
      callback = .string(callbackName(sizeTransition.callback))
      if sizeTransition.callback == .viewWillTransitionToSize {
        details.append(("size", numbers([sizeTransition.size.width, sizeTransition.size.height])))
      } else {
        details.append(("traits", json(sizeTransition.traits)))
      }
    case .segue(let segue)?:
      controller = segue.controllerID
      callback = .string(callbackName(segue.callback))
      switch segue.callback {
      case .shouldPerform:
        details = [("segue", .string(segue.identifier)), ("answer", .bool(segue.answer))]
      case .prepare:
        details = [
          ("segue", .optionalString(segue.identifier)), ("destination", .id(segue.destinationID)),
        ]
      case .canPerformUnwind:
        details = [
          ("action", .string(segue.action)), ("source", .id(segue.sourceID)),
          ("answer", .bool(segue.answer)),
        ]
      case .unwindAction:
        details = [("action", .string(segue.action)), ("source", .id(segue.sourceID))]
      case .unspecified, .UNRECOGNIZED:
        break
      }
    case nil:
      break
    }
    let identifier = identifiers[controller].map { JSONValue.optionalString($0) } ?? .null
    return .object(
      [
        ("seq", .unsigned(event.seq)),
        ("window", .id(event.windowID)),
        ("revision", .unsigned(event.revision)),
        ("time", .number(event.time)),
        ("type", .string(categoryName(event.category))),
        ("controller", .id(controller)),
        ("identifier", controller == 0 ? .null : identifier),
        ("callback", callback),
        ("animated", animated),
        ("trace_id", .optionalString(event.traceID)),
        ("text", .string(event.text)),
      ] + details)
  }

  // MARK: Frames

  /// One line per frame: `frame_seq  window  t=time` then each view as
  /// `v12 (x, y, w, h) α=a` (with ` T=(a, b, c, d, tx, ty)` unless the
  /// transform is the identity), then each running transition as
  /// `t3 42.5%`, then `(skipped N)` when frames were skipped.
  public static func human(_ frame: WireFrame) -> String {
    var parts = [
      "\(frame.frameSeq)", windowName(frame.windowID), "t=\(decimal(frame.modelTime, fixed: 3))",
    ]
    for view in frame.views {
      let state = view.state
      var text = "v\(view.viewID) \(rectText(state.frame)) α=\(decimal(state.alpha))"
      if state.hasTransform, !isIdentity(state.transform) {
        text +=
          " T=(\(transformNumbers(state.transform).map { decimal($0) }.joined(separator: ", ")))"
      }
      parts.append(text)
    }
    for transition in frame.transitions {
      let mark = transition.interactive ? " interactive" : ""
      parts.append(
        "t\(transition.transitionID) \(decimal(transition.percent * 100, places: 1))%\(mark)")
    }
    if frame.framesSkipped > 0 { parts.append("(skipped \(frame.framesSkipped))") }
    return parts.joined(separator: "  ")
  }

  /// The JSON object of a frame. Keys: `window`, `frame_seq`, `time`,
  /// `frames_skipped`, `views` (each `view`, `controller`, `role`, `frame`
  /// [x, y, w, h], `bounds` [x, y, w, h], `alpha`, `transform`
  /// [a, b, c, d, tx, ty], `corner_radius`), `transitions` (each
  /// `transition`, `percent`, `interactive`).
  public static func json(_ frame: WireFrame) -> JSONValue {
    .object([
      ("window", .id(frame.windowID)),
      ("frame_seq", .unsigned(frame.frameSeq)),
      ("time", .number(frame.modelTime)),
      ("frames_skipped", .unsigned(frame.framesSkipped)),
      (
        "views",
        .array(
          frame.views.map { view in
            let state = view.state
            return .object([
              ("view", .unsigned(view.viewID)),
              ("controller", .id(view.controllerID)),
              ("role", .optionalString(view.role)),
              ("frame", numbers(rectNumbers(state.frame))),
              ("bounds", numbers(rectNumbers(state.bounds))),
              ("alpha", .number(state.alpha)),
              ("transform", numbers(transformNumbers(state.hasTransform ? state.transform : nil))),
              ("corner_radius", .number(state.cornerRadius)),
            ])
          })
      ),
      (
        "transitions",
        .array(
          frame.transitions.map { transition in
            .object([
              ("transition", .unsigned(transition.transitionID)),
              ("percent", .number(transition.percent)),
              ("interactive", .bool(transition.interactive)),
            ])
          })
      ),
    ])
  }

  // MARK: Results

  /// `w1  390×844  realtime 60Hz  root c3  revision 4  seq 17  idle`, with
  /// `busy, 2 queued` instead of `idle` and a trailing `hidden`.
  public static func human(_ window: Curtain_V1_WindowInfo) -> String {
    let size = window.metrics.size
    var parts = [
      windowName(window.id),
      "\(decimal(size.width))×\(decimal(size.height))",
      "\(clockName(window.clock)) \(window.frameRate)Hz",
      window.rootID == 0 ? "no root" : "root c\(window.rootID)",
      "revision \(window.revision)",
      "seq \(window.lastSeq)",
      window.idle ? "idle" : "busy, \(window.queuedOperations) queued",
    ]
    if !window.visible { parts.append("hidden") }
    return parts.joined(separator: "  ")
  }

  /// Keys: `window`, `size` [w, h], `safe_area` [top, left, bottom, right],
  /// `scale`, `horizontal`, `vertical` (size classes), `idiom`, `clock`,
  /// `frame_rate`, `visible`, `revision`, `time`, `root`, `last_seq`,
  /// `idle`, `queued_operations`.
  public static func json(_ window: Curtain_V1_WindowInfo) -> JSONValue {
    let metrics = window.metrics
    let insets = metrics.safeArea
    return .object([
      ("window", .unsigned(window.id)),
      ("size", numbers([metrics.size.width, metrics.size.height])),
      ("safe_area", numbers([insets.top, insets.left, insets.bottom, insets.right])),
      ("scale", .number(window.traits.displayScale)),
      ("horizontal", .string(sizeClassName(window.traits.horizontal))),
      ("vertical", .string(sizeClassName(window.traits.vertical))),
      ("idiom", .string(window.traits.idiom == .pad ? "pad" : "phone")),
      ("clock", .string(clockName(window.clock))),
      ("frame_rate", .unsigned(UInt64(window.frameRate))),
      ("visible", .bool(window.visible)),
      ("revision", .unsigned(window.revision)),
      ("time", .number(window.time)),
      ("root", .id(window.rootID)),
      ("last_seq", .unsigned(window.lastSeq)),
      ("idle", .bool(window.idle)),
      ("queued_operations", .unsigned(UInt64(window.queuedOperations))),
    ])
  }

  /// Keys: `controller`, `kind`, `identifier`, `title`, `window`, `parent`,
  /// `appearance`, `should_perform` (the shouldPerformSegue answers a client
  /// set, by segue identifier).
  public static func json(_ controller: Curtain_V1_ControllerInfo) -> JSONValue {
    .object([
      ("controller", .unsigned(controller.id)),
      ("kind", .string(kindName(controller.kind))),
      ("identifier", .optionalString(controller.identifier)),
      ("title", .optionalString(controller.title)),
      ("window", .id(controller.windowID)),
      ("parent", .id(controller.parentID)),
      ("appearance", .string(appearanceName(controller.appearance))),
      (
        "should_perform",
        .object(controller.shouldPerformSegue.sorted { $0.key < $1.key }.map { ($0, .bool($1)) })
      ),
    ])
  }

  /// Keys: `operation`, `window`, `queue_position`, `revision`,
  /// `transition`, `completed`, `cancelled`, `removed`, `created`.
  public static func json(_ operation: Curtain_V1_OperationResult) -> JSONValue {
    .object([
      ("operation", .id(operation.operationID)),
      ("window", .id(operation.windowID)),
      ("queue_position", .unsigned(UInt64(operation.queuePosition))),
      ("revision", .unsigned(operation.revision)),
      ("transition", .id(operation.transitionID)),
      ("completed", .bool(operation.completed)),
      ("cancelled", .bool(operation.cancelled)),
      ("removed", .array(operation.removedIds.map { .unsigned($0) })),
      ("created", .array(operation.createdIds.map { .unsigned($0) })),
    ])
  }

  /// `Shop: 10 scenes, 7 segues`, then `; root c1 in w1` when one was
  /// instantiated.
  public static func human(_ storyboard: Curtain_V1_StoryboardInfo) -> String {
    let scenes = storyboard.scenes.count
    let segues = storyboard.segues.count
    var line =
      "\(storyboard.name): \(scenes) scene\(scenes == 1 ? "" : "s"), "
      + "\(segues) segue\(segues == 1 ? "" : "s")"
    if storyboard.rootID != 0 {
      line += "; root c\(storyboard.rootID) in \(windowName(storyboard.operation.windowID))"
    }
    return line
  }

  /// Keys: `name`, `scenes`, `segues`, `root`, `operation` (`null` without
  /// a root).
  public static func json(_ storyboard: Curtain_V1_StoryboardInfo) -> JSONValue {
    .object([
      ("name", .string(storyboard.name)),
      ("scenes", .array(storyboard.scenes.map { .string($0) })),
      ("segues", .array(storyboard.segues.map { .string($0) })),
      ("root", .id(storyboard.rootID)),
      ("operation", storyboard.hasOperation ? json(storyboard.operation) : .null),
    ])
  }

  /// The destination (`c12`), or `declined` when shouldPerformSegue said
  /// no. A segue that waited in the window's queue does not know its
  /// destination: `queued`, or `done` once completed.
  public static func human(_ segue: Curtain_V1_SegueResult) -> String {
    if !segue.performed { return "declined" }
    if segue.destinationID != 0 { return "c\(segue.destinationID)" }
    return segue.operation.completed ? "done" : "queued"
  }

  /// Keys: `performed`, `destination`, `operation`.
  public static func json(_ segue: Curtain_V1_SegueResult) -> JSONValue {
    .object([
      ("performed", .bool(segue.performed)),
      ("destination", .id(segue.destinationID)),
      ("operation", json(segue.operation)),
    ])
  }

  /// Keys: `transition`, `percent`, `interactive`, `accepted`.
  public static func json(_ transition: Curtain_V1_TransitionResult) -> JSONValue {
    .object([
      ("transition", .id(transition.transitionID)),
      ("percent", .number(transition.percent)),
      ("interactive", .bool(transition.interactive)),
      ("accepted", .bool(transition.accepted)),
    ])
  }

  /// Keys: `time`, `revision`, `frames`.
  public static func json(_ clock: Curtain_V1_ClockResult) -> JSONValue {
    .object([
      ("time", .number(clock.time)),
      ("revision", .unsigned(clock.revision)),
      ("frames", .unsigned(UInt64(clock.frames))),
    ])
  }

  /// Keys: `code` (`NOT_FOUND`, …), `message`.
  public static func json(_ error: WireError) -> JSONValue {
    .object([
      ("code", .string(errorCodeName(error.code))),
      ("message", .string(error.message)),
    ])
  }

  /// `1 window`, `2 windows`.
  public static func count<Number: BinaryInteger>(_ number: Number, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// The daemon's status, one fact per line.
  public static func human(_ status: Curtain_V1_Status) -> String {
    var lines = [
      "curtaind \(status.serverVersion) (protocol \(status.protocolVersion)), pid \(status.pid)",
      "up \(decimal(status.uptime, places: 1)) s, \(count(status.clients, "client")), "
        + "\(count(status.sessions, "session")), \(count(status.windows, "window"))",
    ]
    lines += status.listeners.map { "listening on \($0)" }
    return lines.joined(separator: "\n")
  }

  /// Keys: `server_version`, `protocol_version`, `pid`, `uptime`,
  /// `clients`, `sessions`, `windows`, `listeners`.
  public static func json(_ status: Curtain_V1_Status) -> JSONValue {
    .object([
      ("server_version", .string(status.serverVersion)),
      ("protocol_version", .unsigned(UInt64(status.protocolVersion))),
      ("pid", .unsigned(UInt64(status.pid))),
      ("uptime", .number(status.uptime)),
      ("clients", .unsigned(UInt64(status.clients))),
      ("sessions", .unsigned(UInt64(status.sessions))),
      ("windows", .unsigned(UInt64(status.windows))),
      ("listeners", .array(status.listeners.map { .string($0) })),
    ])
  }

  /// Keys: `window` (as `json(_: WindowInfo)`), `root` (the controller tree:
  /// `controller`, `kind`, `identifier`, `title`, `appearance`, `view`,
  /// `frame`, `view_in_window`, `selected_index`, `children`; `null` without
  /// a root; `presentation` — `presenting`, `requested_style`, `style`,
  /// `card`, `transition_style`, `frame`, `source_view`, `source_rect`,
  /// `permitted_arrow_directions`, `popover` (the placement while a popover,
  /// else `null`), `custom` (a custom presentation's description:
  /// `frame` or `null`, `dimming_alpha` or `null`, `removes_presenter_view`;
  /// else `null`) — or `null`, and `presented`, the node of
  /// the controller it presents or `null`), `views` (when requested: `view`, `role`, `controller`,
  /// `frame`, `alpha`, `hidden`, `subviews`), `description`.
  public static func json(_ tree: Curtain_V1_Tree) -> JSONValue {
    .object([
      ("window", json(tree.window)),
      ("root", tree.hasRoot ? json(tree.root) : .null),
      ("views", tree.hasView ? json(tree.view) : .null),
      ("description", .string(tree.description_p)),
    ])
  }

  /// A view tree, one view per line, indented like the controller tree:
  /// `v5 controllerRoot c3 (0, 0, 390, 844) α=1`, with ` hidden` when hidden.
  public static func human(_ view: Curtain_V1_ViewNode) -> String {
    viewLines(view, depth: 0).joined(separator: "\n")
  }

  private static func viewLines(_ view: Curtain_V1_ViewNode, depth: Int) -> [String] {
    var line = String(repeating: "   | ", count: depth) + "v\(view.id)"
    if !view.role.isEmpty { line += " \(view.role)" }
    if view.controllerID != 0 { line += " c\(view.controllerID)" }
    line += " \(rectText(view.state.frame)) α=\(decimal(view.state.alpha))"
    if view.state.hasTransform, !isIdentity(view.state.transform) {
      line +=
        " T=(\(transformNumbers(view.state.transform).map { decimal($0) }.joined(separator: ", ")))"
    }
    if view.hidden { line += " hidden" }
    return [line] + view.subviews.flatMap { viewLines($0, depth: depth + 1) }
  }

  private static func json(_ node: Curtain_V1_ControllerNode) -> JSONValue {
    .object([
      ("controller", .unsigned(node.id)),
      ("kind", .string(kindName(node.kind))),
      ("identifier", .optionalString(node.identifier)),
      ("title", .optionalString(node.title)),
      ("appearance", .string(appearanceName(node.appearance))),
      ("view", .id(node.viewID)),
      ("frame", node.hasFrame ? numbers(rectNumbers(node.frame)) : .null),
      ("view_in_window", .bool(node.viewInWindow)),
      ("selected_index", node.kind == .tabBar ? .integer(Int64(node.selectedIndex)) : .null),
      ("split", node.kind == .split ? json(node.split) : .null),
      ("page", node.kind == .page ? json(node.page) : .null),
      ("children", .array(node.children.map(json))),
      ("presentation", node.hasPresentation ? json(node.presentation) : .null),
      ("presented", node.hasPresented ? json(node.presented) : .null),
    ])
  }

  private static func json(_ presentation: Curtain_V1_PresentationInfo) -> JSONValue {
    let popover = presentation.sourceViewID != 0
    return .object([
      ("presenting", .unsigned(presentation.presentingID)),
      ("requested_style", .string(styleName(presentation.requestedStyle))),
      ("style", .string(styleName(presentation.style))),
      ("card", .bool(presentation.card)),
      ("transition_style", .string(transitionStyleName(presentation.transitionStyle))),
      ("frame", presentation.hasFrame ? numbers(rectNumbers(presentation.frame)) : .null),
      ("source_view", .id(presentation.sourceViewID)),
      ("source_rect", popover ? numbers(rectNumbers(presentation.sourceRect)) : .null),
      (
        "permitted_arrow_directions",
        popover ? .array(arrowNames(presentation.permittedArrowDirections)) : .null
      ),
      (
        "popover",
        presentation.hasPopoverPlacement ? json(presentation.popoverPlacement) : .null
      ),
      ("custom", presentation.hasCustom ? json(presentation.custom) : .null),
    ])
  }

  private static func json(_ custom: Curtain_V1_CustomPresentation) -> JSONValue {
    .object([
      ("frame", custom.hasFrame ? numbers(rectNumbers(custom.frame)) : .null),
      ("dimming_alpha", custom.hasDimmingAlpha ? .number(custom.dimmingAlpha) : .null),
      ("removes_presenter_view", .bool(custom.removesPresenterView)),
    ])
  }

  /// Keys: `frame`, `content_frame` ([x, y, w, h]), `arrow` (`up`, `down`,
  /// `left`, `right`, or `null` without an arrow), `arrow_offset`.
  public static func json(_ placement: Curtain_V1_PopoverPlacement) -> JSONValue {
    let arrow = arrowNames(placement.arrowDirection).first ?? .null
    return .object([
      ("frame", numbers(rectNumbers(placement.frame))),
      ("content_frame", numbers(rectNumbers(placement.contentFrame))),
      ("arrow", arrow),
      ("arrow_offset", .number(placement.arrowOffset)),
    ])
  }

  private static func json(_ split: Curtain_V1_SplitInfo) -> JSONValue {
    .object([
      ("collapsed", .bool(split.collapsed)),
      ("preferred_display_mode", .string(displayModeName(split.preferredDisplayMode))),
      ("display_mode", .string(displayModeName(split.displayMode))),
      ("primary_column_width", .number(split.primaryColumnWidth)),
    ])
  }

  private static func json(_ page: Curtain_V1_PageInfo) -> JSONValue {
    .object([
      ("transition_style", .string(page.transitionStyle == .pageCurl ? "pageCurl" : "scroll")),
      ("orientation", .string(page.orientation == .vertical ? "vertical" : "horizontal")),
      ("spine_location", .string(spineName(page.spineLocation))),
      ("double_sided", .bool(page.doubleSided)),
      ("data_source", .array(page.dataSourceIds.map { .unsigned($0) })),
    ])
  }

  /// UIKit's name of a split display mode (`oneBesideSecondary`).
  public static func displayModeName(_ mode: Curtain_V1_SplitDisplayMode) -> String {
    switch mode {
    case .automatic: return "automatic"
    case .secondaryOnly: return "secondaryOnly"
    case .oneBesideSecondary: return "oneBesideSecondary"
    case .oneOverSecondary: return "oneOverSecondary"
    case .UNRECOGNIZED(let value): return "displayMode\(value)"
    }
  }

  private static func spineName(_ spine: Curtain_V1_PageSpineLocation) -> String {
    switch spine {
    case .default: return "default"
    case .none: return "none"
    case .min: return "min"
    case .mid: return "mid"
    case .max: return "max"
    case .UNRECOGNIZED(let value): return "spine\(value)"
    }
  }

  private static func json(_ view: Curtain_V1_ViewNode) -> JSONValue {
    .object([
      ("view", .unsigned(view.id)),
      ("role", .optionalString(view.role)),
      ("controller", .id(view.controllerID)),
      ("frame", numbers(rectNumbers(view.state.frame))),
      ("alpha", .number(view.state.alpha)),
      ("hidden", .bool(view.hidden)),
      ("subviews", .array(view.subviews.map(json))),
    ])
  }

  // MARK: Names

  /// `w3`, or `-` for 0 (no window).
  public static func windowName(_ id: UInt64) -> String { id == 0 ? "-" : "w\(id)" }

  /// `lifecycle`, `hierarchy`, `transition`, `presentation`, `window`,
  /// `operation`.
  public static func categoryName(_ category: Curtain_V1_EventCategory) -> String {
    switch category {
    case .unspecified: return "unspecified"
    case .lifecycle: return "lifecycle"
    case .hierarchy: return "hierarchy"
    case .transition: return "transition"
    case .presentation: return "presentation"
    case .window: return "window"
    case .operation: return "operation"
    case .UNRECOGNIZED(let value): return "category\(value)"
    }
  }

  /// The UIKit method name of a lifecycle callback (`viewWillAppear`).
  public static func callbackName(_ callback: Curtain_V1_LifecycleEvent.Callback) -> String {
    switch callback {
    case .unspecified: return "unspecified"
    case .viewDidLoad: return "viewDidLoad"
    case .viewWillAppear: return "viewWillAppear"
    case .viewDidAppear: return "viewDidAppear"
    case .viewWillDisappear: return "viewWillDisappear"
    case .viewDidDisappear: return "viewDidDisappear"
    case .willMoveToParent: return "willMoveToParent"
    case .didMoveToParent: return "didMoveToParent"
    case .navigationWillShow: return "navigationWillShow"
    case .navigationDidShow: return "navigationDidShow"
    case .UNRECOGNIZED(let value): return "callback\(value)"
    }
  }

  /// The UIKit method name of a size-transition callback
  /// (`viewWillTransitionToSize`).
  public static func callbackName(_ callback: Curtain_V1_SizeTransitionEvent.Callback) -> String {
    switch callback {
    case .unspecified: return "unspecified"
    case .willTransitionToTraits: return "willTransitionToTraits"
    case .viewWillTransitionToSize: return "viewWillTransitionToSize"
    case .traitCollectionDidChange: return "traitCollectionDidChange"
    case .UNRECOGNIZED(let value): return "callback\(value)"
    }
  }

  /// Traits as an object. Keys: `horizontal`, `vertical` (size classes),
  /// `scale`, `idiom`.
  public static func json(_ traits: Curtain_V1_Traits) -> JSONValue {
    .object([
      ("horizontal", .string(sizeClassName(traits.horizontal))),
      ("vertical", .string(sizeClassName(traits.vertical))),
      ("scale", .number(traits.displayScale)),
      ("idiom", .string(traits.idiom == .pad ? "pad" : "phone")),
    ])
  }

  /// `shouldPerformSegue`, `prepareForSegue`, `canPerformUnwindSegueAction`,
  /// `unwindAction`.
  public static func callbackName(_ callback: Curtain_V1_SegueEvent.Callback) -> String {
    switch callback {
    case .unspecified: return "unspecified"
    case .shouldPerform: return "shouldPerformSegue"
    case .prepare: return "prepareForSegue"
    case .canPerformUnwind: return "canPerformUnwindSegueAction"
    case .unwindAction: return "unwindAction"
    case .UNRECOGNIZED(let value): return "segueCallback\(value)"
    }
  }

  /// `content`, `navigation`, `tabBar`, `container`, `split`, `page`.
  public static func kindName(_ kind: Curtain_V1_ControllerKind) -> String {
    switch kind {
    case .unspecified: return "unspecified"
    case .content: return "content"
    case .navigation: return "navigation"
    case .tabBar: return "tabBar"
    case .container: return "container"
    case .split: return "split"
    case .page: return "page"
    case .UNRECOGNIZED(let value): return "kind\(value)"
    }
  }

  /// The UIKit name of a modal presentation style (`fullScreen`).
  public static func styleName(_ style: Curtain_V1_ModalPresentationStyle) -> String {
    switch style {
    case .automatic: return "automatic"
    case .fullScreen: return "fullScreen"
    case .pageSheet: return "pageSheet"
    case .formSheet: return "formSheet"
    case .currentContext: return "currentContext"
    case .custom: return "custom"
    case .overFullScreen: return "overFullScreen"
    case .overCurrentContext: return "overCurrentContext"
    case .popover: return "popover"
    case .none: return "none"
    case .UNRECOGNIZED(let value): return "style\(value)"
    }
  }

  /// The UIKit name of a modal transition style (`coverVertical`).
  public static func transitionStyleName(_ style: Curtain_V1_ModalTransitionStyle) -> String {
    switch style {
    case .coverVertical: return "coverVertical"
    case .flipHorizontal: return "flipHorizontal"
    case .crossDissolve: return "crossDissolve"
    case .partialCurl: return "partialCurl"
    case .UNRECOGNIZED(let value): return "transition\(value)"
    }
  }

  /// The names of arrow-direction bits, in the order up, down, left, right.
  public static func arrowNames(_ bits: UInt32) -> [JSONValue] {
    zip([1, 2, 4, 8] as [UInt32], ["up", "down", "left", "right"]).compactMap { bit, name in
      bits & bit != 0 ? .string(name) : nil
    }
  }

  /// The proto name of an error code without its prefix (`NOT_FOUND`).
  public static func errorCodeName(_ code: WireErrorCode) -> String {
    switch code {
    case .unspecified: return "UNSPECIFIED"
    case .invalidArgument: return "INVALID_ARGUMENT"
    case .notFound: return "NOT_FOUND"
    case .alreadyPresenting: return "ALREADY_PRESENTING"
    case .notInWindow: return "NOT_IN_WINDOW"
    case .busy: return "BUSY"
    case .conflict: return "CONFLICT"
    case .notOwner: return "NOT_OWNER"
    case .unauthenticated: return "UNAUTHENTICATED"
    case .permissionDenied: return "PERMISSION_DENIED"
    case .limitExceeded: return "LIMIT_EXCEEDED"
    case .unsupportedVersion: return "UNSUPPORTED_VERSION"
    case .internal: return "INTERNAL"
    case .UNRECOGNIZED(let value): return "ERROR_\(value)"
    }
  }

  private static func appearanceName(_ state: Curtain_V1_AppearanceState) -> String {
    switch state {
    case .disappeared: return "disappeared"
    case .appearing: return "appearing"
    case .appeared: return "appeared"
    case .disappearing: return "disappearing"
    case .UNRECOGNIZED(let value): return "state\(value)"
    }
  }

  private static func clockName(_ clock: Curtain_V1_ClockMode) -> String {
    switch clock {
    case .realtime: return "realtime"
    case .manual: return "manual"
    case .UNRECOGNIZED(let value): return "clock\(value)"
    }
  }

  private static func sizeClassName(_ sizeClass: Curtain_V1_SizeClass) -> String {
    switch sizeClass {
    case .unspecified: return "unspecified"
    case .compact: return "compact"
    case .regular: return "regular"
    case .UNRECOGNIZED(let value): return "sizeClass\(value)"
    }
  }

  private static func changeName(_ change: Curtain_V1_HierarchyEvent.Change) -> String {
    switch change {
    case .unspecified: return "unspecified"
    case .root: return "root"
    case .childAdded: return "childAdded"
    case .childRemoved: return "childRemoved"
    case .viewControllers: return "viewControllers"
    case .selection: return "selection"
    case .splitCollapsed: return "splitCollapsed"
    case .splitExpanded: return "splitExpanded"
    case .displayMode: return "displayMode"
    case .UNRECOGNIZED(let value): return "change\(value)"
    }
  }

  private static func changeName(_ change: Curtain_V1_WindowEvent.Change) -> String {
    switch change {
    case .unspecified: return "unspecified"
    case .created: return "created"
    case .visibility: return "visibility"
    case .resized: return "resized"
    case .closed: return "closed"
    case .UNRECOGNIZED(let value): return "change\(value)"
    }
  }

  private static func phaseName(_ phase: Curtain_V1_TransitionEvent.Phase) -> String {
    switch phase {
    case .unspecified: return "unspecified"
    case .began: return "began"
    case .paused: return "paused"
    case .interactionChanged: return "interactionChanged"
    case .ended: return "ended"
    case .UNRECOGNIZED(let value): return "phase\(value)"
    }
  }

  /// The presentation controller's method of a phase.
  private static func phaseName(_ phase: Curtain_V1_PresentationEvent.Phase) -> String {
    switch phase {
    case .unspecified: return "unspecified"
    case .presentationWillBegin: return "presentationTransitionWillBegin"
    case .presentationDidEnd: return "presentationTransitionDidEnd"
    case .dismissalWillBegin: return "dismissalTransitionWillBegin"
    case .dismissalDidEnd: return "dismissalTransitionDidEnd"
    case .adapted: return "adapted"
    case .popoverPlaced: return "popoverPlaced"
    case .UNRECOGNIZED(let value): return "phase\(value)"
    }
  }

  private static func phaseName(_ phase: Curtain_V1_OperationEvent.Phase) -> String {
    switch phase {
    case .unspecified: return "unspecified"
    case .queued: return "queued"
    case .started: return "started"
    case .completed: return "completed"
    case .failed: return "failed"
    case .UNRECOGNIZED(let value): return "phase\(value)"
    }
  }

  // MARK: Numbers

  /// A number for people: rounded to `places` decimals, trailing zeros
  /// dropped unless `fixed` asks for exactly that many, no `-0`.
  public static func decimal(_ value: Double, places: Int = 4, fixed: Int? = nil) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    let digits = fixed ?? places
    var scale: UInt64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * Double(scale)).rounded()
    guard abs(scaled) < 9e15 else { return "\(value)" }
    let magnitude = UInt64(abs(scaled))
    let whole = magnitude / scale
    var fraction = digits == 0 ? "" : String(magnitude % scale)
    fraction = String(repeating: "0", count: digits - fraction.count) + fraction
    if fixed == nil {
      while fraction.last == "0" { fraction.removeLast() }
    }
    let sign = scaled < 0 ? "-" : ""
    return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  private static func rectText(_ rect: Curtain_V1_Rect) -> String {
    "(\(rectNumbers(rect).map { decimal($0) }.joined(separator: ", ")))"
  }

  private static func rectNumbers(_ rect: Curtain_V1_Rect) -> [Double] {
    [rect.x, rect.y, rect.width, rect.height]
  }

  /// The six numbers of a transform; nil is the identity.
  private static func transformNumbers(_ transform: Curtain_V1_Transform?) -> [Double] {
    guard let transform else { return [1, 0, 0, 1, 0, 0] }
    return [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
  }

  private static func isIdentity(_ transform: Curtain_V1_Transform) -> Bool {
    transformNumbers(transform) == [1, 0, 0, 1, 0, 0]
  }

  private static func numbers(_ values: [Double]) -> JSONValue {
    .array(values.map { .number($0) })
  }
}
